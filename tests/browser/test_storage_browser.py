"""Storage in the browser, under real Pyodide: nothing read can stop the engine, nothing is dropped without a word,
a full quota can be emptied, and games move to another profile (a file or a link) and play on there."""
from __future__ import annotations

import pytest

import json
import re
from pathlib import Path

from junban.session import LAST_STRETCH, MAX_ACTIONS, Seat, Session
from tests.browser.conftest import DESKTOP, PHONE, as_on_a_first_visit, follow_link, open_app, screenshot
from tests.browser.test_robustness import play_lowest_two
from tests.browser.test_the_game_browser import hand, pile_tops

SOLO = "#/the-game?players=1&seed=123"
SCIENCE = "#/eleusis-science?seed=storage"
DEEP = "'['.repeat(10000) + ']'.repeat(10000)"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "v1"


def stored(page) -> dict:
    """Every junban.* record in the page's localStorage, as text."""
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('junban.'))
                                    .map(k => [k, localStorage.getItem(k)]))""")


def saves(page) -> dict:
    return {k[len("junban.save."):]: json.loads(v) for k, v in stored(page).items() if k.startswith("junban.save.")}


def backups(page) -> dict:
    return {k: v for k, v in stored(page).items() if k.startswith("junban.backup.")}


def error_notices(page) -> list[str]:
    return page.locator(".notice-error").all_inner_texts()


def save_id(page) -> str:
    return page.url.rsplit("/", 1)[1]


def give_up_science(page, server) -> None:
    page.goto(server.base + SCIENCE)
    page.locator("#sci-give-up").click()
    page.locator("#give-up-yes").click()
    page.wait_for_selector("#sheet-result")


def notice(page, text):
    """A notice above the screen (its text is also said in the live region, which this leaves out)."""
    return page.locator("#notices").get_by_text(text)


def put(page, records: dict) -> None:
    page.evaluate("r => { for (const [k, v] of Object.entries(r)) localStorage.setItem(k, v); }", records)


# ---------------------------------------------------------------------- 1. deep nesting never stops the engine


def test_deeply_nested_settings_history_and_save_never_stop_the_engine(page, server):
    open_app(page, server, SOLO)
    page.evaluate(f"""() => {{ const deep = {DEEP};
        localStorage.setItem('junban.settings', deep);
        localStorage.setItem('junban.history', deep);
        localStorage.setItem('junban.save.deep0001', deep); }}""")
    page.reload()
    page.wait_for_selector('html[data-ready="true"]', timeout=60_000)
    assert page.locator(".hand .card").count() == 8, "the game in progress still opens"
    said = error_notices(page)
    for record in ("the settings", "the history of finished games", "a saved game"):
        assert any(f"Junban could not read {record}: it is nested far too deeply" in n for n in said), said
    assert not any("junban." in n for n in said), "records are named in words, never by their keys"
    kept = backups(page)
    assert len(kept) == 3 and all(v == "[" * 10000 + "]" * 10000 for v in kept.values()), "kept exactly as found"


@pytest.mark.fresh_context  # several tabs of one origin in one context (ContextPool)
def test_deep_records_written_by_another_tab_are_kept_aside_and_the_open_tabs_go_on(context_factory, server):
    context = context_factory()
    table = open_app(context.new_page(), server, SOLO)
    game_key = "junban.save." + save_id(table)
    home = open_app(context.new_page(), server, "#/")
    writer = open_app(context.new_page(), server, "#/history")
    writer.evaluate(f"""() => {{ const deep = {DEEP};
        localStorage.setItem('junban.save.deep0002', deep);
        localStorage.setItem('{game_key}', deep); }}""")
    for page in (table, home):
        page.wait_for_function("() => document.body.innerText.includes('nested far too deeply')")
    # The table keeps its game (the damaged copy is kept aside) and saves every move again.
    play_lowest_two(table)
    assert len(json.loads(table.evaluate(f"localStorage.getItem('{game_key}')"))["actions"]) == 2
    home.get_by_role("link", name="History").first.click()
    home.get_by_role("heading", name="History").wait_for()
    kept = {k.split(".")[3] for k in backups(home)}  # junban.backup.save.<id>.<time>: each tab may keep a copy
    assert kept == {"deep0002", game_key.rsplit(".", 1)[1]}


def test_settings_of_any_shape_and_lone_surrogates_never_stop_the_start(page, server):
    """Issue 34: `speed: {}` stopped every start ("Junban could not start: TypeError"); a lone surrogate is what
    JavaScript may store and Python's text may not hold."""
    open_app(page, server, "#/")
    settings = '{"schema":1,"type":"settings","values":{"speed":{},"lang":["ja"],"names":["Ann"]}}'
    put(page, {"junban.settings": settings})
    page.evaluate("""() => {
        localStorage.setItem('junban.draft.abcd1234', 'a guess \\uD800 cut');
        localStorage.setItem('junban.history', '{"schema":1,"type":"history","entries":[{"id":"x\\uDFFF"}]}');
        localStorage.setItem('junban.history.raw', 'x\uD800'); }""")
    page.reload()
    page.wait_for_selector('html[data-ready="true"]', timeout=60_000)
    said = error_notices(page)
    assert any("Junban could not read the settings: values that are not ones Junban writes" in n for n in said), said
    assert page.get_by_role("heading", name="Saved games").count() == 1, "home is up"
    kept = backups(page)
    assert settings in kept.values(), "kept aside exactly as found"
    assert json.loads(stored(page)["junban.settings"])["values"] == {"names": ["Ann"]}, "what fits stays"
    page.get_by_role("link", name="Storage: room used, moving to another device").click()
    page.get_by_role("heading", name="Kept aside").wait_for()
    assert not page.locator(".notice-error").filter(has_text="Something went wrong").count()


def test_another_tabs_write_that_crossed_this_tabs_move_is_kept_as_a_copy(page, server):
    """Two tabs writing one game at the same moment: the browser delivers the other tab's write (its storage event
    carries the text) after this tab's own, which then stands. The other version is kept, and the person told."""
    open_app(page, server, SOLO)
    play_lowest_two(page)
    game = save_id(page)
    mine = saves(page)[game]
    # The other tab's version: the same first card, then another card of its own (the highest, on a descending pile).
    cards = sorted(int(x.split()[0]) for x in page.locator(".hand .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"))
    theirs = dict(mine, actions=mine["actions"][:1] + [{"play": cards[-1], "pile": 2}])
    page.evaluate("""([key, text]) => window.dispatchEvent(new StorageEvent('storage', {key, newValue: text}))""",
                  [f"junban.save.{game}", json.dumps(theirs)])
    notice(page, re.compile(r"Another tab changed a saved game of The Game .*at the same moment")).wait_for()
    logs = [record["actions"] for record in saves(page).values()]
    assert mine["actions"] in logs and theirs["actions"] in logs, "both versions are kept"
    assert saves(page)[game]["actions"] == mine["actions"], "this tab's game stays where it is"


# ---------------------------------------------------------------------- 2. nothing dropped without a word


def finished_fixture(n: int) -> dict:
    record = json.loads((FIXTURES / "save-the-game-finished.json").read_text())
    return {f"junban.save.done{i:04d}": json.dumps(dict(record, id=f"done{i:04d}", updated=1_700_000_000 + i))
            for i in range(n)}


def test_finished_games_are_never_removed_without_asking_and_their_results_stay(page, server):
    open_app(page, server, "#/")
    put(page, finished_fixture(20))
    give_up_science(page, server)  # the 21st finished game
    assert len(saves(page)) == 21, "no finished game was removed by itself"
    page.get_by_role("link", name="Home", exact=True).click()
    assert "21 finished games are saved here" in page.locator(".st-prune").inner_text()
    page.get_by_role("button", name="Remove the oldest finished game").click()
    page.get_by_role("button", name="Yes, remove").click()
    notice(page, "1 old finished game removed; its result stays in the history.").wait_for()
    assert "done0000" not in saves(page) and len(saves(page)) == 20
    history = json.loads(page.evaluate("localStorage.getItem('junban.history')"))["entries"]
    assert "done0000" in {e["id"] for e in history}


def test_odd_history_entries_are_kept_aside_with_a_notice_and_never_dropped(page, server):
    open_app(page, server, "#/")
    good = [{"id": f"h{i}", "game": "the-game", "bucket": "standard", "players": 1, "won": True, "perfect": False,
             "score": 5, "at": 1_790_000_000 + i, "seed": str(i)} for i in range(2)]
    odd = [{"id": 7, "game": None}, "a note someone left"]
    text = json.dumps({"schema": 1, "type": "history", "entries": good + odd})
    put(page, {"junban.history": text})
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    assert any("Junban could not read some entries of the history" in n for n in error_notices(page))
    [(key, kept)] = backups(page).items()
    assert key.startswith("junban.backup.history-entries.") and kept == text, "the history as found"
    give_up_science(page, server)  # the history is written again
    entries = json.loads(page.evaluate("localStorage.getItem('junban.history')"))["entries"]
    assert [e["id"] for e in entries][:2] == ["h0", "h1"] and len(entries) == 3
    assert backups(page)[key] == text, "still kept"


# ---------------------------------------------------------------------- 3. a full quota is recovered


def test_a_full_storage_is_emptied_on_the_storage_screen_and_the_notice_stops(page, server):
    open_app(page, server, SOLO)
    put(page, {"junban.save.big00001": "{" + " " * 1_200_000})  # unreadable, and large
    filled = page.evaluate("""() => {  // fill the quota with kept-aside copies, as a long life of damage would
        const chunk = 'x'.repeat(400000); let n = 0;
        try { for (;;) { localStorage.setItem('junban.backup.save.fill' + String(n).padStart(4, '0') + '.1', chunk); n++; } }
        catch (e) { return n; } }""")
    assert filled >= 5
    for _ in range(2):  # no room to keep a copy: it stays in place, and the person is told at every start
        page.reload()
        page.wait_for_selector('html[data-ready="true"]')
        assert any("There was no room to keep a copy aside" in n for n in error_notices(page))
    page.goto(server.base + "#/")
    page.get_by_role("link", name="Storage: room used, moving to another device").click()
    page.get_by_role("heading", name="Kept aside").wait_for()
    assert page.locator(".st-aside .st-item").count() == filled + 1
    assert "left where it was" in page.locator(".st-aside").inner_text()
    page.get_by_role("button", name="Delete everything kept aside").click()
    page.get_by_role("button", name="Yes, delete").click()
    page.get_by_text("Nothing is kept aside.").wait_for()
    assert not backups(page) and "junban.save.big00001" not in stored(page)
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    assert not error_notices(page), "the notice does not come back"
    page.goto(server.base + SOLO)
    page.wait_for_selector(".hand .card")
    play_lowest_two(page)
    assert not error_notices(page) and len(saves(page)[save_id(page)]["actions"]) == 2


# ---------------------------------------------------------------------- 4. moving to another device


def test_everything_moves_to_a_fresh_profile_and_plays_on(context_factory, server, tmp_path):
    there = open_app(context_factory().new_page(), server, SOLO)
    play_lowest_two(there)
    game = save_id(there)
    tops = pile_tops(there)
    cards = hand(there)
    fixtures = {f"junban.save.{json.loads(p.read_text())['id']}": p.read_text() for p in FIXTURES.glob("save-*.json")}
    fixtures["junban.history"] = (FIXTURES / "history.json").read_text()
    fixtures["junban.settings"] = json.dumps({"schema": 1, "type": "settings",
                                              "values": {"lang": "en", "speed": "fast", "names": ["Ann"]}})
    fixtures["junban.daily"] = (FIXTURES / "daily.json").read_text()  # the daily record travels too (issue 31)
    put(there, fixtures)
    there.goto(server.base + "#/storage")
    with there.expect_download() as download:
        there.get_by_role("button", name="Download everything").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)

    here = open_app(context_factory().new_page(), server, "#/storage")  # a fresh profile: another device
    here.locator("#st-import").set_input_files(str(path))
    added = len(fixtures) - 3 + 1  # every fixture save and the game played here
    notice(here, f"Imported: {added} games added, 1 result added to the history, 3 days of daily challenges added, "
                 "settings taken from the file.").wait_for()
    assert saves(here) == saves(there), "every game arrives exactly as it was"
    mine, theirs = stored(here), stored(there)
    for record in ("junban.history", "junban.settings", "junban.daily"):
        assert json.loads(mine[record]) == json.loads(theirs[record])
    # The game goes on where it was.
    here.goto(server.base + f"#/play/{game}")
    here.wait_for_selector(".hand .card")
    assert pile_tops(here) == tops
    assert hand(here) == cards
    play_lowest_two(here)
    assert len(saves(here)[game]["actions"]) == 4
    # Importing again adds nothing twice; a hostile file is refused and changes nothing.
    here.goto(server.base + "#/storage")
    here.locator("#st-import").set_input_files(str(path))
    notice(here, re.compile(rf"1 game is further along here and was kept as it is, {added - 1} games were already "
                            r"here")).wait_for()
    before = stored(here)
    hostile = tmp_path / "hostile.json"
    hostile.write_text("[" * 10000 + "]" * 10000)
    here.locator("#st-import").set_input_files(str(hostile))
    notice(here, "This file could not be imported: it is nested far too deeply").wait_for()
    assert stored(here) == before


def test_a_game_sent_as_a_link_goes_on_in_a_fresh_profile_and_a_changed_link_is_refused(context_factory, server):
    there = open_app(context_factory().new_page(), server, SOLO)
    play_lowest_two(there)
    there.get_by_role("button", name="Table menu").click()
    there.get_by_role("button", name="Send this game").click()
    link = there.locator("#send-url").input_value()
    assert "#/receive?game=" in link and len(link) < 2000
    tops = pile_tops(there)
    cards = hand(there)

    here = open_app(context_factory().new_page(), server, link[len(server.base):])
    notice(here, "This game came from a link: go on where it was left.").wait_for()
    assert here.url.endswith(f"#/play/{save_id(there)}")
    assert pile_tops(here) == tops
    assert hand(here) == cards
    here.get_by_role("button", name="End turn").click()
    here.wait_for_function("() => document.querySelector('.draw-count').textContent === '88'")
    assert len(saves(here)[save_id(there)]["actions"]) == 3

    token = link.split("game=", 1)[1]
    changed = token[:30] + ("B" if token[30] != "B" else "C") + token[31:]
    before = stored(here)
    here.goto(server.base + "#/receive?game=" + changed)
    notice(here, "This link could not be opened: the game in this link is damaged or was changed.").wait_for()
    assert stored(here) == before, "nothing stored was touched"


# ---------------------------------------------------------------------- 5. long logs


def long_23_record() -> dict:
    """You against a bot at 23, passing and passing (each pass costs a chip; the rules allow it without end)."""
    session = Session("long0023", "23", {"players": 2}, "7", [Seat("person", "Ann"), Seat("bot", "Bot", "baseline")])
    while len(session.actions) < LAST_STRETCH + 2:
        if session.bot_to_act():
            session.apply(session.bot_action())
        else:
            legal = session.legal_actions()
            session.apply({"pass": True} if {"pass": True} in legal else legal[0])
    return session.to_record()


def test_a_long_log_says_so_and_stays_playable_and_toggled_markers_fold_away(page, server):
    open_app(page, server, "#/")
    # A game saved before folding existed, with markers set and cleared to the very limit.
    record = Session("marks001", "the-game", {"players": 1}, "123", [Seat("person", "Ann")]).to_record()
    record["actions"] = [{"mark": "keep", "pile": 0, "seat": 0}, {"mark": None, "pile": 0, "seat": 0}] * (MAX_ACTIONS // 2)
    put(page, {"junban.save.long0023": json.dumps(long_23_record()), "junban.save.marks001": json.dumps(record)})

    page.goto(server.base + "#/play/long0023")
    notice(page, re.compile(r"This game's record is nearly full")).wait_for(timeout=60_000)
    assert page.get_by_role("button", name="Pass", exact=True).is_disabled()
    before = len(saves(page)["long0023"]["actions"])
    page.get_by_role("button", name="Drop out").click()
    page.get_by_role("button", name="Yes, drop out").click()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('junban.save.long0023')).actions.length > {before}")
    assert not [n for n in error_notices(page) if "went wrong" in n or "Not allowed" in n]

    page.goto(server.base + "#/play/marks001")
    notice(page, f"{MAX_ACTIONS} moves were folded away").wait_for(timeout=60_000)
    assert saves(page)["marks001"]["actions"] == []
    play_lowest_two(page)
    assert len(saves(page)["marks001"]["actions"]) == 2 and not error_notices(page)


# ---------------------------------------------------------------------- the screen, as people see it


def test_storage_screen_at_phone_and_desktop_in_both_languages(context_factory, server):
    """A profile per language (one boot each, not one per size): the phone's size, then the desktop's, the storage
    put back between them as the boot left it and the solo game opened as on a first visit, so each size starts
    from the same records."""
    for lang, locale in (("en", "en-US"), ("ja", "ja-JP")):
        page = context_factory(viewport=PHONE, locale=locale).new_page()
        open_app(page, server, "#/")
        as_booted = page.evaluate("() => ({...localStorage})")
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.evaluate("localStorage.clear()")
            put(page, as_booted)
            as_on_a_first_visit(page)  # the table offers "Learn" and keeps that in the settings, as on a first visit
            follow_link(page, server, SOLO, "#end-turn")
            entry = dict(json.loads((FIXTURES / "history.json").read_text())["entries"][0], id="done0000")
            history = json.dumps({"schema": 1, "type": "history", "entries": [entry]})
            put(page, {"junban.save.bad00001": '{"schema":1,"type":"save","id":"bad0',
                       "junban.save.newer001": json.dumps({"schema": 9, "type": "save", "game": "poker",
                                                           "updated": 1_790_000_000}),
                       "junban.history": history,
                       "junban.backup.history.1790000000000": json.dumps(
                           {"schema": 1, "type": "history", "entries": [dict(entry, id="older001")]}),
                       "junban.draft.abcd1234": "suit(c) != suit(p)",
                       **finished_fixture(1)})
            page.goto(server.base + "#/storage")
            page.wait_for_selector(".st-aside .st-item")
            assert page.locator(".st-aside .st-item").count() == 3
            assert page.locator(".st-aside button[data-act='st:aside-restore']").count() == 1, "the history goes back"
            assert page.locator(".st-saves").get_by_text("12", exact=False).count() >= 1, "the finished game's result"
            words = page.locator("main").inner_text()
            assert {"en": "1 guess being written (Eleusis, solo science)", "ja": "書きかけの推理1件"}[lang] in words
            assert {"en": "Other apps", "ja": "他のアプリ"}[lang] not in words, "the guess draft is Junban's"
            screenshot(page, f"storage-{size_name}-{lang}")
            page.goto(server.base + "#/history")
            page.wait_for_selector("table.stats")
            assert {"en": "Average cards left", "ja": "平均残り枚数"}[lang] in page.locator("main").inner_text()
            screenshot(page, f"storage-history-{size_name}-{lang}")
            page.goto(server.base + "#/")
            page.wait_for_selector(".save-list")
            screenshot(page, f"storage-home-{size_name}-{lang}")


def test_a_setting_kept_aside_at_start_is_said_when_the_app_opens_at_a_game(page, server):
    """Issue 39: a settings value kept aside at start-up was said at ``#/``, not when the app opened at
    ``#/play/<id>`` (the address a reload of a table opens)."""
    session = Session("play0039abcd", "the-game", {"players": 1}, "39", [Seat("person", "Ann")])
    session.apply(next(a for a in session.legal_actions() if "play" in a))
    open_app(page, server, "#/")
    put(page, {"junban.settings": '{"schema":1,"type":"settings","values":{"speed":{},"lang":"en"}}',
               "junban.save.play0039abcd": json.dumps(session.to_record())})
    page.goto("about:blank")  # (a hash change would open the game in the running app, which reads the settings)
    page.goto(server.base + "#/play/play0039abcd")
    page.wait_for_selector('html[data-ready="true"]', timeout=60_000)
    page.wait_for_selector(".tg-table, .table", timeout=60_000)
    said = error_notices(page)
    assert any("could not read the settings" in n for n in said), said
