"""Links: routes, share links that deal the same game, and clear refusals of tampered links."""
import pytest

from junban import links
from junban.links import LinkError, parse_route, setup_from_params, share_link


def test_home_and_pages():
    assert parse_route("").name == "home" and parse_route("#/").name == "home"
    assert parse_route("#/history").name == "history"
    assert parse_route("#/rules/the-game").game == "the-game"
    assert parse_route("#/play/abcd1234").save_id == "abcd1234"


def test_a_game_without_seed_opens_setup_and_with_seed_deals():
    assert parse_route("#/the-game").name == "setup"
    route = parse_route("#/the-game?players=1&seed=123")
    assert route.name == "deal" and route.params == {"players": "1", "seed": "123"}


def test_solo_link_gives_one_person_with_that_seed():
    setup = setup_from_params("the-game", {"players": "1", "seed": "123"})
    assert setup.players == 1 and setup.bots == 0 and setup.seed == "123"
    assert setup.config["players"] == 1


def test_share_link_round_trips():
    config = {"players": 3, "expert": True, "small_hands": False, "on_fire": True, "strict": True, "start": 2}
    link = share_link("the-game", config, "abc-1", 3, 2, "baseline")
    route = parse_route(link)
    setup = setup_from_params(route.game, route.params)
    assert setup.config == config and setup.seed == "abc-1" and setup.bots == 2 and setup.level == "baseline"


def test_daily_link_uses_the_date_as_seed():
    assert links.daily_link("the-game", "2026-11-22") == "#/the-game?players=1&seed=2026-11-22"


@pytest.mark.parametrize("bad", [
    "#/nowhere", "#/the-game/extra?seed=1", "#/play/../../x", "#/play/ABC", "#/history?seed=1",
    "#/the-game?seed=1&seed=2", "#/the-game?seed=" + "9" * 50, "#/the-game?seed=<script>",
    "#/the-game?players=9&seed=1", "#/the-game?players=-1&seed=1", "#/the-game?players=1.5&seed=1",
    "#/the-game?bots=3&players=2&seed=1", "#/the-game?variant=evil&seed=1", "#/the-game?start=4&players=2&seed=1",
    "#/the-game?level=god&bots=1&players=2&seed=1", "#/the-game?unknown=1&seed=1", "#/the-game?strict=yes&seed=1",
    "#/the-game?%zz=1", "#" + "/" * 3000, "#/the-game?seed=1&" + "&".join(f"k{i}=1" for i in range(40)),
])
def test_tampered_links_are_refused_with_a_message(bad):
    with pytest.raises(LinkError) as err:
        route = parse_route(bad)
        setup_from_params(route.game, route.params)
    assert str(err.value)


PERCENT_CASES = ["", "plain", "a+b", "%41%42", "%e6%97%a5%E6%9C%AC", "100%", "%", "%z1", "%4", "%%41", "%ff%fe",
                 "日本語", "%F0%9F%82%A1x", "a%2", "%C3", "+%2B+", "\u00e9%c3%a9"]


@pytest.mark.parametrize("text", PERCENT_CASES)
def test_percent_decoding_reads_what_browsers_and_urllib_read(text):
    from urllib.parse import unquote_plus

    assert links.percent_decode(text.replace("+", " ")) == unquote_plus(text)


def test_percent_coding_agrees_with_urllib_on_random_text():
    import random
    from urllib.parse import quote, unquote

    rng = random.Random("percent")
    alphabet = "aZ09_.-~,:%+&=# /?日本語é\U0001F0A1\x00\x7f"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        assert links.percent_encode(text, safe=",:") == quote(text, safe=",:")
        assert links.percent_decode(links.percent_encode(text)) == text
        assert links.percent_decode(text) == unquote(text)


def test_query_fields_are_refused_past_the_limit_or_without_a_value():
    assert links.parse_route("#/the-game?seed=a%20b&players=2").params == {"seed": "a b", "players": "2"}
    for bad in ("#/the-game?seed", "#/the-game?seed=1&&players=2", "#/the-game?" + "&".join(["k=1"] * 33)):
        with pytest.raises(LinkError) as err:
            links.parse_route(bad)
        assert err.value.code == "link.bad_query"
