"""A rule in plain words, in English (``en``) and Japanese (``ja``), rendered from its tree.

The Japanese follows the terms of the rules summary the project started from: 正解の列 (mainline), スート, 赤,
黒, 絵札, ランク. Common shapes get natural phrasing ("the card has a different colour from the previous card",
"出すカードと直前のカードの色が違う"); everything else gets a faithful, plainer phrasing, so every rule can be read.
"""
from __future__ import annotations

from junban.games.eleusis.lang.syntax import Node

LANGS = ("en", "ja")
_INVERSE = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}

_REF = {
    "en": {"card": "the card", "prev": "the previous card", "prev2": "the card two back",
           "prev3": "the card three back", "first": "the first mainline card", "each": "that card"},
    "ja": {"card": "出すカード", "prev": "直前のカード", "prev2": "2枚前のカード", "prev3": "3枚前のカード",
           "first": "正解の列の最初のカード", "each": "そのカード"},
}
_FEATURE_NOUN = {"en": {"rank": "rank", "suit": "suit", "colour": "colour"},
                 "ja": {"rank": "ランク", "suit": "スート", "colour": "色"}}
_ADJ = {"en": {"red": "red", "black": "black", "odd": "odd", "even": "even", "face": "a face card",
               "prime": "prime"},
        "ja": {"red": "赤", "black": "黒", "odd": "奇数", "even": "偶数", "face": "絵札", "prime": "素数"}}
_ADJ_PLURAL_EN = {"red": "red cards", "black": "black cards", "odd": "odd cards", "even": "even cards",
                  "face": "face cards", "prime": "prime cards"}
_SUIT = {"en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
         "ja": {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}}
_SUIT_ONE_EN = {"S": "a spade", "H": "a heart", "D": "a diamond", "C": "a club"}
_COLOUR = {"en": {"red": "red", "black": "black"}, "ja": {"red": "赤", "black": "黒"}}
_OPS = {
    "en": {"=": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
           ">=": "is at least"},
    "ja": {"=": "{a}が{b}", "!=": "{a}が{b}ではない", "<": "{a}が{b}より小さい", "<=": "{a}が{b}以下",
           ">": "{a}が{b}より大きい", ">=": "{a}が{b}以上"},
}
_RANK_OPS_EN = {"=": "is", "!=": "is not", "<": "is lower than", "<=": "is at most", ">": "is higher than",
                ">=": "is at least"}
_SAME_REF_RANK_EN = {"<": "is lower than", "<=": "is not higher than", ">": "is higher than",
                     ">=": "is not lower than"}
_SAME_REF_RANK_JA = {"<": "より小さい", "<=": "以下", ">": "より大きい", ">=": "以上"}
_RANK_NAMED = {1: ("an ace", "A"), 11: ("a jack", "J"), 12: ("a queen", "Q"), 13: ("a king", "K")}


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return str(n) + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


class _Words:
    def __init__(self, lang: str):
        self.lang = lang
        self.en = lang == "en"

    # ------------------------------------------------------------------ values (noun phrases)
    def ref(self, node: Node) -> str:
        return _REF[self.lang][node.value]

    def value(self, node: Node) -> str:
        kind = node.kind
        en = self.en
        if kind == "num":
            return str(node.value)
        if kind == "suit":
            return _SUIT[self.lang][node.value]
        if kind == "colour":
            return _COLOUR[self.lang][node.value]
        if kind == "bool":
            return ("true" if node.value else "false") if en else ("真" if node.value else "偽")
        if kind == "feature":
            ref = node.args[0]
            noun = _FEATURE_NOUN[self.lang].get(node.value)
            if noun is None:  # a yes/no feature used as a value
                return self.clause(node)
            if en:
                if ref.value in ("card", "prev"):
                    return f"{self.ref(ref)}'s {noun}"
                return f"the {noun} of {self.ref(ref)}"
            return f"{self.ref(ref)}の{noun}"
        if kind == "length":
            return "the number of cards on the mainline" if en else "正解の列の枚数"
        if kind == "position":
            return ("the card's position on the mainline (the first card is 1)" if en
                    else "出すカードが正解の列の何枚目か")
        if kind == "neg":
            return f"minus {self.value(node.args[0])}" if en else f"マイナス{self.value(node.args[0])}"
        if kind == "arith":
            a, b = (self._operand(x) for x in node.args)
            if node.value == "mod":
                return f"the remainder of {a} divided by {b}" if en else f"{a}を{b}で割った余り"
            sym = {"+": "+", "-": "−", "*": "×"}[node.value]
            return f"{a} {sym} {b}"
        if kind == "call":
            return self.call(node)
        if kind == "if":
            cond, then, other = node.args
            if en:
                return f"{self.value(then)} if {self.clause(cond)}, otherwise {self.value(other)}"
            return f"（{self.clause(cond)}なら{self.value(then)}、そうでなければ{self.value(other)}）"
        return self.clause(node)

    def _operand(self, node: Node) -> str:
        text = self.value(node)
        if node.kind == "arith" and node.value != "mod" or node.kind == "if":
            return f"({text})"
        return text

    def call(self, node: Node) -> str:
        name = node.value
        en = self.en
        args = node.args
        if name == "abs":
            (x,) = args
            if x.kind == "arith" and x.value == "-":
                a, b = (self.value(y) for y in x.args)
                return f"the difference between {a} and {b}" if en else f"{a}と{b}の差"
            return f"the size of {self.value(x)} (ignoring minus)" if en else f"{self.value(x)}の絶対値"
        if name in ("min", "max"):
            a, b = (self.value(y) for y in args)
            if en:
                return f"the {'smaller' if name == 'min' else 'larger'} of {a} and {b}"
            return f"{a}と{b}の{'小さいほう' if name == 'min' else '大きいほう'}"
        if name == "wrap":
            (x,) = args
            if x.kind == "arith" and x.value in "+-" and x.args[1].kind == "num" and x.args[0].kind != "arith":
                base, step = self.value(x.args[0]), x.args[1].value
                up = x.value == "+"
                if en:
                    return (f"the rank {step} {'above' if up else 'below'} {base} "
                            f"(counting round: {'K is followed by A' if up else 'A is preceded by K'})")
                return f"{base}より{step}{'大きい' if up else '小さい'}ランク（{'Kの次はA' if up else 'Aの前はK'}）"
            if en:
                return f"{self.value(x)} counted round the ranks (14 is A, 0 is K)"
            return f"{self.value(x)}をランクの輪で数えたもの（14はA、0はK）"
        if name == "next":
            (x,) = args
            kind = x.type
            if kind == "suit":
                if en:
                    return f"the suit after {self.value(x)} (spades, hearts, diamonds, clubs, then spades again)"
                return f"{self.value(x)}の次のスート（スペード→ハート→ダイヤ→クラブ→スペードの順）"
            if kind == "colour":
                return f"the other colour than {self.value(x)}" if en else f"{self.value(x)}と違う色"
            return (f"the rank after {self.value(x)} (after K comes A)" if en
                    else f"{self.value(x)}の次のランク（Kの次はA）")
        if name == "count":
            return self.count(args[0])
        (x,) = args  # sum
        if x.kind == "feature" and x.value == "rank" and x.args[0].value == "each":
            return "the sum of the ranks on the mainline" if en else "正解の列のカードのランクの合計"
        return (f"the sum over the mainline's cards of {self.value(x)}" if en
                else f"正解の列のすべてのカードについての{self.value(x)}の合計")

    def count(self, body: Node) -> str:
        en = self.en
        if body.kind == "feature" and body.args[0].value == "each":
            if en:
                return f"the number of {_ADJ_PLURAL_EN[body.value]} on the mainline"
            return f"正解の列の{_ADJ['ja'][body.value]}のカードの枚数"
        if (body.kind == "cmp" and body.value == "=" and body.args[1].kind == "suit"
                and body.args[0].kind == "feature" and body.args[0].args[0].value == "each"):
            suit = body.args[1].value
            return f"the number of {_SUIT['en'][suit]} on the mainline" if en else f"正解の列の{_SUIT['ja'][suit]}の枚数"
        if en:
            return f"the number of mainline cards for which {self.clause(body)}"
        return f"正解の列のカードのうち「{self.clause(body)}」であるものの枚数"

    # ------------------------------------------------------------------ clauses (yes/no)
    def clause(self, node: Node, negate: bool = False) -> str:
        kind = node.kind
        en = self.en
        if kind == "not":
            return self.clause(node.args[0], not negate)
        if kind == "bool":
            value = node.value != negate
            if en:
                return "any card is right" if value else "no card is right"
            return "どのカードでもよい" if value else "どのカードも出せない"
        if kind == "feature":
            ref = self.ref(node.args[0])
            adj = _ADJ[self.lang][node.value]
            if en:
                return f"{ref} is {'not ' if negate else ''}{adj}"
            return f"{ref}が{adj}{'ではない' if negate else ''}"
        if kind == "cmp":
            op = _INVERSE[node.value] if negate else node.value
            return self.compare(node.args[0], op, node.args[1])
        if kind == "in":
            return self.member(node, node.value != negate)
        if kind in ("and", "or"):
            if negate:
                inner = self.clause(node)
                return f"it is not the case that ({inner})" if en else f"「{inner}」ではない"
            parts = [self._part(arg, kind) for arg in node.args]
            word = (" and " if kind == "and" else " or ") if en else ("、かつ" if kind == "and" else "、または")
            return word.join(parts)
        if kind == "if":
            text = self.conditional(node)
            if negate:
                return f"it is not the case that ({text})" if en else f"「{text}」ではない"
            return text
        # a yes/no value from a value position (should not happen after type checking)
        return self.value(node)

    def _part(self, node: Node, parent: str) -> str:
        text = self.clause(node)
        if node.kind in ("and", "or", "if") and node.kind != parent:
            return f"({text})" if self.en else f"「{text}」"
        return text

    def conditional(self, node: Node, top: bool = False) -> str:
        cond, then, *rest = node.args
        en = self.en
        c, t = self.clause(cond), self.clause(then)
        if not rest:
            if en:
                return f"if {c}, then {t} (otherwise any card is right)"
            return f"{c}なら、{t}（そうでなければどのカードでもよい）"
        other = rest[0]
        if other.kind == "if":
            o = self.conditional(other, top)
        else:
            o = self.clause(other)
        if en:
            return f"if {c}, then {t}; otherwise {o}"
        if top:
            return f"{c}なら、{t}。そうでなければ、{o}"
        return f"（{c}なら{t}、そうでなければ{o}）"

    def compare(self, a: Node, op: str, b: Node) -> str:
        en = self.en
        # the same feature of two cards
        if a.kind == "feature" and b.kind == "feature" and a.value == b.value:
            ra, rb = self.ref(a.args[0]), self.ref(b.args[0])
            feat = a.value
            noun = _FEATURE_NOUN[self.lang].get(feat)
            if noun is not None:
                if op in ("=", "!="):
                    if en:
                        return f"{ra} has {_same_or_different(op)} {noun} {'as' if op == '=' else 'from'} {rb}"
                    return f"{ra}と{rb}の{noun}が{'同じ' if op == '=' else '違う'}"
                if feat == "rank":
                    if en:
                        return f"{ra} {_SAME_REF_RANK_EN[op]} {rb}"
                    return f"{ra}のランクが{rb}のランク{_SAME_REF_RANK_JA[op]}"
            else:
                adj = _ADJ[self.lang][feat]
                if feat in ("odd", "even"):
                    if en:
                        return f"{ra} and {rb} are {'both odd or both even' if op == '=' else 'one odd and one even'}"
                    return f"{ra}と{rb}が{'両方とも奇数か両方とも偶数' if op == '=' else '奇数と偶数の組み合わせ'}"
                if feat in ("red", "black"):
                    if en:
                        return f"{ra} has {_same_or_different(op)} colour {'as' if op == '=' else 'from'} {rb}"
                    return f"{ra}と{rb}の色が{'同じ' if op == '=' else '違う'}"
                if en:
                    return (f"{ra} and {rb} are both {adj} or both not" if op == "=" else
                            f"exactly one of {ra} and {rb} is {adj}")
                return (f"{ra}と{rb}が両方とも{adj}か、両方とも{adj}ではない" if op == "=" else
                        f"{ra}と{rb}のうち一方だけが{adj}")
        # a card's suit or colour against a named suit or colour
        if a.kind == "feature" and a.value in ("suit", "colour") and b.kind in ("suit", "colour") and op in ("=", "!="):
            ref = self.ref(a.args[0])
            if en:
                name = _SUIT_ONE_EN[b.value] if b.kind == "suit" else b.value
                return f"{ref} is {'not ' if op == '!=' else ''}{name}"
            name = _SUIT["ja"][b.value] if b.kind == "suit" else _COLOUR["ja"][b.value]
            return f"{ref}が{name}{'ではない' if op == '!=' else ''}"
        if a.type == "bool":
            pa, pb = self.clause(a), self.clause(b)
            if en:
                if op == "=":
                    return f"({pa}) and ({pb}) are both true or both false"
                return f"exactly one of ({pa}) and ({pb}) is true"
            if op == "=":
                return f"「{pa}」と「{pb}」が両方とも成り立つか、両方とも成り立たない"
            return f"「{pa}」と「{pb}」のどちらか一方だけが成り立つ"
        if a.kind == "feature" and a.value == "rank" and b.kind == "num" and b.value in _RANK_NAMED:
            # a rank said by its name: "the previous card is a king", 「直前のカードがK」
            ref = self.ref(a.args[0])
            if op in ("=", "!="):
                if en:
                    return f"{ref} is {'not ' if op == '!=' else ''}{_RANK_NAMED[b.value][0]}"
                return f"{ref}が{_RANK_NAMED[b.value][1]}{'ではない' if op == '!=' else ''}"
            shown = f"{_RANK_NAMED[b.value][1]} ({b.value})" if en else f"{_RANK_NAMED[b.value][1]}（{b.value}）"
            return (f"{self.value(a)} {_RANK_OPS_EN[op]} {shown}" if en
                    else _OPS["ja"][op].format(a=self.value(a), b=shown))
        va, vb = self.value(a), self.value(b)
        if (mod := self._position_pattern(a, op, b)) is not None:
            return mod
        if en:
            words = _RANK_OPS_EN[op] if _is_rank(a) or _is_rank(b) else _OPS["en"][op]
            return f"{va} {words} {vb}"
        return _OPS["ja"][op].format(a=va, b=vb)

    def _position_pattern(self, a: Node, op: str, b: Node) -> str | None:
        """``position mod k = r`` / ``length mod k = r`` as 'the card is the 3rd, 6th, 9th, ... card'."""
        if not (op == "=" and a.kind == "arith" and a.value == "mod" and b.kind == "num"):
            return None
        base, k = a.args
        if base.kind not in ("position", "length") or k.kind != "num" or not 1 <= k.value <= 12:
            return None
        k, r = k.value, b.value
        if r >= k:
            return "no card is right" if self.en else "どのカードも出せない"
        shift = 1 if base.kind == "length" else 0
        first = (r + shift) % k or k
        places = [first, first + k, first + 2 * k]
        if self.en:
            return f"the card will be the {', '.join(_ordinal(p) for p in places)}, ... card of the mainline"
        return f"出すカードが正解の列の{'、'.join(str(p) for p in places)}…枚目になる"

    def member(self, node: Node, positive: bool) -> str:
        value, *items = node.args
        parts = []
        for item in items:
            if item.kind == "range":
                lo, hi = (self.value(x) for x in item.args)
                parts.append(f"{lo} to {hi}" if self.en else f"{lo}から{hi}")
            else:
                parts.append(self.value(item))
        v = self.value(value)
        if self.en:
            listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
            if len(items) == 1 and items[0].kind == "range":
                return f"{v} is {'' if positive else 'not '}from {listed}"
            return f"{v} is {'one of' if positive else 'none of'} {listed}"
        listed = "、".join(parts)
        if len(items) == 1 and items[0].kind == "range":
            return f"{v}が{listed}{'まで' if positive else 'までではない'}"
        return f"{v}が{listed}の{'どれか' if positive else 'どれでもない'}"


def _same_or_different(op: str) -> str:
    return "the same" if op == "=" else "a different"


def _is_rank(node: Node) -> bool:
    return (node.kind == "feature" and node.value == "rank") or (node.kind == "call" and node.value in ("next", "wrap")
                                                                 and node.type == "int")


def describe(root: Node, lang: str = "en") -> str:
    """The whole rule as one or two sentences in ``lang`` ("en" or "ja")."""
    if lang not in LANGS:
        raise ValueError(f"plain words exist in {', '.join(LANGS)}, not {lang!r}")
    words = _Words(lang)
    if root.kind == "if":
        text = words.conditional(root, top=True)
    else:
        text = words.clause(root)
    if lang == "en":
        for i, ch in enumerate(text):
            if ch.isalpha():
                text = text[:i] + ch.upper() + text[i + 1:]
                break
        return text + "."
    return text + "。"
