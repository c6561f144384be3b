"""Where a person states a rule (a science guess, a dealer's secret rule, a rule for a friend, a guess at the
table): "Type it" — words or the rule language in a box — or "Build it" — a sentence put together by taps from the
same words (``lang.builder``), phone first: the sentence as big chips, and under it the choices for the part being
set, grouped (colour, suit, number, rank, the previous card; places for a condition), which close once a choice
is made so the reading shows. The box holds the words either way; what counts is the rule the checker reads them
as and says back (``eleusis_checker``).

The component keeps its own choices (``new_entry()``: the way chosen, the builder's state, the part being set);
the text stays with its owner (a table's choices, a setup's config), who is handed the new sentence to set, as if
typed. Intents are ``<prefix>:<what>`` (``mode``, ``slot``, ``piece``, ``join``, ``if``, ``remove``, ``op``); the
owner passes those with its prefix to ``handle``.
"""
from __future__ import annotations

from junban.games.eleusis.lang import builder
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.i18n import t

i18n.register("eleusis")

MODES = ("type", "build")
SLOTS = ("main0", "main1", "when", "other0", "other1")
GROUP_TITLES = {"colour": "el.build.g.colour", "suit": "el.build.g.suit", "number": "el.build.g.number",
                "previous": "el.build.g.previous", "place": "el.build.g.place"}


def new_entry(mode: str = "type") -> dict:
    return {"mode": mode, "builder": builder.empty(), "slot": "main0", "rank_op": "<="}


def tidy(entry) -> dict:
    """An entry from a reload or a tampered draft: anything that is not one is made new."""
    if not isinstance(entry, dict) or entry.get("mode") not in MODES:
        return new_entry()
    entry["builder"] = builder.clean(entry.get("builder"))
    if entry.get("slot") not in SLOTS + (None,):
        entry["slot"] = "main0"
    if entry.get("rank_op") not in builder.RANK_OPS:
        entry["rank_op"] = "<="
    return entry


# ---------------------------------------------------------------------- drawing


def modes(entry: dict, prefix: str, ident: str):
    """Type it | Build it."""
    return h("div", {"class": "segmented el-entry-modes", "role": "group", "aria-label": t("el.build.how")},
             [h("button", {"type": "button", "class": "seg", "data-act": f"{prefix}:mode", "data-arg": m,
                           "id": f"{ident}-mode-{m}", "aria-pressed": "true" if entry["mode"] == m else "false",
                           "key": m}, t(f"el.build.mode.{m}")) for m in MODES])


def _slot_piece(state: dict, slot: str):
    if slot == "when":
        return (state["when"] or {}).get("piece")
    group, index = slot[:-1], int(slot[-1])
    pieces = state[group]
    return pieces[index] if index < len(pieces) else None


def _chip(entry: dict, slot: str, prefix: str, ident: str, lang: str, empty_key: str):
    piece = _slot_piece(entry["builder"], slot)
    active = entry["slot"] == slot
    label = builder.label(piece, lang) if piece else t(empty_key)
    return h("button", {"type": "button", "class": ["el-chip", "set" if piece else "empty", "active" if active else None],
                        "data-act": f"{prefix}:slot", "data-arg": slot, "id": f"{ident}-{slot}",
                        "aria-pressed": "true" if active else "false",
                        "aria-label": t("el.build.slot_label", part=t(f"el.build.slot.{slot[:-1] if slot != 'when' else 'when'}"),
                                        value=label)}, label)


def _join(entry: dict, group: str, prefix: str, ident: str):
    key = "join" if group == "main" else "other_join"
    join = entry["builder"][key]
    return h("button", {"type": "button", "class": "el-join", "data-act": f"{prefix}:join", "data-arg": group,
                        "id": f"{ident}-{group}-join", "aria-label": t("el.build.join_label", join=t(f"el.build.{join}"))},
             t(f"el.build.{join}"))


def _pieces_row(entry: dict, group: str, prefix: str, ident: str, lang: str, lead_key: str):
    pieces = entry["builder"][group]
    row = [h("span", {"class": "el-build-lead", "key": "lead"}, t(lead_key)),
           _chip(entry, f"{group}0", prefix, ident, lang, "el.build.choose")]
    if pieces:
        row += [_join(entry, group, prefix, ident),
                _chip(entry, f"{group}1", prefix, ident, lang, "el.build.more")]
    return h("div", {"class": "el-build-row", "key": group}, row)


def _when_row(entry: dict, prefix: str, ident: str, lang: str):
    when = entry["builder"]["when"]
    if when is None:
        return h("div", {"class": "el-build-row", "key": "when"},
                 h("button", {"type": "button", "class": "button small el-build-add", "data-act": f"{prefix}:if",
                              "data-arg": "prev", "id": f"{ident}-add-if"}, t("el.build.add_if")))
    about = h("div", {"class": "segmented small el-build-about", "role": "group", "aria-label": t("el.build.about")},
              [h("button", {"type": "button", "class": "seg", "data-act": f"{prefix}:if", "data-arg": a,
                            "id": f"{ident}-about-{a}", "aria-pressed": "true" if when["about"] == a else "false",
                            "key": a}, t(f"el.build.about.{a}")) for a in builder.ABOUT])
    return h("div", {"class": "el-build-row el-build-when", "key": "when"},
             h("span", {"class": "el-build-lead"}, t("el.build.if")), about,
             _chip(entry, "when", prefix, ident, lang, "el.build.choose"),
             h("button", {"type": "button", "class": "el-build-drop", "data-act": f"{prefix}:if", "data-arg": "off",
                          "id": f"{ident}-drop-if", "aria-label": t("el.build.drop_if")}, "×"))


def _choice(piece, prefix: str, ident: str, lang: str, chosen) -> object:
    code = builder.piece_code(piece)
    return h("button", {"type": "button", "class": ["el-choice", "chosen" if piece == chosen else None],
                        "data-act": f"{prefix}:piece", "data-arg": code, "id": f"{ident}-p-{code}",
                        "aria-pressed": "true" if piece == chosen else "false",
                        "aria-label": builder.piece_words(piece, lang), "key": code}, builder.label(piece, lang))


def _palette(entry: dict, prefix: str, ident: str, lang: str):
    """The choices for the part being set (none open: the sentence and its reading show)."""
    state = entry["builder"]
    slot = entry["slot"]
    if slot is None:
        return None
    if slot == "when" and state["when"] is None:
        slot = entry["slot"] = "main0"
    if slot[:-1] in ("main", "other") and int(slot[-1]) > len(state[slot[:-1]]):
        slot = entry["slot"] = f"{slot[:-1]}{len(state[slot[:-1]])}"
    about = (state["when"] or {}).get("about") if slot == "when" else None
    kind = "when" if slot == "when" else slot[:-1]
    chosen = _slot_piece(state, slot)
    groups = []
    for name, pieces in builder.palette(kind, about):
        groups.append(h("div", {"class": "el-pal-group", "role": "group", "aria-label": t(GROUP_TITLES[name]),
                                "key": name},
                        h("p", {"class": "el-pal-title"}, t(GROUP_TITLES[name])),
                        h("div", {"class": "el-pal-choices"}, [_choice(p, prefix, ident, lang, chosen) for p in pieces])))
        if name == "number" and about != "place":
            op = entry["rank_op"]
            groups.append(h(
                "div", {"class": "el-pal-group el-pal-rank", "role": "group", "aria-label": t("el.build.g.rank"),
                        "key": "rank"},
                h("p", {"class": "el-pal-title"}, t("el.build.g.rank")),
                h("div", {"class": "segmented small el-rank-ops"},
                  [h("button", {"type": "button", "class": "seg", "data-act": f"{prefix}:op", "data-arg": o,
                                "id": f"{ident}-op-{o}", "aria-pressed": "true" if o == op else "false",
                                "aria-label": t(f"el.build.op.{o}"), "key": o},
                     {"<=": "≤", ">=": "≥", "=": "="}[o]) for o in builder.RANK_OPS]),
                h("div", {"class": "el-pal-choices el-pal-ranks"},
                  [_choice(p, prefix, ident, lang, chosen) for p in builder.rank_pieces(op)])))
    part = t(f"el.build.slot.{kind}")
    return h("div", {"class": "el-palette", "id": f"{ident}-palette"},
             h("div", {"class": "el-pal-head"},
               h("p", {"class": "el-pal-for", "id": f"{ident}-palette-title", "tabindex": "-1"},
                 t("el.build.choosing", part=part)),
               h("button", {"type": "button", "class": "button small quiet", "data-act": f"{prefix}:remove",
                            "id": f"{ident}-remove"}, t("el.build.remove")) if chosen else None),
             groups)


def render_builder(entry: dict, prefix: str, ident: str):
    """The sentence as chips (the demand, a condition, otherwise) and the choices for the part being set."""
    lang = i18n.language()
    state = entry["builder"]
    rows = [_pieces_row(entry, "main", prefix, ident, lang, "el.build.card_is"), _when_row(entry, prefix, ident, lang)]
    if state["when"] is not None:
        rows.append(_pieces_row(entry, "other", prefix, ident, lang, "el.build.otherwise"))
    said = builder.sentence(state, lang)
    return h("div", {"class": "el-build", "id": f"{ident}-builder"},
             h("div", {"class": "el-build-rows"}, rows),
             _palette(entry, prefix, ident, lang),
             h("p", {"class": "el-build-said muted"}, t("el.build.sentence"), " ", said) if said else None)


# ---------------------------------------------------------------------- taps


def handle(entry: dict, what: str, arg: str | None) -> str | None:
    """A tap on the entry (``what``: the intent after the prefix). Returns the sentence to put in the box when the
    builder's rule changed, else None (the mode or the part being set changed, or nothing did)."""
    state = entry["builder"]
    if what == "mode" and arg in MODES:
        entry["mode"] = arg
        if arg == "build" and not state["main"]:
            entry["slot"] = "main0"
        return None
    if what == "slot" and arg in SLOTS:
        entry["slot"] = None if entry["slot"] == arg and _slot_piece(state, arg) else arg
        return None
    if what == "op" and arg in builder.RANK_OPS:
        entry["rank_op"] = arg
        return None
    if what == "piece":
        piece = builder.piece_from_code(arg)
        slot = entry["slot"]
        if slot is None:
            return None
        kind = "when" if slot == "when" else slot[:-1]
        about = (state["when"] or {}).get("about")
        if piece is None or not builder.fits(piece, kind, about):
            return None
        if slot == "when":
            state["when"]["piece"] = piece
        else:
            pieces = state[kind]
            index = min(int(slot[-1]), len(pieces))
            if index < len(pieces):
                pieces[index] = piece
            else:
                pieces.append(piece)
        entry["slot"] = "main0" if not state["main"] else None  # the choice made: the reading shows
        return _said(state)
    if what == "join" and arg in ("main", "other"):
        key = "join" if arg == "main" else "other_join"
        state[key] = "or" if state[key] == "and" else "and"
        return _said(state)
    if what == "if" and arg in builder.ABOUT + ("off",):
        if arg == "off":
            state["when"], state["other"] = None, []
            entry["slot"] = "main0"
        else:
            old = state["when"]
            keep = old and old.get("piece") and builder.fits(old["piece"], "when", arg)
            state["when"] = {"about": arg, "piece": old["piece"] if keep else None}
            entry["slot"] = "when"
        return _said(state)
    if what == "remove" and entry["slot"] is not None:
        slot = entry["slot"]
        if slot == "when":
            if state["when"]:
                state["when"]["piece"] = None
        else:
            pieces = state[slot[:-1]]
            index = int(slot[-1])
            if index < len(pieces):
                del pieces[index]
            entry["slot"] = f"{slot[:-1]}0"
        return _said(state)
    return None


def _said(state: dict) -> str:
    return builder.sentence(state, i18n.language())


def choosing(entry: dict) -> bool:
    """Are the builder's choices open (the person is choosing a part, not yet reading the rule)?"""
    return entry["mode"] == "build" and entry["slot"] is not None


def focus_after(what: str, arg: str | None, ident: str) -> str:
    """Where focus goes after a tap on the entry: the choices a chip opened, in view; the mode tapped stays under
    the finger; after a choice, the read-back (the checker's answer) is announced."""
    if what in ("slot", "if") and arg in SLOTS + builder.ABOUT:
        return f"#{ident}-palette-title || #{ident}-check"  # the choices just opened, in view
    if what == "mode" and arg in MODES:
        return f"#{ident}-mode-{arg}"
    if what == "op" and arg in builder.RANK_OPS:
        return f"#{ident}-op-{arg}"
    return f"#{ident}-check"
