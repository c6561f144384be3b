"""Eleusis cards and the layout, shared by the table (``eleusis``) and solo science (``eleusis_science``).

Card names as players say them ("Queen of hearts", 「ハートのクイーン」), faces (rank above its suit symbol; red suits in
red, and every suit's symbol differs, so colour is never the only cue), and the layout: the mainline left to
right, each sideline hanging under the mainline card it followed, laid-aside starters first. The layout studies
in two views of one drawing:

- **line** (at the table): one row that scrolls sideways inside itself and starts at its newest card;
- **grid** (the whole layout, in a sheet over the table, and a finished round's review): the same columns wrapped
  into rows as wide as the screen, so 40+ cards are seen at once, a phone's width included.

Every card shows its rank and suit at all times (sideline strings are stacked, never overlapped), and a seat
token under it says who played it (touch has no hover). The line is a strip a few cards tall: under a mainline card
it shows the first wrong card (the first two where wide; a string lies on its side), and beside it a count of the
others ("+3") that opens the whole layout at that card, so no wrong card is ever out of sight without a sign of it. Cards the others put down since the viewer last acted are
ringed. Each card travels when it is played (``parts.motion``): from the hand for the viewer's own plays, from the
player's seat chip otherwise.
"""
from __future__ import annotations

from junban.games.eleusis import cards
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.i18n import t
from junban.ui.parts.motion import flip
from junban.ui.parts.seats import seat_token

i18n.register("eleusis")

RANKS_JA = ("エース", "2", "3", "4", "5", "6", "7", "8", "9", "10", "ジャック", "クイーン", "キング")
SUITS_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}
RANK_SHORT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VIEWS = ("line", "grid")
MARKER_EVERY = 10


def card_name(code: str) -> str:
    """The card as players say it, in the current language: "Queen of hearts" / "ハートのクイーン"."""
    if i18n.language() == "ja":
        return f"{SUITS_JA[cards.suit(code)]}の{RANKS_JA[cards.rank(code) - 1]}"
    return cards.card_name_en(code)


def card_short(code: str) -> str:
    """Rank and suit symbol, for running text: "Q♥"."""
    return RANK_SHORT[cards.rank(code) - 1] + cards.SUIT_SYMBOLS[cards.suit(code)]


def card_names(codes) -> str:
    return t("el.list_sep").join(card_name(c) for c in codes)


def hand_order(code: str) -> int:
    """A hand's order: by suit (spades, hearts, diamonds, clubs), then by rank, as the table engine sorts it."""
    return cards.DECK.index(code)


def card_face(code: str, cls=None, label: bool = False, extra: dict | None = None):
    """A card's face: rank above its suit symbol; red suits in red, and the symbol's shape tells every suit apart.

    With ``label`` the face carries the card's name for screen readers (role img); otherwise it is decoration
    inside something already named."""
    red = cards.is_red(code)
    classes = list(cls) if isinstance(cls, (list, tuple)) else [cls]
    attrs = {"class": ["el-card", "red" if red else "black", f"suit-{cards.suit(code)}", *classes], **(extra or {})}
    if label:
        attrs.update({"role": "img", "aria-label": card_name(code)})
    else:
        attrs["aria-hidden"] = "true"
    # The suit symbol comes from the stylesheet (.suit-S .el-suit::before): a card button's visible text is then
    # its rank alone, which its name ("Queen of hearts") contains, as accessibility checkers want.
    return h("span", attrs,
             h("span", {"class": "el-rank"}, RANK_SHORT[cards.rank(code) - 1]),
             h("span", {"class": "el-suit"}))


def mini_card(code: str):
    """A card in running text (the move log): "Q♥" in its colour, read out by name."""
    return h("span", {"class": ["el-mini", "red" if cards.is_red(code) else "black"]},
             h("span", {"aria-hidden": "true"}, card_short(code)),
             h("span", {"class": "visually-hidden"}, card_name(code)))


def cards_row(codes, cls: str = "el-row", label: bool = True):
    return h("span", {"class": cls}, [card_face(c, label=label) for c in codes])


# ---------------------------------------------------------------------- the layout


LINE_SIDE_SHOWN = (1, 2)  # sideline groups the line shows under a mainline card: on a phone, where wide (760 px+)


def render_layout(line: dict, view_mode: str = "line", *, names=None, recent=None, came_from=None,
                  keys: str | None = None, ident: str = "el-line", study: str | None = None,
                  asked: int | None = None, kept=None):
    """The layout in the line or grid view.

    ``line``: ``mainline``, ``sidelines`` (per mainline card, groups ``{"cards", "seat"}``), ``laid_aside``, and
    optionally ``played_by`` (seat or None per mainline card) and ``marker`` (the Prophet's). ``names(seat)``: a
    seat's name (for screen readers). ``recent``: {"main": set of mainline indexes, "side": set of (index, group)}
    to ring. ``came_from(kind, place)``: where a card not on the page before travels from (``kind`` "main",
    "side" or "aside"). ``keys``: a prefix that makes the cards travel (None: a still picture, e.g. a finished
    round's review). ``study``: the intent of a button that shows the whole layout (None: no button); in the line
    view a column whose sideline is longer than the line shows also gets a count that sends it with the column's
    index. ``asked``: in the grid, the column such a count asked for (marked, and focused by the caller).
    ``kept``: the table's kept parts (``parts.kept``): a column whose inputs did not change is the same drawing
    as last time (a table's update changes one column or two of 40)."""
    mainline = line["mainline"]
    sidelines = line["sidelines"]
    played_by = line.get("played_by") or [None] * len(mainline)
    marker = line.get("marker")
    on = marker["on"] if marker else None
    prophet_from = marker["mainline"] if marker else None
    recent = recent or {"main": set(), "side": set()}

    def travel(key: str, kind: str, place):
        if keys is None:
            return {}
        return flip(f"{keys}-{key}", came_from=came_from(kind, place) if came_from else None)

    columns = []
    if line.get("laid_aside"):
        aside = line["laid_aside"]
        moves = [travel(f"a{j}", "aside", j) for j in range(len(aside))]
        columns.append(_kept(kept, (ident, "aside"), (tuple(aside), _frozen(moves)),
                             lambda: _aside_column(aside, moves)))
    last = len(mainline) - 1
    for i, code in enumerate(mainline):
        groups = sidelines[i] if i < len(sidelines) else []
        who = played_by[i]
        main_move = travel(f"m{i}", "main", i)
        side_moves = [[travel(f"s{i}-{g}-{j}", "side", (i, g, j)) for j in range(len(group["cards"]))]
                      for g, group in enumerate(groups)]
        column = _Column(i, code, groups, who, "played_by" in line and who is None and i > 0, main_move, side_moves)

        def draw(column=column):
            return _column(column, last, on, prophet_from, recent, names, view_mode, study, ident, asked)

        if kept is None:
            columns.append(draw())
            continue
        # Everything the column's drawing reads, as values (names: the seats' as shown now).
        inputs = (code, i == last, i in recent["main"], asked == i, ident, who, column.placed, prophet_from,
                  tuple(on) if on else None, tuple((tuple(g["cards"]), g.get("seat")) for g in groups),
                  tuple((i, g) in recent["side"] for g in range(len(groups))), study, view_mode,
                  tuple(names(s) if names and s is not None else None for s in [who, *(g.get("seat") for g in groups)]),
                  _frozen([main_move]), tuple(_frozen(row) for row in side_moves))
        columns.append(kept.part((ident, i), inputs, draw))
    wrong = sum(len(g["cards"]) for s in sidelines for g in s)
    view_mode = view_mode if view_mode in VIEWS else "line"
    button = None
    if study:
        button = h("button", {"type": "button", "class": "button small el-study", "data-act": study,
                              "id": f"{ident}-study", "aria-haspopup": "dialog"}, t("el.line.study"))
    return h(
        "section", {"class": ["el-layout", f"el-view-{view_mode}"], "aria-labelledby": f"{ident}-title",
                    "data-zone": "line"},
        h("div", {"class": "el-layout-bar"},
          h("h2", {"class": "el-layout-title", "id": f"{ident}-title"},
            t("el.line.title", n=len(mainline)), h("span", {"class": "el-layout-count"},
                                                     t("el.line.wrong_count", n=wrong))),
          button),
        h("div", {"class": "el-scroll", "tabindex": "0", "role": "region", "aria-label": t("el.line.region")},
          h("ol", {"class": "el-line"}, columns)),
    )



class _Column:
    """A mainline card's column, as ``render_layout`` draws it: the card at ``i``, its sideline ``groups``, who
    played it, whether a judge placed it, and where its cards travel from (``flip`` attributes)."""

    __slots__ = ("i", "code", "groups", "who", "placed", "main_move", "side_moves")

    def __init__(self, i, code, groups, who, placed, main_move, side_moves):
        self.i, self.code, self.groups, self.who, self.placed = i, code, groups, who, placed
        self.main_move, self.side_moves = main_move, side_moves


def _aside_column(aside: list, moves: list):
    return h(
        "li", {"class": "el-col el-aside", "key": "aside"},
        h("span", {"class": "el-col-head", "aria-hidden": "true"}, h("span", {"class": "el-col-note"},
                                                                      t("el.line.aside_short"))),
        h("span", {"class": "visually-hidden"}, t("el.line.aside", cards=card_names(aside))),
        h("span", {"class": "el-aside-cards", "aria-hidden": "true"},
          [card_face(c, "el-side-card", extra={"key": j, **moves[j]}) for j, c in enumerate(aside)]))


def _column(column: _Column, last: int, on, prophet_from, recent: dict, names, view_mode: str, study, ident: str,
            asked):
    i, code, who, placed = column.i, column.code, column.who, column.placed
    badges = []
    if (i + 1) % MARKER_EVERY == 0:
        badges.append(h("span", {"class": "el-badge el-ten", "key": "ten"}, str(i + 1)))
    if prophet_from is not None and i >= prophet_from and (i + 1 - prophet_from) % MARKER_EVERY == 0:
        badges.append(h("span", {"class": "el-badge el-pten", "key": "pten"},
                        t("el.line.prophet_ten", n=i + 1 - prophet_from)))
    prophet_here = on is not None and on[0] == "mainline" and on[1] == i
    if prophet_here:
        badges.append(h("span", {"class": "el-badge el-prophet-mark", "key": "p"}, t("el.line.p")))
    groups = []
    words = []
    for g, group in enumerate(column.groups):
        marked = on is not None and on[0] == "sideline" and on[1] == i and on[2] == g
        groups.append(h(
            "li", {"class": ["el-group", "el-string" if len(group["cards"]) > 1 else None,
                             "el-marked" if marked else None, "recent" if (i, g) in recent["side"] else None],
                   "key": g},
            [card_face(c, "el-side-card", extra={"key": j, **column.side_moves[g][j]})
             for j, c in enumerate(group["cards"])],
            h("span", {"class": "el-group-foot"},
              seat_token(group.get("seat")),
              h("span", {"class": "el-badge el-prophet-mark"}, t("el.line.p")) if marked else None)))
        said = card_names(group["cards"]) + (t("el.line.string_note") if len(group["cards"]) > 1 else "")
        if names and group.get("seat") is not None:
            said = t("el.line.by", what=said, name=names(group["seat"]))
        words.append(said)
    more = _more_button(i, code, column.groups, recent, study, ident) if view_mode == "line" else None
    label = t("el.line.card", n=i + 1, card=card_name(code))
    if names and who is not None:
        label = t("el.line.by", what=label, name=names(who))
    if placed:
        label += t("el.line.placed_note")
    if prophet_here:
        label += t("el.line.marker_note")
    if words:
        label += t("el.line.wrong_after", cards="; ".join(words))
    side = h("ul", {"class": "el-side", "aria-hidden": "true"}, groups) if groups else None
    return h(
        "li", {"class": ["el-col", "el-newest" if i == last else None,
                         "recent" if i in recent["main"] else None, "el-asked" if asked == i else None],
               "key": i, "id": f"{ident}-col-{i}" if asked == i else None,
               "tabindex": "-1" if asked == i else None},
        h("span", {"class": "visually-hidden"}, label),
        h("span", {"class": "el-col-head", "aria-hidden": "true"}, badges),
        h("span", {"class": ["el-main", "el-placed" if placed else None], "aria-hidden": "true"},
          card_face(code, extra=column.main_move),
          h("span", {"class": "el-main-foot"}, seat_token(who))),
        h("div", {"class": "el-side-row"}, side, more) if more is not None else side)


def _frozen(attrs_list: list) -> tuple:
    """Attribute dicts as a value to compare (a kept part's inputs)."""
    return tuple(tuple(sorted(attrs.items())) for attrs in attrs_list)


def _kept(kept, name, inputs: tuple, draw):
    return draw() if kept is None else kept.part(name, inputs, draw)


def _more_button(i: int, code: str, groups: list, recent: dict, study: str | None, ident: str):
    """The count beside a sideline longer than the line shows under mainline card ``i`` ("+3": the wrong cards
    out of sight), which opens the whole layout at that card. Its text is the count for a phone and for a wide
    screen (``LINE_SIDE_SHOWN``); the stylesheet shows the one that applies, and hides the button where nothing
    is out of sight."""
    if study is None:
        return None
    total = sum(len(g["cards"]) for g in groups)
    hidden = [total - sum(len(g["cards"]) for g in groups[:shown]) for shown in LINE_SIDE_SHOWN]
    if not hidden[0]:
        return None
    out_of_sight = range(LINE_SIDE_SHOWN[0], len(groups))
    return h("button", {"type": "button", "data-act": study, "data-arg": str(i), "id": f"{ident}-more-{i}",
                        "class": ["el-more", "el-more-narrow-only" if not hidden[1] else None,
                                  "recent" if any((i, g) in recent["side"] for g in out_of_sight) else None],
                        "aria-label": t("el.line.more_label", n=total, card=card_name(code)),
                        "aria-haspopup": "dialog"},
             h("span", {"class": "el-more-narrow", "aria-hidden": "true"}, t("el.line.more", n=hidden[0])),
             h("span", {"class": "el-more-wide", "aria-hidden": "true"}, t("el.line.more", n=hidden[1])))


def open_whole_layout(table, arg: str | None) -> None:
    """Open the whole layout's sheet: from its button, or from a sideline's count (``arg``: the column's index;
    the sheet then opens at that column, and focus goes back to the count when it closes)."""
    column = asked_column(arg)
    if column is None:
        table.open_sheet("layout", opener="#el-line-study")
    else:
        table.open_sheet("layout", arg=str(column), opener=f"#el-line-more-{column}",
                         focus=f"#el-study-col-{column}")


def asked_column(arg: str | None) -> int | None:
    """The column a sideline's count asked the whole layout for (None: the whole layout's own button)."""
    return int(arg) if isinstance(arg, str) and arg.isdigit() and len(arg) < 4 else None
