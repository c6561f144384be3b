"""The rule builder: a rule put together by taps, from the same words the plain-words reader knows.

A builder's state is plain data (kept with a table's choices and in a draft): the demand on the card (``main``:
one or two pieces joined by ``join``, "and" or "or"), an optional condition (``when``: about the previous card,
the card played, or its place in the line, with one piece) and what holds otherwise (``other``, like ``main``).
A piece is a short list:

- what a card is: ``["colour", "red"]``, ``["suit", "hearts", true]`` (false: not a heart), ``["parity", "odd"]``,
  ``["face", true]`` (false: a number card), ``["prime", true]``, ``["rank", "<=", 7]`` (``<=``, ``>=``, ``=``);
- how it stands to the previous card: ``["same", "colour", true]`` (suit, rank, parity; false: different),
  ``["order", ">"]`` (``>``, ``<``, ``>=``, ``<=``), ``["within", 2]``, ``["sum", "even"]`` (``odd``, or
  ``["sum", "mod", 3]``: a multiple of 3);
- a place in the line (conditions only): ``["place", "odd"]``, ``["place", "even"]``, ``["place", "every", 3]``.

``sentence(state, lang)`` says the rule in English or Japanese the way the reader reads it; ``rule(state)`` is the
rule it means. The UI puts the sentence in the rule box, so what is read back is the reader's reading of it, the
same as for typed words; a test checks that every piece and shape reads as ``rule`` says. ``clean(data)`` makes a
state from untrusted data (a draft in storage), dropping what is not a piece.
"""
from __future__ import annotations

SUITS = ("spades", "hearts", "diamonds", "clubs")
SUIT_SIGNS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_OPS = ("<=", ">=", "=")
ORDER_OPS = (">", "<", ">=", "<=")
SAME_FEATURES = ("colour", "suit", "rank", "parity")
WITHIN = (1, 2, 3)
SUM_MODS = (3, 4, 5)
EVERY = (2, 3, 4)
ABOUT = ("prev", "card", "place")


def empty() -> dict:
    return {"main": [], "join": "and", "when": None, "other": [], "other_join": "and"}


# ---------------------------------------------------------------------- pieces


def is_kind(piece) -> bool:
    return isinstance(piece, list) and bool(piece) and piece[0] in ("colour", "suit", "parity", "face", "prime", "rank")


def is_relation(piece) -> bool:
    return isinstance(piece, list) and bool(piece) and piece[0] in ("same", "order", "within", "sum")


def valid(piece) -> bool:
    """Is ``piece`` one of the builder's pieces (exact types: this comes from storage and taps)?"""
    if not isinstance(piece, list) or not piece or not isinstance(piece[0], str):
        return False
    kind, args = piece[0], piece[1:]
    if kind == "colour":
        return args in (["red"], ["black"])
    if kind == "suit":
        return len(args) == 2 and args[0] in SUITS and type(args[1]) is bool
    if kind == "parity":
        return args in (["odd"], ["even"])
    if kind in ("face", "prime"):
        return len(args) == 1 and type(args[0]) is bool
    if kind == "rank":
        return len(args) == 2 and args[0] in RANK_OPS and type(args[1]) is int and 1 <= args[1] <= 13
    if kind == "same":
        return len(args) == 2 and args[0] in SAME_FEATURES and type(args[1]) is bool
    if kind == "order":
        return len(args) == 1 and args[0] in ORDER_OPS
    if kind == "within":
        return len(args) == 1 and args[0] in WITHIN
    if kind == "sum":
        return args in (["even"], ["odd"]) or (len(args) == 2 and args[0] == "mod" and args[1] in SUM_MODS)
    if kind == "place":
        return args in (["odd"], ["even"]) or (len(args) == 2 and args[0] == "every" and args[1] in EVERY)
    return False


def fits(piece, slot: str, about: str | None = None) -> bool:
    """May ``piece`` stand in ``slot`` ("main", "other", "when")? A condition about the previous card takes what a
    card is; about the card played, also how it stands to the previous card; about the place, a place."""
    if not valid(piece):
        return False
    if slot in ("main", "other"):
        return is_kind(piece) or is_relation(piece)
    if about == "place":
        return piece[0] == "place"
    if about == "prev":
        return is_kind(piece)
    return is_kind(piece) or is_relation(piece)


def clean(data) -> dict:
    """A builder state from untrusted data: unknown pieces are dropped, at most two pieces a slot."""
    state = empty()
    if not isinstance(data, dict):
        return state
    for slot, join in (("main", "join"), ("other", "other_join")):
        pieces = data.get(slot)
        if isinstance(pieces, list):
            state[slot] = [p for p in pieces if fits(p, slot)][:2]
        if data.get(join) in ("and", "or"):
            state[join] = data[join]
    when = data.get("when")
    if isinstance(when, dict) and when.get("about") in ABOUT:
        piece = when.get("piece")
        state["when"] = {"about": when["about"], "piece": piece if fits(piece, "when", when["about"]) else None}
    return state


# ---------------------------------------------------------------------- the rule meant


def _kind_rule(piece, ref: str) -> str:
    kind, args = piece[0], piece[1:]
    if kind == "colour":
        return f"{ref}.{args[0]}"
    if kind == "suit":
        return f"{ref}.suit {'=' if args[1] else '!='} {args[0]}"
    if kind == "parity":
        return f"{ref}.{args[0]}"
    if kind == "face":
        return f"{'' if args[0] else 'not '}{ref}.face"
    if kind == "prime":
        return f"{'' if args[0] else 'not '}{ref}.prime"
    return f"{ref}.rank {args[0]} {args[1]}"


def _relation_rule(piece) -> str:
    kind, args = piece[0], piece[1:]
    if kind == "same":
        feature = "odd" if args[0] == "parity" else args[0]
        return f"card.{feature} {'=' if args[1] else '!='} prev.{feature}"
    if kind == "order":
        return f"card.rank {args[0]} prev.rank"
    if kind == "within":
        return f"abs(card.rank - prev.rank) <= {args[0]}"
    if args[0] == "mod":
        return f"(card.rank + prev.rank) mod {args[1]} = 0"
    return f"(card.rank + prev.rank) mod 2 = {1 if args[0] == 'odd' else 0}"


def _piece_rule(piece, ref: str = "card") -> str:
    if piece[0] == "place":
        if piece[1] == "every":
            return f"position mod {piece[2]} = 0"
        return f"position mod 2 = {1 if piece[1] == 'odd' else 0}"
    return _kind_rule(piece, ref) if is_kind(piece) else _relation_rule(piece)


def _joined_rule(pieces, join: str) -> str:
    return f" {join} ".join(f"({_piece_rule(p)})" for p in pieces)


def complete(state: dict) -> bool:
    """Does the state say a whole rule (a demand, and a condition with its piece if there is one)?"""
    when = state.get("when")
    return bool(state["main"]) and (when is None or when.get("piece") is not None)


def rule(state: dict) -> str | None:
    """The rule the state means, as rule text; None while it is not complete."""
    if not complete(state):
        return None
    main = _joined_rule(state["main"], state["join"])
    when = state["when"]
    if when is None:
        return main
    ref = "prev" if when["about"] == "prev" else "card"
    cond = _piece_rule(when["piece"], ref)
    if state["other"]:
        return f"if {cond} then ({main}) else ({_joined_rule(state['other'], state['other_join'])})"
    return f"if {cond} then ({main})"


# ---------------------------------------------------------------------- the sentence

_EN_SUITS = {"spades": "a spade", "hearts": "a heart", "diamonds": "a diamond", "clubs": "a club"}
_EN_FEATURES = {"colour": "colour", "suit": "suit", "rank": "rank", "parity": "parity"}
_JA_SUITS = {"spades": "スペード", "hearts": "ハート", "diamonds": "ダイヤ", "clubs": "クラブ"}
_JA_FEATURES = {"colour": "色", "suit": "スート", "rank": "数字", "parity": "偶奇"}


def _rank(n: int) -> str:
    return RANK_NAMES.get(n, str(n))


def piece_words(piece, lang: str) -> str:
    """A piece as words the reader reads (English: as said after "the card is"; Japanese: as a predicate)."""
    kind, args = piece[0], piece[1:]
    en = lang == "en"
    if kind == "colour":
        return args[0] if en else {"red": "赤", "black": "黒"}[args[0]]
    if kind == "suit":
        if en:
            return ("" if args[1] else "not ") + _EN_SUITS[args[0]]
        return _JA_SUITS[args[0]] + ("" if args[1] else "以外")
    if kind == "parity":
        return args[0] if en else {"odd": "奇数", "even": "偶数"}[args[0]]
    if kind == "face":
        if en:
            return "a face card" if args[0] else "a number card"
        return "絵札" if args[0] else "数字札"
    if kind == "prime":
        return ("prime" if args[0] else "not prime") if en else ("素数" if args[0] else "素数以外")
    if kind == "rank":
        op, n = args
        if en:
            return {"<=": f"{_rank(n)} or lower", ">=": f"{_rank(n)} or higher", "=": f"exactly {_rank(n)}"}[op]
        return {"<=": f"{_rank(n)}以下", ">=": f"{_rank(n)}以上", "=": f"ちょうど{_rank(n)}"}[op]
    if kind == "same":
        feature, equal = args
        if en:
            return (f"the same {_EN_FEATURES[feature]} as the previous card" if equal
                    else f"a different {_EN_FEATURES[feature]} from the previous card")
        return f"前のカードと{'同じ' if equal else '違う'}{_JA_FEATURES[feature]}"
    if kind == "order":
        if en:
            return {">": "higher than the previous card", "<": "lower than the previous card",
                    ">=": "not lower than the previous card", "<=": "not higher than the previous card"}[args[0]]
        return {">": "前のカードより大きい", "<": "前のカードより小さい", ">=": "前のカード以上",
                "<=": "前のカード以下"}[args[0]]
    if kind == "within":
        return f"within {args[0]} of the previous card" if en else f"前のカードとの差が{args[0]}以内"
    if kind == "sum":
        if args[0] == "mod":
            return (f"the sum with the previous card is a multiple of {args[1]}" if en
                    else f"前のカードとの合計が{args[1]}の倍数")
        return f"the sum with the previous card is {args[0]}" if en else \
            f"前のカードとの合計が{'偶数' if args[0] == 'even' else '奇数'}"
    if kind == "place":
        if args[0] == "every":
            return f"every {args[1]}{_ordinal_suffix(args[1])} card" if en else f"{args[1]}枚ごと"
        return (f"cards in {args[0]} places" if en else f"{'奇数' if args[0] == 'odd' else '偶数'}番目")
    raise ValueError(f"not a piece: {piece!r}")


def _ordinal_suffix(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")


def _negative(piece) -> bool:
    return piece[0] in ("suit", "prime") and piece[-1] is False


def _joined_words(pieces, join: str, lang: str) -> str:
    if lang == "en" and join == "or" and len(pieces) == 2 and _negative(pieces[0]) and not _negative(pieces[1]):
        pieces = [pieces[1], pieces[0]]  # "a heart or not a spade": "not a spade or a heart" would read as neither
    words = [piece_words(p, lang) for p in pieces]
    if lang == "en":
        return f" {join} ".join(words)
    return ("で" if join == "and" else "か").join(words)


def sentence(state: dict, lang: str) -> str:
    """The state said as a sentence the reader reads as ``rule(state)`` ("" while nothing is chosen)."""
    if not state["main"]:
        return ""
    main = _joined_words(state["main"], state["join"], lang)
    when = state["when"]
    if when is None or when.get("piece") is None:
        return main
    piece, about = when["piece"], when["about"]
    other = _joined_words(state["other"], state["other_join"], lang) if state["other"] else None
    en = lang == "en"
    if about == "place":
        head = f"{piece_words(piece, lang)}: {main}" if en else f"{piece_words(piece, lang)}は{main}"
    elif en:
        subject = "the previous card" if about == "prev" else "the card"
        head = f"if {subject} is {piece_words(piece, lang)}, {main}"
    elif about == "prev":
        head = f"前のカードが{piece_words(piece, lang)}なら、{main}"
    else:
        head = f"{'出すカードが' if is_kind(piece) else ''}{piece_words(piece, lang)}なら、{main}"
    if other is None:
        return head
    return f"{head}; otherwise {other}" if en else f"{head}。そうでなければ、{other}"


def label(piece, lang: str) -> str:
    """A short label for a piece on a button ("♥", "not ♥", "≤ 7", "same colour", 「同じ色」)."""
    kind, args = piece[0], piece[1:]
    en = lang == "en"
    if kind == "suit":
        sign = SUIT_SIGNS[args[0]]
        return sign if args[1] else (f"not {sign}" if en else f"{sign}以外")
    if kind == "rank":
        op, n = args
        return {"<=": "≤", ">=": "≥", "=": "="}[op] + " " + _rank(n)
    if kind == "same":
        feature, equal = args
        if en:
            return f"{'same' if equal else 'other'} {_EN_FEATURES[feature]}"
        return f"{'同じ' if equal else '違う'}{_JA_FEATURES[feature]}"
    if kind == "order":
        if en:
            return {">": "higher", "<": "lower", ">=": "not lower", "<=": "not higher"}[args[0]]
        return {">": "大きい", "<": "小さい", ">=": "以上", "<=": "以下"}[args[0]]
    if kind == "within":
        return f"within {args[0]}" if en else f"差{args[0]}以内"
    if kind == "sum":
        if args[0] == "mod":
            return f"sum ×{args[1]}" if en else f"合計{args[1]}の倍数"
        return (f"sum {args[0]}" if en else f"合計{'偶数' if args[0] == 'even' else '奇数'}")
    if kind == "place":
        if args[0] == "every":
            return f"every {args[1]}{_ordinal_suffix(args[1])}" if en else f"{args[1]}枚ごと"
        return f"{args[0]} places" if en else f"{'奇数' if args[0] == 'odd' else '偶数'}番目"
    if kind == "face":
        return ("face card" if args[0] else "number card") if en else piece_words(piece, lang)
    return piece_words(piece, lang)


# ---------------------------------------------------------------------- the palette


def palette(slot: str, about: str | None = None) -> list[tuple[str, list]]:
    """The pieces offered for ``slot``, in groups: (group name, pieces). Ranks are offered once per comparison
    chosen in the UI (``rank_pieces``)."""
    if slot == "when" and about == "place":
        return [("place", [["place", "odd"], ["place", "even"]] + [["place", "every", n] for n in EVERY])]
    groups = [
        ("colour", [["colour", "red"], ["colour", "black"]]),
        ("suit", [["suit", s, True] for s in SUITS] + [["suit", s, False] for s in SUITS]),
        ("number", [["parity", "odd"], ["parity", "even"], ["face", True], ["face", False], ["prime", True],
                    ["prime", False]]),
    ]
    if slot == "when" and about == "prev":
        return groups
    groups.append(("previous", [["same", f, True] for f in SAME_FEATURES] + [["same", f, False] for f in SAME_FEATURES]
                   + [["order", op] for op in ORDER_OPS] + [["within", n] for n in WITHIN]
                   + [["sum", "even"], ["sum", "odd"]] + [["sum", "mod", n] for n in SUM_MODS]))
    return groups


def rank_pieces(op: str) -> list:
    return [["rank", op, n] for n in range(1, 14)]


# ---------------------------------------------------------------------- pieces on buttons

_BOOL_AT = {"suit": 2, "face": 1, "prime": 1, "same": 2}


def piece_code(piece) -> str:
    """A piece as a short code for a button ("suit.hearts.1", "rank.<=.7", "sum.mod.3")."""
    return ".".join("1" if a is True else "0" if a is False else str(a) for a in piece)


def piece_from_code(code) -> list | None:
    """The piece a button's code stands for, or None (codes come from the page: checked like any input)."""
    if not isinstance(code, str) or not 0 < len(code) <= 24:
        return None
    parts = code.split(".")
    piece: list = [parts[0]]
    for i, part in enumerate(parts[1:], 1):
        if _BOOL_AT.get(parts[0]) == i:
            if part not in ("0", "1"):
                return None
            piece.append(part == "1")
        elif part.isdigit() and len(part) <= 2:
            piece.append(int(part))
        else:
            piece.append(part)
    return piece if valid(piece) else None
