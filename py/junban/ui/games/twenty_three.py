"""23 at the table, phone first: the secret discard, cards and bonus chips chosen with the resulting penalty shown
before playing, pass / pass and force / drop out with their costs, the rounds' summaries and the final ranking.

What a person sees, top to bottom (at 375x667 all of it at once when they must act): the status line; the felt
with the pile (its top play as cards, the plays before it tagged with who made them, the value, the numbers
1..23 and the preview of a planned play); the whole hand (up to 15 cards); the action bar (Discard 3 cards; or
Play, Pass, Pass and force, Drop out with their costs and the bonus chips). The shared table (screens/table.py)
adds the seat chips (``seat_status``), the recap and the move log (``log_event``/``render_event``), and the
sheets this module draws (``render_sheet``): the drop-out confirmation and a round's summary.

The engine decides everything. What is legal comes from ``legal_actions``; what a planned play would do (its
adjusted value, penalty, going out, the chips returned) from ``rules.seat_preview``; what a pass, a pass and force
or a drop-out would cost from ``rules.seat_cost``. Both read the viewer's own view, so a seat played on another
phone (which holds no state) draws the same. This module draws views and builds actions; it adds no rule of its
own.

Misclicks: every action shows its exact cost before it is taken, and the costly irreversible one (dropping out,
up to 12 chips) asks first. There is no undo: the rules have none, and a play taken back after the next player
has seen it would not be the same game.

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
from junban.ui.parts.hand import move, tab_stop
from junban.ui.parts.motion import flip, origin
from junban.ui.parts.seats import seat_token
from junban.ui.parts.sheet import confirm, sheet

i18n.register("twenty_three")

DEFAULT_PLAYERS = 2
DEFAULT_BOTS = 1
BUCKET = "standard"
HISTORY_COLUMNS = ("games", "wins", "streak", "best_streak", "mean_score")
HISTORY_LABELS = {"mean_score": "tt.history.mean_penalty"}  # column -> text key, where it differs
HISTOGRAM_EDGES = [0, 1, 5, 10, 15, 20, 30]
ACTION_KEYS = {"p": "tt:play", "s": "tt:pass", "f": "tt:force", "x": "tt:drop"}
TRAIL = 4  # plays shown beside the top of the pile


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
    """The viewer's unsent choices: picked cards (number, copy), bonus chips and adjusted value, the discard; the
    keyboard's place in the hand; the rounds whose summary was shown; why the last tap was refused."""
    return {"picked": [], "bonus": 0, "value": None, "discard": [], "cursor": None, "summary_seen": 0,
            "refused": None}


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
    local.update(picked=[], bonus=0, value=None, discard=[], refused=None)


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
    """The engine's preview of a play (value, penalty, bonus, goes_out, returned) from the viewer's own view, or
    its refusal."""
    try:
        return rules.seat_preview(table.view(), plan), None
    except IllegalAction as err:
        return None, err


def action_cost(table, action: dict) -> int | None:
    """The penalty chips ``action`` would cost its player now, as the engine counts them (from the viewer's own
    view: a seat on another phone holds no state); None when the engine refuses it."""
    return rules.seat_cost(table.view(), action)


def net_chips(change: dict) -> int:
    """Penalty chips a logged or previewed action changes its player's count by (a going-out return counts against)."""
    return change.get("penalty", 0) - change.get("returned", 0)


def _my_turn(table) -> bool:
    return table.my_turn() and not table.sheet.is_open()


# ---------------------------------------------------------------------- the table


def render_table(table):
    session = table.session
    view = table.view()
    local = table.local
    visible = table.hand_visible()
    _tidy(local, view["hand"] if visible else [], view["bonus"][table.viewer] if table.viewer is not None else 0)
    _show_round_summary(table, view)
    mine = table.my_turn() and not session.is_over
    phase = view["phase"]
    legal = table.legal() if mine else []
    plan = planned_play(view, local) if mine and phase == "play" else None
    outcome = preview_play(table, plan) if plan else (None, None)
    return h(
        "section", {"class": ["tt-table", f"tt-phase-{phase}", "my-turn" if mine else None], "aria-label": t("tt.table")},
        _status(table, view),
        _felt(table, view, plan, outcome, mine and phase == "play"),
        None if session.is_over else _hand(table, view, legal, mine),
        None if session.is_over else _bar(table, view, legal, plan, outcome, mine),
    )


def _show_round_summary(table, view: dict) -> None:
    """When the next round's discard begins, a person at the table sees the last round's summary once (a sheet)."""
    if table.session.is_over or not table.hand_visible() or view["phase"] != "discard" or view["round"] < 2:
        return
    finished = view["round"] - 1
    if table.local["summary_seen"] >= finished or table.sheet.is_open():
        return
    table.local["summary_seen"] = finished
    table.open_sheet("round", str(finished), focus="#tt-next-round", unasked=True)


def _status(table, view: dict):
    session = table.session
    if session.is_over:
        text = t("tt.status.over")
    elif view["phase"] == "discard":
        text = _discard_status(table, view)
    else:
        active = view["active"]
        name = table.seat_name(active)
        mine = table.my_turn()
        if view["forced"]:
            text = t("tt.status.forced", name=name)
        else:
            text = t("tt.status.your_turn" if mine else "tt.status.turn", name=name)
    finished = len(_round_ends(view))
    reviews = [h("button", {"type": "button", "class": "button small quiet tt-review", "data-act": "tt:round",
                            "data-arg": str(r), "id": f"tt-review-{r}", "aria-haspopup": "dialog", "key": r},
                 t("tt.review", round=r)) for r in range(1, finished + 1)]
    return h("div", {"class": "tt-status"},
             h("p", {"class": "tt-round"}, t("tt.round", round=view["round"], rounds=view["rounds"])),
             h("p", {"class": "tt-turn", "id": "status", "tabindex": "-1", "key": f"s-{len(view['log'])}"}, text),
             h("div", {"class": "tt-reviews"}, reviews) if reviews else None)


def deciding_seats(view: dict) -> list[int]:
    """The seats the round waits for, as a view says (a snapshot kept from an older host has no ``deciding``)."""
    if "deciding" in view:
        return list(view["deciding"])
    if view["phase"] == "discard":
        return [seat for seat, done in enumerate(view["discarded"]) if not done]
    return [] if view["active"] is None else [view["active"]]


def _discard_status(table, view: dict) -> str:
    """The secret discard, which every seat makes at once: the viewer's own to make, or theirs made and whom the
    round waits for."""
    deciding = deciding_seats(view)
    viewer = table.viewer if table.hand_visible() else None
    if viewer is not None and viewer in deciding and table.my_turn():
        others = [seat for seat in deciding if seat != viewer]
        mine = t("tt.status.your_discard", name=table.seat_name(viewer))
        if not others:
            return mine
        return t("tt.status.also", mine=mine, also=t("tt.status.discard_too", names=_names(table, others),
                                                     n=len(others)))
    if viewer is not None and view["discarded"][viewer]:
        return t("tt.status.discarded", names=_names(table, deciding), n=len(deciding))
    return t("tt.status.discard", names=_names(table, deciding), n=len(deciding))


def _round_ends(view: dict) -> list[dict]:
    return [e for e in view["log"] if e["event"] == "round_end"]


# ---------------------------------------------------------------------- the felt: the pile and the track


def pile_plays(view: dict) -> list[dict]:
    """The plays on the pile this round, oldest first: the log's opening and play entries (``seat``, ``cards``)."""
    return [e for e in view["log"] if e["round"] == view["round"] and e["event"] in ("opening", "play")]


def _since_mine(table) -> set[int]:
    """Indexes (in the game's log) of what the others did since the viewer's last move (marked on the felt)."""
    return {entry.event["log_at"] for entry in table.since_my_turn() if "log_at" in entry.event}


def _card_face(number: int, cls: str | None = None, extra: dict | None = None):
    """A 23 card: its number (a hand card's button is named by it), on a colour that rises with it (--n sets the
    hue in CSS; only ever a card's own number, 1-23: a phone draws what a host sent)."""
    style = f"--n:{number}" if type(number) is int and 1 <= number <= 23 else ""
    return h("span", {"class": ["tt-face", cls], "style": style, **(extra or {})}, str(number))


def _play_faces(table, view: dict, play: dict, index: int, cls: str, mine_origin: bool):
    """The cards of one play on the pile; each travels from where it came from (the hand, or its seat's chip)."""
    faces = []
    for i, number in enumerate(play["cards"]):
        source = f"tt-pick-{i}" if mine_origin else f"seat-{play['seat']}"
        faces.append(_card_face(number, cls, {"key": i, **flip(f"tt-{view['round']}-{index}-{i}", came_from=source)}))
    return faces


def _felt(table, view: dict, plan: dict | None, outcome, previewing: bool):
    started = bool(view["pile"])
    value = view["pile_value"]
    result, error = outcome
    judged = result["value"] if result else (plan.get("value", value) if plan else value)
    target = plan["play"][0] if plan else None
    plays = pile_plays(view)
    recent = _since_mine(table)
    log_index = {id(e): i for i, e in enumerate(view["log"])}
    top = None
    trail = []
    if plays:
        last = len(plays) - 1
        top_play = plays[-1]
        mine_origin = top_play["seat"] == table.viewer
        top = h("span", {"class": ["tt-top", "recent" if log_index[id(top_play)] in recent else None,
                                   f"n{len(top_play['cards'])}"]},
                _play_faces(table, view, top_play, last, "big", mine_origin))
        for i in range(max(0, last - TRAIL), last):
            play = plays[i]
            trail.append(h("li", {"class": ["tt-trail-play", "recent" if log_index[id(play)] in recent else None],
                                  "key": i},
                           h("span", {"class": "tt-trail-cards"}, _play_faces(table, view, play, i, "small", False)),
                           seat_token(play["seat"])))
    count = sum(len(p) for p in view["pile"])
    pile_label = t("tt.pile.label", value=value) if started else t("tt.pile.empty")
    return h(
        "div", {"class": "tt-felt", "data-zone": "pile"},
        h("div", {"class": "tt-pile-area"},
          h("div", {"class": ["tt-pile", "empty" if not started else None], "role": "img", "aria-label": pile_label},
            top if top is not None else h("span", {"class": "tt-pile-open"}, "1")),
          h("div", {"class": "tt-pile-side"},
            _last_move(table, view) if started else h("p", {"class": "tt-pile-waiting"}, t("tt.pile.opens")),
            h("ol", {"class": "tt-trail", "aria-hidden": "true"}, trail) if trail else None,
            h("p", {"class": "tt-pile-count"}, t("tt.pile.cards", n=count),
              h("span", {"class": "tt-judged"}, " · ", t("tt.pile.judged", value=judged))
              if plan and "value" in plan and started else None) if started else None)),
        _track(value, judged if plan else None, target, result) if started else None,
        _preview_text(view, plan, result, error) if previewing else None,
    )


def _last_move(table, view: dict):
    """The latest move of this round in words (a pass too): what just happened at the table."""
    for index in range(len(view["log"]) - 1, -1, -1):
        entry = view["log"][index]
        if entry["round"] != view["round"]:
            return None
        if entry["event"] in ("play", "pass", "drop_out", "opening"):
            text, chips = entry_parts(table, entry)
            return h("p", {"class": "tt-last", "key": index}, seat_token(entry["seat"]), " ", text,
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
    lines = []
    if result:
        pile = view["pile_value"]
        cards = t("tt.cards", card=card, n=len(plan["play"]))
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
        lines.append(why_not(view, plan, error))
        cls = "refused"
    return h("p", {"class": ["tt-preview", cls], "id": "tt-preview", "aria-live": "polite"},
             [[line, " "] for line in lines])


def _subject(card: int, n: int) -> str:
    """The cards a sentence is about: "17", or "two 3s" (「3（2枚）」); a number has at most 3 copies."""
    return str(card) if n == 1 else t(f"tt.subject.{min(n, 3)}", card=card)


def why_not(view: dict, plan: dict, error) -> str:
    """The engine refused ``plan``: say why in the person's language (the engine's own words as a fallback)."""
    card = plan["play"][0]
    n = len(plan["play"])
    seat = view["seat"]
    chips = view["bonus"][seat]
    cards = _subject(card, n)
    low = rules.reach(view["pile_value"], chips)[0]
    if "value" not in plan and card < view["pile_value"]:
        if not chips:
            return t("tt.why.below_no_chips", cards=cards, value=view["pile_value"], n=n)
        if card < low:
            return t("tt.why.unreachable", cards=cards, low=low, n=n)
        return t("tt.why.below_pile", cards=cards, value=view["pile_value"], n=n)
    if card < low:
        return t("tt.why.unreachable", cards=cards, low=low, n=n)
    if "value" in plan and card < plan["value"]:
        return t("tt.why.below_value", cards=cards, value=plan["value"], n=n)
    return t("tt.why.other", reason=error_text(error))


# ---------------------------------------------------------------------- the hand


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
        chosen = [tuple(p) for p in local["discard"]]
        allowed = {c for a in legal if "discard" in a for c in a["discard"]}
    else:
        chosen = [tuple(p) for p in local["picked"]]
        allowed = {a["play"][0] for a in legal if "play" in a}
    hand = slots(view["hand"])
    first_chosen = hand.index(chosen[0]) if chosen else None
    cards = []
    for index, (card, copy) in enumerate(hand):
        pressed = (card, copy) in chosen
        usable = card in allowed
        # The badge sits on the card but outside the button, so the button's name is its number alone.
        badge = _card_badge(view, card, usable) if mine and not discarding else None
        picked_as = chosen.index((card, copy)) if pressed and not discarding else None
        cards.append(h(
            "span", {"key": f"{card}-{copy}",
                     "class": ["tt-card-slot", "selected" if pressed else None, "badged" if badge else None,
                               "unplayable" if mine and not usable else None]},
            h("button", {"type": "button", "id": f"tt-card-{card}-{copy}",
                         "class": ["tt-card", "selected" if pressed else None,
                                   "discard" if discarding and pressed else None],
                         "data-act": "tt:card", "data-arg": f"{card}-{copy}",
                         **tab_stop(index, local["cursor"], first_chosen),
                         "aria-pressed": "true" if pressed else "false",
                         **(origin(f"tt-pick-{picked_as}") if picked_as is not None else {})},
              _card_face(card, None, flip(f"tt-h-{card}-{copy}"))),
            badge,
        ))
    name = table.seat_name(table.viewer)
    return h("section", {"class": "tt-hand", "aria-label": t("tt.hand.of", name=name), "data-zone": "hand"},
             h("div", {"class": ["tt-cards", f"n{len(cards)}"], "role": "toolbar", "aria-label": t("tt.hand.of", name=name)},
               cards) if cards else h("p", {"class": "muted"}, t("tt.hand.empty")))


# ---------------------------------------------------------------------- the action bar


def _bar(table, view: dict, legal: list[dict], plan, outcome, mine: bool):
    if not mine:
        waiting = None
        deciding = table.session.seats_to_act
        if deciding:
            waiting = t("tt.waiting", name=_names(table, deciding))
        return h("div", {"class": "tt-bar tt-waiting action-bar"}, h("p", {"class": "waiting"}, waiting) if waiting else None)
    if view["phase"] == "discard":
        return _discard_bar(table, view, legal)
    return _turn_bar(table, view, legal, plan, outcome)


def _refused(table):
    """Why the person's last tap did nothing (said where they look, and to screen readers)."""
    text = table.local.get("refused")
    return h("p", {"class": ["tt-refused", "muted" if not text else None], "role": "status", "id": "tt-refused"},
             text or "")


def discard_action(cards: list[int], seat: int) -> dict:
    """The viewer's discard: every seat yet to discard chooses at once, so the action names its seat."""
    return {"discard": sorted(cards), "seat": seat}


def _discard_bar(table, view: dict, legal: list[dict]):
    chosen = sorted(card for card, _ in table.local["discard"])
    ready = discard_action(chosen, table.viewer) in legal
    chips = view["bonus"][table.viewer]
    warning = None
    if view["round"] > 1 and chips == 0:
        warning = h("p", {"class": "tt-note warn", "role": "note"}, t("tt.discard.no_chips"))
    return h(
        "div", {"class": "tt-bar tt-discard action-bar"},
        h("p", {"class": "tt-bar-help"}, h("strong", {}, t("tt.discard.title")), " ", t("tt.discard.help")),
        warning,
        _refused(table),
        h("div", {"class": "tt-bar-row"},
          h("p", {"class": "tt-chosen", "aria-live": "polite"},
            t("tt.discard.chosen", cards=", ".join(map(str, chosen))) if chosen else t("tt.discard.chosen_none")),
          h("button", {"type": "button", "class": "button quiet", "data-act": "tt:clear", "id": "tt-clear",
                       "disabled": not chosen}, t("tt.clear")),
          h("button", {"type": "button", "class": "button primary", "id": "tt-discard", "data-act": "tt:discard",
                       "disabled": not ready, "aria-keyshortcuts": "D"}, t("tt.discard.button"))),
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
    cost_text = _cost_label(cost)
    extra_text = extra if extra and enabled else None
    return h("div", {"class": ["tt-act-slot", cls, "disabled" if not enabled else None], "key": ident},
             h("button", {"type": "button", "class": ["button", "tt-act", cls], "id": ident, "data-act": act,
                          "disabled": not enabled, "aria-describedby": f"{ident}-cost" if cost_text else None,
                          "aria-haspopup": "dialog" if act == "tt:drop" else None,
                          "aria-keyshortcuts": key}, label),
             h("span", {"class": ["tt-act-cost", "free" if cost is not None and cost <= 0 else None],
                        "id": f"{ident}-cost"}, cost_text,
               h("span", {"class": "tt-act-extra"}, " · ", extra_text) if extra_text else None)
             if cost_text else None)


def _turn_bar(table, view: dict, legal: list[dict], plan, outcome):
    local = table.local
    seat = table.viewer
    result, _ = outcome
    costs = {}
    for name, action in (("pass", {"pass": True}), ("force", {"pass": True, "force": True}),
                         ("drop", {"drop_out": True})):
        if action in legal:
            costs[name] = action_cost(table, action)
    plays = [a for a in legal if "play" in a]
    alone = last_in_round(view)
    stuck = not plays and not view["forced"]  # no card can be played, even with every bonus chip
    note = None
    if view["forced"]:
        if plays:
            forcer = _forcer(table, view)
            note = t("tt.forced", name=forcer) if forcer else t("tt.forced.anon")
        else:
            note = t("tt.lapsed")
    elif stuck and alone:
        note = t("tt.dead_end", n=len(view["hand"]))
    elif stuck:
        note = t("tt.stuck", n=len(view["hand"]))
    elif alone:
        note = t("tt.alone")
    dead_end = stuck and alone  # passing would only cost chips for ever: dropping out comes first
    play = _action_button("tt:play", "tt-play", t("tt.play"), net_chips(result) if result else None, bool(result),
                          "P", "primary tt-main")
    # Alone, a pass only costs a chip and brings the turn straight back: it is not offered.
    pass_ = _action_button("tt:pass", "tt-pass", t("tt.pass"), costs.get("pass"),
                           "pass" in costs and not (alone and not view["forced"]), "S", "tt-pass")
    force = _action_button("tt:force", "tt-force", t("tt.force"), costs.get("force"), "force" in costs, "F",
                           "tt-force", extra=t("tt.force.help"))
    drop = _action_button("tt:drop", "tt-drop", t("tt.drop"), costs.get("drop"), "drop" in costs, "X",
                          "primary tt-main tt-drop" if dead_end else "tt-drop")
    buttons = [drop, pass_] if dead_end else [play, pass_, force, drop]
    return h(
        "div", {"class": ["tt-bar", "tt-turn", "tt-dead-end" if dead_end else None, "action-bar"]},
        h("p", {"class": "tt-note", "role": "note"}, note) if note else None,
        _bonus_controls(view, seat, local, plan, bool(plays)),
        _refused(table) if local.get("refused") else None,
        h("div", {"class": ["tt-actions", f"n{len(buttons)}"]}, buttons),
        h("p", {"class": "keys muted"}, t("tt.keys.play")),
    )


def last_in_round(view: dict) -> bool:
    """Is the viewer the only player still in the round (everyone else went out or dropped out)?"""
    return view["status"].count(rules.IN) == 1


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


# ---------------------------------------------------------------------- seats, the move log, the rounds


def seat_status(table, view: dict, seat: int):
    """A seat chip: its token, then cards in hand, penalty chips and bonus chips (and where it stands)."""
    count, penalty, bonus = view["hand_counts"][seat], view["penalties"][seat], view["bonus"][seat]
    status = view["status"][seat]
    word, mark = None, None
    if view["phase"] == "discard":
        word = None if view["discarded"][seat] else t("tt.seat.discarding")
    elif status == rules.OUT:
        word, mark = t("tt.seat.out"), "✓"
    elif status == rules.DROPPED:
        word, mark = t("tt.seat.dropped"), "✕"
    elif view["forced"] and seat == view["active"]:
        word = t("tt.seat.forced")
    done = view["phase"] != "discard" and status in (rules.OUT, rules.DROPPED)  # no cards left: its mark instead
    return [
        seat_token(seat),
        None if done else
        h("span", {"class": "tt-stat", "key": "c"}, h("span", {"class": "tt-ico-card", "aria-hidden": "true"}),
          h("span", {"aria-hidden": "true"}, count), h("span", {"class": "visually-hidden"}, t("tt.seat.cards", n=count))),
        h("span", {"class": "tt-stat tt-stat-penalty", "key": "p"},
          h("span", {"class": "tt-chip penalty", "aria-hidden": "true"}), h("span", {"aria-hidden": "true"}, penalty),
          h("span", {"class": "visually-hidden"}, t("tt.seat.penalty", n=penalty))),
        h("span", {"class": "tt-stat tt-stat-bonus", "key": "b"},
          h("span", {"class": ["tt-chip", "bonus", "spent" if not bonus else None], "aria-hidden": "true"}),
          h("span", {"aria-hidden": "true"}, bonus), h("span", {"class": "visually-hidden"}, t("tt.seat.bonus", n=bonus))),
        _seat_word(word, mark, waiting=view["phase"] == "discard") if word else None,
    ]


def seat_facts(view: dict, seat: int) -> tuple:
    """Everything ``seat_status`` reads of the view for ``seat`` (the table keeps the chip while it is equal)."""
    return (view["hand_counts"][seat], view["penalties"][seat], view["bonus"][seat], view["status"][seat],
            view["phase"], view["discarded"][seat] if view["phase"] == "discard" else None,
            bool(view["forced"]) and seat == view["active"])


def _seat_word(word: str, mark: str | None, waiting: bool):
    """Where a seat stands, in a word. On a phone, where four chips share the width, the word is for screen readers
    only: "discarding" without a mark (the status line says what the person is to do; bots discard at once), went
    out and dropped out as a mark (✓, ✕); "forced" stays a word (the forced seat must play)."""
    kind = "tt-seat-waiting" if waiting else ("tt-seat-marked" if mark else None)
    return h("span", {"class": ["tt-seat-word", kind], "key": "w"},
             h("span", {"class": "tt-word"}, word),
             h("span", {"class": "tt-word-mark", "aria-hidden": "true"}, mark) if mark else None)


def log_event(before: dict, after: dict, action: dict, seat: int | None) -> dict | None:
    """What an action did, for the move log: the public log entries it wrote (a last discard also opens the pile;
    a last play ends the round)."""
    start = len(before["log"])
    entries = after["log"][start:]
    main = next((e for e in entries if e["event"] in ("discard", "play", "pass", "drop_out")), None)
    if main is None:
        return None
    kind = main["event"]
    event = {"kind": kind, "round": main["round"], "ends_turn": True, "log_at": start + entries.index(main)}
    if kind == "play":
        event.update(cards=list(main["cards"]), on=main["from"], bonus=main["bonus"], value=main["value"],
                     chips=net_chips(main), out=main["out"], returned=main["returned"], forced=main["forced"])
    elif kind == "pass":
        event.update(force=main["force"], lapsed=main["lapsed"], chips=net_chips(main))
    elif kind == "drop_out":
        event.update(cards=main["cards"], chips=net_chips(main))
    opening = next((e for e in entries if e["event"] == "opening"), None)
    if opening is not None:
        event["opened_by"] = opening["seat"]
    if any(e["event"] == "round_end" for e in entries):
        event["round_over"] = main["round"]
    marks = []
    if kind == "play" and event["chips"] > 0 or kind in ("pass", "drop_out"):
        marks.append("costly")
    event["marks"] = marks
    return event


def render_event(table, event: dict, compact: bool):
    kind = event["kind"]
    parts = []
    if kind == "discard":
        parts.append(t("tt.log.discarded_short" if compact else "tt.log.discarded"))
    elif kind == "play":
        parts.append(h("span", {"class": "log-cards", "key": "c"},
                       [_card_face(n, "log", {"key": i}) for i, n in enumerate(event["cards"])]))
        parts.append(h("span", {"class": "log-on", "key": "o"}, t("tt.log.on", value=event["on"])))
        if event["bonus"]:
            parts.append(t("tt.log.bonus_short", n=event["bonus"], value=event["value"]))
        if event["out"]:
            parts.append(t("tt.log.out_short"))
    elif kind == "pass":
        parts.append(t("tt.log.lapsed_short" if event["lapsed"] else "tt.log.force_short" if event["force"]
                       else "tt.log.pass_short"))
    elif kind == "drop_out":
        parts.append(t("tt.log.drop_short", n=event["cards"]))
    if "chips" in event:
        chips = event["chips"]
        parts.append(h("span", {"class": ["tt-log-chips", _chips_class(chips)], "key": "x"}, _cost_label(chips)))
    if event.get("opened_by") is not None and not compact:
        parts.append(h("span", {"class": "log-note", "key": "n"},
                       t("tt.log.opened", name=table.seat_name(event["opened_by"]))))
    if event.get("round_over") and not compact:
        parts.append(h("span", {"class": "log-note", "key": "r"}, t("tt.log.round_end", round=event["round_over"])))
    return h("span", {"class": "log-text"}, [[p, " "] for p in parts])  # one run of text that wraps


def round_title(number: int) -> str:
    return t("tt.round_title", round=number)


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


def render_sheet(table, name: str, arg: str | None):
    if name == "drop":
        count = len(table.view()["hand"]) if table.hand_visible() else 0
        return confirm("drop", t("tt.drop.title"), t("tt.drop.confirm", n=count),
                       yes=(t("tt.drop.yes"), "tt:drop-yes"), no=(t("tt.drop.no"), "table:close"), danger=True)
    if name == "round" and arg and arg.isdigit():
        return _round_sheet(table, int(arg))
    return None


def _round_sheet(table, round_number: int):
    """A finished round: how each seat ended it, the chips it took, the totals after it."""
    view = table.view()
    results = round_results(view, round_number)
    rows = [h("tr", {"key": r["seat"]},
              h("th", {"scope": "row"}, seat_token(r["seat"]), " ", table.seat_name(r["seat"]),
                h("span", {"class": "tt-how"}, _how_text(r))),
              h("td", {"class": "tt-num"}, _signed(r["taken"])),
              h("td", {"class": "tt-num"}, str(r["penalties"])),
              h("td", {"class": "tt-num"}, str(r["bonus"])))
            for r in results]
    fewest = min((r["penalties"] for r in results), default=0)
    leaders = [r["seat"] for r in results if r["penalties"] == fewest]
    next_round = round_number < view["round"] and view["phase"] == "discard" and not table.session.is_over \
        and round_number == view["round"] - 1
    body = [
        h("table", {"class": "tt-results", "key": "t"},
          h("thead", {}, h("tr", {},
                           h("th", {"scope": "col"}, t("tt.summary.player")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.summary.round_chips")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.summary.total")),
                           h("th", {"scope": "col", "class": "tt-num"}, t("tt.summary.bonus")))),
          h("tbody", {}, rows)),
        h("p", {"class": "tt-leader", "key": "l"}, t("tt.summary.leader", names=_names(table, leaders)))
        if results else None,
        h("p", {"class": "help", "key": "h"}, t("tt.summary.next_help", round=round_number + 1))
        if next_round else None,
    ]
    action = (t("tt.summary.next", round=round_number + 1), "tt-next-round") if next_round \
        else (t("sheet.close"), "tt-round-close")
    return sheet("round", t("tt.summary.title", round=round_number), body, "table:close",
                 actions=h("button", {"type": "button", "class": "button primary sheet-first", "id": action[1],
                                      "data-act": "table:close"}, action[0]))


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


def celebrate(table) -> str | None:
    """A person's win is cheered (a shared one too); a table of bots is not."""
    outcome = table.session.outcome
    people = table.session.person_seats()
    if not any(s in outcome["winners"] for s in people):
        return None
    return "perfect" if any(outcome["totals"][s] == 0 for s in people if s in outcome["winners"]) else "win"


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
        view = table.view()
        if view["forced"] or not last_in_round(view):
            _act(table, {"pass": True})
    elif act == "tt:force":
        _act(table, {"pass": True, "force": True})
    elif act == "tt:drop":
        if _my_turn(table) and {"drop_out": True} in table.legal():
            table.open_sheet("drop", opener="#tt-drop", focus="#drop-no")
    elif act == "tt:drop-yes":
        table.close_sheet()
        _act(table, {"drop_out": True})
    elif act == "tt:bonus" and arg in ("+1", "-1"):
        change_bonus(table, int(arg))
    elif act == "tt:value" and arg in ("+1", "-1"):
        change_value(table, int(arg))
    elif act == "tt:round" and arg and arg.isdigit():
        table.open_sheet("round", arg, opener=f"#tt-review-{arg}", focus="#tt-round-close || #tt-next-round")


def field(table, name: str, value) -> bool:
    return False


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
    local["refused"] = None
    table.services.focus_after_render(f"#tt-card-{number}-{copy}")
    pick = [number, copy]
    if view["phase"] == "discard":
        chosen = local["discard"]
        if pick in chosen:
            chosen.remove(pick)
        elif not any(number in a["discard"] for a in table.legal()):
            local["refused"] = t("tt.discard.not_this", card=number)
        elif len(chosen) >= rules.DISCARD:
            local["refused"] = t("tt.discard.full")
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
        local["refused"] = t("tt.discard.need", n=rules.DISCARD - len(cards))
        return
    _act(table, discard_action(cards, table.viewer))


def play(table) -> None:
    if not _my_turn(table):
        return
    view = table.view()
    if view["phase"] != "play":
        return
    plan = planned_play(view, table.local)
    if plan is None:
        table.local["refused"] = t("tt.preview.none")
        return
    _, error = preview_play(table, plan)
    if error is not None:
        table.local["refused"] = why_not(view, plan, error)
        return
    _act(table, plan)


def _act(table, action: dict) -> None:
    if not _my_turn(table):
        return
    if table.act(action):
        _reset_choice(table.local)
        table.local["cursor"] = None
        if table.sheet.is_open():
            return
        if table.hand_visible() and table.view()["hand"]:
            table.services.focus_after_render(".tt-card[tabindex='0'] || #status")
        else:
            table.services.focus_after_render("#status")


def key(table, key: str, ctrl: bool) -> bool:
    if ctrl or not table.hand_visible():
        return False
    view = table.view()
    local = table.local
    if move(table, key, [f"tt-card-{number}-{copy}" for number, copy in slots(view["hand"])]):
        return True
    if not _my_turn(table):
        return False
    if key == "Escape":
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
