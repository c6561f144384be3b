"""The English plain-words reader: "red cards only", "alternate colours", "higher than the last card, anything
after a king" -> readings as rule text (``phrases.understand`` picks among them and checks them).

The text is split into tokens by the lexicon (``words_en``); the grammar below reads them as one or more clauses
(``meaning.Clause``): statements about the card ("red cards", "7 or less", "higher than the previous card", "the
same suit as the first card"), conditions ("after a face card", "if the previous card is red", "red cards must
...", "in odd places"), alternations ("red and black alternate"), patterns ("red, red, black, ..."), runs ("no two
face cards in a row") and sums ("the card and the previous card add up to a multiple of 3").
"""
from __future__ import annotations

import re
import unicodedata

from junban.games.eleusis.lang import meaning as m
from junban.games.eleusis.lang import reading as rd
from junban.games.eleusis.lang.grammar_kit import FAIL, Alt, Many, Map, Opt, Rule, Seq, T, Tok
from junban.games.eleusis.lang.meaning import ANY, Clause, NumPred
from junban.games.eleusis.lang.suggest import nearest
from junban.games.eleusis.lang.words_en import FILLER_PHRASES, FILLER_WORDS, LEXICON

# ---------------------------------------------------------------------- tokens

_PIECE = re.compile(r"\d+(?:st|nd|rd|th|s)?|[a-z]+(?:'[a-z]+)?|\.\.\.|->|=>|[<>!=]=?|[♠♥♦♣♤♡♢♧→…]|"
                    r"[,;:.()\-–—~/+&?!]|\S", re.IGNORECASE)
_NUMBER = re.compile(r"(\d+)(st|nd|rd|th|s)?$")
_CONTRACTIONS = {"can't": ["can", "not"], "cannot": ["can", "not"], "won't": ["will", "not"],
                 "it's": ["it", "is"], "that's": ["that", "is"], "there's": ["there", "is"], "let's": ["let"]}
MAX_PHRASE = 6


def _spec(spec: str) -> list[tuple[str, object]]:
    out = []
    for part in spec.split():
        kind, _, value = part.partition(":")
        if kind == "propn":
            out.append(("prop", (value, True)))
        elif kind == "prop":
            out.append(("prop", (value, False)))
        elif kind in ("rank", "ranks", "num", "ord"):
            out.append((kind, int(value)))
        elif value:
            out.append((kind, value))
        else:
            out.append((kind, kind))
    return out


def _entries() -> dict[tuple, list]:
    table: dict[tuple, list] = {}
    for phrase in FILLER_WORDS:
        table[(phrase,)] = []
    for phrase in FILLER_PHRASES:
        table[tuple(p.lower() for p in _PIECE.findall(phrase))] = []
    for phrase, spec in LEXICON.items():
        table[tuple(p.lower() for p in _PIECE.findall(phrase))] = _spec(spec)
    return table


ENTRIES = _entries()
KNOWN_WORDS = sorted({w for key in ENTRIES for w in key if w.isalpha() and len(w) > 1})


def fold(text: str) -> tuple[str, list[int]]:
    """NFKC per character (full-width letters from a Japanese keyboard read as ASCII); offsets kept."""
    out, where = [], []
    for i, ch in enumerate(text):
        folded = ch if ord(ch) < 128 else unicodedata.normalize("NFKC", ch)
        if folded in ("\u2212",):
            folded = "-"
        out.append(folded)
        where.extend([i] * len(folded))
    return "".join(out), where


def tokenize(text: str) -> tuple[list[Tok], list[Tok]]:
    """(tokens, unknown words). Every piece of the text is a token, a filler or an unknown word."""
    folded, where = fold(text)
    pieces = []  # (lower, as typed, start, end)
    for match in _PIECE.finditer(folded):
        raw = match.group()
        start = where[match.start()] if match.start() < len(where) else len(text)
        end = where[match.end() - 1] + 1 if match.end() - 1 < len(where) else len(text)
        lower = raw.lower()
        if lower in _CONTRACTIONS:
            for word in _CONTRACTIONS[lower]:
                pieces.append((word, raw, start, end))
        elif lower.endswith("n't"):
            pieces.append((lower[:-3], raw, start, end))
            pieces.append(("not", raw, start, end))
        elif lower.endswith("'s") or lower.endswith("s'"):
            pieces.append((lower[:-2] if lower.endswith("'s") else lower[:-1], raw, start, end))
        else:
            pieces.append((lower, raw, start, end))
    toks, unknown = [], []
    i = 0
    while i < len(pieces):
        lower, raw, start, end = pieces[i]
        # "A" is the ace unless it is the article before a word ("A red card", "A to 7")
        if raw == "A" and not _article(pieces, i):
            toks.append(Tok("rank", 1, start, end, raw))
            i += 1
            continue
        number = _NUMBER.match(lower)
        if number:
            value = int(number.group(1))
            suffix = number.group(2)
            if value > 10_000:
                unknown.append(Tok("unknown", raw, start, end, raw))
            elif suffix in ("st", "nd", "rd", "th"):
                toks.append(Tok("ord", value, start, end, raw))
            else:
                toks.append(Tok("ranks" if suffix == "s" else "num", value, start, end, raw))
            i += 1
            continue
        for size in range(min(MAX_PHRASE, len(pieces) - i), 0, -1):
            key = tuple(p[0] for p in pieces[i:i + size])
            if key in ENTRIES:
                last = pieces[i + size - 1]
                for kind, value in ENTRIES[key]:
                    toks.append(Tok(kind, value, start, last[3], text[start:last[3]]))
                i += size
                break
        else:
            unknown.append(Tok("unknown", raw, start, end, raw))
            i += 1
    return _one_as_card(toks), unknown


def _article(pieces, i: int) -> bool:
    nxt = pieces[i + 1][0] if i + 1 < len(pieces) else None
    return nxt is not None and nxt.isalpha() and nxt not in ("to", "through", "thru", "and", "or", "till", "until")


def _one_as_card(toks: list[Tok]) -> list[Tok]:
    """"a black one" is a black card: "one" after a colour, suit or kind of card. "or higher" after a number is
    "N or more"; after anything else it is "or" and "higher" ("the same rank or higher")."""
    out = []
    for tok in toks:
        if tok.kind == "then" and out and out[-1].kind == "cmp" and tok.text.lower() == "then":
            tok = Tok("than", "than", tok.start, tok.end, tok.text)  # "higher then the last card"
        if tok.kind == "orcmp" and not (out and out[-1].kind in ("num", "rank")):
            joiner = "or" if tok.text.lower().startswith("or") else "and"
            out.append(Tok(joiner, joiner, tok.start, tok.end, tok.text))
            tok = Tok("cmp", tok.value[0], tok.start, tok.end, tok.text)
        if tok.kind == "num" and tok.value == 1 and tok.text.lower() == "one" and out and \
                out[-1].kind in ("prop", "suit"):
            tok = Tok("card", None, tok.start, tok.end, tok.text)
        out.append(tok)
    return out


# ---------------------------------------------------------------------- numbers


number = Alt(T("num"), T("rank"))
list_sep = Alt(Seq(T("comma"), T("and")), Seq(T("comma"), T("or")), T("comma"), T("and"), T("or"))
numlist = Map(Many(number, list_sep, least=2), lambda xs: NumPred("list", values=tuple(xs)))
numpred = Rule("numpred")
numpred.body = Alt(
    Seq(T("cmp"), Opt(T("than")), number, act=lambda op, _t, n: NumPred(op, n)),
    Seq(number, T("orcmp"), act=lambda n, op: NumPred(op, n)),
    Seq(T("atleast"), number, act=lambda _a, n: NumPred(">=", n)),
    Seq(T("atmost"), number, act=lambda _a, n: NumPred("<=", n)),
    Seq(Opt(T("from")), number, Alt(T("to"), T("dash")), number, act=lambda _f, a, _t, b: rd.span(a, b)),
    Seq(T("between"), number, T("and"), number, act=lambda _b, a, _a, b: rd.span(a, b)),
    Seq(T("multiple"), number, act=lambda _m, n: NumPred("mod", n) if n > 0 else FAIL),
    Seq(Opt(T("eq")), T("exactly"), number, act=lambda _e, _x, n: NumPred("=", n)),
    Seq(T("eq"), number, act=lambda _e, n: NumPred("=", n)),
    numlist,
)

# ---------------------------------------------------------------------- what a card is

cop = Opt(T("is"))  # is, are, was, be ("must be", "has to be"): where a demand is made of a card
prop = Map(T("prop"), rd.prop_word)
adjs = Map(Many(prop), lambda sels: m.and_(*sels).with_noun(any(s.noun for s in sels)))
rank_noun = Alt(Map(T("ranks"), lambda n: m.ranks([n])), Map(T("rank"), lambda n: m.ranks([n])))
suit_noun = Map(T("suit"), lambda name: m.suit(name))
noun = Alt(suit_noun, rank_noun)

selhead = Alt(
    Seq(Opt(adjs), noun, Opt(T("card")), act=lambda a, n, _c: m.and_(a, n).with_noun() if a else n),
    Seq(adjs, Opt(T("feat", "rank")), Opt(T("card")), act=lambda a, _f, c: a.with_noun(a.noun or c is not None)),
    Seq(Opt(T("card")), Opt(Alt(T("with"), T("of"))), Opt(T("feat", "rank")), Opt(T("of")), cop, numpred,
        Opt(T("card")), act=lambda _c, _w, _f, _o, _i, p, _c2: p.on_rank()),
    Seq(T("feat", "rank"), cop, prop, act=lambda _f, _i, p: p),
    Seq(T("card"), T("with"), prop, T("feat", "rank"), act=lambda _c, _w, p, _f: p),
    Seq(T("card"), adjs, act=lambda _c, a: a.with_noun()),
)
paren_inner = Rule("paren_inner")
postmod = Alt(
    Seq(Opt(T("of")), Opt(T("feat", "rank")), numpred, act=lambda _o, _f, p: ("and", p.on_rank())),
    Seq(T("lp"), paren_inner, T("rp"), act=lambda _l, s, _r: ("paren", s)),
    Seq(Opt(T("card")), prop, act=lambda _c, p: ("and", p)),  # "cards (that are) red"
)


selcore = Seq(selhead, Many(postmod, least=0), act=rd.with_mods)
sel = Rule("sel")
sel.body = Alt(Seq(T("any"), selcore, act=lambda _a, s: s), selcore)


conj_op = Alt(Map(Seq(T("comma"), T("or")), lambda _: "or"), Map(Seq(T("comma"), T("and")), lambda _: "and"),
              Map(T("or"), lambda _: "or"), Map(T("and"), lambda _: "and"), Map(T("comma"), lambda _: "comma"))
selconj = Rule("selconj")
selconj.body = Map(Many(sel, conj_op, keep_sep=True), rd.kinds_joined)
paren_inner.body = Alt(Map(numpred, lambda p: p.on_rank()), selconj)

# ---------------------------------------------------------------------- how a card stands to another card


prep = Alt(T("than"), T("as"), T("from"), T("to"), T("with"), T("of"), T("after"), Seq(T("as"), T("of")))
refp = Alt(
    Seq(T("ref"), Opt(T("feat")), act=lambda r, _f: r),
    Seq(T("feat"), T("of"), T("ref"), act=lambda _f, _o, r: r),
    Map(T("both"), lambda _: "last2"),
)
than_ref = Seq(Opt(prep), refp, act=lambda _p, r: r)
feat = T("feat")
featlist = Map(Many(feat, Alt(T("or"), T("and"), T("comma"))), lambda fs: fs)
cmp = T("cmp")
wrapping = Opt(Seq(Opt(T("comma")), Many(T("wrap"))))
relitem_core = Alt(
    # higher / lower (than ...), "a higher card", "higher rank than ..."
    Seq(cmp, Opt(T("feat", "rank")), Opt(T("card")), Opt(than_ref), act=lambda op, _f, _c, r: rd.Rel(rd.rank_vs(op), r)),
    Seq(T("feat", "rank"), cop, cmp, Opt(than_ref), act=lambda _f, _i, op, r: rd.Rel(rd.rank_vs(op), r)),
    Seq(Opt(T("atleast")), T("as"), cmp, T("as"), refp, act=lambda _a, _s, op, _s2, r: rd.Rel(rd.same_or(op), r)),
    Seq(T("atleast"), Opt(than_ref), act=lambda _a, r: rd.Rel(rd.rank_vs(">="), r)),
    Seq(T("atmost"), Opt(than_ref), act=lambda _a, r: rd.Rel(rd.rank_vs("<="), r)),
    Seq(cmp, T("or"), Alt(T("same"), T("eq")), Opt(than_ref), act=lambda op, _o, _s, r: rd.Rel(rd.same_or(op), r)),
    Seq(Alt(T("same"), T("eq")), Opt(prep), T("or"), cmp, Opt(than_ref),
        act=lambda _s, _p, _o, op, r: rd.Rel(rd.same_or(op), r)),
    Seq(T("eq"), Opt(than_ref), act=lambda _e, r: rd.Rel(rd.rank_vs("="), r)),
    # the same / a different feature
    Seq(T("same"), feat, Opt(than_ref), act=lambda _s, f, r: rd.Rel(rd.same(f), r)),
    Seq(T("same"), than_ref, act=lambda _s, r: rd.Rel(rd.rank_vs("="), r)),
    Seq(feat, cop, Opt(T("eq")), T("same"), Opt(than_ref), act=lambda f, _i, _e, _s, r: rd.Rel(rd.same(f), r)),
    Seq(T("not"), T("same"), feat, Opt(than_ref), act=lambda _n, _s, f, r: rd.Rel(rd.same(f, False), r)),
    Seq(T("sameparity"), Opt(T("card")), Opt(T("comma")), Opt(than_ref),
        act=lambda _s, _c, _k, r: rd.Rel(rd.same("parity"), r)),
    Seq(T("same"), T("feat", "parity"), Opt(than_ref), act=lambda _s, _f, r: rd.Rel(rd.same("parity"), r)),
    Seq(T("keep"), Opt(feat), Opt(than_ref), act=lambda _k, f, r: rd.Rel(rd.keep(f), r)),
    Seq(feat, cop, T("keep"), Opt(than_ref), act=lambda f, _i, _k, r: rd.Rel(rd.same(f), r)),
    Seq(T("match"), featlist, Opt(than_ref), act=lambda _m, fs, r: rd.Rel(rd.match_feats(fs), r)),
    Seq(featlist, cop, T("match"), Opt(than_ref), act=lambda fs, _i, _m, r: rd.Rel(rd.match_feats(fs), r)),
    Seq(T("followsuit"), Opt(Seq(T("or"), feat)), Opt(than_ref),
        act=lambda _f, more, r: rd.Rel(rd.match_feats(["suit"] + ([more[1]] if more else [])), r)),
    Seq(T("diff"), feat, Opt(than_ref), act=lambda _d, f, r: rd.Rel(rd.same(f, False), r)),
    Seq(feat, cop, Opt(T("eq")), T("diff"), Opt(than_ref), act=lambda f, _i, _e, _d, r: rd.Rel(rd.same(f, False), r)),
    Seq(T("change"), Opt(feat), Opt(than_ref), act=lambda _c, f, r: rd.Rel(rd.keep(f, False), r)),
    Seq(feat, cop, T("change"), act=lambda f, _i, _c: rd.Rel(rd.same(f, False))),
    Seq(feat, cop, T("differ"), Opt(than_ref), act=lambda f, _i, _d, r: rd.Rel(rd.same(f, False), r)),
    # distances
    Seq(T("within"), number, Opt(T("feat", "rank")), Opt(than_ref), act=lambda _w, n, _f, r: rd.Rel(rd.dist("<=", n), r)),
    Seq(T("atmost"), number, Opt(T("feat", "rank")), T("away"), Opt(than_ref),
        act=lambda _a, n, _f, _w, r: rd.Rel(rd.dist("<=", n), r)),
    Seq(T("atmost"), number, Opt(T("feat", "rank")), than_ref, act=lambda _a, n, _f, r: rd.Rel(rd.dist("<=", n), r)),
    Seq(T("atleast"), number, Opt(T("feat", "rank")), T("away"), Opt(than_ref),
        act=lambda _a, n, _f, _w, r: rd.Rel(rd.dist(">=", n), r)),
    Seq(cmp, T("than"), number, Opt(T("feat", "rank")), T("away"), Opt(than_ref),
        act=lambda op, _t, n, _f, _w, r: rd.Rel(rd.dist(op, n), r)),
    Seq(number, Opt(T("orcmp")), Opt(T("feat", "rank")), T("away"), Opt(than_ref),
        act=lambda n, op, _f, _w, r: rd.Rel(rd.dist(op or "=", n), r)),
    Seq(T("differ"), Opt(than_ref), T("by"), numpred, act=lambda _d, r, _b, p: rd.Rel(lambda ref: m.distance(p, ref), r)),
    Seq(T("difference"), Opt(prep), refp, cop, numpred,
        act=lambda _d, _p, r, _i, p: rd.Rel(lambda ref: m.distance(p, ref), r)),
    # steps: one more than, at least 3 higher than, 1 to 3 higher (wrapping), one higher or one lower
    Seq(Opt(T("exactly")), number, Opt(T("feat", "rank")), cmp, Opt(T("card")), Opt(than_ref),
        act=lambda _e, n, _f, op, _c, r: rd.Rel(rd.rank_vs("=", n if op == ">" else -n), r)),
    Seq(T("atleast"), number, cmp, Opt(than_ref),
        act=lambda _a, n, op, r: rd.Rel(rd.rank_vs(">=" if op == ">" else "<=", n if op == ">" else -n), r)),
    Seq(cmp, T("than"), number, cmp, Opt(than_ref),
        act=lambda op, _t, n, op2, r: rd.Rel(rd.rank_vs(op2, n if op2 == ">" else -n), r) if op == op2 else FAIL),
    Seq(number, cmp, T("or"), Opt(number), cmp, Opt(than_ref),
        act=lambda n, op, _o, n2, op2, r: rd.bound(rd.abs_eq(n, op, n2, op2), r)),
    Seq(Alt(Map(Seq(number, Alt(T("to"), T("dash"), T("or")), number), lambda v: rd.span(v[0], v[2])), numlist),
        cmp, Opt(than_ref), wrapping, act=lambda p, op, r, w: rd.bound(rd.Rel(rd.steps(p, w, op)) if op == ">" else FAIL, r)),
    Seq(T("up"), T("by"), Alt(numlist, numpred, Map(number, lambda n: NumPred("=", n))), Opt(than_ref), wrapping,
        act=lambda _u, _b, p, r, w: rd.Rel(rd.steps(p, w), r)),
    Seq(T("nextrank"), Opt(T("up")), Opt(than_ref), act=lambda _n, _u, r: rd.Rel(rd.rank_vs("=", 1), r)),
    # going up, going down
    Seq(Opt(T("feat", "rank")), T("up"), Opt(T("feat", "rank")), Opt(than_ref),
        act=lambda _f, _u, _f2, r: rd.Rel(rd.rank_vs(">"), r)),
    Seq(Opt(T("feat", "rank")), T("down"), Opt(T("feat", "rank")), Opt(than_ref),
        act=lambda _f, _d, _f2, r: rd.Rel(rd.rank_vs("<"), r)),
)


relitem = Alt(Seq(Opt(T("card")), Opt(T("of")), relitem_core, act=lambda _c, _o, r: r), relitem_core)

# ---------------------------------------------------------------------- sums

sumexpr = Alt(
    Seq(T("sumof"), Opt(T("subj")), T("and"), refp, act=lambda _s, _c, _a, r: r),
    Seq(T("subj"), T("and"), refp, T("addup"), act=lambda _c, _a, r, _u: r),
    Seq(T("subj"), T("plus"), refp, act=lambda _c, _p, r: r),
    Seq(T("sumwith"), refp, Opt(T("addup")), act=lambda _s, r, _u: r),
    Seq(refp, T("plus"), T("subj"), act=lambda r, _p, _c: r),
)
sum_pred = Alt(
    numpred,
    Map(T("prop"), lambda v: NumPred(v[0]) if v[0] in ("odd", "even", "prime") else FAIL),
)
total_expr = Alt(
    T("total"),
    Seq(T("sumof"), T("allcards"), T("plus"), T("subj")),
    Seq(T("allcards"), T("plus"), T("subj"), T("addup")),
)


sumitem = Alt(
    Seq(sumexpr, cop, Opt(T("not")), cop, sum_pred, act=lambda r, _i, n, _j, p: rd.sum_item(r, n, p)),
    Seq(total_expr, cop, Opt(T("not")), cop, numpred, act=lambda _t, _i, n, _j, p: rd.total_item(n, p)),
)

# ---------------------------------------------------------------------- statements about the card


# "not" reaches over kinds joined by "or" ("no hearts or diamonds": neither), not over "and" ("not a spade and 7
# or lower" is not a spade, and 7 or lower)
or_op = Alt(Map(Seq(T("comma"), T("or")), lambda _: "or"), Map(T("or"), lambda _: "or"), Map(T("comma"), lambda _: "comma"))
either_kind = Map(Many(sel, or_op, keep_sep=True),
                  lambda parts: rd.kinds_joined(parts) if len(parts) == 1 or all(p.noun for p in parts[0::2]) else FAIL)
anything = Map(Seq(T("any"), Opt(T("card"))), lambda _: ANY)
item = Alt(
    Seq(cop, T("not"), cop, Alt(sumitem, relitem, either_kind, anything),
        act=lambda _i, neg, _j, value: rd.item_of(neg, value)),
    Seq(cop, Alt(sumitem, relitem, selconj, anything), act=lambda _i, value: rd.item_of(None, value)),
)


desc = Rule("desc")
desc.body = Seq(Opt(T("either")), Many(item, conj_op, keep_sep=True), act=lambda _e, parts: rd.statement(parts))

body = Rule("body")
body.body = Alt(
    Seq(Opt(T("subj")), desc, cop, Opt(T("allowed")), act=lambda _s, d, _i, _a: d),
    Seq(Opt(T("subj")), desc, cop, T("forbidden"), act=lambda _s, d, _i, _f: m.not_(d)),
    Seq(Opt(T("subj")), desc, cop, T("not"), T("allowed"), act=lambda _s, d, _i, _n, _a: m.not_(d)),
    Seq(T("subj"), cop, T("any"), act=lambda *_: ANY),
    Seq(T("any"), Opt(Alt(T("card"), T("feat"))), Alt(T("except"), T("but")), desc,
        act=lambda _a, _c, _e, d: m.not_(d)),
    Seq(T("any"), Opt(T("card")), Opt(T("allowed")), act=lambda *_: ANY),
    Seq(T("subj"), T("any"), act=lambda *_: ANY),
)

# ---------------------------------------------------------------------- conditions


condsel = Alt(selconj, Map(Seq(T("any"), Opt(T("card"))), lambda _: ANY))
after_cond = Seq(T("after"), Alt(condsel, Map(T("num"), lambda n: m.ranks([n]))), act=lambda _a, s: ("prev", s))


def _card_cond(s):
    return ("card", s)


def _count_cond(_t, op, a, _than, b):
    if a.relative or b.relative:
        return FAIL
    return ("text", f"count({a.on('each')}) {op} count({b.on('each')})")


cond = Alt(
    Seq(T("ref"), Opt(T("feat")), cop, Alt(condsel, Map(Seq(T("not"), condsel), lambda v: m.not_(v[1]))),
        act=lambda r, _f, _i, s: ("ref:" + r, s)),
    Seq(T("subj"), cop, Alt(condsel, desc), act=lambda _s, _i, s: ("card", s)),
    Seq(Opt(T("thereare")), cmp, selconj, T("than"), selconj, act=_count_cond),
    Seq(cop, condsel, act=lambda _i, s: ("bare", s)),
)


# cards named as the subject of a demand: "red cards (must be) ...", "a card of the same colour as the previous"
cardcond = Alt(
    condsel,
    Seq(T("card"), Opt(T("of")), relitem, act=lambda _c, _o, r: r.bind("prev")),
)
colon_cond = Alt(cardcond, Map(relitem, lambda r: r.bind("prev")))

# ---------------------------------------------------------------------- places in the line


ordlist = Map(Many(T("ord"), list_sep, least=2), rd.progression)
poscond = Rule("poscond")
poscond.body = Alt(
    Seq(Opt(T("card")), Opt(T("in")), T("prop"), T("position"),
        act=lambda _c, _i, p, _p: m.places([1], 2) if p[0] == "odd" else m.places([0], 2) if p[0] == "even"
        else FAIL),
    Seq(Opt(T("card")), Opt(T("in")), T("position"), Map(Many(number, list_sep, least=2), rd.progression),
        act=lambda _c, _i, _p, text: text),
    Seq(ordlist, Opt(T("card")), act=lambda text, _c: text),
    Seq(T("every"), T("ord"), Opt(T("card")), act=lambda _e, n, _c: m.places([0], n) if 2 <= n <= 12 else FAIL),
    Seq(T("everyother"), Opt(T("card")), act=lambda _e, _c: m.places([0], 2)),
)
posclause = Alt(
    Seq(poscond, Opt(T("colon")), body, act=lambda p, _c, s: Clause(s, p)),
    Seq(body, T("in"), poscond, act=lambda s, _i, p: Clause(s, p)),
)

# ---------------------------------------------------------------------- alternation, runs, patterns

two_sel = Seq(Opt(T("num", 2)), sel, act=lambda _n, s: s)
inarow = Alt(
    Seq(T("not"), two_sel, Many(Seq(T("or"), two_sel), least=0), Opt(T("card")), T("inarow"),
        act=lambda _n, s, more, _c, _r: rd.runs(s, more)),
    Seq(T("not"), Opt(T("num", 2)), Opt(T("card")), T("of"), T("same"), feat, T("inarow"),
        act=lambda _n, _t, _c, _o, _s, f, _r: m.same(f, "prev", False)),
    Seq(T("not"), T("same"), feat, T("inarow"), act=lambda _n, _s, f, _r: m.same(f, "prev", False)),
    Seq(T("not"), T("not"), T("same"), feat, T("inarow"), act=lambda *_: FAIL),
)

pat_item = Alt(
    Seq(Opt(T("num")), sel, act=lambda n, s: (n or 1, s) if s.noun or not s.relative else FAIL),
    Map(T("any"), lambda _: (1, ANY)),
)
pat_sep = Alt(Seq(T("comma"), T("then")), T("comma"), T("then"), T("dash"), Seq(T("comma"), T("and")))


def _pattern(lead, first, more, _sep, repeat):
    return rd.pattern([first] + [x[1] for x in more], repeat is not None)


pattern = Seq(Opt(T("feat")), pat_item, Many(Seq(Opt(pat_sep), pat_item), least=1), Opt(T("comma")),
              Opt(Alt(T("repeat"), Seq(T("and"), T("repeat")))),
              act=_pattern)

alt_pair_sep = Alt(T("and"), T("or"), T("with"), T("comma"), T("dash"))
alternation = Alt(
    Seq(T("alt"), Opt(T("between")), sel, alt_pair_sep, sel, Opt(Alt(T("card"), T("feat"))),
        act=lambda _a, _b, x, _s, y, _c: rd.alternate(x, y)),
    Seq(sel, Alt(T("and"), T("or")), sel, Opt(Alt(T("card"), T("feat"))), T("alt"),
        act=lambda x, _s, y, _c, _a: rd.alternate(x, y)),
    Seq(T("alt"), feat, act=lambda _a, f: m.same(f, "prev", False)),
    Seq(feat, cop, T("alt"), Opt(Seq(Opt(T("colon")), pattern)), act=lambda f, _i, _a, _p: m.same(f, "prev", False)),
)



# ---------------------------------------------------------------------- clauses and the whole rule


def _unless(main, _c, _u, c, rest):
    other = rest[2] if rest else ANY
    text = rd.cond_text(c, main if rest is None else m.or_(main, other) if other.relative else main)
    if text is FAIL:
        return FAIL
    return [Clause(other, text), Clause(main)]


def _except_after(main, _c, _e, after, rest):
    other = rest[2] if rest else ANY
    text = rd.on(after[1], "prev")
    if text is FAIL:
        return FAIL
    return [Clause(other, text), Clause(main)]


def _followed(a, _f, s):
    return rd.clause_of(("prev", a), s)


def _follows(s, neg, _f, a):
    return rd.clause_of(("prev", a), m.not_(s) if neg else s)


def _if(_i, c, _c, _t, s):
    return rd.clause_of(c, s)


def _exception(s, always, _al):
    """"face cards are always fine": an exception; without "always", and first, it may be the rule itself
    ("only diamonds and spades can be played"): ``plain`` keeps that reading."""
    clause = rd.clause_of(("card", s), ANY)
    if clause is not FAIL and always is None:
        clause.plain = s
    return clause


then_word = Opt(Alt(T("then"), T("if")))
clause = Rule("clause")
clause.body = Alt(
    Seq(after_cond, Opt(T("comma")), body, act=lambda c, _c, s: rd.clause_of(c, s)),
    Seq(body, after_cond, act=lambda s, c: rd.clause_of(c, s)),
    Seq(condsel, cop, T("followedby"), body, act=lambda a, _i, f, b: _followed(a, f, b)),
    Seq(body, Opt(T("not")), T("follow"), condsel, act=_follows),
    Seq(T("if"), cond, Opt(T("comma")), Opt(T("then")), body, act=_if),
    Seq(body, Opt(T("comma")), T("unless"), cond, Opt(Seq(Opt(T("comma")), then_word, body)), act=_unless),
    Seq(body, Opt(T("comma")), T("except"), after_cond, Opt(Seq(Opt(T("comma")), then_word, body)),
        act=_except_after),
    Seq(cardcond, cop, Opt(T("always")), T("allowed"), act=lambda s, _i, a, al: _exception(s, a, al)),
    Seq(T("always"), T("allowed"), cardcond, act=lambda _a, _al, s: rd.clause_of(("card", s), ANY)),
    Seq(T("else"), Opt(T("comma")), body, act=lambda _e, _c, s: Clause(s, None)),
    Seq(Opt(T("after")), T("others"), Opt(T("comma")), body, act=lambda _a, _o, _c, s: Clause(s, None)),
    posclause,
    Map(inarow, Clause),
    Map(alternation, Clause),
    Map(body, Clause),
    Seq(colon_cond, T("colon"), body, T("next"), act=lambda s, _c, b, _n: rd.clause_of(("prev", s), b)),
    Seq(colon_cond, T("colon"), body, act=lambda s, _c, b: rd.clause_of(("card", s), b)),
    Seq(cardcond, body, act=lambda s, b: rd.clause_of(("card", s), b)),
)
clause_sep = Alt(Seq(T("comma"), T("but")), Seq(T("semi"), T("but")), Seq(T("comma"), T("and")),
                 Seq(T("semi"), T("and")), Seq(T("comma"), T("with")), T("comma"), T("semi"), T("and"), T("but"),
                 T("with"), T("colon"))


clauses = Map(Many(clause, clause_sep), rd.clauses_of)
rule = Alt(Map(Seq(pattern, Opt(T("semi"))), lambda v: [Clause(v[0])]), Seq(clauses, Opt(T("semi")), act=lambda c, _s: c))


# ---------------------------------------------------------------------- did you mean

spaced = True  # words are separated by spaces (a word left out leaves one space)


def near_words(word: str) -> list[str]:
    return nearest(word, KNOWN_WORDS)
