"""The browser platform's twin for CPython tests: a fake DOM, a dict for localStorage, manual timers."""
from __future__ import annotations

from junban.storage import StorageFull
from tests.ui.fakedom import FakeDocument


class DictStorage:
    def __init__(self, data: dict | None = None, quota: int | None = None):
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota  # total characters allowed, None = unlimited

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(text) > self.quota:
                raise StorageFull("quota exceeded")
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


class FakePlatform:
    def __init__(self, storage: DictStorage | None = None, hash_text: str = "", languages=("en-US",), today="2026-11-22"):
        self.document = FakeDocument()
        self.root = self.document.createElement("div")
        self.storage = storage or DictStorage()
        self.persistent = True
        self.hash = hash_text
        self.history: list[str] = [hash_text]
        self._languages = list(languages)
        self._today = today
        self.clock = 1_800_000_000.0
        self.midnight = self.clock + 5 * 3600 + 12 * 60  # when the next day begins (then today() moves on)
        self.timers: list[tuple[float, int, object]] = []
        self._next_timer = 1
        self.announcements: list[str] = []
        self.title = ""
        self.lang = ""
        self.ready = False
        # The package's later archive (junban.archives): every module is importable under CPython, so it
        # "arrives" at once, unless a test holds it (False) and answers later_code_requests itself.
        self.later_code_arrives = True
        self.later_code_requests: list = []
        self.copied: list[str] = []
        self.clipboard_works = True
        # The share sheet (navigator.share): absent unless a test gives the page one; how it answers ("shared",
        # "cancelled", or "refused": then the platform copies instead); what it was handed.
        self.share_sheet = False
        self.share_answer = "shared"
        self.shared: list[dict] = []
        # Sounds (assets/sound.js): whether the page may make them now, and the cues a table asked for.
        self.sound_on = False
        self.sounds: list[str] = []
        self.vibrations: list[list[int]] = []
        self.focused: str | None = None
        self.downloads: list[tuple[str, str]] = []  # (file name, text)
        self.chosen_files: dict[str, str] = {}  # input id -> the text of the file a test "picked"
        self.motion: list = []  # "before" and the travel time of each render that moved cards
        self.reduced_motion = False

    # page
    def set_ready(self):
        self.ready = True

    def load_later_code(self, on_done):
        self.later_code_requests.append(on_done)
        if self.later_code_arrives:
            on_done(None)

    def set_title(self, title):
        self.title = title

    def set_lang(self, lang):
        self.lang = lang

    def set_skip_link(self, text):
        self.skip_link = text

    def announce(self, text):
        self.announcements.append(text)

    def focus(self, selector):
        self.focused = selector

    def scroll_to_top(self):
        pass

    def motion_before(self):
        self.motion.append("before")

    def motion_after(self, ms):
        self.motion.append(ms)

    def languages(self):
        return self._languages

    def prefers_reduced_motion(self):
        return self.reduced_motion

    # location
    def get_hash(self):
        return self.hash

    def set_hash(self, hash_text, replace=False):
        self.hash = hash_text
        if replace:
            self.history[-1] = hash_text
        else:
            self.history.append(hash_text)

    def page_url(self):
        return "http://127.0.0.1:8000/"

    # time
    def now(self):
        return self.clock

    def today(self):
        """``today`` as given, until the clock passes ``midnight``: then the days after it."""
        from datetime import date, timedelta

        days = int((self.clock - (self.midnight - 86400)) // 86400)
        return (date.fromisoformat(self._today) + timedelta(days=days)).isoformat() if days else self._today

    def seconds_to_midnight(self):
        return (self.midnight - self.clock) % 86400 or 86400

    def call_later(self, seconds, fn):
        handle = self._next_timer
        self._next_timer += 1
        self.timers.append((self.clock + seconds, handle, fn))
        return handle

    def cancel(self, handle):
        self.timers = [t for t in self.timers if t[1] != handle]

    def run_timers(self, limit: int = 10_000) -> int:
        """Run due timers in order (advancing the clock) until none are left; return how many ran."""
        ran = 0
        while self.timers and ran < limit:
            self.timers.sort(key=lambda t: (t[0], t[1]))
            when, handle, fn = self.timers.pop(0)
            self.clock = max(self.clock, when)
            fn()
            ran += 1
        return ran

    # clipboard
    def copy_text(self, text, on_done):
        if self.clipboard_works:
            self.copied.append(text)
        on_done(self.clipboard_works)

    # sharing, sounds and vibration
    def can_share(self):
        return self.share_sheet

    def share(self, on_done, text=None, url=None, title=None):
        if self.share_sheet:
            self.shared.append({"title": title, "text": text, "url": url})
            if self.share_answer != "refused":
                on_done(self.share_answer)
                return
        self.copy_text("\n".join(x for x in (text, url) if x), lambda ok: on_done("copied" if ok else "failed"))

    def set_sound(self, on):
        self.sound_on = on

    def play_sound(self, cue):
        self.sounds.append(cue)

    def vibrate(self, pattern):
        self.vibrations.append(list(pattern))

    # files
    def download(self, filename, text, mime="application/json"):
        self.downloads.append((filename, text))

    def read_chosen_file(self, input_id, max_chars, on_done):
        text = self.chosen_files.pop(input_id, None)
        if text is None:
            return
        if len(text) > max_chars * 4:
            on_done(None, "too_large")
        else:
            on_done(text, None)

    def listen(self, app):
        self.app = app
