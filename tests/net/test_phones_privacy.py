"""A phone is sent only what its seat may know, shown by information rather than by inspection: twin games
(tests/net/twins.py) that differ in everything a seat must not know — the other hands, the order of the stock, the
deal's seed, and the other seats' hidden choices (23's secret discards, an Eleusis dealer's rule, people's and bots'
alike) — send that seat's phone the same bytes, sequence numbers aside. Each leak the issue-39 attacks used, planted
once, makes the twins differ.

A seeded slice runs here (random games of all three games, random seats and seat kinds); ``tools/twin_phones.py``
runs the long property check.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.net import twins


def seeded(examples: int):
    """``examples`` cases, the same on every run (a twin pair runs two whole games: no shrinking)."""
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), phases=(Phase.explicit, Phase.generate))


@st.composite
def cases(draw, game=None):
    game = game or draw(st.sampled_from(twins.GAMES))
    players = draw(st.sampled_from(twins.PLAYERS[game]))
    guest = draw(st.integers(0, players - 1))
    bots = draw(st.integers(0, players - 1))
    return twins.make_case(game, players, guest, bots, draw(st.integers(0, 10**6)), max_actions=160,
                           rounds=draw(st.integers(1, 2)))


def check(case, monkeypatch) -> dict:
    result = twins.twin_case(case, monkeypatch)
    assert not twins.leaked(result), f"{case}: {twins.describe(result)}"
    varied = result["varied"]
    assert varied["cards moved"] >= 5, f"{case}: the twin moved only {varied} (the test would see nothing)"
    return result


@pytest.mark.parametrize("game", twins.GAMES)
def test_a_phone_is_sent_the_same_bytes_whatever_it_may_not_know(game, monkeypatch):
    @seeded(2)
    @given(cases(game))
    def twin(case):
        check(case, monkeypatch)

    twin()


def test_the_twins_change_other_seats_hidden_choices(monkeypatch):
    """23's secret discards of people and bots, Eleusis rules written and from the library, by people and bots."""
    result = check(twins.Case("23", ["person", "phone", "bot"], 1, 17), monkeypatch)
    assert result["varied"]["discards"] == 4  # two other seats, two rounds (no force lapsed in this deal)
    result = check(twins.Case("eleusis", ["bot", "phone", "person", "bot"], 1, 7), monkeypatch)
    assert result["varied"]["rules"] >= 2, result["varied"]


def test_a_game_played_through_the_apps_twinned_as_recorded(monkeypatch):
    """A whole game played by every phone's own table (as tests/browser/test_phones_games.py records its games),
    replayed as it was and twinned for one phone."""
    from tests.net.test_playing_on_phones import hosted
    from tests.ui.phoneskit import Room, host_table, join, play_to_end

    room = Room()
    host, _ = hosted(room, "23", ["person", "phone", "phone"], fields={"seed": "recorded-23"})
    guests = {seat: join(room, host, seat)[0] for seat in (1, 2)}
    play_to_end(room, host, guests)
    record = host_table(host).session.to_record()
    result = twins.twin_case(twins.recorded_case(record, 2), monkeypatch)
    assert not twins.leaked(result), twins.describe(result)
    assert result["varied"]["discards"] >= 2 and result["a"].actions == twins.recorded_case(record, 2).script


@pytest.mark.parametrize("leak", list(twins.LEAKS))
def test_each_leak_planted_makes_the_twins_differ(leak, monkeypatch):
    plant, case = twins.LEAKS[leak]
    twins.trusting_guest(monkeypatch)  # the twins alone must see it (the phone's shapes would refuse most)
    plant(monkeypatch)
    result = twins.twin_case(case, monkeypatch)
    assert twins.leaked(result), f"{leak}: the twins did not see it ({result['varied']})"


def test_eleusis_a_phone_never_hears_a_secret_rule_before_its_round_is_over(monkeypatch):
    """Said directly too: while a round another seat deals is played, no update names its rule (text, library id,
    words); the phone dealing knows its own."""
    case = twins.Case("eleusis", ["bot", "phone", "person"], 1, 5, 600, rounds=3)
    with monkeypatch.context() as m:
        played = twins.play_a(case, m)
    rounds = played.session.view(0)["rounds"]
    assert [r["dealer"] for r in rounds] == [2, 0, 1]
    for number, round_ in enumerate(rounds):
        secrets = [s for s in (round_.get("rule"), round_.get("rule_id"), *(round_.get("words") or {}).values(),
                               *(round_.get("name") or {}).values()) if s]
        named = checked = 0
        for text in played.messages:
            message = json.loads(text)
            if message["t"] != "update" or message["view"]["round"] != number or message["view"]["phase"] in \
                    ("rule", "over") or len(message["view"]["rounds"]) > number:
                continue
            checked += 1
            named += any(json.dumps(secret, ensure_ascii=False)[1:-1] in text for secret in secrets)
        assert checked >= 3, f"round {number}: only {checked} updates while it was played"
        if round_["dealer"] == case.guest:
            assert named == checked, "the phone dealing sees its own rule"
        else:
            assert named == 0, f"round {number}'s rule reached the phone"


def test_the_long_run_tool_runs():
    """tools/twin_phones.py, whose long run docs/multiplayer.md reports (a tiny run: two cases)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "tools" / "twin_phones.py"), "--cases", "2", "--workers", "1",
                          "--games", "the-game", "--seed", "39"], capture_output=True, text=True, timeout=300,
                         check=True, cwd=root)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["cases"] == 2 and result["failures"] == 0 and result["games"]["the-game"]["marks checked"] > 0
