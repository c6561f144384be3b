"""Eleusis solo science mode as a game of its own (slug ``eleusis-science``): the engine is
``junban.games.eleusis.science``; this package gives it the places the framework looks for a game's bots and
share-link keys."""
from junban.games.eleusis.science import (  # noqa: F401 - the game protocol (see junban.games)
    SEATS,
    SLUG,
    State,
    apply,
    check_invariants,
    legal_actions,
    new_game,
    normalize_config,
    outcome,
    to_act,
    view,
)


def random_config(rng) -> dict:
    """A random configuration (for the fuzzers): a difficulty, sometimes the hint, sometimes a custom rule."""
    from junban.games.eleusis import library

    config = {"level": rng.choice(library.LEVELS), "show_hint": rng.random() < 0.3}
    if rng.random() < 0.3:
        config["rule"] = rng.choice(library.all_rules()).rule
    return normalize_config(config)
