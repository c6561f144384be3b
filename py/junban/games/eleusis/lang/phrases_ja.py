"""The Japanese plain-words reader: 「赤いカードだけ」「赤と黒が交互」「7以下の赤いカード」「前のカードより大きい。
キングの後は何でもよい」 -> readings as rule text (``phrases.understand`` picks among them and checks them).

The text is cut into the longest entries of the lexicon (``words_ja``); the grammar reads Japanese order (what
modifies comes first, the condition before its demand: 「絵札の後は」「前のカードが赤なら」「赤は」) into the same
clauses as the English reader, and the shared ``reading`` gives them their meaning.
"""
from __future__ import annotations

import re
import unicodedata

from junban.games.eleusis.lang import meaning as m
from junban.games.eleusis.lang import reading as rd
from junban.games.eleusis.lang.grammar_kit import FAIL, Alt, Many, Map, Opt, Rule, Seq, T, Tok
from junban.games.eleusis.lang.meaning import ANY, Clause, NumPred
from junban.games.eleusis.lang.suggest import nearest
from junban.games.eleusis.lang.words_ja import FILLERS, LEXICON

# ---------------------------------------------------------------------- tokens


def _spec(spec: str):
    out = []
    for part in spec.split():
        kind, _, value = part.partition(":")
        if kind == "prop":
            out.append(("prop", (value, True)))
        elif kind in ("rank", "num"):
            out.append((kind, int(value)))
        else:
            out.append((kind, value or kind))
    return out


ENTRIES: dict[str, list] = {word: [] for word in FILLERS}
ENTRIES.update({word: _spec(spec) for word, spec in LEXICON.items()})
LONGEST = max(len(w) for w in ENTRIES)
KNOWN_WORDS = sorted(w for w in ENTRIES if len(w) >= 2 and not w.isascii())
_BACK = re.compile(r"(\d+|[一二三]|ひと|ふた|みっ)(枚|つ)前(のカード)?")
_BACK_N = {"一": 1, "二": 2, "三": 3, "ひと": 1, "ふた": 2, "みっ": 3}
_DIGITS = re.compile(r"\d+")
_ASCII_WORD = re.compile(r"[A-Za-z]+")


def fold(text: str) -> tuple[str, list[int]]:
    out, where = [], []
    for i, ch in enumerate(text):
        folded = unicodedata.normalize("NFKC", ch) if ch not in ("～", "〜", "ー", "、", "。", "・") else ch
        out.append(folded)
        where.extend([i] * len(folded))
    return "".join(out), where


def tokenize(text: str) -> tuple[list[Tok], list[Tok]]:
    """(tokens, unknown words): the longest entry at each place; a run of characters no entry covers is one
    unknown word."""
    folded, where = fold(text)
    toks: list[Tok] = []
    unknown: list[Tok] = []
    pending = None  # the start of a run of unknown characters
    i = 0
    n = len(folded)

    def at(k: int) -> int:
        return where[k] if k < len(where) else len(text)

    def close(k: int) -> None:
        nonlocal pending
        if pending is not None:
            unknown.append(Tok("unknown", text[at(pending):at(k)], at(pending), at(k), text[at(pending):at(k)]))
            pending = None

    while i < n:
        ch = folded[i]
        if ch.isspace():
            close(i)
            i += 1
            continue
        back = _BACK.match(folded, i)
        if back:
            close(i)
            count = int(back.group(1)) if back.group(1).isdigit() else _BACK_N[back.group(1)]
            if count not in (1, 2, 3):
                unknown.append(Tok("unknown", back.group(), at(i), at(back.end()), back.group()))
            else:
                ref = "prev" if count == 1 else f"prev{count}"
                toks.append(Tok("ref", ref, at(i), at(back.end()), text[at(i):at(back.end())]))
            i = back.end()
            continue
        digits = _DIGITS.match(folded, i)
        if digits:
            close(i)
            value = int(digits.group())
            kind = "num" if value <= 10_000 else "unknown"
            tok = Tok(kind, value, at(i), at(digits.end()), text[at(i):at(digits.end())])
            (toks if kind == "num" else unknown).append(tok)
            i = digits.end()
            continue
        for size in range(min(LONGEST, n - i), 0, -1):
            word = folded[i:i + size]
            if word in ENTRIES:
                if word.isascii() and word.isalpha():  # a Latin letter is a word only on its own ("K", not "KING")
                    word_match = _ASCII_WORD.match(folded, i)
                    if word_match and word_match.end() != i + size:
                        continue
                close(i)
                for kind, value in ENTRIES[word]:
                    toks.append(Tok(kind, value, at(i), at(i + size), text[at(i):at(i + size)]))
                i += size
                break
        else:
            if pending is None:
                pending = i
            i += 1
    close(n)
    return toks, unknown


spaced = False


def near_words(word: str) -> list[str]:
    return nearest(word, KNOWN_WORDS)


# ---------------------------------------------------------------------- numbers

number = Alt(T("num"), T("rank"))
list_sep = Alt(T("comma"), T("to"), T("or"))
numlist = Map(Many(number, list_sep, least=2), lambda xs: NumPred("list", values=tuple(xs)))
numpred = Rule("numpred")
numpred.body = Alt(
    Seq(number, T("post"), act=lambda n, op: NumPred(op, n)),
    Seq(number, T("than"), T("cmp"), act=lambda n, _t, op: NumPred(op, n)),
    Seq(number, T("kara"), number, Opt(T("made")), act=lambda a, _k, b, _m: rd.span(a, b)),
    Seq(number, T("dash"), number, act=lambda a, _d, b: rd.span(a, b)),
    Seq(number, T("post", ">="), number, T("post", "<="), act=lambda a, _x, b, _y: rd.span(a, b)),
    Seq(number, Opt(T("no")), T("multiple"), act=lambda n, _n, _m: NumPred("mod", n) if n > 0 else FAIL),
    Seq(number, T("de"), T("divisible"), act=lambda n, _d, _v: NumPred("mod", n) if n > 0 else FAIL),
    Seq(T("exactly"), number, act=lambda _e, n: NumPred("=", n)),
    numlist,
)

# ---------------------------------------------------------------------- what a card is

prop = Map(T("prop"), rd.prop_word)
atom = Alt(
    prop,
    Map(T("suit"), lambda name: m.suit(name)),
    Map(T("rank"), lambda n: m.ranks([n])),
    Seq(Opt(Seq(T("feat", "rank"), Alt(T("ga"), T("no"), T("wa")))), numpred, act=lambda _f, p: p.on_rank()),
    Seq(T("feat", "rank"), Alt(T("ga"), T("wa")), prop, act=lambda _f, _g, p: p),
)


def _sel(first, more, _no, _head, excepted):
    atoms = [first] + [x[1] for x in more]
    for (a, b), (joined, _) in zip(zip(atoms, atoms[1:]), more):
        if joined is None and (a.text == b.text or rd.exclusive(a, b)):
            return FAIL  # 「赤赤黒黒」「赤黒」: kinds in turn, not one kind
    sel = m.and_(*atoms).with_noun()
    return m.not_(sel).with_noun() if excepted is not None else sel


sel = Rule("sel")
sel.body = Seq(atom, Many(Seq(Opt(Alt(T("no"), T("de"), T("and"))), atom), least=0), Opt(T("no")),
               Opt(Alt(T("card"), T("feat", "rank"))), Opt(T("except")), act=_sel)
conj_op = Alt(Map(Seq(T("or"), T("comma")), lambda _: "or"), Map(T("or"), lambda _: "or"),
              Map(T("to"), lambda _: "or"), Map(T("comma"), lambda _: "comma"))
selconj = Rule("selconj")
selconj.body = Map(Many(sel, conj_op, keep_sep=True), rd.kinds_joined)
condsel = Alt(selconj, Map(T("any"), lambda _: ANY))

# ---------------------------------------------------------------------- how a card stands to another card

feat = T("feat")
featlist = Map(Many(feat, T("or")), lambda fs: fs)
ref = T("ref")
to = Seq(T("to"), Opt(T("no")))  # 前のカードと / 前のカードとの


def _rank_rel(op, negate=None):
    if negate is not None:
        op = {">": "<=", "<": ">="}[op]
    return rd.Rel(rd.rank_vs(op))


def _steps(a, b, w):
    return rd.Rel(rd.steps(rd.span(a, b), w))


relitem_core = Alt(
    # 前のカードより大きい / 前より大きい数字 / 前のカードより数字が小さい / 前のカードより小さくない
    Seq(ref, T("than"), Opt(Seq(feat, T("ga"))), T("cmp"), Opt(T("not")), Opt(Alt(T("card"), feat)),
        act=lambda r, _t, _f, op, neg, _c: rd.bound(_rank_rel(op, neg), r)),
    Seq(ref, T("post"), act=lambda r, op: rd.bound(rd.Rel(rd.rank_vs(op)), r)),
    Seq(ref, to, T("same"), T("or"), T("cmp"), act=lambda r, _t, _s, _o, op: rd.bound(rd.Rel(rd.same_or(op)), r)),
    Seq(ref, to, T("same"), T("feat", "rank"), T("post"),
        act=lambda r, _t, _s, _f, op: rd.bound(rd.Rel(rd.rank_vs(op)), r)),
    Seq(ref, to, T("same"), Opt(T("card")), act=lambda r, _t, _s, _c: rd.bound(rd.Rel(rd.rank_vs("=")), r)),
    # 同じスート / 前のカードと同じ色 / スートが前と同じ / 前のカードとマークか数字が同じ
    Seq(Opt(Seq(ref, to)), T("same"), feat, act=lambda r, _s, f: rd.bound(rd.Rel(rd.same(f)), r[0] if r else None)),
    Seq(ref, to, featlist, T("ga"), T("same"), act=lambda r, _t, fs, _g, _s: rd.bound(rd.Rel(rd.match_feats(fs)), r)),
    Seq(featlist, Alt(T("ga"), T("wa")), ref, to, T("same"),
        act=lambda fs, _g, r, _t, _s: rd.bound(rd.Rel(rd.match_feats(fs)), r)),
    Seq(Opt(Seq(ref, to)), T("diff"), feat, act=lambda r, _d, f: rd.bound(rd.Rel(rd.same(f, False)), r[0] if r else None)),
    Seq(ref, to, feat, T("ga"), T("diff"), act=lambda r, _t, f, _g, _d: rd.bound(rd.Rel(rd.same(f, False)), r)),
    # 色を変える / 色を変えない / 同じ色が続く / 同じ色が続かない / 同じ数字は続けて出せない
    Seq(Opt(Seq(ref, to)), feat, Opt(T("wo")), T("change"),
        act=lambda r, f, _w, _c: rd.bound(rd.Rel(rd.same(f, False)), r[0] if r else None)),
    Seq(Opt(Seq(ref, to)), feat, Opt(T("wo")), T("keep"),
        act=lambda r, f, _w, _k: rd.bound(rd.Rel(rd.same(f)), r[0] if r else None)),
    Seq(T("same"), feat, Alt(T("ga"), T("wo")), T("cont"), act=lambda _s, f, _g, _c: rd.Rel(rd.same(f))),
    Seq(T("same"), feat, Alt(T("ga"), T("wa")), T("notcont"), act=lambda _s, f, _g, _c: rd.Rel(rd.same(f, False))),
    Seq(T("same"), feat, Alt(T("wa"), T("wo")), T("inarow"), T("forbidden"),
        act=lambda _s, f, _w, _i, _x: rd.Rel(rd.same(f, False))),
    # distances: 前のカードとの差が2以内 / 前のカードと2以内の差 / 差がちょうど1 / 1違い
    Seq(ref, to, T("difference"), Alt(T("ga"), T("wa")), number, Alt(T("within"), T("post")),
        act=lambda r, _t, _d, _g, n, op: rd.bound(rd.Rel(rd.dist("<=" if op == "within" else op, n)), r)),
    Seq(ref, to, number, T("within"), Opt(Seq(T("no"), T("difference"))),
        act=lambda r, _t, n, _w, _d: rd.bound(rd.Rel(rd.dist("<=", n)), r)),
    Seq(ref, to, T("difference"), Alt(T("ga"), T("wa")), Opt(T("exactly")), number,
        act=lambda r, _t, _d, _g, _e, n: rd.bound(rd.Rel(rd.dist("=", n)), r)),
    Seq(ref, to, number, T("diff"), act=lambda r, _t, n, _d: rd.bound(rd.Rel(rd.dist("=", n)), r)),
    # steps: 前のカードより1大きい / 前のカードのちょうど1つ上 / 前のカードの1つ上か1つ下 / 1から3大きい（Kの次はA）
    Seq(ref, T("than"), Opt(T("exactly")), number, T("cmp"), act=lambda r, _t, _e, n, op: rd.bound(
        rd.Rel(rd.rank_vs("=", n if op == ">" else -n)), r)),
    Seq(ref, T("no"), Opt(T("exactly")), number, T("cmp"),
        act=lambda r, _n, _e, n, op: rd.bound(rd.Rel(rd.rank_vs("=", n if op == ">" else -n)), r)),
    Seq(ref, Opt(T("no")), number, T("cmp"), T("or"), number, T("cmp"),
        act=lambda r, _n, a, op, _o, b, op2: rd.bound(rd.abs_eq(a, op, b, op2), r)),
    Seq(Opt(T("exactly")), number, T("cmp"), act=lambda _e, n, op: rd.Rel(rd.rank_vs("=", n if op == ">" else -n))),
    Seq(ref, T("than"), number, Alt(T("kara"), T("dash")), number, T("cmp"),
        Opt(Alt(Seq(T("lp"), T("wrap"), T("rp")), T("wrap"))),
        act=lambda r, _t, a, _k, b, op, w: rd.bound(_steps(a, b, w), r) if op == ">" else FAIL),
    # だんだん大きくなる / 数字がどんどん上がる / 昇順 / 大きい / 大きいカード
    Seq(Opt(Seq(feat, Alt(T("ga"), T("wo")))), T("up"), act=lambda _f, _u: rd.Rel(rd.rank_vs(">"))),
    Seq(Opt(Seq(feat, Alt(T("ga"), T("wo")))), T("down"), act=lambda _f, _d: rd.Rel(rd.rank_vs("<"))),
    Seq(T("cmp"), Opt(Alt(T("card"), feat)), act=lambda op, _c: rd.Rel(rd.rank_vs(op))),
)
relitem = relitem_core

# ---------------------------------------------------------------------- sums

sum_pred = Alt(numpred, Map(T("prop"), lambda v: NumPred(v[0]) if v[0] in ("odd", "even", "prime") else FAIL))
sumitem = Alt(
    # 前のカードと足して3の倍数 / 前のカードとの和が3で割り切れる / 前のカードとの合計が13より大きい
    Seq(ref, to, T("sum"), Opt(Alt(T("ga"), T("wa"))), sum_pred, Opt(T("ni")), Opt(T("not")),
        act=lambda r, _t, _s, _g, p, _n, neg: rd.sum_item(r, neg, p)),
    # これまでのカードの合計にこのカードを足して3の倍数にならない / 合計が3の倍数にならない
    Seq(T("allcards"), T("no"), T("sum"), T("ni"), T("subj"), Opt(T("wo")), T("sum"), numpred, Opt(T("ni")),
        Opt(T("not")), act=lambda *v: rd.total_item(v[-1], v[-3])),
    Seq(T("sum"), Alt(T("ga"), T("wa")), numpred, Opt(T("ni")), Opt(T("not")),
        act=lambda _s, _g, p, _n, neg: rd.total_item(neg, p)),
)

# ---------------------------------------------------------------------- statements about the card

item = Seq(Opt(T("not")), Alt(sumitem, relitem, selconj, Map(T("any"), lambda _: ANY)), act=rd.item_of)
desc_op = Alt(Map(Seq(T("or"), T("comma")), lambda _: "or"), Map(T("or"), lambda _: "or"),
              Map(Seq(T("de"), Opt(T("comma"))), lambda _: "and"), Map(T("and"), lambda _: "and"))
desc = Rule("desc")
desc.body = Map(Many(item, desc_op, keep_sep=True), rd.statement)

particle = Opt(Alt(T("wa"), T("ga"), T("wo"), T("mo")))
body = Rule("body")
body.body = Alt(
    Seq(Opt(Seq(T("subj"), particle)), desc, particle, Opt(T("allowed")), act=lambda _s, d, _p, _a: d),
    Seq(desc, particle, T("forbidden"), act=lambda d, _p, _f: m.not_(d)),
    Seq(desc, T("if"), T("any"), act=lambda d, _i, _a: d),  # 「スペード以外なら何でもよい」
    Seq(T("any"), Opt(T("allowed")), act=lambda *_: ANY),
    Seq(T("always"), T("allowed"), act=lambda *_: ANY),
)
# after 「絵札の次は」, 「数字」 is a number card
after_body = Alt(body, Map(Seq(T("feat", "rank"), Opt(T("card"))), lambda _: m.prop("number")))

# ---------------------------------------------------------------------- conditions

cond = Alt(
    Seq(ref, Opt(Alt(T("ga"), T("wa"))), condsel, act=lambda r, _g, s: ("ref:" + r, s)),
    Seq(T("subj"), Opt(Alt(T("ga"), T("wa"))), condsel, act=lambda _s, _g, s: ("card", s)),
    Map(relitem, lambda r: ("card", r.bind("prev")) if r.bind("prev") not in (None, FAIL) else FAIL),
    Map(sumitem, lambda sel: ("card", sel)),
    Map(condsel, lambda s: ("bare", s)),
)


def _progression(values):
    return rd.progression(values)


place = Seq(number, Opt(T("ban")), act=lambda n, _b: n)
poscond = Alt(
    Seq(T("prop"), T("ban"), act=lambda p, _b: m.places([1], 2) if p[0] == "odd" else m.places([0], 2)
        if p[0] == "even" else FAIL),
    Seq(Map(Many(place, T("comma"), least=2), _progression), Opt(T("ban")), Opt(T("repeat")),
        act=lambda text, _b, _r: text),
    Seq(number, Opt(T("mai")), Opt(T("ban")), T("every"), act=lambda n, _m, _b, _e: m.places([0], n)
        if 2 <= n <= 12 else FAIL),
)

# ---------------------------------------------------------------------- alternation, runs, patterns

alt_kind = Alt(sel, Map(T("feat", "rank"), lambda _: m.prop("number")))
alternation = Alt(
    Seq(alt_kind, Opt(Alt(T("to"), T("comma"), T("or"))), alt_kind, Opt(Alt(T("ga"), T("wo"), T("de"))), T("alt"),
        act=lambda a, _t, b, _g, _x: rd.alternate(a, b)),
    Seq(feat, Opt(Alt(T("ga"), T("wo"))), T("alt"), act=lambda f, _g, _a: m.same(f, "prev", False)),
)
inarow = Alt(
    # 絵札は続けて出せない / 絵札が2枚続かない / 絵札を2枚続けて出すのはだめ
    Seq(selconj, particle, Opt(Seq(T("num", 2), T("mai"))), T("inarow"), Opt(T("wa")), T("forbidden"),
        act=lambda s, _p, _n, _i, _w, _f: rd.runs(s, [])),
    Seq(selconj, particle, Opt(Seq(T("num", 2), T("mai"))), T("notcont"), act=lambda s, _p, _n, _c: rd.runs(s, [])),
)
pat_item = Alt(
    Seq(sel, Opt(Seq(T("num"), T("mai"))), act=lambda s, n: (n[0] if n else 1, s)),
    Map(T("any"), lambda _: (1, ANY)),
)


def _pattern(_lead, first, more, _r):
    return rd.pattern([first] + [x[1] for x in more], True)


pattern = Seq(Opt(Seq(feat, Alt(T("ga"), T("wa")))), pat_item, Many(Seq(Opt(T("comma")), pat_item), least=1),
              T("repeat"), act=_pattern)

# ---------------------------------------------------------------------- clauses and the whole rule


def _exception(s, _p, always, _a):
    clause = rd.clause_of(("card", s), ANY)
    if clause is not FAIL and always is None:
        clause.plain = s
    return clause


clause = Rule("clause")
after_cond = Alt(condsel, Map(T("feat", "rank"), lambda _: m.prop("number")))
clause.body = Alt(
    Seq(after_cond, T("after"), Opt(Alt(T("wa"), T("ni"))), Opt(T("comma")), after_body,
        act=lambda s, _a, _w, _c, b: rd.clause_of(("prev", s), b)),
    Seq(cond, T("if"), Opt(T("comma")), body, act=lambda c, _i, _c, b: rd.clause_of(c, b)),
    Seq(T("else"), Opt(T("comma")), body, act=lambda _e, _c, b: Clause(b)),
    Seq(condsel, particle, Opt(T("always")), T("allowed"), act=_exception),
    Seq(poscond, Opt(Alt(T("wa"), T("ni"))), Opt(T("comma")), body, act=lambda p, _w, _c, b: Clause(b, p)),
    Map(inarow, Clause),
    Map(alternation, Clause),
    Map(body, Clause),
    Seq(condsel, T("wa"), body, act=lambda s, _w, b: rd.clause_of(("card", s), b)),
)
clause_sep = Alt(Seq(T("comma"), T("but")), Seq(T("semi"), T("but")), Seq(T("de"), T("comma")), T("comma"),
                 T("semi"), T("but"))
clauses = Map(Many(clause, clause_sep), rd.clauses_of)
rule = Alt(Map(Seq(pattern, Opt(T("semi"))), lambda v: [Clause(v[0])]), Seq(clauses, Opt(T("semi")), act=lambda c, _s: c))
