"""23 (Christoph Behre): 2-4 players play ascending cards onto one pile; skipped numbers cost penalty chips."""
from junban.games.twenty_three.rules import (  # noqa: F401 - the game protocol (see junban.games)
    SEATS,
    SLUG,
    State,
    acting_seat,
    apply,
    check_invariants,
    legal_actions,
    log_view,
    new_game,
    normalize_config,
    outcome,
    seat_actions,
    seats_to_act,
    to_act,
    view,
    winds_down,
)
