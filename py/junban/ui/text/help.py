"""Texts of the help around the games: the first games that teach (``tut.*``), the daily challenge and its share
text (``daily.*``, ``res.*``), how a game is played (``mark.*``), links opened again (``link.*``), the history's
recent games. Japanese terms follow each game's own catalog (結界, 場の数字, 正解の列, 預言者, ...)."""

EN = {
    # the tutorial frame
    "tut.title": "First game",
    "tut.count": "{n} of {total}",
    "tut.next": "Next",
    "tut.finish": "Play on",
    "tut.done": "Done",
    "tut.leave": "Leave the tutorial",
    "tut.refused": "Not in this first game, not yet. {step}",
    "tut.offer": "New to {game}? A short first game teaches it while you play.",
    "tut.offer.play": "Learn by playing",
    "tut.resumed": "Your first game of this is under way: here it is.",
    "tut.left": "Tutorial closed. The game goes on as a normal one.",
    "tut.finished_said": "Tutorial done. The game goes on.",
    "tut.learn": "Learn by playing",
    "tut.learn_short": "Learn",
    "tut.waiting": "The others are playing.",
    "tut.learn_help": "A short first game on a prepared deal shows you each rule as you play.",
    # The Game
    "tut.tg.welcome": "In The Game you and your partner play as one team: together, get as many of the 98 cards "
                      "(2 to 99) as you can onto these four piles.",
    "tut.tg.piles": "Piles 1 and 2 (▲) go up from 1: a card must be higher than the top. Piles 3 and 4 (▼) go "
                    "down from 100: a card must be lower. Any jump is allowed, but big jumps waste cards.",
    "tut.tg.play": "Tap {card}, then Ascending pile 1 (or drag the card onto the pile).",
    "tut.tg.trick": "The backwards trick: {card} is exactly 10 less than the top, {top}, so it may go on that "
                    "ascending pile anyway. Play {card} on Ascending pile 1.",
    "tut.tg.minimum": "That makes 2 cards: the minimum each turn while the draw pile has cards. You may play more, "
                      "or end your turn.",
    "tut.tg.marker": "You may not say numbers, but you may ask. Tap Descending pile 4 with no card picked, and "
                     "choose “Keep (please don't play here)”: {name} will keep off it.",
    "tut.tg.end": "End your turn: you draw back up to 7 cards.",
    "tut.tg.watch": "{name}'s turn: watch the cards go onto the piles.",
    "tut.tg.recap": "What {name} did since your turn is here (open it for the whole log). {name} kept off the pile "
                    "you marked.",
    "tut.tg.draw": "The draw pile has {n} cards left. Once it is empty, the minimum is 1 card a turn. When someone "
                   "cannot play the minimum, the game ends: 9 cards or fewer left is a win, none a perfect one.",
    "tut.tg.done": "That is The Game. Play this deal on with {name}, or go home and start a game of your own.",
    # 23
    "tut.tt.welcome": "In 23 everyone plays onto one pile, always at least its value, and tries to take as few "
                      "penalty chips as possible. Two rounds; fewest chips wins.",
    "tut.tt.discard": "Each round starts with a secret discard: 3 cards go back in the box. High cards cost the most "
                      "chips later, so pick {cards}, then “Discard 3 cards”.",
    "tut.tt.wait": "{name} plays. The pile's value is {value}.",
    "tut.tt.value": "The pile's value is {value}: the card on top. Every card you play must be at least this value.",
    "tut.tt.free.one": "A card equal to the value or one above costs nothing. Play {card}: tap it, then Play.",
    "tut.tt.free.other": "Cards of one number may go together, and one equal to the value or one above costs "
                         "nothing. Play your {n} cards {card}: tap each, then Play.",
    "tut.tt.skip.one": "Skipping numbers costs a penalty chip for each number skipped. Play {card} on {value}: it "
                       "skips {skipped}.",
    "tut.tt.skip.other": "Skipping numbers costs a penalty chip for each number skipped (however many cards). Play "
                         "your {n} cards {card} on {value}: they skip {skipped}.",
    "tut.tt.bonus.one": "{card} is below the value, {value}. A bonus chip moves the value by up to 5 for one play: "
                        "tap {card}, add a chip with +, then Play.",
    "tut.tt.bonus.other": "{card} is below the value, {value}. A bonus chip moves the value by up to 5 for one play: "
                          "tap your {n} cards {card}, add a chip with +, then Play.",
    "tut.tt.force": "Pass and force: you take 2 penalty chips, and {name} must play a card now. (A plain Pass "
                    "costs 1 chip.)",
    "tut.tt.forced": "{name} must play now.",
    "tut.tt.out.one": "Play on until your hand is empty. The cheapest play now: {card}.",
    "tut.tt.out.other": "Play on until your hand is empty. The cheapest play now: your {n} cards {card}.",
    "tut.tt.out_last.one": "Going out: play your last card, {card}. Going out gives back up to 3 of your penalty "
                           "chips.",
    "tut.tt.out_last.other": "Going out: play your last {n} cards, {card}. Going out gives back up to 3 of your "
                             "penalty chips.",
    "tut.tt.round_end": "You are out of round 1. {name} plays on alone until the round ends.",
    "tut.tt.discard2": "Round 2: new cards; your chips stay. Close the summary, then discard 3 again: {cards}.",
    "tut.tt.round2.one": "Play {card}: the cheapest play now.",
    "tut.tt.round2.other": "Play your {n} cards {card}: the cheapest play now.",
    "tut.tt.drop.one": "Your last card cannot be played, and no bonus chip is left. Passing would cost a chip every "
                       "turn: drop out instead. Your hand goes back in the box, one penalty chip per card.",
    "tut.tt.drop.other": "None of your {n} cards can be played, and no bonus chip is left. Passing would cost a chip "
                         "every turn: drop out instead. Your hand goes back in the box, one penalty chip per card.",
    "tut.tt.last": "{name} plays the round out.",
    "tut.tt.done": "The game is over: fewest penalty chips wins, and each bonus chip not spent gave back 2. That is "
                   "23!",
    # Eleusis
    "tut.el.welcome": "In Eleusis the dealer, {dealer}, has made up a secret rule that says which card may follow "
                      "which. You find it by playing cards and seeing which ones are right.",
    "tut.el.dealing": "{dealer} fixes the secret rule and deals: 12 cards to each player.",
    "tut.el.secret": "Normally nobody tells you the rule. In this first game we do: “{rule}”. Each card must be "
                     "higher than the last one; after a King, any card.",
    "tut.el.mainline": "This is the mainline. The first card, {card}, was turned up from the stock; right cards go "
                       "on to its right.",
    "tut.el.right": "{card} is higher than {last}, so it is right: tap it, then Play.",
    "tut.el.decline": "Press “Not now”: you will become Prophet a little later.",
    "tut.el.watch": "The others play. The dealer's rule judges every card.",
    "tut.el.wrong": "Now a wrong card, to see what happens: {card} is not higher than {last}. Tap it, then Play.",
    "tut.el.sideline": "A wrong card goes on the sideline, under the mainline card it followed, and costs 2 penalty "
                       "cards. The sidelines show what is not allowed: study them.",
    "tut.el.string": "A string: 2 to 4 cards at once, in order. All right, and all join the mainline; one wrong, and "
                     "all go to the sideline. Tap {card}, then {second}, then Play.",
    "tut.el.no_play": "No card in your hand is higher than {last}: declare No play. It is right, so your hand goes "
                      "back and you get one 4 cards smaller. (A wrong No play costs 5 cards.)",
    "tut.el.new_hand": "Your new hand is smaller: fewer cards to get rid of. The others play.",
    "tut.el.before_prophet": "Play {card}: it is higher than {last}, so it is right. Turn on “Become Prophet” before you press Play.",
    "tut.el.prophet": "Become Prophet: you claim to know the rule. From now on you do not play; you judge the "
                      "others' plays before the dealer does.",
    "tut.el.wait_judge": "Wait for the next play: you will judge it.",
    "tut.el.judge_right": "{name} played {cards} after {last}. By the rule it is right: press Right.",
    "tut.el.judge_wrong": "{name} played {cards} after {last}. By the rule it is wrong: press Wrong.",
    "tut.el.done": "The dealer confirms you. A Prophet who judges well scores for every card; one who judges wrong "
                   "is overthrown and takes 5 cards. The round ends when someone has no cards, then the next player "
                   "deals. You know Eleusis: play on!",
    # links opened again
    "link.resumed": "You have started this deal before: here is your game.",
    "link.start_again": "Start again",
    # how a game is played
    "mark.daily": "Daily",
    "mark.practice": "Practice",
    "mark.tutorial": "First game",
    "mark.assisted": "Assisted",
    "mark.daily_of": "Daily {date}",
    "mark.result.daily": "Daily challenge of {date}: this is your attempt that counts.",
    "mark.result.practice": "Practice: only the first attempt at a daily challenge counts.",
    "mark.result.tutorial": "A first game that teaches: not counted among your unassisted games.",
    "mark.result.assisted.one": "Assisted: you took 1 hint.",
    "mark.result.assisted.other": "Assisted: you took {n} hints.",
    "mark.result.assisted_hint": "Assisted: the rule's hint was shown.",
    # the daily challenge on the home screen
    "daily.title": "Daily challenge",
    "daily.play": "Today's challenge",
    "daily.continue": "Continue today's challenge",
    "daily.view": "See today's game",
    "daily.today": "Today: {result}",
    "daily.streak.one": "Streak: finished 1 day",
    "daily.streak.other": "Streak: finished {n} days in a row",
    "daily.share": "Share today's result",
    "daily.copied": "Copied: paste your result anywhere.",
    "daily.copy_failed": "Could not copy: select your result below and copy it.",
    "daily.next": "Next challenge in {time}",
    # what the share text's squares mean (junban.daily.SQUARES)
    "daily.sq.the-game.minimum": "minimum turn",
    "daily.sq.the-game.more": "more",
    "daily.sq.the-game.all": "all played",
    "daily.sq.the-game.stuck": "stuck",
    "daily.sq.the-game.fire": "fire card left",
    "daily.sq.23.free": "no penalty",
    "daily.sq.23.penalty": "penalty chips",
    "daily.sq.23.bonus": "bonus chips",
    "daily.sq.23.out": "went out",
    "daily.sq.23.pass": "passed",
    "daily.sq.23.force": "passed and forced",
    "daily.sq.23.drop": "dropped out",
    "daily.sq.eleusis.right": "right",
    "daily.sq.eleusis.wrong": "wrong",
    "daily.sq.eleusis.no_play": "right no play",
    "daily.sq.eleusis.no_play_wrong": "wrong no play",
    "daily.sq.eleusis.prophet": "Prophet",
    "daily.sq.eleusis.dealer": "dealt",
    "daily.sq.eleusis-science.right": "right",
    "daily.sq.eleusis-science.wrong": "wrong",
    "daily.sq.eleusis-science.guess": "solved",
    "daily.sq.eleusis-science.guess_wrong": "wrong guess",
    "daily.sq.eleusis-science.give_up": "gave up",
    # results, as the daily and the history say them
    "res.assisted": "(assisted)",
    "res.the-game.perfect": "★ Perfect: all 98 cards played",
    "res.the-game.win.one": "✓ Won · 1 card left",
    "res.the-game.win.other": "✓ Won · {n} cards left",
    "res.the-game.loss.one": "✕ Lost · 1 card left",
    "res.the-game.loss.other": "✕ Lost · {n} cards left",
    "res.23.one": "{mark} Place {place} of {players} · 1 penalty chip",
    "res.23.other": "{mark} Place {place} of {players} · {n} penalty chips",
    "res.eleusis.one": "{mark} Place {place} of {players} · 1 point",
    "res.eleusis.other": "{mark} Place {place} of {players} · {n} points",
    "res.eleusis-science.solved.one": "✓ Solved · 1 play left",
    "res.eleusis-science.solved.other": "✓ Solved · {n} plays left",
    "res.eleusis-science.not": "✕ Not solved",
    "share.head": "Junban · {game} · daily challenge {date}",
    "hist.won": "✓ Won",
    "hist.lost": "✕ Lost",
    "hist.23.one": "{result} · 1 penalty chip",
    "hist.23.other": "{result} · {n} penalty chips",
    "hist.eleusis.one": "{result} · 1 point",
    "hist.eleusis.other": "{result} · {n} points",
    # the history: filter and recent games
    "history.show": "Count",
    "history.show.all": "All games",
    "history.show.unassisted": "Without help",
    "history.recent": "Recent games",
    "history.recent.label": "Recent games, newest first",
    # setup and rules
    "setup.more": "More: the deal",
}

JA = {
    "tut.title": "はじめてのゲーム",
    "tut.count": "{n}/{total}",
    "tut.next": "次へ",
    "tut.finish": "このまま続ける",
    "tut.done": "終わる",
    "tut.leave": "チュートリアルをやめる",
    "tut.refused": "このゲームでは、まだそれはしません。{step}",
    "tut.offer": "{game}は初めてですか？ 遊びながら覚えられる短いゲームがあります。",
    "tut.offer.play": "遊びながら覚える",
    "tut.resumed": "このチュートリアルは途中です。続きからどうぞ。",
    "tut.left": "チュートリアルを閉じました。ゲームは普通のゲームとして続きます。",
    "tut.finished_said": "チュートリアルは終わりです。ゲームは続きます。",
    "tut.learn": "遊びながら覚える",
    "tut.learn_short": "覚える",
    "tut.waiting": "ほかの人が遊んでいます。",
    "tut.learn_help": "用意した配り方の短いゲームで、ルールをひとつずつ実際に遊びながら説明します。",
    "tut.tg.welcome": "ザ・ゲームでは、あなたとパートナーがひとつのチームです。98枚のカード（2～99）を、"
                      "協力してできるだけ多くこの4つの結界に置きましょう。",
    "tut.tg.piles": "結界1と2（▲）は1から上がります：一番上より大きいカードを置きます。結界3と4（▼）は100から"
                    "下がります：一番上より小さいカードを置きます。いくつ飛ばしてもかまいませんが、大きく飛ばすと"
                    "カードが無駄になります。",
    "tut.tg.play": "{card}をタップし、次に昇順の結界1をタップしてください（カードを結界へドラッグしてもかまいません）。",
    "tut.tg.trick": "巻き戻しのトリック：{card}は一番上の{top}よりちょうど10小さいので、昇順の結界でも置けます。"
                    "{card}を昇順の結界1に置いてください。",
    "tut.tg.minimum": "これで2枚：山札があるあいだは、1回の手番に最低2枚置きます。もっと置いても、"
                      "手番を終えてもかまいません。",
    "tut.tg.marker": "数字を言ってはいけませんが、お願いはできます。カードを選ばずに降順の結界4をタップし、"
                     "「ここには置かないで」を選んでください。{name}はそこに置かなくなります。",
    "tut.tg.end": "手番を終えてください。山札から7枚になるまで引きます。",
    "tut.tg.watch": "{name}の手番です。カードが結界に置かれるのを見てください。",
    "tut.tg.recap": "あなたの手番のあとに{name}がしたことはここに出ます（開くと記録の全体が見られます）。"
                    "{name}はマーカーを置いた結界を避けました。",
    "tut.tg.draw": "山札は残り{n}枚です。山札がなくなると、1回の手番に1枚でよくなります。誰かが必要な枚数を"
                   "置けなくなるとゲーム終了：残りが9枚以下なら勝ち、0枚なら完全勝利です。",
    "tut.tg.done": "これがザ・ゲームです。このまま{name}と続けるか、ホームに戻って自分のゲームを始めてください。",
    "tut.tt.welcome": "23では、全員がひとつの場札に、場の数字以上のカードを出していきます。ペナルティチップを"
                      "できるだけ受け取らないように。2ラウンドで、チップが最も少ない人の勝ちです。",
    "tut.tt.discard": "各ラウンドはまず伏せて3枚捨てます（箱に戻します）。大きな数字は後で多くのチップがかかるので、"
                      "{cards}を選び、「3枚捨てる」を押してください。",
    "tut.tt.wait": "{name}の番です。場の数字は{value}です。",
    "tut.tt.value": "場の数字は{value}：一番上のカードです。出すカードは必ずこの数字以上です。",
    "tut.tt.free.one": "場の数字と同じか1つ上のカードならチップはかかりません。{card}をタップし、「出す」を押してください。",
    "tut.tt.free.other": "同じ数字のカードはまとめて出せます。場の数字と同じか1つ上ならチップはかかりません。"
                         "{card}を{n}枚ともタップし、「出す」を押してください。",
    "tut.tt.skip.one": "数字を飛ばすと、飛ばした数字1つにつきペナルティチップ1枚です。{value}の上に{card}を"
                       "出してください：{skipped}を飛ばします。",
    "tut.tt.skip.other": "数字を飛ばすと、飛ばした数字1つにつきペナルティチップ1枚です（何枚出しても同じ）。"
                         "{value}の上に{card}を{n}枚出してください：{skipped}を飛ばします。",
    "tut.tt.bonus.one": "{card}は場の数字{value}より小さいカードです。ボーナスチップを使うと、その1回だけ場の数字を"
                        "5まで上下できます。{card}をタップし、＋でチップを足して「出す」を押してください。",
    "tut.tt.bonus.other": "{card}は場の数字{value}より小さいカードです。ボーナスチップを使うと、その1回だけ場の数字を"
                          "5まで上下できます。{card}を{n}枚ともタップし、＋でチップを足して「出す」を押してください。",
    "tut.tt.force": "パスと強制プレイ：ペナルティチップを2枚受け取り、{name}は必ずカードを出さなければなりません。"
                    "（ただのパスは1枚です。）",
    "tut.tt.forced": "{name}は必ず出さなければなりません。",
    "tut.tt.out.one": "手札がなくなるまで出し続けましょう。いま一番安く出せるのは{card}です。",
    "tut.tt.out.other": "手札がなくなるまで出し続けましょう。いま一番安く出せるのは{card}の{n}枚です。",
    "tut.tt.out_last.one": "手札を使い切る：最後の{card}を出してください。使い切るとペナルティチップを3枚まで戻せます。",
    "tut.tt.out_last.other": "手札を使い切る：最後の{card}{n}枚を出してください。使い切るとペナルティチップを"
                             "3枚まで戻せます。",
    "tut.tt.round_end": "あなたは第1ラウンドを抜けました。ラウンドが終わるまで{name}がひとりで続けます。",
    "tut.tt.discard2": "第2ラウンド：カードは配り直し、チップはそのままです。結果を閉じて、また3枚捨ててください：{cards}。",
    "tut.tt.round2.one": "{card}を出してください：いま一番安く出せます。",
    "tut.tt.round2.other": "{card}を{n}枚出してください：いま一番安く出せます。",
    "tut.tt.drop.one": "最後のカードは出せず、ボーナスチップも残っていません。パスすると毎回チップがかかるので、"
                       "降りましょう。手札を箱に戻し、1枚につきペナルティチップ1枚です。",
    "tut.tt.drop.other": "手札{n}枚のどれも出せず、ボーナスチップも残っていません。パスすると毎回チップがかかるので、"
                         "降りましょう。手札を箱に戻し、1枚につきペナルティチップ1枚です。",
    "tut.tt.last": "{name}がラウンドを最後まで続けます。",
    "tut.tt.done": "ゲーム終了：ペナルティチップが最も少ない人の勝ちです。使わなかったボーナスチップは1枚につき"
                   "2枚を戻しました。これが23です！",
    "tut.el.welcome": "エレウシスでは、ディーラーの{dealer}が、どのカードの次にどのカードを出せるかという秘密の"
                      "ルールを決めています。カードを出して、どれが正解かを見ながらルールを見つけます。",
    "tut.el.dealing": "{dealer}が秘密のルールを決め、各プレイヤーに12枚ずつ配ります。",
    "tut.el.secret": "ふつうは誰もルールを教えてくれません。このはじめてのゲームでは教えます：「{rule}」。"
                     "前のカードより大きいカードが正解、キングの次は何でも正解です。",
    "tut.el.mainline": "これが正解の列です。最初のカード{card}は山札からめくられたものです。正解のカードは"
                       "その右に並んでいきます。",
    "tut.el.right": "{card}は{last}より大きいので正解です。タップして「出す」を押してください。",
    "tut.el.decline": "「今はならない」を押してください。預言者にはもう少しあとでなります。",
    "tut.el.watch": "ほかの人が出します。ディーラーのルールがすべてのカードを判定します。",
    "tut.el.wrong": "今度はわざと不正解を出して、どうなるか見てみましょう。{card}は{last}より大きくありません。"
                    "タップして「出す」を押してください。",
    "tut.el.sideline": "不正解のカードは、直前の正解のカードの下（不正解の列）に置かれ、罰カードを2枚受け取ります。"
                       "不正解の列は何がだめかを教えてくれます。よく見ましょう。",
    "tut.el.string": "ストリング：2～4枚を順番に一度に出します。全部正解なら全部が正解の列へ、1枚でも不正解なら"
                     "全部が不正解の列へ。{card}、{second}の順にタップし、「出す」を押してください。",
    "tut.el.no_play": "手札に{last}より大きいカードがありません。ノープレイを宣言しましょう。正解なので、手札を"
                      "戻して4枚少ない手札が配られます。（不正解のノープレイは罰カード5枚です。）",
    "tut.el.new_hand": "新しい手札は小さくなりました。出し切るカードが減りました。ほかの人が出します。",
    "tut.el.before_prophet": "{card}を出してください。{last}より大きいので正解です。「出す」の前に「預言者になる」をオンにしてください。",
    "tut.el.prophet": "預言者になる：ルールがわかったと宣言します。これからはカードを出さず、ほかの人のプレイを"
                      "ディーラーより先に判定します。",
    "tut.el.wait_judge": "次のプレイを待ちましょう。あなたが判定します。",
    "tut.el.judge_right": "{name}が{last}の次に{cards}を出しました。ルールでは正解です：「正解」を押してください。",
    "tut.el.judge_wrong": "{name}が{last}の次に{cards}を出しました。ルールでは不正解です：「不正解」を押してください。",
    "tut.el.done": "ディーラーがあなたの判定を認めました。正しく判定し続ける預言者はカードごとに得点し、判定を誤ると"
                   "失脚して罰カード5枚です。誰かの手札がなくなるとそのラウンドは終わり、次の人がディーラーに"
                   "なります。これでエレウシスが遊べます。続けましょう！",
    "link.resumed": "この配り方はすでに始めています。そのゲームを開きました。",
    "link.start_again": "最初からやり直す",
    "mark.daily": "今日の一局",
    "mark.practice": "練習",
    "mark.tutorial": "はじめて",
    "mark.assisted": "アシストあり",
    "mark.daily_of": "今日の一局 {date}",
    "mark.result.daily": "{date}の今日の一局：これが記録に残る挑戦です。",
    "mark.result.practice": "練習：今日の一局は最初の挑戦だけが記録に残ります。",
    "mark.result.tutorial": "遊びながら覚えるゲーム：アシストなしのゲームには数えません。",
    "mark.result.assisted.one": "アシストあり：ヒントを1回使いました。",
    "mark.result.assisted.other": "アシストあり：ヒントを{n}回使いました。",
    "mark.result.assisted_hint": "アシストあり：ルールのヒントを表示しました。",
    "daily.title": "今日の一局",
    "daily.play": "今日の一局を遊ぶ",
    "daily.continue": "今日の一局を続ける",
    "daily.view": "今日のゲームを見る",
    "daily.today": "今日：{result}",
    "daily.streak.one": "連続記録：1日最後までプレイ",
    "daily.streak.other": "連続記録：{n}日続けて最後までプレイ",
    "daily.share": "今日の結果をシェア",
    "daily.copied": "コピーしました。どこにでも貼り付けられます。",
    "daily.copy_failed": "コピーできませんでした。下の結果を選んでコピーしてください。",
    "daily.next": "次の一局まであと{time}",
    "daily.sq.the-game.minimum": "最低枚数",
    "daily.sq.the-game.more": "それ以上",
    "daily.sq.the-game.all": "全部置けた",
    "daily.sq.the-game.stuck": "置けずに終了",
    "daily.sq.the-game.fire": "青いカードが残った",
    "daily.sq.23.free": "ペナルティなし",
    "daily.sq.23.penalty": "ペナルティチップ",
    "daily.sq.23.bonus": "ボーナスチップ",
    "daily.sq.23.out": "使い切り",
    "daily.sq.23.pass": "パス",
    "daily.sq.23.force": "パスと強制プレイ",
    "daily.sq.23.drop": "降りた",
    "daily.sq.eleusis.right": "正解",
    "daily.sq.eleusis.wrong": "不正解",
    "daily.sq.eleusis.no_play": "正しいノープレイ",
    "daily.sq.eleusis.no_play_wrong": "誤ったノープレイ",
    "daily.sq.eleusis.prophet": "預言者",
    "daily.sq.eleusis.dealer": "ディーラー",
    "daily.sq.eleusis-science.right": "正解",
    "daily.sq.eleusis-science.wrong": "不正解",
    "daily.sq.eleusis-science.guess": "推理的中",
    "daily.sq.eleusis-science.guess_wrong": "推理はずれ",
    "daily.sq.eleusis-science.give_up": "降参",
    "res.assisted": "（アシストあり）",
    "res.the-game.perfect": "★ 完全勝利：98枚すべて置きました",
    "res.the-game.win.one": "✓ 勝ち · 残り1枚",
    "res.the-game.win.other": "✓ 勝ち · 残り{n}枚",
    "res.the-game.loss.one": "✕ 負け · 残り1枚",
    "res.the-game.loss.other": "✕ 負け · 残り{n}枚",
    "res.23.one": "{mark} {players}人中{place}位 · ペナルティチップ1枚",
    "res.23.other": "{mark} {players}人中{place}位 · ペナルティチップ{n}枚",
    "res.eleusis.one": "{mark} {players}人中{place}位 · 1点",
    "res.eleusis.other": "{mark} {players}人中{place}位 · {n}点",
    "res.eleusis-science.solved.one": "✓ 解けました · 残り1手",
    "res.eleusis-science.solved.other": "✓ 解けました · 残り{n}手",
    "res.eleusis-science.not": "✕ 解けませんでした",
    "share.head": "順番 · {game} · 今日の一局 {date}",
    "hist.won": "✓ 勝ち",
    "hist.lost": "✕ 負け",
    "hist.23.one": "{result} · ペナルティチップ1枚",
    "hist.23.other": "{result} · ペナルティチップ{n}枚",
    "hist.eleusis.one": "{result} · 1点",
    "hist.eleusis.other": "{result} · {n}点",
    "history.show": "数える対象",
    "history.show.all": "すべてのゲーム",
    "history.show.unassisted": "助けなし",
    "history.recent": "最近のゲーム",
    "history.recent.label": "最近のゲーム（新しい順）",
    "setup.more": "その他：配り方",
}
