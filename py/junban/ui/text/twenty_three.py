"""Texts of 23's table and its rules reference. Japanese terms follow the Japanese rules (the seed): 場札 the pile,
場の数字 its value, 手札 the hand, 出す play, パス pass, パスと強制プレイ pass and force, 降りる drop out,
手札を使い切る go out, ボーナスチップ and ペナルティチップ the chips, 箱に戻す put back in the box."""

EN = {
    "tt.setup.cards": "With {n} players a round uses {used} of the 66 cards (the 1 always)"
                      "; {box} stay in the box unseen.",
    "tt.setup.summary": "Two rounds. Each round: 15 cards dealt, 3 discarded in secret. 3 bonus chips each for "
                        "the whole game. Fewest penalty chips wins.",
    "tt.setup.rules_link": "Read the rules",
    "tt.table": "The table",
    "tt.round": "Round {round} of {rounds}",
    "tt.status.discard.one": "{names} is discarding 3 cards in secret.",
    "tt.status.discard.other": "{names} are discarding 3 cards in secret, all at once.",
    "tt.status.your_discard": "{name}: discard 3 cards.",
    "tt.status.also": "{mine} {also}",
    "tt.status.discard_too.one": "{names} chooses at the same time.",
    "tt.status.discard_too.other": "{names} choose at the same time.",
    "tt.status.discarded.one": "Your 3 cards are discarded. Waiting for {names} to discard.",
    "tt.status.discarded.other": "Your 3 cards are discarded. Waiting for {names} to discard.",
    "tt.status.turn": "{name}'s turn.",
    "tt.status.your_turn": "{name}, your turn.",
    "tt.status.forced": "{name} must play (forced).",
    "tt.status.over": "The game is over.",
    "tt.seat.cards.one": "1 card",
    "tt.seat.cards.other": "{n} cards",
    "tt.seat.penalty.one": "1 penalty chip",
    "tt.seat.penalty.other": "{n} penalty chips",
    "tt.seat.bonus.one": "1 bonus chip",
    "tt.seat.bonus.other": "{n} bonus chips",
    "tt.seat.out": "went out",
    "tt.seat.dropped": "dropped out",
    "tt.seat.discarding": "discarding",
    "tt.seat.forced": "forced",
    "tt.pile.label": "Pile, value {value}",
    "tt.pile.empty": "Pile, empty: the 1 opens it once everyone has discarded",
    "tt.pile.opens": "The 1 opens the pile once everyone has discarded 3 cards.",
    "tt.pile.cards.one": "1 card on the pile",
    "tt.pile.cards.other": "{n} cards on the pile",
    "tt.pile.judged": "judged as {value}",
    "tt.track": "Numbers 1 to 23",
    "tt.preview.none": "Choose a card — or several of the same number — to see what it costs before you play.",
    "tt.preview.cards": "{cards} on {value}",
    "tt.preview.free": "No penalty.",
    "tt.preview.penalty.one": "Penalty: 1 chip ({skipped} skipped).",
    "tt.preview.penalty.other": "Penalty: {n} chips ({skipped} skipped).",
    "tt.preview.bonus.one": "1 bonus chip moves the value from {pile} to {value}.",
    "tt.preview.bonus.other": "{n} bonus chips move the value from {pile} to {value}.",
    "tt.preview.out.one": "Your last card: you go out and return 1 penalty chip.",
    "tt.preview.out.other": "Your last card: you go out and return {n} penalty chips.",
    "tt.preview.useless": "The last bonus chip does not lower the penalty: keep it (each unused chip returns 2 "
                          "penalty chips at the end).",
    "tt.subject.2": "two {card}s",
    "tt.subject.3": "three {card}s",
    "tt.why.below_pile.one": "{cards} is below the pile value {value}: add a bonus chip (each moves the value by up "
                             "to 5) or choose a higher card.",
    "tt.why.below_pile.other": "{cards} are below the pile value {value}: add a bonus chip (each moves the value by "
                               "up to 5) or choose a higher number.",
    "tt.why.below_no_chips.one": "{cards} is below the pile value {value}, and you have no bonus chips left to lower "
                                 "it: this card cannot be played any more this round.",
    "tt.why.below_no_chips.other": "{cards} are below the pile value {value}, and you have no bonus chips left to "
                                   "lower it: these cards cannot be played any more this round.",
    "tt.why.below_value.one": "{cards} is below the adjusted value {value}: lower the value or add a bonus chip.",
    "tt.why.below_value.other": "{cards} are below the adjusted value {value}: lower the value or add a bonus chip.",
    "tt.why.unreachable.one": "{cards} cannot be played now: even all your bonus chips lower the value only to "
                              "{low}.",
    "tt.why.unreachable.other": "{cards} cannot be played now: even all your bonus chips lower the value only to "
                                "{low}.",
    "tt.why.other": "Not allowed: {reason}",
    "tt.forced": "{name} passed and forced you: you must play at least one card this turn.",
    "tt.forced.anon": "You were forced: you must play at least one card this turn.",
    "tt.lapsed": "You were forced to play, but no card can be played even with all your bonus chips: the force "
                 "lapses and you pass for 1 penalty chip.",
    "tt.alone": "You are the last player in this round: play on until your hand is empty (or drop out).",
    "tt.dead_end.one": "You are the last player in this round and your last card cannot be played, even with all "
                       "your bonus chips. Passing would only cost a chip each time: drop out (1 penalty chip).",
    "tt.dead_end.other": "You are the last player in this round and none of your {n} cards can be played, even with "
                         "all your bonus chips. Passing would only cost a chip each time: drop out ({n} penalty "
                         "chips).",
    "tt.stuck.one": "Your card cannot be played now, even with all your bonus chips: pass, pass and force, or drop "
                    "out.",
    "tt.stuck.other": "None of your cards can be played now, even with all your bonus chips: pass, pass and force, "
                      "or drop out.",
    "tt.bonus": "Bonus chips",
    "tt.bonus.count": "{n}/{max}",
    "tt.bonus.less": "One bonus chip fewer",
    "tt.bonus.more": "One more bonus chip",
    "tt.bonus.none_left": "No bonus chips left.",
    "tt.value": "Adjusted value",
    "tt.value.range": "{low}–{high}",
    "tt.value.down": "Lower the adjusted value",
    "tt.value.up": "Raise the adjusted value",
    "tt.play": "Play",
    "tt.pass": "Pass",
    "tt.force": "Pass and force",
    "tt.drop": "Drop out",
    "tt.cost.one": "+1 chip",
    "tt.cost.other": "+{n} chips",
    "tt.cost.zero": "no penalty",
    "tt.cost.back.one": "−1 chip",
    "tt.cost.back.other": "−{n} chips",
    "tt.force.help": "next player must play",
    "tt.drop.title": "Drop out?",
    "tt.drop.confirm.one": "Your last card goes back in the box and you take 1 penalty chip. "
                           "You take no more turns this round.",
    "tt.drop.confirm.other": "Your {n} cards go back in the box and you take {n} penalty chips. "
                             "You take no more turns this round.",
    "tt.drop.yes": "Yes, drop out",
    "tt.drop.no": "Keep playing",
    "tt.clear": "Clear",
    "tt.discard.title": "Discard 3 cards",
    "tt.discard.chosen": "Chosen: {cards}",
    "tt.discard.chosen_none": "Chosen: none yet",
    "tt.discard.button": "Discard 3 cards",
    "tt.discard.help": "They go back in the box unseen; the 1 stays. Cards you cannot use are best gone — a lone "
                       "high card, a gap you cannot close.",
    "tt.discard.no_chips": "You have no bonus chips left: once the pile rises past a card, that card can never be "
                           "played, and a hand you cannot empty costs a chip per card. Low cards you cannot play "
                           "early are best discarded.",
    "tt.discard.full": "You have chosen 3 cards: unselect one to choose another.",
    "tt.discard.need.one": "Choose 1 more card to discard.",
    "tt.discard.need.other": "Choose {n} more cards to discard.",
    "tt.discard.not_this": "The {card} cannot be discarded.",
    "tt.hand.of": "{name}'s hand",
    "tt.hand.hidden": "Hands are hidden until a person takes the device.",
    "tt.hand.empty": "No cards left in this hand.",
    "tt.card.chip": "chip",
    "tt.waiting": "Waiting for {name}…",
    "tt.keys.play": "Keys: ← → move between cards · Space choose · + − bonus chips · ↑ ↓ adjusted value · P play · "
                    "S pass · F pass and force · X drop out · Esc clear",
    "tt.keys.discard": "Keys: ← → move between cards · Space choose · D discard the 3 chosen · Esc clear",
    "tt.round_title": "Round {round}",
    "tt.review": "Round {round} results",
    "tt.log.discarded": "discarded 3 cards",
    "tt.log.discarded_short": "discarded",
    "tt.log.on": "on {value}",
    "tt.log.bonus_short.one": "1 bonus chip → {value}",
    "tt.log.bonus_short.other": "{n} bonus chips → {value}",
    "tt.log.out_short": "went out",
    "tt.log.pass_short": "passed",
    "tt.log.force_short": "passed and forced",
    "tt.log.lapsed_short": "forced but could not play: passed",
    "tt.log.drop_short.one": "dropped out with 1 card",
    "tt.log.drop_short.other": "dropped out with {n} cards",
    "tt.log.opened": "· {name} opened with the 1",
    "tt.log.discard": "{name} discarded 3 cards unseen",
    "tt.log.opening": "{name} opened round {round} with the 1",
    "tt.log.play": "{name} played {cards} on {value}",
    "tt.log.play_forced": "{name}, forced, played {cards} on {value}",
    "tt.log.bonus.one": "1 bonus chip (value {value})",
    "tt.log.bonus.other": "{n} bonus chips (value {value})",
    "tt.log.out.one": "went out and returned 1 chip",
    "tt.log.out.other": "went out and returned {n} chips",
    "tt.log.out_none": "went out",
    "tt.log.pass": "{name} passed",
    "tt.log.force": "{name} passed and forced the next player to play",
    "tt.log.lapsed": "{name} was forced but could not play: passed",
    "tt.log.drop.one": "{name} dropped out with 1 card",
    "tt.log.drop.other": "{name} dropped out with {n} cards",
    "tt.log.round_end": "Round {round} is over",
    "tt.log.game_end": "The game is over",
    "tt.sentence": "{text}.",
    "tt.chips.one": "+1 penalty chip",
    "tt.chips.other": "+{n} penalty chips",
    "tt.chips.none": "no penalty",
    "tt.chips.back.one": "−1 penalty chip",
    "tt.chips.back.other": "−{n} penalty chips",
    "tt.cards.one": "{card}",
    "tt.cards.other": "{n} × {card}",
    "tt.summary.title": "Round {round} is over",
    "tt.summary.player": "Player",
    "tt.summary.round_chips": "Chips",
    "tt.summary.total": "Total",
    "tt.summary.bonus": "Bonus",
    "tt.summary.out.one": "went out (returned 1)",
    "tt.summary.out.other": "went out (returned {n})",
    "tt.summary.out_none": "went out",
    "tt.summary.dropped.one": "dropped out with 1 card",
    "tt.summary.dropped.other": "dropped out with {n} cards",
    "tt.summary.leader": "Fewest chips so far: {names}.",
    "tt.summary.next": "To my new cards",
    "tt.summary.next_help": "Round {round} is dealt: new cards, and everyone discards 3 cards in secret, at the same "
                            "time. Penalty chips and bonus chips carry over.",
    "tt.result.winner": "{name} wins!",
    "tt.result.shared": "Shared win: {names}!",
    "tt.result.line.one": "{names} won with 1 penalty chip.",
    "tt.result.line.other": "{names} won with {n} penalty chips.",
    "tt.result.refund": "Each unused bonus chip returned 2 penalty chips.",
    "tt.rank.place": "Place",
    "tt.rank.player": "Player",
    "tt.rank.chips": "Chips",
    "tt.rank.bonus": "Bonus",
    "tt.rank.total": "Total",
    "tt.rank.round": "round {n}: {chips}",
    "tt.rank.shared": "{place} (shared)",
    "tt.place.1": "1st",
    "tt.place.2": "2nd",
    "tt.place.3": "3rd",
    "tt.place.4": "4th",
    "tt.and": " and ",
    "err.tt.discarded": "you have discarded this round already",
    "tt.bucket.standard": "Standard",
    "tt.history.mean_penalty": "Average penalty",
    "tt.chart.title": "Penalty chips at the end",
    "tt.chart.x": "penalty chips",
    "tt.chart.y": "games",
}

JA = {
    "tt.setup.cards": "{n}人プレイでは66枚のうち{used}枚を使います（1は必ず使用）。残り{box}枚は見ずに箱に戻します。",
    "tt.setup.summary": "2ラウンド。各ラウンドで15枚配り、3枚をこっそり捨てます。ボーナスチップはゲームを通じて"
                        "1人3枚。ペナルティチップが最も少ない人の勝ち。",
    "tt.setup.rules_link": "ルールを読む",
    "tt.table": "テーブル",
    "tt.round": "第{round}ラウンド（全{rounds}ラウンド）",
    "tt.status.discard.one": "{names}がこっそり3枚捨てています。",
    "tt.status.discard.other": "{names}が同時にこっそり3枚捨てています。",
    "tt.status.your_discard": "{name}: カードを3枚捨ててください。",
    "tt.status.also": "{mine}{also}",
    "tt.status.discard_too.one": "{names}も同時に選んでいます。",
    "tt.status.discard_too.other": "{names}も同時に選んでいます。",
    "tt.status.discarded.one": "3枚捨てました。{names}が捨てるのを待っています。",
    "tt.status.discarded.other": "3枚捨てました。{names}が捨てるのを待っています。",
    "tt.status.turn": "{name}の手番です。",
    "tt.status.your_turn": "{name}、あなたの手番です。",
    "tt.status.forced": "{name}はカードを出さなければなりません（強制プレイ）。",
    "tt.status.over": "ゲーム終了です。",
    "tt.seat.cards.one": "手札1枚",
    "tt.seat.cards.other": "手札{n}枚",
    "tt.seat.penalty.one": "ペナルティチップ1枚",
    "tt.seat.penalty.other": "ペナルティチップ{n}枚",
    "tt.seat.bonus.one": "ボーナスチップ1枚",
    "tt.seat.bonus.other": "ボーナスチップ{n}枚",
    "tt.seat.out": "使い切り",
    "tt.seat.dropped": "降りた",
    "tt.seat.discarding": "選択中",
    "tt.seat.forced": "強制プレイ",
    "tt.pile.label": "場札、場の数字 {value}",
    "tt.pile.empty": "場札はまだありません。全員が捨てたら1から始まります",
    "tt.pile.opens": "全員が3枚捨てたら、1のカードで場札が始まります。",
    "tt.pile.cards.one": "場札1枚",
    "tt.pile.cards.other": "場札{n}枚",
    "tt.pile.judged": "{value}として判定",
    "tt.track": "1から23までの数字",
    "tt.preview.none": "カードを1枚、または同じ数字のカードを複数選ぶと、出す前にペナルティがわかります。",
    "tt.preview.cards": "{value}の上に{cards}",
    "tt.preview.free": "ペナルティなし。",
    "tt.preview.penalty.one": "ペナルティチップ1枚（{skipped}を飛ばす）。",
    "tt.preview.penalty.other": "ペナルティチップ{n}枚（{skipped}を飛ばす）。",
    "tt.preview.bonus.one": "ボーナスチップ1枚で場の数字を{pile}から{value}にします。",
    "tt.preview.bonus.other": "ボーナスチップ{n}枚で場の数字を{pile}から{value}にします。",
    "tt.preview.out.one": "最後の手札です。使い切ってペナルティチップを1枚戻します。",
    "tt.preview.out.other": "最後の手札です。使い切ってペナルティチップを{n}枚戻します。",
    "tt.preview.useless": "最後のボーナスチップではペナルティが減りません。取っておきましょう（使わなかったチップは"
                          "最後に1枚につきペナルティチップ2枚を戻せます）。",
    "tt.subject.2": "{card}（2枚）",
    "tt.subject.3": "{card}（3枚）",
    "tt.why.below_pile.one": "{cards}は場の数字{value}より小さいです。"
                             "ボーナスチップを使う（1枚で最大5まで場の数字を動かせる）か、"
                             "もっと大きいカードを選んでください。",
    "tt.why.below_pile.other": "{cards}は場の数字{value}より小さいです。"
                               "ボーナスチップを使う（1枚で最大5まで場の数字を動かせる）か、"
                               "もっと大きい数字を選んでください。",
    "tt.why.below_no_chips.one": "{cards}は場の数字{value}より小さく、場の数字を下げるボーナスチップも残っていません。"
                                 "このラウンドではもう出せません。",
    "tt.why.below_no_chips.other": "{cards}は場の数字{value}より小さく、場の数字を下げるボーナスチップも残っていません。"
                                   "このラウンドではもう出せません。",
    "tt.why.below_value.one": "{cards}は調整した場の数字{value}より小さいです。場の数字を下げるか、"
                              "ボーナスチップを増やしてください。",
    "tt.why.below_value.other": "{cards}は調整した場の数字{value}より小さいです。場の数字を下げるか、"
                                "ボーナスチップを増やしてください。",
    "tt.why.unreachable.one": "{cards}は今は出せません。ボーナスチップを全部使っても場の数字は{low}までしか下がりません。",
    "tt.why.unreachable.other": "{cards}は今は出せません。ボーナスチップを全部使っても場の数字は{low}までしか"
                                "下がりません。",
    "tt.why.other": "できません: {reason}",
    "tt.forced": "{name}がパスと強制プレイをしました。この手番では少なくとも1枚カードを出さなければなりません。",
    "tt.forced.anon": "強制プレイです。この手番では少なくとも1枚カードを出さなければなりません。",
    "tt.lapsed": "強制プレイですが、ボーナスチップを全部使っても出せるカードがありません。強制は取り消され、"
                 "ペナルティチップ1枚でパスします。",
    "tt.alone": "このラウンドに残っているのはあなただけです。"
                "手札がなくなるまで出し続けてください（降りることもできます）。",
    "tt.dead_end.one": "このラウンドに残っているのはあなただけで、最後の手札はボーナスチップを全部使っても出せません。"
                       "パスしてもチップが増えるだけなので、降りましょう（ペナルティチップ1枚）。",
    "tt.dead_end.other": "このラウンドに残っているのはあなただけで、手札{n}枚のどれもボーナスチップを全部使っても"
                         "出せません。パスしてもチップが増えるだけなので、降りましょう（ペナルティチップ{n}枚）。",
    "tt.stuck.one": "手札のカードは、ボーナスチップを全部使っても今は出せません。パス、パスと強制プレイ、"
                    "降りるのどれかを選んでください。",
    "tt.stuck.other": "手札のどのカードも、ボーナスチップを全部使っても今は出せません。パス、パスと強制プレイ、"
                      "降りるのどれかを選んでください。",
    "tt.bonus": "ボーナスチップ",
    "tt.bonus.count": "{n}/{max}枚",
    "tt.bonus.less": "ボーナスチップを1枚減らす",
    "tt.bonus.more": "ボーナスチップを1枚増やす",
    "tt.bonus.none_left": "ボーナスチップは残っていません。",
    "tt.value": "調整した場の数字",
    "tt.value.range": "{low}～{high}",
    "tt.value.down": "場の数字を下げる",
    "tt.value.up": "場の数字を上げる",
    "tt.play": "出す",
    "tt.pass": "パス",
    "tt.force": "パスと強制プレイ",
    "tt.drop": "降りる",
    "tt.cost.one": "+1枚",
    "tt.cost.other": "+{n}枚",
    "tt.cost.zero": "ペナルティなし",
    "tt.cost.back.one": "−1枚",
    "tt.cost.back.other": "−{n}枚",
    "tt.force.help": "次の人は必ず出す",
    "tt.drop.title": "降りますか？",
    "tt.drop.confirm.one": "最後の手札を箱に戻し、ペナルティチップを1枚受け取ります。"
                           "このラウンドではもう手番を行いません。",
    "tt.drop.confirm.other": "手札{n}枚を箱に戻し、ペナルティチップを{n}枚受け取ります。"
                             "このラウンドではもう手番を行いません。",
    "tt.drop.yes": "はい、降ります",
    "tt.drop.no": "続ける",
    "tt.clear": "選択を解除",
    "tt.discard.title": "カードを3枚捨てる",
    "tt.discard.chosen": "選んだカード: {cards}",
    "tt.discard.chosen_none": "選んだカード: まだありません",
    "tt.discard.button": "3枚捨てる",
    "tt.discard.help": "見ずに箱に戻します。1は捨てられません。使い道のないカード（離れた大きな数字、埋められない隙間）"
                       "を捨てるとよいでしょう。",
    "tt.discard.no_chips": "ボーナスチップが残っていません。場の数字がカードを追い越すと、そのカードはもう出せず、"
                           "残った手札は1枚につきチップ1枚になります。早めに出せない小さいカードは捨てるとよいでしょう。",
    "tt.discard.full": "もう3枚選んでいます。別のカードを選ぶには、どれかの選択を外してください。",
    "tt.discard.need.one": "捨てるカードをあと1枚選んでください。",
    "tt.discard.need.other": "捨てるカードをあと{n}枚選んでください。",
    "tt.discard.not_this": "{card}は捨てられません。",
    "tt.hand.of": "{name}の手札",
    "tt.hand.hidden": "人が端末を持つまで手札は隠れています。",
    "tt.hand.empty": "手札はもうありません。",
    "tt.card.chip": "チップ",
    "tt.waiting": "{name}を待っています…",
    "tt.keys.play": "キー: ← → カード間を移動 · スペース 選ぶ · + − ボーナスチップ · ↑ ↓ 調整した場の数字 · P 出す · "
                    "S パス · F パスと強制プレイ · X 降りる · Esc 選択解除",
    "tt.keys.discard": "キー: ← → カード間を移動 · スペース 選ぶ · D 選んだ3枚を捨てる · Esc 選択解除",
    "tt.round_title": "第{round}ラウンド",
    "tt.review": "第{round}ラウンドの結果",
    "tt.log.discarded": "3枚捨てた",
    "tt.log.discarded_short": "捨てた",
    "tt.log.on": "（{value}の上に）",
    "tt.log.bonus_short.one": "ボーナスチップ1枚 → {value}",
    "tt.log.bonus_short.other": "ボーナスチップ{n}枚 → {value}",
    "tt.log.out_short": "使い切り",
    "tt.log.pass_short": "パス",
    "tt.log.force_short": "パスと強制プレイ",
    "tt.log.lapsed_short": "強制されたが出せずパス",
    "tt.log.drop_short.one": "手札1枚で降りた",
    "tt.log.drop_short.other": "手札{n}枚で降りた",
    "tt.log.opened": "· {name}が1を出して開始",
    "tt.log.discard": "{name}が3枚を伏せて捨てた",
    "tt.log.opening": "{name}が1を出して第{round}ラウンドを始めた",
    "tt.log.play": "{name}が{value}の上に{cards}を出した",
    "tt.log.play_forced": "{name}が強制プレイで{value}の上に{cards}を出した",
    "tt.log.bonus.one": "ボーナスチップ1枚（場の数字{value}）",
    "tt.log.bonus.other": "ボーナスチップ{n}枚（場の数字{value}）",
    "tt.log.out.one": "手札を使い切りチップを1枚戻した",
    "tt.log.out.other": "手札を使い切りチップを{n}枚戻した",
    "tt.log.out_none": "手札を使い切った",
    "tt.log.pass": "{name}がパスした",
    "tt.log.force": "{name}がパスと強制プレイをした",
    "tt.log.lapsed": "{name}は強制されたが出せるカードがなくパスした",
    "tt.log.drop.one": "{name}が手札1枚で降りた",
    "tt.log.drop.other": "{name}が手札{n}枚で降りた",
    "tt.log.round_end": "第{round}ラウンド終了",
    "tt.log.game_end": "ゲーム終了",
    "tt.sentence": "{text}。",
    "tt.chips.one": "ペナルティチップ+1枚",
    "tt.chips.other": "ペナルティチップ+{n}枚",
    "tt.chips.none": "ペナルティなし",
    "tt.chips.back.one": "ペナルティチップ−1枚",
    "tt.chips.back.other": "ペナルティチップ−{n}枚",
    "tt.cards.one": "{card}",
    "tt.cards.other": "{card}（{n}枚）",
    "tt.summary.title": "第{round}ラウンド終了",
    "tt.summary.player": "プレイヤー",
    "tt.summary.round_chips": "チップ",
    "tt.summary.total": "合計",
    "tt.summary.bonus": "ボーナス",
    "tt.summary.out.one": "使い切り（1枚戻した）",
    "tt.summary.out.other": "使い切り（{n}枚戻した）",
    "tt.summary.out_none": "使い切り",
    "tt.summary.dropped.one": "手札1枚で降りた",
    "tt.summary.dropped.other": "手札{n}枚で降りた",
    "tt.summary.leader": "現在チップが最も少ないのは{names}です。",
    "tt.summary.next": "新しい手札へ",
    "tt.summary.next_help": "第{round}ラウンドのカードが配られました。全員が同時に、こっそり3枚捨てます。ペナルティチップと"
                            "ボーナスチップは持ち越しです。",
    "tt.result.winner": "{name}の勝ち！",
    "tt.result.shared": "{names}が同点で勝ち！",
    "tt.result.line.one": "{names}がペナルティチップ1枚で勝ちました。",
    "tt.result.line.other": "{names}がペナルティチップ{n}枚で勝ちました。",
    "tt.result.refund": "使わなかったボーナスチップ1枚につき、ペナルティチップを2枚戻しました。",
    "tt.rank.place": "順位",
    "tt.rank.player": "プレイヤー",
    "tt.rank.chips": "チップ",
    "tt.rank.bonus": "ボーナス",
    "tt.rank.total": "合計",
    "tt.rank.round": "第{n}ラウンド: {chips}",
    "tt.rank.shared": "{place}（同点）",
    "tt.place.1": "1位",
    "tt.place.2": "2位",
    "tt.place.3": "3位",
    "tt.place.4": "4位",
    "tt.and": "と",
    "err.tt.discarded": "このラウンドはもう捨てました",
    "tt.bucket.standard": "標準",
    "tt.history.mean_penalty": "平均ペナルティ",
    "tt.chart.title": "終了時のペナルティチップ",
    "tt.chart.x": "ペナルティチップ",
    "tt.chart.y": "ゲーム数",
}

RULES = {
    "en": [
        ("The goal", [
            "Play number cards onto one pile in rising order. Every number you skip costs a penalty chip. After two "
            "rounds, whoever holds the fewest penalty chips wins; equal counts share the win.",
        ]),
        ("The cards and the deal", [
            "66 cards: one 1, two 2s and three each of 3 to 23. A round uses 30 cards with 2 players, 45 with 3 and "
            "60 with 4; the 1 is always among them, the rest stay in the box unseen. Everyone gets 15 cards.",
            "Then each player secretly discards 3 cards back to the box (never the 1), keeping 12. Each player has "
            "3 bonus chips for the whole game.",
            "The holder of the 1 puts it on the pile; play goes on clockwise from the next player.",
        ]),
        ("Your turn: play, pass or drop out", [
            "Play one card, or several cards of the same number, at least as high as the pile value (equal is "
            "allowed). A card more than 1 above the value costs one penalty chip per skipped number: pile 5, two 8s "
            "played, 6 and 7 skipped: 2 chips. Several cards cost no more than one.",
            "Pass: take 1 penalty chip. Pass and force: take 2 instead; the next player must play this turn (if they "
            "cannot play even with all their bonus chips, the force lapses and they pass for 1 chip).",
            "Drop out: put your whole hand back in the box and take 1 penalty chip per card. You take no more turns "
            "this round.",
        ]),
        ("Bonus chips", [
            "With a play you may spend one or more bonus chips; each moves the pile value up or down by up to 5. "
            "The play and its penalty are judged against the adjusted value; afterwards the pile shows your card. "
            "Pile 14, one chip: play a 10 free. Pile 10, chip to 15, play 17: 1 penalty chip (16 skipped).",
            "Spent chips leave the game. After round 2 each unused bonus chip returns 2 penalty chips (never below 0).",
        ]),
        ("Going out and the end of a round", [
            "Playing your last card lets you return up to 3 penalty chips. The round ends when everyone has gone out "
            "or dropped out. Round 2 is dealt like round 1; penalty chips and bonus chips carry over.",
        ]),
        ("In this app", [
            "Choose cards in your hand (each shows what it costs on the pile now), add bonus chips if you like, read "
            "the penalty under the pile, then press Play. Pass, Pass and force and Drop out show their costs. "
            "Every move is saved; share a deal with its link.",
        ]),
    ],
    "ja": [
        ("目的", [
            "1つの場札に数字のカードを昇順に出していきます。飛ばした数字1つにつきペナルティチップを1枚受け取ります。"
            "2ラウンド終了後、ペナルティチップが最も少ないプレイヤーの勝ち。同数なら勝ちを分け合います。",
        ]),
        ("カードと準備", [
            "数字カードは66枚（1が1枚、2が2枚、3から23が3枚ずつ）。2人なら30枚、3人なら45枚、4人なら60枚を使い、"
            "1は必ず使います。残りは見ずに箱に戻します。各プレイヤーに15枚ずつ配ります。",
            "各プレイヤーはカードを3枚選び、伏せて箱に戻します（1は捨てられません）。手札は12枚になります。"
            "ボーナスチップはゲームを通じて1人3枚です。",
            "1のカードを持っているプレイヤーがそれを場に出し、次のプレイヤーから時計回りに手番を行います。",
        ]),
        ("手番: 出す、パス、降りる", [
            "カードを1枚、または同じ数字のカードを複数枚、場の数字以上なら出せます（同じ数字も可）。場の数字より2以上"
            "大きいときは、飛ばした数字1つにつきペナルティチップ1枚。場の数字5で8を2枚出すと、"
            "6と7を飛ばしたので2枚です。"
            "複数枚出しても枚数は変わりません。",
            "パス: ペナルティチップを1枚受け取ります。パスと強制プレイ: 代わりに2枚受け取り、次のプレイヤーはこの手番で"
            "カードを出さなければなりません（ボーナスチップを全部使っても出せないときは強制が取り消され、"
            "1枚でパスします）。",
            "降りる: 手札をすべて箱に戻し、その枚数分のペナルティチップを受け取ります。"
            "このラウンドではもう手番を行いません。",
        ]),
        ("ボーナスチップ", [
            "カードを出すときにボーナスチップを1枚以上使えます。1枚につき場の数字を最大5まで上げ下げできます。"
            "出せるかどうか"
            "とペナルティは調整した数字で判定し、出した後の場の数字は出したカードの数字です。"
            "場の数字14でチップ1枚なら10を"
            "ペナルティなしで出せます。場の数字10をチップで15にして17を出すと、16を飛ばしたのでペナルティ1枚。",
            "使ったチップはゲームから取り除きます。第2ラウンド終了後、残ったボーナスチップ1枚につきペナルティチップを"
            "2枚戻します（0枚より少なくはなりません）。",
        ]),
        ("使い切りとラウンドの終了", [
            "最後の手札を出したプレイヤーはペナルティチップを3枚まで戻せます。全員が使い切るか降りたらラウンド終了。"
            "第2ラウンドも同じように配り、ペナルティチップとボーナスチップは持ち越します。",
        ]),
        ("このアプリでは", [
            "手札からカードを選び（各カードに今出したときのペナルティが表示されます）、必要ならボーナスチップを足し、"
            "場札の下のペナルティを確かめてから「出す」を押します。「パス」「パスと強制プレイ」「降りる」にはそれぞれの"
            "コストが表示されます。手順はすべて保存され、リンクで同じ配りを共有できます。",
        ]),
    ],
}
