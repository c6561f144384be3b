"""The browser platform: the only module that touches ``js`` and ``pyodide``.

``BrowserPlatform`` gives the app what it needs from the page (document, storage, hash, timers, clipboard,
events) behind plain Python methods; ``tests/ui/fakeplatform.py`` is its CPython twin for tests.
"""
from __future__ import annotations

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js  # type: ignore[import-not-found]

from junban.storage import StorageFull


class LocalStorage:
    """localStorage with our error for a full quota."""

    def __init__(self, storage):
        self._s = storage

    def get(self, key: str) -> str | None:
        value = self._s.getItem(key)
        return value if isinstance(value, str) else None  # a missing key is JS null

    def set(self, key: str, text: str) -> None:
        try:
            self._s.setItem(key, text)
        except Exception as err:  # a JsException: QuotaExceededError (or storage disabled)
            raise StorageFull(str(err)) from None

    def remove(self, key: str) -> None:
        self._s.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self._s.key(i)) for i in range(int(self._s.length))]


class MemoryStorage:
    """Used when the browser refuses localStorage (private modes, disabled storage): nothing persists."""

    def __init__(self):
        self._data: dict[str, str] = {}

    def get(self, key):
        return self._data.get(key)

    def set(self, key, text):
        self._data[key] = text

    def remove(self, key):
        self._data.pop(key, None)

    def keys(self):
        return list(self._data)


class BrowserPlatform:
    def __init__(self, later_archive=None):
        """``later_archive``: the hook of the package's later archive (``junban.archives.LaterArchive``), which
        ``load_later_code`` fetches; None when every module is already importable."""
        self.later_archive = later_archive
        self.document = js.document
        self.window = js.window
        self.root = js.document.getElementById("app")
        self.live = _present(js.document.getElementById("live"))
        try:
            storage = js.window.localStorage
            storage.getItem("junban.probe")
            self.storage = LocalStorage(storage)
            self.persistent = True
        except Exception:
            self.storage = MemoryStorage()
            self.persistent = False
        self._proxies = []
        self._workers: dict = {}  # id -> (worker, its handlers): the analyses under way

    # -- the page

    def set_ready(self) -> None:
        """The first screen is up (tools/bench_startup.py reads the mark)."""
        js.performance.mark("junban:ready")
        self.document.documentElement.setAttribute("data-ready", "true")

    def set_title(self, title: str) -> None:
        self.document.title = title

    def set_lang(self, lang: str) -> None:
        self.document.documentElement.setAttribute("lang", lang)

    def set_skip_link(self, text: str) -> None:
        link = _present(self.document.querySelector(".skip-link"))
        if link is not None:
            link.textContent = text

    def announce(self, text: str) -> None:
        """Say something in the ARIA live region (screen readers read it out)."""
        if self.live is not None:
            self.live.textContent = ""
            self.live.textContent = text

    def focus(self, selector: str) -> None:
        """Move focus to the element; ``selector`` may list choices as ``a || b`` (the first present wins). If
        none is on the page, focus goes to the main region: never left on the body."""
        el = None
        for choice in selector.split(" || "):
            try:
                el = _present(self.document.querySelector(choice))
            except Exception:  # not a selector this browser knows
                el = None
            if el is not None:
                break
        if el is None:
            el = _present(self.document.getElementById("main"))
        if el is not None:
            el.focus()

    # -- the first screen index.html showed before Python was up (junban.ui.prerender)

    def take_over(self, drawn: str):
        """The page's nodes in #app, in document order, if it shows exactly ``drawn`` (HTML), else None (#app is
        emptied): ``dom.Renderer``'s first render. Ends what index.html did before Python was up."""
        first = _present(getattr(self.window, "junbanFirst", None))
        if first is None:
            return None
        nodes = _present(first.takeOver(drawn))
        return None if nodes is None else list(nodes)

    def early_intents(self) -> list:
        """What the person tapped or typed before Python was up, in order: ("act", act, arg) and ("field", name,
        value, final)."""
        first = _present(getattr(self.window, "junbanFirst", None))
        if first is None:
            return []
        return [tuple(_present(x) for x in intent) for intent in first.kept().to_py()]

    # -- motion (assets/table.js): cards travel from where they were drawn last to where they are now

    def motion_before(self) -> None:
        """Note where every travelling thing ([data-flip]) is, before the page changes."""
        table = _present(getattr(self.window, "junbanTable", None))
        if table is not None:
            table.before()

    def motion_after(self, ms: int) -> None:
        """Let what moved travel from its old place to its new one in ``ms`` milliseconds (0: no travel)."""
        table = _present(getattr(self.window, "junbanTable", None))
        if table is not None:
            table.after(int(ms))

    def scroll_to_top(self) -> None:
        self.window.scrollTo(0, 0)

    def reveal(self, selector: str) -> None:
        """Scroll the element ``selector`` (if it is there) just into view, within any scrolling sheet."""
        el = _present(self.document.querySelector(selector))
        if el is not None:
            el.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))

    def languages(self) -> list[str]:
        langs = _present(self.window.navigator.languages)
        if langs:
            return [str(x) for x in langs]
        lang = _present(self.window.navigator.language)
        return [str(lang)] if lang else ["en"]

    def prefers_reduced_motion(self) -> bool:
        return bool(self.window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    # -- location

    def get_hash(self) -> str:
        return str(self.window.location.hash or "")

    def set_hash(self, hash_text: str, replace: bool = False) -> None:
        """Change the address without a hashchange event (the app shows the route itself)."""
        if replace:
            self.window.history.replaceState(None, "", hash_text or "#/")
        else:
            self.window.history.pushState(None, "", hash_text or "#/")

    def page_url(self) -> str:
        """The page's address without the hash (works at / and under a subpath)."""
        href = str(self.window.location.href)
        return href.split("#", 1)[0]

    # -- time

    def now(self) -> float:
        return float(js.Date.now()) / 1000.0

    def today(self) -> str:
        d = js.Date.new()
        return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"

    def seconds_to_midnight(self) -> float:
        """Seconds until the next day begins on this device (the next daily deal), in its own time zone."""
        now = js.Date.new()
        midnight = js.Date.new(now.getFullYear(), now.getMonth(), now.getDate() + 1)
        return (float(midnight.getTime()) - float(now.getTime())) / 1000.0

    def call_later(self, seconds: float, fn) -> int:
        return int(self.window.setTimeout(create_once_callable(fn), max(0, int(seconds * 1000))))

    def cancel(self, handle: int) -> None:
        self.window.clearTimeout(handle)

    # -- clipboard

    def copy_text(self, text: str, on_done) -> None:
        """Copy to the clipboard; ``on_done(ok: bool)`` is called when the browser answers."""
        clipboard = _present(getattr(self.window.navigator, "clipboard", None))
        if clipboard is None:
            on_done(False)
            return
        try:
            promise = clipboard.writeText(text)
        except Exception:
            on_done(False)
            return
        promise.then(create_once_callable(lambda *_: on_done(True)),
                     create_once_callable(lambda *_: on_done(False)))

    # -- sharing, sounds and vibration (the daily's result, a deal, a sent game; the tables' cues: assets/sound.js)

    def can_share(self) -> bool:
        """Has the browser a share sheet (``navigator.share``: phones, some desktops)?"""
        return _present(getattr(self.window.navigator, "share", None)) is not None

    def share(self, on_done, text: str | None = None, url: str | None = None, title: str | None = None) -> None:
        """The share sheet where there is one, else the clipboard (``text`` then ``url``, a line each). Then
        ``on_done(outcome)``: "shared", "copied", "cancelled" (the person closed the sheet) or "failed" (neither
        worked). A share sheet that refuses for another reason (no share target here) falls back to the copy."""

        def copy(*_):
            self.copy_text("\n".join(x for x in (text, url) if x), lambda ok: on_done("copied" if ok else "failed"))

        if not self.can_share():
            copy()
            return
        data = {key: value for key, value in (("title", title), ("text", text), ("url", url)) if value}
        try:  # in the click's own task: the share sheet needs the tap that asked for it
            promise = self.window.navigator.share(to_js(data, dict_converter=js.Object.fromEntries))
        except Exception:
            copy()
            return

        def shared(*_):
            refused.destroy()
            on_done("shared")

        def not_shared(err):
            done.destroy()
            if str(getattr(err, "name", "")) == "AbortError":
                on_done("cancelled")
            else:
                copy()

        done, refused = create_once_callable(shared), create_once_callable(not_shared)
        promise.then(done, refused)

    def set_sound(self, on: bool) -> None:
        """May the page make sounds and vibrate now (the setting is on and a table is shown)? assets/sound.js
        reads it at each tap: its audio context is made only at a tap, and only when this is on."""
        self.document.documentElement.setAttribute("data-sound", "on" if on else "off")

    def play_sound(self, cue: str) -> None:
        """Play a cue (assets/sound.js: nothing before the person's first tap, nothing while the page is hidden)."""
        sound = _present(getattr(self.window, "junbanSound", None))
        if sound is not None:
            sound.play(cue)

    def vibrate(self, pattern: list[int]) -> None:
        """Vibrate (milliseconds on, off, on, ...) where the device can, under the same conditions as a sound."""
        sound = _present(getattr(self.window, "junbanSound", None))
        if sound is not None:
            sound.vibrate(to_js(pattern))

    # -- files: downloads and the file a person picks

    def download(self, filename: str, text: str, mime: str = "application/json") -> None:
        """Offer ``text`` as a file to save (a Blob behind an ``<a download>``; nothing leaves the device)."""
        blob = js.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = filename
        link.hidden = True
        self.document.body.appendChild(link)
        link.click()
        link.remove()
        self.window.setTimeout(create_once_callable(lambda *_: js.URL.revokeObjectURL(url)), 60_000)

    def read_chosen_file(self, input_id: str, max_chars: int, on_done) -> None:
        """Read the file picked in ``<input type=file id=input_id>`` as text: ``on_done(text, None)``, or
        ``on_done(None, "too_large" | "unreadable")``. The input is cleared, so the same file may be picked again."""
        field = _present(self.document.getElementById(input_id))
        files = _present(getattr(field, "files", None)) if field is not None else None
        if files is None or int(files.length) == 0:
            return
        chosen = files.item(0)
        field.value = ""
        if float(chosen.size) > max_chars * 4:  # UTF-8 bytes: a file this large cannot be one we wrote
            on_done(None, "too_large")
            return
        chosen.text().then(create_once_callable(lambda text: on_done(str(text), None)),
                           create_once_callable(lambda *_: on_done(None, "unreadable")))

    # -- the package's later archive (junban.archives)

    def load_later_code(self, on_done) -> None:
        """Fetch the package's later archive into the file system, where its import hook reads it (and link the
        tables' stylesheet and scripts), starting once the current task is over; then ``on_done(None)``, or
        ``on_done(reason)`` if it could not be fetched (offline before the app was kept on the device)."""
        later = self.later_archive
        if later is None or later.loaded:
            on_done(None)
            return

        def arrived(buffer):
            failed.destroy()  # (each handler frees itself once called: create_once_callable)
            try:
                later.arrived(buffer.to_bytes())
            except Exception as err:  # the file system refused it
                on_done(f"{type(err).__name__}: {err}")
                return
            on_done(None)

        def not_fetched(err):
            got.destroy()
            on_done(str(err))

        got, failed = create_once_callable(arrived), create_once_callable(not_fetched)

        def ask(*_):  # index.html's junbanLoadLater: the archive's bytes, once the tables' stylesheet is in too
            self.window.junbanLoadLater(later.url).then(got, failed)

        # In a task of its own: the task drawing the first screen ends first (a page opened on another screen
        # has asked for it already, py/main.py).
        self.window.setTimeout(create_once_callable(ask), 0)

    # -- several phones: the transport (assets/peer.js), QR codes (assets/qr.js), the screen kept on

    def load_peer_code(self, on_done) -> None:
        """Load the scripts of playing on several phones (index.html's junbanLoadPeer), starting once the current
        task is over; then ``on_done(None)``, or ``on_done(reason)`` if they could not be loaded. Call it before
        any other ``peer_``, ``qr_`` or ``scan_`` method."""

        def ask(*_):
            self.window.junbanLoadPeer().then(create_once_callable(lambda *_: on_done(None)),
                                              create_once_callable(lambda err: on_done(str(err))))

        self.window.setTimeout(create_once_callable(ask), 0)

    def peer_supported(self) -> bool:
        """Can this browser connect to other phones at all (has it WebRTC's RTCPeerConnection)? Known at once,
        before the pairing scripts load."""
        if _present(getattr(self.window, "RTCPeerConnection", None)) is not None:
            return True
        self.window.console.warn("junbanPeer: no-webrtc (this browser has no RTCPeerConnection)")
        return False

    def _peer_listener(self, on_event):
        """A JS callback for one connection's events: ``on_event(conn_id, kind, data)``, every argument text. It is
        let go when the connection is closed (``peer_close``) or ends (its "closed" event)."""

        def called(conn_id, kind, data=""):
            conn_id, kind = str(conn_id), str(kind)
            if kind == "closed":
                self._release_peer(conn_id)
            on_event(conn_id, kind, "" if _present(data) is None else str(data))

        return create_proxy(called)

    def _peer_proxies(self) -> dict:
        """conn_id -> the JS callback of its events (made on the first connection)."""
        return self.__dict__.setdefault("_peer_proxy_map", {})

    def _release_peer(self, conn_id: str) -> None:
        proxy = self._peer_proxies().pop(conn_id, None)
        if proxy is not None:  # in a task of its own: never from inside its own call
            self.window.setTimeout(create_once_callable(lambda *_: proxy.destroy()), 0)

    def peer_host(self, on_event) -> str:
        """Open a connection as the host; ``on_event(conn_id, kind, data)``: "offer" (the SDP, once the local
        addresses are gathered), "open", "message" (text), "state" (the connection's state), "closed", "error"
        (a short code). Returns the connection's id."""
        proxy = self._peer_listener(on_event)
        conn_id = str(self.window.junbanPeer.host(proxy))
        self._peer_proxies()[conn_id] = proxy
        return conn_id

    def peer_answer(self, conn_id: str, sdp: str) -> None:
        """On the host: the guest's answer (SDP text) for the connection ``conn_id``."""
        self.window.junbanPeer.answer(conn_id, sdp)

    def peer_guest(self, offer_sdp: str, on_event) -> str:
        """Open a connection to the host whose offer (SDP text) this is; events as ``peer_host``'s, with "answer"
        (the SDP to give the host) instead of "offer"."""
        proxy = self._peer_listener(on_event)
        conn_id = str(self.window.junbanPeer.guest(offer_sdp, proxy))
        self._peer_proxies()[conn_id] = proxy
        return conn_id

    def peer_send(self, conn_id: str, text: str) -> bool:
        """Send text over an open connection; False if it is not open (or the text is too long for it)."""
        return bool(self.window.junbanPeer.send(conn_id, text))

    def peer_close(self, conn_id: str) -> None:
        """Close a connection; no event about it follows."""
        self.window.junbanPeer.close(conn_id)
        self._release_peer(conn_id)

    def qr_matrix(self, text: str) -> list[str]:
        """The QR code of ``text`` (error correction M): one string of '0'/'1' per row, 1 dark, no quiet zone."""
        return [str(row) for row in self.window.junbanQR.matrix(text)]

    def scan_start(self, video_id: str, on_event) -> None:
        """Read QR codes from the rear camera, shown in ``<video id=video_id>``: ``on_event("text", text)`` once per
        distinct text, ``on_event("error", "no-camera" | "denied" | "insecure")``. One scan at a time: a scan
        already running is stopped first."""
        self.scan_stop()

        def called(kind, data):
            on_event(str(kind), str(data))

        self._scan_proxy = create_proxy(called)
        self._scan_stop = self.window.junbanQR.scan(video_id, self._scan_proxy)

    def scan_stop(self) -> None:
        """Stop the scan (the camera is let go); nothing if none is running."""
        stop, proxy = getattr(self, "_scan_stop", None), getattr(self, "_scan_proxy", None)
        self._scan_stop = self._scan_proxy = None
        if stop is not None:
            stop()
        if proxy is not None:
            proxy.destroy()

    def wake_lock(self, on: bool) -> None:
        """Keep the screen on (where the browser allows it) while ``on``; asked for again when the page is shown."""
        peer = _present(getattr(self.window, "junbanPeer", None))
        if peer is not None:
            peer.wakeLock(bool(on))

    def show_progress(self, percent: int, searched: str) -> None:
        """Move the page's progress meters ([role=progressbar] with a fill) to ``percent`` and the count of what was
        searched (#review-searched) to ``searched``, without drawing the screen again (The Game's deal analysis)."""
        for meter in self.document.querySelectorAll(".review-meter[role=progressbar]"):
            meter.setAttribute("aria-valuenow", str(percent))
            fill = _present(meter.firstElementChild)
            if fill is not None:
                fill.setAttribute("style", f"width:{percent}%")
        count = _present(self.document.getElementById("review-searched"))
        if count is not None:
            count.textContent = searched

    def _module_worker(self, path: str):
        """A new module worker running ``path`` (relative to the page), or None where module workers cannot run."""
        if _present(getattr(self.window, "Worker", None)) is None:
            return None
        url = js.URL.new(path, self.document.baseURI).href
        try:
            return js.Worker.new(url, to_js({"type": "module"}, dict_converter=js.Object.fromEntries))
        except Exception:
            return None

    # -- the bots' thinking, in a worker of its own (assets/thinking-worker.mjs; ui/thinking.py)

    def _thinking_worker(self):
        """The worker the bots think in (started once), or None where module workers cannot run."""
        if "_thinker" not in self.__dict__:
            self._thinker = None
            self._thoughts: dict = {}  # request id -> on_answer
            worker = self._module_worker("./assets/thinking-worker.mjs")
            if worker is None:
                return None

            def received(event):
                data = event.data
                on_answer = self._thoughts.pop(int(data.id), None)
                if on_answer is not None:
                    on_answer(str(data.kind), str(data.json) if str(data.kind) == "answer" else str(data.message))

            def broke(event):  # the worker's script could not load: every question waiting is answered "failed"
                waiting, self._thoughts = self._thoughts, {}
                self._thinker = None
                for on_answer in waiting.values():
                    on_answer("failed", str(getattr(event, "message", "") or "the worker could not start"))

            proxies = [create_proxy(received), create_proxy(broke)]
            self._proxies.extend(proxies)
            worker.onmessage, worker.onerror = proxies
            self._thinker = worker
        return self._thinker

    def think_warm_up(self) -> None:
        """Start the bots' worker (Python in it) ahead of the first question."""
        worker = self._thinking_worker()
        if worker is not None:
            worker.postMessage(to_js({"warmUp": True}, dict_converter=js.Object.fromEntries))

    def think(self, request: str, on_answer) -> None:
        """Ask the bots' worker (``request``: junban.thinking's, as JSON): ``on_answer(kind, text)`` — "answer" (the
        JSON answer), "error" (the thinking raised: why) or "failed" (no worker here, or it could not start)."""
        worker = self._thinking_worker()
        if worker is None:
            on_answer("failed", "no module worker in this browser")
            return
        ident = self.__dict__.get("_thought_id", 0) + 1
        self._thought_id = ident
        self._thoughts[ident] = on_answer
        worker.postMessage(to_js({"id": ident, "request": request}, dict_converter=js.Object.fromEntries))

    # -- The Game's deal analysis, in a worker of its own (assets/analysis-worker.mjs)

    def start_analysis(self, request: str, on_message) -> object | None:
        """Run "Could this deal have been won?" (``request``: JSON of config, seed, actions, people) in a worker,
        which gives all its memory back when it ends: ``on_message(kind, text)`` with kind "progress", "verdict"
        (the best result from the start, before the turning point) or "done" (text: JSON) or "failed" (text: why).
        Returns a handle for ``stop_analysis``, or None where module workers cannot run (the caller runs the analysis
        in the page instead)."""
        worker = self._module_worker("./assets/analysis-worker.mjs")
        if worker is None:
            return None

        def received(event):
            data = event.data
            kind = str(data.kind)
            text = str(data.message) if kind == "failed" else str(data.json)
            if kind in ("done", "failed"):
                self.stop_analysis(worker)
            on_message(kind, text)

        def broke(event):
            self.stop_analysis(worker)
            on_message("failed", str(getattr(event, "message", "") or "the worker could not start"))

        proxies = [create_proxy(received), create_proxy(broke)]
        worker.onmessage, worker.onerror = proxies
        self._workers[id(worker)] = (worker, proxies)
        worker.postMessage(to_js({"request": request}, dict_converter=js.Object.fromEntries))
        return worker

    def stop_analysis(self, handle) -> None:
        """End the analysis's worker (its memory goes back), whether it finished or not."""
        kept = self._workers.pop(id(handle), None)
        if kept is None:
            return
        worker, proxies = kept
        worker.terminate()
        worker.onmessage = worker.onerror = None

        def free(*_):  # later: a handler may be the one running now
            for proxy in proxies:
                proxy.destroy()

        self.window.setTimeout(create_once_callable(free), 0)

    # -- a new version of the app (the service worker; see assets/update.js)

    def on_update_ready(self, callback) -> None:
        """Call ``callback()`` when a new version of the app is installed and waiting to take over."""
        proxy = create_proxy(lambda *_: callback())
        self._proxies.append(proxy)
        self.window.addEventListener("junban:update-ready", proxy)
        if self.document.documentElement.getAttribute("data-update") == "ready":  # found before we listened
            callback()

    def apply_update(self) -> None:
        """Let the waiting version take over; every open page of the app then reloads on it."""
        update = _present(getattr(self.window, "junbanUpdate", None))
        if update is not None:
            update.apply()

    # -- events

    def listen(self, app) -> None:
        """Route the page's events to the app: clicks on [data-act], edits of [data-field], keys, hash changes."""

        def on_click(event):
            target = _present(event.target.closest("[data-act]"))
            if target is None or target.hasAttribute("disabled"):
                return
            if str(target.tagName).lower() == "a":
                event.preventDefault()
            app.dispatch(str(target.getAttribute("data-act")), _attr(target, "data-arg"))

        def on_field(event):
            target = event.target
            name = _attr(target, "data-field")
            if name is None:
                return
            kind = str(target.type or "")
            value = bool(target.checked) if kind == "checkbox" else str(target.value)
            app.field(name, value, final=event.type == "change")

        def on_submit(event):
            event.preventDefault()
            act = _attr(event.target, "data-submit")
            if act:
                app.dispatch(act, _attr(event.target, "data-arg"))

        def on_key(event):
            tag = str(event.target.tagName or "").lower()
            typing = tag in ("input", "textarea", "select")
            handled = app.key(str(event.key), ctrl=bool(event.ctrlKey or event.metaKey), alt=bool(event.altKey),
                              typing=typing)
            if handled:
                event.preventDefault()

        def on_table_act(event):
            """A card dropped on a place (assets/table.js): the same intent a click would give."""
            detail = _present(event.detail)
            if detail is None:
                return
            act = _present(detail.act)
            if isinstance(act, str):
                arg = _present(detail.arg)
                app.dispatch(act, arg if isinstance(arg, str) else None)

        def on_hash(event):
            app.hash_changed(self.get_hash())

        def on_storage(event):
            key = _present(event.key)
            value = _present(event.newValue)
            app.storage_changed(None if key is None else str(key), value if isinstance(value, str) else None)

        for target, name, fn in (
            (self.root, "click", on_click),
            (self.root, "input", on_field),
            (self.root, "change", on_field),
            (self.root, "submit", on_submit),
            (self.root, "junban:act", on_table_act),
            (self.document, "keydown", on_key),
            (self.window, "hashchange", on_hash),
            (self.window, "storage", on_storage),
        ):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            target.addEventListener(name, proxy)


def _present(value):
    """JS null and undefined as None (Pyodide gives null as ``jsnull``, not None)."""
    return None if value is None or value is jsnull else value


def _attr(el, name: str) -> str | None:
    if _present(el) is None or not hasattr(el, "getAttribute"):
        return None
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None
