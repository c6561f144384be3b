"""The game log: config + seed + actions. It is the truth; every state is derived from it by replay."""
from __future__ import annotations

from dataclasses import dataclass, field

from junban.games import load_game


@dataclass
class GameLog:
    game: str  # slug, e.g. "the-game"
    config: dict
    seed: str
    actions: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"game": self.game, "config": self.config, "seed": self.seed, "actions": list(self.actions)}


def replay(log: GameLog):
    """Rebuild the state a log describes (raises the engine's error if an action no longer applies)."""
    game = load_game(log.game)
    state = game.new_game(log.config, log.seed)
    for action in log.actions:
        state = game.apply(state, action)
    return state
