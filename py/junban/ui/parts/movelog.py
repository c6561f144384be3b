"""The move log and the recap: what every seat did, turn by turn, and what the others did since your last turn.

The log is built from the game's own log (config + seed + actions, replayed once when a table opens) and grows
as actions are applied. Each action becomes an ``Entry``: its place in the game's log, the seat that took it, and
an *event*, plain public data the game's table module makes from the views before and after
(``log_event(before, after, action, seat)``; None leaves the action out) and puts into words
(``render_event(table, event, compact)``). Events hold only what every seat saw, so the log shows nothing hidden.

A turn is a run of entries by one seat, ended early by an event marked ``"ends_turn"`` (so a solo game's turns
stay apart); an event marked ``"aside"`` is table talk, not a move (The Game's pile markers). A game played in
rounds (23, Eleusis) puts the round's number in its events (``"round"``): a new round starts a new turn, and the
log shows a heading where a round begins (the game's ``round_title(n)``, else "Round n").

The recap is one line: on your turn, what the others did since your last action; otherwise the latest turn. On a
phone it is a button that opens the whole log in a sheet; on a wide screen the log stands beside the table.
"""
from __future__ import annotations

from dataclasses import dataclass

from junban.games import acting_seat
from junban.ui.dom import h
from junban.ui.i18n import language, t

# Whose view the events are made from: plays, piles and counts are public, so any seat's view will do.
OBSERVER = 0
# The log shows at most this many latest turns (real games stay far below: Eleusis's longest logs are ~1,100
# actions); a log stretched to its limit by endless passes would otherwise redraw ~19,000 turns every move.
SHOWN_TURNS = 1500


@dataclass(frozen=True)
class Entry:
    index: int  # the action's place in the game's log
    seat: int | None  # who took it
    event: dict  # what it did (public), from the game's table module


@dataclass
class Turn:
    number: int  # 1-based
    seat: int | None
    entries: list

    @property
    def round(self) -> int | None:
        """The round the turn belongs to (games played in rounds say so in their events), else None."""
        return self.entries[0].event.get("round") if self.entries else None


class MoveLog:
    version = 0  # counts the changes to ``entries`` (what a kept drawing of the log is compared by)

    def __init__(self, ui, session):
        self.ui = ui
        self._entries: list[Entry] = []
        # Turns already drawn, by (place, turn number): (what their drawing depended on, their entries, the
        # drawing). A drawn turn is used again only in its own place (the page's tree holds each node once).
        self.drawn: dict = {}
        self.enabled = hasattr(ui, "log_event")
        if self.enabled and session.actions:
            self._replay(session)

    @property
    def entries(self) -> list[Entry]:
        return self._entries

    @entries.setter
    def entries(self, entries: list[Entry]) -> None:
        self._entries = entries
        self.version += 1

    def _replay(self, session) -> None:
        """Replay the game's log into entries. A game whose views carry its whole public log (23) offers
        ``log_view(state)``, just the part ``log_event`` reads, so a long log replays in linear time."""
        module = session.module
        look = getattr(module, "log_view", None) or (lambda state: module.view(state, OBSERVER))
        state = module.new_game(session.config, session.seed)
        before = look(state)
        for index, action in enumerate(session.actions):
            seat = acting_seat(module, state, action)
            state = module.apply(state, action)
            after = look(state)
            self.add(index, seat, before, after, action)
            before = after

    def add(self, index: int, seat: int | None, before: dict, after: dict, action: dict) -> None:
        """Note the action at ``index`` (views from ``OBSERVER``'s seat, before and after it)."""
        if not self.enabled:
            return
        event = self.ui.log_event(before, after, action, seat)
        if event is not None:
            self._entries.append(Entry(index, event.get("seat", seat), event))
            self.version += 1

    def drop_from(self, index: int) -> None:
        """The game's log was cut back to ``index`` actions (a replay from another tab)."""
        self.entries = [e for e in self.entries if e.index < index]

    def turns(self) -> list[Turn]:
        turns: list[Turn] = []
        ended = True
        for entry in self.entries:
            if ended or turns[-1].seat != entry.seat or turns[-1].round != entry.event.get("round"):
                turns.append(Turn(len(turns) + 1, entry.seat, []))
            turns[-1].entries.append(entry)
            ended = bool(entry.event.get("ends_turn"))
        return turns

    def since_last_action_of(self, seat: int | None) -> list[Entry]:
        """What the other seats did after ``seat``'s latest move (everything, if it has made none yet). Table talk
        (an event marked ``"aside"``, like a pile marker) is not a move: setting one does not clear the recap."""
        if seat is None:
            return []
        start = 0
        for i, entry in enumerate(self.entries):
            if entry.seat == seat and not entry.event.get("aside"):
                start = i + 1
        return [e for e in self.entries[start:] if e.seat != seat]


# ---------------------------------------------------------------------- drawing


def _events(table, entries, compact: bool):
    return [h("span", {"class": ["log-event", *entry.event.get("marks", ())], "key": entry.index},
              table.ui.render_event(table, entry.event, compact)) for entry in entries]


def _seat_label(table, seat) -> str:
    """A seat's name; "(you)" for the person the table's words address (``table.reader``)."""
    if seat is None:
        return t("log.table")
    return t("log.you", name=table.seat_name(seat)) if seat == table.reader else table.seat_name(seat)


def _round_title(table, number: int) -> str:
    """A round's heading: the game's own words for it (``round_title(number)``), else "Round n"."""
    title = getattr(table.ui, "round_title", None)
    return title(number) if title else t("log.round", n=number)


def _turn_item(table, turn: Turn, place: str, names: tuple):
    """A turn of the log, drawn again only when its entries or the words around them (``names``: the language
    and every seat's name) changed: a long game's log is otherwise most of what every move redraws (and the page
    then compares)."""
    label = _seat_label(table, turn.seat)
    depends = (names, turn.seat == table.reader, label)
    entries = tuple(turn.entries)
    drawn = table.log.drawn
    cached = drawn.get((place, turn.number))
    if cached is not None and cached[0] == depends and cached[1] == entries:
        return cached[2]
    item = h("li", {"class": ["log-turn", "mine" if turn.seat == table.reader else None], "key": turn.number},
             h("span", {"class": "log-who"},
               h("span", {"class": "log-turn-no"}, t("log.turn_no", n=turn.number)), " ", label),
             h("span", {"class": "log-events"}, _events(table, turn.entries, compact=False)))
    drawn[(place, turn.number)] = (depends, entries, item)
    return item


def names(table) -> tuple:
    """The words around the log's entries: the language and every seat's name."""
    return (language(), *(table.seat_name(seat) for seat in range(len(table.session.seats))))


def render_log(table, limit: int | None = None, place: str = "beside"):
    """The whole log (``role="log"``, named "Moves"), newest turn last; ``limit``: only the latest turns;
    ``place``: where on the page it stands ("beside" the table, or in a "sheet"), each drawn apart. Kept as it
    is (``table.kept``) until an entry comes or goes, or the words around them change."""
    log = table.log
    inputs = (log, log.version, names(table), table.reader, min(limit or SHOWN_TURNS, SHOWN_TURNS))
    return table.kept.part(("log", place), inputs, lambda: _render_log(table, limit, place))


def _render_log(table, limit: int | None, place: str):
    turns = table.log.turns()
    limit = min(limit or SHOWN_TURNS, SHOWN_TURNS)
    shown = turns[-limit:]
    items = []
    if len(turns) > len(shown):
        items.append(h("li", {"class": "log-earlier muted", "key": "earlier"}, t("log.earlier", n=len(turns) - len(shown))))
    last_round = None
    words = names(table)
    for turn in shown:
        if turn.round is not None and turn.round != last_round:
            items.append(h("li", {"class": "log-round", "key": f"round-{turn.round}"}, _round_title(table, turn.round)))
        last_round = turn.round
        items.append(_turn_item(table, turn, place, words))
    if not items:
        items = [h("li", {"class": "log-empty muted", "key": "empty"}, t("log.empty"))]
    # It scrolls beside the table on a wide screen: it takes the keyboard's focus, so the arrow keys scroll it.
    return h("div", {"class": "move-log", "role": "log", "aria-label": t("log.label"), "id": "move-log", "tabindex": "0"},
             h("ol", {"class": "log-turns"}, items))


def recap_entries(table) -> tuple[str, list[Entry]]:
    """What the recap tells: ("since", entries) on your turn after others acted; else the latest turn's entries,
    ("this", ...) while that turn is under way, ("last", ...) once it has ended; ("none", []) before anything
    happened."""
    viewer = table.viewer
    to_act = table.session.to_act
    if viewer is not None and table.session.may_act(viewer):
        since = table.log.since_last_action_of(viewer)
        if since:
            return "since", since
    turns = table.log.turns()
    if not turns:
        return "none", []
    last = turns[-1]
    under_way = last.seat == to_act and not last.entries[-1].event.get("ends_turn")
    return ("this" if under_way else "last"), last.entries


def by_seat(entries: list[Entry]) -> list[tuple[int | None, list[Entry]]]:
    """The entries grouped by the seat that took them, seats in the order they first acted."""
    groups: dict = {}
    for entry in entries:
        groups.setdefault(entry.seat, []).append(entry)
    return list(groups.items())


LEADS = {"since": "log.since_your_turn", "this": "log.this_turn", "last": "log.last_turn", "none": "log.nothing_yet"}


def _recap_lines(table, entries: list[Entry]):
    """A line per seat: its name (never squeezed), then what it did (cut at the line's end on a narrow screen)."""
    return [h("span", {"class": "recap-item", "key": f"seat-{seat}"},
              h("span", {"class": "recap-who"}, _seat_label(table, seat)),
              h("span", {"class": "recap-what"},
                [h("span", {"class": ["log-event", *entry.event.get("marks", ())], "key": entry.index},
                   table.ui.render_event(table, entry.event, True)) for entry in group]))
            for seat, group in by_seat(entries)]


def render_recap(table, kind_entries=None, button: bool = True, folded: bool = False):
    """Who did what since your turn: a line per seat that acted (``folded``: all on one line); otherwise the
    latest turn on one line. A button opening the whole log, unless ``button`` is False (the pass-the-device
    cover shows it as text). On your turn after others acted it comes with a fold button (``table:recap-fold``)."""
    kind, entries = kind_entries or recap_entries(table)
    several = kind == "since" and not folded
    content = [h("span", {"class": "recap-lead"}, t(LEADS[kind]), " "),
               h("span", {"class": "recap-items"}, _recap_lines(table, entries))]
    classes = ["recap", f"recap-{kind}", "recap-several" if several else None]
    if not button:
        return h("div", {"class": classes}, content)
    main = h("button", {"type": "button", "class": classes, "data-act": "table:log", "id": "recap",
                        "aria-haspopup": "dialog"},
             h("span", {"class": "recap-line"}, content),
             h("span", {"class": "visually-hidden"}, " ", t("log.open")),
             h("span", {"class": "recap-open", "aria-hidden": "true"}, "▴" if not several else None))
    if kind != "since":
        return main
    fold = h("button", {"type": "button", "class": "recap-fold", "data-act": "table:recap-fold", "id": "recap-fold",
                        "aria-pressed": "false" if folded else "true", "aria-label": t("log.recap_fold")},
             h("span", {"aria-hidden": "true"}, "▾" if folded else "▴"))
    return h("div", {"class": ["recap-box", "folded" if folded else None]}, main, fold)
