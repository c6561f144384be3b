"""Start-up imports only what the first screen needs (issue 6): the home screen loads no game, a game's setup loads
that game alone. Each case runs in a fresh interpreter, so modules imported by other tests do not hide a leak."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
sys.path[:0] = [{py!r}, {root!r}]
from tests.ui.fakeplatform import FakePlatform
from junban.ui.app import App
App(FakePlatform(hash_text={route!r})).start()
print(json.dumps(sorted(m for m in sys.modules if m.startswith("junban."))))
"""

ENGINES = {"the-game": "junban.games.the_game", "23": "junban.games.twenty_three",
           "eleusis": "junban.games.eleusis", "eleusis-science": "junban.games.eleusis_science"}


def loaded_after_start(route: str) -> set[str]:
    code = PROBE.format(py=str(ROOT / "py"), root=str(ROOT), route=route)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def engines_in(modules: set[str]) -> set[str]:
    return {slug for slug, package in ENGINES.items() if package in modules}


def test_the_home_screen_loads_no_game_and_no_bot():
    modules = loaded_after_start("#/")
    assert "junban.ui.screens.home" in modules  # the probe did render the home screen
    assert engines_in(modules) == set()
    assert not any(m.startswith(("junban.games.", "junban.ui.games.")) for m in modules)


@pytest.mark.parametrize("game", ["the-game", "23", "eleusis"])
def test_a_game_setup_loads_that_game_alone(game):
    modules = loaded_after_start(f"#/{game}")
    assert engines_in(modules) == {game}
