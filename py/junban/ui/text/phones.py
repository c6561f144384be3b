"""Texts of playing on several phones: the host's phones sheet, the guest's join screen and seat, what can go wrong."""

EN = {
    # setup
    "setup.here": "Here",
    "setup.phone": "Phone",
    "setup.phone_help": "Phone: a friend plays this seat on their own phone, paired by a QR code. No internet, "
                        "no account: the phones talk directly over the same Wi-Fi.",
    "setup.phones_button": "Play on several phones",
    "setup.phone_secret_deal": "The cards are dealt from a new secret seed, so no phone can work out another hand.",
    "setup.phone_known_deal": "The cards are dealt from the seed below (More: the deal), which others may know (a "
                              "link, the daily deal, a seed typed): whoever knows it can work out every hand.",
    # the host's table
    "phones.title": "Phones at this table",
    "phones.cancel": "Cancel",
    "phones.apply": "Done",
    "phones.button": "Phones: {here} of {n} connected",
    "phones.list": "Seats played on phones",
    "phones.state.waiting": "waiting for their phone",
    "phones.state.connecting": "connecting…",
    "phones.state.here": "connected",
    "phones.state.lost": "not answering",
    "phones.state.unreachable": "could not be reached",
    "phones.show_code": "Show code",
    "phones.new_code": "New code",
    "phones.take_answer": "Take its answer",
    "phones.rejoin_help": "{name}'s phone can come back with one code: on it, tap “Rejoin”, then scan or paste "
                          "here the answer it shows.",
    "phones.lost_back_notice": "{name}'s phone is not answering. When it is back, it shows an answer: take it "
                               "here, no new code needed.",
    "phones.rejoin_or_scan": "If {name}'s phone shows no “Rejoin” (its storage was cleared), scan this new code on "
                             "it instead:",
    "phones.pair_title": "{name}'s phone",
    "phones.making": "Making the pairing code…",
    "phones.qr_label": "Pairing code for {name}'s phone",
    "phones.step1": "On {name}'s phone: scan this code with the camera, or open the link below.",
    "phones.step2": "Junban opens there and shows an answer code.",
    "phones.step3": "Scan that answer here, or paste it below.",
    "phones.link_label": "Link for {name}'s phone",
    "phones.copy": "Copy link",
    "phones.camera": "Camera",
    "phones.scan": "Scan the answer",
    "phones.scan_stop": "Stop the camera",
    "phones.paste_label": "Or paste the answer code",
    "phones.paste_placeholder": "answer code",
    "phones.connect": "Connect",
    "phones.connecting": "Connecting to {name}'s phone…",
    "phones.joined": "{name}'s phone is connected.",
    "phones.rematch": "Same players: {names} play on their phones again, no new pairing.",
    "phones.reseated": "New seats: {names} on their phones, no new pairing.",
    "phones.reseated_one": "{name} at seat {n}",
    "reseat.button": "Change seats…",
    "reseat.title": "Who sits where next",
    "reseat.help": "For the next game: each phone moves to its new seat by itself, no new pairing.",
    "reseat.seat": "Seat {n}",
    "reseat.occupant": "{name} · {how}",
    "reseat.new_here": "A new person here",
    "reseat.new_bot": "A new bot",
    "reseat.twice": "{name} is at two seats: choose someone else for one of them.",
    "reseat.no_seat": "No seat for {names}: that phone is told, and keeps the game just played.",
    "reseat.new_deal_only": "A new deal, dealt in secret (the same deal again would show a phone the hand it held "
                            "before, now another's).",
    "reseat.deal": "Deal with these seats",
    "phones.bad_answer": "That answer code does not work: {reason}",
    "phones.no_code": "Pairing is not available: {reason}",
    "phones.privacy": "This device holds the game: it can see every hand, as when one device is passed around. "
                      "Each phone is sent only what its seat may see.",
    "phones.camera.no-camera": "No camera could be used here: paste the answer code instead.",
    "phones.camera.denied": "The camera was not allowed: paste the answer code instead (or allow the camera in "
                            "the browser's settings).",
    "phones.camera.insecure": "The browser allows the camera only on a secure page (https): paste the answer code "
                              "instead.",
    "phones.problem.lost_back": "The phone stopped answering (its screen turned off, the page closed, or the "
                                "Wi-Fi dropped).",
    "phones.problem.lost": "The phone stopped answering (its screen turned off, the page closed, or the Wi-Fi "
                           "dropped). Show a new code and scan it on that phone: it goes on where it was.",
    "phones.problem.unreachable": "The phones could not reach each other. Both must be on the same Wi-Fi, one "
                                  "that lets devices see each other: guest and public networks often do not. A "
                                  "phone's own hotspot may not work either. Try another Wi-Fi, then a new code.",
    "phones.problem.wrong_table": "That phone answered for another table. Show a new code.",
    "phones.problem.flood": "That phone sent far more messages than a person could, so it was let go. Show a new "
                            "code if it should play on.",
    "phones.flood_notice": "{name}'s phone sent far more messages than a person could and was disconnected. Show a "
                           "new code to let it play on.",
    "phones.known_deal": "This deal comes from a seed others may know (a shared link, or the seed shown when it "
                         "was set up): whoever knows it can work out every hand. For a secret deal, start a new "
                         "game with phone seats.",
    "phones.problem.no_webrtc": "This browser cannot play on several phones: it has no WebRTC, the direct "
                                "connection between browsers. The seats on phones are played here instead (pass "
                                "this device around), or start the table in another browser: Chrome, Safari or "
                                "Firefox.",
    "phones.problem.offer_failed": "This browser could not make a pairing code (its WebRTC refused). Reload the "
                                   "page, or use another browser.",
    "phones.problem.bad_answer": "This browser refused that phone's answer (its WebRTC did not accept it). Show a "
                                 "new code and scan it again.",
    "phones.problem.answer_failed": "The phones could not agree on a connection. Show a new code.",
    "phones.problem.bad_offer": "The phones could not agree on a connection. Show a new code.",
    "phones.no_webrtc_here": "This browser cannot play on several phones (it has no WebRTC). {names}: played "
                             "here now, passing this device. To play on phones, start the table in another "
                             "browser: Chrome, Safari or Firefox.",
    "phones.routed": "That answer was for {name}'s code: connecting {name}'s phone.",
    "phones.answer_error_label": "Why that answer was refused",
    "err.pairing.own_link": "this is your own pairing link: send it to the friend's phone, then paste here the "
                            "answer code their phone shows",
    "err.pairing.other_table": "this answer is for another table's code (or an old one): the friend must open "
                               "the code shown here",
    "err.pairing.old_code": "this answer is for an older code of {name}'s seat: {name} must open the code shown "
                            "now",
    "err.pairing.seat_taken": "this answer is for {name}'s code, which another phone has answered already: each "
                              "friend must open the code of their own seat",
    "phones.on_phone": "plays on their phone",
    "phones.lost_notice": "{name}'s phone is not answering. Show a new code and scan it there: it goes on where it "
                          "was.",
    # the guest's phone
    "join.title": "Join a table",
    "join.bad_code": "This pairing code cannot be used: {reason}",
    "join.seat_of": "Seat {n} in a game of “{game}”",
    "join.seat_named": "{name}'s seat at {host}'s table · {game}",
    "join.paste_label": "Or paste the link (or code) the host sent for your seat",
    "guest.away": "Not connected to the host.",
    "guest.next_game": "{host} started a new game: you play {name} again.",
    "guest.next_game_plain": "The host started a new game: you keep your seat.",
    "guest.next_seat": "{host} started a new game with new seats: you play seat {n} of {count} now, as {name}.",
    "guest.the_host": "The host",
    "join.seat_of_plain": "seat {n}",
    "guest.away_at": "Not connected to {host}'s table.",
    "guest.rescan": "Scan {host}'s code again",
    "guest.rejoin_at": "Rejoin {host}'s table",
    "guest.rejoin_plain": "Rejoin the table",
    "join.making": "Preparing the answer…",
    "join.answer_title": "Show this to the host",
    "join.answer_help": "The host scans this code (or you send them the code below). The game starts here as "
                        "soon as they do.",
    "join.answer_label": "Answer code for the host",
    "join.code_label": "Answer code",
    "join.copy": "Copy code",
    "join.share": "Send code",
    "join.copied": "Answer code copied.",
    "join.waiting": "Waiting for the host…",
    "join.joining": "Connected: joining the table…",
    "join.unreachable": "Still not connected. Has the host scanned your answer? If they have, the phones cannot "
                        "reach each other: both must be on the same Wi-Fi, one that lets devices see each other "
                        "(guest and public networks often do not; a phone's own hotspot may not work). Try "
                        "another Wi-Fi and ask the host for a new code.",
    "guest.lost_rejoin": "The connection to the host was lost. Tap “Rejoin” and let the host scan the answer "
                         "shown: you go on where you were.",
    "guest.rescan_new": "Scan a new code",
    "join.lost": "The connection to the host was lost. Ask the host for a new code for your seat and scan it: "
                 "you go on where you were.",
    "join.ended.host_left": "The host left the table.",
    "join.ended.no_seat": "The host started a new game with new seats, and this phone has none in it: a person at "
                          "the host's device or a bot plays there. The game you played stays in History.",
    "join.ended.seat_closed": "The host now plays your seat on their device.",
    "join.ended.wrong_table": "The host's table is another one: scan the code for your seat.",
    "join.ended.flood": "The host let this phone go: it sent far more messages than a person could.",
    "join.ended": "The host closed the connection.",
    "join.scan_again": "Scan the host's code",
    "join.scan_stop": "Stop the camera",
    "join.camera": "Camera",
    "join.scan_help": "Point the camera at the code the host shows for your seat.",
    "join.camera.no-camera": "No camera could be used here: scan the host's code with the phone's camera app "
                             "instead, or open the link the host sends.",
    "join.camera.denied": "The camera was not allowed: scan with the phone's camera app, or open the link the "
                          "host sends.",
    "join.camera.insecure": "The browser allows the camera only on a secure page (https): scan with the phone's "
                            "camera app instead.",
    "join.not_a_code": "That is not a Junban pairing code.",
    "join.other_table": "That code is for another seat or table.",
    "join.no_webrtc": "This browser cannot play on several phones: it has no WebRTC, the direct connection between "
                      "browsers. Open the host's link in another browser (Chrome, Safari or Firefox), or ask the "
                      "host to play your seat on their device, passing it around.",
    "join.transport_error": "This browser could not answer the host's code (its WebRTC refused). Reload the page "
                            "and open the code again, or use another browser.",
    "join.waiting_host": "Still not connected: has the host taken your answer yet? Once they paste or scan it, "
                         "this phone connects by itself (it keeps trying).",
    "guest.status.here": "Connected to the host",
    "guest.status.busy": "Sending…",
    "guest.your_turn": "Your turn",
    "guest.refused": "The host's game did not take that: {reason}",
    "guest.home_title": "Seats on another phone",
    "guest.home_item": "{game}: seat {n}",
    "guest.rejoin": "Rejoin",
    "guest.forget": "Forget",
    "guest.over": "finished",
    "guest.missing": "That table is not on this phone: scan the host's code to join it.",
    "guest.unfit": "The host's phone sent something this phone cannot show: it was left out. If the table looks "
                   "wrong, scan the host's code again.",
    "guest.broken": "This seat's table cannot be drawn on this phone. Scan the host's code to join again.",
    "guest.went_back.one": "The host's game is 1 move behind what this phone last saw: it was taken back, or not "
                           "saved on the host's phone before it reloaded.",
    "guest.went_back.other": "The host's game is {n} moves behind what this phone last saw: they were taken back, "
                             "or not saved on the host's phone before it reloaded.",
    "guest.too_large": "This game's log has grown larger than a phone keeps: it plays on here, but if this page "
                       "closes, scan the host's code to come back.",
    "guest.leave": "Leave this table",
    "guest.leave_confirm": "Leave this table? The host is told you left and may give your seat to a bot. To come "
                           "back later, the host must give it back to your phone.",
    "guest.leave_yes": "Leave",
    "guest.leave_no": "Stay",
    # errors carried from the host
    "err.net.stale": "the table moved on a moment before: look again and play",
    "err.net.refused": "the host's game did not allow it",
    "err.net.too_fast": "this phone sent far more messages than a person could: slow down",
    "err.net.not_your_turn": "it is not your turn",
    "err.net.host_away": "the host is not at the table just now",
    "err.net.host_conflict": "the host's game was changed in another tab",
    "err.net.bad_code": "it is not a Junban pairing code (cut short, or changed)",
    "err.net.table_id": "this game cannot be paired (its name is too long)",
    "err.net.not_waiting": "this seat is not waiting for an answer: show a new code",
    "err.pairing.empty": "no code was given",
    "err.pairing.too_long": "the code is longer than any pairing code",
    "err.pairing.not_a_code": "it is not a pairing code",
    "err.pairing.too_short": "the code is too short: part of it is missing",
    "err.pairing.checksum": "the code was cut or changed on the way",
    "err.pairing.version": "the code was made by another version of Junban: reload both pages",
    "err.pairing.not_offer": "this is an answer code: scan the host's code instead",
    "err.pairing.not_answer": "this is a host's code: scan the answer the guest's phone shows",
    "err.pairing.malformed": "the code's parts do not fit together",
    "err.pairing.no_candidates": "this device has no network address to offer (is Wi-Fi on?)",
    "err.pairing.unsupported": "this browser's connection cannot be put in a code",
    "err.pairing.extra_too_long": "the code would be too long",
    "err.net.not_text": "the other phone sent something that is not text",
    "err.net.too_large": "the other phone sent a message far too large",
    "err.net.too_deep": "the other phone sent a message nested far too deeply",
    "err.net.bad_json": "the other phone sent a message that is not readable",
    "err.net.not_object": "the other phone sent a message of the wrong form",
    "err.net.version": "the other phone runs another version of Junban: reload both pages",
    "err.net.unknown_kind": "the other phone sent a message this Junban does not know",
    "err.net.sequence": "a message came out of order (a replay?)",
    "err.net.field": "the other phone sent a message with a wrong field ({field})",
    "err.net.action": "the other phone sent something that is not a move",
    "err.net.log": "the move log from the host does not add up",
    "err.net.log_too_large": "the host's move log is larger than a phone keeps",
    "err.net.shape": "the host sent something this game cannot have ({field})",
    "err.net.bad_spare": "the host sent a code to rejoin that is not for this seat",
    "err.net.bad_next": "the host asked this phone to move to a new game it cannot move to now",
    "err.net.no_hello": "the other phone did not introduce itself",
    "err.net.no_welcome": "the host has not welcomed this phone yet",
    "err.net.no_view": "nothing has come from the host yet",
    "err.net.wrong_table": "the phones are at different tables",
    # leaving and takeover (issue 41)
    "phones.state.left": "left the table",
    "phones.left_notice": "{name} left the table.",
    "phones.problem.left": "{name} left the table: the game waits for this seat. Give it to a bot, play it here "
                           "(Who plays each seat), or show a new code if {name} comes back.",
    "phones.to_bot": "Give to a bot",
    "phones.to_bot_named": "Give {name}'s seat to a bot",
    "phones.seats_button": "Who plays each seat",
    "phones.seats_help": "Here: played on this device. Phone: a friend's own phone, paired by a QR code. Bot: a bot "
                         "plays the seat from its own view, from now on. Switch at any time: who plays a seat is not "
                         "a move, so the game's log and its replay stay the same.",
    "phones.switched.bot": "A bot plays {name}'s seat now.",
    "phones.switched.here": "{name}'s seat is played on this device now.",
    "phones.switched.phone": "{name}'s seat goes back to a phone: pair it below.",
    "err.pairing.seat_released": "this answer is for {name}'s seat, which is not played on a phone now: give it "
                                 "back to {name}'s phone first (Who plays each seat)",
    "err.net.seat_released": "this seat is not played on this phone now",
    "err.net.not_your_seat": "a phone may leave only its own seat",
    "join.ended.here": "The host now plays your seat on their device. If they give it back to your phone, come "
                       "back with the button below.",
    "join.ended.bot": "The host gave your seat to a bot: this phone cannot play it now. If the host gives it back "
                      "to your phone, come back with the button below.",
    "join.ended.left": "You left this table. If the host gives your seat back to your phone, come back with the "
                       "button below.",
    "guest.leave_confirm_at": "Leave {host}'s table? {host} is told you left and may give your seat to a bot. To "
                              "come back later, {host} must give it back to your phone.",
    # the host's reload in one exchange per phone (issue 41: the phone's standing offer)
    "phones.back_help": "This table reloaded. {name}'s phone is still at it: on that phone, tap “Scan the code” "
                        "and scan this (or paste it there). Nothing to bring back here.",
    "phones.back_label": "This table's code for {name}'s phone",
    "phones.copy_code": "Copy code",
    "phones.back_or_new": "If {name}'s phone reloaded too (it shows “Rejoin” and no scanner), give it a new code "
                          "instead:",
    "phones.problem.standing_stale": "That phone did not take this table's code: its page reloaded too, or its "
                                     "storage was cleared. Give it a new code.",
    "phones.standing_refused": "The way back kept for {name}'s phone was not one for this seat: {name}'s phone "
                               "pairs with a new code.",
    "err.net.bad_standing": "the phone sent a code to come back that is not for its seat",
    "err.net.no_standing": "this phone has no way back to offer just now",
    "err.pairing.other_seat": "this code is for {name}'s phone, not this one",
    "err.pairing.old_standing": "this code answers an older code of this phone: ask the host for a new code",
    "guest.back_title": "When {host}'s table is back, scan its code",
    "guest.back_title_plain": "When the host's table is back, scan its code",
    "guest.back_help": "If the host's page reloaded, it shows a code for your seat: scan it or paste it here. "
                       "Nothing to send back.",
    "guest.back_scan": "Scan the code",
    "guest.back_paste": "Or paste the code (or link) the host sent",
    "guest.back_placeholder": "the host's code",
    "guest.back_go": "Connect",
    "guest.back_connecting": "Connecting to the table…",
    "guest.back_refused": "Not taken: {reason}.",
    "guest.back_rejoin_or": "The host did not reload? Rejoin with the answer instead:",
}

JA = {
    "setup.here": "この端末",
    "setup.phone": "スマホ",
    "setup.phone_help": "スマホ：その席は友だちが自分のスマホで遊びます（QRコードでつなぎます）。インターネットも"
                        "アカウントも不要で、同じWi-Fiのスマホ同士が直接つながります。",
    "setup.phones_button": "複数のスマホで遊ぶ",
    "setup.phone_secret_deal": "カードは新しい秘密のシードから配られるので、どのスマホもほかの人の手札を割り出せません。",
    "setup.phone_known_deal": "カードは下の「その他：配り方」のシードから配られます。ほかの人も知りうるシード（リンク、今日の"
                              "チャレンジ、入力したシード）なので、それを知る人は全員の手札を割り出せます。",
    "phones.title": "この卓のスマホ",
    "phones.cancel": "キャンセル",
    "phones.apply": "決定",
    "phones.button": "スマホ：{n}台中{here}台接続中",
    "phones.list": "スマホで遊ぶ席",
    "phones.state.waiting": "スマホを待っています",
    "phones.state.connecting": "接続中…",
    "phones.state.here": "接続中",
    "phones.state.lost": "応答がありません",
    "phones.state.unreachable": "つながりませんでした",
    "phones.show_code": "コードを表示",
    "phones.new_code": "新しいコード",
    "phones.take_answer": "返事を読み取る",
    "phones.rejoin_help": "{name}さんのスマホは1回のやり取りで戻れます。そのスマホで「卓に戻る」を押し、表示された"
                          "返事をここで読み取るか貼り付けてください。",
    "phones.lost_back_notice": "{name}さんのスマホの応答がありません。戻ってきたら返事が表示されるので、ここで"
                               "読み取ってください。新しいコードは要りません。",
    "phones.rejoin_or_scan": "{name}さんのスマホに「卓に戻る」が出ないとき（保存データが消えたとき）は、代わりに"
                             "この新しいコードをそのスマホで読み取ってください：",
    "phones.pair_title": "{name}さんのスマホ",
    "phones.making": "ペアリング用のコードを作っています…",
    "phones.qr_label": "{name}さんのスマホ用のペアリングコード",
    "phones.step1": "{name}さんのスマホのカメラでこのコードを読み取るか、下のリンクを開きます。",
    "phones.step2": "そのスマホでJunbanが開き、返事のコードが表示されます。",
    "phones.step3": "その返事をここで読み取るか、下に貼り付けます。",
    "phones.link_label": "{name}さんのスマホ用のリンク",
    "phones.copy": "リンクをコピー",
    "phones.camera": "カメラ",
    "phones.scan": "返事を読み取る",
    "phones.scan_stop": "カメラを止める",
    "phones.paste_label": "または返事のコードを貼り付け",
    "phones.paste_placeholder": "返事のコード",
    "phones.connect": "接続",
    "phones.connecting": "{name}さんのスマホに接続しています…",
    "phones.joined": "{name}さんのスマホがつながりました。",
    "phones.rematch": "同じメンバーで：{names}さんはペアリングし直さずにそのままスマホで続けます。",
    "phones.reseated": "席替え：{names}。ペアリングし直さずにスマホで続けます。",
    "phones.reseated_one": "{name}さんは{n}番目の席",
    "reseat.button": "席替え…",
    "reseat.title": "次のゲームの席",
    "reseat.help": "次のゲームでは、各スマホがペアリングし直さずに自動で新しい席へ移ります。",
    "reseat.seat": "{n}番目の席",
    "reseat.occupant": "{name}・{how}",
    "reseat.new_here": "この端末の新しい人",
    "reseat.new_bot": "新しいボット",
    "reseat.twice": "{name}さんが二つの席にいます。どちらかの席に別の人を選んでください。",
    "reseat.no_seat": "{names}さんの席がありません。そのスマホには知らせが届き、今のゲームは残ります。",
    "reseat.new_deal_only": "新しく配り直します（同じ配札では、スマホが前に持っていた手札＝今は他の人の手札を知ってしまうため）。",
    "reseat.deal": "この席で配る",
    "phones.bad_answer": "その返事のコードは使えません：{reason}",
    "phones.no_code": "ペアリングを使えません：{reason}",
    "phones.privacy": "この端末がゲームを持っているので、1台を回して遊ぶときと同じく全員の手札を見られます。"
                      "各スマホには、その席が見てよいものだけが送られます。",
    "phones.camera.no-camera": "ここではカメラを使えません。返事のコードを貼り付けてください。",
    "phones.camera.denied": "カメラが許可されませんでした。返事のコードを貼り付けてください（ブラウザーの設定で"
                            "カメラを許可することもできます）。",
    "phones.camera.insecure": "ブラウザーは安全なページ（https）でしかカメラを使わせません。返事のコードを"
                              "貼り付けてください。",
    "phones.problem.lost_back": "スマホの応答がなくなりました（画面が消えた、ページが閉じた、Wi-Fiが切れたなど）。",
    "phones.problem.lost": "スマホの応答がなくなりました（画面が消えた、ページが閉じた、Wi-Fiが切れたなど）。"
                           "新しいコードを表示して、そのスマホで読み取ってください。続きから遊べます。",
    "phones.problem.unreachable": "スマホ同士がつながりませんでした。両方が同じWi-Fiにつながっていて、その"
                                  "Wi-Fiが端末同士の通信を許している必要があります（ゲスト用や公共のWi-Fiでは"
                                  "たいてい許されていません。スマホのテザリングでも動かないことがあります）。"
                                  "別のWi-Fiで、新しいコードからやり直してください。",
    "phones.problem.wrong_table": "そのスマホは別の卓の返事をしました。新しいコードを表示してください。",
    "phones.problem.flood": "そのスマホは人では送れないほど多くのメッセージを送ったので、切断しました。続けて"
                            "遊ぶなら新しいコードを表示してください。",
    "phones.flood_notice": "{name}さんのスマホが人では送れないほど多くのメッセージを送ったので、切断しました。"
                           "続けて遊ぶには新しいコードを表示してください。",
    "phones.known_deal": "この配り方は、ほかの人も知りうるシード（共有されたリンクや、準備の画面に出たシード）から"
                         "作られています。それを知る人は全員の手札を割り出せます。秘密の配り方にするには、スマホの"
                         "席で新しいゲームを始めてください。",
    "phones.problem.no_webrtc": "このブラウザでは複数のスマホで遊べません（ブラウザ同士を直接つなぐWebRTCが"
                                "ありません）。スマホの席はこの端末で遊びます（端末を回してください）。スマホで"
                                "遊ぶには、別のブラウザ（Chrome、Safari、Firefox）で卓を始めてください。",
    "phones.problem.offer_failed": "このブラウザはペアリングコードを作れませんでした（WebRTCが拒否しました）。"
                                   "ページを再読み込みするか、別のブラウザを使ってください。",
    "phones.problem.bad_answer": "このブラウザはそのスマホの返事を受け付けませんでした。新しいコードを表示して、"
                                 "もう一度読み取ってください。",
    "phones.problem.answer_failed": "スマホ同士が接続方法を決められませんでした。新しいコードを表示してください。",
    "phones.problem.bad_offer": "スマホ同士が接続方法を決められませんでした。新しいコードを表示してください。",
    "phones.no_webrtc_here": "このブラウザでは複数のスマホで遊べません（WebRTCがありません）。{names}はこの"
                             "端末で遊びます（端末を回してください）。スマホで遊ぶには、別のブラウザ（Chrome、"
                             "Safari、Firefox）で卓を始めてください。",
    "phones.routed": "それは{name}さんのコードへの返事でした。{name}さんのスマホにつなぎます。",
    "phones.answer_error_label": "その返事を受け付けなかった理由",
    "err.pairing.own_link": "これはあなた自身のペアリングリンクです。友だちのスマホに送り、そのスマホに出る返事の"
                            "コードをここに貼ってください",
    "err.pairing.other_table": "この返事は別の卓のコード（または古いコード）へのものです。ここに表示中のコードを"
                               "友だちに開いてもらってください",
    "err.pairing.old_code": "この返事は{name}さんの席の古いコードへのものです。{name}さんに今表示中のコードを"
                            "開いてもらってください",
    "err.pairing.seat_taken": "この返事は{name}さんのコードへのもので、そのコードには別のスマホが返事済みです。"
                              "各自が自分の席のコードを開いてください",
    "phones.on_phone": "スマホで参加",
    "phones.lost_notice": "{name}さんのスマホの応答がありません。新しいコードを表示して、そのスマホで読み取って"
                          "ください。続きから遊べます。",
    "join.title": "卓に参加",
    "join.bad_code": "このペアリングコードは使えません：{reason}",
    "join.seat_of": "「{game}」のゲームの{n}番の席",
    "join.seat_named": "{host}さんの卓の{name}の席・{game}",
    "join.paste_label": "または、ホストから届いたあなたの席のリンク（かコード）を貼り付け",
    "guest.away": "ホストにつながっていません。",
    "guest.next_game": "{host}さんが新しいゲームを始めました。引き続き{name}の席です。",
    "guest.next_game_plain": "ホストが新しいゲームを始めました。席はそのままです。",
    "guest.next_seat": "{host}さんが席替えをして新しいゲームを始めました。今度は{count}席中{n}番目の席（{name}）です。",
    "guest.the_host": "ホスト",
    "join.seat_of_plain": "{n}番目の席",
    "guest.away_at": "{host}さんの卓につながっていません。",
    "guest.rescan": "{host}さんのコードをもう一度読み取る",
    "guest.rejoin_at": "{host}さんの卓に戻る",
    "guest.rejoin_plain": "卓に戻る",
    "join.making": "返事を準備しています…",
    "join.answer_title": "ホストに見せてください",
    "join.answer_help": "ホストがこのコードを読み取ると（または下のコードを送ると）、ここでゲームが始まります。",
    "join.answer_label": "ホストへの返事のコード",
    "join.code_label": "返事のコード",
    "join.copy": "コードをコピー",
    "join.share": "コードを送る",
    "join.copied": "返事のコードをコピーしました。",
    "join.waiting": "ホストを待っています…",
    "join.joining": "接続しました。卓に参加しています…",
    "join.unreachable": "まだつながりません。ホストはあなたの返事を読み取りましたか？読み取ったのなら、スマホ同士が"
                        "つながれません。両方が同じWi-Fiにつながっていて、そのWi-Fiが端末同士の通信を許している"
                        "必要があります（ゲスト用や公共のWi-Fiではたいてい許されていません。スマホのテザリングでも"
                        "動かないことがあります）。別のWi-Fiで、ホストに新しいコードを頼んでください。",
    "guest.lost_rejoin": "ホストとの接続が切れました。「卓に戻る」を押して、表示された返事をホストに読み取って"
                         "もらってください。続きから遊べます。",
    "guest.rescan_new": "新しいコードを読み取る",
    "join.lost": "ホストとの接続が切れました。ホストにあなたの席の新しいコードを出してもらい、読み取ってください。"
                 "続きから遊べます。",
    "join.ended.host_left": "ホストが卓を離れました。",
    "join.ended.no_seat": "ホストが席替えをして新しいゲームを始めましたが、このスマホの席はありません（ホストの端末の人かボットが"
                          "担当します）。遊んだゲームは履歴に残ります。",
    "join.ended.seat_closed": "あなたの席はホストの端末で遊ぶことになりました。",
    "join.ended.wrong_table": "ホストの卓は別の卓です。あなたの席のコードを読み取ってください。",
    "join.ended.flood": "このスマホは人では送れないほど多くのメッセージを送ったので、ホストに切断されました。",
    "join.ended": "ホストが接続を閉じました。",
    "join.scan_again": "ホストのコードを読み取る",
    "join.scan_stop": "カメラを止める",
    "join.camera": "カメラ",
    "join.scan_help": "ホストが表示しているあなたの席のコードにカメラを向けてください。",
    "join.camera.no-camera": "ここではカメラを使えません。スマホのカメラアプリでホストのコードを読み取るか、"
                             "ホストが送ったリンクを開いてください。",
    "join.camera.denied": "カメラが許可されませんでした。スマホのカメラアプリで読み取るか、ホストが送ったリンクを"
                          "開いてください。",
    "join.camera.insecure": "ブラウザーは安全なページ（https）でしかカメラを使わせません。スマホのカメラアプリで"
                            "読み取ってください。",
    "join.not_a_code": "それはJunbanのペアリングコードではありません。",
    "join.other_table": "そのコードは別の席か別の卓のものです。",
    "join.no_webrtc": "このブラウザでは複数のスマホで遊べません（ブラウザ同士を直接つなぐWebRTCがありません）。"
                      "ホストのリンクを別のブラウザ（Chrome、Safari、Firefox）で開くか、ホストの端末で"
                      "あなたの席を遊んでもらってください（端末を回します）。",
    "join.transport_error": "このブラウザはホストのコードに返事できませんでした（WebRTCが拒否しました）。ページを"
                            "再読み込みしてコードをもう一度開くか、別のブラウザを使ってください。",
    "join.waiting_host": "まだつながっていません。ホストはあなたの返事を受け取りましたか？ホストが貼り付けるか読み"
                         "取れば、このスマホは自動でつながります（試し続けます）。",
    "guest.status.here": "ホストに接続中",
    "guest.status.busy": "送信中…",
    "guest.your_turn": "あなたの番です",
    "guest.refused": "ホストのゲームが受け付けませんでした：{reason}",
    "guest.home_title": "ほかのスマホの卓",
    "guest.home_item": "{game}：{n}番の席",
    "guest.rejoin": "戻る",
    "guest.forget": "削除",
    "guest.over": "終了",
    "guest.missing": "その卓はこのスマホにありません。ホストのコードを読み取って参加してください。",
    "guest.unfit": "ホストのスマホから、このスマホでは表示できないものが届いたので、無視しました。卓の様子が"
                   "おかしければ、ホストのコードをもう一度読み取ってください。",
    "guest.broken": "この席の卓はこのスマホでは表示できません。ホストのコードを読み取ってもう一度参加してください。",
    "guest.went_back.one": "ホストのゲームは、このスマホが最後に見たところより1手戻っています（取り消されたか、"
                           "ホストのスマホが再読み込みの前に保存できなかったためです）。",
    "guest.went_back.other": "ホストのゲームは、このスマホが最後に見たところより{n}手戻っています（取り消されたか、"
                             "ホストのスマホが再読み込みの前に保存できなかったためです）。",
    "guest.too_large": "このゲームの記録はスマホに残せる大きさを超えました。このまま遊べますが、ページを閉じたら"
                       "ホストのコードを読み取って戻ってください。",
    "guest.leave": "この卓を離れる",
    "guest.leave_confirm": "この卓を離れますか？ホストに離れたことが伝わり、あなたの席はボットに任されるかもしれません。"
                           "あとで戻るには、ホストがあなたのスマホに席を戻す必要があります。",
    "guest.leave_yes": "離れる",
    "guest.leave_no": "残る",
    "err.net.stale": "直前に卓が進みました。もう一度見てから出してください",
    "err.net.refused": "ホストのゲームがそれを認めませんでした",
    "err.net.too_fast": "このスマホは人では送れないほど多くのメッセージを送りました。少し待ってください",
    "err.net.not_your_turn": "あなたの番ではありません",
    "err.net.host_away": "ホストはいま卓を離れています",
    "err.net.host_conflict": "ホストのゲームが別のタブで変更されました",
    "err.net.bad_code": "Junbanのペアリングコードではありません（途中で切れたか、変更されています）",
    "err.net.table_id": "このゲームはペアリングできません（名前が長すぎます）",
    "err.net.not_waiting": "この席は返事を待っていません。新しいコードを表示してください",
    "err.pairing.empty": "コードがありません",
    "err.pairing.too_long": "ペアリングコードより長すぎます",
    "err.pairing.not_a_code": "ペアリングコードではありません",
    "err.pairing.too_short": "コードが短すぎます（一部が欠けています）",
    "err.pairing.checksum": "コードが途中で切れたか、変わっています",
    "err.pairing.version": "別の版のJunbanが作ったコードです。両方のページを再読み込みしてください",
    "err.pairing.not_offer": "これは返事のコードです。ホストのコードを読み取ってください",
    "err.pairing.not_answer": "これはホストのコードです。参加するスマホが表示する返事を読み取ってください",
    "err.pairing.malformed": "コードの各部分がかみ合いません",
    "err.pairing.no_candidates": "この端末には知らせられるネットワークのアドレスがありません（Wi-Fiはオンですか？）",
    "err.pairing.unsupported": "このブラウザーの接続はコードにできません",
    "err.pairing.extra_too_long": "コードが長くなりすぎます",
    "err.net.not_text": "相手のスマホから文字でないものが届きました",
    "err.net.too_large": "相手のスマホから大きすぎるメッセージが届きました",
    "err.net.too_deep": "相手のスマホから入れ子が深すぎるメッセージが届きました",
    "err.net.bad_json": "相手のスマホから読めないメッセージが届きました",
    "err.net.not_object": "相手のスマホから形の違うメッセージが届きました",
    "err.net.version": "相手のスマホは別の版のJunbanです。両方のページを再読み込みしてください",
    "err.net.unknown_kind": "相手のスマホからこのJunbanの知らないメッセージが届きました",
    "err.net.sequence": "メッセージが順番どおりに届きませんでした（再送の悪用？）",
    "err.net.field": "相手のスマホから項目（{field}）の誤ったメッセージが届きました",
    "err.net.action": "相手のスマホから手でないものが届きました",
    "err.net.log": "ホストからの手の記録のつじつまが合いません",
    "err.net.log_too_large": "ホストの手の記録は、スマホに残せる大きさを超えています",
    "err.net.shape": "ホストがこのゲームにありえないものを送りました（{field}）",
    "err.net.bad_spare": "ホストが、この席のものではない再参加コードを送りました",
    "err.net.bad_next": "ホストが、今は移れない新しいゲームへ移るよう求めました",
    "err.net.no_hello": "相手のスマホが名乗りませんでした",
    "err.net.no_welcome": "ホストがまだこのスマホを迎え入れていません",
    "err.net.no_view": "ホストからまだ何も届いていません",
    "err.net.wrong_table": "スマホ同士が別の卓にいます",
    "phones.state.left": "卓を離れました",
    "phones.left_notice": "{name}さんが卓を離れました。",
    "phones.problem.left": "{name}さんが卓を離れました。ゲームはこの席を待っています。ボットに任せるか、この端末で"
                           "遊ぶ（「各席を誰が遊ぶか」）か、{name}さんが戻ってきたら新しいコードを表示してください。",
    "phones.to_bot": "ボットに任せる",
    "phones.to_bot_named": "{name}さんの席をボットに任せる",
    "phones.seats_button": "各席を誰が遊ぶか",
    "phones.seats_help": "この端末：この端末で遊びます。スマホ：友だちのスマホで（QRコードでつなぎます）。ボット："
                         "これからはボットがその席から見える情報だけで遊びます。いつでも切り替えられます。誰が遊ぶかは"
                         "手ではないので、ゲームの記録も再生も変わりません。",
    "phones.switched.bot": "{name}さんの席はボットが遊びます。",
    "phones.switched.here": "{name}さんの席はこの端末で遊びます。",
    "phones.switched.phone": "{name}さんの席をスマホに戻します。下でペアリングしてください。",
    "err.pairing.seat_released": "この返事は{name}さんの席へのものですが、その席はいまスマホで遊ばれていません。"
                                 "先に{name}さんのスマホに戻してください（「各席を誰が遊ぶか」）",
    "err.net.seat_released": "この席はいまこのスマホでは遊べません",
    "err.net.not_your_seat": "スマホが離れられるのは自分の席だけです",
    "join.ended.here": "あなたの席はホストの端末で遊ぶことになりました。あなたのスマホに戻されたら、下のボタンで"
                       "戻れます。",
    "join.ended.bot": "ホストがあなたの席をボットに任せました。このスマホではいま遊べません。あなたのスマホに"
                      "戻されたら、下のボタンで戻れます。",
    "join.ended.left": "あなたはこの卓を離れました。ホストがあなたのスマホに席を戻したら、下のボタンで戻れます。",
    "guest.leave_confirm_at": "{host}さんの卓を離れますか？{host}さんに離れたことが伝わり、あなたの席はボットに"
                              "任されるかもしれません。あとで戻るには、{host}さんがあなたのスマホに席を戻す必要があります。",
    # ホストの再読み込みはスマホ1台につき1回のやり取り（issue 41: スマホの待機コード）
    "phones.back_help": "この卓を再読み込みしました。{name}さんのスマホはまだ卓にいます。そのスマホで「コードを"
                        "読み取る」を押してこれを読み取ってください（そこに貼り付けても可）。こちらに持ち帰るものは"
                        "ありません。",
    "phones.back_label": "{name}さんのスマホ用のこの卓のコード",
    "phones.copy_code": "コードをコピー",
    "phones.back_or_new": "{name}さんのスマホも再読み込みしたとき（「卓に戻る」が出て読み取りがないとき）は、代わりに"
                          "新しいコードを:",
    "phones.problem.standing_stale": "そのスマホはこの卓のコードを受け取りませんでした。そのページも再読み込みされたか、"
                                     "保存データが消えています。新しいコードを表示してください。",
    "phones.standing_refused": "{name}さんのスマホの戻り方はこの席のものではありませんでした。{name}さんのスマホは"
                               "新しいコードでつなぎます。",
    "err.net.bad_standing": "スマホが送った戻るためのコードがその席のものではありません",
    "err.net.no_standing": "このスマホはいま戻るためのコードを用意できていません",
    "err.pairing.other_seat": "このコードは{name}さんのスマホ用で、このスマホ用ではありません",
    "err.pairing.old_standing": "このコードはこのスマホの古いコードへの返事です。ホストに新しいコードを頼んでください",
    "guest.back_title": "{host}さんの卓が戻ったら、そのコードを読み取る",
    "guest.back_title_plain": "ホストの卓が戻ったら、そのコードを読み取る",
    "guest.back_help": "ホストのページが再読み込みされると、あなたの席用のコードが表示されます。読み取るか、"
                       "ここに貼り付けてください。送り返すものはありません。",
    "guest.back_scan": "コードを読み取る",
    "guest.back_paste": "または、ホストから届いたコード（かリンク）を貼り付け",
    "guest.back_placeholder": "ホストのコード",
    "guest.back_go": "接続",
    "guest.back_connecting": "卓に接続しています…",
    "guest.back_refused": "受け付けられません: {reason}。",
    "guest.back_rejoin_or": "ホストは再読み込みしていない？ 代わりに返事で戻る:",
}
