"""Eleusis solo science mode: find a secret rule in 30 plays (engine: ``junban.games.eleusis.science``).

The setup chooses the secret rule: a library rule of a difficulty (the seed picks which), or a rule the person
writes for a friend (with the live checker and the link to send), or a rule carried by a link (never shown; its
tab stays offered however often the person looks at the others). The table, phone first: the plays left, the
layout (line or grid, as at the table), the hand of 12 sorted by suit and rank, and the action bar: Play (Enter
plays a chosen card too), "Hint" (the scientist's hints, step by step: ``eleusis_hints``) and "Guess the rule", which
opens the guess panel (a drawer over the hand on a phone, beside the table on a wide screen): the guess said in
words or the rule language, typed or built by taps (``eleusis_rule_entry``), read back in plain words before it
counts ("Your guess reads: ..."; the rule sent is that reading, never the words), with "did you mean" phrasings
when words do not read, and every earlier guess, in words, with its counterexample as cards.
A draft guess is kept with the save, so a reload does not lose it. Score = plays left at the right guess (a wrong
guess costs 2). At the end the rule is revealed in plain words, with a link to share it with a friend.

Accessible names as at the table: a card in hand is a button named by the card ("Queen of hearts"); "Play";
"Guess". History: ``bucket`` the difficulty or "custom"; ``won`` solved; ``perfect`` solved without a wrong guess;
``score`` the score.
"""
from __future__ import annotations

from junban.games.eleusis import cards, library, science
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.games.eleusis_science import links as science_links
from junban.storage import DRAFT_PREFIX, StorageFull
from junban.storage import MAX_DRAFT as DRAFT_MAX
from junban.ui import i18n
from junban.ui.charts import binned_chart
from junban.ui.dom import h
from junban.ui.games import eleusis_hints, eleusis_rule_entry
from junban.ui.games.eleusis_cards import (
    asked_column,
    card_face,
    card_name,
    card_names,
    hand_order,
    mini_card,
    open_whole_layout,
    render_layout,
)
from junban.ui.games.eleusis_checker import (
    checker_panel,
    counted_rule,
    guess_check,
    language_help,
    offered_text,
    rule_report,
)
from junban.ui.i18n import t
from junban.ui.parts.hand import move, tab_stop
from junban.ui.parts.motion import flip, origin
from junban.ui.parts.sheet import confirm, sheet

i18n.register("eleusis")

DEFAULT_PLAYERS = 1
DEFAULT_BOTS = 0
HISTORY_COLUMNS = ("games", "wins", "perfect", "streak", "mean_score")
HISTORY_LABELS = {"wins": "sci.history.solved", "perfect": "sci.history.perfect", "mean_score": "sci.history.mean"}
HISTOGRAM_EDGES = [0, 1, 5, 10, 15, 20, 25]
SOURCES = ("library", "own")
# The guess being written is kept under DRAFT_PREFIX + save id (junban.storage knows it as Junban's), so a reload
# does not lose it; at most DRAFT_MAX characters.


# ---------------------------------------------------------------------- setup


def default_config(players: int) -> dict:
    return {"level": "medium", "show_hint": False, "_source": "library", "_text": ""}


def adjust_config(config: dict, players: int) -> dict:
    return dict(config)


def _source(config: dict) -> str:
    """library, own (typed here) or link (a rule that came in a link: played, never shown)."""
    if "_source" in config:
        return config["_source"]
    return "link" if config.get("rule") else "library"


def setup_config(screen) -> dict:
    config = screen.config
    source = _source(config)
    out = {"level": config.get("level", "medium"), "show_hint": bool(config.get("show_hint"))}
    if source == "own":  # the rule the words read as (the words themselves when they do not read: refused there)
        out["rule"] = counted_rule(config.get("_report") or rule_report(config.get("_text", ""))) \
            or config.get("_text", "")
    elif source == "link":
        out["rule"] = config["rule"]
    return out


def setup_options(screen):
    config = screen.config
    source = _source(config)
    # a rule from a link keeps its tab: the person may look at the others and come back to it
    choices = (("link",) if config.get("rule") else ()) + SOURCES
    tabs = h("div", {"class": "segmented", "role": "group", "aria-label": t("sci.setup.source")},
             [h("button", {"type": "button", "class": "seg", "data-act": "sci:source", "data-arg": s,
                           "aria-pressed": "true" if s == source else "false", "key": s}, t(f"sci.setup.source.{s}"))
              for s in choices])
    if source == "library":
        level = config.get("level", "medium")
        body = [
            h("p", {"class": "field-label", "id": "sci-level-label", "key": "ll"}, t("sci.setup.difficulty")),
            h("div", {"class": "segmented", "role": "group", "aria-labelledby": "sci-level-label", "key": "lv"},
              [h("button", {"type": "button", "class": "seg", "data-act": "sci:level", "data-arg": lv,
                            "aria-pressed": "true" if lv == level else "false", "key": lv}, t(f"el.level.{lv}"))
               for lv in library.LEVELS]),
            h("p", {"class": "help", "key": "lh"}, t("sci.setup.library_help", n=len(library.rules_by_level(level)))),
            h("label", {"class": "check", "key": "hint"},
              h("input", {"type": "checkbox", "data-field": "sci-show-hint", "checked": bool(config.get("show_hint"))}),
              h("span", {}, t("sci.setup.show_hint"))),
        ]
    elif source == "own":
        text = config.get("_text", "")
        report = config.get("_report") or rule_report(text)
        link = None
        if report.get("ok") and not report.get("no_first"):
            url = screen.services.platform.page_url() + science_links.rule_link(report["rule"])
            link = h("div", {"class": "share-box sci-friend", "key": "link"},
                     h("label", {"for": "sci-friend-url"}, t("sci.setup.friend_link")),
                     h("input", {"id": "sci-friend-url", "type": "text", "readonly": True, "value": url}),
                     h("button", {"type": "button", "class": "button", "data-act": "sci:copy", "data-arg": url},
                       t("sci.setup.copy")))
        entry = config.setdefault("_entry", eleusis_rule_entry.new_entry())
        typed = h("textarea", {"id": "sci-rule-text", "class": "el-rule-text el-words-text", "data-field": "sci-rule-text",
                               "value": text, "rows": "3", "spellcheck": "false", "autocomplete": "off",
                               "autocapitalize": "off", "maxlength": "2000", "aria-describedby": "sci-rule-check",
                               "key": "t", "placeholder": t("el.check.placeholder")})
        body = [
            h("label", {"class": "field-label", "for": "sci-rule-text", "key": "l"}, t("sci.setup.own_label"))
            if entry["mode"] == "type" else h("p", {"class": "field-label", "key": "l"}, t("sci.setup.own_label")),
            eleusis_rule_entry.modes(entry, "sci:se", "sci-rule"),
            typed if entry["mode"] == "type" else eleusis_rule_entry.render_builder(entry, "sci:se", "sci-rule"),
            checker_panel(text, report, "sci-rule-check", "sci:rule-fix", "sci:rule-use"),
            link,
            h("p", {"class": "help", "key": "h"}, t("sci.setup.own_help")),
            language_help(),
        ]
    else:
        body = [h("p", {"class": "sci-link-rule", "key": "lk"}, t("sci.setup.link_rule"))]
    return h("fieldset", {"class": "group el-setup"},
             h("legend", {}, t("sci.setup.legend")),
             h("p", {"class": "help"}, t("sci.setup.summary", plays=science.PLAYS, hand=science.HAND_SIZE,
                                         cost=science.WRONG_GUESS_COST)),
             tabs, body)


def setup_field(screen, name: str, value) -> bool:
    config = screen.config
    if name == "sci-show-hint":
        config["show_hint"] = bool(value)
        return True
    if name == "sci-rule-text":
        config["_text"] = str(value)[:2000]
        config["_report"] = rule_report(config["_text"])
        return True
    return False


def setup_handle(screen, act: str, arg: str | None) -> None:
    config = screen.config
    if act == "sci:source" and arg in SOURCES + ("link",):
        if arg == "link":
            if config.get("rule"):
                config.pop("_source", None)
            return
        config["_source"] = arg
    elif act == "sci:level" and arg in library.LEVELS:
        config["level"] = arg
    elif act in ("sci:rule-fix", "sci:rule-use"):
        report = config.get("_report")
        fixed = offered_text(report, act, arg)
        if fixed is not None:
            setup_field(screen, "sci-rule-text", fixed)
            screen.services.focus_after_render("#sci-rule-text")
    elif act.startswith("sci:se:"):
        what = act[len("sci:se:"):]
        entry = config.setdefault("_entry", eleusis_rule_entry.new_entry())
        said = eleusis_rule_entry.handle(entry, what, arg)
        if said is not None:
            setup_field(screen, "sci-rule-text", said)
        screen.services.focus_after_render(eleusis_rule_entry.focus_after(what, arg, "sci-rule"))
    elif act == "sci:copy" and arg:
        screen.services.platform.copy_text(arg, lambda ok: screen.services.announce(
            t("table.copied") if ok else t("table.copy_failed")))


# ---------------------------------------------------------------------- the table


def new_table_state() -> dict:
    """The chosen card (code, copy in the sorted hand), the guess being written (None: not read from storage
    yet) and its checker report, whether the guess panel is open (a phone), the link to
    share the rule, the keyboard's place in the hand, the scientist's hint asked for (``eleusis_hints``)."""
    return {"picked": None, "guess": None, "report": None, "guess_open": False, "friend_url": None,
            "cursor": None, "hint": None, "entry": eleusis_rule_entry.new_entry()}


def _hand(view: dict) -> list[tuple[str, int]]:
    """The hand sorted by suit, then rank (the engine keeps it in the order cards were drawn)."""
    seen: dict[str, int] = {}
    out = []
    for code in sorted(view["hand"], key=hand_order):
        out.append((code, seen.get(code, 0)))
        seen[code] = seen.get(code, 0) + 1
    return out


def _line(view: dict) -> dict:
    return {"mainline": view["mainline"], "laid_aside": view["laid_aside"],
            "sidelines": [[{"cards": [c], "seat": None} for c in side] for side in view["sidelines"]]}


def _draft_key(table) -> str:
    return DRAFT_PREFIX + table.session.id


def _load_draft(table) -> None:
    """The guess being written, kept in storage so a reload does not lose it."""
    if table.local["guess"] is not None:
        return
    text = table.services.platform.storage.get(_draft_key(table))
    table.local["guess"] = text[:DRAFT_MAX] if isinstance(text, str) and not table.session.is_over else ""


def _keep_draft(table) -> None:
    storage = table.services.platform.storage
    text = table.local["guess"] or ""
    try:
        if text and not table.session.is_over:
            storage.set(_draft_key(table), text)
        else:
            storage.remove(_draft_key(table))
    except StorageFull:
        pass  # a draft is a convenience: the game itself is saved, or says so


def render_table(table):
    view = table.view()
    local = table.local
    over = table.session.is_over
    _load_draft(table)
    eleusis_hints.tidy(table)
    hand = _hand(view)
    if local["picked"] is not None and tuple(local["picked"]) not in set(hand):
        local["picked"] = None
    mine = table.my_turn() and not over
    return h(
        "section", {"class": ["el-table", "sci-table", "my-turn" if mine else None,
                              "guess-open" if local["guess_open"] else None], "aria-label": t("sci.table")},
        _status(view),
        _hint(view),
        render_layout(_line(view), "line", came_from=lambda kind, place: "el-pick-0",
                      keys="sci", recent=_last_played(view), study="el:study"),
        None if over else _last_play(view),
        None if over else _hand_section(table, view, hand, mine),
        None if over else _bar(table, view, mine),
        None if over else _guess_panel(table, view),
        _guesses(view) if over else None,
    )


def _last_played(view: dict) -> dict:
    """The card just played, ringed on the layout."""
    last = view["last_play"]
    if not last:
        return {"main": set(), "side": set()}
    if last["right"]:
        return {"main": {len(view["mainline"]) - 1}, "side": set()}
    i = len(view["mainline"]) - 1
    return {"main": set(), "side": {(i, len(view["sidelines"][i]) - 1)}}


def _status(view: dict):
    config = view["config"]
    wrong = sum(1 for g in view["guesses"] if not g["right"])
    left = view["plays_left"]
    facts = [h("span", {"key": "w"}, t("sci.status.wrong", n=wrong, cost=science.WRONG_GUESS_COST))]
    if not config["custom_rule"]:
        facts.insert(0, h("span", {"key": "l"}, t("sci.status.level", level=t(f"el.level.{config['level']}"))))
    return h("div", {"class": "el-status sci-status"},
             h("div", {"class": "el-status-text"},
               h("p", {"class": "el-turn", "id": "status", "tabindex": "-1"},
                 t("sci.status.over") if view["outcome"] else t("sci.status.left", n=left, total=config["plays"])),
               h("p", {"class": "el-status-facts"}, facts)),
             h("div", {"class": "sci-meter", "role": "img", "aria-label": t("sci.status.left", n=left,
                                                                             total=config["plays"]),
                       **origin("el-stock")},
               h("span", {"class": "sci-meter-fill", "style": f"width:{100 * left // max(1, config['plays'])}%"})))


def _hint(view: dict):
    hint = view["hint"]
    if not hint:
        return None
    text = hint.get(i18n.language()) or hint["en"]
    return h("details", {"class": "el-hint"},
             h("summary", {}, h("strong", {}, t("sci.hint")), " ", h("span", {"class": "el-hint-text"}, text)),
             h("p", {}, text))


def _last_play(view: dict):
    last = view["last_play"]
    if not last:
        return h("p", {"class": "sci-last muted"}, t("sci.last.none"))
    return h("p", {"class": ["sci-last", "right" if last["right"] else "wrong"], "aria-live": "polite"},
             mini_card(last["card"]), " ",
             t("sci.last.right" if last["right"] else "sci.last.wrong", card=card_name(last["card"])))


def _hand_section(table, view: dict, hand: list, mine: bool):
    if not table.hand_visible():
        return None
    playing = mine and view["plays_left"] > 0
    picked = tuple(table.local["picked"]) if table.local["picked"] else None
    place = table.local["cursor"] if table.local["cursor"] is not None and table.local["cursor"] < len(hand) else None
    tried = eleusis_hints.suggested(table)
    buttons = []
    for index, (code, copy) in enumerate(hand):
        chosen = (code, copy) == picked
        hinted = code == tried and copy == 0
        buttons.append(h(
            "button", {"type": "button", "key": f"{code}-{copy}", "id": f"el-card-{code}-{copy}",
                       "class": ["el-card-button", "selected" if chosen else None, "hinted" if hinted else None],
                       "data-act": "sci:card", "data-arg": f"{code}-{copy}",
                       "aria-label": eleusis_hints.card_label(code, hinted),
                       "aria-pressed": "true" if chosen else "false", "disabled": not playing,
                       **tab_stop(index, place, hand.index(picked) if picked in hand else None),
                       **(origin("el-pick-0") if chosen else {})},
            card_face(code, extra=flip(f"sci-h-{code}-{copy}", came_from="el-stock"))))
    return h("section", {"class": "el-hand", "aria-labelledby": "el-hand-title", "data-zone": "hand"},
             h("h2", {"class": "el-hand-title", "id": "el-hand-title"}, t("sci.hand")),
             h("div", {"class": ["el-hand-cards", f"n{len(buttons)}"], "role": "toolbar",
                       "aria-labelledby": "el-hand-title"}, buttons))


def _bar(table, view: dict, mine: bool):
    if not mine:
        return None
    picked = table.local["picked"]
    after = view["mainline"][-1]
    playing = view["plays_left"] > 0
    if not playing:
        line = t("sci.play.none_left")
    elif picked:
        line = [t("sci.play.chosen"), " ", mini_card(picked[0])]
    else:
        line = t("sci.play.help", card=card_name(after))
    return h("div", {"class": "el-bar sci-bar"},
             h("div", {"class": "el-bar-top"},
               h("p", {"class": "el-bar-line", "id": "sci-play-help", "aria-live": "polite"}, line),
               eleusis_hints.hint_button(table) if playing else None),
             h("div", {"class": "el-actions"},
               h("button", {"type": "button", "class": "button primary el-main-act", "data-act": "sci:play",
                            "id": "el-play", "disabled": not (playing and picked), "aria-describedby": "sci-play-help",
                            "aria-keyshortcuts": "Enter"}, t("el.play")),
               h("button", {"type": "button", "class": "button sci-guess-open", "data-act": "sci:guess-open",
                            "id": "sci-guess-open", "aria-controls": "sci-guess-panel",
                            "aria-expanded": "true" if table.local["guess_open"] else "false",
                            "aria-keyshortcuts": "G"}, t("sci.guess.open"))))


def _guess_panel(table, view: dict):
    """The guess: a drawer over the hand on a phone (opened by "Guess the rule"), beside the table when wide."""
    if not table.my_turn():
        return None
    local = table.local
    report = local["report"] or rule_report(local["guess"])
    last_chance = view["plays_left"] <= 0
    return h(
        "section", {"class": "el-panel sci-guess", "id": "sci-guess-panel", "aria-labelledby": "sci-guess-title"},
        h("div", {"class": "sci-guess-head"},
          h("h2", {"class": "el-panel-title", "id": "sci-guess-title"}, t("sci.guess.title")),
          h("button", {"type": "button", "class": "sheet-close sci-guess-close", "data-act": "sci:guess-close",
                       "aria-label": t("sci.guess.close")}, "×")),
        _latest_guess(view),
        h("p", {"class": "help"}, t("sci.guess.last_chance")) if last_chance else
        None if view["guesses"] else h("p", {"class": "help"}, t("sci.guess.help", cost=science.WRONG_GUESS_COST)),
        eleusis_rule_entry.modes(local["entry"], "sci:ge", "sci-guess"),
        _guess_words(table, local) if local["entry"]["mode"] == "type" else
        eleusis_rule_entry.render_builder(local["entry"], "sci:ge", "sci-guess"),
        guess_check(local["guess"], report, "sci-guess-check", "sci:guess-fix", "sci:guess-use"),
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button primary", "data-act": "sci:guess", "id": "sci-guess",
                       "disabled": not report.get("ok")}, t("sci.guess.button")),
          h("button", {"type": "button", "class": "button quiet", "data-act": "sci:give-up", "id": "sci-give-up",
                       "aria-haspopup": "dialog"}, t("sci.give_up"))),
        _guesses(view, earlier_only=True),
        language_help(),
    )


def _guess_words(table, local: dict):
    """The guess typed: words or the rule language."""
    return h("div", {"class": "el-entry-type"},
             h("label", {"class": "visually-hidden", "for": "sci-guess-text"}, t("sci.guess.label")),
             h("textarea", {"id": "sci-guess-text", "class": "el-rule-text el-words-text", "data-field": "sci-guess",
                            "value": local["guess"], "rows": "2", "spellcheck": "false", "autocomplete": "off",
                            "autocapitalize": "off", "maxlength": str(DRAFT_MAX), "aria-describedby": "sci-guess-check",
                            "placeholder": t("el.check.placeholder")}))


def rule_words(text: str, inline: bool = False) -> str:
    """A rule (a guess, always a rule the engine took) in plain words in the person's language; ``inline``: as a
    quotation inside a sentence (“the card is red”)."""
    lang = i18n.language()
    try:
        words = compile_rule(text).describe(lang)
    except RuleError:
        return text
    if not inline:
        return words
    words = words.rstrip(".。")
    if lang == "en":
        return f"“{words[:1].lower()}{words[1:]}”"
    return f"「{words}」"


def _guess_item(guess: dict, number: int, ident: str | None = None):
    """A guess, its verdict and, for a wrong one, where the rules differ."""
    if guess["right"]:
        verdict = h("p", {"class": "sci-verdict right"}, t("sci.guess.right"))
        example = None
    else:
        ce = guess["counterexample"]
        verdict = h("p", {"class": "sci-verdict wrong"}, t("sci.guess.wrong", cost=science.WRONG_GUESS_COST))
        key = "sci.ce.secret_yes" if ce["secret_accepts"] else "sci.ce.secret_no"
        if ce["mainline"]:
            intro, where = t("sci.ce.from_play" if ce["from_play"] else "sci.ce.found"), \
                t("sci.ce.after", cards=card_names(ce["mainline"]))
        elif ce["from_play"]:  # a card turned up at the start (laid aside, or the first card)
            intro, where = t("sci.ce.from_play"), t("sci.ce.first")
        else:  # nothing the player can test differs: only which cards may start the line
            intro, where = t("sci.ce.start_only"), t("sci.ce.start")
            key = "sci.ce.start_yes" if ce["secret_accepts"] else "sci.ce.start_no"
        example = h("div", {"class": "sci-ce"},
                    h("p", {}, intro),
                    h("div", {"class": "sci-ce-cards"},
                      h("span", {"class": "sci-ce-label"}, where),
                      h("span", {"class": "el-row sci-ce-line"}, [card_face(c, "el-small", label=True)
                                                                  for c in ce["mainline"][-8:]],
                        h("span", {"class": "sci-ce-arrow", "aria-hidden": "true"}, "→") if ce["mainline"] else None,
                        card_face(ce["card"], ["sci-ce-card", "right" if ce["secret_accepts"] else "wrong"],
                                  label=True))),
                    h("p", {"class": "sci-ce-text"}, t(key, card=card_name(ce["card"]))))
    attrs = {"class": ["sci-guess-item", "right" if guess["right"] else "wrong"], "key": number}
    if ident:
        attrs.update({"id": ident, "tabindex": "-1"})
    return h("li", attrs,
             h("p", {"class": "sci-guess-text"}, t("sci.guess.n", n=number), " ", rule_words(guess["text"])),
             h("p", {"class": "el-code-line muted"}, h("code", {"class": "el-code"}, guess["text"])),
             verdict, example)


def _latest_guess(view: dict):
    """The last guess's verdict, at the top of the guess panel (above the input, where the eye is)."""
    if not view["guesses"]:
        return None
    number = len(view["guesses"])
    return h("ul", {"class": "sci-guess-list sci-latest", "aria-live": "polite"},
             _guess_item(view["guesses"][-1], number, ident="sci-verdict"))


def _guesses(view: dict, earlier_only: bool = False):
    """Every guess, latest first (``earlier_only``: all but the latest, which the panel shows at its top)."""
    guesses = view["guesses"][:-1] if earlier_only else view["guesses"]
    if not guesses:
        return None
    items = [_guess_item(guess, len(guesses) - i) for i, guess in enumerate(reversed(guesses))]
    return h("section", {"class": "sci-guesses", "aria-labelledby": "sci-guesses-title"},
             h("h3", {"id": "sci-guesses-title", "class": "el-log-title", "tabindex": "-1"},
               t("sci.guesses.earlier" if earlier_only else "sci.guesses")),
             h("ul", {"class": "sci-guess-list"}, items))


# ---------------------------------------------------------------------- sheets


def render_sheet(table, name: str, arg: str | None):
    if name == eleusis_hints.SHEET:
        return eleusis_hints.render_sheet(table)
    if name == "layout":
        view = table.view()
        return sheet("layout", t("el.line.study_title"),
                     render_layout(_line(view), "grid", recent=_last_played(view), ident="el-study",
                                   asked=asked_column(arg)),
                     "table:close", kind="wide")
    if name == "give-up":
        return confirm("give-up", t("sci.give_up"), t("sci.give_up.confirm"),
                       yes=(t("sci.give_up.yes"), "sci:give-up-yes"), no=(t("el.stop.no"), "table:close"), danger=True)
    return None


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    local = table.local
    if eleusis_hints.handle(table, act, "science", _pick_hinted):
        return
    if act == "el:study":
        open_whole_layout(table, arg)
    elif act == "sci:card" and arg:
        code, _, copy = arg.rpartition("-")
        if cards.is_card(code) and copy.isdigit() and table.my_turn():
            slot = [code, int(copy)]
            local["picked"] = None if local["picked"] == slot else slot
            hand = _hand(table.view())
            if tuple(slot) in hand:
                local["cursor"] = hand.index(tuple(slot))
            table.services.focus_after_render(f"#el-card-{code}-{copy}")
    elif act == "sci:play":
        play(table)
    elif act == "sci:guess-open":
        local["guess_open"] = True
        table.services.focus_after_render("#sci-guess-text")
    elif act == "sci:guess-close":
        local["guess_open"] = False
        table.services.focus_after_render("#sci-guess-open")
    elif act == "sci:guess":
        guess(table)
    elif act in ("sci:guess-fix", "sci:guess-use"):
        fixed = offered_text(local["report"], act, arg)
        if fixed is not None:
            local["entry"]["mode"] = "type"
            field(table, "sci-guess", fixed)
            table.services.focus_after_render("#sci-guess-text")
    elif act.startswith("sci:ge:"):
        said = eleusis_rule_entry.handle(local["entry"], act[len("sci:ge:"):], arg)
        if said is not None:
            field(table, "sci-guess", said)
        table.services.focus_after_render(eleusis_rule_entry.focus_after(act[len("sci:ge:"):], arg, "sci-guess"))
    elif act == "sci:give-up":
        if table.my_turn():
            table.open_sheet("give-up", opener="#sci-give-up", focus="#give-up-no")
    elif act == "sci:give-up-yes":
        table.close_sheet()
        if table.my_turn() and table.act({"give_up": True}):
            _keep_draft(table)
    elif act == "sci:share-rule":
        share_rule(table)


def _pick_hinted(table, code: str) -> None:
    local = table.local
    local["picked"] = [code, 0]
    hand = _hand(table.view())
    if (code, 0) in hand:
        local["cursor"] = hand.index((code, 0))
    table.services.focus_after_render(f"#el-card-{code}-0")


def play(table) -> None:
    local = table.local
    if not table.my_turn() or not local["picked"]:
        return
    if table.act({"play": local["picked"][0]}):
        local["picked"] = None
        table.services.focus_after_render(".el-card-button[tabindex='0'] || #status")


def guess(table) -> None:
    """Guess the rule the words read as (the one read back), never the words themselves."""
    local = table.local
    if not table.my_turn() or not (local["guess"] or "").strip():
        return
    rule = counted_rule(local["report"] or rule_report(local["guess"]))
    if rule is None:
        return
    if table.act({"guess": rule}):
        if table.session.is_over:
            local["guess"], local["report"] = "", None
        _keep_draft(table)
        if not table.sheet.is_open():
            table.services.focus_after_render("#sci-verdict" if not table.session.is_over else "#sci-guesses-title")


def field(table, name: str, value) -> bool:
    if name == "sci-guess":
        table.local["guess"] = str(value)[:DRAFT_MAX]
        table.local["report"] = rule_report(table.local["guess"])
        _keep_draft(table)
        return True
    return False


def key(table, key: str, ctrl: bool) -> bool:
    if ctrl or not table.my_turn():
        return False
    local = table.local
    if key == "Escape" and local["guess_open"]:
        handle(table, "sci:guess-close", None)
        return True
    if move(table, key, [f"el-card-{code}-{copy}" for code, copy in _hand(table.view())]):
        return True
    if key == "Enter" and local["picked"]:
        play(table)
        return True
    if key in ("g", "G"):
        handle(table, "sci:guess-open", None)
        return True
    if key in ("h", "H") and table.view()["plays_left"] > 0:
        handle(table, "hint:open", None)
        return True
    if key == "Escape" and local["picked"]:
        local["picked"] = None
        return True
    return False


def share_rule(table) -> None:
    out = table.session.outcome
    if not out:
        return
    url = table.services.platform.page_url() + science_links.rule_link(out["rule"])
    table.local["friend_url"] = url
    table.services.platform.copy_text(url, lambda ok: table.services.announce(t("table.copied") if ok else t("table.copy_failed")))
    table.services.focus_after_render("#sci-share-url")


# ---------------------------------------------------------------------- the move log, telling what happened


def log_event(before: dict, after: dict, action: dict, seat: int | None) -> dict | None:
    """A play and its verdict (with where the card went), a guess and its answer, giving up."""
    if "play" in action and after["last_play"]:
        last = after["last_play"]
        i = len(after["mainline"]) - 1
        where = {"main": [i, i + 1]} if last["right"] else {"side": [i, len(after["sidelines"][i]) - 1]}
        return {"kind": "play", "card": last["card"], "right": last["right"], "line": where, "ends_turn": True,
                "marks": ["right" if last["right"] else "wrong"]}
    if "guess" in action and len(after["guesses"]) > len(before["guesses"]):
        g = after["guesses"][-1]
        ce = g["counterexample"]
        return {"kind": "guess", "text": g["text"], "right": g["right"], "ends_turn": True,
                "card": ce["card"] if ce else None, "secret_accepts": ce["secret_accepts"] if ce else None,
                "marks": ["right" if g["right"] else "wrong"]}
    if "give_up" in action:
        return {"kind": "give_up", "ends_turn": True}
    return None


def render_event(table, event: dict, compact: bool):
    """An event in words and small cards, as one run of text that wraps."""
    return h("span", {"class": "log-text"}, _event_parts(event, compact))


def _event_parts(event: dict, compact: bool):
    kind = event["kind"]
    if kind == "play":
        return [mini_card(event["card"]), " ",
                h("span", {"class": ["el-verdict", "right" if event["right"] else "wrong"]},
                  t("el.log.right") if event["right"] else t("el.log.wrong"))]
    if kind == "guess":
        parts = [t("sci.log.guess"), " ", h("span", {"class": "el-log-rule"}, rule_words(event["text"], inline=True)), " ",
                 h("span", {"class": ["el-verdict", "right" if event["right"] else "wrong"]},
                   t("sci.log.guess_right") if event["right"] else t("sci.log.guess_wrong",
                                                                     cost=science.WRONG_GUESS_COST))]
        if event.get("card") and not compact:
            key = "sci.log.ce_yes" if event["secret_accepts"] else "sci.log.ce_no"
            parts += [" ", t(key), " ", mini_card(event["card"])]
        return parts
    return t("sci.said.give_up")


def describe_action(table, before: dict | None, action: dict, seat: int | None) -> str:
    view = table.session.view(0)
    if "play" in action and view["last_play"]:
        last = view["last_play"]
        return t("sci.last.right" if last["right"] else "sci.last.wrong", card=card_name(last["card"]))
    if "guess" in action and view["guesses"]:
        return t("sci.guess.right") if view["guesses"][-1]["right"] else \
            t("sci.guess.wrong", cost=science.WRONG_GUESS_COST)
    if "give_up" in action:
        return t("sci.said.give_up")
    return ""


def result_line(table) -> str:
    out = table.session.outcome
    return t("sci.result.solved", n=out["score"]) if out["solved"] else t("sci.result.not_solved")


def result_summary(table):
    out = table.session.outcome
    lang = i18n.language()
    space = "" if lang == "ja" else " "
    reason = {"solved": t("sci.result.reason.solved", n=out["plays_made"]) + space
              + t("sci.result.reason.wrong", n=out["wrong_guesses"]),
              "gave-up": t("sci.result.reason.gave_up"),
              "out-of-plays": t("sci.result.reason.out")}[out["reason"]]
    url = table.local.get("friend_url")
    return h(
        "div", {"class": ["result", "result-win" if out["solved"] else "result-loss", "sci-result"]},
        h("h2", {"id": "end-title"}, t("sci.result.title_solved") if out["solved"] else t("sci.result.title_not")),
        h("p", {"class": "left-count"}, result_line(table)),
        h("p", {"class": "reason"}, reason),
        h("div", {"class": "el-rule-reveal"},
          h("h3", {}, t("sci.result.rule")),
          h("p", {"class": "el-reveal"}, out["words"][lang]),
          h("p", {}, h("code", {"class": "el-code"}, out["rule"])),
          h("p", {"class": "muted"}, t("el.summary.library", name=out["name"][lang])) if out["name"] else None),
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button", "data-act": "sci:share-rule", "id": "sci-share-rule"},
            t("sci.result.share_rule"))),
        h("div", {"class": "share-box"},
          h("label", {"for": "sci-share-url"}, t("sci.result.share_label")),
          h("input", {"id": "sci-share-url", "type": "text", "readonly": True, "value": url})) if url else None,
    )


def celebrate(table) -> str | None:
    """Solved is cheered; solved with no wrong guess, more."""
    out = table.session.outcome
    if not out["solved"]:
        return None
    return "perfect" if out["wrong_guesses"] == 0 else "win"


# ---------------------------------------------------------------------- history


def history_entry(session) -> dict:
    out = session.outcome
    bucket = "custom" if session.config.get("rule") is not None else session.config["level"]
    return {"bucket": bucket, "won": out["solved"], "perfect": out["solved"] and out["wrong_guesses"] == 0,
            "score": out["score"]}


def bucket_label(bucket: str) -> str:
    return t("sci.bucket.custom") if bucket == "custom" else t(f"el.level.{bucket}") if bucket in library.LEVELS \
        else bucket


def history_chart(scores: list[int]):
    """Scores per game (plays left at the right guess; more is better)."""
    return binned_chart(scores, HISTOGRAM_EDGES, title=t("sci.chart.title"), x_label=t("sci.chart.x"),
                        y_label=t("sci.chart.y"), good_below=0)
