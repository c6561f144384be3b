"""The Game's table on CPython (fake DOM and timers): the move log and recap, the sheets, tap twice, markers from
the pile, the On Fire confirmation, notices that belong to a screen, and what each click sends to the engine."""
from __future__ import annotations

from junban.games.the_game import rules
from junban.ui import i18n
from junban.ui.parts.movelog import Entry, MoveLog
from tests.ui.tablekit import by_attr, by_id, button, click, named, nodes, start

SOLO = "#/the-game?players=1&seed=123"
WITH_BOTS = "#/the-game?players=3&bots=2&level=baseline&seed=abc&start=1"


def table(app):
    return app.screen


def hand(app) -> list[int]:
    return table(app).view()["hand"]


def tops(app) -> list[int]:
    return [p["top"] for p in table(app).view()["piles"]]


def play(app, platform, card: int, pile: int) -> None:
    click(app, by_id(platform, f"card-{card}"))
    click(app, by_id(platform, f"pile-{pile}"))


def first_turn(app, platform) -> list[int]:
    """Play the two lowest cards on Ascending pile 1 and end the turn; returns them."""
    low = sorted(hand(app))[:2]
    for card in low:
        play(app, platform, card, 0)
    click(app, button(platform, "End turn"))
    return low


def test_piles_are_named_by_direction_and_their_key():
    app, platform = start(SOLO)
    labels = [by_attr(platform, "id", f"pile-{p}")[0].find_all(lambda n: n.attributes.get("class") == "visually-hidden")
              for p in range(4)]
    assert [lab[0].textContent for lab in labels] == [
        "Ascending pile 1, top ", "Ascending pile 2, top ", "Descending pile 3, top ", "Descending pile 4, top "]
    assert [by_id(platform, f"pile-{p}").attributes["aria-keyshortcuts"] for p in range(4)] == ["1", "2", "3", "4"]


def test_tap_a_card_that_fits_one_pile_twice_plays_it_there():
    app, platform = start(SOLO)
    cards = sorted(hand(app))
    # Close three piles: the two highest cards on the ascending ones, the lowest on a descending one; a middle
    # card then fits only Descending pile 3.
    play(app, platform, cards[-1], 0)
    play(app, platform, cards[-2], 1)
    play(app, platform, cards[0], 3)
    legal = [a for a in table(app).session.legal_actions() if "play" in a]
    middle = [c for c in hand(app) if [a["pile"] for a in legal if a["play"] == c] == [2]]
    assert middle, "a middle card fits only the open descending pile"
    card = middle[0]
    click(app, by_id(platform, f"card-{card}"))
    assert table(app).local["selected"] == card
    click(app, by_id(platform, f"card-{card}"))
    assert card not in hand(app) and tops(app)[2] == card


def test_tap_twice_on_a_card_that_fits_several_piles_only_unselects_it():
    app, platform = start(SOLO)
    card = max(hand(app))  # fits both ascending and both descending piles at the start
    click(app, by_id(platform, f"card-{card}"))
    click(app, by_id(platform, f"card-{card}"))
    assert card in hand(app) and table(app).local["selected"] is None


def test_a_drop_plays_the_card_where_it_was_let_go_and_a_wrong_drop_changes_nothing():
    app, platform = start(SOLO)
    low = min(hand(app))
    app.dispatch("tg:drop", f"{low}@pile-2")  # a low card on a descending pile: legal (any card < 100)
    assert tops(app)[2] == low
    high = max(hand(app))
    app.dispatch("tg:drop", f"{high}@pile-3")
    assert tops(app)[3] == high
    high = max(hand(app))
    app.dispatch("tg:drop", f"{high}@pile-0")
    before = hand(app)
    lower = next(c for c in before if c < high and c != high - 10)
    app.dispatch("tg:drop", f"{lower}@pile-0")  # below an ascending pile's top: it does not fit
    assert hand(app) == before and any(n.kind == "error" for n in app.notices)
    app.dispatch("tg:drop", "nonsense")
    assert hand(app) == before


def test_a_hand_card_can_be_dragged_only_to_the_piles_it_fits():
    app, platform = start(SOLO)
    card = max(hand(app))
    node = by_id(platform, f"card-{card}")
    assert node.attributes["data-drop-ok"].split() == ["pile-0", "pile-1", "pile-2", "pile-3"]
    assert node.attributes["data-drag-act"] == "tg:drop"
    play(app, platform, card, 0)
    below = [c for c in hand(app) if c < card and c + 10 != card]
    if below:
        node = by_id(platform, f"card-{below[0]}")
        assert "pile-0" not in node.attributes.get("data-drop-ok", "").split()


def test_the_move_log_groups_turns_and_the_recap_tells_what_the_bots_did_since_my_turn():
    app, platform = start(WITH_BOTS)
    mine = first_turn(app, platform)
    platform.run_timers(200)  # both bots play their turns
    assert table(app).session.to_act == 0
    log = by_attr(platform, "role", "log")
    assert len(log) == 1 and log[0].attributes["aria-label"] == "Moves"
    turns = log[0].find_all(lambda n: n.tagName == "li")
    assert len(turns) == 3
    assert "Player 1 (you)" in turns[0].textContent and "Bot 2" in turns[1].textContent and "Bot 3" in turns[2].textContent
    assert all(str(c) in turns[0].textContent for c in mine)
    recap = by_id(platform, "recap")
    assert recap.textContent.startswith("Since your turn:")
    assert "Bot 2" in recap.textContent and "Bot 3" in recap.textContent and "Player 1" not in recap.textContent
    # a line per seat that acted, open at once; folded to one line on request, open again after the next moves
    lines = recap.find_all(lambda n: n.attributes.get("class") == "recap-item")
    assert [line.find_all(lambda n: n.attributes.get("class") == "recap-who")[0].textContent for line in lines] == \
        ["Bot 2", "Bot 3"]
    assert "recap-several" in recap.attributes["class"]
    click(app, by_id(platform, "recap-fold"))
    assert "recap-several" not in by_id(platform, "recap").attributes["class"]
    assert by_id(platform, "recap-fold").attributes["aria-pressed"] == "false"
    click(app, by_id(platform, "recap-fold"))
    assert "recap-several" in by_id(platform, "recap").attributes["class"]
    # The bots' cards are marked on the piles until the person acts.
    marked = [c for c, seat in ((e.event["card"], e.seat) for e in table(app).since_my_turn() if e.event["kind"] == "play")]
    assert marked
    tagged = nodes(platform, lambda n: n.attributes.get("class") == "recent-tag")
    assert tagged, "the top card a bot just played carries its name"
    low = min(hand(app))
    target = next(p for p in range(4) if rules.fits(low, p, tops(app)[p]))
    play(app, platform, low, target)
    assert not nodes(platform, lambda n: n.attributes.get("class") == "recent-tag")
    assert by_id(platform, "recap").textContent.startswith("This turn:"), "the person's turn is under way"
    low = min(hand(app))
    play(app, platform, low, next(p for p in range(4) if rules.fits(low, p, tops(app)[p])))
    click(app, button(platform, "End turn"))
    assert by_id(platform, "recap").textContent.startswith("Last turn:")


def test_the_log_is_rebuilt_from_the_saved_game_after_a_reload():
    app, platform = start(WITH_BOTS)
    first_turn(app, platform)
    platform.run_timers(200)
    before = [(e.seat, e.event) for e in table(app).log.entries]
    app.route(platform.get_hash())  # the same saved game opened again
    assert [(e.seat, e.event) for e in table(app).log.entries] == before


def test_a_pile_marker_does_not_clear_the_recap():
    log = MoveLog.__new__(MoveLog)
    log.entries = [Entry(0, 0, {"kind": "play"}), Entry(1, 0, {"kind": "end", "ends_turn": True}),
                   Entry(2, 1, {"kind": "play"}), Entry(3, 0, {"kind": "mark", "aside": True})]
    assert [e.index for e in log.since_last_action_of(0)] == [2]
    assert [t.seat for t in log.turns()] == [0, 1, 0]


def test_markers_are_set_from_the_pile_with_a_menu_and_never_refused_twice():
    app, platform = start(WITH_BOTS)
    click(app, by_id(platform, "pile-2"))  # no card picked: the pile's markers
    menu = by_attr(platform, "role", "menu")
    assert len(menu) == 1
    items = [n.textContent for n in by_attr(platform, "role", "menuitemradio")]
    assert items == ["No marker", "Keep (please don't play here)", "Small jumps only"]
    keep = by_attr(platform, "data-arg", "2:keep")[0]
    click(app, keep)
    assert table(app).view()["piles"][2]["marker"] == {"kind": "keep", "seat": 0}
    assert not by_attr(platform, "role", "menu"), "the menu closes"
    assert not app.notices, [n.text for n in app.notices]
    # Choosing what is already set changes nothing and says nothing.
    click(app, by_id(platform, "pile-2"))
    click(app, by_attr(platform, "data-arg", "2:keep")[0])
    assert not app.notices and table(app).view()["piles"][2]["marker"]["kind"] == "keep"
    click(app, by_id(platform, "pile-2"))
    click(app, by_attr(platform, "data-arg", "2:none")[0])
    assert table(app).view()["piles"][2]["marker"] is None


def test_a_quick_second_tap_on_the_pile_just_played_on_never_opens_its_markers():
    """Issue 41: a double tap on a pile played the card, and its second tap opened the markers, where the next tap
    (meant for a card) set Keep. Within the double-tap interval of a play there, a tap on that pile does nothing;
    later, it opens the markers as before."""
    app, platform = start(SOLO)
    card = min(hand(app))
    play(app, platform, card, 0)
    platform.clock += 0.2
    click(app, by_id(platform, "pile-0"))  # the second tap of the double tap
    assert not by_attr(platform, "role", "dialog"), "the pile's markers opened at a double tap"
    platform.clock += 0.3
    click(app, by_id(platform, "pile-0"))  # a third quick tap: the same gesture
    assert not by_attr(platform, "role", "dialog")
    platform.clock += 0.2
    click(app, by_id(platform, "pile-1"))  # another pile is another intent: its markers
    assert by_id(platform, "sheet-markers")
    click(app, by_attr(platform, "class", "sheet-close")[0])
    platform.clock += 1.0
    click(app, by_id(platform, "pile-0"))  # a tap of its own, later: the markers, as before
    assert by_id(platform, "sheet-markers")
    assert table(app).session.actions == [{"play": card, "pile": 0}]


def fire_deal() -> tuple[str, int]:
    """A solo On Fire seed whose opening hand has a fire card that can start a pile, and that fire card."""
    for i in range(500):
        seed = f"fire-{i}"
        state = rules.new_game(rules.normalize_config({"players": 1, "on_fire": True}), seed)
        fire = sorted(set(state.hands[0]) & rules.fire_cards(state.config))
        if fire:
            return seed, fire[0]
    raise AssertionError("no solo On Fire deal with a fire card in hand")


def test_ending_a_turn_with_a_fire_card_still_burning_asks_first():
    seed, fire = fire_deal()
    app, platform = start(f"#/the-game?players=1&variant=fire&seed={seed}")
    play(app, platform, fire, 0)
    other = next(c for c in sorted(hand(app)) if c > fire or c < 100)
    pile = next(p for p in range(4) if p != 0 and rules.fits(other, p, tops(app)[p]))
    play(app, platform, other, pile)
    click(app, button(platform, "End turn"))  # the fire card was played this turn: no question yet
    assert table(app).session.view(0)["turn"] == 2
    # Next turn: play the minimum elsewhere, leave the fire card burning, and try to end.
    for _ in range(2):
        card = next(c for c in sorted(hand(app), reverse=True)
                    if any(rules.fits(c, p, tops(app)[p]) for p in (2, 3)))
        play(app, platform, card, next(p for p in (2, 3) if rules.fits(card, p, tops(app)[p])))
    click(app, button(platform, "End turn"))
    dialog = by_id(platform, "sheet-fire-end")
    assert dialog.attributes["role"] == "dialog" and str(fire) in dialog.textContent
    assert "loses the game" in dialog.textContent
    click(app, button(platform, "Keep playing"))
    assert not table(app).session.is_over and not by_attr(platform, "role", "dialog")
    click(app, button(platform, "End turn"))
    click(app, button(platform, "End turn and lose"))
    assert table(app).session.outcome["reason"] == "fire"
    assert by_id(platform, "sheet-result").attributes["role"] == "dialog"


def test_a_strict_table_offers_no_undo_at_all():
    app, platform = start("#/the-game?players=1&strict=1&seed=123")
    assert not named(platform, "Undo")
    assert "U undo" not in platform.root.textContent
    low = min(hand(app))
    play(app, platform, low, 0)
    assert app.key("u") is False and not app.notices
    assert tops(app)[0] == low


def test_the_rules_and_the_menu_open_as_sheets_over_the_table_and_give_focus_back():
    app, platform = start(SOLO)
    click(app, by_id(platform, "open-rules"))
    dialog = by_id(platform, "sheet-rules")
    assert dialog.attributes["aria-modal"] == "true" and "Backwards trick" in dialog.textContent
    frame = nodes(platform, lambda n: "table-frame" in n.attributes.get("class", ""))[0]
    assert "inert" in frame.attributes, "what is under a sheet is inert"
    app.key("Escape")
    assert not by_attr(platform, "role", "dialog") and platform.focused == "#open-rules"
    click(app, by_id(platform, "open-menu"))
    assert by_id(platform, "sheet-menu")
    click(app, by_id(platform, "share"))
    assert platform.copied and platform.copied[0].startswith("http://127.0.0.1:8000/#/the-game?")


def play_to_the_end_by_hints(app, platform) -> None:
    """The person follows the hints (the bots play between their turns) until the game ends."""
    session = table(app).session
    for _ in range(600):
        if session.is_over:
            return
        if not table(app).my_turn():
            platform.run_timers(1)
            continue
        app.key("h")
        hint = table(app).local["hint"]
        if "play" in hint:
            app.key(str(hint["pile"] + 1))
        elif "end_turn" in hint:
            app.key("e")
        else:
            app.key("u")
    raise AssertionError("the game did not end")


def test_a_win_is_celebrated_and_a_loss_says_why_and_offers_the_same_deal():
    app, platform = start(SOLO)
    session = table(app).session
    play_to_the_end_by_hints(app, platform)  # a real game, whatever its result
    dialog = by_id(platform, "sheet-result")
    result = session.outcome["result"]
    assert by_id(platform, "end-title").textContent == {"perfect": "Perfect win!", "win": "Win!", "loss": "Lost"}[result]
    confetti = nodes(platform, lambda n: "celebration" in n.attributes.get("class", ""))
    assert bool(confetti) == (result != "loss")
    assert button(platform, "Replay this deal") and button(platform, "New deal")
    assert "cards left" in dialog.textContent or "card left" in dialog.textContent
    click(app, button(platform, "Close"))
    assert by_id(platform, "end")  # the result stays on the table as a banner
    click(app, button(platform, "Replay this deal"))
    assert table(app).session.seed == "123" and table(app).session.actions == []


def test_notices_belong_to_their_screen_and_information_clears_itself():
    app, platform = start(SOLO)
    app.dispatch("tg:pile", "0")  # no card picked: opens the markers (not an error)
    app.dispatch("table:close", None)
    table(app).services.notify("something went wrong here", "error")
    app.go("#/")
    assert not app.notices, "an error about the table does not follow the person home"
    app.screen.services.notify("just so you know", "info")
    assert app.notices
    platform.run_timers(10)
    assert not app.notices, "information clears itself"


def test_information_said_again_stays_its_time_from_the_last_time():
    app, platform = start(SOLO)
    services = app.screen.services
    services.notify("Moves made in another tab were brought in.", "info", key="followed")
    platform.clock += 5  # more moves brought in just before it would clear
    services.notify("Moves made in another tab were brought in.", "info", key="followed")
    due = [when for when, _, _ in platform.timers]
    assert due and min(due) >= platform.clock + 5, "cleared 6 s after the first time, not the last"
    platform.run_timers(10)
    assert not app.notices


def test_japanese_table_speaks_japanese_including_default_names_and_engine_errors():
    app, platform = start("#/the-game?players=2&bots=1&seed=77&start=1", lang="ja")
    assert platform.skip_link == "本文へ移動"
    chips = [n.textContent for n in nodes(platform, lambda n: n.attributes.get("class") == "seat-name")]
    assert chips == ["プレイヤー1", "ボット2"]
    table(app).act({"end_turn": True})  # too early: refused by the engine, in Japanese
    text = app.notices[-1].text
    assert "手番を終える前に" in text and "play at least" not in text
    i18n.set_language("en")


def test_after_a_game_the_deal_is_analysed_in_slices_and_its_best_line_replayed_step_by_step():
    app, platform = start("#/the-game?players=1&seed=review-1")
    assert not named(platform, "Analyse this deal"), "never during play"
    play_to_the_end_by_hints(app, platform)
    click(app, button(platform, "Analyse this deal"))
    review = table(app).review
    assert review is not None and review.status == "running"
    assert by_attr(platform, "role", "progressbar"), "it says how far it got"
    ticks = platform.run_timers(1)
    assert ticks == 1 and review.status == "running", "one slice per timer callback: the page stays responsive"
    platform.run_timers(100_000)
    assert review.status == "done"
    verdict = by_id(platform, "review-verdict").textContent
    result = review.result
    assert verdict == review.verdict_text() and ("perfect" in verdict.lower() or "left" in verdict)
    # The best line replays through the engine to the result it promised.
    replay = review.replay
    assert replay.name == "best" and replay.step == 0
    click(app, button(platform, "To the end"))
    assert rules.outcome(replay.state)["left"] == result["best"]["best_left"]
    click(app, button(platform, "To the start"))
    note = by_id(platform, "review-note").textContent
    first = replay.actions[0]
    assert note.startswith(f"Step 0 of {len(replay.actions)} · Next: Player 1 plays") and str(first["play"]) in note
    hinted = nodes(platform, lambda n: "hinted" in n.attributes.get("class", "").split())
    assert hinted, "the next card and its pile are highlighted"
    click(app, button(platform, "One step on"))
    assert replay.step == 1 and tops(app) == [p["top"] for p in table(app).view()["piles"]]
    app.key("ArrowRight")
    assert replay.step == 2
    click(app, by_id(platform, "review-play"))
    platform.run_timers(3)
    assert replay.step > 2
    click(app, by_id(platform, "review-play"))  # pause
    app.key("Escape")
    assert table(app).review is None and by_id(platform, "end")


def test_an_analysis_can_be_stopped_and_left():
    app, platform = start("#/the-game?players=2&bots=1&level=baseline&seed=review-2&start=1")
    play_to_the_end_by_hints(app, platform)
    platform.run_timers(0)
    click(app, button(platform, "Analyse this deal"))
    click(app, button(platform, "Stop"))
    platform.run_timers(1000)
    assert table(app).review.status == "cancelled" and "stopped" in platform.root.textContent
    click(app, button(platform, "Back to the game"))
    assert table(app).review is None


def test_following_a_hints_words_plays_the_hinted_move():
    """"Play 37 on Ascending pile 1": tapping 37, then that pile, plays it (the hint had picked 37 already; the
    tap used to put it back, and the pile then opened its markers)."""
    for seed in ("123", "abc", "hint-1", "hint-2"):
        app, platform = start(f"#/the-game?players=1&seed={seed}")
        click(app, button(platform, "Hint"))
        hint = table(app).local["hint"]
        assert "play" in hint
        words = by_id(platform, "hint-text").textContent
        assert str(hint["play"]) in words
        count = len(table(app).session.actions)
        click(app, by_id(platform, f"card-{hint['play']}"))
        if len(table(app).session.actions) == count:  # (a card only one pile takes goes there at once)
            click(app, by_id(platform, f"pile-{hint['pile']}"))
        assert table(app).session.actions[count:] == [{"play": hint["play"], "pile": hint["pile"]}]
        assert not by_attr(platform, "role", "dialog"), "a pile's markers opened instead"


def test_the_table_says_which_variants_are_on():
    app, platform = start("#/the-game?players=1&seed=123&variant=expert,small,fire&strict=1")
    tags = by_attr(platform, "aria-label", "Variants")
    assert len(tags) == 1
    assert [li.textContent for li in tags[0].find_all(lambda n: n.tagName == "li")] == \
        ["Expert", "Smaller hands", "On Fire", "Strict table"]
    app, platform = start("#/the-game?players=1&seed=123&variant=fire", lang="ja")
    assert [li.textContent for li in by_attr(platform, "aria-label", "バリアント")[0].find_all(
        lambda n: n.tagName == "li")] == ["オン・ファイア"]
    app, platform = start(SOLO)
    assert not by_attr(platform, "aria-label", "Variants"), "a standard table shows no tags"
