"""Pairing codes (junban.net.sdp): real Chromium offers and answers packed into short tokens and rebuilt, and
tokens that were cut, changed or made up refused with a stable code.

The samples in tests/fixtures/sdp/ were recorded from Chromium by tools/record_sdp.py (README there);
tests/browser/test_peer_transport.py checks that Chromium connects over the rebuilt SDP.
"""
from __future__ import annotations

import base64
import hashlib
import random
from pathlib import Path

import pytest

from junban.net import sdp
from junban.net.sdp import SdpError, pack_answer, pack_offer, unpack_answer, unpack_offer

SAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "sdp"
OFFERS = sorted(SAMPLES.glob("*-offer.sdp"))
ANSWERS = sorted(SAMPLES.glob("*-answer.sdp"))
EXTRA = bytes(range(100, 124))  # 24 bytes, like the app's table id, seat and game


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="strict").replace("\n", "\r\n").replace("\r\r\n", "\r\n")


def attribute(text: str, name: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith(f"a={name}:"))


def fingerprint(text: str) -> str:
    return next(v.split()[1] for v in (line.split(":", 1)[1] for line in text.splitlines()
                                       if line.startswith("a=fingerprint:")) if v.startswith("sha-256"))


def udp_host_candidates(text: str) -> list[tuple[str, int]]:
    out = []
    for line in text.splitlines():
        if line.startswith("a=candidate:"):
            parts = line.split()
            if parts[2].lower() == "udp" and parts[7] == "host":
                out.append((parts[4].lower(), int(parts[5])))
    return out


def frame(payload: bytes) -> str:
    """A token around any payload, with a valid check: what an attacker (or a bug) could make."""
    return base64.urlsafe_b64encode(payload + hashlib.sha256(payload).digest()[:2]).rstrip(b"=").decode()


def test_the_samples_are_there():
    assert len(OFFERS) >= 3 and len(ANSWERS) >= 2
    assert any("chromium-mdns" in p.name for p in OFFERS) and any("chromium-raw" in p.name for p in OFFERS)


@pytest.mark.parametrize("path", OFFERS, ids=lambda p: p.stem)
def test_an_offer_keeps_what_the_guest_needs(path):
    original = read(path)
    token = pack_offer(original, EXTRA)
    rebuilt, extra = unpack_offer(token)
    assert extra == EXTRA
    for name in ("ice-ufrag", "ice-pwd", "setup"):
        assert attribute(rebuilt, name) == attribute(original, name)
    assert fingerprint(rebuilt).upper() == fingerprint(original).upper()
    assert sorted(udp_host_candidates(rebuilt)) == sorted(set(udp_host_candidates(original)))
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in rebuilt.splitlines()
    assert attribute(rebuilt, "mid") == "0" and attribute(rebuilt, "sctp-port") == "5000"
    assert rebuilt.endswith("\r\n") and "\n" not in rebuilt.replace("\r\n", "")
    assert pack_offer(rebuilt, extra) == token, "the rebuilt offer packs to the same token"


@pytest.mark.parametrize("path", ANSWERS, ids=lambda p: p.stem)
def test_an_answer_keeps_its_credentials_its_candidates_and_what_it_answers(path):
    # The guest's own candidates travel with the answer, so the host can check towards the guest as soon as it
    # takes the answer (a Firefox host's names cannot be looked up before: docs/multiplayer.md).
    original = read(path)
    names = bytes(range(7))
    token = pack_answer(original, names)
    rebuilt, extra = sdp.read_answer(token)
    assert extra == names and unpack_answer(token) == rebuilt
    for name in ("ice-ufrag", "ice-pwd", "setup"):
        assert attribute(rebuilt, name) == attribute(original, name)
    assert attribute(rebuilt, "setup") == "active"
    assert fingerprint(rebuilt) == fingerprint(original).upper()
    assert sorted(udp_host_candidates(rebuilt)) == sorted(set(udp_host_candidates(original)))
    assert pack_answer(rebuilt, names) == token


def test_an_answer_without_candidates_still_reads():
    answer = "\r\n".join(line for line in read(SAMPLES / "chromium-mdns-answer.sdp").split("\r\n")
                         if not line.startswith("a=candidate:"))
    rebuilt, extra = sdp.read_answer(pack_answer(answer))
    assert extra == b"" and not udp_host_candidates(rebuilt)


def test_an_answer_names_the_code_it_answers():
    offer = read(SAMPLES / "chromium-mdns-offer.sdp")
    names = sdp.answer_names(offer, "k3x9table", 2)
    assert len(names) == sdp.ANSWER_NAMES == 7
    fingerprint_start, table, seat = sdp.names_of(names)
    assert fingerprint_start == sdp.fingerprint(offer)[:4] and seat == 2
    assert table == sdp.table_names("k3x9table") != sdp.table_names("k3x9tablf")
    assert sdp.names_of(b"") is None and sdp.names_of(bytes(8)) is None


def test_tokens_are_short_enough_for_a_comfortable_qr_code():
    mdns_offer = pack_offer(read(SAMPLES / "chromium-mdns-offer.sdp"), EXTRA)  # two <uuid>.local candidates
    raw_offer = pack_offer(read(SAMPLES / "chromium-raw-offer.sdp"), EXTRA)  # an IPv4 and an IPv6 address
    answer = pack_answer(read(SAMPLES / "chromium-mdns-answer.sdp"), bytes(sdp.ANSWER_NAMES))  # two candidates
    assert len(mdns_offer) == 164 and len(raw_offer) == 148
    assert len(answer) == 142
    for token in (mdns_offer, raw_offer, answer):
        assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_the_ice_credentials_take_six_bits_a_character():
    offer = read(SAMPLES / "chromium-mdns-offer.sdp")
    longer = offer.replace(attribute(offer, "ice-ufrag"), "abcdefgh").replace(attribute(offer, "ice-pwd"), "A+/9" * 8)
    # 28 characters took 21 bytes; 40 take 30: 9 more bytes, 12 more characters of token
    assert len(pack_offer(longer)) - len(pack_offer(offer)) == 12
    rebuilt, _ = unpack_offer(pack_offer(longer))
    assert attribute(rebuilt, "ice-ufrag") == "abcdefgh" and attribute(rebuilt, "ice-pwd") == "A+/9" * 8


def test_a_firefox_shaped_offer_is_read_the_same_way():
    original = read(SAMPLES / "firefox-shaped-offer.sdp")
    rebuilt, extra = unpack_offer(pack_offer(original))
    assert extra == b""
    assert attribute(rebuilt, "ice-ufrag") == "8f3a1c2e"
    assert attribute(rebuilt, "ice-pwd") == attribute(original, "ice-pwd")
    assert fingerprint(rebuilt) == fingerprint(original)  # given at session level there
    assert udp_host_candidates(rebuilt) == [("3f0c1d2e-8b7a-4c6d-9e5f-a1b2c3d4e5f6.local", 51234)]  # TCP left out


def candidate(n: int, address: str, priority: int, transport="udp", kind="host", port=None) -> str:
    return f"a=candidate:{n} 1 {transport} {priority} {address} {port or 50000 + n} typ {kind} generation 0"


def with_candidates(lines: list[str]) -> str:
    offer = read(SAMPLES / "chromium-raw-offer.sdp")
    kept = [line for line in offer.split("\r\n") if not line.startswith("a=candidate:")]
    at = kept.index("c=IN IP4 192.0.2.2") + 1
    return "\r\n".join(kept[:at] + lines + kept[at:])


def test_an_offer_keeps_the_two_best_udp_host_candidates_once_each():
    offer = with_candidates([
        candidate(1, "10.0.0.5", 2113937151),
        candidate(2, "10.0.0.5", 2113937151, port=50001),  # the same again
        candidate(3, "2001:db8::7", 2113942271),
        candidate(4, "192.168.1.20", 2113939711, transport="tcp"),
        candidate(5, "203.0.113.9", 1677729535, kind="srflx"),
        candidate(6, "printer.example", 2122252543),  # a name, but not an mDNS <uuid>.local one
        candidate(7, "0B3F1D2E-8B7A-4C6D-9E5F-A1B2C3D4E5F6.local", 2113940000),
        candidate(8, "172.16.0.3", 2000000000),
    ])
    rebuilt, _ = unpack_offer(pack_offer(offer))
    assert udp_host_candidates(rebuilt) == [("2001:db8::7", 50003), ("0b3f1d2e-8b7a-4c6d-9e5f-a1b2c3d4e5f6.local", 50007)]
    priorities = [int(line.split()[3]) for line in rebuilt.splitlines() if line.startswith("a=candidate:")]
    assert priorities == sorted(priorities, reverse=True), "the best candidate is still tried first"


def test_what_cannot_be_packed_says_why():
    offer = read(SAMPLES / "chromium-mdns-offer.sdp")
    answer = read(SAMPLES / "chromium-mdns-answer.sdp")
    cases = {
        "pairing.no_candidates": lambda: pack_offer(with_candidates([candidate(1, "10.0.0.5", 1, transport="tcp")])),
        "pairing.extra_too_long": lambda: pack_offer(offer, bytes(65)),
        "pairing.unsupported": lambda: pack_answer(answer.replace("a=fingerprint:sha-256", "a=fingerprint:sha-1")),
    }
    for code, make in cases.items():
        with pytest.raises(SdpError) as err:
            make()
        assert err.value.code == code
    unsupported = [
        answer.replace("a=ice-pwd:", "a=ice-pwd-gone:"),
        answer.replace(attribute(answer, "ice-ufrag"), "ab!d"),  # not ice-chars
        answer.replace("a=mid:0", "a=mid:data"),
        answer.replace("a=setup:active", "a=setup:holdconn"),
        answer + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n",
        answer.replace("webrtc-datachannel", "5000"),
    ]
    for text in unsupported:
        with pytest.raises(SdpError) as err:
            pack_answer(text)
        assert err.value.code == "pairing.unsupported"
    with pytest.raises(TypeError):
        pack_offer(offer, "text, not bytes")


def test_a_code_wrapped_in_a_message_still_reads():
    token = pack_answer(read(SAMPLES / "chromium-raw-answer.sdp"))
    wrapped = "  " + token[:30] + "\n" + token[30:60] + "\r\n\t" + token[60:] + "\n"
    assert unpack_answer(wrapped) == unpack_answer(token)


def test_the_wrong_kind_of_code_is_named():
    offer = pack_offer(read(SAMPLES / "chromium-mdns-offer.sdp"))
    answer = pack_answer(read(SAMPLES / "chromium-mdns-answer.sdp"))
    with pytest.raises(SdpError) as err:
        unpack_offer(answer)
    assert err.value.code == "pairing.not_offer"
    with pytest.raises(SdpError) as err:
        unpack_answer(offer)
    assert err.value.code == "pairing.not_answer"


def code_of(fn, token) -> str:
    with pytest.raises(SdpError) as err:
        fn(token)
    assert err.value.code in sdp.CODES
    return err.value.code


@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_every_changed_character_is_refused(kind):
    if kind == "offer":
        token, read_it = pack_offer(read(SAMPLES / "chromium-mdns-offer.sdp"), EXTRA), unpack_offer
    else:
        token, read_it = pack_answer(read(SAMPLES / "chromium-mdns-answer.sdp")), unpack_answer
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    codes = set()
    for i, ch in enumerate(token):
        for other in (alphabet[(alphabet.index(ch) + 1) % 64], alphabet[(alphabet.index(ch) + 37) % 64]):
            codes.add(code_of(read_it, token[:i] + other + token[i + 1:]))
    assert codes == {"pairing.checksum"}


@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_every_cut_is_refused(kind):
    if kind == "offer":
        token, read_it = pack_offer(read(SAMPLES / "chromium-raw-offer.sdp"), EXTRA), unpack_offer
    else:
        token, read_it = pack_answer(read(SAMPLES / "chromium-raw-answer.sdp")), unpack_answer
    codes = set()
    for n in range(1, len(token)):
        codes.add(code_of(read_it, token[:n]))
        codes.add(code_of(read_it, token[n:]))
    assert codes <= {"pairing.too_short", "pairing.not_a_code", "pairing.checksum", "pairing.version"}
    assert "pairing.checksum" in codes and "pairing.too_short" in codes


def test_text_that_is_no_code_at_all_is_refused_without_work():
    assert code_of(unpack_offer, "") == "pairing.empty"
    assert code_of(unpack_offer, " \n\t ") == "pairing.empty"
    assert code_of(unpack_offer, "A" * (sdp.MAX_TOKEN_CHARS + 1)) == "pairing.too_long"
    assert code_of(unpack_offer, "A" * 10_000_000) == "pairing.too_long"
    assert code_of(unpack_offer, "https://example.org/#/join") == "pairing.not_a_code"
    assert code_of(unpack_answer, "AQAE+/==") == "pairing.not_a_code"  # base64, but not base64url
    assert code_of(unpack_answer, "AQAEG") == "pairing.not_a_code"  # no byte ends after 5 characters
    assert code_of(unpack_answer, "AQAEGN") == "pairing.too_short"
    assert code_of(unpack_answer, None) == "pairing.not_a_code"
    assert code_of(unpack_answer, b"AQAEGN") == "pairing.not_a_code"


def test_a_code_from_another_version_is_named_as_such():
    answer = base64.urlsafe_b64decode(pack_answer(read(SAMPLES / "chromium-mdns-answer.sdp")) + "=")[:-2]
    assert code_of(unpack_answer, frame(bytes([3]) + answer[1:])) == "pairing.version"
    assert code_of(unpack_answer, frame(bytes([1]) + answer[1:])) == "pairing.version"  # before answers had candidates
    assert code_of(unpack_answer, frame(bytes([0]) + answer[1:])) == "pairing.version"


def session(head=0x00, ufrag_len=4, pwd_len=24, ice=None) -> bytes:
    ice = bytes(21) if ice is None else ice
    return bytes([sdp.VERSION, head, ufrag_len, pwd_len]) + ice + bytes(range(32))


def candidates(*entries: bytes, extra: bytes = b"") -> bytes:
    return bytes([len(entries)]) + b"".join(entries) + bytes([len(extra)]) + extra


IPV4 = bytes([0, 10, 0, 0, 5, 0xC3, 0x50])  # 10.0.0.5:50000


def test_a_well_checked_code_that_does_not_fit_together_is_malformed():
    assert unpack_offer(frame(session() + candidates(IPV4, extra=b"t1")))[1] == b"t1"  # the shape itself is fine
    malformed = [
        session() + candidates(),  # no candidate
        session() + candidates(IPV4, IPV4, IPV4),  # more than the cap
        session() + candidates(bytes([7]) + IPV4[1:]),  # an unknown kind of address
        session() + candidates(IPV4[:5] + bytes(2)),  # port 0
        session() + candidates(IPV4) + b"?",  # bytes left over
        session() + candidates(IPV4, extra=b"abc")[:-1],  # extra cut short
        session() + bytes([1, 1]) + bytes([sdp.MDNS]) + bytes(16),  # ends inside a candidate
        session(head=0x03) + candidates(IPV4),  # no such DTLS role
        session(ufrag_len=3) + candidates(IPV4),  # RFC 8839: ufrag of 4 characters at least
        session(pwd_len=200) + candidates(IPV4),  # longer than any browser's
        session(pwd_len=23, ice=bytes(20) + b"\x01") + candidates(IPV4),  # 27 characters: 6 bits of padding, not zero
    ]
    for payload in malformed:
        assert code_of(unpack_offer, frame(payload)) == "pairing.malformed", payload
    assert code_of(unpack_offer, frame(session()[:10])) == "pairing.malformed"
    assert unpack_answer(frame(session(head=0x81) + candidates())).count("a=setup:active") == 1
    assert code_of(unpack_answer, frame(session(head=0x81))) == "pairing.malformed"  # ends before its candidates
    assert code_of(unpack_answer, frame(session(head=0x81) + candidates() + b"x")) == "pairing.malformed"


def test_random_text_and_random_bytes_only_ever_raise_sdp_errors():
    rng = random.Random("junban-sdp-fuzz")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(3000):
        choice = rng.random()
        if choice < 0.4:
            token = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 260)))
        elif choice < 0.8:  # well-checked random payloads: everything past the check
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 200)))
            token = frame(bytes([1, rng.choice([0, 0x80, 1, 0x81, 5])]) + body)
        else:
            token = "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(0, 50)))
        for read_it in (unpack_offer, unpack_answer):
            try:
                result = read_it(token)
            except SdpError as err:
                assert err.code in sdp.CODES
            else:  # a random payload that happens to be well formed gives a well-formed SDP
                text = result[0] if isinstance(result, tuple) else result
                assert text.startswith("v=0\r\n") and "a=fingerprint:sha-256 " in text
