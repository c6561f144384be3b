"""The 23 benchmark's drop-out counts, as examples: which drop-outs throw away a free play, and the rates per
seat-round the last JSON line reports."""
from __future__ import annotations

from junban.bench import twenty_three as bench
from tests.engine.test_twenty_three_support import table


def test_a_drop_out_holding_the_pile_value_throws_away_a_free_play():
    state = table([[7, 9, 12], [15]], 7, bonus=[3, 3])
    assert bench.dropout_record(state, 0) == (0, 3, 0, False)


def test_a_drop_out_that_needs_one_chip_for_a_free_play_is_counted_with_its_chip():
    state = table([[8, 9], [15]], 12, bonus=[1, 3], penalties=[4, 0])
    assert bench.dropout_record(state, 0) == (0, 2, 1, False)  # one chip sends 12 down to 7: the 8 plays free


def test_a_drop_out_with_no_free_play_or_one_provably_worse_is_not_thrown_away():
    assert bench.dropout_record(table([[9, 12], [15]], 7, bonus=[0, 3]), 0) == (0, 2, None, False)  # 8 missing
    # three chips (6 penalty chips at the end) to save one card: worse than dropping it
    assert bench.dropout_record(table([[5], [15]], 20, bonus=[3, 3], penalties=[4, 0]), 0) == (0, 1, 3, True)


def test_the_summary_counts_drop_outs_per_seat_round_of_the_first_bot_and_of_the_others():
    games = [
        {"seat": 0, "totals": [5, 9], "dropouts": [(0, 12, 0, False), (1, 3, None, False)]},
        {"seat": 1, "totals": [7, 4], "dropouts": [(1, 4, None, False), (1, 2, 1, True)]},
    ]
    first = bench.dropout_summary(games, True)
    assert first["seat_rounds"] == 4 and first["dropouts"] == 3  # two games of two rounds
    assert first["dropout_rate"] == 0.75 and first["dropout_10plus_rate"] == 0.25
    assert first["dropout_free_play"] == 2 and first["dropout_free_play_no_chips"] == 1
    assert first["dropout_free_play_worse"] == 1 and first["mean_cards_at_dropout"] == 6.0
    others = bench.dropout_summary(games, False)
    assert others["seat_rounds"] == 4 and others["dropouts"] == 1 and others["dropout_free_play"] == 0
