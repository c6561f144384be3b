"""10,000 malformed and mutated links: never an uncaught error, always a screen, a clear message when refused."""
import random

from junban.links import LinkError, parse_route
from junban.ui.app import App
from tests.ui.fakeplatform import FakePlatform

VALID = [
    "#/", "#/history", "#/rules/the-game", "#/the-game", "#/the-game?players=1&seed=123",
    "#/the-game?players=3&bots=2&level=baseline&variant=expert,fire&start=2&strict=1&seed=abc-1",
    "#/23?players=3&bots=2&seed=9", "#/play/abcd1234efgh",
]
ALPHABET = "#/?&=%,.:-_ abcdefghijklmnopqrstuvwxyz0123456789ABCXYZ<>\"'`;()[]{}\\\u00e9\u3042\u0000\u202e\U0001F525"


def mutate(link: str, rng: random.Random) -> str:
    chars = list(link)
    for _ in range(rng.randint(1, 6)):
        op = rng.random()
        pos = rng.randint(0, len(chars))
        if op < 0.35 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op < 0.7:
            chars.insert(pos, rng.choice(ALPHABET))
        elif op < 0.8:
            chars.insert(pos, "%" + rng.choice(["zz", "00", "ff", "e3%81", "25", "2F", "3F"]))
        elif op < 0.9 and chars:
            chars[min(pos, len(chars) - 1)] = rng.choice(ALPHABET)
        else:
            chars.extend(rng.choice(["&seed=1", "&players=" + str(rng.randint(-5, 99)), "&x=" + "A" * rng.randint(0, 3000),
                                     "&bots=9", "&variant=,,,", "&level=strong", "?seed=" + "9" * 60]))
    return "".join(chars)


def test_ten_thousand_fuzzed_links_never_crash_and_refusals_say_why():
    rng = random.Random(20261122)
    platform = FakePlatform()
    app = App(platform)
    app.start()
    refused = 0
    for i in range(10_000):
        link = mutate(rng.choice(VALID), rng)
        app.notices.clear()
        try:
            parse_route(link)
            parseable = True
        except LinkError:
            parseable = False
        app.route(link)  # must never raise
        assert app.screen is not None
        if not parseable:
            refused += 1
            assert any(kind == "error" and text.strip() for kind, text in ((n.kind, n.text) for n in app.notices)), link
        if i % 500 == 0:  # keep the fake storage small: the many started deals are not the point here
            platform.storage.data.clear()
    assert refused > 3000, "the fuzzer should mostly produce broken links"
