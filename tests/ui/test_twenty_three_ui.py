"""23's table on CPython (fake DOM and timers): what a person sees and what each click sends to the engine."""
from __future__ import annotations

import pytest
from junban import links
from junban.games.twenty_three import links as tt_links
from junban.games.twenty_three import rules
from junban.session import Seat
from junban.ui import i18n
from junban.ui.app import App
from junban.ui.dom import find_all, h, text_of
from junban.ui.games import twenty_three as ui

from tests.ui import tablekit
from tests.ui.fakeplatform import FakePlatform
from tests.ui.tablekit import button, by_attr, by_id, click, nodes

VS_BOT = "#/23?players=2&bots=1&level=baseline&seed=123"


# ---------------------------------------------------------------------- helpers


def start(hash_text: str = VS_BOT, lang: str = "en"):
    return tablekit.start(hash_text, lang)


def hand_buttons(platform) -> list:
    return by_attr(platform, "data-act", "tt:card")


def hand(platform) -> list[int]:
    return [int(b.textContent) for b in hand_buttons(platform)]


def pile_label(platform) -> str:
    return by_attr(platform, "role", "img")[0].attributes["aria-label"]


def table(app):
    return app.screen


def discard_highest(app, platform) -> list[int]:
    cards = hand_buttons(platform)
    chosen = cards[-3:]
    for card in chosen:
        click(app, card)
    click(app, button(platform, "Discard 3 cards"))
    return sorted(int(c.textContent) for c in chosen)


def until_my_turn(app, platform) -> None:
    platform.run_timers()
    assert app.screen.session.is_over or app.screen.my_turn()


# ---------------------------------------------------------------------- discard and the opening


def test_the_table_opens_on_the_secret_discard_with_15_cards_named_by_number():
    app, platform = start()
    assert platform.hash.startswith("#/play/")
    cards = hand(platform)
    assert len(cards) == 15 and cards == sorted(cards)
    assert pile_label(platform).startswith("Pile, empty")
    assert "disabled" in button(platform, "Discard 3 cards").attributes


def test_discarding_three_cards_sends_them_then_the_1_opens_the_pile():
    app, platform = start()
    chosen = discard_highest(app, platform)
    session = table(app).session
    assert session.actions[0] == {"discard": chosen, "seat": 0}
    until_my_turn(app, platform)
    view = session.view(0)
    assert view["phase"] == "play" and pile_label(platform) == f"Pile, value {view['pile_value']}"
    assert len(hand(platform)) == view["hand_counts"][0] in (11, 12)  # 11 if the person opened with the 1
    assert any("opened round 1 with the 1" in text for text in platform.announcements)


def test_a_fourth_discard_choice_is_refused_and_the_1_cannot_be_chosen():
    app, platform = start("#/23?players=2&bots=1&level=baseline&seed=7")
    session = table(app).session
    for card in hand_buttons(platform)[-3:]:
        click(app, card)
    click(app, hand_buttons(platform)[-4])
    assert len(table(app).local["discard"]) == 3
    assert by_id(platform, "tt-refused").textContent == "You have chosen 3 cards: unselect one to choose another."
    holder = next(s for s in range(2) if 1 in session.state.hands[s])
    if holder == 0:
        click(app, hand_buttons(platform)[0])  # the 1
        assert by_id(platform, "tt-refused").textContent == "The 1 cannot be discarded."


def test_the_bot_discards_at_once_while_the_person_chooses():
    app, platform = start()
    session = table(app).session
    platform.run_timers(1)
    assert session.actions == [session.actions[0]] and session.actions[0]["seat"] == 1, "the bot discarded first"
    app.render()
    assert table(app).my_turn() and session.state.phase == "discard"
    assert by_id(platform, "status").textContent == "Player 1: discard 3 cards."
    chosen = discard_highest(app, platform)
    assert session.actions[1] == {"discard": chosen, "seat": 0} and session.state.phase == "play"


def test_people_at_one_device_discard_one_after_another_behind_the_cover_while_the_bot_discards():
    app, platform = start("#/23?players=3&bots=1&level=baseline&seed=hotseat")
    session = table(app).session
    assert button(platform, "I am Player 1: show my hand")
    platform.run_timers(1)  # the bot does not wait for the people
    assert [a["seat"] for a in session.actions] == [2]
    click(app, button(platform, "I am Player 1: show my hand"))
    assert by_id(platform, "status").textContent == "Player 1: discard 3 cards. Player 2 chooses at the same time."
    first = discard_highest(app, platform)
    assert session.state.phase == "discard" and session.seats_to_act == [1]
    cover = by_attr(platform, "class", "handover")[0].textContent
    assert "Pass the device to Player 2" in cover and "Player 1discarded" in cover  # who, never what
    assert not hand_buttons(platform) and not by_attr(platform, "class", "tt-face"), "the cover shows no card"
    click(app, button(platform, "I am Player 2: show my hand"))
    assert by_id(platform, "status").textContent == "Player 2: discard 3 cards."
    second = discard_highest(app, platform)
    assert [a["seat"] for a in session.actions] == [2, 0, 1]
    assert session.actions[1:] == [{"discard": first, "seat": 0}, {"discard": second, "seat": 1}]
    assert session.state.phase == "play"


# ---------------------------------------------------------------------- choosing a play and seeing its penalty


def playing(seed: str = "123"):
    app, platform = start(f"#/23?players=2&bots=1&level=baseline&seed={seed}")
    discard_highest(app, platform)
    until_my_turn(app, platform)
    return app, platform


def test_a_picked_card_shows_the_engines_penalty_before_playing_and_play_sends_exactly_it():
    app, platform = playing()
    session = table(app).session
    value = session.view(0)["pile_value"]
    card = max(c for c in hand(platform) if c >= value)
    click(app, by_id(platform, f"tt-card-{card}-0"))
    expected = rules.penalty(value, card)
    preview = by_id(platform, "tt-preview").textContent
    assert (f"Penalty: {expected} chip" in preview) if expected else ("No penalty" in preview)
    cost = by_id(platform, "tt-play-cost").textContent
    assert cost == ("no penalty" if expected == 0 else f"+{expected} chip" + ("s" if expected > 1 else ""))
    before, size = session.view(0)["penalties"][0], len(hand(platform))
    click(app, button(platform, "Play"))
    assert session.actions[-1] == {"play": [card]}
    assert session.view(0)["penalties"][0] == before + expected and len(hand(platform)) == size - 1


def test_several_cards_of_one_number_are_played_together_and_another_number_starts_over():
    for seed in range(40):
        app, platform = playing(str(seed))
        cards = hand(platform)
        pairs = [c for c in set(cards) if cards.count(c) >= 2 and c >= table(app).view()["pile_value"]]
        if pairs:
            break
    else:
        pytest.fail("no deal with a playable pair in 40 seeds")
    pair = pairs[0]
    other = next(c for c in cards if c != pair)
    click(app, by_id(platform, f"tt-card-{other}-0"))
    click(app, by_id(platform, f"tt-card-{pair}-0"))
    click(app, by_id(platform, f"tt-card-{pair}-1"))
    assert table(app).local["picked"] == [[pair, 0], [pair, 1]]
    assert by_id(platform, f"tt-card-{pair}-1").attributes["aria-pressed"] == "true"
    assert by_id(platform, f"tt-card-{other}-0").attributes["aria-pressed"] == "false"
    click(app, button(platform, "Play"))
    assert table(app).session.actions[-1] == {"play": [pair, pair]}


def test_a_card_below_the_pile_is_explained_and_a_bonus_chip_makes_it_playable_at_the_best_value():
    for seed in range(60):
        app, platform = playing(str(seed))
        view = table(app).view()
        low = [c for c in hand(platform) if view["pile_value"] - 5 <= c < view["pile_value"]]
        if low:
            break
    else:
        pytest.fail("no deal with a card just below the pile in 60 seeds")
    card, value = low[0], view["pile_value"]
    click(app, by_id(platform, f"tt-card-{card}-0"))
    assert f"{card} is below the pile value {value}" in by_id(platform, "tt-preview").textContent
    assert "disabled" in button(platform, "Play").attributes
    click(app, button(platform, "One more bonus chip"))
    assert by_id(platform, "tt-value").textContent == str(card)
    assert f"1 bonus chip moves the value from {value} to {card}" in by_id(platform, "tt-preview").textContent
    click(app, button(platform, "Raise the adjusted value"))  # above the card: refused, and said why
    assert f"below the adjusted value {card + 1}" in by_id(platform, "tt-preview").textContent
    click(app, button(platform, "Lower the adjusted value"))
    click(app, button(platform, "Play"))
    assert table(app).session.actions[-1] == {"play": [card], "bonus": 1, "value": card}
    assert table(app).session.view(0)["bonus"][0] == rules.BONUS_PER_PLAYER - 1


def test_pass_force_and_drop_out_show_their_costs_and_drop_out_asks_first():
    app, platform = playing()
    size = len(hand(platform))
    assert by_id(platform, "tt-pass-cost").textContent == "+1 chip"
    assert by_id(platform, "tt-force-cost").textContent.startswith("+2 chips")
    assert by_id(platform, "tt-drop-cost").textContent == f"+{size} chips"
    click(app, button(platform, "Drop out"))
    assert table(app).session.actions[-1] != {"drop_out": True}
    sheet = by_id(platform, "sheet-drop")
    assert sheet.attributes["role"] == "dialog" and f"Your {size} cards go back in the box" in sheet.textContent
    click(app, by_id(platform, "drop-no"))
    assert not by_attr(platform, "id", "sheet-drop") and platform.focused == "#tt-drop"
    click(app, button(platform, "Pass and force"))
    assert table(app).session.actions[-1] == {"pass": True, "force": True}
    assert any("passed and forced the next player" in text for text in platform.announcements)


def test_a_forced_player_may_only_play_and_is_told_who_forced_them():
    app, platform = start("#/23?players=2&seed=31")  # two people at one device
    session = table(app).session
    for seat in range(2):
        click(app, button(platform, f"I am Player {seat + 1}: show my hand"))
        discard_highest(app, platform)
    click(app, button(platform, f"I am {session.seats[session.to_act].name}: show my hand"))
    forcer = session.to_act
    click(app, button(platform, "Pass and force"))
    click(app, button(platform, f"I am {session.seats[session.to_act].name}: show my hand"))
    assert session.view(session.to_act)["forced"]
    for name in ("Pass", "Pass and force", "Drop out"):
        assert "disabled" in button(platform, name).attributes
    note = by_attr(platform, "role", "note")[0].textContent
    assert f"{session.seats[forcer].name} passed and forced you" in note


# ---------------------------------------------------------------------- keys


def test_the_keyboard_moves_between_cards_chooses_chips_and_plays():
    app, platform = playing()
    cards = hand(platform)
    assert app.key("ArrowRight") and platform.focused == f"#tt-card-{cards[0]}-0"
    assert app.key("ArrowLeft") and platform.focused == f"#tt-card-{cards[-1]}-" + str(cards.count(cards[-1]) - 1)
    value = table(app).view()["pile_value"]
    card = next(c for c in cards if c >= value)
    click(app, by_id(platform, f"tt-card-{card}-0"))
    assert app.key("+") and table(app).local["bonus"] == 1
    assert app.key("-") and table(app).local["bonus"] == 0
    assert app.key("Escape") and table(app).local["picked"] == []
    click(app, by_id(platform, f"tt-card-{card}-0"))
    assert app.key("p")
    assert table(app).session.actions[-1] == {"play": [card]}


def test_keys_s_and_x_pass_and_ask_before_dropping_out():
    app, platform = playing()
    session = table(app).session
    assert app.key("x") and by_attr(platform, "id", "sheet-drop")
    assert app.key("Escape") and not by_attr(platform, "id", "sheet-drop")
    assert app.key("s") and session.actions[-1] == {"pass": True}


# ---------------------------------------------------------------------- rounds, the end, the history


def play_by_first_legal(session, stop_at_round_two: bool = False) -> None:
    """Drive every seat with the engine's first legal play (the lowest card, fewest chips), else drop out (or the
    lapsed pass): every turn makes progress, so the game ends."""
    while session.to_act is not None:
        if stop_at_round_two and session.state.round == 2:
            return
        legal = session.legal_actions()
        session.apply(next((a for a in legal if "play" in a or "discard" in a),
                           {"drop_out": True} if {"drop_out": True} in legal else legal[0]))


def test_the_last_card_previews_going_out_and_the_chips_it_returns():
    app, platform = start("#/23?players=2&bots=1&level=baseline&seed=11")
    session = table(app).session
    session.seats[1] = Seat("person", "Ann")
    while not (session.to_act == 0 and session.state.phase == "play" and len(session.state.hands[0]) == 1
               and session.legal_actions()[0].get("play")):
        legal = session.legal_actions()
        session.apply(next((a for a in legal if "play" in a or "discard" in a), legal[-1]))
    session.seats[1] = Seat("bot", "Bot 2", "baseline")
    app.save(session)
    app.go(f"#/play/{session.id}")
    view = session.view(0)
    (card,) = view["hand"]
    click(app, by_id(platform, f"tt-card-{card}-0"))
    taken = rules.penalty(view["pile_value"], card)
    returned = min(rules.GOING_OUT_RETURN, view["penalties"][0] + taken)
    assert "Your last card: you go out and return" in by_id(platform, "tt-preview").textContent
    net = taken - returned
    plural = "s" if abs(net) > 1 else ""
    expected = "no penalty" if net == 0 else (f"−{-net} chip{plural}" if net < 0 else f"+{net} chip{plural}")
    assert by_id(platform, "tt-play-cost").textContent == expected
    click(app, button(platform, "Play"))
    assert table(app).session.view(0)["penalties"][0] == view["penalties"][0] + net


def open_finished(app, platform, session) -> None:
    app.save(session)
    app.go(f"#/play/{session.id}")


def test_the_round_summary_stands_between_the_rounds_until_the_person_starts_round_two():
    app, platform = start("#/23?players=2&bots=1&level=baseline&seed=5")
    session = table(app).session
    session.seats[1] = Seat("person", "Ann")  # both seats driven here, then Player 1 looks at the table
    play_by_first_legal(session, stop_at_round_two=True)
    session.seats[1] = Seat("bot", "Bot 2", "baseline")
    app.save(session)
    app.go(f"#/play/{session.id}")
    summary = by_id(platform, "sheet-round")
    assert "unasked" in summary.parentNode.attributes["class"].split(), "it opened by itself: taps wait longer"
    assert by_id(platform, "sheet-round-title").textContent == "Round 1 is over"
    assert "everyone discards 3 cards in secret, at the same time" in summary.textContent, "what comes next"
    assert by_attr(platform, "inert"), "the new hand waits under the summary"
    results = ui.round_results(session.view(0), 1)
    rows = summary.find_all(lambda n: n.tagName == "tr" and n.parentNode.tagName == "tbody")
    assert [r.childNodes[2].textContent for r in rows] == [str(r["penalties"]) for r in results]
    assert not app.key("p"), "no action keys while the summary is open"
    click(app, button(platform, "To my new cards"))
    assert not by_attr(platform, "id", "sheet-round") and len(hand(platform)) == 15
    click(app, button(platform, "Round 1 results"))
    assert by_id(platform, "sheet-round-title").textContent == "Round 1 is over", "and it can be looked at again"
    assert "unasked" not in by_id(platform, "sheet-round").parentNode.attributes["class"].split(), "asked for"


def finished_game(players: int, want_tie: bool) -> tuple[App, FakePlatform]:
    """A game of people driven by the first legal action, over; a seed with (or without) a shared win."""
    for seed in range(300):
        app, platform = start(f"#/23?players={players}&seed=s{seed}")
        session = table(app).session
        play_by_first_legal(session)
        if (len(session.outcome["winners"]) > 1) == want_tie:
            open_finished(app, platform, session)
            return app, platform
    pytest.fail("no such game in 300 seeds")


def test_the_final_ranking_shows_a_shared_win_as_shared():
    app, platform = finished_game(2, want_tie=True)
    session = table(app).session
    end = by_id(platform, "end-title").textContent
    assert end == "Shared win: Player 1 and Player 2!"
    places = [n.textContent for n in nodes(platform, lambda n: "tt-place" in n.attributes.get("class", ""))]
    assert places == ["1st (shared)", "1st (shared)"]
    entry = ui.history_entry(session)
    assert entry["won"] and entry["score"] == session.outcome["totals"][0]


def test_the_final_ranking_orders_by_total_after_the_bonus_refund_and_the_history_counts_the_first_person():
    app, platform = finished_game(3, want_tie=False)
    session = table(app).session
    outcome = session.outcome
    rows = nodes(platform, lambda n: n.tagName == "tr" and "tt-place" in n.childNodes[0].attributes.get("class", ""))
    totals = [int(r.childNodes[-1].textContent) for r in rows]
    assert totals == sorted(outcome["totals"]) and totals[0] == min(outcome["totals"])
    assert by_id(platform, "end-title").textContent == f"{session.seats[outcome['winners'][0]].name} wins!"
    entry = ui.history_entry(session)
    assert entry == {"bucket": "standard", "won": True, "perfect": outcome["totals"][0] == 0,
                     "score": outcome["totals"][0]}
    history = app.store.history()
    assert len(history) == 1 and history[0]["game"] == "23" and history[0]["score"] == outcome["totals"][0]


def test_history_entry_is_won_only_when_a_person_is_among_the_winners():
    app, platform = start("#/23?players=2&bots=1&level=baseline&seed=9")
    session = table(app).session
    play_by_first_legal(session)
    entry = ui.history_entry(session)
    assert entry["won"] == (0 in session.outcome["winners"])
    assert entry["score"] == session.outcome["totals"][0]


def test_history_chart_is_an_svg_bar_chart_of_penalties():
    chart = ui.history_chart([0, 3, 12, 12, 40])
    svg = chart.children[0]
    assert svg.tag == "svg" and svg.attrs["role"] == "img"
    assert "Penalty chips at the end" in svg.attrs["aria-label"] and "10–14: 2" in svg.attrs["aria-label"]


# ---------------------------------------------------------------------- a whole game, languages, links


def test_a_whole_game_against_a_bot_through_the_ui_reaches_the_ranking():
    app, platform = start("#/23?players=2&bots=1&level=baseline&seed=2026")
    session = table(app).session
    for _ in range(400):
        platform.run_timers()
        if session.is_over:
            break
        if by_attr(platform, "id", "tt-next-round"):
            click(app, by_id(platform, "tt-next-round"))
        elif by_attr(platform, "id", "tt-discard"):
            discard_highest(app, platform)
        else:
            legal = session.legal_actions()
            plays = [a for a in legal if "play" in a and "bonus" not in a]
            if plays:
                card = plays[0]["play"][0]
                click(app, by_id(platform, f"tt-card-{card}-0"))
                click(app, button(platform, "Play"))
            else:
                click(app, button(platform, "Drop out" if {"drop_out": True} in legal else "Pass"))
                if by_attr(platform, "id", "drop-yes"):
                    click(app, by_id(platform, "drop-yes"))
    assert session.is_over
    assert by_id(platform, "end-title").textContent.endswith("!")
    assert len(app.store.history()) == 1


def test_a_table_of_bots_plays_itself_to_the_end_showing_no_hand():
    app, platform = start("#/23?players=3&bots=3&level=baseline&seed=42")
    assert not hand_buttons(platform) and "Hands are hidden" in platform.root.textContent
    platform.run_timers()
    session = table(app).session
    assert session.is_over and by_id(platform, "end-title").textContent.endswith("!")
    assert app.store.history()[0]["won"] is False


def test_japanese_names_the_actions_and_the_pile_in_japanese():
    app, platform = playing()
    app.dispatch("app:lang", "ja")
    for name in ("出す", "パス", "パスと強制プレイ", "降りる"):
        button(platform, name)
    assert pile_label(platform).startswith("場札、場の数字 ")
    i18n.set_language("en")


def test_links_have_no_keys_of_their_own_and_the_daily_deal_is_three_players_against_two_bots():
    setup = links.setup_from_params("23", {"players": "3", "bots": "2", "level": "strong", "seed": "123"})
    assert setup.config == {"players": 3} and setup.bots == 2 and setup.level == "strong"
    link = links.share_link("23", setup.config, "123", 3, 2, "strong")
    assert link == "#/23?players=3&bots=2&level=strong&seed=123"
    assert tt_links.params_from_config({"players": 4}) == {} and tt_links.KEYS == ()
    daily = links.daily_link("23", "2026-11-22")
    route = links.parse_route(daily)
    assert links.setup_from_params("23", route.params).players == 3
    with pytest.raises(links.LinkError):
        links.setup_from_params("23", {"players": "5", "seed": "1"})
    with pytest.raises(links.LinkError):
        links.setup_from_params("23", {"variant": "expert", "seed": "1"})


# ---------------------------------------------------------------------- dead ends, refusals, wording


def drive(session, choose, until, limit: int = 600) -> bool:
    """Take actions for every seat (people and bots alike) with ``choose(session, legal)`` until ``until(session)``."""
    for _ in range(limit):
        if until(session):
            return True
        if session.to_act is None:
            return False
        session.apply(choose(session, session.legal_actions()))
    return until(session)


def spend_chips_first(session, legal):
    """Seat 1 spends bonus chips whenever a play uses them; everyone plays the lowest card, else drops out."""
    plays = [a for a in legal if "play" in a or "discard" in a]
    if session.to_act == 0:
        chipped = [a for a in plays if a.get("bonus")]
        if chipped:
            return chipped[0]
    return plays[0] if plays else ({"drop_out": True} if {"drop_out": True} in legal else legal[0])


def open_at(app, session) -> None:
    app.save(session)
    app.go(f"#/play/{session.id}")


def table_where(what: str, choose, until, seeds: int = 80):
    """The first seeded 2-seat table (you against Bot 2) that ``choose`` drives to a position where ``until``
    holds, opened there; fails naming ``what`` if no seed gets there."""
    for seed in range(seeds):
        app, platform = start(f"#/23?players=2&bots=1&level=baseline&seed={what[:3]}{seed}")
        session = table(app).session
        session.seats[1] = Seat("person", "Ann")  # the test plays Bot 2's seat too
        found = drive(session, choose, until)
        session.seats[1] = Seat("bot", "Bot 2", "baseline")
        if found:
            open_at(app, session)
            return app, platform, session
    pytest.fail(f"no {what} in {seeds} seeds")


def test_alone_with_no_playable_card_the_table_says_so_and_offers_drop_out_first():
    def other_drops_out(session, legal):
        if session.to_act == 1 and session.state.phase == "play":
            return {"drop_out": True} if {"drop_out": True} in legal else legal[0]
        if session.to_act == 0 and session.state.phase == "play":
            plays = [a for a in legal if "play" in a]
            return max(plays, key=lambda a: (a["play"][0], -a.get("bonus", 0))) if plays else legal[0]
        return next((a for a in legal if "discard" in a), legal[0])

    def dead_end(session):
        state = session.state
        return (state.phase == "play" and session.to_act == 0 and state.status.count(rules.IN) == 1
                and not any("play" in a for a in session.legal_actions()))

    app, platform, _ = table_where("dead end", other_drops_out, dead_end)
    note = by_attr(platform, "role", "note")[0].textContent
    assert "last player in this round" in note and "Passing would only cost a chip each time" in note
    actions = [b.textContent for b in nodes(platform, lambda n: n.attributes.get("class", "").startswith("button tt-act"))]
    assert actions == ["Drop out", "Pass"], "Drop out first; Play and Pass and force are not offered"
    assert "primary" in by_id(platform, "tt-drop").attributes["class"]
    assert "disabled" in by_id(platform, "tt-pass").attributes, "alone, a pass is a chip lost for nothing"
    count = len(table(app).session.actions)
    assert app.key("s") and len(table(app).session.actions) == count, "nor is it taken by its key"


def test_the_last_player_in_the_round_cannot_pass_but_plays_on():
    def other_drops_out(session, legal):
        if session.to_act == 1 and session.state.phase == "play":
            return {"drop_out": True} if {"drop_out": True} in legal else legal[0]
        if session.to_act == 0 and session.state.phase == "play":
            return min((a for a in legal if "play" in a), key=lambda a: a["play"][0], default=legal[0])
        return next((a for a in legal if "discard" in a), legal[0])

    def alone_with_a_play(session):
        state = session.state
        return (state.phase == "play" and session.to_act == 0 and state.status.count(rules.IN) == 1
                and any("play" in a for a in session.legal_actions()))

    app, platform, session = table_where("alone", other_drops_out, alone_with_a_play)
    assert {"pass": True} in session.legal_actions(), "the rules allow it"
    assert "disabled" in by_id(platform, "tt-pass").attributes
    assert "disabled" in by_id(platform, "tt-force").attributes
    assert "disabled" not in by_id(platform, "tt-drop").attributes
    count = len(session.actions)
    click(app, by_id(platform, "tt-drop"))  # still possible (asks first)
    assert by_attr(platform, "id", "sheet-drop") and len(session.actions) == count


def test_two_cards_below_the_pile_read_as_two_3s_are_below():
    def high_first(session, legal):
        plays = [a for a in legal if "play" in a and "bonus" not in a]
        if session.to_act == 0 and plays:
            return max(plays, key=lambda a: a["play"][0])
        return next((a for a in legal if "play" in a or "discard" in a), legal[0])

    def pair_below(session):
        state = session.state
        hand_ = state.hands[0]
        return (state.phase == "play" and session.to_act == 0 and state.bonus[0] > 0
                and any(hand_.count(c) >= 2 and c < state.pile_value for c in hand_))

    app, platform, _ = table_where("pair below the pile", high_first, pair_below)
    view = table(app).view()
    card = min(c for c in hand(platform) if hand(platform).count(c) >= 2 and c < view["pile_value"])
    click(app, by_id(platform, f"tt-card-{card}-0"))
    click(app, by_id(platform, f"tt-card-{card}-1"))
    preview = by_id(platform, "tt-preview").textContent
    assert f"two {card}s are below the pile value" in preview, preview
    assert f"{card} {card}" not in preview


def test_with_no_bonus_chips_left_nothing_speaks_of_your_bonus_chips_and_round_two_warns_at_the_discard():
    def broke_in_round_two(session):
        state = session.state
        return state.round == 2 and state.phase == "discard" and state.bonus[0] == 0 and session.to_act == 0

    app, platform, _ = table_where("chipless second round", spend_chips_first, broke_in_round_two)
    click(app, by_id(platform, "tt-next-round"))  # the round's summary first
    warning = by_attr(platform, "role", "note")[0].textContent
    assert "no bonus chips left" in warning and "Low cards" in warning
    discard_highest(app, platform)
    until_my_turn(app, platform)
    view = table(app).view()
    low = [c for c in hand(platform) if c < view["pile_value"]]
    if low:
        click(app, by_id(platform, f"tt-card-{low[0]}-0"))
        preview = by_id(platform, "tt-preview").textContent
        assert "no bonus chips left" in preview and "your bonus chips" not in preview


def test_the_seat_chips_the_recap_and_the_log_tell_what_the_bot_did_since_my_turn():
    app, platform = start("#/23?players=3&bots=2&level=baseline&seed=123")
    discard_highest(app, platform)
    until_my_turn(app, platform)
    chips = nodes(platform, lambda n: "seat-chip" in n.attributes.get("class", "").split())
    view = table(app).view()
    for seat, chip in enumerate(chips):
        said = chip.textContent
        assert f"{view['hand_counts'][seat]} cards" in said and f"{view['penalties'][seat]} penalty chip" in said
    recap = by_id(platform, "recap").textContent
    assert recap.startswith("Since your turn:")
    moves = [e for e in view["log"] if e["event"] in ("play", "pass", "drop_out") and e["seat"] != 0]
    for entry in moves:
        assert app.screen.seat_name(entry["seat"]) in recap
    log = by_id(platform, "move-log").textContent
    assert "Round 1" in log and "discarded 3 cards" in log


def test_a_bots_card_travels_from_its_seat_and_mine_from_my_hand():
    app, platform = start("#/23?players=2&bots=1&level=baseline&seed=123")
    discard_highest(app, platform)
    until_my_turn(app, platform)
    view = table(app).view()
    tops = nodes(platform, lambda n: n.parentNode is not None and "tt-top" in n.parentNode.attributes.get("class", ""))
    last = ui.pile_plays(view)[-1]
    assert all(t.attributes["data-flip-from"] == f"seat-{last['seat']}" for t in tops) or last["seat"] == 0
    card = next(c for c in hand(platform) if c >= view["pile_value"])
    click(app, by_id(platform, f"tt-card-{card}-0"))
    assert by_id(platform, f"tt-card-{card}-0").attributes["data-origin"] == "tt-pick-0"
    click(app, button(platform, "Play"))
    tops = nodes(platform, lambda n: n.parentNode is not None and "tt-top" in n.parentNode.attributes.get("class", ""))
    if table(app).view()["pile"][-1] == [card]:
        assert tops[0].attributes["data-flip-from"] == "tt-pick-0"


def test_a_seat_chip_says_went_out_and_dropped_out_in_words_and_shows_a_mark_for_a_phone():
    view = {"phase": "play", "status": [rules.OUT, rules.DROPPED, rules.IN], "hand_counts": [0, 0, 6],
            "penalties": [2, 9, 4], "bonus": [3, 1, 0], "discarded": [True] * 3, "forced": True, "active": 2}
    chips = [h("li", {}, ui.seat_status(None, view, seat)) for seat in range(3)]
    words = [find_all(chip, lambda n: "tt-seat-word" in (n.attrs.get("class") or "")) for chip in chips]
    assert [text_of(w[0].children[0]) for w in words] == ["went out", "dropped out", "forced"]
    marks = [find_all(chip, lambda n: n.attrs.get("class") == "tt-word-mark") for chip in chips]
    assert [[text_of(m) for m in found] for found in marks] == [["✓"], ["✕"], []]  # forced stays a word
    assert all(m.attrs["aria-hidden"] == "true" for found in marks for m in found)  # the word is what is read


def test_the_move_log_reads_the_same_events_from_log_view_as_from_whole_views():
    """23's views carry the whole public log; the move log replays through ``log_view`` (copies only what it reads)
    and gets exactly the events ``view`` would give."""
    from junban.session import Session
    from junban.ui.parts import movelog

    session = Session("lv000001", "23", {"players": 3}, "log-view", [Seat("bot", "A", "baseline"),
                                                                      Seat("bot", "B", "baseline"),
                                                                      Seat("bot", "C", "baseline")])
    while not session.is_over:
        session.apply(session.bot_action())
    fast = movelog.MoveLog(ui, session)
    by_views = []
    state = rules.new_game(session.config, session.seed)
    for index, action in enumerate(session.actions):
        seat, before = rules.to_act(state), rules.view(state, 0)
        state = rules.apply(state, action)
        event = ui.log_event(before, rules.view(state, 0), action, seat)
        if event is not None:
            by_views.append((index, event))
    assert [(e.index, e.event) for e in fast.entries] == by_views
    assert len(by_views) > 20


def test_a_log_longer_than_the_shown_turns_says_how_many_earlier_turns_are_left_out(monkeypatch):
    from junban.ui.parts import movelog

    app, platform = start()
    discard_highest(app, platform)
    until_my_turn(app, platform)
    turns = len(table(app).log.turns())
    assert turns >= 2
    monkeypatch.setattr(movelog, "SHOWN_TURNS", 1)
    log = movelog.render_log(table(app))
    items = find_all(log, lambda n: n.tag == "li")
    assert "log-earlier" in str(items[0].attrs["class"])
    assert text_of(items[0]) == f"Earlier turns not shown: {turns - 1}."
    assert sum(1 for n in items if "log-turn" in str(n.attrs.get("class"))) == 1
