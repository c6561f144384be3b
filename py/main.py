import time
t0 = time.perf_counter()
import junban
from js import document
document.getElementById("boot").textContent = "ready " + junban.__name__
document.documentElement.setAttribute("data-ready", "true")
