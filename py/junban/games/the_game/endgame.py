"""Endgames a seat can search exactly: its own hand against the four tops, with no more cards to come.

When the draw pile is empty and no partner holds a card, nothing is hidden: the seat's hand is all that is left,
and a turn may play any number of cards (the minimum is 1). The best turn then plays the most cards possible;
``longest_run`` finds such an order by depth-first search over (cards left, tops), visiting each at most once.
"""
from __future__ import annotations

from junban.games.the_game.turns import after

NODE_BUDGET = 20000


def longest_run(hand: tuple[int, ...], tops, need: int = 1, fire=frozenset(), budget: int = NODE_BUDGET) -> list:
    """An order of plays from ``hand`` onto ``tops`` that plays as many cards as possible (all, if that can be
    done), and at least ``need`` if it can. On Fire, a run that leaves a fire card on top loses, so it counts for
    less than any run that does not.
    Exact unless the search visits more than ``budget`` positions (then the best run found so far)."""
    hand = tuple(sorted(hand))
    full = (1 << len(hand)) - 1
    seen: set = set()
    best: list = []
    best_score = (-1, -1)
    nodes = 0

    def search(mask: int, tops, run: list) -> bool:
        nonlocal best, best_score, nodes
        safe = not any(t in fire for t in tops)
        score = (len(run) >= need, safe, len(run))
        if score > best_score:
            best, best_score = list(run), score
        if mask == full and safe:
            return True
        if (mask, tops) in seen or nodes >= budget:
            return False
        seen.add((mask, tops))
        nodes += 1
        a0, a1, d0, d1 = tops
        for i, card in enumerate(hand):
            if mask >> i & 1:
                continue
            for p, fits in enumerate((card > a0 or card == a0 - 10, card > a1 or card == a1 - 10,
                                      card < d0 or card == d0 + 10, card < d1 or card == d1 + 10)):
                if fits:
                    run.append((card, p))
                    if search(mask | 1 << i, after(tops, card, p), run):
                        return True
                    run.pop()
        return False

    search(0, tuple(tops), [])
    return best


def greedy_turn(hand: list[int], tops, live: set, need: int) -> list:
    """A quick turn for playouts: the cheapest card (fewest live cards skipped, tricks first) until ``need`` are
    played, then every card that skips no live card."""
    hand = list(hand)
    plays = []
    while hand:
        best = None
        for card in hand:
            for p in range(4):
                top = tops[p]
                if p < 2:
                    if card > top:
                        cost = sum(1 for x in range(top + 1, card) if x in live)
                    elif card == top - 10:
                        cost = -1
                    else:
                        continue
                else:
                    if card < top:
                        cost = sum(1 for x in range(card + 1, top) if x in live)
                    elif card == top + 10:
                        cost = -1
                    else:
                        continue
                if best is None or (cost, card, p) < best:
                    best = (cost, card, p)
        if best is None or (len(plays) >= need and best[0] > 0):
            break
        _, card, p = best
        plays.append((card, p))
        hand.remove(card)
        live.discard(card)
        tops = after(tops, card, p)
    return plays


def team_playout(hands: list[list[int]], tops, seat: int, fire=frozenset()) -> int:
    """Cards left when the seats play on greedily from ``seat`` with the draw pile empty (a fire card left on top
    at the end counts as every card lost... plus one, so any fire-free end is preferred)."""
    hands = [list(h) for h in hands]
    live = {c for h in hands for c in h}
    players = len(hands)
    while live:
        if not hands[seat]:
            seat = (seat + 1) % players
            continue
        plays = greedy_turn(hands[seat], tops, live, 1)
        if not plays:
            break
        for card, p in plays:
            hands[seat].remove(card)
            tops = after(tops, card, p)
        seat = (seat + 1) % players
    left = len(live)
    if any(t in fire for t in tops):
        return left + 99
    return left
