"""Endgames a seat can search exactly: its own hand against the four tops, with no more cards to come.

When the draw pile is empty and no partner holds a card, nothing is hidden: the seat's hand is all that is left,
and a turn may play any number of cards (the minimum is 1). The best turn then plays the most cards possible;
``longest_run`` finds such an order by depth-first search over (cards left, tops), visiting each at most once.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right, insort

from junban.games.the_game.turns import after

NODE_BUDGET = 4000


def _trick_back(pile: int, top: int) -> int:
    """The card that fits ``pile`` showing ``top`` as a backwards trick."""
    return top - 10 if pile < 2 else top + 10


def longest_run(hand: tuple[int, ...], tops, need: int = 1, fire=frozenset(), budget: int = NODE_BUDGET) -> list:
    """An order of plays from ``hand`` onto ``tops`` that plays as many cards as possible (all, if that can be
    done), and at least ``need`` if it can. On Fire, a run that leaves a fire card on top loses, so it counts for
    less than any run that does not.

    Plays are tried smallest jump first (in cards of this hand skipped). A *free* play is made without trying
    others: it skips no card of the hand, no card of the hand is the pile's trick card now, and the card has no
    trick partner in hand and is no other pile's trick card (and no fire card waits in hand for a cover) — then
    every play possible before stays possible after, so nothing is lost. Exact unless the search visits more than ``budget`` positions (then the best run
    found so far)."""
    hand = tuple(sorted(hand))
    full = (1 << len(hand)) - 1
    seen: set = set()
    best: list = []
    best_score = (-1, -1, -1)
    nodes = 0

    def options(mask: int, tops) -> list:
        held = {c for i, c in enumerate(hand) if not mask >> i & 1}
        found = []
        for i, card in enumerate(hand):
            if mask >> i & 1:
                continue
            for p in range(4):
                top = tops[p]
                if (card > top) if p < 2 else (card < top):
                    lo, hi = (top, card) if p < 2 else (card, top)
                    gap = sum(1 for x in held if lo < x < hi)
                elif card == _trick_back(p, top):
                    gap = -1
                else:
                    continue
                found.append((gap, card, i, p))
        found.sort()
        if fire and (fire & held or any(t in fire for t in tops)):
            return found  # a fire card needs a cover: the cards that could cover it are not free to spend
        for gap, card, i, p in found:
            if gap != 0 or card in fire or _trick_back(p, tops[p]) in held:
                continue
            if card - 10 in held or card + 10 in held:
                continue
            if any(card == _trick_back(q, tops[q]) for q in range(4) if q != p):
                continue
            return [(gap, card, i, p)]
        return found

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
        for _, card, i, p in options(mask, tops):
            run.append((card, p))
            if search(mask | 1 << i, after(tops, card, p), run):
                return True
            run.pop()
        return False

    search(0, tuple(tops), [])
    return best


def greedy_turn(hand: list[int], tops, live: bytearray, need: int) -> list:
    """A quick turn for playouts: the cheapest card (fewest live cards skipped, tricks first) until ``need`` are
    played, then every card that skips no live card. ``live[x]`` is 1 for a card not yet played (updated)."""
    hand = sorted(hand)
    return greedy_plays(hand, set(hand), tops, live, need)[0]


def greedy_plays(hand: list[int], held: set, tops, live: bytearray, need: int) -> tuple[list, tuple]:
    """``greedy_turn`` on a sorted ``hand`` and its set ``held``, both updated as cards are played; returns the
    plays and the tops after them.

    Every card in a hand is live, so on each pile the card nearest its top (the smallest above an ascending top,
    the largest below a descending one) skips strictly fewer live cards than any other card of the hand there:
    only it and the pile's backwards-trick card can be the cheapest play, and only they are priced."""
    tops = list(tops)
    plays = []
    while hand:
        best = None
        for p in range(4):
            top = tops[p]
            if p < 2:
                i = bisect_right(hand, top)
                if i < len(hand):
                    card = hand[i]
                    option = (live.count(1, top + 1, card), card, p)
                    if best is None or option < best:
                        best = option
                back = top - 10
            else:
                i = bisect_left(hand, top) - 1
                if i >= 0:
                    card = hand[i]
                    option = (live.count(1, card + 1, top), card, p)
                    if best is None or option < best:
                        best = option
                back = top + 10
            if back in held and (best is None or (-1, back, p) < best):
                best = (-1, back, p)
        if best is None or (len(plays) >= need and best[0] > 0):
            break
        _, card, p = best
        plays.append((card, p))
        hand.remove(card)
        held.discard(card)
        live[card] = 0
        tops[p] = card
    return plays, tuple(tops)


def team_playout(hands: list[list[int]], tops, seat: int, draw: list[int] = (), minimum: int = 2,
                 hand_size: int = 0, fire=frozenset()) -> int:
    """Cards left when every seat plays on greedily from ``seat`` (drawing from ``draw``, next card last, with
    ``minimum`` cards a turn while it lasts, then 1). A fire card on top at the end counts as a lost game."""
    hands = [sorted(h) for h in hands]
    helds = [set(h) for h in hands]
    draw = list(draw)
    live = bytearray(101)
    for h in hands:
        for c in h:
            live[c] = 1
    for c in draw:
        live[c] = 1
    players = len(hands)
    left = sum(live)
    while left:
        hand = hands[seat]
        if not hand:
            seat = (seat + 1) % players
            continue
        need = minimum if draw else 1
        plays, after_plays = greedy_plays(hand, helds[seat], tops, live, need)
        if len(plays) < need:
            break
        tops = after_plays
        left -= len(plays)
        while draw and len(hand) < hand_size:
            card = draw.pop()
            insort(hand, card)
            helds[seat].add(card)
        seat = (seat + 1) % players
    if any(t in fire for t in tops):
        return left + 99
    return left
