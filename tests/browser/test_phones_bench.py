"""A smoke run of tools/bench_phones.py (docs/multiplayer.md quotes it): a few actions at each of its tables."""
from __future__ import annotations


def test_bench_phones_runs(browser, dist_dir):
    from tools import bench_phones

    result = bench_phones.measure(dist_dir, actions=2, eleusis_players=3, eleusis_actions=2,
                                  chromium=browser.browser_type, game_players=4)
    pairing = result["pairing"]
    assert pairing["machines_ms"]["n"] == 3 and pairing["machines_ms"]["p50"] > 0
    assert pairing["guest_scan_ms"]["n"] == pairing["host_scan_ms"]["n"] == 1
    for table in (result["the_game"], result["eleusis"]):
        assert table["actions"] == 2
        assert table["all_updated_ms"]["n"] == 2 and table["all_updated_ms"]["p50"] > 0
        assert table["each_phone_ms"]["n"] == 2 * (table["phones"] - 1)
        assert table["host_thread_cpu_ms_per_action"] > 0 and table["guest_thread_cpu_ms_per_action"] > 0
