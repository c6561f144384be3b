"""Eleusis solo science mode: find a secret rule in 30 plays (engine: ``junban.games.eleusis.science``).

The setup chooses the secret rule: a library rule of a difficulty (the seed picks which), or a rule the person
writes for a friend (with the live checker and the link to send), or a rule carried by a link (never shown). The
table: the line of cards, a hand of 12 refilled after each play, "Play", and a guess box in the rule language with
the checker's errors at their position and the guess read back in plain words. A wrong guess is answered with a
counterexample shown as cards; score = plays left at the right guess (a wrong guess costs 2). At the end the rule is
revealed in plain words, with a link to share it with a friend.

Accessible names as at the table: a card in hand is a button named by the card ("Queen of hearts"); "Play";
"Guess". History: ``bucket`` the difficulty or "custom"; ``won`` solved; ``perfect`` solved without a wrong guess;
``score`` the score.
"""
from __future__ import annotations

from junban.games.eleusis import cards, library, science
from junban.games.eleusis_science import links as science_links
from junban.ui import i18n
from junban.ui.charts import binned_chart
from junban.ui.dom import h
from junban.ui.games.eleusis import (PLACEHOLDER, card_face, card_name, card_names, checker_panel, language_help,
                                     render_line, rule_report, slots)
from junban.ui.i18n import t

i18n.register("eleusis")

DEFAULT_PLAYERS = 1
DEFAULT_BOTS = 0
HISTORY_COLUMNS = ("games", "wins", "perfect", "streak", "mean_score")
HISTORY_LABELS = {"wins": "sci.history.solved", "perfect": "sci.history.perfect", "mean_score": "sci.history.mean"}
HISTOGRAM_EDGES = [0, 1, 5, 10, 15, 20, 25]
SOURCES = ("library", "own")


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
    if source == "own":
        out["rule"] = config.get("_text", "")
    elif source == "link":
        out["rule"] = config["rule"]
    return out


def setup_options(screen):
    config = screen.config
    source = _source(config)
    choices = SOURCES + (("link",) if config.get("rule") and "_source" not in config else ())
    tabs = h("div", {"class": "segmented", "role": "group", "aria-label": t("sci.setup.source")},
             [h("button", {"type": "button", "class": "seg", "data-act": "sci:source", "data-arg": s,
                           "aria-pressed": "true" if s == source else "false", "key": s}, t(f"sci.setup.source.{s}"))
              for s in choices])
    if source == "library":
        level = config.get("level", "medium")
        body = [
            h("p", {"class": "field-label", "id": "sci-level-label", "key": "ll"}, t("el.setup.difficulty")),
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
            url = screen.services.platform.page_url() + science_links.rule_link(text)
            link = h("div", {"class": "share-box sci-friend", "key": "link"},
                     h("label", {"for": "sci-friend-url"}, t("sci.setup.friend_link")),
                     h("input", {"id": "sci-friend-url", "type": "text", "readonly": True, "value": url}),
                     h("button", {"type": "button", "class": "button", "data-act": "sci:copy", "data-arg": url},
                       t("sci.setup.copy")))
        body = [
            h("label", {"class": "field-label", "for": "sci-rule-text", "key": "l"}, t("sci.setup.own_label")),
            h("textarea", {"id": "sci-rule-text", "class": "el-rule-text", "data-field": "sci-rule-text", "value": text,
                           "rows": "3", "spellcheck": "false", "autocomplete": "off", "autocapitalize": "off",
                           "maxlength": "2000", "aria-describedby": "sci-rule-check", "key": "t",
                           "placeholder": PLACEHOLDER}),
            checker_panel(text, report, "sci-rule-check"),
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
        if arg == "link" and not config.get("rule"):
            return
        config["_source"] = arg
        if arg == "link":
            config.pop("_source")
    elif act == "sci:level" and arg in library.LEVELS:
        config["level"] = arg
    elif act == "sci:copy" and arg:
        screen.services.platform.copy_text(arg, lambda ok: screen.services.announce(
            t("table.copied") if ok else t("table.copy_failed")))


# ---------------------------------------------------------------------- the table


def new_table_state() -> dict:
    return {"picked": None, "guess": "", "report": None, "zoom": False, "confirm_give_up": False,
            "friend_url": None}


def _line(view: dict) -> dict:
    return {"mainline": view["mainline"], "laid_aside": view["laid_aside"],
            "sidelines": [[{"cards": [c], "seat": None} for c in side] for side in view["sidelines"]]}


def render_table(table):
    view = table.view()
    local = table.local
    over = table.session.is_over
    if local["picked"] is not None and tuple(local["picked"]) not in set(slots(view["hand"])):
        local["picked"] = None
    return h(
        "section", {"class": ["el-table", "sci-table"], "aria-label": t("sci.table")},
        _status(view),
        _hint(view),
        None if over else _last_play(view),
        render_line(_line(view), local["zoom"]),
        None if over else _hand(table, view),
        None if over else _guess_panel(table, view),
        _guesses(view),
        None if over else _give_up(table),
    )


def _status(view: dict):
    config = view["config"]
    wrong = sum(1 for g in view["guesses"] if not g["right"])
    left = view["plays_left"]
    facts = [h("span", {"key": "w"}, t("sci.status.wrong", n=wrong, cost=science.WRONG_GUESS_COST))]
    if not config["custom_rule"]:
        facts.insert(0, h("span", {"key": "l"}, t("sci.status.level", level=t(f"el.level.{config['level']}"))))
    return h("div", {"class": "el-status sci-status"},
             h("p", {"class": "el-turn", "id": "status"},
               t("sci.status.over") if view["outcome"] else t("sci.status.left", n=left, total=config["plays"])),
             h("div", {"class": "sci-meter", "role": "img", "aria-label": t("sci.status.left", n=left,
                                                                             total=config["plays"])},
               h("span", {"class": "sci-meter-fill", "style": f"width:{100 * left // max(1, config['plays'])}%"})),
             h("p", {"class": "el-status-facts muted"}, facts))


def _hint(view: dict):
    hint = view["hint"]
    if not hint:
        return None
    return h("p", {"class": "el-hint", "role": "note"}, h("strong", {}, t("sci.hint")), " ",
             hint.get(i18n.language()) or hint["en"])


def _last_play(view: dict):
    last = view["last_play"]
    if not last:
        return h("p", {"class": "sci-last muted"}, t("sci.last.none"))
    return h("p", {"class": ["sci-last", "right" if last["right"] else "wrong"], "aria-live": "polite"},
             card_face(last["card"], "el-small"), " ",
             t("sci.last.right" if last["right"] else "sci.last.wrong", card=card_name(last["card"])))


def _hand(table, view: dict):
    if not table.hand_visible():
        return None
    mine = table.my_turn() and view["plays_left"] > 0
    picked = tuple(table.local["picked"]) if table.local["picked"] else None
    buttons = []
    for code, copy in slots(view["hand"]):
        chosen = (code, copy) == picked
        buttons.append(h(
            "button", {"type": "button", "key": f"{code}-{copy}", "id": f"el-card-{code}-{copy}",
                       "class": ["el-card-button", "selected" if chosen else None], "data-act": "sci:card",
                       "data-arg": f"{code}-{copy}", "aria-label": card_name(code), "title": card_name(code),
                       "aria-pressed": "true" if chosen else "false", "disabled": not mine},
            card_face(code)))
    after = view["mainline"][-1]
    return h("section", {"class": "el-hand", "aria-labelledby": "el-hand-title"},
             h("h2", {"class": "el-hand-title", "id": "el-hand-title"}, t("sci.hand")),
             h("p", {"class": "help", "id": "sci-play-help"},
               t("sci.play.help", card=card_name(after)) if mine else t("sci.play.none_left")),
             h("div", {"class": "el-hand-cards"}, buttons),
             h("div", {"class": "el-actions"},
               h("button", {"type": "button", "class": "button primary big", "data-act": "sci:play", "id": "el-play",
                            "disabled": not (mine and picked), "aria-describedby": "sci-play-help"}, t("el.play"))))


def _guess_panel(table, view: dict):
    if not table.my_turn():
        return None
    local = table.local
    report = local["report"] or rule_report(local["guess"])
    last_chance = view["plays_left"] <= 0
    return h(
        "section", {"class": "el-panel sci-guess", "aria-labelledby": "sci-guess-title"},
        h("h2", {"class": "el-panel-title", "id": "sci-guess-title"}, t("sci.guess.title")),
        h("p", {"class": "help"}, t("sci.guess.last_chance") if last_chance else
          t("sci.guess.help", cost=science.WRONG_GUESS_COST)),
        h("label", {"class": "visually-hidden", "for": "sci-guess-text"}, t("sci.guess.label")),
        h("textarea", {"id": "sci-guess-text", "class": "el-rule-text", "data-field": "sci-guess", "value": local["guess"],
                       "rows": "2", "spellcheck": "false", "autocomplete": "off", "autocapitalize": "off",
                       "maxlength": "2000", "aria-describedby": "sci-guess-check",
                       "placeholder": PLACEHOLDER}),
        _guess_check(local["guess"], report),
        h("div", {"class": "el-actions"},
          h("button", {"type": "button", "class": "button primary", "data-act": "sci:guess", "id": "sci-guess",
                       "disabled": not report.get("ok")}, t("sci.guess.button"))),
        language_help(),
    )


def _guess_check(text: str, report: dict):
    """Parse errors at their position and the guess in plain words (no acceptance warnings: it is a guess)."""
    if report.get("ok"):
        return h("div", {"class": "el-check el-check-ok", "id": "sci-guess-check", "aria-live": "polite"},
                 h("p", {"class": "el-words"}, h("strong", {}, t("sci.guess.reads")), " ",
                   report["words"][i18n.language()]))
    return checker_panel(text, report, "sci-guess-check")


def _guesses(view: dict):
    if not view["guesses"]:
        return None
    items = []
    for i, guess in enumerate(reversed(view["guesses"])):
        number = len(view["guesses"]) - i
        if guess["right"]:
            verdict = h("p", {"class": "sci-verdict right"}, t("sci.guess.right"))
            example = None
        else:
            ce = guess["counterexample"]
            verdict = h("p", {"class": "sci-verdict wrong"}, t("sci.guess.wrong", cost=science.WRONG_GUESS_COST))
            key = "sci.ce.secret_yes" if ce["secret_accepts"] else "sci.ce.secret_no"
            example = h("div", {"class": "sci-ce"},
                        h("p", {}, t("sci.ce.from_play") if ce["from_play"] else t("sci.ce.found")),
                        h("div", {"class": "sci-ce-cards"},
                          h("span", {"class": "sci-ce-label"},
                            t("sci.ce.after", cards=card_names(ce["mainline"])) if ce["mainline"] else t("sci.ce.first")),
                          h("span", {"class": "el-row sci-ce-line"}, [card_face(c, "el-small", label=True)
                                                                      for c in ce["mainline"][-8:]],
                            h("span", {"class": "sci-ce-arrow", "aria-hidden": "true"}, "→") if ce["mainline"] else None,
                            card_face(ce["card"], ["sci-ce-card", "right" if ce["secret_accepts"] else "wrong"],
                                      label=True))),
                        h("p", {"class": "sci-ce-text"}, t(key, card=card_name(ce["card"]))))
        items.append(h("li", {"class": ["sci-guess-item", "right" if guess["right"] else "wrong"], "key": number},
                       h("p", {"class": "sci-guess-text"}, t("sci.guess.n", n=number), " ",
                         h("code", {"class": "el-code"}, guess["text"])),
                       verdict, example))
    return h("section", {"class": "sci-guesses", "aria-labelledby": "sci-guesses-title"},
             h("h2", {"id": "sci-guesses-title", "class": "el-log-title"}, t("sci.guesses")),
             h("ul", {"class": "sci-guess-list"}, items))


def _give_up(table):
    if not table.my_turn():
        return None
    if table.local["confirm_give_up"]:
        return h("div", {"class": "el-stop el-confirm", "role": "alertdialog", "aria-labelledby": "sci-give-up-text"},
                 h("p", {"id": "sci-give-up-text"}, t("sci.give_up.confirm")),
                 h("div", {"class": "el-actions"},
                   h("button", {"type": "button", "class": "button danger", "data-act": "sci:give-up-yes",
                                "id": "sci-give-up-yes"}, t("sci.give_up.yes")),
                   h("button", {"type": "button", "class": "button", "data-act": "sci:give-up-no"}, t("el.stop.no"))))
    return h("div", {"class": "el-stop"},
             h("button", {"type": "button", "class": "button quiet", "data-act": "sci:give-up", "id": "sci-give-up"},
               t("sci.give_up")))


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    local = table.local
    if act == "el:zoom":
        local["zoom"] = not local["zoom"]
    elif act == "sci:card" and arg:
        code, _, copy = arg.rpartition("-")
        if cards.is_card(code) and copy.isdigit() and table.my_turn():
            slot = [code, int(copy)]
            local["picked"] = None if local["picked"] == slot else slot
            table.services.focus_after_render(f"#el-card-{code}-{copy}")
    elif act == "sci:play":
        if table.my_turn() and local["picked"]:
            if table.act({"play": local["picked"][0]}):
                local["picked"] = None
                table.services.focus_after_render("#status")
    elif act == "sci:guess":
        if table.my_turn() and local["guess"].strip():
            if table.act({"guess": local["guess"]}):
                if table.session.is_over:
                    local["guess"], local["report"] = "", None
                table.services.focus_after_render("#sci-guesses-title")
    elif act == "sci:give-up":
        local["confirm_give_up"] = True
    elif act == "sci:give-up-no":
        local["confirm_give_up"] = False
    elif act == "sci:give-up-yes":
        local["confirm_give_up"] = False
        if table.my_turn():
            table.act({"give_up": True})
    elif act == "sci:share-rule":
        share_rule(table)


def field(table, name: str, value) -> bool:
    if name == "sci-guess":
        table.local["guess"] = str(value)[:2000]
        table.local["report"] = rule_report(table.local["guess"])
        return True
    return False


def key(table, key: str, ctrl: bool) -> bool:
    return False


def share_rule(table) -> None:
    out = table.session.outcome
    if not out:
        return
    url = table.services.platform.page_url() + science_links.rule_link(out["rule"])
    table.local["friend_url"] = url
    table.services.platform.copy_text(url, lambda ok: table.services.announce(t("table.copied") if ok else t("table.copy_failed")))
    table.services.focus_after_render("#sci-share-url")


# ---------------------------------------------------------------------- telling what happened


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
