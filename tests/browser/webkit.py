"""WebKitGTK for tests: Debian's MiniBrowser driven by Selenium through /usr/bin/WebKitWebDriver, on a virtual X
display of its own (the MiniBrowser has no headless mode). Debian builds WebKitGTK without WebRTC, so here it is the
browser without ``RTCPeerConnection`` a person might really open the app in.

``WebKit()`` starts ``Xvfb`` (on a free display it picks itself, ``-displayfd``) and one driver session;
``webkit.driver`` is Selenium's ``WebDriver``; ``webkit.close()`` ends both. Its WebDriver gives no console: a test
reads what it needs from the page (``outside_requests`` reads Resource Timing). ``SE_OFFLINE`` keeps Selenium from
looking for a driver on the network.
"""
from __future__ import annotations

import os
import select
import subprocess
import time
from pathlib import Path
from urllib.parse import urlparse

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"

# Every URL the page fetched (Resource Timing), the page's own address first.
REQUESTED = "return [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];"


def missing() -> list[str]:
    """What of WebKitGTK's set-up is not installed here (build.py's install_test_requirements installs it all)."""
    return [path for path in (MINIBROWSER, DRIVER, XVFB) if not Path(path).exists()]


class WebKit:
    def __init__(self, width: int = 1280, height: int = 800):
        # Xvfb writes its display's number to the pipe, and again when it resets (its last client gone): the read
        # end stays open as long as Xvfb runs (a write to a closed pipe would kill it), and -noreset keeps it up.
        self._display_pipe, write = os.pipe()
        self.xvfb = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                                      "-nolisten", "tcp", "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(write)
        ready, _, _ = select.select([self._display_pipe], [], [], 30)
        number = os.read(self._display_pipe, 16).decode().strip() if ready else ""
        if not number:
            self.xvfb.kill()
            os.close(self._display_pipe)
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"
        os.environ["SE_OFFLINE"] = "true"
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # else "Failed to match capabilities"
        service = Service(executable_path=DRIVER, env={**os.environ, "DISPLAY": self.display})
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.kill()
            os.close(self._display_pipe)
            raise
        self.driver.set_script_timeout(60)

    def run(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def wait_for(self, script: str, timeout: float = 90.0, every: float = 0.05):
        """Poll ``script`` (a function body returning a value) until it is truthy: that value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(script)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"WebKitGTK: still false after {timeout:.0f} s: {script[:120]}")
            time.sleep(every)

    def click(self, selector: str) -> None:
        self.driver.find_element("css selector", selector).click()

    def outside_requests(self) -> list[str]:
        return [url for url in self.run(REQUESTED) if not url.startswith(("data:", "blob:", "about:"))
                and urlparse(url).hostname not in ("127.0.0.1", "localhost")]

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(10)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()
            os.close(self._display_pipe)
