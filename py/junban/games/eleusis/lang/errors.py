"""The one error of the rule language: where the text went wrong and what was expected there."""
from __future__ import annotations

from junban.errors import JunbanError


class RuleError(JunbanError):
    """A rule text that is not a rule.

    ``position`` is the 0-based character offset in the text as typed; ``expected`` says in a few words what
    the language expected there; ``found`` is what it found instead (may be empty). ``str(err)`` names both, e.g.
    ``at character 12: expected a number, found 'red' (a colour)``; people count characters from 1.
    ``code`` is ``"rule.invalid"`` with params ``character`` (1-based), ``expected`` and ``found`` (English phrases).
    """

    def __init__(self, position: int, expected: str, found: str = "", detail: str = ""):
        self.position = position
        self.expected = expected
        self.found = found
        self.detail = detail
        message = f"at character {position + 1}: expected {expected}"
        if found:
            message += f", found {found}"
        if detail:
            message += f" ({detail})"
        super().__init__(message, code="rule.invalid", character=position + 1, expected=expected, found=found)
