"""The Game at the table: pick a card, then a pile; end the turn; markers; hint; the result.

Everything legal comes from the engine (``legal_actions``); this module only draws the view and builds actions.
Accessible names: a card in hand is named by its number ("37", a fire card "22 fire"); a pile "Ascending pile 1,
top 12"; the end-turn button "End turn".
"""
from __future__ import annotations

from junban import bots as bot_registry
from junban.games.the_game.rules import WIN_MAX_LEFT, fits, is_backwards_trick
from junban.ui import i18n
from junban.ui.charts import binned_chart
from junban.ui.dom import h
from junban.ui.i18n import t

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
        names = [s["name"] for s in screen.seats]
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


def new_table_state() -> dict:
    return {"selected": None, "hint": None, "markers": False}


def pile_name(pile: int) -> str:
    return t("tg.pile.up", n=pile + 1) if pile < 2 else t("tg.pile.down", n=pile - 1)


def card_label(card: int, fire: bool) -> str:
    return t("tg.card.fire", card=card) if fire else str(card)


def _flame(cls: str = "flame"):
    return h("svg", {"class": cls, "viewBox": "0 0 16 16", "aria-hidden": "true", "focusable": "false"},
             h("path", {"d": "M8 1c1 3 4 4.5 4 8.5A4 4 0 0 1 4 9.5C4 7 6 6 6 4c1.2.8 1.6 2 1.6 3C9 6 8.8 3.5 8 1z"}))


def render_table(table):
    session = table.session
    view = table.view()
    fire = set(view["fire_cards"])
    legal = session.legal_actions() if table.my_turn() else []
    plays = {(a["play"], a["pile"]) for a in legal if "play" in a}
    selected = table.local["selected"]
    if selected is not None and selected not in view["hand"]:
        selected = table.local["selected"] = None
    hint = table.local.get("hint")
    return h(
        "section", {"class": "tg-table", "aria-label": t("tg.table")},
        _status(table, view),
        _seats(table, view),
        h("div", {"class": "piles", "role": "group", "aria-label": t("tg.piles")},
          [_pile(table, view, p, selected, plays, fire, hint) for p in range(4)]),
        _hand(table, view, selected, plays, fire, hint),
        _turn_actions(table, view, legal, selected, plays),
        _markers_panel(table, view) if table.local.get("markers") and table.hand_visible() else None,
    )


def _status(table, view):
    session = table.session
    if session.is_over:
        text = t("tg.status.over")
    else:
        active = view["active"]
        name = table.seat_name(active)
        played = len(view["played_this_turn"])
        text = t("tg.status.turn", name=name, n=view["minimum"], played=played)
    return h("div", {"class": "status-row"},
             h("p", {"class": "status", "id": "status"}, text),
             h("p", {"class": "draw-pile", "aria-label": t("tg.draw_pile", n=view["draw_count"])},
               h("span", {"class": "draw-count"}, str(view["draw_count"])), h("span", {}, t("tg.draw_short"))))


def _seats(table, view):
    items = []
    for seat, count in enumerate(view["hand_counts"]):
        info = table.session.seats[seat]
        active = seat == view["active"] and not table.session.is_over
        items.append(
            h("li", {"class": ["seat-chip", "active" if active else None, "bot" if info.is_bot else None], "key": seat,
                     "aria-current": "true" if active else None},
              h("span", {"class": "seat-name"}, info.name),
              h("span", {"class": "seat-count"}, t("tg.cards_in_hand", n=count)))
        )
    return h("ul", {"class": "seat-strip", "aria-label": t("tg.seats")}, items)


def _pile(table, view, p, selected, plays, fire, hint):
    pile = view["piles"][p]
    top = pile["top"]
    ascending = pile["ascending"]
    can_take = selected is not None and (selected, p) in plays
    trick = can_take and is_backwards_trick(selected, p, top)
    hinted = hint is not None and "play" in hint and hint.get("pile") == p
    # The accessible name comes from the content ("Ascending pile 1, top 12, ..."), so the visible number is part
    # of it; decorations are aria-hidden.
    extras = []
    if pile["fire_on_top"]:
        extras.append(t("tg.pile.fire_label"))
    if pile["marker"]:
        extras.append(t(f"tg.marker.{pile['marker']['kind']}.label"))
    if trick:
        extras.append(t("tg.trick_label"))
    before, _, after = t("tg.pile.label", name=pile_name(p), top="\0").partition("\0")
    marker = pile["marker"]
    fire_note = None
    if pile["fire_on_top"] and not table.session.is_over:
        urgent = not pile["top_played_this_turn"]
        fire_note = h("span", {"class": ["fire-note", "urgent" if urgent else None]}, _flame("flame small"),
                      t("tg.fire.cover_now") if urgent else t("tg.fire.cover_next"))
    return h(
        "div", {"class": ["pile-wrap", "up" if ascending else "down"], "key": p},
        h("button", {
            "type": "button",
            "class": ["pile", "up" if ascending else "down", "legal" if can_take else None,
                      "trick" if trick else None, "fresh" if pile["top_played_this_turn"] else None,
                      "fire-top" if pile["fire_on_top"] else None, "hinted" if hinted else None,
                      "dim" if selected is not None and not can_take else None],
            "data-act": "tg:pile", "data-arg": str(p), "id": f"pile-{p}",
        },
            h("span", {"class": "pile-dir", "aria-hidden": "true"},
              h("span", {"class": "arrow"}, "▲" if ascending else "▼"), " 1→99" if ascending else " 100→2"),
            h("span", {"class": ["pile-top", "fire" if pile["fire_on_top"] else None]},
              _flame() if pile["fire_on_top"] else None,
              h("span", {"class": "visually-hidden"}, before) if before else None, str(top),
              h("span", {"class": "visually-hidden"}, after + "".join(", " + e for e in extras))
              if after or extras else None),
            h("span", {"class": "pile-trail", "aria-hidden": "true"},
              " · ".join(str(c) for c in pile["cards"][-4:-1]) or "\u00a0"),
            h("span", {"class": "pile-count", "aria-hidden": "true"}, t("tg.pile.count", n=len(pile["cards"]))),
            h("span", {"class": "trick-badge", "aria-hidden": "true"}, t("tg.trick")) if trick else None,
            h("span", {"class": ["marker-badge", f"marker-{marker['kind']}"], "aria-hidden": "true"},
              t(f"tg.marker.{marker['kind']}.short"), " · ", table.seat_name(marker["seat"])) if marker else None,
        ),
        fire_note,
    )


def _markers_panel(table, view):
    """The table talk: one marker per pile, set by whoever holds the device; only its setter clears it."""
    rows = []
    for p in range(4):
        marker = view["piles"][p]["marker"]
        current = marker["kind"] if marker else "none"
        mine = marker is not None and marker["seat"] == table.viewer
        options = [h("option", {"value": "none", "selected": current == "none",
                                "disabled": marker is not None and not mine, "key": "none"}, t("tg.marker.none"))]
        for kind in ("keep", "small"):
            options.append(h("option", {"value": kind, "selected": current == kind, "key": kind}, t(f"tg.marker.{kind}")))
        rows.append(h("label", {"class": "marker-field", "key": p},
                      h("span", {}, pile_name(p)),
                      h("select", {"class": "marker-select", "data-field": f"marker-{p}", "value": current}, options)))
    return h("section", {"class": "markers-panel", "id": "markers", "aria-label": t("tg.markers")},
             h("p", {"class": "help"}, t("tg.markers.help")), rows)


def _hand(table, view, selected, plays, fire, hint):
    if not table.hand_visible():
        return h("section", {"class": "hand hidden-hand"}, h("p", {"class": "muted"}, t("tg.hand.hidden")))
    cards = []
    my_turn = table.my_turn()
    for card in view["hand"]:
        is_fire = card in fire
        playable = any((card, p) in plays for p in range(4))
        cards.append(
            h("button", {
                "type": "button", "key": card, "id": f"card-{card}",
                "class": ["card", "fire" if is_fire else None, "selected" if card == selected else None,
                          "unplayable" if my_turn and not playable else None,
                          "hinted" if hint is not None and hint.get("play") == card else None],
                "data-act": "tg:card", "data-arg": str(card), "aria-pressed": "true" if card == selected else "false",
                "aria-label": card_label(card, is_fire),
            },
                _flame() if is_fire else None,
                h("span", {"class": "card-num"}, str(card)),
                h("span", {"class": "fire-word", "aria-hidden": "true"}, t("tg.fire")) if is_fire else None)
        )
    name = table.seat_name(table.viewer)
    return h("section", {"class": "hand", "aria-label": t("tg.hand.of", name=name)},
             h("h2", {"class": "hand-title"}, t("tg.hand.of", name=name)),
             h("div", {"class": "cards"}, cards) if cards else h("p", {"class": "muted"}, t("tg.hand.empty")))


def _turn_actions(table, view, legal, selected, plays):
    if not table.my_turn():
        waiting = None
        if not table.session.is_over and table.session.to_act is not None:
            waiting = h("p", {"class": "muted waiting"}, t("tg.waiting", name=table.seat_name(table.session.to_act)))
        return h("div", {"class": "turn-actions"}, waiting)
    can_end = {"end_turn": True} in legal
    can_undo = {"undo": True} in legal
    stuck = not can_end and not plays
    played = len(view["played_this_turn"])
    need = max(0, view["minimum"] - played)
    hint = table.local.get("hint")
    messages = []
    if stuck:
        messages.append(h("p", {"class": "warning", "role": "alert"}, t("tg.stuck")))
    elif selected is not None and not any((selected, p) in plays for p in range(4)):
        messages.append(h("p", {"class": "muted"}, t("tg.fits_nowhere", card=selected)))
    elif selected is None and need:
        messages.append(h("p", {"class": "muted"}, t("tg.play_more", n=need)))
    if hint is not None:
        messages.append(h("p", {"class": "hint-text", "id": "hint-text"}, _hint_text(hint)))
    return h(
        "div", {"class": "turn-actions"},
        h("div", {"class": "buttons"},
          h("button", {"type": "button", "class": "button primary big", "data-act": "tg:end", "id": "end-turn",
                       "disabled": not can_end, "aria-keyshortcuts": "E"}, t("tg.end_turn")),
          h("button", {"type": "button", "class": "button", "data-act": "tg:undo", "id": "undo",
                       "disabled": not can_undo, "aria-keyshortcuts": "U"}, t("tg.undo"))
          if not table.session.config["strict"] else None,
          h("button", {"type": "button", "class": "button quiet", "data-act": "tg:hint", "id": "hint",
                       "aria-keyshortcuts": "H"}, t("tg.hint")),
          h("button", {"type": "button", "class": "button quiet", "data-act": "tg:markers", "id": "markers-toggle",
                       "aria-expanded": "true" if table.local.get("markers") else "false",
                       "aria-controls": "markers"}, t("tg.markers"))),
        messages,
        h("p", {"class": "keys muted"}, t("tg.keys")),
    )


def _hint_text(hint: dict) -> str:
    if "play" in hint:
        return t("tg.hint.play", card=hint["play"], pile=pile_name(hint["pile"]))
    if "end_turn" in hint:
        return t("tg.hint.end")
    if "undo" in hint:
        return t("tg.hint.undo")
    return t("tg.hint.none")


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    local = table.local
    if act == "tg:card" and arg and arg.isdigit():
        card = int(arg)
        if not table.hand_visible():
            return
        local["selected"] = None if local["selected"] == card else card
        table.app.focus_after_render(f"#card-{card}")
    elif act == "tg:pile" and arg in ("0", "1", "2", "3"):
        play_on(table, int(arg))
    elif act == "tg:end":
        if table.my_turn() and table.act({"end_turn": True}):
            local.update(selected=None, hint=None)
    elif act == "tg:undo":
        if table.my_turn() and table.act({"undo": True}):
            local.update(selected=None, hint=None)
    elif act == "tg:hint":
        give_hint(table)
    elif act == "tg:markers":
        local["markers"] = not local.get("markers")


def field(table, name: str, value) -> bool:
    if name.startswith("marker-") and name[7:] in ("0", "1", "2", "3") and table.hand_visible():
        kind = None if value == "none" else value
        if kind not in (None, "keep", "small"):
            return True
        table.act({"mark": kind, "pile": int(name[7:]), "seat": table.viewer})
        return True
    return False


def play_on(table, pile: int) -> None:
    local = table.local
    card = local["selected"]
    if not table.my_turn():
        return
    if card is None:
        table.app.notify(t("tg.pick_first"), "info", key="illegal")
        return
    view = table.view()
    top = view["piles"][pile]["top"]
    if not fits(card, pile, top):
        table.app.notify(t("tg.no_fit", card=card, pile=pile_name(pile), top=top), "error", key="illegal")
        return
    hand = view["hand"]
    index = hand.index(card)
    if table.act({"play": card, "pile": pile}):
        local.update(selected=None, hint=None)
        rest = [c for c in hand if c != card]
        if rest:
            table.app.focus_after_render(f"#card-{rest[min(index, len(rest) - 1)]}")
        else:
            table.app.focus_after_render("#end-turn")


def give_hint(table) -> None:
    if not table.my_turn():
        return
    module = bot_registry.bot_module("the-game")
    bot = bot_registry.make_bot("the-game", module.DEFAULT_LEVEL, table.session.seed, table.viewer)
    action = bot.suggest(table.view())  # the person's own view only; a play, end turn or undo
    table.local["hint"] = action
    table.local["selected"] = action.get("play")
    table.app.announce(_hint_text(action))


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
        table.app.focus_after_render(f"#card-{local['selected']}")
        return True
    if key == "Escape" and local["selected"] is not None:
        local["selected"] = None
        return True
    if key in ("e", "E") and not ctrl:
        handle(table, "tg:end", None)
        return True
    if (key in ("u", "U") and not ctrl) or (key in ("z", "Z") and ctrl):
        handle(table, "tg:undo", None)
        return True
    if key in ("h", "H") and not ctrl:
        give_hint(table)
        return True
    return False


# ---------------------------------------------------------------------- telling what happened


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


def result_summary(table):
    outcome = table.session.outcome
    result = outcome["result"]
    return h("div", {"class": ["result", f"result-{result}"]},
             h("h2", {"id": "end-title"}, t(f"tg.result.{result}")),
             h("p", {"class": "left-count"}, t("tg.left", n=outcome["left"])),
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
