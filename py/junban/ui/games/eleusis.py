"""Eleusis at the table, phone first: the layout to study (line or grid, every card readable, who played it on
each card), the hand and the string builder, "No play", the Prophet, the judging, the dealer's secret rule (written
with the live checker, picked from the library, or judged by hand), each round's summary with the rule revealed,
and the game's totals.

What a person sees when they must play (at 375x667 all of it at once, with up to ~20 cards in hand): the status
line; the layout, its newest cards in view; the hand; the action bar (Play, No play, and Become Prophet while they
may, and Hint: the scientist's hints, step by step, from ``eleusis_hints``). The shared table (screens/table.py) adds the seat chips (``seat_status``), the recap and the full move log
(``log_event``/``render_event``, grouped by rounds), and the sheets this module draws (``render_sheet``): the "no
play" and Prophet confirmations, a round's summary (shown when it ends, reviewable later), the scores.

Misclicks: "No play" (a wrong claim costs 5 cards) and a Prophet's call (a wrong one overthrows them) ask first;
a play is chosen, then sent with Play. There is no undo: every play is judged at once, so taking one back would
let a player test the rule for free.

The Prophet: while a player may become Prophet, "Become Prophet" is a toggle in the action bar; with it on, the
Play that follows asks (showing the verdict) whether to take the role. Without it the table moves on: the
engine's offer after every play is declined for them, never asked.

The engine decides everything (``legal_actions``, ``apply``, ``may_become_prophet``); this module draws views and
builds actions. Accessible names: a card in hand is a button named by the card ("Queen of hearts", 「ハートの
クイーン」); the actions are "Play", "No play", "Become Prophet".

History entry: ``bucket`` "standard" or "short" (3 seats); ``won`` when a person's seat is among the winners;
``score`` the first person's total (seat 1 at a table of bots).
"""
from __future__ import annotations

from junban.games.eleusis import cards, library
from junban.games.eleusis import rules as el
from junban.ui import i18n
from junban.ui.charts import binned_chart
from junban.ui.dom import h
from junban.ui.games import eleusis_guess, eleusis_hints, eleusis_rule_entry
from junban.ui.games.eleusis_cards import (
    asked_column,
    card_face,
    card_name,
    card_names,
    cards_row,
    hand_order,
    mini_card,
    open_whole_layout,
    render_layout,
)
from junban.ui.games.eleusis_checker import (
    LANGUAGE_EXAMPLES,
    PLACEHOLDER,
    checker_panel,
    counted_rule,
    language_help,
    offered_text,
    rule_report,
)
from junban.ui.i18n import t
from junban.ui.parts.hand import move, tab_stop
from junban.ui.parts.motion import flip, origin
from junban.ui.parts.seats import seat_token
from junban.ui.parts.sheet import confirm, sheet

i18n.register("eleusis")

__all__ = ["LANGUAGE_EXAMPLES", "PLACEHOLDER", "card_name", "rule_report"]  # what science and tests take from here
DEFAULT_PLAYERS = 4
DEFAULT_BOTS = 3
HISTORY_COLUMNS = ("games", "wins", "streak", "best_streak", "mean_score")
HISTORY_LABELS = {"mean_score": "el.history.mean_points"}
HISTOGRAM_EDGES = [0, 10, 20, 30, 40, 60, 80, 100]
LEVELS = library.LEVELS
RULE_MODES = ("write", "library", "manual")


# ---------------------------------------------------------------------- setup


def default_config(players: int) -> dict:
    return {"players": players, "difficulty": "medium", "first_dealer": None}


def adjust_config(config: dict, players: int) -> dict:
    config = dict(config, players=players)
    if config.get("first_dealer") is not None and config["first_dealer"] >= players:
        config["first_dealer"] = None
    return config


def setup_config(screen) -> dict:
    return dict(screen.config, players=screen.players)


def setup_options(screen):
    config = screen.config
    difficulty = config.get("difficulty", "medium")
    names = screen.seat_names()
    first = config.get("first_dealer")
    options = [h("option", {"value": "auto", "selected": first is None, "key": "auto"},
                 t("el.setup.first_auto", name=names[-1]))]
    options += [h("option", {"value": str(i), "selected": first == i, "key": i}, name) for i, name in enumerate(names)]
    return h(
        "fieldset", {"class": "group el-setup"},
        h("legend", {}, t("setup.options")),
        h("p", {"class": "el-setup-science"}, t("el.setup.science_intro"), " ",
          h("a", {"href": "#/eleusis-science", "class": "button el-science-link"}, t("el.setup.science"))),
        h("p", {"class": "field-label", "id": "el-difficulty-label"}, t("el.setup.difficulty")),
        h("div", {"class": "segmented", "role": "group", "aria-labelledby": "el-difficulty-label"},
          [h("button", {"type": "button", "class": "seg", "data-act": "el:difficulty", "data-arg": level,
                        "aria-pressed": "true" if level == difficulty else "false", "key": level},
             t(f"el.level.{level}")) for level in LEVELS]),
        h("p", {"class": "help"}, t("el.setup.difficulty_help")),
        h("label", {"class": "field"}, h("span", {"class": "field-label"}, t("el.setup.first_dealer")),
          h("select", {"data-field": "el-first-dealer"}, options),
          h("span", {"class": "help"}, t("el.setup.first_dealer_help"))),
        h("p", {"class": "help el-short-note"}, t("el.setup.short")) if screen.players == el.SHORT_VARIANT_PLAYERS
        else None,
        h("p", {"class": "help"}, t("el.setup.summary"), " ", h("a", {"href": "#/rules/eleusis"}, t("el.setup.rules"))),
    )


def setup_field(screen, name: str, value) -> bool:
    if name == "el-first-dealer":
        ok = isinstance(value, str) and value.isdigit() and int(value) < screen.players
        screen.config["first_dealer"] = int(value) if ok else None
        return True
    return False


def setup_handle(screen, act: str, arg: str | None) -> None:
    if act == "el:difficulty" and arg in LEVELS:
        screen.config["difficulty"] = arg


# ---------------------------------------------------------------------- the viewer's unsent choices


def new_table_state() -> dict:
    """The viewer's choices: the cards picked in order (code, copy), the rounds whose summary
    was shown, whether to become Prophet after the next play, a Prophet's call waiting for confirmation, why the
    last tap was refused, the keyboard's place in the hand, the dealer's rule being written, and the scientist's
    hint asked for (``eleusis_hints``)."""
    return {"picked": [], "summary_seen": None, "prophet_plan": False, "prophet_asked": False,
            "call": None, "refused": None, "cursor": None, "hint": None,
            "rule": new_rule_state()}


def new_rule_state() -> dict:
    """The dealer's rule being set: how (said, from the library, judged by hand), the words and how they are
    said (typed or built: ``eleusis_rule_entry``), the library's choice, the hint."""
    return {"mode": "write", "text": "", "level": "easy", "rule_id": None, "hint": "", "library_hint": True,
            "entry": eleusis_rule_entry.new_entry()}


def slots(hand: list[str]) -> list[tuple[str, int]]:
    """Each card of the hand as (code, copy): with two decks, two QH are ("QH", 0) and ("QH", 1)."""
    seen: dict[str, int] = {}
    out = []
    for code in hand:
        n = seen.get(code, 0)
        seen[code] = n + 1
        out.append((code, n))
    return out


def _tidy(local: dict, hand: list[str]) -> None:
    valid = set(slots(hand))
    local["picked"] = [p for p in local["picked"] if tuple(p) in valid]
    if local["cursor"] is not None and local["cursor"] >= len(hand):
        local["cursor"] = len(hand) - 1 if hand else None


def _may_become_prophet(table) -> bool:
    """May the viewer take the Prophet's role right after their next play (the engine's conditions, now)?"""
    return (table.viewer is not None and table.session.config["players"] != el.SHORT_VARIANT_PLAYERS
            and el.seat_may_become_prophet(table.view(), table.viewer))


# ---------------------------------------------------------------------- the table


def render_table(table):
    view = table.view()
    local = table.local
    if local["summary_seen"] is None:
        # a new viewer (a reload, the device handed over) sees the summary of a round that just ended, no older one
        local["summary_seen"] = len(view["rounds"]) - (1 if view["rounds"] and view["phase"] == "rule" else 0)
    eleusis_hints.tidy(table)
    _show_round_summary(table, view)
    _ask_prophet(table, view)
    visible = table.hand_visible()
    _tidy(local, view["hand"] if visible else [])
    mine = table.my_turn()
    phase = view["phase"]
    over = table.session.is_over
    layout = None
    if view["mainline"] or view["laid_aside"]:
        layout = render_layout(view, "line", names=table.seat_name, recent=_recent(table, view),
                               came_from=_came_from(table, view), keys=f"el-{view['round']}", study="el:study",
                               kept=table.kept)
    return h(
        "section", {"class": ["el-table", f"el-phase-{phase}", "my-turn" if mine else None], "aria-label": t("el.table")},
        _status(table, view),
        None if over else _secret(table, view),
        _rule_entry(table, view) if mine and phase == "rule" else None,
        layout,
        _final_scores(table, view) if over else None,
        None if over else _hand(table, view, mine and phase == "play"),
        None if over else _bar(table, view, mine, phase),
    )


def _show_round_summary(table, view: dict) -> None:
    """A round has just ended: a person at the table sees its summary (a sheet), once."""
    if table.session.is_over or not table.people or table.viewer is None or table.needs_handover():
        return
    if len(view["rounds"]) > table.local["summary_seen"] and not table.sheet.is_open():
        table.local["summary_seen"] = len(view["rounds"])
        table.open_sheet("round", str(len(view["rounds"])), focus="#el-round-close", unasked=True)


def _ask_prophet(table, view: dict) -> None:
    """The viewer just played with "Become Prophet" on (or reopened the table at that moment): ask, once. An offer
    that comes after the play (a seat on another phone hears of it only with the host's answer; a Prophet who
    judged the play wrongly is overthrown first) is declined for the player unless they wanted it, as ``play``
    does when it comes at once."""
    local = table.local
    if view["phase"] != "prophet_offer" or not table.my_turn() or table.sheet.is_open():
        return
    wanted = local.pop("prophet_wanted", None)
    if wanted is False:
        table.act({"prophet": False})
        return
    if local["prophet_asked"] and not wanted:
        return
    local["prophet_asked"] = True
    table.open_sheet("prophet", focus="#prophet-no", unasked=True)


def _status(table, view: dict):
    session = table.session
    if session.is_over:
        text = t("el.status.over")
    else:
        seat = session.to_act
        name = table.seat_name(seat)
        you = table.my_turn()
        key = {"rule": "el.status.rule", "starter": "el.status.starter", "play": "el.status.play",
               "prophet_judge": "el.status.prophet_judge", "dealer_judge": "el.status.dealer_judge",
               "prophet_offer": "el.status.prophet_offer"}[view["phase"]]
        text = t(key + (".you" if you else ""), name=name)
    facts = [h("span", {"class": "el-round", "key": "r"},
               t("el.status.round", round=min(view["round"] + 1, view["rounds_total"]), rounds=view["rounds_total"]))]
    if view["phase"] not in ("rule", "over"):
        facts.append(h("span", {"class": "el-stock", "key": "s", **origin("el-stock")},
                       t("el.status.stock", n=view["stock_count"])))
    if view["sudden_death"]:
        facts.append(h("span", {"class": "el-sudden", "key": "d", "role": "note"},
                       t("el.status.dead_end") if view["dead_end"] else t("el.status.sudden")))
    if view["short_variant"]:
        facts.append(h("span", {"class": "el-short", "key": "v"}, t("el.status.short")))
    if view["hint"] and not session.is_over:
        facts.append(h("span", {"class": "el-hint-short", "key": "h"}, t("el.hint"), " ", _hint_text(view)))
    return h("div", {"class": "el-status"},
             h("div", {"class": "el-status-text"},
               h("p", {"class": "el-turn", "id": "status", "tabindex": "-1"}, text),
               h("p", {"class": "el-status-facts"}, facts)),
             h("button", {"type": "button", "class": "button small el-scores-button", "data-act": "el:scores",
                          "id": "el-scores", "aria-haspopup": "dialog"}, t("el.scores.title")))


def _secret(table, view: dict):
    """The dealer's own reminder of the secret rule (only the dealer's view carries it)."""
    rule = view["rule"]
    if rule is None or not table.hand_visible():
        return None
    lang = i18n.language()
    if rule["manual"]:
        body = [h("p", {"key": "m"}, t("el.secret.manual"))]
    else:
        name = library.get(rule["rule_id"]).name(lang) if rule["rule_id"] else None
        body = [h("p", {"class": "el-words", "key": "w"}, rule["words"][lang]),
                h("p", {"key": "c"}, h("code", {"class": "el-code"}, rule["text"])),
                h("p", {"class": "muted", "key": "n"}, t("el.secret.library", name=name)) if name else None]
    return h("details", {"class": "el-secret", "open": True},
             h("summary", {}, t("el.secret.title")), body)


def _hint_text(view: dict) -> str:
    hint = view["hint"]
    return hint.get("text") or hint.get(i18n.language()) or hint.get("en")


def _recent(table, view: dict) -> dict:
    """The layout's cards the others put down since the viewer last acted (ringed), from the move log."""
    main, side = set(), set()
    for entry in table.since_my_turn():
        event = entry.event
        if event.get("round") != view["round"] + 1:
            continue
        where = event.get("line") or {}
        if "main" in where:
            main.update(range(*where["main"]))
        if "side" in where:
            side.add(tuple(where["side"]))
    return {"main": main, "side": side}


def _came_from(table, view: dict):
    """Where a card that was not on the layout before travels from: the viewer's hand for their own latest play
    (each card from the place it was picked at), else the player's seat chip."""
    events = view["events"]
    last = events[-1] if events else None

    def source(kind: str, place):
        if kind == "aside":
            return "el-stock"
        if kind == "main":
            who = view["played_by"][place]
            if who is None:  # a starter, or a card the judge played from a hand after a wrong "no play"
                return f"seat-{last['seat']}" if last and last.get("placed") else "el-stock"
            if who == table.viewer and last and last.get("seat") == who and "cards" in last:
                return f"el-pick-{place - last['mainline_before']}"
            return f"seat-{who}"
        i, g, j = place
        who = view["sidelines"][i][g]["seat"]
        if who == table.viewer and last and last.get("seat") == who and not last.get("right"):
            return f"el-pick-{j}"
        return f"seat-{who}"

    return source


# ---------------------------------------------------------------------- the hand and the action bar


def _hand(table, view: dict, playing: bool):
    if view["phase"] in ("rule", "over") or view["seat"] == view["dealer"]:
        return None
    if not table.hand_visible():
        return h("section", {"class": "el-hand hidden-hand"}, h("p", {"class": "muted"}, t("el.hand.hidden")))
    name = table.seat_name(table.viewer)
    title = h("h2", {"class": "el-hand-title", "id": "el-hand-title"}, t("el.hand.of", name=name, n=len(view["hand"])))
    if view["seat"] == view["prophet"]:  # the Prophet judges and does not play: the hand waits, folded
        return h("section", {"class": "el-hand el-hand-folded", "aria-labelledby": "el-hand-title"}, title,
                 h("p", {"class": "help"}, t("el.hand.prophet")))
    local = table.local
    picked = [tuple(p) for p in local["picked"]]
    hand = slots(view["hand"])
    first_picked = hand.index(picked[0]) if picked else None
    tried = eleusis_hints.suggested(table) if playing else None
    buttons = []
    for index, (code, copy) in enumerate(hand):
        order = picked.index((code, copy)) + 1 if (code, copy) in picked else None
        hinted = code == tried and copy == 0
        tab = tab_stop(index, local["cursor"], first_picked)

        def button(code=code, copy=copy, order=order, hinted=hinted, tab=tab):
            return h(
                "button", {"type": "button", "key": f"{code}-{copy}", "id": f"el-card-{code}-{copy}",
                           "class": ["el-card-button", "selected" if order else None, "hinted" if hinted else None],
                           "data-act": "el:card", "data-arg": f"{code}-{copy}",
                           "aria-label": eleusis_hints.card_label(code, hinted),
                           "aria-pressed": "true" if order else "false", "disabled": not playing,
                           **tab, **(origin(f"el-pick-{order - 1}") if order else {})},
                card_face(code, extra=flip(f"el-h-{code}-{copy}", came_from="el-stock")),
                # the number comes from the stylesheet, so the button's visible text stays within its name
                h("span", {"class": "el-order-badge", "aria-hidden": "true", "data-order": str(order)})
                if order else None)

        # a card's button is kept while what it shows is the same (``parts/kept.py``)
        buttons.append(table.kept.part(("el-hand", code, copy), (order, hinted, playing, tuple(tab.items())), button))
    note = t("el.hand.expelled") if view["seat"] in view["expelled"] else None
    return h("section", {"class": "el-hand", "aria-labelledby": "el-hand-title", "data-zone": "hand"},
             title, h("p", {"class": "help"}, note) if note else None,
             h("div", {"class": ["el-hand-cards", f"n{len(buttons)}"], "role": "toolbar",
                       "aria-labelledby": "el-hand-title"}, buttons))


def _bar(table, view: dict, mine: bool, phase: str):
    if not mine:
        return _waiting(table, view)
    if phase == "play":
        return _play_bar(table, view)
    if phase == "starter":
        return _judge_starter(view)
    if phase in ("prophet_judge", "dealer_judge"):
        return _judge_panel(table, view)
    if phase == "prophet_offer":  # the question was put aside (Escape): answer it here
        return h("div", {"class": "el-bar el-offer action-bar"},
                 h("p", {"class": "el-bar-line"}, t("el.offer.title")),
                 h("div", {"class": "el-actions"},
                   h("button", {"type": "button", "class": "button", "data-act": "el:prophet-no", "id": "el-not-now"},
                     t("el.offer.not_now")),
                   h("button", {"type": "button", "class": "button primary", "data-act": "el:prophet-yes",
                                "id": "el-become-prophet"}, t("el.offer.become"))))
    return None


def _waiting(table, view: dict):
    seat = table.session.to_act
    if seat is None:
        return None
    key = {"rule": "el.wait.rule", "starter": "el.wait.starter", "play": "el.wait.play",
           "prophet_judge": "el.wait.prophet_judge", "dealer_judge": "el.wait.dealer_judge",
           "prophet_offer": "el.wait.prophet_offer"}[view["phase"]]
    return h("div", {"class": "el-bar el-waiting action-bar"}, h("p", {"class": "waiting"}, t(key, name=table.seat_name(seat))))


def _play_bar(table, view: dict):
    local = table.local
    picked = [code for code, _ in local["picked"]]
    after = view["mainline"][-1] if view["mainline"] else None
    if local["refused"]:
        line = h("span", {"class": "el-refused"}, local["refused"])
    elif picked:
        line = [t("el.string.chosen", n=len(picked)), " ",
                h("span", {"class": "el-order"}, [[" → " if i else None, mini_card(c)] for i, c in enumerate(picked)])]
    else:
        line = t("el.play.help", card=card_name(after)) if after else t("el.play.help_first")
    eligible = _may_become_prophet(table)
    plan = eligible and local["prophet_plan"]
    return h(
        "div", {"class": "el-bar el-play action-bar"},
        h("div", {"class": "el-bar-top"},
          h("p", {"class": "el-bar-line", "id": "el-play-help", "aria-live": "polite"}, line,
            h("button", {"type": "button", "class": "button small quiet el-clear", "data-act": "el:clear",
                         "id": "el-clear"}, t("el.string.clear")) if picked else None),
          eleusis_hints.hint_button(table)),
        h("p", {"class": "el-plan", "role": "note"}, t("el.offer.planned")) if plan else None,
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button primary el-main-act", "data-act": "el:play", "id": "el-play",
                       "disabled": not picked, "aria-describedby": "el-play-help", "aria-keyshortcuts": "Enter"},
            t("el.play")),
          h("button", {"type": "button", "class": "button", "data-act": "el:no-play", "id": "el-no-play",
                       "aria-haspopup": "dialog"}, t("el.no_play")),
          h("button", {"type": "button", "class": ["button", "el-prophet-toggle"], "data-act": "el:prophet-plan",
                       "id": "el-prophet-plan", "aria-pressed": "true" if plan else "false"}, t("el.offer.become"))
          if eligible else None),
    )


def _judge_starter(view: dict):
    card = view["turned"]
    return h(
        "div", {"class": "el-bar el-judge action-bar"},
        h("h2", {"class": "el-panel-title"}, t("el.starter.title")),
        h("p", {}, t("el.starter.help", card=card_name(card))),
        cards_row([card], "el-row el-judged"),
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button", "data-act": "el:judge", "data-arg": "right",
                       "id": "el-right"}, t("el.judge.right")),
          h("button", {"type": "button", "class": "button", "data-act": "el:judge", "data-arg": "wrong",
                       "id": "el-wrong"}, t("el.judge.wrong"))),
    )


def _judge_panel(table, view: dict):
    """The Prophet judging first, or the dealer judging by hand (confirming or correcting the Prophet)."""
    pending = view["pending"]
    name = table.seat_name(pending["seat"])
    as_prophet = view["phase"] == "prophet_judge"
    after = view["mainline"][-1]
    call = pending.get("prophet")
    head = [h("h2", {"class": "el-panel-title", "key": "t"},
              t("el.judge.title_prophet" if as_prophet else "el.judge.title_dealer"))]
    if call is not None:
        head.append(h("p", {"class": "el-prophet-call", "key": "c"},
                      t("el.judge.prophet_said", name=table.seat_name(view["prophet"]), said=_call_words(call))))
    help_text = h("p", {"class": "help", "key": "help"},
                  t("el.judge.prophet_help" if as_prophet else "el.judge.dealer_help"))
    # The verdict's buttons come last, at the foot of the screen: a Prophet's call then asks in a sheet whose safe
    # answer stands there too (a second tap never makes the call).
    if pending.get("no_play"):
        # the whole hand shown, duplicates included; a card that is there twice is one choice
        body = [
            h("p", {"key": "q"}, t("el.judge.no_play", name=name, card=card_name(after))),
            eleusis_guess.prophet_line(table, view) if as_prophet else None,
            help_text,
            h("p", {"class": "help", "key": "h"}, t("el.judge.no_play_pick")),
            h("div", {"class": "el-pick", "key": "p"},
              [h("button", {"type": "button", "class": "el-card-button", "data-act": "el:judge",
                            "data-arg": f"card:{code}", "key": f"{code}-{copy}",
                            "aria-label": t("el.judge.play_card", card=card_name(code))}, card_face(code))
               for code, copy in slots(sorted(pending["hand"], key=hand_order))]),
            h("div", {"class": "el-actions", "key": "a"},
              h("button", {"type": "button", "class": "button", "data-act": "el:judge", "data-arg": "right",
                           "id": "el-right"}, t("el.judge.no_play_right"))),
        ]
    else:
        body = [
            h("p", {"key": "q"}, t("el.judge.play", name=name, card=card_name(after), n=len(pending["cards"]))),
            cards_row(pending["cards"], "el-row el-judged"),
            eleusis_guess.prophet_line(table, view) if as_prophet else None,
            help_text,
            h("div", {"class": "el-actions", "key": "a"},
              h("button", {"type": "button", "class": "button", "data-act": "el:judge", "data-arg": "right",
                           "id": "el-right"}, t("el.judge.right")),
              h("button", {"type": "button", "class": "button", "data-act": "el:judge", "data-arg": "wrong",
                           "id": "el-wrong"}, t("el.judge.wrong"))),
        ]
    return h("div", {"class": "el-bar el-judge action-bar"}, head, body)


def _call_words(call: dict) -> str:
    """A Prophet's (or judge's) call in words: right, wrong, or wrong with the card that should be played."""
    if call["judge"]:
        return t("el.call_word.right")
    if call.get("card"):
        return t("el.call_word.card", card=card_name(call["card"]))
    return t("el.call_word.wrong")


# ---------------------------------------------------------------------- the dealer's secret rule


def _rule_entry(table, view: dict):
    state = table.local["rule"]
    mode = state["mode"]
    tabs = h("div", {"class": "segmented el-modes", "role": "group", "aria-label": t("el.rule.how")},
             [h("button", {"type": "button", "class": "seg", "data-act": "el:rule-mode", "data-arg": m,
                           "aria-pressed": "true" if m == mode else "false", "key": m}, t(f"el.rule.mode.{m}"))
              for m in RULE_MODES])
    report = None
    in_bar = True  # the checker's answer at the foot of the screen, with the button
    if mode == "write":
        report = state.get("report") or rule_report(state["text"])
        entry = state["entry"]
        typed = [
            h("label", {"class": "field-label", "for": "el-rule-text", "key": "l"}, t("el.rule.write_label")),
            h("textarea", {"id": "el-rule-text", "class": "el-rule-text el-words-text", "data-field": "el-rule-text",
                           "value": state["text"], "rows": "3", "spellcheck": "false", "autocomplete": "off",
                           "autocapitalize": "off", "maxlength": "2000", "aria-describedby": "el-rule-check",
                           "placeholder": t("el.check.placeholder"), "key": "t"}),
            language_help(),
        ]
        body = [eleusis_rule_entry.modes(entry, "el:re", "el-rule"),
                *(typed if entry["mode"] == "type" else [eleusis_rule_entry.render_builder(entry, "el:re", "el-rule")])]
        if eleusis_rule_entry.choosing(entry):  # the choices need the screen: the reading follows them, not in the bar
            body.append(checker_panel(state["text"], report, "el-rule-check", "el:rule-fix", "el:rule-use"))
            in_bar = False
        ready = report.get("ok") and not report.get("no_first")
    elif mode == "library":
        level = state["level"]
        lang = i18n.language()
        choices = []
        for entry in library.rules_by_level(level):
            checked = entry.id == state["rule_id"]
            choices.append(h(
                "li", {"key": entry.id, "class": ["el-lib-item", "checked" if checked else None]},
                h("label", {"class": "el-lib-label"},
                  h("input", {"type": "radio", "name": "el-rule-id", "value": entry.id, "data-field": "el-rule-id",
                              "checked": checked}),
                  h("span", {"class": "el-lib-text"},
                    h("strong", {}, entry.name(lang)), h("span", {"class": "el-lib-words"}, entry.words(lang)),
                    h("span", {"class": "muted el-lib-rate"},
                      t("el.rule.library_rate", rate=round(100 * entry.acceptance)))))))
        chosen = library.get(state["rule_id"]) if state["rule_id"] else None
        body = [
            h("div", {"class": "segmented small", "role": "group", "aria-label": t("el.rule.library_level"),
                      "key": "lv"},
              [h("button", {"type": "button", "class": "seg", "data-act": "el:rule-level", "data-arg": lv,
                            "aria-pressed": "true" if lv == level else "false", "key": lv}, t(f"el.level.{lv}"))
               for lv in LEVELS]),
            h("ul", {"class": "el-lib", "key": "list"}, choices),
            h("label", {"class": "check", "key": "hint"},
              h("input", {"type": "checkbox", "data-field": "el-library-hint", "checked": state["library_hint"]}),
              h("span", {}, t("el.rule.library_hint", hint=chosen.hint(lang))))
            if chosen and chosen.hint_en else None,
        ]
        ready = chosen is not None
    else:
        body = [h("p", {"key": "m"}, t("el.rule.manual_help"))]
        ready = True
    hint_box = None
    if mode != "library":
        hint_box = h("label", {"class": "field"}, h("span", {"class": "field-label"}, t("el.rule.hint_label")),
                     h("input", {"type": "text", "data-field": "el-rule-hint", "value": state["hint"],
                                 "maxlength": str(el.HINT_MAX_LENGTH), "autocomplete": "off", "id": "el-rule-hint"}),
                     h("span", {"class": "help"}, t("el.rule.hint_help")))
    return h(
        "div", {"class": "el-panel el-rule"},
        h("h2", {"class": "el-panel-title"}, t("el.rule.title", round=view["round"] + 1)),
        h("p", {"class": "help"}, t("el.rule.help")),
        tabs, body, hint_box,
        # At the foot of the screen, even with the on-screen keyboard open: the checker's answer, and the button.
        h("div", {"class": "el-rule-bar action-bar"},
          checker_panel(state["text"], report, "el-rule-check", "el:rule-fix", "el:rule-use")
          if report is not None and in_bar else None,
          h("div", {"class": "el-actions"},
            h("button", {"type": "button", "class": "button primary big", "data-act": "el:start-round",
                         "id": "el-start-round", "disabled": not ready}, t("el.rule.start")))),
    )


# ---------------------------------------------------------------------- sheets


def render_sheet(table, name: str, arg: str | None):
    if name == eleusis_hints.SHEET:
        return eleusis_hints.render_sheet(table)
    if name == eleusis_guess.SHEET:
        return eleusis_guess.render_sheet(table)
    view = table.view()
    if name == "no-play":
        after = view["mainline"][-1] if view["mainline"] else None
        text = t("el.no_play.confirm", card=card_name(after)) if after else t("el.no_play.help")
        if view["sudden_death"]:
            text += " " + t("el.no_play.sudden")
        return confirm("no-play", t("el.no_play.title"), text, yes=(t("el.no_play.yes"), "el:no-play-yes"),
                       no=(t("el.no_play.no"), "table:close"))
    if name == "prophet":
        return _prophet_sheet(table, view)
    if name == "call":
        return _call_sheet(table, view)
    if name == "verdict":
        return _verdict_sheet(table, view)
    if name == "stop":
        return confirm("stop", t("el.stop"), t("el.stop.confirm"), yes=(t("el.stop.yes"), "el:stop-yes"),
                       no=(t("el.stop.no"), "table:close"), danger=True)
    if name == "scores":
        return sheet("scores", t("el.scores.title"), _scores_body(table, view), "table:close")
    if name == "layout":
        return sheet("layout", t("el.line.study_title"),
                     render_layout(view, "grid", names=table.seat_name, recent=_recent(table, view), ident="el-study",
                                   asked=asked_column(arg)),
                     "table:close", kind="wide")
    if name == "round" and arg and arg.isdigit() and 1 <= int(arg) <= len(view["rounds"]):
        return _round_sheet(table, view, int(arg) - 1)
    return None


def _prophet_sheet(table, view: dict):
    """Right after the viewer's play (with "Become Prophet" on): its verdict, and the offer."""
    events = view["events"]
    last = events[-1] if events else None
    verdict = _event_text(table, last) if last and last["type"] == "play" else None
    body = [h("p", {"class": "el-last-result", "key": "v"}, verdict) if verdict else None,
            h("p", {"class": "help", "key": "h"}, t("el.offer.help"))]
    return sheet("prophet", t("el.offer.title"), body, "el:prophet-no",
                 actions=[h("button", {"type": "button", "class": "button sheet-first", "data-act": "el:prophet-no",
                                       "id": "prophet-no", "key": "n"}, t("el.offer.not_now")),
                          h("button", {"type": "button", "class": "button primary", "data-act": "el:prophet-yes",
                                       "id": "prophet-yes", "key": "y"}, t("el.offer.become"))], choice=True)


def _call_sheet(table, view: dict):
    """A person Prophet's call, confirmed before it is made (a wrong one overthrows them)."""
    call = table.local.get("call")
    pending = view["pending"]
    if not call or pending is None:
        return None
    name = table.seat_name(pending["seat"])
    words = _call_words(call)
    return confirm("call", t("el.call.title"), t("el.call.text", name=name, said=words),
                   yes=(t("el.call.yes"), "el:call-yes"), no=(t("el.call.no"), "table:close"))


def _verdict_sheet(table, view: dict):
    """A dealer's verdict by hand, confirmed before it counts, with what it will do."""
    call = table.local.get("call")
    if not call or view["phase"] not in ("starter", "dealer_judge"):
        return None
    right = call["judge"]
    if view["phase"] == "starter":
        card = card_name(view["turned"])
        text = t("el.verdict.starter_right" if right else "el.verdict.starter_wrong", card=card)
    else:
        text = _verdict_text(table, view, call)
    title = t("el.verdict.title_right" if right else "el.verdict.title_wrong")
    return confirm("verdict", title, text, yes=(t("el.verdict.yes"), "el:verdict-yes"),
                   no=(t("el.verdict.no"), "table:close"))


def _verdict_text(table, view: dict, call: dict) -> str:
    """What a dealer's verdict on the pending play does: where its cards go, who draws penalty cards, and what
    it does to a Prophet who judged first."""
    pending = view["pending"]
    name = table.seat_name(pending["seat"])
    prophet_call = pending.get("prophet")
    overthrown = prophet_call is not None and (prophet_call["judge"], prophet_call.get("card")) != (
        call["judge"], call.get("card"))
    if pending.get("no_play"):
        if call["judge"]:
            parts = [t("el.verdict.no_play_right", name=name)]
        else:
            parts = [t("el.verdict.no_play_wrong", name=name, card=card_name(call["card"]))]
            penalty = el.WRONG_NO_PLAY_PENALTY
    else:
        n = len(pending["cards"])
        parts = [t("el.verdict.play_right" if call["judge"] else "el.verdict.play_wrong", name=name, n=n)]
        penalty = el.PENALTY_PER_WRONG_CARD * n
    if not call["judge"] and not overthrown:
        parts.append(t("el.verdict.penalty", name=name, n=penalty))
    if prophet_call is not None:
        prophet = table.seat_name(view["prophet"])
        parts.append(t("el.verdict.overthrows" if overthrown else "el.verdict.confirms", name=prophet))
    if view["sudden_death"] and not call["judge"] and not overthrown:
        parts.append(t("el.verdict.expels", name=name))
    text = parts[0]
    for part in parts[1:]:
        text = t("el.verdict.then", first=text, then=part)
    return text


def _scores_body(table, view: dict):
    n = len(view["totals"])
    head = h("tr", {}, h("th", {"scope": "col"}, t("el.scores.round")),
             [h("th", {"scope": "col", "key": s}, table.seat_name(s)) for s in range(n)])
    rows = []
    for i, entry in enumerate(view["rounds"]):
        rows.append(h("tr", {"key": i}, h("th", {"scope": "row"}, t("el.scores.round_n", round=i + 1)),
                      [h("td", {"key": s, "class": "el-dealt" if s == entry["dealer"] else None},
                         str(entry["scores"][s]) + (" " + t("el.scores.dealer_mark") if s == entry["dealer"] else ""))
                       for s in range(n)]))
    outcome = view["outcome"]
    if outcome and outcome["never_dealt"]:
        rows.append(h("tr", {"key": "never"}, h("th", {"scope": "row"}, t("el.scores.never_dealt")),
                      [h("td", {"key": s}, "+10" if s in outcome["never_dealt"] else "") for s in range(n)]))
    rows.append(h("tr", {"key": "total", "class": "el-total"}, h("th", {"scope": "row"}, t("el.scores.total")),
                  [h("td", {"key": s}, str(view["totals"][s])) for s in range(n)]))
    reviews = [h("button", {"type": "button", "class": "button", "data-act": "el:round", "data-arg": str(i + 1),
                            "id": f"el-review-{i + 1}", "key": i}, t("el.scores.review", round=i + 1))
               for i in range(len(view["rounds"]))]
    hint = _hint_text(view) if view["hint"] and not table.session.is_over else None
    return [
        h("p", {"class": "el-hint", "key": "hint"}, h("strong", {}, t("el.hint")), " ", hint) if hint else None,
        h("div", {"class": "table-scroll", "key": "t"},
          h("table", {"class": "el-score-table"}, h("thead", {}, head), h("tbody", {}, rows))),
        h("p", {"class": "help", "key": "h"}, t("el.scores.none_yet")) if not view["rounds"] else None,
        h("div", {"class": "el-actions el-reviews", "key": "r"}, reviews) if reviews else None,
        h("div", {"class": "el-stop", "key": "s"},
          h("button", {"type": "button", "class": "button quiet", "data-act": "el:stop", "id": "el-stop",
                       "aria-haspopup": "dialog"}, t("el.stop"))) if table.people and not table.session.is_over
        else None,
    ]


def _round_sheet(table, view: dict, index: int):
    entry = view["rounds"][index]
    continuing = index == len(view["rounds"]) - 1 and not table.session.is_over
    return sheet("round", t("el.summary.title", round=index + 1), round_summary(table, entry, index), "table:close",
                 actions=h("button", {"type": "button", "class": "button primary sheet-first", "id": "el-round-close",
                                      "data-act": "table:close"},
                           t("el.summary.continue") if continuing else t("sheet.close")),
                 kind="panel")


def round_summary(table, entry: dict, index: int):
    """A finished round: how it ended, the rule in plain words, its layout, the scores."""
    lang = i18n.language()
    dealer = entry["dealer"]
    how = t("el.summary.out", name=table.seat_name(entry["out"])) if entry["reason"] == "out" \
        else t("el.summary.expelled")
    rows = []
    footnote = None
    for seat in range(len(entry["scores"])):
        notes = []
        if seat == dealer:
            notes.append(t("el.summary.dealer"))
            if entry["prophet"] is not None:
                notes.append(t("el.summary.capped", n=2 * entry["before_marker"]))
                footnote = t("el.summary.cap_note", n=entry["before_marker"], cap=2 * entry["before_marker"])
        else:
            if entry["hands"][seat] == 0:
                notes.append(t("el.summary.bonus_out"))
            if seat == entry["prophet"]:
                notes.append(t("el.summary.prophet_bonus", n=entry["prophet_bonus"]))
            if seat in entry["expelled"]:
                notes.append(t("el.role.expelled"))
        rows.append(h("tr", {"key": seat},
                      h("th", {"scope": "row"}, seat_token(seat), " ", table.seat_name(seat)),
                      h("td", {}, "–" if seat == dealer else str(entry["hands"][seat])),
                      h("td", {"class": "el-points"}, str(entry["scores"][seat])),
                      h("td", {"class": "el-notes"}, ", ".join(notes))))
    if entry["manual"]:
        rule = [h("p", {"key": "m"}, t("el.summary.manual", name=table.seat_name(dealer)))]
    else:
        rule = [h("p", {"class": "el-reveal", "key": "w"}, entry["words"][lang]),
                h("p", {"key": "c"}, h("code", {"class": "el-code"}, entry["rule"]))]
        if entry["name"]:
            rule.append(h("p", {"class": "muted", "key": "n"}, t("el.summary.library", name=entry["name"][lang])))
    return [
        h("p", {"key": "how"}, how, " ", t("el.summary.lines", main=entry["mainline"], side=entry["sideline"])),
        h("div", {"class": "el-rule-reveal", "key": "rule"},
          h("h3", {}, t("el.summary.rule_was", name=table.seat_name(dealer))), rule),
        render_layout(entry["line"], "grid", names=table.seat_name, ident=f"el-round-{index + 1}")
        if entry.get("line") else None,
        h("div", {"class": "table-scroll", "key": "scores"},
          h("table", {"class": "el-score-table"},
            h("caption", {"class": "visually-hidden"}, t("el.summary.caption", round=index + 1)),
            h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("el.summary.col.player")),
                             h("th", {"scope": "col"}, t("el.summary.col.cards")),
                             h("th", {"scope": "col"}, t("el.summary.col.points")),
                             h("th", {"scope": "col"}, t("el.summary.col.notes")))),
            h("tbody", {}, rows))),
        h("p", {"class": "help", "key": "foot"}, footnote) if footnote else None,
    ]


def _final_scores(table, view: dict):
    """The table after the end: every round's rule and the scores, each round reviewable."""
    lang = i18n.language()
    items = []
    for i, entry in enumerate(view["rounds"]):
        words = entry["words"][lang] if entry["words"] else t("el.said.manual")
        items.append(h("li", {"key": i},
                       h("button", {"type": "button", "class": "button small", "data-act": "el:round",
                                    "data-arg": str(i + 1), "id": f"el-review-{i + 1}"},
                         t("el.scores.review", round=i + 1)),
                       " ", h("span", {"class": "el-final-rule"}, t("el.result.rule_by", name=table.seat_name(
                           entry["dealer"]), words=words))))
    return h("section", {"class": "el-final", "aria-labelledby": "el-final-title"},
             h("h2", {"id": "el-final-title"}, t("el.result.rules")),
             h("ol", {"class": "el-final-rules"}, items) if items else None,
             _scores_body(table, view))


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    local = table.local
    if eleusis_guess.handle(table, act, arg):
        return
    if act.startswith("hint:"):
        if _playing(table):
            eleusis_hints.handle(table, act, "table", _pick_hinted)
        return
    if act == "el:study":
        open_whole_layout(table, arg)
    elif act == "el:card" and arg:
        pick_card(table, arg)
    elif act == "el:clear":
        local["picked"] = []
        local["refused"] = None
    elif act == "el:play":
        play(table)
    elif act == "el:no-play":
        if table.my_turn() and table.view()["phase"] == "play":
            table.open_sheet("no-play", opener="#el-no-play", focus="#no-play-no")
    elif act == "el:no-play-yes":
        table.close_sheet()
        if table.my_turn() and table.act({"no_play": True}):
            local["picked"] = []
            table.services.focus_after_render("#status")
    elif act == "el:prophet-plan":
        local["prophet_plan"] = not local["prophet_plan"] and _may_become_prophet(table)
        table.services.focus_after_render("#el-prophet-plan")
    elif act in ("el:prophet-yes", "el:prophet-no"):
        if table.sheet.is_open():
            table.close_sheet()
        if table.my_turn() and table.view()["phase"] == "prophet_offer":
            table.act({"prophet": act == "el:prophet-yes"})
            table.services.focus_after_render("#status")
    elif act == "el:judge" and arg:
        judge(table, arg)
    elif act in ("el:call-yes", "el:verdict-yes"):
        call = local.get("call")
        table.close_sheet()
        local["call"] = None
        if call and table.my_turn():
            table.act(_judge_action(call))
            table.services.focus_after_render("#status")
    elif act == "el:scores":
        table.open_sheet("scores", opener="#el-scores")
    elif act == "el:round" and arg and arg.isdigit():
        opener = f"#el-review-{arg}" if table.session.is_over or not table.sheet.is_open() else "#el-scores"
        table.open_sheet("round", arg, opener=opener, focus="#el-round-close")
    elif act == "el:stop":
        table.open_sheet("stop", opener="#el-scores", focus="#stop-no")
    elif act == "el:stop-yes":
        table.close_sheet()
        table.act({"stop": True})
    elif act == "el:rule-mode" and arg in RULE_MODES:
        local["rule"]["mode"] = arg
    elif act == "el:rule-level" and arg in LEVELS:
        local["rule"]["level"] = arg
        local["rule"]["rule_id"] = None
    elif act in ("el:rule-fix", "el:rule-use"):
        report = local["rule"].get("report")
        fixed = offered_text(report, act, arg)
        if fixed is not None:
            local["rule"]["entry"]["mode"] = "type"
            field(table, "el-rule-text", fixed)
            table.services.focus_after_render("#el-rule-text")
    elif act.startswith("el:re:"):
        what = act[len("el:re:"):]
        said = eleusis_rule_entry.handle(local["rule"]["entry"], what, arg)
        if said is not None:
            field(table, "el-rule-text", said)
        table.services.focus_after_render(eleusis_rule_entry.focus_after(what, arg, "el-rule"))
    elif act == "el:start-round":
        start_round(table)


def pick_card(table, arg: str) -> None:
    code, _, copy = arg.rpartition("-")
    if not cards.is_card(code) or not copy.isdigit() or not table.my_turn():
        return
    slot = [code, int(copy)]
    local = table.local
    picked = local["picked"]
    local["refused"] = None
    hand = slots(table.view()["hand"])
    if tuple(slot) in hand:
        local["cursor"] = hand.index(tuple(slot))
    if slot in picked:
        picked.remove(slot)
    elif len(picked) < el.STRING_MAX:
        picked.append(slot)
    else:
        local["refused"] = t("el.string.full", n=el.STRING_MAX)
    table.services.focus_after_render(f"#el-card-{code}-{copy}")


def _playing(table) -> bool:
    """Is it the viewer's turn to play (the only moment a hint is offered)?"""
    return table.my_turn() and table.view()["phase"] == "play"


def _pick_hinted(table, code: str) -> None:
    """Add the card to try to the cards picked (its first copy), unless it is picked already."""
    if [code, 0] not in table.local["picked"]:
        pick_card(table, f"{code}-0")
    else:
        table.services.focus_after_render(f"#el-card-{code}-0")


def play(table) -> None:
    """Play the picked cards; then, if the engine offers the Prophet's role, ask only when the player said they
    wanted it ("Become Prophet" on), else decline for them."""
    local = table.local
    if not table.my_turn() or not local["picked"]:
        if table.my_turn() and not local["picked"]:
            local["refused"] = t("el.string.none_to_play")
        return
    if not table.act({"play": [code for code, _ in local["picked"]]}):
        return
    wanted = local["prophet_plan"]
    local.update(picked=[], prophet_plan=False, refused=None, cursor=None)
    local["prophet_wanted"] = None
    if table.session.to_act == table.viewer and table.view()["phase"] == "prophet_offer":
        if wanted:
            local["prophet_asked"] = True
            table.open_sheet("prophet", focus="#prophet-no")
            return
        table.act({"prophet": False})
    else:
        # The offer may come later (_ask_prophet): with the host's answer to a phone's play, or once a Prophet has
        # judged the play and been overthrown by it.
        local["prophet_wanted"] = wanted
    table.services.focus_after_render("#status")


def _judge_action(call: dict) -> dict:
    if call["judge"]:
        return {"judge": True}
    return {"judge": False, "card": call["card"]} if call.get("card") else {"judge": False}


def judge(table, arg: str) -> None:
    """A verdict from the judging panel, confirmed before it counts: a person Prophet's call (a wrong one
    overthrows them), and a dealer's verdict by hand (it decides a player's penalty cards, or the first card), each
    in a sheet that says what it will do. Not an undo: the next seat acts at once, and penalty cards once drawn
    have been seen."""
    if not table.my_turn():
        return
    if arg == "right":
        call = {"judge": True, "card": None}
    elif arg == "wrong":
        call = {"judge": False, "card": None}
    elif arg.startswith("card:") and cards.is_card(arg[5:]):
        call = {"judge": False, "card": arg[5:]}
    else:
        return
    phase = table.view()["phase"]
    if phase not in ("prophet_judge", "dealer_judge", "starter"):
        return
    table.local["call"] = call
    if phase == "prophet_judge":
        table.open_sheet("call", focus="#call-no")
    else:
        table.open_sheet("verdict", focus="#verdict-no")


def start_round(table) -> None:
    if not table.my_turn():
        return
    state = table.local["rule"]
    hint = state["hint"].strip() or None
    if state["mode"] == "write":  # the rule the words read as (the one read back), never the words
        rule = counted_rule(state.get("report") or rule_report(state["text"]))
        if rule is None:
            return
        action = {"rule": rule}
        if hint:
            action["hint"] = hint
    elif state["mode"] == "library":
        if not state["rule_id"]:
            return
        entry = library.get(state["rule_id"])
        action = {"rule_id": entry.id, "library_hint": bool(state["library_hint"] and entry.hint_en)}
    else:
        action = {"manual": True}
        if hint:
            action["hint"] = hint
    if table.act(action):
        table.local["rule"] = new_rule_state()
        table.services.focus_after_render("#status")


def field(table, name: str, value) -> bool:
    if eleusis_guess.field(table, name, value):
        return True
    state = table.local["rule"]
    if name == "el-rule-text":
        state["text"] = str(value)[:2000]
        state["report"] = rule_report(state["text"])
        return True
    if name == "el-rule-id" and isinstance(value, str):
        try:
            library.get(value)
        except KeyError:
            return False
        state["rule_id"] = value
        return True
    if name == "el-library-hint":
        state["library_hint"] = bool(value)
        return True
    if name == "el-rule-hint":
        state["hint"] = str(value)[:el.HINT_MAX_LENGTH]
        return False
    return False


def key(table, key: str, ctrl: bool) -> bool:
    if ctrl or not table.my_turn():
        return False
    local = table.local
    view = table.view()
    if view["phase"] != "play":
        return False
    if move(table, key, [f"el-card-{code}-{copy}" for code, copy in slots(view["hand"])]):
        return True
    if key == "Escape" and local["picked"]:
        local["picked"] = []
        return True
    if key == "Enter" and local["picked"]:
        play(table)
        return True
    if key in ("h", "H"):
        handle(table, "hint:open", None)
        return True
    return False


# ---------------------------------------------------------------------- seats and the move log


def bar_items(table):
    """The top bar's "Your guess" (a player's own guess at the rule, while a round is on)."""
    return eleusis_guess.guess_button(table, table.view())


def seat_status(table, view: dict, seat: int):
    """A seat chip: its token (the one under the cards it played), its role, cards in hand and points."""
    role = None
    if view["phase"] != "over":
        if seat == view["dealer"]:
            role = t("el.role.dealer")
        elif seat == view["prophet"]:
            role = t("el.role.prophet")
        elif seat in view["expelled"]:
            role = t("el.role.expelled")
    playing = view["phase"] not in ("rule", "over") and seat != view["dealer"]
    return [
        seat_token(seat),
        h("span", {"class": ["el-seat-role", f"el-role-{'dealer' if seat == view['dealer'] else 'other'}"], "key": "r"},
          role) if role else None,
        h("span", {"class": "el-seat-cards", "key": "c"},
          h("span", {"aria-hidden": "true"}, view["hand_counts"][seat]),
          h("span", {"class": "visually-hidden"}, t("el.seat.cards", n=view["hand_counts"][seat]))) if playing else None,
        h("span", {"class": "el-seat-points", "key": "p"}, t("el.seat.points_short", n=view["totals"][seat])),
    ]


def seat_facts(view: dict, seat: int) -> tuple:
    """Everything ``seat_status`` reads of the view for ``seat`` (the table keeps the chip while it is equal)."""
    return (view["phase"] == "over", view["phase"] == "rule", seat == view["dealer"], seat == view["prophet"], seat in view["expelled"],
            view["hand_counts"][seat], view["totals"][seat])


def seats_in_view(table, view: dict) -> list[int]:
    """The seat the strip keeps in view besides yours when it scrolls (6 to 8 seats): the dealer."""
    return [view["dealer"]] if view["phase"] != "over" else []


def round_title(number: int) -> str:
    return t("el.log.round", round=number)


def log_event(before: dict, after: dict, action: dict, seat: int | None) -> dict | None:
    """What an action did, for the move log: the public event it added (a play and its verdict, a no play, a new
    Prophet, a round's first card), with where its cards went on the layout; a Prophet's call waiting for the
    dealer is table talk (an aside)."""
    ended = len(after["rounds"]) > len(before["rounds"])
    if "rule" in action or "rule_id" in action or "manual" in action:
        event = {"kind": "rule", "seat": seat, "round": before["round"] + 1, "ends_turn": True,
                 "how": "manual" if "manual" in action else "library" if "rule_id" in action else "written"}
        if after["events"]:
            starter = after["events"][0]
            event.update(starter=starter["card"], aside=starter["laid_aside"])
        return event
    if "stop" in action:
        return {"kind": "stop", "seat": seat, "round": before["round"] + 1, "ends_turn": True}
    events = after["rounds"][-1]["events"] if ended else after["events"]
    new = events[len(before["events"]):]
    if not new:
        if "judge" in action and after["pending"] and after["pending"].get("prophet"):
            call = after["pending"]["prophet"]
            return {"kind": "call", "seat": seat, "round": before["round"] + 1, "judge": call["judge"],
                    "card": call.get("card"), "aside": True}
        return None
    raw = new[-1]
    kind = raw["type"]
    event = {"kind": kind, "seat": raw.get("seat", seat), "round": before["round"] + 1, "ends_turn": True}
    if kind == "starter":
        event.update(starter=raw["card"], aside=raw["laid_aside"], seat=seat)
        return event
    if kind == "prophet":
        return event
    lines = after["rounds"][-1]["line"] if ended else after
    mb = raw["mainline_before"]
    event.update(right=raw["right"], penalty=raw.get("penalty", 0), expelled=raw.get("expelled", False),
                 out=raw.get("out", False), round_over=ended)
    if kind == "play":
        event["cards"] = list(raw["cards"])
        event["line"] = {"main": [mb, mb + len(raw["cards"])]} if raw["right"] else \
            {"side": [mb - 1, len(lines["sidelines"][mb - 1]) - 1]}
    else:
        event["hand"] = list(raw["hand"])
        if raw["right"]:
            event["new_hand"] = raw.get("new_hand", 0)
        else:
            event["placed"] = raw["placed"]
            event["line"] = {"main": [mb, mb + 1]}
    if raw.get("prophet"):
        call = raw["prophet"]
        event["prophet"] = {"seat": call["seat"], "judge": call["judge"], "card": call.get("card"),
                            "right": call["right"]}
    event["marks"] = ["right" if raw["right"] else "wrong"]
    return event


def render_event(table, event: dict, compact: bool):
    """An event in words and small cards, as one run of text that wraps."""
    return h("span", {"class": "log-text"}, _event_parts(table, event, compact))


def _event_parts(table, event: dict, compact: bool):
    kind = event["kind"]
    if kind == "rule":
        parts = [t(f"el.log.rule.{event['how']}")]
        if event.get("starter"):
            parts += [" ", t("el.log.first"), " ", mini_card(event["starter"])]
            if event.get("aside") and not compact:
                parts += [" ", t("el.log.laid_aside", n=event["aside"])]
        return parts
    if kind == "starter":
        return [t("el.log.first"), " ", mini_card(event["starter"])]
    if kind == "stop":
        return t("el.log.stopped")
    if kind == "prophet":
        return h("strong", {"class": "el-log-prophet"}, t("el.log.became_prophet"))
    if kind == "call":
        return t("el.log.call", name=table.seat_name(event["seat"]), said=_call_words(event))
    verdict = h("span", {"class": ["el-verdict", "right" if event["right"] else "wrong"], "key": "v"},
                t("el.log.right") if event["right"] else t("el.log.wrong"))
    if kind == "play":
        parts = [h("span", {"class": "el-log-cards", "key": "c"}, [mini_card(c) for c in event["cards"]]), " ", verdict]
    else:
        parts = [t("el.log.no_play"), " ", verdict]
        if not compact:
            parts += [" ", h("span", {"class": "el-log-hand", "key": "h"}, "(", [mini_card(c) for c in event["hand"]],
                             ")")]
        if event["right"]:
            parts += [" ", t("el.log.new_hand", n=event.get("new_hand", 0))]
        else:
            parts += [" ", t("el.log.placed"), " ", mini_card(event["placed"])]
    if event.get("penalty"):
        parts += [" ", h("span", {"class": "el-penalty", "key": "p"}, t("el.log.penalty_short", n=event["penalty"]))]
    call = event.get("prophet")
    if call:
        said = _call_words(call)
        text = t("el.log.prophet_ok", name=table.seat_name(call["seat"]), said=said) if call["right"] else \
            t("el.log.prophet_overthrown", name=table.seat_name(call["seat"]), said=said)
        parts += [" ", h("span", {"class": ["el-log-call", "ok" if call["right"] else "overthrown"], "key": "pc"}, text)]
    if event.get("expelled"):
        parts += [" ", h("strong", {"key": "x"}, t("el.log.expelled_short"))]
    if event.get("out"):
        parts += [" ", h("strong", {"key": "o"}, t("el.log.out_short"))]
    if event.get("round_over") and not compact:
        parts += [" ", h("span", {"class": "log-note", "key": "r"}, t("el.log.round_over"))]
    return parts


# ---------------------------------------------------------------------- telling what happened


def _event_text(table, event: dict) -> str:
    kind = event["type"]
    if kind == "starter":
        return t("el.log.starter", card=card_name(event["card"]), n=event["laid_aside"])
    name = table.seat_name(event["seat"])
    if kind == "prophet":
        return t("el.log.prophet", name=name)
    parts = []
    if kind == "play":
        what = card_names(event["cards"])
        parts.append(t("el.log.play_right" if event["right"] else "el.log.play_wrong", name=name, cards=what,
                       n=len(event["cards"])))
    elif event["right"]:
        parts.append(t("el.log.no_play_right", name=name, cards=card_names(event["hand"]), n=event.get("new_hand", 0)))
    else:
        parts.append(t("el.log.no_play_wrong", name=name, cards=card_names(event["hand"]),
                       card=card_name(event["placed"])))
    if event.get("penalty"):
        parts.append(t("el.log.penalty", n=event["penalty"]))
    call = event.get("prophet")
    if call is not None:
        said = _call_words(call)
        parts.append(t("el.log.prophet_ok_said", name=table.seat_name(call["seat"]), said=said) if call["right"]
                     else t("el.log.overthrown", name=table.seat_name(call["seat"])))
    if event.get("expelled"):
        parts.append(t("el.log.expelled", name=name))
    if event.get("out"):
        parts.append(t("el.log.out", name=name))
    return " ".join(parts)


def describe_action(table, before: dict | None, action: dict, seat: int | None) -> str:
    session = table.session
    name = table.seat_name(seat) if seat is not None else ""
    if "stop" in action:
        return t("el.said.stop")
    if "rule_id" in action or "rule" in action or "manual" in action:
        return t("el.said.rule", name=name)
    view = session.view(seat if seat is not None else 0)
    rounds_before = len(before["rounds"]) if before else 0
    if len(view["rounds"]) > rounds_before:
        entry = view["rounds"][-1]
        last = _event_text(table, entry["events"][-1]) if entry.get("events") else ""
        return (last + " " + t("el.said.round_over", round=len(view["rounds"]),
                               words=entry["words"][i18n.language()] if entry["words"] else t("el.said.manual"))).strip()
    if view["events"]:
        event = view["events"][-1]
        if "prophet" in action and action["prophet"] is False:
            return ""
        return _event_text(table, event)
    return ""


def result_line(table) -> str:
    out = table.session.outcome
    names = ", ".join(table.seat_name(s) for s in out["winners"])
    return t("el.result.winners", names=names, n=len(out["winners"]))


def result_summary(table):
    out = table.session.outcome
    totals = out["totals"]
    ranking = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    items = []
    place = 0
    for i, seat in enumerate(ranking):
        if i == 0 or totals[seat] != totals[ranking[i - 1]]:
            place = i + 1
        items.append(h("li", {"key": seat, "class": "winner" if seat in out["winners"] else None},
                       h("span", {"class": "el-place"}, t("el.result.place", n=place)),
                       h("span", {"class": "el-place-name"}, seat_token(seat), " ", table.seat_name(seat)),
                       h("span", {"class": "el-place-points"}, t("el.seat.points", n=totals[seat]))))
    reason = t("el.result.stopped", n=len(out["never_dealt"])) if out["reason"] == "stopped" else \
        t("el.result.all_dealt", n=out["rounds"])
    people = table.session.person_seats()
    happy = not people or any(s in out["winners"] for s in people)
    return h("div", {"class": ["result", "el-result", "result-win" if happy else "result-loss"]},
             h("h2", {"id": "end-title"}, t("el.result.title")),
             h("p", {"class": "left-count"}, result_line(table)),
             h("p", {"class": "reason"}, reason),
             h("ol", {"class": "el-ranking"}, items))


def celebrate(table) -> str | None:
    """A person's win (a shared one too) is cheered."""
    out = table.session.outcome
    return "win" if any(s in out["winners"] for s in table.session.person_seats()) else None


# ---------------------------------------------------------------------- history


def history_entry(session) -> dict:
    out = session.outcome
    people = session.person_seats()
    me = people[0] if people else 0
    return {"bucket": "short" if session.config["players"] == el.SHORT_VARIANT_PLAYERS else "standard",
            "won": any(s in out["winners"] for s in people), "perfect": False, "score": out["totals"][me]}


def bucket_label(bucket: str) -> str:
    return t("el.bucket.short") if bucket == "short" else t("el.bucket.standard")


def history_chart(scores: list[int]):
    """Points per game (more is better; no bin is singled out)."""
    return binned_chart(scores, HISTOGRAM_EDGES, title=t("el.chart.title"), x_label=t("el.chart.x"),
                        y_label=t("el.chart.y"), good_below=0)
