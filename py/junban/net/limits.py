"""How much a guest phone may send the host: a budget per kind of message, so one phone can never keep the host (and
with it every other phone) busy.

Each kind a guest may send (``protocol.FROM_GUEST``) has a ``Rate``: a burst it may send at once and how fast that
burst comes back, as a person's taps never exceed (a tap is one ``act``; a hint is taken at most once a turn; a
``resync`` or a second ``hello`` is what a phone sends when something did not add up). All kinds together have a
rate too, checked before a message is even parsed. A message beyond its budget is not acted on (it costs the host a
few microseconds, or one bounded parse; never a move or a resend): the first such message of a burst is answered
with ``net.too_fast``, and a phone that sends ``DROP_AFTER`` of them with no quiet ``CALM_AFTER`` seconds between is
let go (``Budget.verdict``).

Full resends (``resync``, a ``hello`` on a channel already welcomed) are also coalesced by the host: at most one per
phone every ``FULL_SYNC_EVERY`` seconds, whatever was asked in between (``junban.net.host``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

FULL_SYNC_EVERY = 1.0  # seconds between two full resends to one phone
DROP_AFTER = 200  # messages over budget, with no calm in between, before the phone is let go
CALM_AFTER = 10.0  # seconds without a message over budget: the count starts again


@dataclass(frozen=True)
class Rate:
    burst: float  # messages at once
    per_second: float  # how fast the burst comes back


RATES = {
    "hello": Rate(4, 0.5),
    "act": Rate(20, 5),  # a person taps a few times a second at most; a turn of The Game is ~4 taps
    "resync": Rate(4, 1),
    "hint": Rate(6, 1),  # the hint sheet's three steps, on a turn
    "ping": Rate(6, 2),  # one every 2 s of silence
    "leave": Rate(2, 0.1),  # once, after a question on the phone
    "standing": Rate(3, 0.2),  # once after each welcome (the phone's standing offer)
}
ANY = Rate(40, 8)  # all kinds together

# What Budget.verdict says of one message.
TAKE = "take"  # within budget: read it
TELL = "tell"  # over budget, the first of a run: not read, the phone is told
SKIP = "skip"  # over budget again: not read, nothing said
DROP = "drop"  # far over budget: let the phone go


@dataclass
class Bucket:
    rate: Rate
    level: float = -1.0  # messages it may still send now (-1: full, set at the first message)
    at: float = 0.0

    def take(self, now: float) -> bool:
        if self.level < 0:
            self.level, self.at = self.rate.burst, now
        self.level = min(self.rate.burst, self.level + max(0.0, now - self.at) * self.rate.per_second)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


@dataclass
class Budget:
    """One guest channel's budget (a new channel starts with a full one)."""

    buckets: dict = field(default_factory=lambda: {kind: Bucket(rate) for kind, rate in RATES.items()})
    total: Bucket = field(default_factory=lambda: Bucket(ANY))
    over: int = 0  # messages over budget since the last calm
    last_over: float = -1e18
    told: bool = False  # the phone was told to slow down in this run

    def verdict(self, kind: str | None, now: float) -> str:
        """May a message be read now? ``kind`` None: any message, before it is parsed (all kinds together); then
        its kind, once parsed."""
        bucket = self.total if kind is None else self.buckets.get(kind)
        if bucket is None or bucket.take(now):
            return TAKE
        if now - self.last_over > CALM_AFTER:
            self.over, self.told = 0, False
        self.over += 1
        self.last_over = now
        if self.over >= DROP_AFTER:
            return DROP
        if not self.told:
            self.told = True
            return TELL
        return SKIP
