"""The Game with every card known: the best line a deal allows — a perfect game (all 98 cards) when there is one.

**The solver reads the whole deal** (the draw order and every hand). It must never advise a seat at a table: the app
runs it only once a game is over ("Analyse this deal", ``analysis.py``), and the benchmark uses it as the game's
ceiling (``python -m junban.bench the-game --bot clairvoyant``).

What it searches: *positions* at the start of a turn (every hand, the four tops, how many cards were drawn, the
active seat), joined by whole *turns* (the active seat's plays; then it draws up from the known draw order and the next
seat with cards is active). It follows ``rules.py`` to the letter (minimum 2, 3 in Expert, 1 once the draw pile is
empty; backwards tricks; On Fire's deadline and the fire-at-the-end loss) and every line it returns is checked by
replaying it through the engine's ``apply``.

- **Candidate turns** (``candidate_turns``): every way to play the turn's minimum, each play taken from the cards that
  matter on a pile — the hand's card nearest the top, the backwards-trick card, and cards whose trick partner is in
  hand (a farther card skips the nearer one, which rarely pays) — then the same ends extended by every *free* play
  (``free_plays``: a backwards trick, a card and its trick partner, a play that skips no live card). Ends reached by
  several orders are merged; a turn must cover any fire card left on top from an earlier turn.
- **Dead cards** (``dead_cards``): a live card that no pile can take any more, even after the pile is brought back
  by backwards tricks through live cards, can never be played: their count is a sound lower bound on the cards left.
- **Order**: each candidate is scored by the strong bot's evaluation (``strategy.Turn.value``: the pressure on every
  live card, a card that only one pile still takes weighing far more than one that four take), told every card, and
  the best
  ``ROLLOUTS`` are played out to the end by a quick greedy policy on the real draw order (``play_out``). A play-out is
  a whole game, so it also gives a line: the best one seen so far is the answer, and a perfect play-out ends the search.
- **Beam search over turns**, widened (``WIDTHS``) until the target is reached or the node limit is spent: at each
  turn the best ``width`` positions by (dead cards, play-out, pressure) go on, positions met before are dropped,
  and positions whose dead cards alone rule out beating the best line are cut.

Work is counted in *nodes* (positions expanded), never in seconds, so a result depends only on the deal and the limit.
``Solve.run(n)`` does at most ``n`` nodes and returns, so a page can run it between frames; cancelling is simply not
calling it again.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right, insort

from junban.errors import IllegalAction
from junban.games.the_game import rules
from junban.games.the_game.endgame import greedy_plays
from junban.games.the_game.seat_view import Position
from junban.games.the_game.strategy import Turn
from junban.games.the_game.turns import replay_plays

NODE_LIMIT = 50_000  # the benchmark's limit per deal; the app's analysis sets its own, smaller
WIDTHS = (1, 3, 8, 20, 50, 120, 300, 700, 1600, 4000)
ROLLOUTS = 5
NEAREST_CARDS = 1
# Positions whose children are kept for the next, wider beams (a narrow beam's positions mostly come back).
MEMORY = 5000
# Turn starts whose play-out score is kept (``play_out``'s ``ends``), per deal.
PLAY_OUT_MEMORY = 200_000
# A game lost to fire ranks below every count of cards left.
FIRE_LOSS = 100


# --------------------------------------------------------------------------- the known deal


class Known:
    """A deal with every card known, from an engine state (at a turn's start or in its middle).

    A *position* is a tuple ``(hands, tops, drawn, active)``: hands as sorted tuples, the four tops, how many cards
    of ``draw`` (in drawing order) are already drawn, and the seat to play. The first position (``root``) may be in
    the middle of a turn: ``root_need`` plays are still required and ``root_burning`` piles must still be covered.

    ``deal``: the state the deal started from, when ``state`` is a later point of its game. Then ``draw`` is the
    whole deal's drawing order and ``drawn`` counts from the deal's start, so positions reached from any point of
    one game are the same tuples, and ``Solve``s from several points can share an ``Explored`` (analysis.py).
    """

    def __init__(self, state: rules.State, deal: rules.State | None = None):
        config = state.config
        deal = state if deal is None else deal
        self.players = config["players"]
        self.size = rules.hand_size(config)
        self.draw = tuple(reversed(deal.draw))
        self.fire = rules.fire_cards(config)
        self.full_minimum = rules.turn_minimum(config, False)
        self.total = len(self.draw)
        tops = tuple(rules.pile_top(state, p) for p in rules.PILES)
        drawn = self.total - len(state.draw)
        if self.draw[drawn:] != tuple(reversed(state.draw)):
            raise ValueError("the state is not a point of the deal's game")
        self.root = (tuple(tuple(sorted(h)) for h in state.hands), tops, drawn, state.active)
        self.root_need = max(0, state.minimum - len(state.played))
        self.root_burning = tuple(p for p in rules.PILES if state.piles[p] and state.piles[p][-1][0] in self.fire
                                  and state.piles[p][-1][1] < state.turn)
        self.over = state.ended is not None
        self._drawing: dict = {}  # cards drawn -> flags of the cards still to draw (``live_bytes``)

    def minimum(self, drawn: int) -> int:
        return self.full_minimum if drawn < self.total else 1

    def left(self, position) -> int:
        hands, _, drawn, _ = position
        return self.total - drawn + sum(map(len, hands))

    def live(self, position) -> set:
        hands, _, drawn, _ = position
        return set(self.draw[drawn:]).union(*hands)

    def live_bytes(self, position) -> bytearray:
        """``live`` as a new array of flags, ``flags[c]`` 1 for a live card (cards 1-100): what a play-out updates."""
        hands, _, drawn, _ = position
        drawing = self._drawing.get(drawn)
        if drawing is None:  # the cards still to draw, once per count drawn
            drawing = self._drawing[drawn] = bytearray(101)
            for c in self.draw[drawn:]:
                drawing[c] = 1
        live = bytearray(drawing)
        for hand in hands:
            for c in hand:
                live[c] = 1
        return live

    def after_turn(self, position, mask: int, tops):
        """The position after the active seat plays the cards of ``mask`` (ending on ``tops``) and draws up."""
        return self.after_turns(position, ((mask, tops),))[0]

    def after_turns(self, position, turns) -> list:
        """``after_turn`` for each (mask, tops) of ``turns``, all from ``position`` (the candidate turns of a node):
        what does not depend on the turn is worked out once."""
        hands, _, drawn, active = position
        cards = tuple((1 << i, c) for i, c in enumerate(hands[active]))
        before, after = hands[:active], hands[active + 1:]
        # The next seat with cards: another seat's, whatever this one keeps; else this seat (its hand or none left).
        seat = next((s % self.players for s in range(active + 1, active + self.players) if hands[s % self.players]),
                    active)
        size, total, draw = self.size, self.total, self.draw
        children = []
        made: dict = {}  # mask -> (hands, cards drawn) after it: the same cards are often played onto other piles
        for mask, tops in turns:
            hands_after = made.get(mask)
            if hands_after is None:
                rest = [c for bit, c in cards if not mask & bit]
                now = drawn
                if len(rest) < size and now < total:
                    new = min(size - len(rest), total - now)
                    rest += draw[now:now + new]
                    now += new
                    rest.sort()
                hands_after = made[mask] = (before + (tuple(rest),) + after, now)
            children.append((hands_after[0], tops, hands_after[1], seat))
        return children

    def seat_position(self, position, live: set, need: int) -> Position:
        """The active seat's position as the strong bot's turn search sees it, but told every card: what is not in
        its hand is all 'unseen' (so ``strategy.Turn`` counts every live card). No markers, no fire pricing."""
        hands, tops, drawn, active = position
        hand = hands[active]
        return Position(seat=active, players=self.players, hand=hand, tops=tops, need=need,
                        unseen=frozenset(live.difference(hand)), draw_count=self.total - drawn,
                        hand_counts=tuple(len(h) for h in hands), hand_size=self.size, minimum=need,
                        expert=self.full_minimum == 3, fire=frozenset(), markers=(), own_markers=(), turn=0)

    def ending_score(self, position) -> int:
        """The score of a game that ends in this position: the cards left, plus ``FIRE_LOSS`` if a fire card is on top."""
        return self.left(position) + (FIRE_LOSS if any(t in self.fire for t in position[1]) else 0)


class Explored:
    """What searches of one deal have worked out about its positions, kept for the searches that follow: each
    position's candidate turns, scored (``Solve._scored``: the same whatever the search's bound), and the play-out
    score of every turn start a play-out passed through (``play_out``'s ``ends``). Both are functions of the
    position alone, so a search that finds them here does exactly what it would have done working them out again,
    only sooner. At most ``limit`` positions' turns are kept (the first ones: the game's own line and the searches'
    early layers, which the next searches meet again). It also keeps the strong bot's pressure on the unseen cards
    by tops (``pressure``), which the candidate turns of many positions share.
    """

    def __init__(self, nearest_cards: int = NEAREST_CARDS, limit: int = 20_000):
        self.nearest_cards = nearest_cards  # the candidate turns it holds were made with this many nearest cards
        self.limit = limit
        self.turns: dict = {}
        self.play_outs: dict = {}
        self.pressures: dict = {}  # unseen cards -> {tops: the strong bot's pressure on them} (``pressure``)

    def sharing(self, nearest_cards: int) -> Explored:
        """An Explored for searches that try another ``nearest_cards``: its own candidate turns, and this one's
        play-outs and pressures (they do not depend on the candidate turns)."""
        other = Explored(nearest_cards, self.limit)
        other.play_outs = self.play_outs
        other.pressures = self.pressures
        return other

    def pressure(self, unseen: frozenset) -> dict:
        """The table of ``strategy.Turn.unseen_pressure`` by tops for positions with these unseen cards (the
        solver's Turns share it: alone, they are the cards left to draw, so every position with as many cards
        drawn has the same), a fresh one once ``limit`` tables are kept."""
        table = self.pressures.get(unseen)
        if table is None:
            table = {}
            if len(self.pressures) < self.limit:
                self.pressures[unseen] = table
        return table

    def play_out(self, known: Known, position) -> int:
        return play_out(known, position, ends=self.play_outs)[0]


# --------------------------------------------------------------------------- cards and piles


def reach(pile: int, top: int, live) -> int:
    """How far back a pile showing ``top`` can still be brought by backwards tricks through live cards: the lowest
    top an ascending pile can reach (the highest, descending). Ascending 93 with 95, 85, 83, 75 live: 83 on 93, or
    95 then 85 — and from 85, 75: it can come back to 75, so 80 can still be played there."""
    flags = live_flags(live)
    return _reach(pile, top, flags, trick_pairs(flags))


def dead_cards(tops, live) -> int:
    """How many live cards no pile can ever take: below what both ascending piles can be brought back to and above
    what both descending piles can (``reach``). A sound lower bound on the cards that will be left."""
    flags = live_flags(live)
    return _dead(tops, flags, trick_pairs(flags))


def live_flags(live) -> bytearray:
    """``live`` as flags: ``flags[c]`` is 1 for a live card. Room up to 111, so that a descending top's trick card
    (top + 10) can be looked up without a bounds test."""
    flags = bytearray(112)
    for c in live:
        flags[c] = 1
    return flags


def trick_pairs(flags: bytearray) -> bytearray:
    """``pairs[c]`` is 1 when the cards ``c`` and ``c - 10`` are both live (a pile can be brought back by them)."""
    pairs = bytearray(112)
    for c in range(12, 100):
        if flags[c] and flags[c - 10]:
            pairs[c] = 1
    return pairs


def _reach(pile: int, top: int, flags: bytearray, pairs: bytearray) -> int:
    """``reach`` on ``live_flags`` and their ``trick_pairs`` (the search calls it for every candidate turn): from
    each top reached, the pair that brings the pile back farthest is the first (ascending) or last (descending)
    pair in the ten cards above (below) it, found by ``bytearray.find``."""
    m = top
    if pile < 2:
        trick = top - 10 if top > 10 and flags[top - 10] else 101
        while True:
            lowest = trick if trick < m else m
            v = pairs.find(1, m if m > 12 else 12, m + 10 if m < 90 else 100)
            if 0 <= v and v - 10 < lowest:
                lowest = v - 10
            if lowest == m:
                return m
            m = lowest
    trick = top + 10 if flags[top + 10] else 0
    while True:
        highest = trick if trick > m else m
        w = pairs.rfind(1, m + 1 if m > 11 else 12, m + 11)
        if w > highest:
            highest = w
        if highest == m:
            return m
        m = highest


def _dead(tops, flags: bytearray, pairs: bytearray) -> int:
    """``dead_cards`` on ``live_flags`` and their ``trick_pairs``."""
    low = tops[2] if tops[2] > tops[3] else tops[3]
    high = tops[0] if tops[0] < tops[1] else tops[1]
    if high - low < 2 or flags.find(1, low + 1, high) < 0:
        return 0
    low = max(_reach(2, tops[2], flags, pairs), _reach(3, tops[3], flags, pairs))
    high = min(_reach(0, tops[0], flags, pairs), _reach(1, tops[1], flags, pairs))
    return flags.count(1, low + 1, high) if high - low > 1 else 0


# --------------------------------------------------------------------------- candidate turns


def plays_that_matter(hand, mask: int, tops, nearest_cards: int = NEAREST_CARDS) -> list[tuple[int, int, int]]:
    """(index, card, pile) for the cards of ``hand`` not in ``mask`` worth trying on each pile: the card nearest
    its top, its backwards-trick card, and cards whose own trick partner is in hand."""
    held = [(i, c) for i, c in enumerate(hand) if not mask >> i & 1]
    cards = {c for _, c in held}
    found = []
    for p in (0, 1, 2, 3):
        top = tops[p]
        nearest = nearest_cards
        if p < 2:
            for i, c in held:
                if c == top - 10:
                    found.append((i, c, p))
                elif c > top:
                    if nearest > 0 or c - 10 in cards:
                        found.append((i, c, p))
                    nearest -= 1
        else:
            for i, c in reversed(held):
                if c == top + 10:
                    found.append((i, c, p))
                elif c < top:
                    if nearest > 0 or c + 10 in cards:
                        found.append((i, c, p))
                    nearest -= 1
    return found


def free_plays(hand, mask: int, tops, plays, below):
    """Extend a turn by every free play, until none is left: a backwards trick; a card followed by its trick
    partner, when the pair leaves the pile no worse; a play that skips no live card. Returns (mask, tops, plays).

    ``below[x]``: the live cards smaller than ``x`` (at the turn's start). Of a hand's cards only one can skip no
    live card on a pile — the next live card above an ascending top (below a descending one) — so it is looked up
    in ``below`` by bisection, pile by pile, instead of trying every card; the smallest such card is played first."""
    held = {c: i for i, c in enumerate(hand) if not mask >> i & 1}  # card -> its index, ascending
    while held:
        a0, a1, d0, d1 = tops
        if a0 - 10 in held:
            move = ((a0 - 10, 0),)
        elif a1 - 10 in held:
            move = ((a1 - 10, 1),)
        elif d0 + 10 in held:
            move = ((d0 + 10, 2),)
        elif d1 + 10 in held:
            move = ((d1 + 10, 3),)
        else:
            move = None
        if move is None:
            for card in held:
                if card - 10 not in held and card + 10 not in held:
                    continue
                for p in (0, 1, 2, 3):
                    top = tops[p]
                    if p < 2:
                        if card > top and card - 10 in held and (card - 10 <= top or below[card - 10] == below[top + 1]):
                            move = ((card, p), (card - 10, p))
                            break
                    elif card < top and card + 10 in held and (card + 10 >= top or below[top] == below[card + 11]):
                        move = ((card, p), (card + 10, p))
                        break
                if move:
                    break
        if move is None:
            # the next live card beyond each top: the first x with below[x + 1] past the count up to the top
            for p, card in ((0, bisect_right(below, below[a0 + 1]) - 1), (1, bisect_right(below, below[a1 + 1]) - 1),
                            (2, bisect_left(below, below[d0]) - 1), (3, bisect_left(below, below[d1]) - 1)):
                if card in held and (move is None or card < move[0][0]):
                    move = ((card, p),)
        if move is None:
            break
        for card, p in move:
            mask |= 1 << held.pop(card)
            tops = tops[:p] + (card,) + tops[p + 1:]
        plays = plays + move
    return mask, tops, plays


def candidate_turns(hand, tops, need: int, burning, below, nearest_cards: int = NEAREST_CARDS) -> dict:
    """The turns worth trying: {(mask of cards played, tops after): plays}. Every way to play ``need`` cards (from
    ``plays_that_matter``), each as it is and extended by ``free_plays``; fire cards on ``burning`` piles covered."""
    layer = {(0, tops): ()}
    for _ in range(min(need, len(hand))):
        reached = {}
        for (mask, t), plays in layer.items():
            for i, card, p in plays_that_matter(hand, mask, t, nearest_cards):
                key = (mask | 1 << i, t[:p] + (card,) + t[p + 1:])
                if key not in reached:
                    reached[key] = plays + ((card, p),)
        layer = reached
    if need > len(hand):
        layer = {}
    ends = {}
    for (mask, t), plays in layer.items():
        ends[(mask, t)] = plays
        more = free_plays(hand, mask, t, plays, below)
        if more[0] != mask:
            ends.setdefault(more[:2], more[2])
    if burning:
        ends = _covering(hand, tops, burning, ends)
    return ends


def _covering(hand, tops, burning, ends: dict) -> dict:
    """Keep the turns that cover every burning pile; extend the others by a covering play where one fits."""
    kept = {}
    for (mask, t), plays in ends.items():
        open_piles = [p for p in burning if t[p] == tops[p]]
        for p in open_piles:
            covers = [(i, c) for i, c in enumerate(hand) if not mask >> i & 1 and rules.fits(c, p, t[p])]
            if not covers:
                break
            i, c = min(covers, key=lambda ic: abs(ic[1] - t[p]))
            mask |= 1 << i
            t = t[:p] + (c,) + t[p + 1:]
            plays = plays + ((c, p),)
        else:
            kept.setdefault((mask, t), plays)
    return kept


# --------------------------------------------------------------------------- play-outs


def play_out_turn(hand: list[int], held: set, tops, live: bytearray, need: int, fire) -> tuple[list | None, tuple]:
    """A play-out's turn: the strong bot's greedy plays (``endgame.greedy_plays``: the cheapest play until ``need``
    are played, then every play that skips no live card), then a cover for each fire card left on top from before.
    ``hand`` (sorted), ``held`` and ``live`` are updated. Returns (plays, tops after); (None, tops) with nothing
    changed if the greedy order cannot reach ``need``."""
    start = tuple(tops)
    plays, after = greedy_plays(hand, held, start, live, need)
    if len(plays) < need:
        for card, _ in plays:
            insort(hand, card)
            held.add(card)
            live[card] = 1
        return None, start
    if fire:
        for p in (0, 1, 2, 3):
            if start[p] in fire and after[p] == start[p]:
                covers = [c for c in hand if rules.fits(c, p, after[p])]
                if covers:
                    card = min(covers, key=lambda c: (c in fire, abs(c - after[p])))
                    plays.append((card, p))
                    hand.remove(card)
                    held.discard(card)
                    live[card] = 0
                    after = after[:p] + (card,) + after[p + 1:]
    return plays, after


def some_turn(hand, tops, need: int) -> list | None:
    """Any order of ``need`` legal plays (the engine's test of whether a turn is possible), or None."""
    if need == 0:
        return []
    for i, card in enumerate(hand):
        for p in (0, 1, 2, 3):
            if rules.fits(card, p, tops[p]):
                rest = some_turn(hand[:i] + hand[i + 1:], tops[:p] + (card,) + tops[p + 1:], need - 1)
                if rest is not None:
                    return [(card, p)] + rest
    return None


def play_out(known: Known, position, record: bool = False, ends: dict | None = None) -> tuple[int, list]:
    """Play ``position`` to the end with ``play_out_turn`` for every seat: (score, the turns played if ``record``).

    The score is the cards left, plus ``FIRE_LOSS`` for a game lost to fire. The game ends as the engine ends it: all
    cards played, a seat that cannot play its minimum (``some_turn`` finds a turn when the greedy order cannot),
    or a fire card left on top past its deadline.

    ``ends`` (not with ``record``): the scores of earlier play-outs by every turn start they passed through
    (``play_out_key``). A play-out from a turn start is a function of it, so one that reaches a turn start met
    before ends there with that score, and adds the scores of its own turn starts. The play-outs of a search run
    into each other within a few turns: on one deal they played 10,272 turns instead of 41,265."""
    hands, tops, drawn, active = position
    if ends is not None:
        bits = hand_bits(hands)
        score = ends.get(play_out_key(bits, tops, drawn, active))
        if score is not None:
            return score, []
    live = known.live_bytes(position)
    hands = [list(h) for h in hands]
    helds = [set(h) for h in hands]
    fire = known.fire
    turns = []
    passed = []  # the keys of the turn starts passed through (with ``ends``)
    if ends is None:
        bits = 0
    left = known.total - drawn + sum(len(h) for h in hands)
    score = None
    while left:
        if ends is not None:
            key = play_out_key(bits, tops, drawn, active)
            score = ends.get(key)
            if score is not None:
                break
            passed.append(key)
        hand, held = hands[active], helds[active]
        need = known.full_minimum if drawn < known.total else 1
        start = tops
        plays, tops = play_out_turn(hand, held, start, live, need, fire)
        if plays is None:
            plays = some_turn(tuple(hand), start, need)
            if plays is None:
                break
            for card, p in plays:
                hand.remove(card)
                held.discard(card)
                live[card] = 0
            tops = replay_plays(start, plays)
        if record:
            turns.append(tuple(plays))
        left -= len(plays)
        if left and fire and any(start[p] in fire and tops[p] == start[p] for p in (0, 1, 2, 3)):
            score = left + FIRE_LOSS
            break
        seat_bits = _SEAT_BITS * active
        for card, _ in plays:
            bits ^= 1 << card + seat_bits
        while len(hand) < known.size and drawn < known.total:
            card = known.draw[drawn]
            insort(hand, card)
            held.add(card)
            bits |= 1 << card + seat_bits
            drawn += 1
        for step in range(1, known.players + 1):
            seat = (active + step) % known.players
            if hands[seat]:
                active = seat
                break
    if score is None:
        score = left + (FIRE_LOSS if any(t in fire for t in tops) else 0)
    if passed and len(ends) < PLAY_OUT_MEMORY:
        for key in passed:
            ends[key] = score
    return score, turns


# Each seat's cards take this many bits in ``hand_bits`` (cards 1-100).
_SEAT_BITS = 101


def hand_bits(hands) -> int:
    """Every hand as bits of one int, seat by seat: what ``play_out`` keys its turn starts by, and updates as it
    plays and draws."""
    bits = 0
    for seat, hand in enumerate(hands):
        for c in hand:
            bits |= 1 << c + _SEAT_BITS * seat
    return bits


def play_out_key(bits: int, tops, drawn: int, active: int) -> int:
    """A turn start as one int (a small key to keep many of): the hands' bits, the four tops, cards drawn, the
    active seat (each below 128, the seat below 8)."""
    a0, a1, d0, d1 = tops
    return bits << 38 | a0 << 31 | a1 << 24 | d0 << 17 | d1 << 10 | drawn << 3 | active


# --------------------------------------------------------------------------- the search


class Solve:
    """The best line of a deal from a point of its game, found in resumable slices.

    ``Solve(config, seed, actions)`` starts from the state the engine reaches by applying ``actions`` to the deal
    (at a turn's start or in its middle) and looks for the line leaving the fewest cards, stopping at a perfect one.
    With ``target=k`` it answers a narrower question, "can at most k cards be left?": positions whose dead cards
    already exceed k are cut, and it stops at the first such line. ``run(n)`` expands at most ``n`` more positions
    and says whether the search is done (the goal reached, the node limit spent, or the widest beam searched).
    ``progress`` and ``result`` are plain data. Only for a finished game or the benchmark: it reads the whole deal.
    """

    def __init__(self, config: dict, seed: str, actions=(), *, max_nodes: int = NODE_LIMIT,
                 target: int | None = None, explored: Explored | None = None, nearest_cards: int = NEAREST_CARDS):
        deal = state = rules.new_game(config, seed)
        for action in actions:
            state = rules.apply(state, action)
        self.config = state.config
        self.seed = seed
        self.actions = list(actions)
        self.state = state
        self.known = Known(state, deal)
        self.nearest_cards = nearest_cards
        self.explored = Explored(nearest_cards) if explored is None else explored
        if self.explored.nearest_cards != nearest_cards:
            raise ValueError("an Explored holds the turns of one nearest_cards")
        self.max_nodes = max_nodes
        self.target = 0 if target is None else target
        self.cut = None if target is None else target + 1
        self.nodes = 0
        self.width = 0
        self.done = False
        root = self.known.root
        self.best_score: int | None = None
        self.best_turns: list = []
        if self.known.over:  # nothing is left to choose: the result is what it is
            self.best_score = state.ended["left"] + (FIRE_LOSS if state.ended["reason"].startswith("fire") else 0)
            self.done = True
        self.lower_bound = self.best_score if self.known.over else dead_cards(root[1], self.known.live(root))
        self._steps = self._search()
        self._expanded: dict = {}  # position -> its ranked children, kept for the wider beams that follow
        self._result = None
        self._exhausted = False
        self._finished = self.done  # the search itself is over (not merely out of nodes)

    # ------------------------------------------------------------------ the public face

    def run(self, max_nodes: int | None = None) -> bool:
        """Expand at most ``max_nodes`` positions (all that are left when None); True once the search is done."""
        stop = self.max_nodes if max_nodes is None else min(self.max_nodes, self.nodes + max_nodes)
        if self.best_score is None:
            self._first_line()
        while not self.done and self.nodes < stop:
            try:
                next(self._steps)
            except StopIteration:
                self.done = self._finished = True
        if self.nodes >= self.max_nodes:
            self.done = True
        return self.done

    def extend(self, max_nodes: int) -> None:
        """Raise the node limit, so that ``run`` goes on where the search stopped: the same as having started with
        the higher limit (the search does not depend on its limit until it reaches it)."""
        if max_nodes > self.max_nodes:
            self.max_nodes = max_nodes
            self.done = self._finished

    @property
    def progress(self) -> dict:
        """What a page can show while it runs: nodes spent of the limit, the fewest cards left found so far."""
        return {
            "nodes": self.nodes,
            "max_nodes": self.max_nodes,
            "fraction": 1.0 if self.done else round(self.nodes / self.max_nodes, 4),
            "best_left": None if self.best_score is None else self.best_score % FIRE_LOSS,
            "done": self.done,
        }

    @property
    def result(self) -> dict:
        """The best line found: ``line`` (engine actions from the starting point), ``best_left``, ``perfect``,
        ``outcome`` (the engine's, from replaying the line), ``proven_optimal`` (a perfect line, or dead cards that
        rule out anything better), ``nodes``. Raises if nothing was searched yet."""
        if self.best_score is None:
            raise ValueError("run() the search first")
        if self._result is None or self._result[0] != (self.best_score, self.nodes):
            line, state = line_actions(self.state, self.best_turns)
            outcome = rules.outcome(state)
            score = outcome["left"] + (FIRE_LOSS if outcome["reason"].startswith("fire") else 0)
            if score != self.best_score:
                raise AssertionError(f"deal {self.seed}: the line ends with {outcome}, the search expected "
                                     f"{self.best_score}")
            self._result = ((self.best_score, self.nodes), {
                "best_left": outcome["left"],
                "perfect": outcome["result"] == "perfect",
                "outcome": outcome,
                "line": line,
                "proven_optimal": outcome["result"] == "perfect" or self.best_score <= self.lower_bound,
                "nodes": self.nodes,
                "done": self.done,
            })
        return self._result[1]

    # ------------------------------------------------------------------ the search

    def _first_line(self) -> None:
        """A line before any search, so ``result`` has an answer after the first slice: the position played out
        (in the middle of a turn, the turn is first finished by the greedy turn, or any legal one)."""
        known = self.known
        hands, tops, _, active = known.root
        hand = list(hands[active])
        first, _ = play_out_turn(list(hand), set(hand), tops, known.live_bytes(known.root), known.root_need,
                                 known.fire)
        if first is None:
            first = some_turn(tuple(hand), tops, known.root_need)
        if first is None:  # cannot happen: the engine ends a game whose minimum cannot be reached
            raise AssertionError("the active seat cannot finish its turn")
        child = known.after_turn(known.root, _mask(hands[active], first), replay_plays(tops, first))
        if any(tops[p] == child[1][p] for p in known.root_burning):  # the fire deadline is missed
            self._record(known.left(child) + FIRE_LOSS, [tuple(first)])
            return
        score, turns = play_out(known, child, record=True)
        self._record(score, [tuple(first)] + turns)

    def _record(self, score: int, turns: list) -> None:
        if self.best_score is None or score < self.best_score:
            self.best_score = score
            self.best_turns = turns

    def _bound(self) -> int:
        """Positions with at least this many dead cards cannot give a line worth having."""
        return self.best_score if self.cut is None else min(self.best_score, self.cut)

    def _search(self):
        for width in WIDTHS:
            self.width = width
            yield from self._beam(width)
            if self.best_score is not None and self.best_score <= self.target:
                return
            if self._exhausted:
                return

    def _beam(self, width: int):
        known = self.known
        layer = [(None, known.root)]
        seen = {known.root}
        self._exhausted = True
        while layer:
            reached: dict = {}
            for path, position in layer:
                children = self._expanded.get(position)
                if children is None:
                    if self.nodes >= self.max_nodes:
                        self._exhausted = False
                        return
                    self.nodes += 1
                    children = self._children(path, position)
                    if len(self._expanded) < MEMORY:
                        self._expanded[position] = children
                    if self.best_score <= self.target:
                        return
                bound = self._bound()
                for key, turn, child in children:
                    if child in seen or key[0] >= bound:
                        continue
                    old = reached.get(child)
                    if old is None or key < old[0]:
                        reached[child] = (key, (path, turn))
                yield
            ranked = sorted(reached.items(), key=lambda item: item[1][0])
            if len(ranked) > width:
                self._exhausted = False
            layer = []
            for child, (key, path) in ranked[:width]:
                seen.add(child)
                layer.append((path, child))

    def _children(self, path, position):
        """[(ranking key, turn, child)] for the candidate turns of ``position``; records every ending and play-out."""
        known = self.known
        hands, tops, drawn, active = position
        if known.left(position) == 0:
            self._record(known.ending_score(position), _unwind(path))
            return []
        if position is known.root:
            need, burning = known.root_need, known.root_burning
            scored = self._scored(position, need, burning)
        else:
            need, burning = known.minimum(drawn), tuple(p for p in (0, 1, 2, 3) if tops[p] in known.fire)
            scored = self.explored.turns.get(position)
            if scored is None:
                scored = self._scored(position, need, burning)
                if len(self.explored.turns) < self.explored.limit:
                    self.explored.turns[position] = scored
        if not scored:
            hand = hands[active]
            turn = some_turn(hand, tops, need) if need <= len(hand) else None
            if turn is None:  # the game ends here: the active seat cannot play its minimum
                self._record(known.ending_score(position), _unwind(path))
            else:  # every turn misses the fire deadline: the game is lost at the end of this one
                mask = _mask(hand, turn)
                child = known.after_turn(position, mask, replay_plays(tops, turn))
                self._record(known.left(child) + FIRE_LOSS, _unwind(path) + [tuple(turn)])
            return []
        bound = self._bound()
        out = []
        rank = 0
        for dead, static, plays, child in scored:
            if dead >= bound:
                continue
            rank += 1
            if child[2] == known.total and known.left(child) == 0:
                self._record(known.ending_score(child), _unwind(path) + [plays])
                out.append(((dead, known.ending_score(child), static), plays, child))
                continue
            rolled = 10 ** 6
            if rank <= ROLLOUTS:
                rolled = self.explored.play_out(known, child)
                if self.best_score is None or rolled < self.best_score:
                    _, turns = play_out(known, child, record=True)
                    self._record(rolled, _unwind(path) + [plays] + turns)
            out.append(((dead, rolled, static), plays, child))
        return out

    def _scored(self, position, need: int, burning) -> list:
        """[(dead cards, the strong bot's value, plays, child)] for the candidate turns of ``position`` (``need``
        plays, ``burning`` piles to cover), best first: fewest dead cards, then the value. The same whatever the
        search's bound, so it is worked out once per position (``Explored``)."""
        known = self.known
        hands, tops, _, active = position
        live = known.live(position)
        seat = known.seat_position(position, live, need)
        judge = Turn(seat, self.explored.pressure(seat.unseen))
        scored = []
        ends = candidate_turns(hands[active], tops, need, burning, judge.live_below, self.nearest_cards)
        flags = live_flags(live)
        pairs = trick_pairs(flags)
        for (mask, end_tops), plays in ends.items():
            for c, _ in plays:
                flags[c] = pairs[c] = pairs[c + 10] = 0
            dead = _dead(end_tops, flags, pairs)
            for c, _ in plays:
                flags[c] = 1
            for c, _ in plays:
                pairs[c] = flags[c - 10] if c > 11 else 0
                pairs[c + 10] = flags[c + 10]
            scored.append((dead, judge.value(end_tops, mask), plays, mask, end_tops))
        scored.sort(key=lambda e: (e[0], e[1]))
        children = known.after_turns(position, [(mask, end_tops) for _, _, _, mask, end_tops in scored])
        return [(dead, static, plays, child) for (dead, static, plays, _, _), child in zip(scored, children)]


def _unwind(path) -> list:
    turns = []
    while path is not None:
        path, turn = path
        turns.append(turn)
    turns.reverse()
    return turns


def _mask(hand, plays) -> int:
    played = {c for c, _ in plays}
    return sum(1 << i for i, c in enumerate(hand) if c in played)


# --------------------------------------------------------------------------- lines as engine actions


def line_actions(state: rules.State, turns: list) -> tuple[list[dict], rules.State]:
    """The engine actions of a line of turns from ``state`` — each turn's plays, then ``end_turn`` unless the last
    card ended the game — and the state they lead to, checked by the engine's ``apply``. Raises AssertionError if
    the line breaks a rule or does not end the game."""
    actions: list[dict] = []
    try:
        for plays in turns:
            for card, pile in plays:
                actions.append({"play": card, "pile": pile})
                state = rules.apply(state, actions[-1])
            if not rules.is_over(state):
                actions.append({"end_turn": True})
                state = rules.apply(state, actions[-1])
    except IllegalAction as err:
        raise AssertionError(f"the solver's line breaks the rules at action {len(actions)}: {err}") from None
    if not rules.is_over(state):
        raise AssertionError("the solver's line does not end the game")
    return actions, state
