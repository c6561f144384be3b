"""Eleusis at the table: the line of cards (mainline left to right, each sideline hanging under the card it
followed), the hand and the string builder, "No play", "Become Prophet", the Prophet's and the dealer's judging,
the dealer's secret rule (written with the live checker, picked from the library, or judged by hand), the round's
scores with the rule revealed in plain words, and the game's totals.

The engine decides everything (``legal_actions``, ``apply``); this module draws views and builds actions. It
also holds what the solo science screen shares with the table: card names and faces, and the line.

Accessible names: a card in hand is a button named by the card ("Queen of hearts", "10 of clubs"; in Japanese
"ハートのクイーン"); the actions are "Play", "No play", "Become Prophet". Suits always show their symbol (and, for
screen readers, their name), never colour alone.

History entry: ``bucket`` "standard" or "short" (3 seats); ``won`` when a person's seat is among the winners;
``score`` the first person's total (seat 1 at a table of bots).
"""
from __future__ import annotations

from junban.games.eleusis import cards, checker, library
from junban.games.eleusis import rules as el
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.ui import i18n
from junban.ui.charts import binned_chart
from junban.ui.dom import h
from junban.ui.i18n import error_text, t

i18n.register("eleusis")

DEFAULT_PLAYERS = 4
DEFAULT_BOTS = 3
HISTORY_COLUMNS = ("games", "wins", "streak", "best_streak", "mean_score")
HISTORY_LABELS = {"mean_score": "el.history.mean_points"}
HISTOGRAM_EDGES = [0, 10, 20, 30, 40, 60, 80, 100]
LEVELS = library.LEVELS
RULE_MODES = ("write", "library", "manual")


# ---------------------------------------------------------------------- cards: names and faces

RANKS_JA = ("エース", "2", "3", "4", "5", "6", "7", "8", "9", "10", "ジャック", "クイーン", "キング")
SUITS_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}
RANK_SHORT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


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


def card_face(code: str, cls=None, label: bool = False):
    """A card's face: rank above its suit symbol; red suits in red, and the symbol's shape tells every suit apart.

    With ``label`` the face carries the card's name for screen readers (role img); otherwise it is decoration
    inside something already named."""
    red = cards.is_red(code)
    extra = list(cls) if isinstance(cls, (list, tuple)) else [cls]
    attrs = {"class": ["el-card", "red" if red else "black", f"suit-{cards.suit(code)}", *extra]}
    if label:
        attrs.update({"role": "img", "aria-label": card_name(code)})
    else:
        attrs["aria-hidden"] = "true"
    # The suit symbol comes from the stylesheet (.suit-S .el-suit::before): a card button's visible text is then
    # its rank alone, which its name ("Queen of hearts") contains, as accessibility checkers want.
    return h("span", attrs,
             h("span", {"class": "el-rank"}, RANK_SHORT[cards.rank(code) - 1]),
             h("span", {"class": "el-suit"}))


def cards_row(codes, cls: str = "el-row", label: bool = True):
    return h("span", {"class": cls}, [card_face(c, label=label) for c in codes])


# ---------------------------------------------------------------------- the line: mainline and sidelines


def render_line(line: dict, zoom: bool, names=None, ident: str = "el-line"):
    """The mainline left to right, each sideline under the card it followed, laid-aside starters first.

    ``line``: ``mainline``, ``sidelines`` (per mainline card, groups ``{"cards", "seat"}``), ``laid_aside``, and
    optionally ``played_by`` (seat or None per mainline card), ``marker`` (the Prophet's), ``prophet_every``
    (mainline index from which the Prophet's 10-card markers count). The newest cards are in view at once (the
    strip starts scrolled to its right end); it scrolls sideways inside itself, never the page."""
    mainline = line["mainline"]
    sidelines = line["sidelines"]
    played_by = line.get("played_by") or [None] * len(mainline)
    marker = line.get("marker")
    on = marker["on"] if marker else None
    prophet_from = marker["mainline"] if marker else None
    columns = []
    if line.get("laid_aside"):
        columns.append(h(
            "li", {"class": "el-col el-aside", "key": "aside"},
            h("span", {"class": "el-col-note", "aria-hidden": "true"}, t("el.line.aside_short")),
            h("span", {"class": "visually-hidden"}, t("el.line.aside", cards=card_names(line["laid_aside"]))),
            h("span", {"class": "el-aside-cards", "aria-hidden": "true"},
              [card_face(c, "el-small", ) for c in line["laid_aside"]])))
    for i, code in enumerate(mainline):
        badges = []
        if (i + 1) % el.MARKER_EVERY == 0:
            badges.append(h("span", {"class": "el-badge el-ten", "aria-hidden": "true"}, str(i + 1)))
        if prophet_from is not None and i >= prophet_from and (i + 1 - prophet_from) % el.MARKER_EVERY == 0:
            badges.append(h("span", {"class": "el-badge el-pten", "aria-hidden": "true"},
                            t("el.line.prophet_ten", n=i + 1 - prophet_from)))
        prophet_here = on is not None and on[0] == "mainline" and on[1] == i
        if prophet_here:
            badges.append(h("span", {"class": "el-badge el-prophet-mark", "aria-hidden": "true"}, t("el.line.p")))
        who = played_by[i]
        placed = "played_by" in line and who is None and i > 0  # a judge placed it after a wrong "no play"
        groups = []
        words = []
        for g, group in enumerate(sidelines[i] if i < len(sidelines) else []):
            marked = on is not None and on[0] == "sideline" and on[1] == i and on[2] == g
            groups.append(h(
                "li", {"class": ["el-group", "el-string" if len(group["cards"]) > 1 else None,
                                 "el-marked" if marked else None], "key": g,
                       "title": names(group["seat"]) if names and group.get("seat") is not None else None},
                [card_face(c, "el-wrong") for c in group["cards"]],
                h("span", {"class": "el-badge el-prophet-mark", "aria-hidden": "true"}, t("el.line.p"))
                if marked else None))
            words.append(card_names(group["cards"]) + (t("el.line.string_note") if len(group["cards"]) > 1 else ""))
        label = t("el.line.card", n=i + 1, card=card_name(code))
        if placed:
            label += t("el.line.placed_note")
        if prophet_here:
            label += t("el.line.marker_note")
        if words:
            label += t("el.line.wrong_after", cards="; ".join(words))
        columns.append(h(
            "li", {"class": ["el-col", "el-newest" if i == len(mainline) - 1 else None], "key": i},
            h("span", {"class": "visually-hidden"}, label),
            h("span", {"class": "el-col-head", "aria-hidden": "true"}, badges),
            h("span", {"class": ["el-main", "el-placed" if placed else None],
                       "title": names(who) if names and who is not None else None, "aria-hidden": "true"},
              card_face(code)),
            h("ul", {"class": "el-side", "aria-hidden": "true"}, groups) if groups else None))
    wrong = sum(len(g["cards"]) for s in sidelines for g in s)
    return h(
        "section", {"class": ["el-layout", "el-zoomed-out" if zoom else None], "aria-labelledby": f"{ident}-title"},
        h("div", {"class": "el-layout-bar"},
          h("h2", {"class": "el-layout-title", "id": f"{ident}-title"},
            t("el.line.title", n=len(mainline)), h("span", {"class": "el-layout-count muted"},
                                                     t("el.line.wrong_count", n=wrong))),
          h("button", {"type": "button", "class": "button quiet el-zoom", "data-act": "el:zoom",
                       "aria-pressed": "true" if zoom else "false", "id": f"{ident}-zoom"},
            t("el.line.zoom_out"))),
        h("div", {"class": "el-scroll", "tabindex": "0", "role": "region", "aria-label": t("el.line.region")},
          h("ol", {"class": "el-line"}, columns)),
    )


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
    names = [s["name"] for s in screen.seats]
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
    return {"picked": [], "zoom": False, "summary_seen": None, "confirm_stop": False,
            "rule": {"mode": "write", "text": "", "level": "easy", "rule_id": None, "hint": "", "library_hint": True}}


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


# ---------------------------------------------------------------------- the table


def render_table(table):
    view = table.view()
    local = table.local
    if local["summary_seen"] is None:
        local["summary_seen"] = len(view["rounds"])  # a reloaded or handed-over table shows no old summary
    visible = table.hand_visible()
    _tidy(local, view["hand"] if visible else [])
    mine = table.my_turn()
    phase = view["phase"]
    over = table.session.is_over
    summary = None
    if view["rounds"] and (len(view["rounds"]) > local["summary_seen"] or over):
        summary = round_summary(table, view, len(view["rounds"]) - 1, closable=not over)
    return h(
        "section", {"class": ["el-table", "el-over" if over else None], "aria-label": t("el.table")},
        _status(table, view),
        _seats(table, view),
        summary,
        None if over else _secret(table, view),
        None if over or not view["hint"] else _hint(view),
        None if over and not view["mainline"] else (render_line(view, local["zoom"], table.seat_name)
                                                    if view["mainline"] or view["laid_aside"] else None),
        None if over or phase != "play" else _hand(table, view, mine),
        None if over else _panel(table, view, mine, phase),
        None if over or phase == "play" else _hand(table, view, False),
        None if over else _log(table, view),
        _scores(table, view, open_=over),
        None if over else _stop(table),
    )


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
    parts = [h("span", {"class": "el-round", "key": "r"},
               t("el.status.round", round=min(view["round"] + 1, view["rounds_total"]), rounds=view["rounds_total"]))]
    if view["phase"] not in ("rule", "over"):
        parts.append(h("span", {"class": "el-stock", "key": "s"}, t("el.status.stock", n=view["stock_count"])))
    if view["sudden_death"]:
        parts.append(h("span", {"class": "el-sudden", "key": "d", "role": "note"},
                       t("el.status.dead_end") if view["dead_end"] else t("el.status.sudden")))
    if view["short_variant"]:
        parts.append(h("span", {"class": "el-short", "key": "v"}, t("el.status.short")))
    return h("div", {"class": "el-status"}, h("p", {"class": "el-turn", "id": "status"}, text),
             h("p", {"class": "el-status-facts muted"}, parts))


def _role(view: dict, seat: int) -> str | None:
    if view["phase"] == "over":
        return None
    if seat == view["dealer"]:
        return t("el.role.dealer")
    if seat == view["prophet"]:
        return t("el.role.prophet")
    if seat in view["expelled"]:
        return t("el.role.expelled")
    return None


def _seats(table, view: dict):
    items = []
    to_act = table.session.to_act
    for seat, count in enumerate(view["hand_counts"]):
        info = table.session.seats[seat]
        role = _role(view, seat)
        dealing = seat == view["dealer"] and view["phase"] != "over"
        items.append(h(
            "li", {"class": ["el-seat", "active" if seat == to_act else None, "bot" if info.is_bot else None,
                             "dealer" if dealing else None, "prophet" if seat == view["prophet"] else None,
                             "expelled" if seat in view["expelled"] else None,
                             "viewer" if seat == table.viewer else None],
                   "key": seat, "aria-current": "true" if seat == to_act else None},
            h("span", {"class": "el-seat-name"}, info.name),
            h("span", {"class": "el-seat-role"}, role) if role else None,
            None if dealing or view["phase"] in ("rule", "over") else
            h("span", {"class": "el-seat-cards"}, t("el.seat.cards", n=count)),
            h("span", {"class": "el-seat-total"}, t("el.seat.points", n=view["totals"][seat]))))
    return h("ul", {"class": "el-seats", "aria-label": t("el.seats")}, items)


def _secret(table, view: dict):
    """The dealer's own reminder of the secret rule (only the dealer's view carries it)."""
    rule = view["rule"]
    if rule is None or not table.hand_visible():
        return None
    lang = i18n.language()
    if rule["manual"]:
        body = [h("p", {}, t("el.secret.manual"))]
    else:
        name = library.get(rule["rule_id"]).name(lang) if rule["rule_id"] else None
        body = [h("p", {"class": "el-words"}, rule["words"][lang]),
                h("p", {}, h("code", {"class": "el-code"}, rule["text"])),
                h("p", {"class": "muted"}, t("el.secret.library", name=name)) if name else None]
    return h("details", {"class": "el-secret", "open": True},
             h("summary", {}, t("el.secret.title")), body)


def _hint(view: dict):
    hint = view["hint"]
    text = hint.get("text") or hint.get(i18n.language()) or hint.get("en")
    return h("p", {"class": "el-hint", "role": "note"}, h("strong", {}, t("el.hint")), " ", text)


# ---------------------------------------------------------------------- the panel: what the viewer does now


def _panel(table, view: dict, mine: bool, phase: str):
    if not mine:
        return _waiting(table, view)
    if phase == "rule":
        return _rule_entry(table, view)
    if phase == "starter":
        return _judge_starter(view)
    if phase == "play":
        return _play_panel(table, view)
    if phase == "prophet_offer":
        return _prophet_offer(table, view)
    return _judge_panel(table, view)


def _waiting(table, view: dict):
    seat = table.session.to_act
    if seat is None:
        return None
    key = {"rule": "el.wait.rule", "starter": "el.wait.starter", "play": "el.wait.play",
           "prophet_judge": "el.wait.prophet_judge", "dealer_judge": "el.wait.dealer_judge",
           "prophet_offer": "el.wait.prophet_offer"}[view["phase"]]
    return h("div", {"class": "el-panel el-waiting"},
             h("p", {"class": "muted waiting"}, t(key, name=table.seat_name(seat))))


def _play_panel(table, view: dict):
    picked = [code for code, _ in table.local["picked"]]
    can_play = 1 <= len(picked) <= el.STRING_MAX
    order = None
    if picked:
        order = h("ol", {"class": "el-order", "aria-label": t("el.string.label")},
                  [h("li", {"key": i}, card_face(code, "el-small"), h("span", {"class": "el-order-name"},
                                                                      card_name(code))) for i, code in enumerate(picked)])
    after = view["mainline"][-1] if view["mainline"] else None
    return h(
        "div", {"class": "el-panel el-play"},
        h("p", {"class": "help", "id": "el-play-help"},
          t("el.play.help", card=card_name(after)) if after else t("el.play.help_first")),
        h("div", {"class": "el-string"},
          h("p", {"class": "el-string-title", "aria-live": "polite"},
            t("el.string.none") if not picked else t("el.string.count", n=len(picked))),
          order,
          h("button", {"type": "button", "class": "button quiet", "data-act": "el:clear", "id": "el-clear"},
            t("el.string.clear")) if picked else None),
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button primary big", "data-act": "el:play", "id": "el-play",
                       "disabled": not can_play, "aria-describedby": "el-play-help"}, t("el.play")),
          h("button", {"type": "button", "class": "button big", "data-act": "el:no-play", "id": "el-no-play",
                       "aria-describedby": "el-no-play-help"}, t("el.no_play"))),
        h("p", {"class": "help", "id": "el-no-play-help"}, t("el.no_play.help")),
    )


def _prophet_offer(table, view: dict):
    last = view["events"][-1] if view["events"] else None
    result = None
    if last and last["type"] == "play":
        result = _event_text(table, last)
    return h(
        "div", {"class": "el-panel el-offer"},
        h("p", {"class": "el-last-result"}, result) if result else None,
        h("h2", {"class": "el-panel-title"}, t("el.offer.title")),
        h("p", {"class": "help"}, t("el.offer.help")),
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button primary big", "data-act": "el:prophet", "data-arg": "yes",
                       "id": "el-become-prophet"}, t("el.offer.become")),
          h("button", {"type": "button", "class": "button big", "data-act": "el:prophet", "data-arg": "no",
                       "id": "el-not-now"}, t("el.offer.not_now"))),
    )


def _judge_starter(view: dict):
    card = view["turned"]
    return h(
        "div", {"class": "el-panel el-judge"},
        h("h2", {"class": "el-panel-title"}, t("el.starter.title")),
        h("p", {}, t("el.starter.help", card=card_name(card))),
        cards_row([card], "el-row el-judged"),
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button big", "data-act": "el:judge", "data-arg": "right",
                       "id": "el-right"}, t("el.judge.right")),
          h("button", {"type": "button", "class": "button big", "data-act": "el:judge", "data-arg": "wrong",
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
        said = (t("el.judge.prophet_said_right") if call["judge"] else
                t("el.judge.prophet_said_card", card=card_name(call["card"])) if call["card"] else
                t("el.judge.prophet_said_wrong"))
        head.append(h("p", {"class": "el-prophet-call", "key": "c"},
                      t("el.judge.prophet_said", name=table.seat_name(view["prophet"]), said=said)))
    if pending.get("no_play"):
        body = [
            h("p", {"key": "q"}, t("el.judge.no_play", name=name, card=card_name(after))),
            h("div", {"class": "el-actions", "key": "a"},
              h("button", {"type": "button", "class": "button", "data-act": "el:judge", "data-arg": "right",
                           "id": "el-right"}, t("el.judge.no_play_right"))),
            h("p", {"class": "help", "key": "h"}, t("el.judge.no_play_pick")),
            h("div", {"class": "el-pick", "key": "p"},
              [h("button", {"type": "button", "class": "el-card-button", "data-act": "el:judge-card", "data-arg": code,
                            "aria-label": t("el.judge.play_card", card=card_name(code)), "key": code},
                 card_face(code)) for code in sorted(set(pending["hand"]), key=cards.DECK.index)]),
        ]
    else:
        body = [
            h("p", {"key": "q"}, t("el.judge.play", name=name, card=card_name(after), n=len(pending["cards"]))),
            cards_row(pending["cards"], "el-row el-judged"),
            h("div", {"class": "el-actions", "key": "a"},
              h("button", {"type": "button", "class": "button big", "data-act": "el:judge", "data-arg": "right",
                           "id": "el-right"}, t("el.judge.right")),
              h("button", {"type": "button", "class": "button big", "data-act": "el:judge", "data-arg": "wrong",
                           "id": "el-wrong"}, t("el.judge.wrong"))),
        ]
    return h("div", {"class": "el-panel el-judge"}, head, body,
             h("p", {"class": "help"}, t("el.judge.prophet_help" if as_prophet else "el.judge.dealer_help")))


# ---------------------------------------------------------------------- the dealer's secret rule


def rule_report(text: str) -> dict:
    """What the dealer sees while typing: the error at its position, or acceptance, warning and plain words."""
    if not text.strip():
        return {"empty": True}
    try:
        compile_rule(text)
    except RuleError as err:
        return {"ok": False, "message": error_text(err), "position": err.position}
    report = checker.check(text)
    return {"ok": True, "acceptance": report.acceptance, "warning": report.warning,
            "words": {"en": report.words_en, "ja": report.words_ja},
            "no_first": not any(compile_rule(text).judge((), c) for c in cards.DECK)}


def checker_panel(text: str, report: dict, ident: str):
    """The live checker's answer under a rule box (shared with the science guesses)."""
    if report.get("empty"):
        return h("div", {"class": "el-check", "id": ident, "aria-live": "polite"},
                 h("p", {"class": "help"}, t("el.check.empty")))
    if not report["ok"]:
        pos = max(0, min(report["position"], len(text)))
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line_end = len(text) if line_end < 0 else line_end
        start = max(line_start, pos - CARET_BEFORE)  # a window around the error, so a phone shows the caret
        line_text = ("…" if start > line_start else "") + text[start:min(line_end, pos + CARET_AFTER)]
        caret = " " * (pos - start + (1 if start > line_start else 0)) + "^"
        return h("div", {"class": "el-check el-check-error", "id": ident, "aria-live": "polite"},
                 h("p", {"class": "error-text"}, report["message"]),
                 h("pre", {"class": "el-caret", "aria-hidden": "true"}, line_text + "\n" + caret))
    lang = i18n.language()
    rate = round(100 * report["acceptance"])
    warn = None
    if report.get("no_first"):
        warn = t("el.check.no_first")
    elif report["warning"] == "too-few":
        warn = t("el.check.too_few", rate=rate)
    elif report["warning"] == "too-many":
        warn = t("el.check.too_many", rate=rate)
    return h("div", {"class": "el-check el-check-ok", "id": ident, "aria-live": "polite"},
             h("p", {"class": "el-words"}, h("strong", {}, t("el.check.words")), " ", report["words"][lang]),
             h("p", {}, t("el.check.rate", rate=rate),
               h("span", {"class": "el-meter", "aria-hidden": "true"},
                 h("span", {"class": "el-meter-fill", "style": f"width:{max(2, rate)}%"}))),
             h("p", {"class": "warning", "role": "alert"}, warn) if warn else None)


def language_help():
    return h("details", {"class": "el-lang-help"},
             h("summary", {}, t("el.lang.title")),
             h("p", {}, t("el.lang.intro")),
             h("ul", {}, [h("li", {"key": i}, h("code", {}, code), " — ", t(f"el.lang.ex{i}"))
                         for i, code in enumerate(LANGUAGE_EXAMPLES)]),
             h("p", {"class": "help"}, t("el.lang.more")))


CARET_BEFORE, CARET_AFTER = 22, 8  # characters shown around a parse error

LANGUAGE_EXAMPLES = (  # none of them is (equivalent to) a library rule: examples never give a puzzle away
    "card.colour = prev.colour",
    "card.rank >= prev.rank or card.face",
    "card.suit in [hearts, clubs]",
    "if prev.face then card.rank <= 6 else card.odd",
    "(card.rank - prev.rank) mod 13 in [2..4]",
    "if position mod 3 = 0 then card.black else true",
    "count(each.red) >= count(each.black) or card.black",
)
PLACEHOLDER = "card.rank + prev.rank >= 14"


def _rule_entry(table, view: dict):
    state = table.local["rule"]
    mode = state["mode"]
    tabs = h("div", {"class": "segmented el-modes", "role": "group", "aria-label": t("el.rule.how")},
             [h("button", {"type": "button", "class": "seg", "data-act": "el:rule-mode", "data-arg": m,
                           "aria-pressed": "true" if m == mode else "false", "key": m}, t(f"el.rule.mode.{m}"))
              for m in RULE_MODES])
    if mode == "write":
        report = state.get("report") or rule_report(state["text"])
        body = [
            h("label", {"class": "field-label", "for": "el-rule-text", "key": "l"}, t("el.rule.write_label")),
            h("textarea", {"id": "el-rule-text", "class": "el-rule-text", "data-field": "el-rule-text",
                           "value": state["text"], "rows": "3", "spellcheck": "false", "autocomplete": "off",
                           "autocapitalize": "off", "maxlength": "2000", "aria-describedby": "el-rule-check",
                           "placeholder": PLACEHOLDER, "key": "t"}),
            checker_panel(state["text"], report, "el-rule-check"),
            language_help(),
        ]
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
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button primary big", "data-act": "el:start-round",
                       "id": "el-start-round", "disabled": not ready}, t("el.rule.start"))),
    )


# ---------------------------------------------------------------------- the hand


def _hand(table, view: dict, playing: bool):
    if not table.hand_visible() or view["seat"] == view["dealer"] or view["phase"] in ("rule", "over"):
        if not table.hand_visible() and table.people:
            return h("section", {"class": "el-hand hidden-hand"}, h("p", {"class": "muted"}, t("el.hand.hidden")))
        return None
    picked = [tuple(p) for p in table.local["picked"]]
    buttons = []
    for code, copy in slots(view["hand"]):
        order = picked.index((code, copy)) + 1 if (code, copy) in picked else None
        buttons.append(h(
            "button", {"type": "button", "key": f"{code}-{copy}", "id": f"el-card-{code}-{copy}",
                       "class": ["el-card-button", "selected" if order else None],
                       "data-act": "el:card", "data-arg": f"{code}-{copy}", "aria-label": card_name(code),
                       "title": card_name(code),
                       "aria-pressed": "true" if order else "false", "disabled": not playing},
            card_face(code),
            # the number comes from the stylesheet, so the button's visible text stays within its name
            h("span", {"class": "el-order-badge", "aria-hidden": "true", "data-order": str(order)}) if order else None))
    name = table.seat_name(table.viewer)
    role = None
    if view["seat"] == view["prophet"]:
        role = t("el.hand.prophet")
    elif view["seat"] in view["expelled"]:
        role = t("el.hand.expelled")
    return h("section", {"class": "el-hand", "aria-labelledby": "el-hand-title"},
             h("h2", {"class": "el-hand-title", "id": "el-hand-title"}, t("el.hand.of", name=name, n=len(view["hand"]))),
             h("p", {"class": "help"}, role) if role else None,
             h("div", {"class": "el-hand-cards"}, buttons))


# ---------------------------------------------------------------------- the log, scores and the round summary


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
    if call is not None and not call["right"]:
        parts.append(t("el.log.overthrown", name=table.seat_name(call["seat"])))
    if event.get("expelled"):
        parts.append(t("el.log.expelled", name=name))
    if event.get("out"):
        parts.append(t("el.log.out", name=name))
    return " ".join(parts)


def _log(table, view: dict):
    events = [e for e in view["events"] if e["type"] != "starter"][-6:]
    if not events:
        return None
    return h("section", {"class": "el-log", "aria-labelledby": "el-log-title"},
             h("h2", {"class": "el-log-title", "id": "el-log-title"}, t("el.log.title")),
             h("ol", {"class": "el-log-list", "reversed": True},
               [h("li", {"key": len(view["events"]) - i, "class": _event_class(e)}, _event_text(table, e))
                for i, e in enumerate(reversed(events))]))


def _event_class(event: dict) -> str:
    if event["type"] == "prophet":
        return "el-ev-prophet"
    return "el-ev-right" if event.get("right") else "el-ev-wrong"


def round_summary(table, view: dict, index: int, closable: bool):
    entry = view["rounds"][index]
    lang = i18n.language()
    dealer = entry["dealer"]
    if entry["reason"] == "out":
        how = t("el.summary.out", name=table.seat_name(entry["out"]))
    else:
        how = t("el.summary.expelled")
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
                      h("th", {"scope": "row"}, table.seat_name(seat)),
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
    return h(
        "section", {"class": "el-summary", "aria-labelledby": f"el-summary-{index}", "id": "el-summary"},
        h("h2", {"id": f"el-summary-{index}"}, t("el.summary.title", round=index + 1)),
        h("p", {}, how, " ", t("el.summary.lines", main=entry["mainline"], side=entry["sideline"])),
        h("div", {"class": "el-rule-reveal"}, h("h3", {}, t("el.summary.rule_was", name=table.seat_name(dealer))), rule),
        render_line(entry["line"], table.local["zoom"], table.seat_name, ident=f"el-line-{index}")
        if entry.get("line") else None,
        h("div", {"class": "table-scroll"},
          h("table", {"class": "stats el-score-table"},
            h("caption", {"class": "visually-hidden"}, t("el.summary.caption", round=index + 1)),
            h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("el.summary.col.player")),
                             h("th", {"scope": "col"}, t("el.summary.col.cards")),
                             h("th", {"scope": "col"}, t("el.summary.col.points")),
                             h("th", {"scope": "col"}, t("el.summary.col.notes")))),
            h("tbody", {}, rows))),
        h("p", {"class": "help"}, footnote) if footnote else None,
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button primary", "data-act": "el:summary-close",
                       "id": "el-summary-close"}, t("el.summary.continue"))) if closable else None,
    )


def _scores(table, view: dict, open_: bool):
    if not view["rounds"]:
        return None
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
    return h("details", {"class": "el-scores", "open": open_ or None},
             h("summary", {}, t("el.scores.title")),
             h("div", {"class": "table-scroll"},
               h("table", {"class": "stats"}, h("thead", {}, head), h("tbody", {}, rows))))


def _stop(table):
    if not table.people:
        return None
    if table.local["confirm_stop"]:
        return h("div", {"class": "el-stop el-confirm", "role": "alertdialog", "aria-labelledby": "el-stop-text"},
                 h("p", {"id": "el-stop-text"}, t("el.stop.confirm")),
                 h("div", {"class": "el-actions"},
                   h("button", {"type": "button", "class": "button danger", "data-act": "el:stop-yes",
                                "id": "el-stop-yes"}, t("el.stop.yes")),
                   h("button", {"type": "button", "class": "button", "data-act": "el:stop-no", "id": "el-stop-no"},
                     t("el.stop.no"))))
    return h("div", {"class": "el-stop"},
             h("button", {"type": "button", "class": "button quiet", "data-act": "el:stop", "id": "el-stop"},
               t("el.stop")))


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    local = table.local
    if act == "el:zoom":
        local["zoom"] = not local["zoom"]
    elif act == "el:card" and arg:
        pick_card(table, arg)
    elif act == "el:clear":
        local["picked"] = []
    elif act == "el:play":
        if table.my_turn() and local["picked"]:
            if table.act({"play": [code for code, _ in local["picked"]]}):
                local["picked"] = []
                offer = table.session.to_act == table.viewer and table.view()["phase"] == "prophet_offer"
                table.services.focus_after_render("#el-not-now" if offer else "#status")
    elif act == "el:no-play":
        if table.my_turn() and table.act({"no_play": True}):
            local["picked"] = []
    elif act == "el:prophet" and arg in ("yes", "no"):
        if table.my_turn():
            table.act({"prophet": arg == "yes"})
    elif act == "el:judge" and arg in ("right", "wrong"):
        if table.my_turn():
            table.act({"judge": arg == "right"})
    elif act == "el:judge-card" and arg and cards.is_card(arg):
        if table.my_turn():
            table.act({"judge": False, "card": arg})
    elif act == "el:summary-close":
        local["summary_seen"] = len(table.view()["rounds"])
        table.services.focus_after_render("#status")
    elif act == "el:stop":
        local["confirm_stop"] = True
        table.services.focus_after_render("#el-stop-no")
    elif act == "el:stop-no":
        local["confirm_stop"] = False
    elif act == "el:stop-yes":
        local["confirm_stop"] = False
        table.act({"stop": True})
    elif act == "el:rule-mode" and arg in RULE_MODES:
        local["rule"]["mode"] = arg
    elif act == "el:rule-level" and arg in LEVELS:
        local["rule"]["level"] = arg
        local["rule"]["rule_id"] = None
    elif act == "el:start-round":
        start_round(table)


def pick_card(table, arg: str) -> None:
    code, _, copy = arg.rpartition("-")
    if not cards.is_card(code) or not copy.isdigit() or not table.my_turn():
        return
    slot = [code, int(copy)]
    picked = table.local["picked"]
    if slot in picked:
        picked.remove(slot)
    elif len(picked) < el.STRING_MAX:
        picked.append(slot)
    else:
        table.services.notify(t("el.string.full", n=el.STRING_MAX), "info", key="illegal")
    table.services.focus_after_render(f"#el-card-{code}-{copy}")


def start_round(table) -> None:
    if not table.my_turn():
        return
    state = table.local["rule"]
    hint = state["hint"].strip() or None
    if state["mode"] == "write":
        action = {"rule": state["text"]}
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
        table.local["rule"] = new_table_state()["rule"]
        table.services.focus_after_render("#status")


def field(table, name: str, value) -> bool:
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
    phase = table.session.view(table.viewer)["phase"] if table.viewer is not None else None
    if key == "Escape" and table.local["picked"]:
        table.local["picked"] = []
        return True
    if phase == "play" and key == "Enter" and table.local["picked"]:
        handle(table, "el:play", None)
        return True
    return False


# ---------------------------------------------------------------------- telling what happened


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
        return t("el.said.round_over", round=len(view["rounds"]),
                 words=entry["words"][i18n.language()] if entry["words"] else t("el.said.manual"))
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
                       h("span", {"class": "el-place-name"}, table.seat_name(seat)),
                       h("span", {"class": "el-place-points"}, t("el.seat.points", n=totals[seat]))))
    reason = t("el.result.stopped", n=len(out["never_dealt"])) if out["reason"] == "stopped" else \
        t("el.result.all_dealt", n=out["rounds"])
    return h("div", {"class": "result el-result"},
             h("h2", {"id": "end-title"}, t("el.result.title")),
             h("p", {"class": "left-count"}, result_line(table)),
             h("p", {"class": "reason"}, reason),
             h("ol", {"class": "el-ranking"}, items))


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
