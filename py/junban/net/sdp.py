"""Pairing codes: a browser's data-channel offer or answer (SDP) packed into a short token for a QR code, and the
standard SDP rebuilt from it.

A WebRTC offer after ICE gathering is ~700 characters (a QR code of version 18). Of a data-channel-only session
the other browser needs only: the ICE username fragment and password, the DTLS certificate's SHA-256
fingerprint, the DTLS role, and where to reach that browser: its UDP host candidates. Everything else is the same
for every browser (``m=application 9 UDP/DTLS/SCTP webrtc-datachannel``, ``a=mid:0``, ``a=sctp-port:5000``), so it
is written back as such.

Both codes carry their side's host candidates. The answer's matter most: Firefox (and, we assume, Safari) hide a
host's addresses behind ``<uuid>.local`` names and answer mDNS lookups for them only once their connection has
taken the remote description, so a guest that reads a Firefox host's offer cannot resolve its names until the host
has taken the answer, often a minute later; with the guest's own candidates in the answer the host checks towards
the guest as soon as it takes the answer (docs/multiplayer.md, "Across browsers").

    token = pack_offer(sdp, extra)          # on the host: its offer and the app's own bytes (table, seat, game)
    sdp, extra = unpack_offer(token)        # on the guest: what setRemoteDescription({type: "offer"}) takes
    token = pack_answer(sdp, extra)         # on the guest: its answer and the app's bytes (which code it answers)
    sdp, extra = read_answer(token)         # on the host (unpack_answer(token): the SDP alone)

A token is base64url without padding of ``payload + check``: ``check`` is the first 2 bytes of the payload's
SHA-256 (every version keeps this frame), and the payload is

    version (1) | head (1: bit 7 answer, bits 0-1 DTLS role) | ufrag length (1) | pwd length (1)
    | ufrag + pwd, 6 bits a character (ice-chars are exactly the 64 characters of base64)
    | fingerprint (32)
    | candidate count (1) | each: kind (1: 0 IPv4, 1 IPv6, 2 mDNS name) + address (4 or 16) + port (2)
    | extra length (1) | extra

(version 1, before answers carried candidates, is refused as another version). An offer has at least one
candidate; an answer may have none. A Chromium offer with two mDNS candidates and 11 bytes of extra is 147
characters, Firefox's 159; a Chromium answer with two and 7 bytes of extra 142, Firefox's 154. A token that was cut,
changed, made by another version or of the wrong kind raises ``SdpError`` with a stable ``code``
(``"pairing.checksum"``, ...; ``CODES`` lists them), and reading never takes more than ``MAX_TOKEN_CHARS``
characters.

The rebuilt SDP is what the standards (RFC 8839 ICE, RFC 8841 SCTP over DTLS, RFC 8122 fingerprints) ask of a
data-channel offer; Chromium accepts it (tests/browser/test_peer_transport.py), and Firefox and Safari read the
same attributes. Chromium, Safari and Firefox all name the data channel's m-section ``0``, which is assumed.
"""
from __future__ import annotations

import base64
import hashlib
import ipaddress
import re

from junban.errors import JunbanError

VERSION = 2  # 2: answers carry candidates and extra bytes
MAX_TOKEN_CHARS = 400  # longer than any token this module writes (ufrag <= 32, pwd <= 64, 2 candidates, 64 extra)
MAX_CANDIDATES = 2  # the host candidates a code keeps, highest priority first (2 keeps every code within QR version 10 at M)
MAX_EXTRA = 64  # bytes of the app's own in a code
MAX_UFRAG, MAX_PWD = 32, 64  # Chromium and Safari use 4 and 24 characters, Firefox 8 and 32
CHECK_BYTES = 2
MAX_MESSAGE_SIZE = 262144  # what each side says it can receive: Chromium's limit, the smallest of the browsers

# Every code an SdpError may carry, with its meaning (the app shows its own words for them).
CODES = {
    "pairing.empty": "no code was given",
    "pairing.too_long": "the code is longer than any pairing code",
    "pairing.not_a_code": "the text is not a pairing code (letters outside the code's alphabet)",
    "pairing.too_short": "the code is too short: part of it is missing",
    "pairing.checksum": "the code was cut or changed on the way",
    "pairing.version": "the code was made by another version of Junban",
    "pairing.not_offer": "this is an answer code, where the host's code was expected",
    "pairing.not_answer": "this is a host's code, where an answer code was expected",
    "pairing.malformed": "the code's parts do not fit together",
    "pairing.no_candidates": "this device has no network address to offer (is Wi-Fi on?)",
    "pairing.unsupported": "the browser's offer or answer is not a data-channel session this module can pack",
    "pairing.extra_too_long": "too many bytes of the app's own for a pairing code",
}


class SdpError(JunbanError):
    """A token or SDP that cannot be packed or read; ``code`` is one of ``CODES``."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(CODES[code] + (f" ({detail})" if detail else ""), code=code)


ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"  # RFC 8839 ice-char
_ICE_VALUE = {ch: i for i, ch in enumerate(ICE_CHARS)}
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_-]*")
_WHITESPACE = re.compile(r"\s+")
_MDNS_NAME = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local", re.I)
ROLES = ("actpass", "active", "passive")
_OFFER, _ANSWER = 0x00, 0x80
IPV4, IPV6, MDNS = 0, 1, 2
_ADDRESS_BYTES = {IPV4: 4, IPV6: 16, MDNS: 16}


# --------------------------------------------------------------------------- packing


def pack_offer(sdp: str, extra: bytes = b"") -> str:
    """The host's offer (after ICE gathering) and up to ``MAX_EXTRA`` bytes of the app's own, as a token."""
    return _pack(sdp, extra, _OFFER)


def pack_answer(sdp: str, extra: bytes = b"") -> str:
    """The guest's answer and the app's bytes, as a token. Its host candidates go with it (none is fine: the host
    then learns the guest's address from the guest's first check)."""
    return _pack(sdp, extra, _ANSWER)


def fingerprint(sdp: str) -> bytes:
    """The sha-256 fingerprint of a description's DTLS certificate: what names an offer."""
    return _read_sdp(sdp)["fingerprint"]


ANSWER_NAMES = 7  # bytes: the offer's fingerprint (4), the table (2), the seat (1)


def answer_names(offer_sdp: str, table_id: str, seat: int) -> bytes:
    """What an answer says of the code it answers: the first 4 bytes of that offer's fingerprint (each connection
    has its own certificate, so this names one code), 2 bytes of the table's name hashed, and the seat. The host
    reads them (``names_of``) to refuse or route an answer pasted for another seat, before any connecting."""
    return fingerprint(offer_sdp)[:4] + table_names(table_id) + bytes([seat & 0xFF])


def names_of(extra: bytes) -> tuple[bytes, bytes, int] | None:
    """(offer fingerprint's first 4 bytes, table hash, seat) of an answer's extra bytes; None if it names nothing."""
    if len(extra) != ANSWER_NAMES:
        return None
    return bytes(extra[:4]), bytes(extra[4:6]), extra[6]


def read_named_answer(token: str) -> tuple[str, tuple[bytes, bytes, int]]:
    """An answer's SDP and what it names (``names_of``: the offer's fingerprint bytes, the table, the seat); SdpError
    if the token is not an answer, or names no code."""
    text, extra = read_answer(token)
    names = names_of(extra)
    if names is None:
        raise SdpError("pairing.malformed", "the answer names no code")
    return text, names


def table_names(table_id: str) -> bytes:
    return hashlib.sha256(str(table_id).encode("utf-8")).digest()[:2]


def _pack(sdp: str, extra: bytes, kind: int) -> str:
    if not isinstance(extra, (bytes, bytearray)):
        raise TypeError("extra must be bytes")
    if len(extra) > MAX_EXTRA:
        raise SdpError("pairing.extra_too_long", f"{len(extra)} bytes, at most {MAX_EXTRA}")
    fields = _read_sdp(sdp)
    candidates = _host_candidates(sdp)
    if not candidates and kind == _OFFER:
        raise SdpError("pairing.no_candidates")
    out = bytearray(_pack_session(fields, kind))
    out.append(len(candidates))
    for kind_of, address, port in candidates:
        out.append(kind_of)
        out += address
        out += port.to_bytes(2, "big")
    out.append(len(extra))
    out += extra
    return _frame(bytes(out))


def _read_sdp(sdp: str) -> dict:
    """ufrag, pwd, the sha-256 fingerprint (bytes) and the DTLS role of a data-channel-only SDP."""
    if not isinstance(sdp, str):
        raise TypeError("sdp must be text")
    lines = sdp.splitlines()
    media = [line for line in lines if line.startswith("m=")]
    if len(media) != 1 or not media[0].startswith("m=application ") or "webrtc-datachannel" not in media[0]:
        raise SdpError("pairing.unsupported", "one data-channel m-section expected")
    attrs: dict[str, str] = {}
    fingerprint = None
    for line in lines:
        if not line.startswith("a="):
            continue
        name, _, value = line[2:].partition(":")
        value = value.strip()
        if name == "fingerprint":
            algorithm, _, hexes = value.partition(" ")
            if algorithm.lower() == "sha-256" and fingerprint is None:
                fingerprint = _fingerprint_bytes(hexes.strip())
        else:
            attrs.setdefault(name, value)
    ufrag, pwd = attrs.get("ice-ufrag", ""), attrs.get("ice-pwd", "")
    if not (4 <= len(ufrag) <= MAX_UFRAG and 22 <= len(pwd) <= MAX_PWD) or not _ice_chars(ufrag + pwd):
        raise SdpError("pairing.unsupported", "ICE credentials missing or out of range")
    if fingerprint is None:
        raise SdpError("pairing.unsupported", "no sha-256 fingerprint")
    if attrs.get("setup") not in ROLES:
        raise SdpError("pairing.unsupported", "no DTLS role")
    if attrs.get("mid", "0") != "0":
        raise SdpError("pairing.unsupported", "the data channel's mid is not 0")
    return {"ufrag": ufrag, "pwd": pwd, "fingerprint": fingerprint, "setup": attrs["setup"]}


def _fingerprint_bytes(hexes: str) -> bytes | None:
    parts = hexes.split(":")
    if len(parts) != 32 or any(len(p) != 2 for p in parts):
        return None
    try:
        return bytes.fromhex("".join(parts))
    except ValueError:
        return None


def _ice_chars(text: str) -> bool:
    return all(ch in _ICE_VALUE for ch in text)


def _host_candidates(sdp: str) -> list[tuple[int, bytes, int]]:
    """(kind, address bytes, port) of the SDP's UDP host candidates of component 1, highest priority first,
    without repeats, at most ``MAX_CANDIDATES``. Candidates of other kinds (TCP, relayed, reflexive) and
    addresses that cannot be packed (a name that is not ``<uuid>.local``) are left out."""
    found = []
    for order, line in enumerate(sdp.splitlines()):
        if not line.startswith("a=candidate:"):
            continue
        parts = line[len("a=candidate:"):].split()
        if len(parts) < 8 or parts[1] != "1" or parts[2].lower() != "udp" or parts[6:8] != ["typ", "host"]:
            continue
        try:
            priority, port = int(parts[3]), int(parts[5])
        except ValueError:
            continue
        packed = _pack_address(parts[4])
        if packed is None or not 0 < port < 65536:
            continue
        found.append((-priority, order, packed[0], packed[1], port))
    kept, seen = [], set()
    for _, _, kind, address, port in sorted(found):
        if (kind, address, port) not in seen:
            seen.add((kind, address, port))
            kept.append((kind, address, port))
    return kept[:MAX_CANDIDATES]


def _pack_address(text: str) -> tuple[int, bytes] | None:
    match = _MDNS_NAME.fullmatch(text)
    if match:
        return MDNS, bytes.fromhex("".join(match.groups()))
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if address.is_unspecified or address.is_multicast:
        return None
    return (IPV4 if address.version == 4 else IPV6), address.packed


def _pack_session(fields: dict, kind: int) -> bytes:
    ufrag, pwd = fields["ufrag"], fields["pwd"]
    head = bytes((VERSION, kind | ROLES.index(fields["setup"]), len(ufrag), len(pwd)))
    return head + _pack_ice_chars(ufrag + pwd) + fields["fingerprint"]


def _pack_ice_chars(text: str) -> bytes:
    bits = 0
    for ch in text:
        bits = (bits << 6) | _ICE_VALUE[ch]
    size = (len(text) * 6 + 7) // 8
    return (bits << (size * 8 - len(text) * 6)).to_bytes(size, "big")


def _frame(payload: bytes) -> str:
    data = payload + hashlib.sha256(payload).digest()[:CHECK_BYTES]
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


# --------------------------------------------------------------------------- reading


def unpack_offer(token: str) -> tuple[str, bytes]:
    """The host's offer as SDP text for ``setRemoteDescription({type: "offer", sdp})``, and the app's bytes."""
    return _unpack(token, _OFFER)


def read_answer(token: str) -> tuple[str, bytes]:
    """The guest's answer as SDP text for ``setRemoteDescription({type: "answer", sdp})``, and the app's bytes."""
    return _unpack(token, _ANSWER)


def unpack_answer(token: str) -> str:
    """The guest's answer as SDP text (``read_answer`` without the app's bytes)."""
    return read_answer(token)[0]


def _unpack(token: str, kind: int) -> tuple[str, bytes]:
    reader = _Reader(_unframe(token))
    fields = _read_session(reader, kind)
    count = reader.byte()
    if not (1 if kind == _OFFER else 0) <= count <= MAX_CANDIDATES:
        raise SdpError("pairing.malformed", f"{count} candidates")
    candidates = []
    for _ in range(count):
        kind_of = reader.byte()
        if kind_of not in _ADDRESS_BYTES:
            raise SdpError("pairing.malformed", f"address kind {kind_of}")
        address = _address_text(kind_of, reader.take(_ADDRESS_BYTES[kind_of]))
        port = int.from_bytes(reader.take(2), "big")
        if port == 0:
            raise SdpError("pairing.malformed", "port 0")
        candidates.append((address, port))
    size = reader.byte()
    if size > MAX_EXTRA:
        raise SdpError("pairing.malformed", "extra too long")
    extra = reader.take(size)
    reader.end()
    return _sdp(fields, candidates), extra


def _unframe(token: str) -> bytes:
    """The payload of a token, its check verified; whitespace (a code wrapped in a message) is ignored."""
    if not isinstance(token, str):
        raise SdpError("pairing.not_a_code")
    if len(token) > 4 * MAX_TOKEN_CHARS:  # bounded before any work on it
        raise SdpError("pairing.too_long")
    token = _WHITESPACE.sub("", token)
    if not token:
        raise SdpError("pairing.empty")
    if len(token) > MAX_TOKEN_CHARS:
        raise SdpError("pairing.too_long")
    if not _TOKEN_CHARS.fullmatch(token) or len(token) % 4 == 1:  # 1 character left over cannot be base64
        raise SdpError("pairing.not_a_code")
    data = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    if len(data) < 4 + CHECK_BYTES:
        raise SdpError("pairing.too_short")
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != token:
        raise SdpError("pairing.checksum")  # the last character's unused bits were changed
    payload, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if hashlib.sha256(payload).digest()[:CHECK_BYTES] != check:
        raise SdpError("pairing.checksum")
    if payload[0] != VERSION:
        raise SdpError("pairing.version", f"version {payload[0]}")
    return payload


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise SdpError("pairing.malformed", "the code ends too early")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return bytes(chunk)

    def byte(self) -> int:
        return self.take(1)[0]

    def end(self) -> None:
        if self.at != len(self.data):
            raise SdpError("pairing.malformed", "bytes left over")


def _read_session(reader: _Reader, kind: int) -> dict:
    reader.byte()  # the version, checked by _unframe
    head = reader.byte()
    if head & 0x80 != kind:
        raise SdpError("pairing.not_answer" if kind == _ANSWER else "pairing.not_offer")
    role = head & 0x7F
    if role >= len(ROLES):
        raise SdpError("pairing.malformed", f"head {head}")
    ufrag_len, pwd_len = reader.byte(), reader.byte()
    if not (4 <= ufrag_len <= MAX_UFRAG and 22 <= pwd_len <= MAX_PWD):
        raise SdpError("pairing.malformed", "ICE credentials' lengths")
    chars = ufrag_len + pwd_len
    size = (chars * 6 + 7) // 8
    bits = int.from_bytes(reader.take(size), "big")
    spare = size * 8 - chars * 6
    if bits & ((1 << spare) - 1):
        raise SdpError("pairing.malformed", "padding bits")
    bits >>= spare
    text = "".join(ICE_CHARS[(bits >> (6 * (chars - 1 - i))) & 63] for i in range(chars))
    return {"ufrag": text[:ufrag_len], "pwd": text[ufrag_len:], "fingerprint": reader.take(32),
            "setup": ROLES[role]}


def _address_text(kind: int, raw: bytes) -> str:
    if kind == MDNS:
        h = raw.hex()
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
    return str(ipaddress.IPv4Address(raw) if kind == IPV4 else ipaddress.IPv6Address(raw))


def _sdp(fields: dict, candidates: list[tuple[str, int]]) -> str:
    """A standard data-channel-only SDP. The session id is taken from the fingerprint, so the same token always
    gives the same text."""
    session_id = int.from_bytes(fields["fingerprint"][:7], "big")
    lines = [
        "v=0",
        f"o=- {session_id} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for n, (address, port) in enumerate(candidates):
        # Host candidates' priority (RFC 8445 5.1.2.1): type preference 126, the token's order as local preference.
        priority = (126 << 24) | ((65535 - n) << 8) | 255
        lines.append(f"a=candidate:{n + 1} 1 udp {priority} {address} {port} typ host generation 0")
    if candidates:
        lines.append("a=end-of-candidates")
    lines += [
        f"a=ice-ufrag:{fields['ufrag']}",
        f"a=ice-pwd:{fields['pwd']}",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in fields["fingerprint"]),
        f"a=setup:{fields['setup']}",
        "a=mid:0",
        "a=sctp-port:5000",
        f"a=max-message-size:{MAX_MESSAGE_SIZE}",
    ]
    return "\r\n".join(lines) + "\r\n"


def answer_token(text: str) -> str:
    """The answer as pasted or scanned: the token alone (a pasted text may carry spaces, or a whole message)."""
    text = text.strip() if isinstance(text, str) else ""
    words = text.split()
    return max(words, key=len) if words else ""
