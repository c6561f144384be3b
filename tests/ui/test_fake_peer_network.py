"""The CPython twin of the transport between phones (tests/ui/fakeplatform.py's FakePeerNetwork) behaves as the
browser's does (assets/peer.js, checked in tests/browser/test_peer_transport.py): pairing through packed codes,
messages both ways on each platform's timers, and the ways a connection ends."""
from __future__ import annotations

from junban.net.sdp import pack_answer, pack_offer, unpack_answer, unpack_offer
from tests.ui.fakeplatform import FakePeerNetwork, FakePlatform


class Phone:
    """A platform and what its connections told it."""

    def __init__(self, network):
        self.platform = network.join(FakePlatform())
        self.events: list[tuple[str, str, str]] = []

    def on_event(self, conn_id, kind, data):
        self.events.append((conn_id, kind, data))

    def said(self, conn_id, kind) -> list[str]:
        return [data for c, k, data in self.events if c == conn_id and k == kind]


def pair(network, host: Phone, guest: Phone, extra=b"seat") -> tuple[str, str]:
    """The whole pairing as the app does it: the offer packed into a code, read on the guest, answered back."""
    host_id = host.platform.peer_host(host.on_event)
    network.run()
    [offer] = host.said(host_id, "offer")
    offer_sdp, got_extra = unpack_offer(pack_offer(offer, extra))
    assert got_extra == extra
    guest_id = guest.platform.peer_guest(offer_sdp, guest.on_event)
    network.run()
    [answer] = guest.said(guest_id, "answer")
    host.platform.peer_answer(host_id, unpack_answer(pack_answer(answer)))
    network.run()
    return host_id, guest_id


def test_a_host_and_two_guests_pair_through_codes_and_talk_both_ways():
    network = FakePeerNetwork(latency=0.02)
    host, alice, bob = Phone(network), Phone(network), Phone(network)
    to_alice, from_host_a = pair(network, host, alice)
    to_bob, from_host_b = pair(network, host, bob)
    assert to_alice != to_bob
    for phone, conn in ((host, to_alice), (host, to_bob), (alice, from_host_a), (bob, from_host_b)):
        assert phone.said(conn, "state") == ["connecting", "connected"] and phone.said(conn, "open") == [""]
    assert host.platform.peer_send(to_alice, "view for seat 2")
    assert host.platform.peer_send(to_bob, "view for seat 3")
    assert bob.platform.peer_send(from_host_b, "intent 1")
    assert not alice.said(from_host_a, "message"), "nothing arrives before the platform's timers run"
    network.run()
    assert alice.said(from_host_a, "message") == ["view for seat 2"]
    assert bob.said(from_host_b, "message") == ["view for seat 3"]
    assert host.said(to_bob, "message") == ["intent 1"] and host.said(to_alice, "message") == []
    assert host.platform.clock - 1_800_000_000.0 >= 0.02 * 2


def test_a_guest_whose_page_closes_is_heard_at_once_and_sends_nothing_more():
    network = FakePeerNetwork()
    host, guest = Phone(network), Phone(network)
    host_id, guest_id = pair(network, host, guest)
    start = host.platform.clock
    network.close_page(guest.platform)
    network.run()
    assert host.said(host_id, "closed") == [""] and host.platform.clock - start <= 0.05
    assert not guest.said(guest_id, "closed"), "closing one's own side is silent"
    assert not guest.platform.peer_send(guest_id, "late") and not host.platform.peer_send(host_id, "late")
    assert network.connections_of(host.platform) == []


def test_a_guest_out_of_reach_turns_disconnected_then_failed():
    network = FakePeerNetwork()
    host, guest = Phone(network), Phone(network)
    host_id, guest_id = pair(network, host, guest)
    start = host.platform.clock
    network.cut(guest.platform, guest_id)
    assert host.platform.peer_send(host_id, "lost on the way"), "the channel still says open"
    network.run()
    assert host.said(host_id, "state")[-2:] == ["disconnected", "failed"]
    assert host.said(host_id, "closed") == [""] and host.platform.clock - start == 15.0
    assert guest.said(guest_id, "message") == []


def test_a_short_blip_delivers_what_was_sent_meanwhile():
    network = FakePeerNetwork()
    host, guest = Phone(network), Phone(network)
    host_id, guest_id = pair(network, host, guest)
    network.cut(host.platform, host_id, seconds=8)
    host.platform.peer_send(host_id, "held")
    network.run()
    assert guest.said(guest_id, "state")[-2:] == ["disconnected", "connected"]
    assert guest.said(guest_id, "message") == ["held"] and not guest.said(guest_id, "closed")


def test_pairing_that_cannot_work_fails_instead_of_waiting_for_ever():
    network = FakePeerNetwork()
    host, guest, stranger = Phone(network), Phone(network), Phone(network)
    network.isolated = True  # a Wi-Fi that keeps devices apart
    host_id, guest_id = pair(network, host, guest)
    assert host.said(host_id, "state") == ["connecting", "failed"] and host.said(host_id, "closed")
    assert guest.said(guest_id, "state") == ["connecting", "failed"]
    network.isolated = False
    host_id = host.platform.peer_host(host.on_event)
    network.run()
    other_id = stranger.platform.peer_host(stranger.on_event)  # an answer made for someone else's offer
    network.run()
    guest_id = guest.platform.peer_guest(stranger.said(other_id, "offer")[0], guest.on_event)
    network.run()
    host.platform.peer_answer(host_id, guest.said(guest_id, "answer")[0])
    host.platform.peer_answer(host_id, "not an SDP")
    network.run()
    assert host.said(host_id, "error") == ["bad-answer"]
    assert host.said(host_id, "state") == ["connecting", "failed"]
    bad = guest.platform.peer_guest("v=0\r\n", guest.on_event)
    network.run()
    assert guest.said(bad, "error") == ["bad-offer"]


def test_qr_scan_and_wake_lock_twins():
    network = FakePeerNetwork()
    phone = Phone(network)
    first = phone.platform.qr_matrix("AQAEGN")
    assert first == phone.platform.qr_matrix("AQAEGN") and len(first) == 21 and set("".join(first)) <= {"0", "1"}
    assert len(phone.platform.qr_matrix("A" * 164)) > 21
    read = []
    phone.platform.scan_start("camera", lambda kind, data: read.append((kind, data)))
    for text in ("code one", "code one", "code two"):
        phone.platform.scan_shows(text)
    phone.platform.scan_fails("denied")
    phone.platform.run_timers()
    assert read == [("error", "denied"), ("text", "code one"), ("text", "code two")]
    phone.platform.scan_stop()
    phone.platform.scan_shows("code three")
    phone.platform.run_timers()
    assert len(read) == 3
    phone.platform.wake_lock(True)
    assert phone.platform.wake_locked
    loaded = []
    phone.platform.load_peer_code(loaded.append)
    assert loaded == [None]
