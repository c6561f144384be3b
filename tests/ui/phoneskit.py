"""Several phones in one CPython test: an app per phone on the fake platform, joined by one FakePeerNetwork, and
a shared clock that runs every phone's timers in time order (messages, heartbeats, bots)."""
from __future__ import annotations

from junban.ui.app import App
from tests.ui import tablekit
from tests.ui.fakeplatform import FakePeerNetwork, FakePlatform


class Room:
    def __init__(self, latency: float = 0.005):
        self.network = FakePeerNetwork(latency=latency)
        self.phones: list[tuple[App, FakePlatform]] = []
        self.now = 1_800_000_000.0

    def phone(self, hash_text: str = "#/", lang: str = "en", storage=None) -> tuple[App, FakePlatform]:
        platform = self.network.join(FakePlatform(hash_text=hash_text, languages=(lang,), storage=storage))
        platform.clock = self.now
        app = App(platform)
        app.start()
        self.phones.append((app, platform))
        return app, platform

    def drop(self, platform) -> None:
        """A phone's page closes (its connections end; the other side hears it)."""
        self.network.close_page(platform)
        self.phones = [(a, p) for a, p in self.phones if p is not platform]

    def run(self, seconds: float = 0.5, limit: int = 20_000) -> int:
        """Let ``seconds`` pass on every phone at once: each due timer runs in time order."""
        end = self.now + seconds
        ran = 0
        while ran < limit:
            due = [(when, handle, p) for _, p in self.phones for when, handle, _fn in p.timers]
            if not due:
                break
            when, handle, platform = min(due, key=lambda d: (d[0], d[1]))
            if when > end:
                break
            self.now = max(self.now, when)
            for _, p in self.phones:
                p.clock = self.now
            index = next(i for i, t in enumerate(platform.timers) if t[1] == handle)
            _, _, fn = platform.timers.pop(index)
            fn()
            ran += 1
        self.now = end
        for _, p in self.phones:
            p.clock = max(p.clock, end)
        return ran


def host_table(app):
    from junban.ui.screens.table import TableScreen

    screen = app.screen
    assert isinstance(screen, TableScreen) and screen.hosting is not None, screen
    return screen


def pairing_link(app, seat: int) -> str:
    link = host_table(app).hosting.links[seat]
    assert link.status == "offering" and link.code, (link.status, link.problem)
    return link.code


def join(room: Room, host_app, seat: int, lang: str = "en", storage=None):
    """A guest phone opens the host's code for ``seat`` (as its camera app would) and the host takes its answer
    (as pasted): the guest's app and platform, its seat's table shown."""
    link = pairing_link(host_app, seat)
    app, platform = room.phone("#/join?p=" + link.split("#/join?p=", 1)[1], lang=lang, storage=storage)
    room.run(0.2)
    guest = app.services.guest
    assert guest is not None and guest.answer_code, (guest and guest.status)
    table = host_table(host_app)
    table.phones_seat = seat
    host_app.field("phones-answer", guest.answer_code, final=True)
    room.run(0.5)
    return app, platform


click = tablekit.click


# ---------------------------------------------------------------------- playing a whole game


def choose(game: str, seat: int, legal: list[dict], host_state=None) -> dict:
    """A plain player's choice from the seat's legal actions (a test driver; ``host_state``: the host's game, which
    Eleusis's driver reads to play cards the secret rule takes and to judge right, so rounds end, and The Game's to
    keep out of a play the turn's minimum cannot follow)."""
    legal = [a for a in legal if "mark" not in a and "stop" not in a]
    if game == "the-game":
        if {"end_turn": True} in legal:
            return {"end_turn": True}
        return _the_game_play(legal, host_state)
    if game == "23":
        plays = [a for a in legal if "play" in a]
        if plays:
            return plays[0]
        return next((a for a in legal if "discard" in a or "drop_out" in a), legal[0])
    from junban.games.eleusis import rules as el

    state = host_state
    if state.phase == "rule":  # another library rule each round
        picks = [a for a in legal if "rule_id" in a and not a["library_hint"]]
        return picks[state.round * 7 % len(picks)]
    if state.phase == "play":
        for action in legal:
            if "play" in action and el.judge_cards(state.rule, state.mainline, action["play"]):
                return action
        return {"no_play": True}
    if state.phase == "prophet_offer":
        return {"prophet": not state.was_prophet and seat == 1}
    if state.phase in ("prophet_judge", "dealer_judge", "starter"):
        right, card = el._truth(state)
        return {"judge": True} if right else ({"judge": False, "card": card} if card else {"judge": False})
    return legal[0]


def _the_game_play(legal: list[dict], state) -> dict:
    """The first play after which the turn's minimum can still be reached (the engine lets a play lead into a
    dead end, to be undone: a driver that took the first play and then undid it could go round forever)."""
    from junban.games.the_game import rules as tg

    plays = [a for a in legal if "play" in a]
    if state is None:
        return plays[0] if plays else legal[0]
    still = state.minimum - len(state.played) - 1
    for action in plays:
        hand = list(state.hands[state.active])
        hand.remove(action["play"])
        tops = [tg.pile_top(state, p) for p in tg.PILES]
        tops[action["pile"]] = action["play"]
        if still <= 0 or tg.can_play_sequence(hand, tops, still):
            return action
    return plays[0] if plays else legal[0]


def play_to_end(room: Room, host_app, guests: dict, max_steps: int = 3000) -> int:
    """Play the host's game to its end: the seats at the host through its table, each phone's seat through that
    phone's table (``guests``: seat -> app); bots play by themselves. Returns how many actions were taken."""
    table = host_table(host_app)
    session = table.session
    steps = 0
    while not session.is_over and steps < max_steps:
        seat = session.to_act
        if seat in guests:
            screen = guests[seat].screen
            assert screen.session.to_act == seat, "the phone knows it is its turn"
            screen.act(choose(session.game, seat, screen.session.legal_actions(), session.state))
            guests[seat].render()
        elif not session.seats[seat].is_bot:
            table.viewer = seat
            assert table.act(choose(session.game, seat, session.legal_actions(seat), session.state))
            host_app.render()
        room.run(1.0)
        steps += 1
    return steps
