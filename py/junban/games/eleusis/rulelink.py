"""A custom rule carried in a link, so a friend can solve it without reading it at a glance.

Token = base64url (no padding) of: version byte ``1`` + raw-deflate(rule text, UTF-8), the whole masked with a
fixed byte stream, then a 4-byte SHA-256 checksum of the version and payload. It is obfuscation, not secrecy:
anyone may decode it, but no one reads the rule off the URL by accident. ``decode`` checks everything (size,
characters, version, checksum, decompression bomb, UTF-8, that the text is a valid rule) and raises
``RuleLinkError`` with a message for a person.
"""
from __future__ import annotations

import base64
import hashlib
import re
import zlib

from junban.errors import JunbanError
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.games.eleusis.lang.limits import MAX_TEXT_LENGTH

VERSION = 1
MAX_TOKEN_LENGTH = 1200
_TOKEN_CHARS = re.compile(r"^[A-Za-z0-9_-]+$")
_CHECK_BYTES = 4


class RuleLinkError(JunbanError):
    """A rule link that cannot be read (damaged, changed by hand, from a newer version, or too long).

    ``code`` is ``"rule_link.invalid"`` (the English message says why)."""

    def __init__(self, message: str):
        super().__init__(message, code="rule_link.invalid")


def _mask(data: bytes) -> bytes:
    stream = hashlib.sha256(b"junban eleusis rule link").digest()
    while len(stream) < len(data):
        stream += hashlib.sha256(stream[-32:]).digest()
    return bytes(x ^ y for x, y in zip(data, stream))


def _checksum(body: bytes) -> bytes:
    return hashlib.sha256(b"junban|" + body).digest()[:_CHECK_BYTES]


def encode(text: str) -> str:
    """The link token for a rule. The text must be a valid rule (``RuleError`` otherwise)."""
    compile_rule(text)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    body = bytes([VERSION]) + _mask(packed)
    return base64.urlsafe_b64encode(body + _checksum(body)).decode("ascii").rstrip("=")


def decode(token: str) -> str:
    """The rule text a token carries. Raises ``RuleLinkError`` if the token was damaged or changed."""
    if not isinstance(token, str) or not token:
        raise RuleLinkError("the link carries no rule")
    if len(token) > MAX_TOKEN_LENGTH:
        raise RuleLinkError("the rule in this link is too long")
    if not _TOKEN_CHARS.match(token):
        raise RuleLinkError("the rule in this link is damaged (unexpected characters)")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (ValueError, TypeError):
        raise RuleLinkError("the rule in this link is damaged") from None
    if len(raw) < 1 + _CHECK_BYTES + 1:
        raise RuleLinkError("the rule in this link is damaged (too short)")
    body, check = raw[:-_CHECK_BYTES], raw[-_CHECK_BYTES:]
    if body[0] != VERSION:
        raise RuleLinkError("this rule link comes from another version of the app")
    if _checksum(body) != check:
        raise RuleLinkError("the rule in this link was changed or damaged (checksum)")
    unpacker = zlib.decompressobj(-15)
    limit = MAX_TEXT_LENGTH * 4  # UTF-8 bytes of the longest rule
    try:
        data = unpacker.decompress(_mask(body[1:]), limit + 1)
    except zlib.error:
        raise RuleLinkError("the rule in this link is damaged (cannot unpack)") from None
    if len(data) > limit or unpacker.unconsumed_tail:
        raise RuleLinkError("the rule in this link is too long")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RuleLinkError("the rule in this link is damaged (not text)") from None
    try:
        compile_rule(text)
    except RuleError as err:
        raise RuleLinkError(f"the link carries something that is not a rule: {err}") from None
    return text
