"""Playing on several phones when things go wrong, for real in Chromium: a guest whose page sends hostile messages
through its own data channel (every one refused with a reason, the game unchanged, the honest taps that follow
taken), a guest whose page closes mid-game and comes back in a new page (same storage) to the same seat, and the
host's page reloading mid-game while the guests re-pair; the game goes on to its end each time."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.phones import (
    Table, pair_by_paste, run_python, seated, set_up_table, shown_link, the_game_person, wait_python)
from tests.net.test_phones_robustness import HOSTILE

# The guest's ear: every message the host sends it, as its Guest takes it (test-only).
EAR = '''
import __main__, json
_guest = __main__.app.services.guest
_heard = []
_take = _guest._receive
def _listening(text, _take=_take):
    _heard.append(text)
    _take(text)
_guest._receive = _listening
'''


def hostile_burst(table: Table, seat: int) -> list[dict]:
    """Every HOSTILE message of tests/net/test_phones_robustness.py, sent from the guest's page through its own
    channel (window.junbanPeer.send); the host's answers to them."""
    guest = table.guests[seat]
    run_python(guest, EAR)
    conn = run_python(guest, "_guest.conn")
    seq = run_python(guest, "_guest.seq_out")
    at = table.status()["marks"][str(seat)]  # the position the host told this phone
    legal = json.loads(run_python(table.host, "json.dumps(next(iter(__main__.app.services.hosts.values()))"
                                              ".session.legal_actions()[0])"))
    for what, make in HOSTILE:
        text = make(seq + 1, at, legal)
        if what != "a replayed message":
            seq += 1
        assert guest.evaluate("([id, text]) => window.junbanPeer.send(id, text)", [conn, text]), what
    wait_python(guest, f"sum('\"t\":\"ack\"' in t for t in _heard) >= {len(HOSTILE)}")
    run_python(guest, f"_guest.seq_out = {seq}")  # the honest app goes on after the numbers the hostile page used
    return [json.loads(t) for t in json.loads(run_python(guest, "json.dumps(_heard)")) if '"t":"ack"' in t]


def test_hostile_messages_a_dropped_guest_and_a_reloaded_host(phone_factory):
    host, guest = phone_factory(2, "#/the-game?players=3&bots=1&level=baseline")
    set_up_table(host, ["person", "phone", "bot"], seed="phones-tg-2")
    assert pair_by_paste(host, guest, "the-game") == 1
    host.select_option("#speed", "instant")
    table = Table("the-game", host, {1: guest})
    person = the_game_person()
    table.play(person, until=lambda t: t.status()["to_act"] == 1)
    table.everyone_heard()

    # 1. Hostile messages from the guest's page: each refused with a reason; nothing changes; the phone plays on.
    before = table.status()
    answers = hostile_burst(table, 1)
    # Each refused with a reason. Fourteen at once is beyond what a person sends: the phone's own heartbeat in the
    # middle of them may be answered "too fast" (junban.net.limits) too.
    refused = [a for a in answers if a["code"] != "net.too_fast"]
    assert len(refused) >= len(HOSTILE) - 1 and all(a["ok"] is False and a["code"] for a in answers), answers
    assert table.status() == before, "a hostile message changed the game"
    hand = guest.locator(".hand .card").all_inner_texts()
    table.play(person, max_actions=3)  # the person on that phone plays on by taps: taken as usual
    assert table.status()["mark"] != before["mark"]

    # 2. The guest's page closes mid-game: the host shows the seat lost, with its new code a tap away.
    table.play(person, until=lambda t: t.status()["to_act"] == 1)
    table.everyone_heard()
    hand = guest.locator(".hand .card").all_inner_texts()
    context = guest.context
    guest.close()
    host.locator('.notice-action[data-act="phones:show"][data-arg="1"]').tap()
    link = shown_link(host)
    # The friend opens Junban again (same phone, same storage): home offers the seat; its table shows the last
    # snapshot and asks for the host's code again.
    guest = context.new_page()
    guest.goto(host.url.split("#", 1)[0] + "#/")
    guest.wait_for_selector('html[data-ready="true"]', timeout=90_000)
    table_id = table.status()["table"]
    guest.locator(f"#open-seat-{table_id}").tap()  # the join strip's "Your seat at ..." (the list has an Open too)
    expect(guest.locator(".guest-banner #guest-rescan")).to_be_visible()
    assert guest.locator(".hand .card").all_inner_texts() == hand, "the last snapshot of the seat"
    guest.goto(link)  # the new code, opened as the phone's camera app would
    code = guest.locator("#join-code")
    expect(code).not_to_have_value("")
    host.fill("#phones-answer", code.input_value())
    host.press("#phones-answer", "Enter")
    seated(guest, "the-game")
    table.guests[1] = guest
    table.watch(guest)
    assert run_python(guest, "__main__.app.services.guest.seat") == 1, "the same seat"
    table.everyone_heard()
    assert guest.locator(".hand .card").all_inner_texts() == hand
    table.play(person, max_actions=3)  # its turn, played on

    # 3. The host's page reloads mid-game: the game resumes from its save; the guest re-pairs and plays on (by the
    # fallback: a new code, two exchanges; test_phones_host_reload.py takes the host's answer in one). No bot is
    # mid-move as the page reloads (its move would be made again by the reloaded page: a race of the test's own).
    table.play(person, until=lambda t: t.status()["to_act"] not in t.status()["bots"])
    mark = table.everyone_heard()
    host.reload()
    host.wait_for_selector('html[data-ready="true"]', timeout=90_000)
    expect(guest.locator(".guest-banner")).to_be_visible()  # the guest hears the host went away
    table.watch(host)
    assert table.status()["mark"] == mark, "the game resumed where it was"
    host.locator("#phones-new-code").tap()  # under its answer to the phone's standing offer
    assert pair_by_paste(host, guest, "the-game") == 1
    table.watch(guest)
    table.play(the_game_person(reckless_after=0), max_actions=300)
    assert table.status()["over"]
    for page in (host, guest):
        page.wait_for_selector("#sheet-result #end-title", timeout=20_000)
