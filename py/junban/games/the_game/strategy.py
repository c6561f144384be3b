"""The strong bot's turn: card counting, a whole-turn search, and pile-marker team play.

Every card not yet on a pile is *live*: in this hand or unseen (partners' hands and the draw pile). A live card's
*room* is the number of piles that still accept it (higher than an ascending top, lower than a descending one, or
exactly the backwards-trick card). A turn is judged by the position it leaves: the summed pressure of every live
card, steeply rising as its room shrinks (a card with no room will never be played). Playing a card removes it
from the live cards; a jump that skips live cards takes room from each of them. Cards already played cost nothing
to skip, which is what counting buys.

The search runs layer by layer over the turn's plays (ends reached by several orders are merged), keeping the
best ``BEAM`` ends per layer. Up to the minimum every legal play is tried (and only ends from which the minimum
is still reachable are kept, so the turn never strands); beyond it only plays that can pay off are tried: cheap
jumps, backwards tricks and plays that set one up. ``EXTRA_PLAY_PRICE`` is 0: measured, any price on playing
more than the minimum loses games (more cards played means more cards seen).

The endgame is searched: once the draw pile is empty and only this hand is left, exactly (``longest_run``);
with partners still holding cards, or with at most ``LATE_DRAW`` cards left to draw (``FIRE_LATE_DRAW`` On Fire),
the best candidate turns are played out to the end against sampled deals of the unseen cards to partners and the
draw pile (``sampled_deals``, ``endgame_choice``; alone, the samples are draw orders).

Team play goes through the pile markers only. A partner's ``keep`` makes any play on that pile cost
``KEEP_PRICE``; a partner's ``small`` makes each unseen card a jump skips on that pile cost ``SMALL_PRICE``.
After its plays, a seat marks the piles its own hand needs: ``keep`` where it holds the pile's backwards-trick
card or the very next live card, ``small`` where it holds a card that fits with a short jump and has nowhere
else to go.
"""
from __future__ import annotations

import random
from itertools import accumulate

from junban.games.the_game.endgame import longest_run, team_playout
from junban.games.the_game.rules import fits
from junban.games.the_game.seat_view import Position
from junban.games.the_game.turns import after, can_play

# Pressure of one live card by its room (0..4 piles accept it).
PRESSURE = (40.0, 6.0, 1.5, 0.4, 0.0, 0.0, 0.0)
HAND_WEIGHT = 1.0
UNSEEN_WEIGHT = 1.0
EXTRA_PLAY_PRICE = 0.0
BEAM = 40
NEED_BEAM = 40
EXTRA_LAYERS = 6
# Beyond the minimum, a play is tried only if it skips at most this many live cards (or is/sets up a trick).
EXTRA_MAX_SKIP = 4
BURNING_PRICE = 1000.0
# A fire card left on top that the next turn cannot cover loses the game: priced like every live card lost.
FIRE_PRICE_PER_CARD = 40.0
FIRE_HOLD_PRICE = 15.0  # once the draw pile is empty a fire card held risks being the last card, uncovered
FIRE_HELD_COVER_RISK = 0.02

# Late turns: the best candidates played out against sampled deals of the unseen cards (partners' hands and
# the draw pile; alone, draw orders), once partners hold the only unseen cards or LATE_DRAW cards are left.
# Measured (docs/benchmarks.md): 32 samples from 30 cards left beat 8 from 12 at every player count.
ENDGAME_SAMPLES = 32
ENDGAME_CANDIDATES = 5
ENDGAME_STATIC = 0.01
LATE_DRAW = 30  # play candidates out from this many cards left to draw (alone too: sampled draw orders)
# On Fire the greedy play-outs do not cover burning piles on purpose: from 30 cards they misjudge turns (measured
# 1.6-9 points fewer wins at 2-5 players); from 12 they still help a little.
FIRE_LATE_DRAW = 12

# Team play.
KEEP_PRICE = 8.0
SMALL_PRICE = 2.0
SIGNAL_MAX_SKIP = 3  # a hand card this close to a top (in live cards) asks for small jumps there
MAX_SIGNALS = 1


def room(card: int, tops) -> int:
    a0, a1, d0, d1 = tops
    return ((card > a0 or card == a0 - 10) + (card > a1 or card == a1 - 10)
            + (card < d0 or card == d0 + 10) + (card < d1 or card == d1 + 10))


class Turn:
    """One turn's search context: the counted cards, partners' signals, and cached unseen pressure per tops."""

    def __init__(self, position: Position, pressures: dict | None = None):
        """``pressures``: ``unseen_pressure``'s results by tops, to share among Turns of positions with the same unseen
        cards and no partner's marker (then it depends on nothing else): the solver's, whose positions repeat them."""
        if pressures is not None and position.markers:
            raise ValueError("a Turn with partners' markers prices its own signals: it cannot share pressures")
        self.position = position
        self.hand = position.hand
        self.start = position.tops
        unseen = position.unseen
        self.unseen = unseen
        live = unseen.union(position.hand)
        self.live_below = list(accumulate((x in live for x in range(101)), initial=0))  # live cards < x (0..101)
        self.unseen_below = list(accumulate((x in unseen for x in range(101)), initial=0))
        self.fire = position.fire
        self.keep = tuple(p for p, kind, _ in position.markers if kind == "keep")
        self.small = tuple(p for p, kind, _ in position.markers if kind == "small")
        self._pressure: dict = {} if pressures is None else pressures

    # -------------------------------------------------------------- evaluation

    def unseen_pressure(self, tops) -> float:
        cached = self._pressure.get(tops)
        if cached is not None:
            return cached
        a0, a1, d0, d1 = tops
        below = self.unseen_below
        cuts = sorted({2, 100, a0 + 1 if a0 < 99 else 100, a1 + 1 if a1 < 99 else 100,
                       d0 if d0 > 2 else 2, d1 if d1 > 2 else 2})
        total = 0.0
        s = cuts[0]
        for e in cuts[1:]:
            count = below[e] - below[s]
            if count:
                total += PRESSURE[(s > a0) + (s > a1) + (s < d0) + (s < d1)] * count
            s = e
        unseen = self.unseen
        for x in (a0 - 10, a1 - 10, d0 + 10, d1 + 10):
            if x in unseen:
                n = room(x, tops)
                total += PRESSURE[n] - PRESSURE[n - 1]
        total *= UNSEEN_WEIGHT
        if self.keep or self.small:  # no partner's marker: no price (adding 0.0 would change nothing)
            total += self.signal_price(tops)
        self._pressure[tops] = total
        return total

    def signal_price(self, tops) -> float:
        """What the turn's pile changes cost in partners' signals (keep: any change; small: unseen skipped)."""
        price = 0.0
        start = self.start
        for p in self.keep:
            if tops[p] != start[p]:
                price += KEEP_PRICE
        below = self.unseen_below
        for p in self.small:
            t0, t = start[p], tops[p]
            if p < 2 and t > t0:
                price += SMALL_PRICE * (below[t] - below[t0 + 1])
            elif p >= 2 and t < t0:
                price += SMALL_PRICE * (below[t0] - below[t + 1])
        return price

    def value(self, tops, mask: int) -> float:
        """Lower is better: the pressure on every live card once the plays in ``mask`` are made."""
        total = self._pressure.get(tops)  # unseen_pressure's cache, looked at here first: the solver's often has it
        if total is None:
            total = self.unseen_pressure(tops)
        a0, a1, d0, d1 = tops
        for i, card in enumerate(self.hand):
            if not mask >> i & 1:  # room(card, tops), inlined: this loop is most of the solver's evaluation
                total += HAND_WEIGHT * PRESSURE[(card > a0 or card == a0 - 10) + (card > a1 or card == a1 - 10)
                                                + (card < d0 or card == d0 + 10) + (card < d1 or card == d1 + 10)]
        if self.position.burning:
            total += BURNING_PRICE * sum(tops[p] == self.start[p] for p in self.position.burning)
        if self.fire:
            live = len(self.unseen) + len(self.hand) - bin(mask).count("1")
            for p in range(4):
                if tops[p] in self.fire and tops[p] != self.start[p]:
                    total += FIRE_PRICE_PER_CARD * live * self.fire_risk(p, tops[p], mask)
            if self.position.draw_count == 0:
                total += FIRE_HOLD_PRICE * sum(1 for i, c in enumerate(self.hand)
                                               if not mask >> i & 1 and c in self.fire)
        return total

    def fire_risk(self, pile: int, top: int, mask: int) -> float:
        """Chance that the next turn cannot cover a fire card this turn leaves on ``pile`` (On Fire)."""
        position = self.position
        covers = [c for i, c in enumerate(self.hand)
                  if not mask >> i & 1 and c not in self.fire and fits(c, pile, top)]
        if position.players == 1 and covers:
            return FIRE_HELD_COVER_RISK
        below = self.unseen_below
        if pile < 2:
            fitting = below[101] - below[top + 1] + (top - 10 in self.unseen)
        else:
            fitting = below[top] + (top + 10 in self.unseen)
        fitting -= sum(1 for f in self.fire if f in self.unseen and fits(f, pile, top))
        n = len(self.unseen)
        if position.players == 1:
            held = len(self.hand) - bin(mask).count("1")
            draws = min(position.hand_size - held, position.draw_count)
        elif position.draw_count:
            draws = position.hand_size
        else:
            seats = [(position.seat + k) % position.players for k in range(1, position.players)]
            holding = [position.hand_counts[s] for s in seats if position.hand_counts[s]]
            if not holding:  # nobody after this seat: only this hand can cover it
                return FIRE_HELD_COVER_RISK if covers else 1.0
            draws = holding[0]
        none = 1.0
        for i in range(min(draws, n)):
            none *= max(0, n - fitting - i) / (n - i)
        return none

    # -------------------------------------------------------------- moves

    def skipped(self, card: int, pile: int, top: int) -> int:
        """Live cards a play jumps over (negative: cards a backwards trick gives back)."""
        below = self.live_below
        if pile < 2:
            return below[card] - below[top + 1] if card > top else -(below[top] - below[card + 1])
        return below[top] - below[card + 1] if card < top else -(below[card] - below[top + 1])

    def moves(self, mask: int, tops, cheap_only: bool):
        """Legal plays; with ``cheap_only`` only cheap jumps, tricks, and jumps a trick in hand takes back."""
        hand = self.hand
        held = {c for i, c in enumerate(hand) if not mask >> i & 1} if cheap_only else ()
        found = []
        for i, card in enumerate(hand):
            if mask >> i & 1:
                continue
            for p in range(4):
                top = tops[p]
                if not fits(card, p, top):
                    continue
                if cheap_only:
                    back = card - 10 if p < 2 else card + 10
                    if self.skipped(card, p, top) > EXTRA_MAX_SKIP and back not in held:
                        continue
                found.append((i, card, p))
        return found

    def can_still_play(self, mask: int, tops, need: int) -> bool:
        if need <= 0:
            return True
        rest = [c for i, c in enumerate(self.hand) if not mask >> i & 1]
        a0, a1, d0, d1 = tops
        plain = sum(1 for c in rest if c > a0 or c > a1 or c < d0 or c < d1)
        if plain >= need:  # cards that fit without a trick can all be played, each pile in order
            return True
        return can_play(rest, tops, need)

    # -------------------------------------------------------------- search

    def search(self) -> list:
        """The best turn: every end of at least ``need`` plays the beam reaches, judged by ``value``."""
        return list(self.candidates(1)[0][1])

    def candidates(self, count: int) -> list:
        """The ``count`` best distinct turn ends the beam reaches, best first: [(value, plays)]."""
        need = self.position.need
        frontier = {(0, self.start): ()}
        ends = [(self.value(self.start, 0), ())] if need == 0 else []
        depth = 0
        while frontier and depth < need + EXTRA_LAYERS and depth < len(self.hand):
            depth += 1
            reached = {}
            for (mask, tops), plays in frontier.items():
                for i, card, p in self.moves(mask, tops, cheap_only=depth > need):
                    key = (mask | 1 << i, after(tops, card, p))
                    if key not in reached:
                        reached[key] = plays + ((card, p),)
            ranked = sorted((self.value(tops, mask), plays, mask, tops)
                            for (mask, tops), plays in reached.items())
            frontier = {}
            width = NEED_BEAM if depth < need else BEAM
            for value, plays, mask, tops in ranked:
                if depth < need and not self.can_still_play(mask, tops, need - depth):
                    continue
                frontier[(mask, tops)] = plays
                if len(frontier) >= width:
                    break
            if depth >= need:
                price = EXTRA_PLAY_PRICE * (depth - need)
                ends.extend((value + price, plays) for value, plays, _, _ in ranked[:count])
        ends.sort()
        return ends[:count]


def plan_turn(position: Position, deals=None, late_draw: int | None = None) -> list | None:
    """The plays of the rest of this turn, or None when the hand cannot play the cards still required.

    ``deals(position)`` gives the deals the late candidates are played out against (``sampled_deals`` by
    default); ``late_draw`` overrides when play-outs start. Both exist for the benchmark's informed bots, which
    measure what knowing the hidden cards would be worth; a table bot uses the defaults."""
    if position.need > 0 and not can_play(position.hand, position.tops, position.need):
        return None
    if position.draw_count == 0 and position.partners_cards == 0:
        return longest_run(position.hand, position.tops, position.need, position.fire)
    if late_draw is None:
        late_draw = FIRE_LATE_DRAW if position.fire else LATE_DRAW
    if position.draw_count <= late_draw and ENDGAME_SAMPLES:
        return endgame_choice(position, (deals or sampled_deals)(position))
    return Turn(position).search()


def playout_rng(position: Position) -> random.Random:
    """The random source of a position's play-out deals: seeded by the position, so the choice is a function of
    the view."""
    return random.Random(f"endgame|{position.seat}|{position.hand}|{position.tops}|{sorted(position.unseen)}")


def sampled_deals(position: Position) -> list:
    """``ENDGAME_SAMPLES`` deals of the unseen cards, each (hands, draw): hands[s] for every partner (None for
    this seat), and the rest as the draw pile (next card last). Alone, the deals are draw orders."""
    rng = playout_rng(position)
    unseen = sorted(position.unseen)
    partners = [s for s in range(position.players) if s != position.seat]
    deals = []
    for _ in range(ENDGAME_SAMPLES):
        rng.shuffle(unseen)
        hands, k = [None] * position.players, 0
        for s in partners:
            hands[s] = unseen[k:k + position.hand_counts[s]]
            k += position.hand_counts[s]
        deals.append((hands, unseen[k:]))
    return deals


def endgame_choice(position: Position, deals: list) -> list:
    """Late in the game (few cards left to draw, or partners still holding cards): the best of the turn search's
    candidates when each is played out to the end, every seat playing greedily, against the same ``deals`` of the
    unseen cards (see ``sampled_deals``); the fewest cards left on average wins."""
    turn = Turn(position)
    options = turn.candidates(ENDGAME_CANDIDATES)
    if len(options) == 1:
        return list(options[0][1])
    scored = []
    for static, plays in options:
        played = {c for c, _ in plays}
        rest = [c for c in position.hand if c not in played]
        tops = position.tops
        for card, pile in plays:
            tops = after(tops, card, pile)
        left = 0
        for hands, draw in deals:
            hands = list(hands)
            mine = list(rest)
            draw = list(draw)
            while draw and len(mine) < position.hand_size:
                mine.append(draw.pop())
            hands[position.seat] = mine
            left += team_playout(hands, tops, (position.seat + 1) % position.players, draw,
                                 position.minimum if position.draw_count else 1, position.hand_size, position.fire)
        scored.append((left / len(deals) + ENDGAME_STATIC * static, plays))
    scored.sort()
    return list(scored[0][1])


def desired_markers(position: Position, plays) -> dict:
    """Piles this seat asks partners to spare after its plays: {pile: "keep" | "small"} (none when alone)."""
    if position.players == 1:
        return {}
    played = {c for c, _ in plays}
    tops = position.tops
    for card, pile in plays:
        tops = after(tops, card, pile)
    rest = [c for c in position.hand if c not in played]
    if not rest:
        return {}
    live = position.unseen | set(rest)
    wishes = {}
    for card in rest:
        options = [p for p in range(4) if fits(card, p, tops[p])]
        for p in options:
            top = tops[p]
            if (p < 2 and card == top - 10) or (p >= 2 and card == top + 10):
                wishes[p] = max(wishes.get(p, (0, "")), (3, "keep"))
                continue
            lo, hi = (top, card) if p < 2 else (card, top)
            gap = sum(1 for x in range(lo + 1, hi) if x in live)
            if gap == 0:
                wishes[p] = max(wishes.get(p, (0, "")), (2, "keep"))
            elif gap <= SIGNAL_MAX_SKIP and len(options) == 1:
                wishes[p] = max(wishes.get(p, (0, "")), (1, "small"))
    chosen = sorted(wishes.items(), key=lambda kv: (-kv[1][0], kv[0]))[:MAX_SIGNALS]
    return {p: kind for p, (_, kind) in chosen}
