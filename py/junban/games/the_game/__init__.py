"""The Game (Steffen Benndorf): cooperative, 1-5 players, 98 cards onto four piles."""
from junban.games.the_game.rules import (  # noqa: F401 - the game protocol (see junban.games)
    SEATS,
    SLUG,
    State,
    acting_seat,
    apply,
    check_invariants,
    legal_actions,
    new_game,
    normalize_config,
    outcome,
    position,
    table_talk,
    to_act,
    view,
    winds_down,
)
