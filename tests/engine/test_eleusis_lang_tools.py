"""The dealer's rule checker and rule links."""
import base64
import time
import zlib

import pytest

from junban.games.eleusis import library
from junban.games.eleusis.checker import check
from junban.games.eleusis.lang import RuleError
from junban.games.eleusis.rulelink import RuleLinkError, _checksum, _mask, decode, encode


# ---------------------------------------------------------------- checker


def test_checker_reports_a_parse_error_with_its_position():
    report = check("card.rank >")
    assert not report.ok and report.position == 11 and "a value" in report.expected and report.error


def test_checker_gives_rate_words_and_no_warning_for_a_good_rule():
    report = check("card.colour != prev.colour")
    assert report.ok and 0.4 < report.acceptance < 0.65 and report.warning is None
    assert report.words_en.startswith("The card has a different colour")
    assert "色が違う" in report.words_ja


def test_checker_warns_about_rules_that_accept_too_few_or_too_many():
    few = check("card.rank = 7 and card.red")
    assert few.warning == "too-few" and few.acceptance < 0.1 and "%" in few.warning_en and few.warning_ja
    many = check("card.rank != 7 or card.red")
    assert many.warning == "too-many" and many.acceptance > 0.8


def test_checker_work_is_bounded_for_the_heaviest_rules():
    heavy = " or ".join(["count(each.rank > card.rank + prev.rank) > length"] * 6)
    start = time.perf_counter()
    report = check(heavy)
    assert report.ok and report.judgements < 400
    assert time.perf_counter() - start < 2.0  # generous: about 0.1 s on the CI machines
    assert report.to_dict()["acceptance"] == report.acceptance


# ---------------------------------------------------------------- rule links


def test_every_library_rule_survives_a_link_and_is_not_readable_in_it():
    for rule in library.all_rules():
        token = encode(rule.rule)
        assert decode(token) == rule.rule
        assert "card" not in token and "prev" not in token
        assert len(token) < 400


def test_unicode_rules_survive_a_link():
    text = "card.suit = ♥ or card.rank ≥ 10"
    assert decode(encode(text)) == text


def test_a_changed_character_is_detected():
    token = encode("card.colour != prev.colour")
    for i in range(len(token)):
        changed = token[:i] + ("A" if token[i] != "A" else "B") + token[i + 1:]
        with pytest.raises(RuleLinkError):
            decode(changed)


@pytest.mark.parametrize("token", ["", "abc", "a" * 5000, "card.red", "ab$cd", "AAAAAAAAAAAA", None, 42])
def test_broken_tokens(token):
    with pytest.raises(RuleLinkError):
        decode(token)


def _forge(payload: bytes, version: int = 1) -> str:
    body = bytes([version]) + _mask(payload)
    return base64.urlsafe_b64encode(body + _checksum(body)).decode().rstrip("=")


def _deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def test_forged_tokens_are_refused():
    with pytest.raises(RuleLinkError, match="too long"):
        decode(_forge(_deflate(b"card.red or " * 100_000)))  # a decompression bomb
    with pytest.raises(RuleLinkError, match="another version"):
        decode(_forge(_deflate(b"card.red"), version=2))
    with pytest.raises(RuleLinkError, match="not a rule"):
        decode(_forge(_deflate(b"__import__('os')")))
    with pytest.raises(RuleLinkError, match="not text"):
        decode(_forge(_deflate(b"\xff\xfe")))


def test_encode_refuses_what_is_not_a_rule():
    with pytest.raises(RuleError):
        encode("card.rank >")
