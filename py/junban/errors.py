"""Typed errors of the engine. Every rejection leaves the game state untouched.

The hierarchy lets callers (the UI, the fuzz tests) tell apart *why* an action was refused:

- ``MalformedAction``: not an action of this game at all (wrong type, unknown key, a card that does not exist).
- ``NotYourTurn``: a well-formed action from a seat that may not act now.
- ``GameOver``: any action after the game has ended.
- ``RuleViolation``: well-formed and in turn, but the rules forbid it (e.g. 37 on an ascending pile showing 40).
"""


class JunbanError(Exception):
    """Base of every error the engine raises on purpose; ``str(err)`` is a message fit for a person (English).

    ``code`` names the message (e.g. ``"link.too_long"``) and ``params`` fill it, so the UI can show the same
    message in the person's language (``junban.ui.text.errors``); errors without a code are shown as they are.
    """

    def __init__(self, message: str = "", *, code: str | None = None, **params):
        super().__init__(message)
        self.code = code
        self.params = params


class ConfigError(JunbanError):
    """A game configuration (from setup, a link or a save) that cannot be played."""


class IllegalAction(JunbanError):
    """An action the engine refuses. The state it was applied to is unchanged."""


class MalformedAction(IllegalAction):
    """The action is not of this game's form."""


class NotYourTurn(IllegalAction):
    """The action comes from a seat that may not act now."""


class GameOver(IllegalAction):
    """The game has ended; no action is accepted."""


class RuleViolation(IllegalAction):
    """The action is well formed but the rules forbid it now."""
