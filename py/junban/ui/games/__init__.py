"""Each game's table UI: setup options, drawing the table from a view, turning clicks into actions, results.

A module here provides: DEFAULT_PLAYERS, DEFAULT_BOTS, default_config(players), adjust_config(config, players),
setup_options(screen), setup_field(screen, name, value), setup_handle(screen, act, arg), setup_config(screen),
new_table_state(), render_table(table), handle(table, act, arg), field(table, name, value), key(table, key, ctrl),
describe_action(table, before_view, action, seat), result_line(table), result_summary(table),
history_entry(session), bucket_label(bucket), history_chart(scores), HISTORY_COLUMNS.

For the move log (``junban.ui.parts.movelog``) a table module may also provide ``log_event(before, after, action,
seat)`` (what an action did, as plain public data, or None to leave it out) and ``render_event(table, event)``
(its words and marks in the current language).
"""
from __future__ import annotations

import importlib
import importlib.util

# game slug -> module with that game's screens (setup options, table, results)
GAME_UIS = {
    "the-game": "junban.ui.games.the_game",
    "23": "junban.ui.games.twenty_three",
    "eleusis": "junban.ui.games.eleusis",
    "eleusis-science": "junban.ui.games.eleusis_science",
}


def game_ui(game: str):
    return importlib.import_module(GAME_UIS[game])


def has_ui(game: str) -> bool:
    """Is this game playable in this build (its engine and its table UI are present)?"""
    return game in GAME_UIS and importlib.util.find_spec(GAME_UIS[game]) is not None
