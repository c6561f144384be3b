"""Japanese words for rules: the lexicon of the plain-words reader (``phrases_ja``).

Japanese is written without spaces, so the tokenizer takes, at each place, the longest entry that matches (its
forms as written: 赤 赤い 赤く 赤くて; の後は のあと の次は). Entries map to tokens ``kind`` or ``kind:value``; the
kinds are those of the English lexicon (``words_en``) plus the particles that carry the grammar (が は を に の で と
も から まで より) and Japanese-only markers (``post``: 以上 以下 未満 超, ``ban``: 番目/枚目, ``every``: ごと,
``cont``/``notcont``: 続く/続かない). Fillers (を出す, です, こと, すべて, ...) stand for no token. Characters no entry
covers are an unknown word, reported with the entries nearest to it.
"""
from __future__ import annotations

FILLERS = """
を出す を出して を出します を出せばよい 出す 出して 出します 出る 出た 出ている する して します しなければならない
なければならない でなければならない なくてはならない ないといけない こと もの です だ である ます ください なる になる
になっている ように ルール 正解の列に 正解の列 場に 列に すべて 全て 全部 どれも 毎回 いつも だんだん どんどん 次々
順々に つ 個 のは 出すのは 出すの する の 出せばいい
""".split()

LEXICON = {
    # colours, kinds of card
    "赤": "prop:red", "赤い": "prop:red", "赤く": "prop:red", "赤くて": "prop:red de", "赤色": "prop:red",
    "黒": "prop:black", "黒い": "prop:black", "黒く": "prop:black", "黒くて": "prop:black de", "黒色": "prop:black",
    "奇数": "prop:odd", "偶数": "prop:even", "絵札": "prop:face", "絵のカード": "prop:face", "絵柄": "prop:face",
    "数字札": "prop:number", "数札": "prop:number", "数字のカード": "prop:number card", "数のカード": "prop:number card",
    "素数": "prop:prime",
    "ハート": "suit:hearts", "ダイヤ": "suit:diamonds", "ダイヤモンド": "suit:diamonds", "ダイア": "suit:diamonds",
    "スペード": "suit:spades", "クラブ": "suit:clubs", "♥": "suit:hearts", "♡": "suit:hearts",
    "♦": "suit:diamonds", "♢": "suit:diamonds", "♠": "suit:spades", "♤": "suit:spades", "♣": "suit:clubs",
    "♧": "suit:clubs",
    # ranks and numbers
    "A": "rank:1", "a": "rank:1", "エース": "rank:1", "J": "rank:11", "j": "rank:11", "ジャック": "rank:11",
    "Q": "rank:12", "q": "rank:12", "クイーン": "rank:12", "K": "rank:13", "k": "rank:13", "キング": "rank:13",
    "一": "num:1", "二": "num:2", "三": "num:3", "四": "num:4", "五": "num:5", "六": "num:6", "七": "num:7",
    "八": "num:8", "九": "num:9", "十": "num:10", "十一": "num:11", "十二": "num:12", "十三": "num:13",
    "ひとつ": "num:1", "ふたつ": "num:2", "みっつ": "num:3",
    # cards
    "カード": "card", "札": "card", "枚": "mai",
    "このカード": "subj", "出すカード": "subj", "次のカード": "subj", "新しいカード": "subj", "次に出すカード": "subj",
    "前のカード": "ref:prev", "直前のカード": "ref:prev", "直前": "ref:prev", "前": "ref:prev",
    "ひとつ前のカード": "ref:prev", "ひとつ前": "ref:prev", "一つ前のカード": "ref:prev", "一つ前": "ref:prev",
    "前に出たカード": "ref:prev", "前に出したカード": "ref:prev", "前に出ているカード": "ref:prev",
    "最後のカード": "ref:prev", "最後に出たカード": "ref:prev", "すぐ前のカード": "ref:prev",
    "二つ前のカード": "ref:prev2", "二つ前": "ref:prev2", "ふたつ前のカード": "ref:prev2", "ふたつ前": "ref:prev2",
    "二枚前のカード": "ref:prev2", "二枚前": "ref:prev2",
    "最初のカード": "ref:first", "最初の札": "ref:first", "最初に出たカード": "ref:first", "一番目のカード": "ref:first",
    # features
    "スート": "feat:suit", "マーク": "feat:suit", "絵柄のマーク": "feat:suit", "色": "feat:colour",
    "偶奇": "feat:parity", "奇数偶数": "feat:parity", "数字": "feat:rank", "数": "feat:rank", "ランク": "feat:rank", "番号": "feat:rank",
    # comparing
    "より": "than", "よりも": "than",
    "大きい": "cmp:>", "大きく": "cmp:>", "大きな": "cmp:>", "高い": "cmp:>", "高く": "cmp:>", "上": "cmp:>",
    "強い": "cmp:>", "強く": "cmp:>", "多い": "cmp:>", "上の": "cmp:>",
    "小さい": "cmp:<", "小さく": "cmp:<", "小さな": "cmp:<", "低い": "cmp:<", "低く": "cmp:<", "下": "cmp:<",
    "弱い": "cmp:<", "弱く": "cmp:<", "少ない": "cmp:<", "下の": "cmp:<",
    "以上": "post:>=", "以下": "post:<=", "未満": "post:<", "超": "post:>", "より上": "than cmp:>",
    "以内": "within",
    "同じ": "same", "一緒": "same", "等しい": "same", "同じく": "same",
    "違う": "diff", "違い": "diff", "異なる": "diff", "別の": "diff", "反対の": "diff", "逆の": "diff",
    "違って": "diff", "別": "diff",
    "変える": "change", "変えて": "change", "変わる": "change", "変え": "change", "変えます": "change",
    "合わせる": "keep", "揃える": "keep", "そろえる": "keep", "合わせて": "keep",
    "変えない": "keep", "変わらない": "keep", "保つ": "keep",
    "続く": "cont", "続ける": "cont", "続けて良い": "cont", "続かない": "notcont", "続けない": "notcont",
    "続けて": "inarow", "連続で": "inarow", "連続して": "inarow", "連続": "inarow", "続けては": "inarow",
    "交互": "alt", "交互に": "alt", "交代": "alt", "交代で": "alt", "入れ替わる": "alt", "入れ替わり": "alt",
    "ちょうど": "exactly",
    # after, if, otherwise, but
    "の後": "after", "の後に": "after", "の後は": "after", "のあと": "after", "のあとは": "after",
    "のあとに": "after", "の次": "after", "の次は": "after", "の次に": "after", "の直後": "after",
    "の直後は": "after", "後は": "after", "あとは": "after", "次は": "after",
    "なら": "if", "ならば": "if", "だったら": "if", "であれば": "if", "の場合": "if", "の場合は": "if",
    "のとき": "if", "のときは": "if", "の時": "if", "の時は": "if", "場合は": "if", "の場合には": "if",
    "そうでなければ": "else", "そうでないなら": "else", "そうでない場合は": "else", "それ以外は": "else",
    "それ以外なら": "else", "それ以外では": "else", "それ以外の場合は": "else", "その他は": "else", "ほかは": "else",
    "他は": "else", "それ以外": "else", "ほかのときは": "else", "違えば": "else",
    "ただし": "but", "但し": "but", "でも": "but", "けれど": "but", "けど": "but", "ただ": "but",
    # only, forbidden, allowed, anything
    "だけ": "", "のみ": "", "ばかり": "", "限定": "", "しか出せない": "", "しか出せません": "",
    "しか出してはいけない": "", "しか": "", "しかだめ": "",
    "出せない": "forbidden", "出してはいけない": "forbidden", "出してはだめ": "forbidden",
    "出してはダメ": "forbidden", "出しちゃだめ": "forbidden", "だめ": "forbidden", "ダメ": "forbidden",
    "駄目": "forbidden", "禁止": "forbidden", "不可": "forbidden", "NG": "forbidden", "いけない": "forbidden",
    "出さない": "forbidden", "出せません": "forbidden", "不正解": "forbidden",
    "出せる": "allowed", "出してよい": "allowed", "出してもよい": "allowed", "出してもいい": "allowed",
    "出してOK": "allowed", "よい": "allowed", "良い": "allowed", "いい": "allowed", "OK": "allowed", "可": "allowed",
    "正解": "allowed", "出せます": "allowed", "でもよい": "allowed", "でもいい": "allowed",
    "自由": "any", "何でもよい": "any", "何でもいい": "any", "なんでもよい": "any", "なんでもいい": "any",
    "何でもOK": "any", "何でも出せる": "any", "何を出してもよい": "any", "どれでもよい": "any", "何でも": "any",
    "なんでも": "any", "どれでも": "any", "どんなカードでも": "any", "何を出しても": "any",
    "いつでも": "always", "常に": "always", "どんなときも": "always",
    "以外": "except", "を除く": "except", "を除いて": "except",
    "ない": "not", "ではない": "not", "じゃない": "not", "でない": "not", "にならない": "not",
    "とならない": "not", "ならない": "not", "ません": "not",
    # particles and signs
    "が": "ga", "は": "wa", "を": "wo", "に": "ni", "の": "no", "で": "de", "と": "to", "も": "mo", "へ": "ni",
    "か": "or", "や": "or", "または": "or", "もしくは": "or", "あるいは": "or", "か、": "or comma",
    "かつ": "and", "および": "and", "そして": "and", "から": "kara", "まで": "made",
    "、": "comma", "，": "comma", ",": "comma", "・": "comma", "。": "semi", ".": "semi", "！": "semi",
    "!": "semi", "？": "semi", "?": "semi", "；": "semi", ";": "semi", "：": "colon", ":": "colon",
    "（": "lp", "(": "lp", "）": "rp", ")": "rp", "〜": "dash", "～": "dash", "~": "dash", "-": "dash",
    "ー": "dash", "→": "then",
    # places, patterns
    "番目": "ban", "枚目": "ban", "ごと": "every", "ごとに": "every", "毎": "every", "毎に": "every",
    "繰り返し": "repeat", "の繰り返し": "repeat", "繰り返す": "repeat", "を繰り返す": "repeat",
    "くりかえし": "repeat", "の順": "repeat", "の順番": "repeat", "の順に": "repeat", "順に": "repeat",
    "順番に": "repeat", "の順で": "repeat", "ループ": "repeat", "以下同様": "repeat", "…": "repeat",
    "...": "repeat", "など": "repeat", "の順に繰り返す": "repeat", "順に繰り返す": "repeat",
    # sums, differences, going up and down
    "足して": "sum", "足すと": "sum", "足した": "sum", "足した数": "sum", "和": "sum", "合計": "sum",
    "総和": "sum", "合わせて": "sum", "足し算": "sum", "を足して": "wo sum",
    "倍数": "multiple", "の倍数": "no multiple", "割り切れる": "divisible", "で割り切れる": "de divisible",
    "差": "difference",
    "これまでのカード": "allcards", "今までのカード": "allcards", "場のカード": "allcards", "列のカード": "allcards",
    "上がる": "up", "上げる": "up", "上げて": "up", "上がって": "up", "上がっていく": "up", "昇順": "up",
    "増える": "up", "増えていく": "up", "大きくなる": "up", "大きくなっていく": "up", "大きくする": "up",
    "下がる": "down", "下げる": "down", "下げて": "down", "下がって": "down", "下がっていく": "down", "降順": "down",
    "減る": "down", "減っていく": "down", "小さくなる": "down", "小さくなっていく": "down", "小さくする": "down",
    "Kの次はA": "wrap", "キングの次はエース": "wrap", "Kの次はAに戻る": "wrap", "KからAに戻る": "wrap",
    "一周する": "wrap",
}
