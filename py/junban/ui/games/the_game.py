"""The Game at the table: pick a card, then a pile (or drag it there, or tap it twice); end the turn; markers from
the pile itself; hint; the result.

Everything legal comes from the engine (``legal_actions``); this module only draws the view and builds actions.
Accessible names: a card in hand is named by its number ("37", a fire card "22 fire"); a pile by its direction,
its key and its top ("Ascending pile 1, top 12" ... "Descending pile 4, top 88"); the end-turn button "End turn".
Cards wear the printed deck's colour scale (``--v``, the value, sets the hue in CSS).
"""
from __future__ import annotations

from junban import bots as bot_registry
from junban.games.the_game.rules import WIN_MAX_LEFT, fits, is_backwards_trick, overdue_fire
from junban.ui import i18n
from junban.ui.charts import binned_chart
from junban.ui.dom import h
from junban.ui.i18n import t
from junban.ui.parts.motion import draggable, drop_target, dropped, flip, origin
from junban.ui.parts.sheet import confirm, sheet

i18n.register("the_game")

DEFAULT_PLAYERS = 1
DEFAULT_BOTS = 0
VARIANT_FLAGS = ("expert", "small_hands", "on_fire")
BUCKET_NAMES = {"expert": "expert", "small_hands": "small", "on_fire": "fire"}
KEYS_TO_PILES = {"1": 0, "2": 1, "3": 2, "4": 3}


# ---------------------------------------------------------------------- setup


def default_config(players: int) -> dict:
    return {"players": players, "expert": False, "small_hands": False, "on_fire": False, "strict": False,
            "start": None}


def adjust_config(config: dict, players: int) -> dict:
    config = dict(config, players=players)
    if config.get("start") is not None and config["start"] >= players:
        config["start"] = None
    return config


def setup_config(screen) -> dict:
    return dict(screen.config, players=screen.players)


def setup_options(screen):
    config = screen.config
    checks = []
    for flag in (*VARIANT_FLAGS, "strict"):
        checks.append(
            h("label", {"class": "check", "key": flag},
              h("input", {"type": "checkbox", "data-field": f"opt-{flag}", "checked": bool(config.get(flag))}),
              h("span", {}, h("strong", {}, t(f"tg.opt.{flag}")), " ", h("span", {"class": "muted"}, t(f"tg.opt.{flag}.help"))))
        )
    start_choice = None
    if screen.players > 1:
        suggested = _suggested_start(screen)
        names = screen.seat_names()
        options = [h("option", {"value": "auto", "selected": config.get("start") is None, "key": "auto"},
                     t("tg.start.suggested", name=names[suggested]) if suggested is not None else t("tg.start.auto"))]
        for i, name in enumerate(names):
            options.append(h("option", {"value": str(i), "selected": config.get("start") == i, "key": i}, name))
        start_choice = h("label", {"class": "field"}, h("span", {"class": "field-label"}, t("tg.start")),
                         h("select", {"data-field": "opt-start"}, options),
                         h("span", {"class": "help"}, t("tg.start.help")))
    return h("fieldset", {"class": "group"}, h("legend", {}, t("setup.options")), checks, start_choice)


def _suggested_start(screen) -> int | None:
    from junban.games.the_game.rules import deal, normalize_config, suggest_start
    from junban.rng import normalize_seed

    try:
        config = normalize_config(dict(screen.config, players=screen.players, start=None))
        _, hands = deal(config, normalize_seed(screen.seed))
    except (ValueError, Exception):
        return None
    return suggest_start(hands)


def setup_field(screen, name: str, value) -> bool:
    if name.startswith("opt-") and name[4:] in (*VARIANT_FLAGS, "strict"):
        screen.config[name[4:]] = bool(value)
        return True
    if name == "opt-start":
        screen.config["start"] = int(value) if isinstance(value, str) and value.isdigit() and int(value) < screen.players else None
        return True
    return False


def setup_handle(screen, act: str, arg: str | None) -> None:
    return None


# ---------------------------------------------------------------------- the table


DOUBLE_TAP = 0.5  # seconds: a second tap on a pile this soon is the rest of a double tap, not a new intent


def new_table_state() -> dict:
    """The picked card; the hint shown; the card the hint picked for the person (tapping it, as the hint says,
    keeps it picked instead of putting it down); the last pile tapped, and when."""
    return {"selected": None, "hint": None, "hint_picked": None, "pile_tapped": None}


def pile_name(pile: int) -> str:
    """A pile's name says its direction and its key: "Ascending pile 1" (key 1) ... "Descending pile 4" (key 4)."""
    return t("tg.pile.up", n=pile + 1) if pile < 2 else t("tg.pile.down", n=pile + 1)


def card_label(card: int, fire: bool) -> str:
    return t("tg.card.fire", card=card) if fire else str(card)


def card_style(card: object) -> str:
    """The CSS that colours a card by its value: only ever a card's own number (2-99). A phone draws what a host
    sent; nothing else ever reaches a style (issue 39: ``"5;background-image:url(…)"``)."""
    return f"--v:{card}" if type(card) is int and 2 <= card <= 99 else ""


def _flame(cls: str = "flame"):
    return h("svg", {"class": cls, "viewBox": "0 0 16 16", "aria-hidden": "true", "focusable": "false"},
             h("path", {"d": "M8 1c1 3 4 4.5 4 8.5A4 4 0 0 1 4 9.5C4 7 6 6 6 4c1.2.8 1.6 2 1.6 3C9 6 8.8 3.5 8 1z"}))


def _face(card: int, fire: bool, extra: dict | None = None, cls: str = "face", word: bool = False):
    """A card as the printed deck shows it: its number large and in both corners (drawn by CSS from ``data-n``, so
    a screen reader hears the number once), its colour by its value."""
    return h("span", {"class": [cls, "fire" if fire else None], "style": card_style(card), "data-n": str(card),
                      **(extra or {})},
             _flame() if fire else None,
             h("span", {"class": "card-num"}, str(card)),
             h("span", {"class": "fire-word", "aria-hidden": "true"}, t("tg.fire")) if word else None)


def seat_status(table, view: dict, seat: int):
    """What a seat chip says besides the name: the cards in that hand (a card sign and the number; the words are
    for screen readers, so five chips fit a phone's width)."""
    n = view["hand_counts"][seat]
    return [h("span", {"class": "hand-sign", "aria-hidden": "true"}), str(n),
            h("span", {"class": "visually-hidden"}, " ", t("tg.cards_word", n=n))]


def seat_facts(view: dict, seat: int) -> tuple:
    """Everything ``seat_status`` reads of the view for ``seat`` (the table keeps the chip while it is equal)."""
    return (view["hand_counts"][seat],)


def _legal_plays(table) -> tuple[list[dict], set]:
    legal = table.session.legal_actions() if table.my_turn() else []
    return legal, {(a["play"], a["pile"]) for a in legal if "play" in a}


def render_table(table):
    view = table.view()
    fire = set(view["fire_cards"])
    legal, plays = _legal_plays(table)
    selected = table.local["selected"]
    if selected is not None and selected not in view["hand"]:
        selected = table.local["selected"] = None
    hint = table.local.get("hint")
    played_by = _recent_plays(table)
    return h(
        "section", {"class": ["tg-table", "my-turn" if table.my_turn() else None], "aria-label": t("tg.table")},
        _status(table, view),
        h("div", {"class": "piles", "role": "group", "aria-label": t("tg.piles"), "data-zone": "piles"},
          [_pile(table, view, p, selected, plays, fire, hint, played_by) for p in range(4)]),
        _message(table, view, legal, selected, plays),
        _hand(table, view, selected, plays, fire, hint),
        _turn_actions(table, view, legal),
    )


def render_replay(table, note: str):
    """A replayed position (``the_game_review``): the piles and the acting seat's hand, read-only, the next action
    highlighted as a hint is, and ``note`` saying what it is."""
    view = table.view()
    fire = set(view["fire_cards"])
    hint = table.local.get("hint")
    return [
        _status(table, view, note=h("p", {"class": "status review-note", "id": "review-note"}, note)),
        h("div", {"class": "piles", "role": "group", "aria-label": t("tg.piles"), "data-zone": "piles"},
          [_pile(table, view, p, None, set(), fire, hint, {}, hint_word=t("tg.next")) for p in range(4)]),
        _hand(table, view, table.local.get("selected"), set(), fire, hint),
    ]


def end_actions(table):
    """What The Game adds to the end of a game: "Analyse this deal" (could it have been won?)."""
    return h("button", {"type": "button", "class": "button", "data-act": "tg:analyse", "id": "analyse"},
             t("tg.review.open"))


def _recent_plays(table) -> dict:
    """card -> seat, for the cards the others played since the viewer last acted (marked on the piles)."""
    marked = {}
    for entry in table.since_my_turn():
        event = entry.event
        if event["kind"] == "play":
            marked[event["card"]] = entry.seat
        elif event["kind"] == "undo":
            marked.pop(event["card"], None)
    return marked


def _who_played(table, card: int) -> int | None:
    """The seat that played ``card`` (from the move log), for a card that was not on screen before."""
    for entry in reversed(table.log.entries):
        if entry.event["kind"] == "play" and entry.event["card"] == card:
            return entry.seat
    return None


def _variants(config: dict):
    """The variants this table plays (Expert, Smaller hands, On Fire, Strict table), as small tags; none: nothing."""
    on = [flag for flag in (*VARIANT_FLAGS, "strict") if config.get(flag)]
    if not on:
        return None
    return h("ul", {"class": "tg-variants", "aria-label": t("tg.variants")},
             [h("li", {"class": ["tg-variant", f"tg-variant-{flag}"], "key": flag}, t(f"tg.opt.{flag}")) for flag in on])


def _status(table, view, note=None):
    """The turn (or ``note`` instead), the draw pile, and the variants the table plays."""
    session = table.session
    if session.is_over:
        text = t("tg.status.over")
    else:
        active = view["active"]
        played = len(view["played_this_turn"])
        if table.my_turn():
            need = max(0, view["minimum"] - played)
            text = t("tg.status.mine", n=need) if need else t("tg.status.mine_done", played=played)
        else:
            text = t("tg.status.turn", name=table.seat_name(active), n=view["minimum"], played=played)
    return h("div", {"class": "status-row"},
             note or h("p", {"class": "status", "id": "status", "tabindex": "-1", "key": f"turn-{view['turn']}"}, text),
             h("p", {"class": "draw-pile", "aria-label": t("tg.draw_pile", n=view["draw_count"]), **origin("draw-pile")},
               h("span", {"class": "draw-stack", "aria-hidden": "true"}),
               h("span", {"class": "draw-count"}, str(view["draw_count"])),
               h("span", {"class": "draw-word"}, t("tg.draw_short"))),
             _variants(table.session.config))


def _pile(table, view, p, selected, plays, fire, hint, played_by, hint_word: str | None = None):
    """Pile ``p``, kept while everything it shows is the same (``parts/kept.py``)."""
    pile = view["piles"][p]
    cards = pile["cards"]
    last = cards[-4:]
    can_take = selected is not None and (selected, p) in plays
    marker = pile["marker"]
    inputs = (pile["top"], tuple(last), len(cards), pile["ascending"], pile["fire_on_top"],
              pile["top_played_this_turn"], (marker["kind"], table.seat_name(marker["seat"])) if marker else None,
              can_take, can_take and is_backwards_trick(selected, p, pile["top"]),
              hint is not None and "play" in hint and hint.get("pile") == p, selected is None, table.hand_visible(),
              table.session.is_over, tuple(table.seat_name(played_by[c]) if c in played_by else None for c in last),
              _who_played(table, pile["top"]) if cards and pile["top_played_this_turn"] else None, hint_word)
    return table.kept.part(("tg-pile", p), inputs,
                           lambda: _draw_pile(table, view, p, selected, plays, fire, hint, played_by, hint_word))


def _draw_pile(table, view, p, selected, plays, fire, hint, played_by, hint_word: str | None = None):
    pile = view["piles"][p]
    top = pile["top"]
    cards = pile["cards"]
    ascending = pile["ascending"]
    can_take = selected is not None and (selected, p) in plays
    trick = can_take and is_backwards_trick(selected, p, top)
    hinted = hint is not None and "play" in hint and hint.get("pile") == p
    marker = pile["marker"]
    # The accessible name comes from the content ("Ascending pile 1, top 12, ..."), so the visible number is part
    # of it; decorations are aria-hidden.
    extras = []
    if pile["fire_on_top"]:
        extras.append(t("tg.pile.fire_label"))
    if marker:
        extras.append(t(f"tg.marker.{marker['kind']}.label"))
    if trick:
        extras.append(t("tg.trick_label"))
    if cards and cards[-1] in played_by:
        extras.append(t("tg.pile.played_by", name=table.seat_name(played_by[cards[-1]])))
    before, _, after = t("tg.pile.label", name=pile_name(p), top="\0").partition("\0")
    if cards:
        # A card just played by someone whose hand is not shown flies in from their seat chip.
        who = _who_played(table, top) if pile["top_played_this_turn"] else None
        face = _face(top, pile["fire_on_top"],
                     {"key": f"top-{top}", **flip(f"tg-{top}", came_from=f"seat-{who}" if who is not None else None)})
    else:
        face = h("span", {"class": "face start", "key": "start"}, h("span", {"class": "card-num"}, str(top)))
    # The cards under the top, newest first: the stylesheet lays them out right to left from the count and drops
    # whole the oldest that do not fit (never a chip cut in half).
    trail = [h("span", {"class": ["trail-card", "recent" if c in played_by else None], "key": c,
                        "style": card_style(c)}, str(c)) for c in reversed(cards[-4:-1])]
    fire_note = None
    if pile["fire_on_top"] and not table.session.is_over:
        urgent = not pile["top_played_this_turn"]
        fire_note = h("span", {"class": ["fire-note", "urgent" if urgent else None]}, _flame("flame small"),
                      t("tg.fire.cover_now") if urgent else t("tg.fire.cover_next"))
    recent_top = cards[-1] if cards and cards[-1] in played_by else None
    return h(
        "div", {"class": ["pile-wrap", "up" if ascending else "down"], "key": p},
        h("button", {
            "type": "button",
            "class": ["pile", "up" if ascending else "down", "legal" if can_take else None,
                      "trick" if trick else None, "fresh" if pile["top_played_this_turn"] else None,
                      "fire-top" if pile["fire_on_top"] else None, "hinted" if hinted else None,
                      "recent" if recent_top is not None else None,
                      "dim" if selected is not None and not can_take else None],
            "data-act": "tg:pile", "data-arg": str(p), "id": f"pile-{p}", "aria-keyshortcuts": str(p + 1),
            "aria-haspopup": "dialog" if selected is None and table.hand_visible() else None,
            **drop_target(f"pile-{p}"),
        },
            h("span", {"class": "pile-head", "aria-hidden": "true"},
              h("span", {"class": "pile-key"}, str(p + 1)),
              h("span", {"class": "pile-dir"}, h("span", {"class": "arrow"}, "▲" if ascending else "▼"),
                "1→99" if ascending else "100→2")),
            h("span", {"class": ["pile-top", "fire" if pile["fire_on_top"] else None]},
              h("span", {"class": "visually-hidden"}, before) if before else None,
              face,
              h("span", {"class": "visually-hidden"}, after + "".join(", " + e for e in extras))
              if after or extras else None),
            h("span", {"class": "pile-foot", "aria-hidden": "true"},
              h("span", {"class": "pile-trail"}, trail or "\u00a0"),
              h("span", {"class": "pile-count"}, str(len(cards)))),
            h("span", {"class": "recent-tag", "aria-hidden": "true"}, table.seat_name(played_by[recent_top]))
            if recent_top is not None else None,
            h("span", {"class": "trick-badge", "aria-hidden": "true"}, t("tg.trick")) if trick else None,
            h("span", {"class": "hint-badge", "aria-hidden": "true"}, hint_word or t("tg.hint")) if hinted else None,
            h("span", {"class": ["marker-badge", f"marker-{marker['kind']}"], "aria-hidden": "true"},
              h("span", {"class": "marker-kind"}, t(f"tg.marker.{marker['kind']}.short")),
              h("span", {"class": "marker-who"}, table.seat_name(marker["seat"]))) if marker else None,
        ),
        fire_note,
    )


def _message(table, view, legal, selected, plays):
    """One line under the piles: what to do next, a hint, or why a card cannot go anywhere."""
    text, cls = None, "muted"
    hint = table.local.get("hint")
    if table.my_turn():
        can_end = {"end_turn": True} in legal
        played = len(view["played_this_turn"])
        need = max(0, view["minimum"] - played)
        if hint is not None:
            text, cls = _hint_text(hint), "hint-text"
        elif not can_end and not plays:
            text, cls = t("tg.stuck"), "warning"
        elif selected is not None and not any((selected, p) in plays for p in range(4)):
            text = t("tg.fits_nowhere", card=selected)
        elif selected is not None:
            text = t("tg.pick_pile", card=selected)
        elif need:
            text = t("tg.play_more", n=need)
        else:
            text = t("tg.may_end")
    return h("p", {"class": ["tg-message", cls], "id": "hint-text" if cls == "hint-text" else "tg-message",
                   "role": "alert" if cls == "warning" else None}, text or "\u00a0")


def _hand(table, view, selected, plays, fire, hint):
    if not table.hand_visible():
        return h("section", {"class": "hand hidden-hand"}, h("p", {"class": "muted"}, t("tg.hand.hidden")))
    cards = []
    my_turn = table.my_turn()
    for card in view["hand"]:
        is_fire = card in fire
        piles = tuple(p for p in range(4) if (card, p) in plays)
        hinted = hint is not None and hint.get("play") == card
        # kept while what it shows is the same (``parts/kept.py``)
        cards.append(table.kept.part(("tg-card", card), (is_fire, card == selected, my_turn, hinted, piles),
                                     lambda card=card, is_fire=is_fire, piles=piles, hinted=hinted:
                                     _card_button(card, is_fire, card == selected, my_turn, hinted, piles)))
    name = table.seat_name(table.viewer)
    return h("section", {"class": "hand", "aria-label": t("tg.hand.of", name=name), "data-zone": "hand"},
             h("h2", {"class": "hand-title visually-hidden"}, t("tg.hand.of", name=name)),
             h("div", {"class": ["cards", f"n{len(cards)}"]}, cards) if cards
             else h("p", {"class": "muted"}, t("tg.hand.empty")))


def _card_button(card: int, is_fire: bool, selected: bool, my_turn: bool, hinted: bool, piles: tuple):
    """A card of the hand. The button is the place to touch (the whole cell: at least 44 px wide even with 8 cards
    on a phone); the face inside it is the card that is seen, and travels."""
    return h("button", {
        "type": "button", "key": card, "id": f"card-{card}",
        "class": ["card", "selected" if selected else None, "unplayable" if my_turn and not piles else None,
                  "hinted" if hinted else None],
        "data-act": "tg:card", "data-arg": str(card), "aria-pressed": "true" if selected else "false",
        "aria-label": card_label(card, is_fire),
        **draggable("tg:drop", str(card), [f"pile-{p}" for p in piles]),
    },
        _face(card, is_fire, flip(f"tg-{card}", came_from="draw-pile"), word=is_fire))


def _turn_actions(table, view, legal):
    if not table.my_turn():
        waiting = None
        if not table.session.is_over and table.session.to_act is not None:
            waiting = t("tg.waiting", name=table.seat_name(table.session.to_act))
        return h("div", {"class": "turn-actions waiting-bar action-bar"}, h("p", {"class": "waiting"}, waiting) if waiting else None)
    can_end = {"end_turn": True} in legal
    can_undo = {"undo": True} in legal
    strict = table.session.config["strict"]
    return h(
        "div", {"class": "turn-actions action-bar"},
        h("div", {"class": "buttons"},
          h("button", {"type": "button", "class": "button primary big", "data-act": "tg:end", "id": "end-turn",
                       "disabled": not can_end, "aria-keyshortcuts": "E"}, t("tg.end_turn")),
          h("button", {"type": "button", "class": "button", "data-act": "tg:undo", "id": "undo",
                       "disabled": not can_undo, "aria-keyshortcuts": "U"}, t("tg.undo"))
          if not strict else None,
          h("button", {"type": "button", "class": "button quiet", "data-act": "tg:hint", "id": "hint",
                       "aria-keyshortcuts": "H"}, t("tg.hint"))),
        h("p", {"class": "keys muted"}, t("tg.keys.strict" if strict else "tg.keys")),
    )


def _hint_text(hint: dict) -> str:
    if "play" in hint:
        return t("tg.hint.play", card=hint["play"], pile=pile_name(hint["pile"]))
    if "end_turn" in hint:
        return t("tg.hint.end")
    if "undo" in hint:
        return t("tg.hint.undo")
    return t("tg.hint.none")


# ---------------------------------------------------------------------- sheets: a pile's markers, ending on fire


def render_sheet(table, name: str, arg: str | None):
    if name == "markers" and arg in ("0", "1", "2", "3"):
        return _markers_sheet(table, int(arg))
    if name == "fire-end":
        pile = int(arg) if arg in ("0", "1", "2", "3") else 0
        view = table.view()
        return confirm("fire-end", t("tg.fire_end.title"),
                       t("tg.fire_end.text", card=view["piles"][pile]["top"], pile=pile_name(pile)),
                       yes=(t("tg.fire_end.yes"), "tg:end-anyway"), no=(t("tg.fire_end.no"), "table:close"),
                       danger=True)
    return None


def _markers_sheet(table, p: int):
    """The table talk, set from the pile itself: one marker per pile; only its setter clears it."""
    marker = table.view()["piles"][p]["marker"]
    current = marker["kind"] if marker else None
    mine = marker is not None and marker["seat"] == table.viewer
    items = []
    for kind in (None, "keep", "small"):
        label = t(f"tg.marker.{kind or 'none'}")
        disabled = (kind is None and marker is not None and not mine) or (kind is None and marker is None)
        items.append(h("button", {"type": "button", "role": "menuitemradio", "key": kind or "none",
                                  "class": ["menu-choice", "sheet-first" if kind == current else None],
                                  "aria-checked": "true" if kind == current else "false",
                                  "data-act": "tg:mark", "data-arg": f"{p}:{kind or 'none'}",
                                  "disabled": True if disabled and kind != current else None}, label))
    owner = t("tg.markers.owner", name=table.seat_name(marker["seat"])) if marker else None
    return sheet("markers", t("tg.markers.of", pile=pile_name(p)),
                 [h("p", {"class": "help"}, t("tg.markers.help")),
                  h("p", {"class": "muted"}, owner) if owner else None,
                  h("div", {"class": "menu-choices", "role": "menu", "aria-label": t("tg.markers.of", pile=pile_name(p))},
                    items)],
                 "table:close", kind="menu")


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    local = table.local
    if act == "tg:card" and arg and arg.isdigit():
        tap_card(table, int(arg))
    elif act == "tg:pile" and arg in ("0", "1", "2", "3"):
        tap_pile(table, int(arg))
    elif act == "tg:drop":
        target = dropped(arg)
        if target and target[0].isdigit() and target[1] in ("pile-0", "pile-1", "pile-2", "pile-3"):
            local["selected"] = int(target[0])
            play_on(table, int(target[1][-1]))
    elif act == "tg:end":
        end_turn(table)
    elif act == "tg:end-anyway":
        table.close_sheet()
        end_turn(table, confirmed=True)
    elif act == "tg:undo":
        if table.session.config["strict"]:
            return
        if table.my_turn() and table.act({"undo": True}):
            local.update(selected=None, hint=None)
    elif act == "tg:hint":
        give_hint(table)
    elif act == "tg:mark":
        set_marker(table, arg)
    elif act == "tg:analyse" and table.session.is_over:
        from junban.ui.games.the_game_review import Review

        table.close_sheet()
        table.start_review(Review(table))


def tap_card(table, card: int) -> None:
    """Pick a card; tap the picked card again and it goes to its pile, if exactly one pile takes it (else it is put
    back). A card the hint picked stays picked when tapped, as the hint's words say to, so the pile tapped next
    takes it."""
    local = table.local
    if not table.hand_visible():
        return
    if local["selected"] == card and local.get("hint_picked") == card:
        local["hint_picked"] = None  # "Play 37 on ...": the person taps 37 as told; it stays picked
    elif local["selected"] == card:
        _, plays = _legal_plays(table)
        piles = [p for p in range(4) if (card, p) in plays]
        if len(piles) == 1:
            play_on(table, piles[0])
            return
        local["selected"] = None
    else:
        local["selected"] = card
        local["hint_picked"] = None
    table.services.focus_after_render(f"#card-{card}")


def tap_pile(table, pile: int) -> None:
    """With a card picked, play it there; with none, open the pile's markers — unless the tap is the second of a
    quick double tap on that pile (before the play the first tap made is drawn, or within ``DOUBLE_TAP`` of it): a
    double tap plays the card and stops, so the tap after it, meant for the hand, never lands on a marker."""
    local = table.local
    now = table.services.platform.now()
    last, local["pile_tapped"] = local.get("pile_tapped"), None
    if local["selected"] is None:
        if last is not None and last[0] == pile and (last[1] is None or now - last[1] < DOUBLE_TAP):
            local["pile_tapped"] = (pile, now)  # a third quick tap is still the same gesture
            return
        if table.hand_visible():
            table.open_sheet("markers", str(pile), opener=f"#pile-{pile}")
        return
    play_on(table, pile)
    # The interval counts from when the play is seen (``drawn``): a slow phone may draw it well after the tap, and
    # the second tap of the gesture, waiting meanwhile, then comes at once.
    local["pile_tapped"] = (pile, None)


def drawn(table, now: float) -> None:
    """The table has just been drawn (at ``now``): a play a pile tap made is seen from now on."""
    tapped = table.local.get("pile_tapped")
    if tapped is not None and tapped[1] is None:
        table.local["pile_tapped"] = (tapped[0], now)


def end_turn(table, confirmed: bool = False) -> None:
    if not table.my_turn():
        return
    pile = overdue_fire(table.view())
    if pile is not None and not confirmed:
        table.open_sheet("fire-end", str(pile), opener="#end-turn")
        return
    if table.act({"end_turn": True}):
        table.local.update(selected=None, hint=None)


def set_marker(table, arg: str | None) -> None:
    if not table.hand_visible() or not arg or ":" not in arg:
        return
    pile, _, kind = arg.partition(":")
    if pile not in ("0", "1", "2", "3") or kind not in ("none", "keep", "small"):
        return
    marker = table.view()["piles"][int(pile)]["marker"]
    current = marker["kind"] if marker else None
    wanted = None if kind == "none" else kind
    table.close_sheet()
    if wanted == current:
        return  # already so: nothing to change
    table.act({"mark": wanted, "pile": int(pile), "seat": table.viewer})


def play_on(table, pile: int) -> None:
    local = table.local
    card = local["selected"]
    if not table.my_turn():
        return
    if card is None:
        table.services.notify(t("tg.pick_first"), "info", key="illegal")
        return
    view = table.view()
    top = view["piles"][pile]["top"]
    if not fits(card, pile, top):
        table.refuse(t("tg.no_fit", card=card, pile=pile_name(pile), top=top))
        return
    hand = view["hand"]
    index = hand.index(card)
    if table.act({"play": card, "pile": pile}):
        local.update(selected=None, hint=None)
        rest = [c for c in hand if c != card]
        if table.sheet.is_open():  # the last card ended the game: the result has the focus
            return
        if rest:
            table.services.focus_after_render(f"#card-{rest[min(index, len(rest) - 1)]}")
        else:
            table.services.focus_after_render("#end-turn")


def give_hint(table) -> None:
    if not table.my_turn():
        return
    module = bot_registry.bot_module("the-game")
    bot = bot_registry.make_bot_from("the-game", module.DEFAULT_LEVEL, table.session.hint_seed, table.viewer)
    action = bot.suggest(table.view())  # the person's own view only; a play, end turn or undo
    table.note_hint()  # the game is assisted from now on
    table.local["hint"] = action
    table.local["selected"] = table.local["hint_picked"] = action.get("play")
    table.services.announce(_hint_text(action))


def key(table, key: str, ctrl: bool) -> bool:
    local = table.local
    if not table.hand_visible():
        return False
    hand = table.view()["hand"]
    if key in KEYS_TO_PILES and local["selected"] is not None:
        play_on(table, KEYS_TO_PILES[key])
        return True
    if key in ("ArrowRight", "ArrowLeft") and hand:
        current = local["selected"]
        if current in hand:
            index = hand.index(current) + (1 if key == "ArrowRight" else -1)
        else:
            index = 0 if key == "ArrowRight" else len(hand) - 1
        local["selected"] = hand[index % len(hand)]
        table.services.focus_after_render(f"#card-{local['selected']}")
        return True
    if key == "Escape" and local["selected"] is not None:
        local["selected"] = None
        return True
    if key in ("e", "E") and not ctrl:
        end_turn(table)
        return True
    if ((key in ("u", "U") and not ctrl) or (key in ("z", "Z") and ctrl)) and not table.session.config["strict"]:
        handle(table, "tg:undo", None)
        return True
    if key in ("h", "H") and not ctrl:
        give_hint(table)
        return True
    return False


# ---------------------------------------------------------------------- telling what happened


def log_event(before: dict, after: dict, action: dict, seat: int | None) -> dict | None:
    """What an action did, for the move log: public facts only (the piles and the hand counts)."""
    if "play" in action:
        card, pile = action["play"], action["pile"]
        trick = is_backwards_trick(card, pile, before["piles"][pile]["top"])
        fire = card in before["fire_cards"]
        return {"kind": "play", "card": card, "pile": pile,
                "marks": [m for m, on in (("trick", trick), ("fire", fire)) if on]}
    if "end_turn" in action:
        drawn = after["hand_counts"][seat] - before["hand_counts"][seat] if seat is not None else 0
        return {"kind": "end", "drawn": max(0, drawn), "ends_turn": True}
    if "undo" in action:
        card, pile = before["played_this_turn"][-1]
        return {"kind": "undo", "card": card, "pile": pile, "marks": ["undo"]}
    if "mark" in action:
        return {"kind": "mark", "pile": action["pile"], "marker": action["mark"], "seat": action.get("seat", seat),
                "aside": True}
    return None


def pile_short(pile: int) -> str:
    return f"{'▲' if pile < 2 else '▼'}{pile + 1}"


def render_event(table, event: dict, compact: bool):
    kind = event["kind"]
    if kind == "play":
        marks = event.get("marks", [])
        return [h("span", {"class": "log-card", "style": card_style(event["card"])}, str(event["card"])),
                h("span", {"class": "log-pile"}, "→", pile_short(event["pile"])),
                h("span", {"class": "log-mark trick"}, t("tg.log.trick")) if "trick" in marks else None,
                h("span", {"class": "log-mark fire"}, _flame("flame small"), h("span", {"class": "visually-hidden"},
                                                                                t("tg.fire"))) if "fire" in marks
                else None]
    if kind == "end":
        n = event["drawn"]
        if compact:
            return t("tg.log.drew_short", n=n) if n else t("tg.log.ended_short")
        return t("tg.log.drew", n=n) if n else t("tg.log.ended")
    if kind == "undo":
        return t("tg.log.undo", card=event["card"])
    if kind == "mark":
        if event["marker"] is None:
            return t("tg.log.unmark", pile=pile_short(event["pile"]))
        return t("tg.log.mark", pile=pile_short(event["pile"]), marker=t(f"tg.marker.{event['marker']}.short"))
    return ""


def describe_action(table, before: dict | None, action: dict, seat: int | None) -> str:
    name = table.seat_name(seat) if seat is not None else ""
    if "play" in action and before is not None:
        card, pile = action["play"], action["pile"]
        top = before["piles"][pile]["top"]
        text = t("tg.said.play", name=name, card=card_label(card, card in before["fire_cards"]), pile=pile_name(pile))
        if is_backwards_trick(card, pile, top):
            text += " " + t("tg.said.trick")
        return text
    if "end_turn" in action:
        after = table.session.view(seat)
        drawn = after["hand_counts"][seat] - before["hand_counts"][seat] if before else 0
        return t("tg.said.end", name=name, n=drawn) if drawn > 0 else t("tg.said.end_nodraw", name=name)
    if "undo" in action:
        return t("tg.said.undo", name=name)
    if "mark" in action:
        marker_seat = action.get("seat", seat)
        who = table.seat_name(marker_seat) if marker_seat is not None else name
        if action["mark"] is None:
            return t("tg.said.unmark", name=who, pile=pile_name(action["pile"]))
        return t("tg.said.mark", name=who, pile=pile_name(action["pile"]), marker=t(f"tg.marker.{action['mark']}"))
    return ""


def result_line(table) -> str:
    outcome = table.session.outcome
    return f"{t('tg.result.' + outcome['result'])} {t('tg.left', n=outcome['left'])}"


def reason_text(table, outcome: dict) -> str:
    reason = outcome["reason"]
    seat = outcome.get("seat")
    name = table.seat_name(seat) if seat is not None else ""
    if reason == "all-played":
        return t("tg.reason.all")
    if reason == "stuck":
        return t("tg.reason.stuck", name=name)
    if reason == "fire":
        return t("tg.reason.fire", card=outcome["card"], pile=pile_name(outcome["pile"]), name=name)
    return t("tg.reason.fire_end", card=outcome["card"], pile=pile_name(outcome["pile"]))


def celebrate(table) -> str | None:
    """A perfect game is celebrated; a win is cheered a little; a loss is not."""
    result = table.session.outcome["result"]
    return {"perfect": "perfect", "win": "win"}.get(result)


def result_summary(table):
    outcome = table.session.outcome
    result = outcome["result"]
    played = 98 - outcome["left"]
    return h("div", {"class": ["result", f"result-{result}"]},
             h("p", {"class": "result-mark", "aria-hidden": "true"},
               {"perfect": "★", "win": "✓", "loss": "✕"}[result]),
             h("h2", {"id": "end-title"}, t(f"tg.result.{result}")),
             h("p", {"class": "left-count"}, t("tg.left", n=outcome["left"])),
             h("div", {"class": "result-meter", "role": "img", "aria-label": t("tg.result.meter", played=played)},
               h("span", {"class": "result-fill", "style": f"width:{played / 98 * 100:.1f}%"})),
             h("p", {"class": "reason"}, reason_text(table, outcome)))


# ---------------------------------------------------------------------- history


def bucket_of(config: dict) -> str:
    names = [BUCKET_NAMES[flag] for flag in VARIANT_FLAGS if config.get(flag)]
    return "+".join(names) if names else "standard"


def bucket_label(bucket: str) -> str:
    if bucket == "standard":
        return t("tg.bucket.standard")
    return " + ".join(t(f"tg.bucket.{part}") for part in bucket.split("+") if part in BUCKET_NAMES.values())


def history_entry(session) -> dict:
    outcome = session.outcome
    return {"bucket": bucket_of(session.config), "won": outcome["result"] in ("win", "perfect"),
            "perfect": outcome["result"] == "perfect", "score": outcome["left"]}


HISTOGRAM_EDGES = [0, 1, 5, 10, 20, 40, 60, 80]


def history_chart(scores: list[int]):
    """Cards left at the end; the bins of a win (fewer than 10) in the 'good' colour."""
    return binned_chart(scores, HISTOGRAM_EDGES, title=t("tg.chart.title"), x_label=t("tg.chart.x"),
                        y_label=t("tg.chart.y"), good_below=WIN_MAX_LEFT + 1)


HISTORY_COLUMNS = ("games", "wins", "perfect", "streak", "best_streak", "mean_score")
HISTORY_LABELS = {"mean_score": "tg.history.mean_left"}  # the score is the cards left
