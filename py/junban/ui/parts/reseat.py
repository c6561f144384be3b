"""Reseating at a rematch (issue 41): before the next game of a table with phones starts, the host may say who sits
where — every phone, person here and bot of the game just finished, each at a seat of the next (default: the same
seats), or a new person here or a new bot at a seat.

The sheet (``render``) opens from the finished table's *Change seats* (``reseat:open``); nothing changes until its
*Deal with these seats* (``reseat:deal``), refused while anyone sits at two seats. Always a new deal, dealt in
secret: a phone moved to another seat of the same deal would know the hand it held there, now another's. The phones
then move to their new seats by themselves over the channels already open (``Host.take_over`` with ``moves``); a
phone given no seat is told so, its finished game kept on it.

A person keeps their name at their new seat (a default name, "Player 2", becomes the new seat's); a bot keeps its
level.
"""
from __future__ import annotations

from junban.bots import bot_module
from junban.session import Seat
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.i18n import t
from junban.ui.parts.sheet import sheet

i18n.register("phones")

NEW = ("here", "bot")  # a seat's newcomer: a person at this device, a bot


def may_reseat(table) -> bool:
    """Is there anyone to reseat: a finished game whose table has phones connected?"""
    host = getattr(table, "hosting", None)
    return table.session.is_over and host is not None and any(
        link.welcomed and link.conn is not None for link in host.links.values())


def default_choice(table) -> list[str]:
    """Everyone stays where they were."""
    return [f"s{seat}" for seat in range(len(table.session.seats))]


def choices(table) -> list[str]:
    chosen = getattr(table, "reseat_choice", None)
    return list(chosen) if chosen and len(chosen) == len(table.session.seats) else default_choice(table)


def twice(table, chosen: list[str]) -> int | None:
    """The first seat (of the game just finished) whose occupant is chosen for two seats, or None."""
    seen = set()
    for choice in chosen:
        if choice.startswith("s"):
            if choice in seen:
                return int(choice[1:])
            seen.add(choice)
    return None


def _occupant(table, seat: int) -> str:
    """Who sat at ``seat``: their name and how they play ("Ben · phone")."""
    info = table.session.seats[seat]
    how = "bot" if info.is_bot else "phone" if info.phone else "here"
    return t("reseat.occupant", name=table.seat_name(seat), how=t(f"setup.{how}"))


def render(table):
    seats = table.session.seats
    chosen = choices(table)
    rows = []
    for seat in range(len(seats)):
        options = [h("option", {"value": f"s{old}", "key": f"s{old}", "selected": chosen[seat] == f"s{old}"},
                     _occupant(table, old)) for old in range(len(seats))]
        options += [h("option", {"value": new, "key": new, "selected": chosen[seat] == new}, t(f"reseat.new_{new}"))
                    for new in NEW]
        rows.append(h("li", {"class": "phones-row reseat-row", "key": seat},
                      h("label", {"class": "phones-name", "for": f"reseat-{seat}"}, t("reseat.seat", n=seat + 1)),
                      h("select", {"id": f"reseat-{seat}", "data-field": f"reseat-{seat}", "value": chosen[seat]},
                        options)))
    double = twice(table, chosen)
    left = [old for old in table.session.phone_seats() if f"s{old}" not in chosen]
    return sheet("reseat", t("reseat.title"),
                 [h("p", {"class": "help"}, t("reseat.help")),
                  h("ul", {"class": "phones-list reseat-list"}, rows),
                  h("p", {"class": "error-text field-error", "role": "alert", "id": "reseat-error"},
                    t("reseat.twice", name=table.seat_name(double))) if double is not None else None,
                  h("p", {"class": "help warning", "id": "reseat-left"},
                    t("reseat.no_seat", names=", ".join(table.seat_name(s) for s in left))) if left else None,
                  h("p", {"class": "help", "id": "reseat-deal-help"}, t("reseat.new_deal_only"))],
                 "table:close",
                 actions=[h("button", {"type": "button", "class": "button sheet-first", "data-act": "table:close",
                                       "id": "reseat-cancel"}, t("phones.cancel")),
                          h("button", {"type": "button", "class": "button primary", "data-act": "reseat:deal",
                                       "id": "reseat-deal", "disabled": double is not None},
                            t("reseat.deal"))])


def new_seats(table, chosen: list[str]) -> tuple[list[Seat], dict[int, int | None]]:
    """The next game's seats from the choice, and where each phone of the game just finished goes (None: nowhere)."""
    old = table.session.seats
    _, _, level = table.table_shape()
    level = level or bot_module(table.session.game).DEFAULT_LEVEL
    seats = []
    for seat, choice in enumerate(chosen):
        if choice.startswith("s"):
            source = int(choice[1:])
            info = old[source]
            name = _moved_name(info, source, seat)
            seats.append(Seat("bot", name, info.level) if info.is_bot
                         else Seat("person", name, info.level, phone=info.phone))
        elif choice == "bot":
            seats.append(Seat("bot", f"Bot {seat + 1}", level))
        else:
            seats.append(Seat("person", f"Player {seat + 1}"))
    moves = {source: (chosen.index(f"s{source}") if f"s{source}" in chosen else None)
             for source in table.session.phone_seats()}
    return seats, moves


def _moved_name(info, old: int, new: int) -> str:
    """A person's (or bot's) name at their new seat: their own, or the new seat's default for a default one."""
    key = "seat.bot" if info.is_bot else "seat.person"
    if i18n.default_name(info.name, old, info.kind) == t(key, n=old + 1):
        return f"{'Bot' if info.is_bot else 'Player'} {new + 1}"
    return info.name


def handle(table, act: str, arg: str | None) -> None:
    if act == "reseat:open" and may_reseat(table):
        table.reseat_choice = default_choice(table)
        table.open_sheet("reseat", opener="#reseat")
    elif act == "reseat:deal" and table.sheet.is_open("reseat") and may_reseat(table):
        chosen = choices(table)
        if twice(table, chosen) is not None:
            return
        seats, moves = new_seats(table, chosen)
        table.close_sheet()
        table.replay_table(None, seats=seats, moves=moves)


def field(table, name: str, value) -> bool:
    seats = len(table.session.seats)
    index = name[len("reseat-"):]
    if not index.isdigit() or int(index) >= seats:
        return False
    value = str(value)
    if value not in NEW and not (value[:1] == "s" and value[1:].isdigit() and int(value[1:]) < seats):
        return False
    chosen = choices(table)
    chosen[int(index)] = value
    table.reseat_choice = chosen
    return True
