"""Eleusis (Robert Abbott): find the dealer's secret rule from the cards it accepts and rejects.

The table game (``rules``) follows the game protocol of ``junban.games``; the solo science mode is its own game,
``junban.games.eleusis_science`` (engine: ``science``).
"""
from junban.games.eleusis.rules import (  # noqa: F401 - the game protocol (see junban.games)
    SEATS,
    SLUG,
    State,
    apply,
    check_invariants,
    legal_actions,
    new_game,
    normalize_config,
    outcome,
    random_config,
    to_act,
    view,
    winds_down,
)
