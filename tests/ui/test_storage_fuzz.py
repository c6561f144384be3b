"""A seeded slice of the storage fuzzer (issue 34): values of every JSON shape in every field of every stored
record, of an export file and of a link, through the app's start, home, History, Storage and every saved game.
The long run (100,000+ cases) is tools/fuzz_storage.py; what it checks is in tests/ui/storage_fuzzing.py."""
from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.ui.storage_fuzzing import BASE, check_file_case, check_link_case, check_storage_case, file_cases, link_cases
from tests.ui.storage_fuzzing import storage_cases



def seeded(examples: int):
    """``examples`` cases, the same on every run; a failure is reported as found (shrinking a case that runs the
    whole app takes minutes, and the case's repr shows only what differs from the base device)."""
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), phases=(Phase.explicit, Phase.generate))


@seeded(300)
@given(storage_cases())
def test_any_value_in_any_stored_record_starts_the_app_keeps_what_reads_and_keeps_aside_what_does_not(data):
    check_storage_case(data)


@seeded(120)
@given(file_cases(), st.booleans(), st.integers(0, 7))
def test_any_value_in_any_field_of_an_imported_file_loses_nothing_here(text, fresh, every):
    check_file_case(text, {} if fresh else BASE, everything=every == 0)


@seeded(120)
@given(link_cases(), st.booleans(), st.integers(0, 7))
def test_any_value_in_any_field_of_a_link_loses_nothing_here(token, fresh, every):
    check_link_case(token, {} if fresh else BASE, everything=every == 0)


def test_the_long_run_tool_runs():
    """tools/fuzz_storage.py, whose 100,000-case run docs/fuzzing.md reports (a tiny run: ten cases)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "tools" / "fuzz_storage.py"), "--cases", "10", "--seed", "34"],
                         capture_output=True, text=True, timeout=300, check=True, cwd=root)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["cases"] == {"storage": 6, "file": 2, "link": 2} and result["failures"] == 0
