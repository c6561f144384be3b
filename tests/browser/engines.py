"""Pairing phones of different browsers through the app's own screens, at a person's pace: used by
tests/browser/test_firefox_pairing.py and tools/pairing_matrix.py.

A ``Pairing`` is one host table (The Game, the host's own seat and a seat on a phone per guest) and its guests,
each answer handed to the host ``delay`` seconds after the guest's phone showed it. ``run_pairings`` runs several at
once on one clock, so a 60 s hand-over costs 60 s however many pairings wait for it. Pages come from the caller
(Playwright's Chromium pages or tests/browser/firefox.py's FirefoxPage: the same calls).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from tests.browser.phones import answer_shown, seat_of_link, set_up_table, shown_link

SEATED = "() => location.hash.startsWith('#/seat/') && !!document.querySelector('.tg-table')"

# A guest's first connection that cannot find the host: the host's names, as that connection reads the offer, are
# names nobody answers (as when its mDNS lookups go unanswered, seen now and then under load: a Firefox guest's first
# start then fails within ~5 s and closes its ports, which the answer gives the host). Later connections read the
# offer as it is. ``window.__junbanStarts`` counts the connections the page made.
FIRST_START_UNREACHABLE = r"""() => {
  const Made = window.RTCPeerConnection;
  window.__junbanStarts = 0;
  window.RTCPeerConnection = class extends Made {
    constructor(...args) {
      super(...args);
      if (++window.__junbanStarts !== 1) return;
      const read = this.setRemoteDescription.bind(this);
      const nobody = crypto.randomUUID() + ".local";
      this.setRemoteDescription = (d) => read({ type: d.type, sdp: d.sdp.replace(/[0-9a-f-]{36}[.]local/g, nobody) });
    }
  };
}"""


@dataclass
class Pairing:
    host: object
    guests: list  # pages, one per seat 1..n
    delays: list  # seconds between the answer shown and the host pasting it, one per guest
    name: str = ""
    links: dict = field(default_factory=dict)  # seat -> link
    shown: dict = field(default_factory=dict)  # seat -> time.monotonic() the answer was shown
    answers: dict = field(default_factory=dict)  # seat -> answer code
    pasted: dict = field(default_factory=dict)  # seat -> time.monotonic() it was pasted
    seated: dict = field(default_factory=dict)  # seat -> seconds from the paste to the guest's table (None: never)
    unseated: dict = field(default_factory=dict)  # seat -> what a guest never seated showed (its screen's words)

    def seats(self) -> list[int]:
        return list(range(1, len(self.guests) + 1))


def show_seat(host, seat: int) -> str:
    """The host's phones sheet shows ``seat``'s code (tapping its "Show code" when another is shown): its link.
    The tap is tried again if the sheet moved under it (a code that was being made appearing as it was tapped)."""
    deadline = time.monotonic() + 60
    while True:
        link = shown_link(host)
        if seat_of_link(link) == seat:
            return link
        if time.monotonic() > deadline:
            raise AssertionError(f"the host never showed seat {seat}'s code")
        button = host.locator(f'#sheet-phones [data-act="phones:show"][data-arg="{seat}"]')
        if button.count():
            button.click()
        time.sleep(0.5)


def paste_for(host, seat: int, code: str) -> None:
    """Where ``seat``'s code is shown, the host pastes the answer and presses Enter."""
    show_seat(host, seat)
    host.fill("#phones-answer", code)
    host.press("#phones-answer", "Enter")


def set_up(pairing: Pairing) -> None:
    """The host starts The Game with its own seat and one phone seat per guest, and reads each seat's link."""
    kinds = ["person"] + ["phone"] * len(pairing.guests)
    set_up_table(pairing.host, kinds, seed=f"pairing-{pairing.name or 'x'}")
    for seat in pairing.seats():
        pairing.links[seat] = show_seat(pairing.host, seat)


def open_links(pairing: Pairing) -> None:
    """Each guest opens its seat's link (as its camera app would) and shows its answer."""
    for seat, guest in zip(pairing.seats(), pairing.guests):
        guest.goto(pairing.links[seat])
    for seat, guest in zip(pairing.seats(), pairing.guests):
        pairing.answers[seat] = answer_shown(guest, timeout_ms=120_000)
        pairing.shown[seat] = time.monotonic()


def hand_over(pairings: list[Pairing], settle_s: float = 30.0) -> None:
    """Every answer is pasted on its host ``delay`` seconds after it was shown (all pairings on one clock); each
    guest gets ``settle_s`` seconds from its own paste to show its seat's table, watched all along (also while
    later answers wait their turn), so ``pairing.seated`` says how long each took from its paste."""
    due = sorted((p.shown[seat] + delay, i, seat) for i, p in enumerate(pairings)
                 for seat, delay in zip(p.seats(), p.delays))
    waiting: list = []  # (pairing, seat): pasted, not seated yet

    def look() -> None:
        still = []
        for pairing, seat in waiting:
            guest = pairing.guests[seat - 1]
            if guest.evaluate(SEATED):
                pairing.seated[seat] = round(time.monotonic() - pairing.pasted[seat], 1)
            elif time.monotonic() > pairing.pasted[seat] + settle_s:
                pairing.seated[seat] = None
                pairing.unseated[seat] = guest.evaluate(SHOWN_WORDS) + " | the host: " + pairing.host.evaluate(HOST_WORDS)
            else:
                still.append((pairing, seat))
        waiting[:] = still

    for at, i, seat in due:
        pairing = pairings[i]
        while time.monotonic() < at:
            look()
            time.sleep(max(0.0, min(0.25, at - time.monotonic())))
        paste_for(pairing.host, seat, pairing.answers[seat])
        pairing.pasted[seat] = time.monotonic()
        waiting.append((pairing, seat))
    while waiting:
        look()
        if waiting:
            time.sleep(0.25)


# What a guest's screen says (its join screen's status and problem, else the main view's start), for a report.
SHOWN_WORDS = "() => (document.querySelector('.join, main, #app') || document.body).innerText.slice(0, 400)"
# What the host says of its phones (the phones button and the notices), for the same report.
HOST_WORDS = ("() => [document.querySelector('#open-phones')?.getAttribute('aria-label') || '', "
              "...[...document.querySelectorAll('#notices .notice')].map((n) => n.innerText)].join(' / ')")
