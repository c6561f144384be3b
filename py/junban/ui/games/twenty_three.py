"""23 at the table: the secret discard, cards and bonus chips chosen with the resulting penalty shown before playing,
pass / pass and force / drop out with their costs, the running log, a round summary and the final ranking.

The engine decides everything. What is legal comes from ``legal_actions``; what a planned play would do (its
adjusted value, penalty, going out, the chips returned) from ``rules.preview_play``; what a pass, a pass and force
or a drop-out would cost from applying it to the current state and keeping nothing (``action_cost``). This module
draws views and builds actions; it adds no rule of its own.

Accessible names: a card in hand is a button named by its number ("17"); the pile "Pile, value 12"; the actions
"Play", "Pass", "Pass and force", "Drop out" (their costs are their descriptions).

History entry: ``bucket`` "standard" (23 has no variants); ``won`` when a person's seat is among the winners (a
shared win counts); ``score`` the final penalty total, after the bonus-chip refund, of the first person's seat
(seat 1 at a table of bots only); ``perfect`` when that total is 0.
"""
from __future__ import annotations

from junban.errors import IllegalAction
from junban.games.twenty_three import rules
from junban.ui import i18n
from junban.ui.charts import binned_chart
from junban.ui.dom import h
from junban.ui.i18n import error_text, t

i18n.register("twenty_three")

DEFAULT_PLAYERS = 2
DEFAULT_BOTS = 1
BUCKET = "standard"
HISTORY_COLUMNS = ("games", "wins", "streak", "best_streak", "mean_score")
HISTORY_LABELS = {"mean_score": "tt.history.mean_penalty"}  # column -> text key, where it differs
HISTOGRAM_EDGES = [0, 1, 5, 10, 15, 20, 30]
ACTION_KEYS = {"p": "tt:play", "s": "tt:pass", "f": "tt:force", "x": "tt:drop"}


# ---------------------------------------------------------------------- setup


def default_config(players: int) -> dict:
    return {"players": players}


def adjust_config(config: dict, players: int) -> dict:
    return dict(config, players=players)


def setup_config(screen) -> dict:
    return dict(screen.config, players=screen.players)


def setup_options(screen):
    n = screen.players
    used = rules.CARDS_USED[n]
    return h("fieldset", {"class": "group tt-setup"},
             h("legend", {}, t("setup.options")),
             h("p", {}, t("tt.setup.cards", n=n, used=used, box=len(rules.DECK) - used)),
             h("p", {"class": "help"}, t("tt.setup.summary"), " ",
               h("a", {"href": "#/rules/23"}, t("tt.setup.rules_link"))))


def setup_field(screen, name: str, value) -> bool:
    return False


def setup_handle(screen, act: str, arg: str | None) -> None:
    return None


# ---------------------------------------------------------------------- what the person has chosen


def new_table_state() -> dict:
    """The viewer's unsent choices: picked cards (number, copy), bonus chips and adjusted value, the discard."""
    return {"picked": [], "bonus": 0, "value": None, "discard": [], "cursor": None, "confirm_drop": False,
            "summary_seen": 0, "summary_focused": 0}


def slots(hand: list[int]) -> list[tuple[int, int]]:
    """Each card of a sorted hand as (number, copy): two 17s are (17, 0) and (17, 1)."""
    seen: dict[int, int] = {}
    out = []
    for card in hand:
        copy = seen.get(card, 0)
        seen[card] = copy + 1
        out.append((card, copy))
    return out


def _tidy(local: dict, hand: list[int], chips: int) -> None:
    """Forget choices the hand or the chips no longer allow (after a play, a new round, a reload)."""
    valid = set(slots(hand))
    local["picked"] = [p for p in local["picked"] if tuple(p) in valid]
    local["discard"] = [p for p in local["discard"] if tuple(p) in valid]
    local["bonus"] = max(0, min(local["bonus"], chips))
    if local["cursor"] is not None and local["cursor"] >= len(hand):
        local["cursor"] = len(hand) - 1 if hand else None


def _reset_choice(local: dict) -> None:
    local.update(picked=[], bonus=0, value=None, discard=[], confirm_drop=False)


def planned_play(view: dict, local: dict) -> dict | None:
    """The play action the viewer's choices describe (None before a card is picked).

    Without bonus chips the action has no ``value``; with chips the adjusted value is the one the person set, or,
    until they set one, the engine's best value for the card (the lowest end of the reach if the card is below it).
    """
    if not local["picked"]:
        return None
    number = local["picked"][0][0]
    cards = [number] * len(local["picked"])
    chips = local["bonus"]
    if not chips:
        return {"play": cards}
    low, high = rules.reach(view["pile_value"], chips)
    value = local["value"]
    if value is None or not low <= value <= high:
        best = rules.best_value(view["pile_value"], number, chips)
        value = best if best is not None else low
    return {"play": cards, "bonus": chips, "value": value}


def preview_play(table, plan: dict) -> tuple[dict | None, IllegalAction | None]:
    """The engine's preview of a play (value, penalty, bonus, goes_out, returned), or its refusal."""
    try:
        return rules.preview_play(table.session.state, plan), None
    except IllegalAction as err:
        return None, err


def action_cost(table, action: dict) -> int | None:
    """The penalty chips ``action`` would cost its player now, as the engine applies it (the result is thrown
    away; nothing changes); None when the engine refuses it."""
    state = table.session.state
    try:
        after = rules.apply(state, action)
    except IllegalAction:
        return None
    return net_chips(after.log[len(state.log)])


def net_chips(change: dict) -> int:
    """Penalty chips a logged or previewed action changes its player's count by (a going-out return counts against)."""
    return change.get("penalty", 0) - change.get("returned", 0)


# ---------------------------------------------------------------------- the table


def _summary_pending(table, view: dict) -> bool:
    """Between rounds: the next round's discard is under way and this person has not closed the summary yet."""
    return view["phase"] == "discard" and view["round"] > 1 and table.local["summary_seen"] < view["round"] - 1


def render_table(table):
    session = table.session
    view = table.view()
    if session.is_over:  # the end panel follows at once: keep what is above it short
        return h("section", {"class": "tt-table tt-over", "aria-label": t("tt.table")},
                 _status(table, view, False), _log(table, view, folded=True))
    local = table.local
    visible = table.hand_visible()
    _tidy(local, view["hand"] if visible else [], view["bonus"][table.viewer] if table.viewer is not None else 0)
    between = _summary_pending(table, view)
    mine = table.my_turn() and not between
    legal = session.legal_actions() if mine else []
    plan = planned_play(view, local) if mine and view["phase"] == "play" else None
    outcome = preview_play(table, plan) if plan else (None, None)
    if between:
        panel = _round_summary(table, view, view["round"] - 1, closable=visible)
        if visible and local["summary_focused"] < view["round"] - 1:  # once: Enter starts the next round
            local["summary_focused"] = view["round"] - 1
            table.services.focus_after_render("#tt-next-round")
    elif mine and view["phase"] == "discard":
        panel = _discard_panel(table, view, legal)
    elif mine:
        panel = _turn_panel(table, view, legal, plan, outcome)
    else:
        panel = _waiting(table)
    return h(
        "section", {"class": "tt-table", "aria-label": t("tt.table")},
        _status(table, view, between),
        None if between else _felt(table, view, plan, outcome, mine and view["phase"] == "play"),
        _hand(table, view, legal, mine) if not between or not visible else None,
        panel,
        h("div", {"class": "tt-side"}, _seats(table, view), _log(table, view)),
    )


def _status(table, view: dict, between: bool):
    session = table.session
    if session.is_over:
        text = t("tt.status.over")
    elif between:
        text = t("tt.status.between", round=view["round"], rounds=view["rounds"])
    else:
        active = view["active"]
        name = table.seat_name(active)
        mine = table.my_turn()
        if view["phase"] == "discard":
            text = t("tt.status.your_discard" if mine else "tt.status.discard", name=name)
        elif view["forced"]:
            text = t("tt.status.forced", name=name)
        else:
            text = t("tt.status.your_turn" if mine else "tt.status.turn", name=name)
    round_label = None if between else t("tt.round", round=view["round"], rounds=view["rounds"])
    return h("div", {"class": "tt-status"},
             h("p", {"class": "tt-round"}, round_label) if round_label else None,
             h("p", {"class": "tt-turn", "id": "status"}, text))


def _seats(table, view: dict):
    items = []
    over = table.session.is_over
    for seat, count in enumerate(view["hand_counts"]):
        info = table.session.seats[seat]
        active = seat == view["active"] and not over
        status = view["status"][seat]
        if view["phase"] == "discard":
            badge = t("tt.seat.discarded") if view["discarded"][seat] else t("tt.seat.discarding")
        elif status == rules.OUT:
            badge = t("tt.seat.out")
        elif status == rules.DROPPED:
            badge = t("tt.seat.dropped")
        elif active and view["forced"]:
            badge = t("tt.seat.forced")
        else:
            badge = t("tt.seat.to_act") if active else None
        penalty, bonus = view["penalties"][seat], view["bonus"][seat]
        items.append(h(
            "li", {"class": ["tt-seat", "active" if active else None, "bot" if info.is_bot else None,
                             f"tt-{status}" if view["phase"] == "play" else None,
                             "viewer" if seat == table.viewer else None],
                   "key": seat, "aria-current": "true" if active else None},
            h("span", {"class": "tt-seat-name"}, info.name),
            h("span", {"class": "tt-seat-badge"}, badge) if badge else None,
            h("span", {"class": "tt-seat-stats"},
              h("span", {"class": "tt-stat tt-stat-cards", "title": t("tt.seat.cards", n=count)},
                h("span", {"class": "tt-ico-card", "aria-hidden": "true"}), h("span", {"aria-hidden": "true"}, count),
                h("span", {"class": "visually-hidden"}, t("tt.seat.cards", n=count))),
              h("span", {"class": "tt-stat tt-stat-penalty", "title": t("tt.seat.penalty", n=penalty)},
                h("span", {"class": "tt-chip penalty", "aria-hidden": "true"}),
                h("span", {"aria-hidden": "true"}, penalty),
                h("span", {"class": "visually-hidden"}, t("tt.seat.penalty", n=penalty))),
              h("span", {"class": "tt-stat tt-stat-bonus", "title": t("tt.seat.bonus", n=bonus)},
                [h("span", {"class": ["tt-chip", "bonus", "spent" if i >= bonus else None], "aria-hidden": "true",
                            "key": i}) for i in range(rules.BONUS_PER_PLAYER)],
                h("span", {"class": "visually-hidden"}, t("tt.seat.bonus", n=bonus)))),
        ))
    return h("ul", {"class": "tt-seats", "aria-label": t("tt.seats")}, items)


def _felt(table, view: dict, plan: dict | None, outcome, previewing: bool):
    started = bool(view["pile"])
    value = view["pile_value"]
    result, error = outcome
    judged = result["value"] if result else (plan.get("value", value) if plan else value)
    target = plan["play"][0] if plan else None
    trail = [" ".join(str(c) for c in play) for play in view["pile"][-5:-1]]
    pile_count = sum(len(play) for play in view["pile"])
    return h(
        "div", {"class": "tt-felt"},
        h("div", {"class": "tt-pile-area"},
          h("div", {"class": ["tt-pile", "empty" if not started else None],
                    "role": "img", "aria-label": t("tt.pile.label", value=value) if started else t("tt.pile.empty")},
            h("span", {"class": "tt-pile-caption"}, t("tt.pile.caption")),
            h("span", {"class": "tt-pile-value", "key": f"v{value}-{pile_count}"}, str(value) if started else "–")),
          h("div", {"class": "tt-pile-side"},
            h("p", {"class": "tt-pile-count"}, t("tt.pile.cards", n=pile_count)) if started
            else h("p", {"class": "tt-pile-waiting"}, t("tt.pile.opens")),
            _last_move(table, view) if started else None,
            h("p", {"class": "tt-trail", "aria-hidden": "true"},
              [h("span", {"class": "tt-trail-card", "key": i}, text) for i, text in enumerate(trail)]),
            h("p", {"class": "tt-judged"}, t("tt.pile.judged", value=judged))
            if plan and "value" in plan and started else None)),
        _track(value, judged if plan else None, target, result) if started else None,
        _preview_text(view, plan, result, error) if previewing else None,
    )


def _last_move(table, view: dict):
    """The latest move of this round, large on the felt: what just happened at the table."""
    for entry in reversed(view["log"]):
        if entry["round"] != view["round"]:
            return None
        if entry["event"] in ("play", "pass", "drop_out", "opening"):
            text, chips = entry_parts(table, entry)
            return h("p", {"class": "tt-last", "key": len(view["log"])}, text,
                     h("span", {"class": ["tt-log-chips", _chips_class(chips)]}, _cost_label(chips))
                     if chips is not None else None)
    return None


def _chips_class(chips: int) -> str:
    return "plus" if chips > 0 else ("minus" if chips < 0 else "zero")


def _track(value: int, judged: int | None, target: int | None, result: dict | None):
    """The numbers 1..23: the pile value, the value a planned play is judged against, its card and what it skips."""
    skipped = set()
    if result and target is not None:
        skipped = set(range(judged + 1, judged + 1 + result["penalty"]))
    cells = []
    for n in range(rules.LOWEST, rules.HIGHEST + 1):
        cells.append(h("li", {"key": n, "class": [
            "tt-cell",
            "below" if n < (judged if judged is not None else value) else None,
            "value" if n == value else None,
            "judged" if judged is not None and n == judged and judged != value else None,
            "skipped" if n in skipped else None,
            "target" if n == target else None,
        ]}, str(n)))
    return h("ol", {"class": "tt-track", "aria-hidden": "true", "title": t("tt.track")}, cells)


def _skipped_text(judged: int, penalty: int) -> str:
    first, last = judged + 1, judged + penalty
    return str(first) if penalty == 1 else (f"{first}, {last}" if penalty == 2 else f"{first}–{last}")


def _preview_text(view: dict, plan: dict | None, result: dict | None, error):
    if plan is None:
        return h("p", {"class": "tt-preview muted", "id": "tt-preview"}, t("tt.preview.none"))
    card = plan["play"][0]
    cards = t("tt.cards", card=card, n=len(plan["play"]))
    lines = []
    if result:
        pile = view["pile_value"]
        lines.append(h("strong", {"key": "what"}, t("tt.preview.cards", cards=cards, value=pile)))
        if result["bonus"]:
            lines.append(t("tt.preview.bonus", n=result["bonus"], pile=pile, value=result["value"]))
        if result["penalty"]:
            lines.append(h("span", {"class": "tt-cost-text", "key": "cost"},
                           t("tt.preview.penalty", n=result["penalty"],
                             skipped=_skipped_text(result["value"], result["penalty"]))))
        else:
            lines.append(h("span", {"class": "tt-free-text", "key": "cost"}, t("tt.preview.free")))
        if result["goes_out"]:
            lines.append(t("tt.preview.out", n=result["returned"]))
        if result["bonus"] and result["bonus"] not in rules.useful_bonus_counts(pile, card, result["bonus"]):
            lines.append(h("span", {"class": "tt-warn-text", "key": "useless"}, t("tt.preview.useless")))
        cls = "ok"
    else:
        lines.append(h("strong", {"key": "what"}, cards))
        lines.append(why_not(view, plan, error))
        cls = "refused"
    return h("p", {"class": ["tt-preview", cls], "id": "tt-preview"},
             [[line, " "] for line in lines])


def why_not(view: dict, plan: dict, error) -> str:
    """The engine refused ``plan``: say why in the person's language (the engine's own words as a fallback)."""
    card = plan["play"][0]
    seat = view["seat"]
    low = rules.reach(view["pile_value"], view["bonus"][seat])[0]
    if card < low:
        return t("tt.why.unreachable", card=card, low=low)
    if "value" not in plan and card < view["pile_value"]:
        return t("tt.why.below_pile", card=card, value=view["pile_value"])
    if "value" in plan and card < plan["value"]:
        return t("tt.why.below_value", card=card, value=plan["value"])
    return t("tt.why.other", reason=error_text(error))


def _card_badge(view: dict, card: int, playable: bool):
    """What ``card`` costs on the pile as it is (no chips): +n, or 'chip' when only bonus chips make it playable."""
    if not playable:
        return None
    value = view["pile_value"]
    if card >= value:
        cost = rules.penalty(value, card)
        return h("span", {"class": ["tt-badge", "cost" if cost else "free"], "aria-hidden": "true"}, f"+{cost}")
    return h("span", {"class": "tt-badge chip", "aria-hidden": "true"}, t("tt.card.chip"))


def _hand(table, view: dict, legal: list[dict], mine: bool):
    if not table.hand_visible():
        return h("section", {"class": "tt-hand hidden-hand"}, h("p", {"class": "muted"}, t("tt.hand.hidden")))
    local = table.local
    discarding = view["phase"] == "discard"
    if discarding:
        chosen = {tuple(p) for p in local["discard"]}
        allowed = {c for a in legal if "discard" in a for c in a["discard"]}
    else:
        chosen = {tuple(p) for p in local["picked"]}
        allowed = {a["play"][0] for a in legal if "play" in a}
    cards = []
    for card, copy in slots(view["hand"]):
        pressed = (card, copy) in chosen
        usable = card in allowed
        # The badge sits on the card but outside the button, so the button's name is its number alone.
        badge = _card_badge(view, card, usable) if mine and not discarding else None
        cards.append(h(
            "span", {"key": f"{card}-{copy}",
                     "class": ["tt-card-slot", "selected" if pressed else None, "badged" if badge else None,
                               "unplayable" if mine and not usable else None]},
            h("button", {"type": "button", "id": f"tt-card-{card}-{copy}",
                         "class": ["tt-card", "selected" if pressed else None,
                                   "discard" if discarding and pressed else None],
                         "data-act": "tt:card", "data-arg": f"{card}-{copy}",
                         "aria-pressed": "true" if pressed else "false"},
              h("span", {"class": "tt-card-num"}, str(card))),
            badge,
        ))
    name = table.seat_name(table.viewer)
    return h("section", {"class": "tt-hand", "aria-label": t("tt.hand.of", name=name)},
             h("h2", {"class": "tt-hand-title"}, t("tt.hand.of", name=name)),
             h("div", {"class": "tt-cards"}, cards) if cards else h("p", {"class": "muted"}, t("tt.hand.empty")))


def _waiting(table):
    session = table.session
    if session.is_over or session.to_act is None:
        return None
    return h("div", {"class": "tt-panel tt-waiting"},
             h("p", {"class": "muted waiting"}, t("tt.waiting", name=table.seat_name(session.to_act))))


def _discard_panel(table, view: dict, legal: list[dict]):
    chosen = sorted(card for card, _ in table.local["discard"])
    ready = {"discard": chosen} in legal
    return h(
        "div", {"class": "tt-panel tt-discard"},
        h("h2", {"class": "tt-panel-title"}, t("tt.discard.title")),
        h("p", {"class": "help"}, t("tt.discard.help")),
        h("p", {"class": "tt-chosen", "aria-live": "polite"},
          t("tt.discard.chosen", cards=", ".join(map(str, chosen))) if chosen else t("tt.discard.chosen_none")),
        h("div", {"class": "tt-actions"},
          h("button", {"type": "button", "class": "button primary big", "id": "tt-discard", "data-act": "tt:discard",
                       "disabled": not ready, "aria-keyshortcuts": "D"}, t("tt.discard.button")),
          h("button", {"type": "button", "class": "button quiet", "data-act": "tt:clear", "id": "tt-clear",
                       "disabled": not chosen}, t("tt.clear"))),
        h("p", {"class": "keys muted"}, t("tt.keys.discard")),
    )


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def _cost_label(n: int | None) -> str:
    if n is None:
        return ""
    if n == 0:
        return t("tt.cost.zero")
    return t("tt.cost", n=n) if n > 0 else t("tt.cost.back", n=-n)


def _action_button(act: str, ident: str, label: str, cost: int | None, enabled: bool, key: str, cls: str,
                   extra: str | None = None):
    """An action named by its words alone; its cost is shown under it (outside the button, which it describes)."""
    cost_text = _cost_label(cost) + (f" · {extra}" if extra and enabled else "")
    return h("div", {"class": ["tt-act-slot", cls, "disabled" if not enabled else None]},
             h("button", {"type": "button", "class": ["button", "tt-act", cls], "id": ident, "data-act": act,
                          "disabled": not enabled, "aria-describedby": f"{ident}-cost" if cost_text else None,
                          "aria-keyshortcuts": key}, label),
             h("span", {"class": ["tt-act-cost", "free" if cost is not None and cost <= 0 else None],
                        "id": f"{ident}-cost"}, cost_text) if cost_text else None)


def _turn_panel(table, view: dict, legal: list[dict], plan: dict | None, outcome):
    local = table.local
    seat = table.viewer
    result, _ = outcome
    costs = {}
    for name, action in (("pass", {"pass": True}), ("force", {"pass": True, "force": True}),
                         ("drop", {"drop_out": True})):
        if action in legal:
            costs[name] = action_cost(table, action)
    plays = [a for a in legal if "play" in a]
    notes = []
    if view["forced"]:
        if plays:
            forcer = _forcer(table, view)
            notes.append(t("tt.forced", name=forcer) if forcer else t("tt.forced.anon"))
        else:
            notes.append(t("tt.lapsed"))
    elif view["status"].count(rules.IN) == 1:
        notes.append(t("tt.alone"))
    confirm = None
    if local["confirm_drop"] and "drop" in costs:
        count = len(view["hand"])
        confirm = h("div", {"class": "tt-confirm", "role": "alertdialog", "aria-labelledby": "tt-confirm-text"},
                    h("p", {"id": "tt-confirm-text"}, t("tt.drop.confirm", n=count)),
                    h("div", {"class": "tt-actions"},
                      h("button", {"type": "button", "class": "button danger", "id": "tt-drop-yes",
                                   "data-act": "tt:drop-yes"}, t("tt.drop.yes")),
                      h("button", {"type": "button", "class": "button", "id": "tt-drop-no", "data-act": "tt:drop-no"},
                        t("tt.drop.no"))))
    return h(
        "div", {"class": "tt-panel tt-turn"},
        [h("p", {"class": "tt-note", "role": "note", "key": i}, note) for i, note in enumerate(notes)],
        _bonus_controls(view, seat, local, plan, bool(plays)),
        h("div", {"class": "tt-actions tt-main-actions"},
          _action_button("tt:play", "tt-play", t("tt.play"), net_chips(result) if result else None,
                         bool(result), "P", "primary big"),
          _action_button("tt:pass", "tt-pass", t("tt.pass"), costs.get("pass"), "pass" in costs, "S", "tt-pass"),
          _action_button("tt:force", "tt-force", t("tt.force"), costs.get("force"), "force" in costs, "F",
                         "tt-force", extra=t("tt.force.help")),
          _action_button("tt:drop", "tt-drop", t("tt.drop"), costs.get("drop"), "drop" in costs, "X", "tt-drop")),
        confirm,
        h("p", {"class": "keys muted"}, t("tt.keys.play")),
    )


def _forcer(table, view: dict) -> str | None:
    """The name of whoever passed and forced the seat to act (the latest force of this round)."""
    for entry in reversed(view["log"]):
        if entry["round"] != view["round"]:
            break
        if entry["event"] == "pass" and entry["force"]:
            return table.seat_name(entry["seat"])
    return None


def _bonus_controls(view: dict, seat: int, local: dict, plan: dict | None, can_play: bool):
    chips = view["bonus"][seat]
    if not can_play:
        return None
    if not chips:
        return h("p", {"class": "tt-bonus muted"}, t("tt.bonus.none_left"))
    k = local["bonus"]
    value_row = None
    if k:
        low, high = rules.reach(view["pile_value"], k)
        value = plan["value"] if plan else (local["value"] if local["value"] is not None else view["pile_value"])
        value_row = h("div", {"class": "tt-stepper", "role": "group", "aria-labelledby": "tt-value-label"},
                      h("span", {"class": "tt-stepper-label", "id": "tt-value-label"}, t("tt.value")),
                      h("button", {"type": "button", "class": "button tt-step", "data-act": "tt:value",
                                   "data-arg": "-1", "aria-label": t("tt.value.down"), "disabled": value <= low,
                                   "aria-keyshortcuts": "ArrowDown"}, "−"),
                      h("output", {"class": "tt-stepper-value", "id": "tt-value", "aria-live": "polite"}, str(value)),
                      h("button", {"type": "button", "class": "button tt-step", "data-act": "tt:value",
                                   "data-arg": "+1", "aria-label": t("tt.value.up"), "disabled": value >= high,
                                   "aria-keyshortcuts": "ArrowUp"}, "+"),
                      h("span", {"class": "tt-range muted"}, t("tt.value.range", low=low, high=high)))
    return h("div", {"class": "tt-bonus"},
             h("div", {"class": "tt-stepper", "role": "group", "aria-labelledby": "tt-bonus-label"},
               h("span", {"class": "tt-stepper-label", "id": "tt-bonus-label"}, t("tt.bonus")),
               h("button", {"type": "button", "class": "button tt-step", "data-act": "tt:bonus", "data-arg": "-1",
                            "aria-label": t("tt.bonus.less"), "disabled": k <= 0, "aria-keyshortcuts": "-"}, "−"),
               h("output", {"class": "tt-stepper-value", "id": "tt-bonus-count", "aria-live": "polite"},
                 h("span", {"class": "tt-chips-row", "aria-hidden": "true"},
                   [h("span", {"class": ["tt-chip", "bonus", "spent" if i >= k else None], "key": i})
                    for i in range(chips)]),
                 t("tt.bonus.count", n=k, max=chips)),
               h("button", {"type": "button", "class": "button tt-step", "data-act": "tt:bonus", "data-arg": "+1",
                            "aria-label": t("tt.bonus.more"), "disabled": k >= chips, "aria-keyshortcuts": "+"}, "+")),
             value_row)


# ---------------------------------------------------------------------- the log, the round summary, the ranking


def entry_parts(table, entry: dict) -> tuple[str, int | None]:
    """A log entry as words, and the penalty chips it changed its player's count by (None when no chips moved)."""
    event = entry["event"]
    name = table.seat_name(entry["seat"]) if entry["seat"] is not None else ""
    if event == "discard":
        return t("tt.log.discard", name=name), None
    if event == "opening":
        return t("tt.log.opening", name=name, round=entry["round"]), None
    if event == "play":
        cards = t("tt.cards", card=entry["cards"][0], n=len(entry["cards"]))
        parts = [t("tt.log.play_forced" if entry["forced"] else "tt.log.play", name=name, cards=cards,
                   value=entry["from"])]
        if entry["bonus"]:
            parts.append(t("tt.log.bonus", n=entry["bonus"], value=entry["value"]))
        if entry["out"]:
            parts.append(t("tt.log.out", n=entry["returned"]) if entry["returned"] else t("tt.log.out_none"))
        return " · ".join(parts), net_chips(entry)
    if event == "pass":
        key = "tt.log.lapsed" if entry["lapsed"] else ("tt.log.force" if entry["force"] else "tt.log.pass")
        return t(key, name=name), net_chips(entry)
    if event == "drop_out":
        return t("tt.log.drop", name=name, n=entry["cards"]), net_chips(entry)
    if event == "round_end":
        return t("tt.log.round_end", round=entry["round"]), None
    return t("tt.log.game_end"), None


def chips_text(n: int) -> str:
    if n == 0:
        return t("tt.chips.none")
    return t("tt.chips", n=n) if n > 0 else t("tt.chips.back", n=-n)


def entry_sentence(table, entry: dict) -> str:
    text, chips = entry_parts(table, entry)
    return f"{text} · {chips_text(chips)}" if chips is not None else text


def _log(table, view: dict, folded: bool = False):
    items = []
    for index, entry in enumerate(view["log"]):
        if entry["event"] in ("discard", "game_end"):
            continue  # discards are announced by the seat badges; the end has its own panel
        text, chips = entry_parts(table, entry)
        badge = None
        if chips is not None:
            badge = h("span", {"class": ["tt-log-chips", _chips_class(chips)]}, _cost_label(chips))
        items.append(h("li", {"key": index, "class": ["tt-log-item", f"tt-log-{entry['event']}"]}, text, " ", badge))
    items.reverse()  # newest first
    # The list scrolls, so it takes the keyboard focus (arrow keys scroll it).
    listing = (h("ol", {"class": "tt-log-list", "tabindex": "0", "aria-labelledby": "tt-log-title"}, items) if items
               else h("p", {"class": "muted"}, t("tt.log.empty")))
    if folded:
        return h("details", {"class": "tt-log"},
                 h("summary", {"class": "tt-log-title", "id": "tt-log-title"}, t("tt.log.count", n=len(items))),
                 listing)
    return h("section", {"class": "tt-log", "aria-labelledby": "tt-log-title"},
             h("h2", {"class": "tt-log-title", "id": "tt-log-title"}, t("tt.log")), listing)


def round_results(view: dict, round_number: int) -> list[dict]:
    """Per seat, from the public log: how the round ended for them, chips taken in it, totals after it."""
    n = len(view["hand_counts"])
    before_penalties, before_bonus = [0] * n, [rules.BONUS_PER_PLAYER] * n
    end = None
    how: list[tuple[str, int]] = [("", 0)] * n
    for entry in view["log"]:
        if entry["event"] == "round_end":
            if entry["round"] < round_number:
                before_penalties, before_bonus = entry["penalties"], entry["bonus"]
            elif entry["round"] == round_number:
                end = entry
        elif entry["round"] == round_number and entry["seat"] is not None:
            if entry["event"] == "play" and entry["out"]:
                how[entry["seat"]] = ("out", entry["returned"])
            elif entry["event"] == "drop_out":
                how[entry["seat"]] = ("dropped", entry["cards"])
    if end is None:
        return []
    return [{"seat": s, "how": how[s][0], "count": how[s][1], "taken": end["penalties"][s] - before_penalties[s],
             "penalties": end["penalties"][s], "bonus": end["bonus"][s], "spent": before_bonus[s] - end["bonus"][s]}
            for s in range(n)]


def _how_text(row: dict) -> str:
    if row["how"] == "out":
        return t("tt.summary.out", n=row["count"]) if row["count"] else t("tt.summary.out_none")
    if row["how"] == "dropped":
        return t("tt.summary.dropped", n=row["count"])
    return ""


def _names(table, seats: list[int]) -> str:
    names = [table.seat_name(s) for s in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + t("tt.and") + names[-1]


def _round_summary(table, view: dict, round_number: int, closable: bool):
    results = round_results(view, round_number)
    rows = [h("tr", {"key": r["seat"]},
              h("th", {"scope": "row"}, table.seat_name(r["seat"])),
              h("td", {"class": "tt-how"}, _how_text(r)),
              h("td", {"class": "tt-num"}, _signed(r["taken"])),
              h("td", {"class": "tt-num"}, str(r["penalties"])),
              h("td", {"class": "tt-num"}, str(r["bonus"])))
            for r in results]
    fewest = min((r["penalties"] for r in results), default=0)
    leaders = [r["seat"] for r in results if r["penalties"] == fewest]
    return h(
        "section", {"class": "tt-panel tt-summary", "aria-labelledby": "tt-summary-title"},
        h("h2", {"id": "tt-summary-title"}, t("tt.summary.title", round=round_number)),
        h("table", {"class": "tt-results"},
          h("thead", {}, h("tr", {},
                           h("th", {"scope": "col"}, t("tt.summary.player")),
                           h("th", {"scope": "col"}, t("tt.summary.how")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.summary.round_chips")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.summary.total")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.summary.bonus")))),
          h("tbody", {}, rows)),
        h("p", {"class": "tt-leader"}, t("tt.summary.leader", names=_names(table, leaders))) if results else None,
        h("div", {"class": "tt-actions"},
          h("button", {"type": "button", "class": "button primary big", "id": "tt-next-round",
                       "data-act": "tt:next-round"}, t("tt.summary.next", round=round_number + 1)))
        if closable else None,
        h("p", {"class": "help"}, t("tt.summary.next_help")),
    )


def _place_text(place: int, shared: bool) -> str:
    text = t(f"tt.place.{place}")
    return t("tt.rank.shared", place=text) if shared else text


def result_summary(table):
    session = table.session
    outcome = session.outcome
    view = table.view()
    winners = outcome["winners"]
    people = session.person_seats()
    happy = not people or any(s in winners for s in people)
    if len(winners) == 1:
        title = t("tt.result.winner", name=table.seat_name(winners[0]))
    else:
        title = t("tt.result.shared", names=_names(table, winners))
    per_round = {r: {row["seat"]: row["taken"] for row in round_results(view, r)} for r in range(1, rules.ROUNDS + 1)}
    places = outcome["places"]
    rows = []
    for rank in outcome["ranking"]:
        seat = rank["seat"]
        shared = places.count(rank["place"]) > 1
        rows.append(h(
            "tr", {"key": seat, "class": ["tt-winner" if seat in winners else None,
                                          "tt-person" if seat in people else None]},
            h("td", {"class": "tt-place"}, _place_text(rank["place"], shared)),
            h("th", {"scope": "row"}, table.seat_name(seat),
              h("span", {"class": "tt-rounds"},
                [[" · " if r > 1 else None,
                  h("span", {"class": "tt-round-chips", "key": r},
                    t("tt.rank.round", n=r, chips=_signed(per_round[r].get(seat, 0))))]
                 for r in sorted(per_round)])),
            h("td", {"class": "tt-num"}, str(outcome["penalties"][seat])),
            h("td", {"class": "tt-num"}, f"{outcome['bonus'][seat]} (−{outcome['refund'][seat]})"
              if outcome["bonus"][seat] else "0"),
            h("td", {"class": "tt-num tt-total"}, str(rank["total"])),
        ))
    return h(
        "div", {"class": ["result", "tt-result", "result-win" if happy else "result-loss"]},
        h("h2", {"id": "end-title"}, title),
        h("table", {"class": "tt-results tt-ranking"},
          h("thead", {}, h("tr", {},
                           h("th", {"scope": "col"}, t("tt.rank.place")),
                           h("th", {"scope": "col"}, t("tt.rank.player")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.rank.chips")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.rank.bonus")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.rank.total")))),
          h("tbody", {}, rows)),
        h("p", {"class": "help"}, t("tt.result.refund")) if any(outcome["refund"]) else None,
    )


def result_line(table) -> str:
    outcome = table.session.outcome
    winners = outcome["winners"]
    return t("tt.result.line", names=_names(table, winners), n=outcome["totals"][winners[0]])


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    local = table.local
    if act == "tt:card" and arg:
        number, _, copy = arg.partition("-")
        if number.isdigit() and copy.isdigit():
            pick_card(table, int(number), int(copy))
    elif act == "tt:clear":
        _reset_choice(local)
    elif act == "tt:discard":
        discard(table)
    elif act == "tt:play":
        play(table)
    elif act == "tt:pass":
        _act(table, {"pass": True})
    elif act == "tt:force":
        _act(table, {"pass": True, "force": True})
    elif act == "tt:drop":
        if table.my_turn() and {"drop_out": True} in table.session.legal_actions():
            local["confirm_drop"] = True
            table.services.focus_after_render("#tt-drop-yes")
    elif act == "tt:drop-yes":
        _act(table, {"drop_out": True})
    elif act == "tt:drop-no":
        local["confirm_drop"] = False
        table.services.focus_after_render("#tt-drop")
    elif act == "tt:bonus" and arg in ("+1", "-1"):
        change_bonus(table, int(arg))
    elif act == "tt:value" and arg in ("+1", "-1"):
        change_value(table, int(arg))
    elif act == "tt:next-round":
        local["summary_seen"] = table.view()["round"] - 1
        _reset_choice(local)
        table.services.focus_after_render(".tt-card")


def field(table, name: str, value) -> bool:
    return False


def _my_turn(table) -> bool:
    return table.my_turn() and not _summary_pending(table, table.view())


def pick_card(table, number: int, copy: int) -> None:
    """Toggle one card. Discarding: up to 3 of any numbers. Playing: copies of one number (another number restarts)."""
    if not _my_turn(table):
        return
    view = table.view()
    local = table.local
    hand_slots = slots(view["hand"])
    if (number, copy) not in hand_slots:
        return
    local["cursor"] = hand_slots.index((number, copy))
    table.services.focus_after_render(f"#tt-card-{number}-{copy}")
    pick = [number, copy]
    if view["phase"] == "discard":
        chosen = local["discard"]
        if pick in chosen:
            chosen.remove(pick)
        elif not any(number in a["discard"] for a in table.session.legal_actions()):
            table.services.notify(t("tt.discard.not_this", card=number), "info", key="illegal")
        elif len(chosen) >= rules.DISCARD:
            table.services.notify(t("tt.discard.full"), "info", key="illegal")
        else:
            chosen.append(pick)
        return
    picked = local["picked"]
    if pick in picked:
        picked.remove(pick)
    elif picked and picked[0][0] == number:
        picked.append(pick)
    else:
        local["picked"] = [pick]
        local["value"] = None
    local["confirm_drop"] = False
    table.services.dismiss("illegal")


def change_bonus(table, step: int) -> None:
    if not _my_turn(table) or table.view()["phase"] != "play":
        return
    view = table.view()
    local = table.local
    local["bonus"] = max(0, min(view["bonus"][table.viewer], local["bonus"] + step))
    local["value"] = None  # back to the best value for the new reach


def change_value(table, step: int) -> None:
    view = table.view()
    local = table.local
    if not _my_turn(table) or view["phase"] != "play" or not local["bonus"]:
        return
    low, high = rules.reach(view["pile_value"], local["bonus"])
    plan = planned_play(view, local)
    current = plan["value"] if plan else (local["value"] if local["value"] is not None else view["pile_value"])
    local["value"] = max(low, min(high, current + step))


def discard(table) -> None:
    local = table.local
    if not _my_turn(table) or table.view()["phase"] != "discard":
        return
    cards = sorted(card for card, _ in local["discard"])
    if len(cards) != rules.DISCARD:
        return
    _act(table, {"discard": cards})


def play(table) -> None:
    if not _my_turn(table):
        return
    view = table.view()
    if view["phase"] != "play":
        return
    plan = planned_play(view, table.local)
    if plan is None:
        table.services.notify(t("tt.preview.none"), "info", key="illegal")
        return
    _, error = preview_play(table, plan)
    if error is not None:
        table.services.notify(why_not(view, plan, error), "error", key="illegal")
        return
    _act(table, plan)


def _act(table, action: dict) -> None:
    if not _my_turn(table):
        return
    if table.act(action):
        _reset_choice(table.local)
        table.local["cursor"] = None
        if table.hand_visible() and table.view()["hand"]:
            table.services.focus_after_render(".tt-card")


def key(table, key: str, ctrl: bool) -> bool:
    if ctrl or not table.hand_visible():
        return False
    view = table.view()
    local = table.local
    if _summary_pending(table, view):
        return False
    hand = slots(view["hand"])
    if key in ("ArrowRight", "ArrowLeft") and hand:
        cursor = local["cursor"]
        if cursor is None:
            cursor = 0 if key == "ArrowRight" else len(hand) - 1
        else:
            cursor = (cursor + (1 if key == "ArrowRight" else -1)) % len(hand)
        local["cursor"] = cursor
        number, copy = hand[cursor]
        table.services.focus_after_render(f"#tt-card-{number}-{copy}")
        return True
    if not _my_turn(table):
        return False
    if key == "Escape":
        if local["confirm_drop"]:
            local["confirm_drop"] = False
        else:
            _reset_choice(local)
        return True
    lower = key.lower() if len(key) == 1 else key
    if view["phase"] == "discard":
        if lower == "d":
            discard(table)
            return True
        return False
    if lower in ACTION_KEYS:
        handle(table, ACTION_KEYS[lower], None)
        return True
    if key in ("+", "="):
        change_bonus(table, +1)
        return True
    if key in ("-", "_"):
        change_bonus(table, -1)
        return True
    if key in ("ArrowUp", "ArrowDown") and local["bonus"]:
        change_value(table, +1 if key == "ArrowUp" else -1)
        return True
    return False


# ---------------------------------------------------------------------- telling what happened


def describe_action(table, before: dict | None, action: dict, seat: int | None) -> str:
    """Every public log entry the action wrote (a last discard also opens the pile; a last play ends the round)."""
    if before is None:
        return ""
    log = table.session.view(seat)["log"]
    return " ".join(t("tt.sentence", text=entry_sentence(table, entry)) for entry in log[len(before["log"]):]
                    if entry["event"] != "game_end")


# ---------------------------------------------------------------------- history


def history_entry(session) -> dict:
    outcome = session.outcome
    people = session.person_seats()
    first = people[0] if people else 0
    total = outcome["totals"][first]
    return {"bucket": BUCKET, "won": any(seat in outcome["winners"] for seat in people), "perfect": total == 0,
            "score": total}


def bucket_label(bucket: str) -> str:
    return t("tt.bucket.standard")


def history_chart(scores: list[int]):
    """Penalty chips at the end; the low bins in the 'good' colour."""
    return binned_chart(scores, HISTOGRAM_EDGES, title=t("tt.chart.title"), x_label=t("tt.chart.x"),
                        y_label=t("tt.chart.y"), good_below=10)
