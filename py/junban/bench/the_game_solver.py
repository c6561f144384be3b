"""The clairvoyant solver: it sees the deck order and every hand, and searches for a perfect game.

Benchmark-only (it reads the whole deal, so it must never sit at a table): it measures what is possible at all
for a deal, an upper bound for any bot that sees only its own hand.

Search: depth-first over whole turns. At each turn the active seat's candidate turns are the strong bot's
``CANDIDATES`` best turn ends (its search and evaluation, now with every card known); the draw that follows is
the real one. A position is cut as soon as a card can no longer be played anywhere, even through a chain of
backwards tricks (then no perfect game goes through it), and a position met before is not searched again.
The first perfect game found ends the search; otherwise the fewest cards left at any end reached is the result.

If that guided search fails within ``NODE_LIMIT`` turns, a complete search (every distinct turn end, not only the
candidates) tries to *prove* that no perfect game exists, within ``PROOF_LIMIT`` turns. Deals are reported as
solved perfect, proved not perfect, or undecided (a limit was reached).
"""
from __future__ import annotations

from junban.errors import IllegalAction
from junban.games.the_game import rules
from junban.games.the_game import strategy
from junban.games.the_game.seat_view import ALL_CARDS, Position
from junban.games.the_game.turns import after

NODE_LIMIT = 3000
PROOF_LIMIT = 3000
CANDIDATES = 4


class Budget(Exception):
    """The search reached its node limit; ``best_left`` is the fewest cards left it had seen."""

    def __init__(self, best_left: int):
        super().__init__(best_left)
        self.best_left = best_left


def _alive(card: int, tops, live) -> bool:
    """Can ``card`` still reach some pile, directly or at the end of a chain of backwards tricks?"""
    for p in range(4):
        top = tops[p]
        step = 10 if p < 2 else -10
        y = card
        for j in range(10):
            if j and y != top and y not in live:
                break
            if j and y == top:
                return True
            if (p < 2 and y > top) or (p >= 2 and y < top):
                return True
            y += step
            if not 1 < y < 100 and y != top:
                break
    return False


class Deal:
    """A deal with everything known: the draw order, every hand, the tops, whose turn it is."""

    def __init__(self, config: dict, seed: str):
        state = rules.new_game(config, seed)
        self.config = state.config
        self.players = state.config["players"]
        self.size = rules.hand_size(state.config)
        self.draw = tuple(state.draw)  # next card is draw[-1]
        self.start = (tuple(tuple(sorted(h)) for h in state.hands), (1, 1, 100, 100), len(self.draw), state.active)
        self.initially_over = state.ended is not None

    def minimum(self, drawn_left: int) -> int:
        return rules.turn_minimum(self.config, drawn_left == 0)

    def play_turn(self, node, plays):
        hands, tops, left, active = node
        hand = list(hands[active])
        for card, pile in plays:
            tops = after(tops, card, pile)
            hand.remove(card)
        while len(hand) < self.size and left:
            left -= 1
            hand.append(self.draw[left])
        hands = hands[:active] + (tuple(sorted(hand)),) + hands[active + 1:]
        nxt = active
        for step in range(1, self.players + 1):
            cand = (active + step) % self.players
            if hands[cand]:
                nxt = cand
                break
        return hands, tops, left, nxt

    def cards_left(self, node) -> int:
        hands, _, left, _ = node
        return left + sum(len(h) for h in hands)

    def live(self, node) -> set:
        hands, _, left, _ = node
        return set(self.draw[:left]).union(*hands)

    def position(self, node, need: int) -> Position:
        hands, tops, left, active = node
        hand = hands[active]
        live = self.live(node)
        return Position(
            seat=active, players=self.players, hand=hand, tops=tops, need=need,
            unseen=frozenset(live - set(hand)), draw_count=left, hand_counts=tuple(len(h) for h in hands),
            hand_size=self.size, minimum=need, expert=self.config["expert"], fire=frozenset(), markers=(),
            own_markers=(), turn=0,
        )


def _all_turn_ends(hand, tops, need: int, budget: int) -> list:
    """Every distinct end (cards played, tops) of a turn of at least ``need`` plays, with one order for each.
    Raises Budget once more than ``budget`` ends are reached."""
    ends = {}
    frontier = {(frozenset(), tops): ()}
    depth = 0
    while frontier:
        if len(ends) > budget:
            raise Budget(99)
        depth += 1
        nxt = {}
        for (played, t), plays in frontier.items():
            for card in hand:
                if card in played:
                    continue
                for p in range(4):
                    if rules.fits(card, p, t[p]):
                        key = (played | {card}, after(t, card, p))
                        if key not in nxt:
                            nxt[key] = plays + ((card, p),)
        if depth >= need:
            ends.update(nxt)
        frontier = nxt
    return list(ends.values())


def search(deal: Deal, complete: bool, limit: int, line: list | None = None) -> tuple[bool, int, int]:
    """(found perfect, fewest cards left seen, nodes). Raises Budget past ``limit`` nodes. A perfect game found
    is left in ``line`` (the plays of each turn, in order).

    Guided: limited-discrepancy search over the candidate turns (first the strong bot's own line, then every
    line that departs from its first choice once, then by two steps, ...), so deviations are tried at every
    depth, not only near the end. Complete: plain depth-first search over every turn end."""
    path = line if line is not None else []
    explored: dict = {}  # node -> the most discrepancies it was searched with
    known: dict = {}  # node -> its candidate turns (guided search revisits nodes with more slack)
    nodes = 0
    best_left = deal.cards_left(deal.start)

    def options_at(node, need):
        hands, tops, _, active = node
        hand = hands[active]
        if complete:
            try:
                ends = _all_turn_ends(hand, tops, need, limit - nodes)
            except Budget:
                raise Budget(best_left) from None
            turn = strategy.Turn(deal.position(node, need))
            ends.sort(key=lambda plays: turn.value(_tops_after(tops, plays), _mask(hand, plays)))
            return ends
        if node not in known:
            known[node] = [plays for _, plays in strategy.Turn(deal.position(node, need)).candidates(CANDIDATES)]
        return known[node]

    def dfs(node, slack: int) -> bool:
        nonlocal nodes, best_left
        nodes += 1
        if nodes > limit:
            raise Budget(best_left)
        left = deal.cards_left(node)
        if left == 0:
            best_left = 0
            return True
        hands, tops, drawn_left, active = node
        need = deal.minimum(drawn_left)
        live = deal.live(node)
        if not rules.can_play_sequence(list(hands[active]), list(tops), need) or not all(
                _alive(c, tops, live) for c in live):
            best_left = min(best_left, left)
            return False
        options = options_at(node, need)
        if complete:
            nodes += len(options)
        for rank, plays in enumerate(options):
            if rank > slack:
                break
            child = deal.play_turn(node, plays)
            rest = slack - rank
            if explored.get(child, -1) >= rest:
                continue
            explored[child] = rest
            path.append(plays)
            if dfs(child, rest):
                return True
            path.pop()
        return False

    if complete:
        found = dfs(deal.start, 10 ** 9)
    else:
        found = False
        for slack in range(0, 64):
            if dfs(deal.start, slack):
                found = True
                break
    return found, best_left, nodes


def _tops_after(tops, plays):
    for card, pile in plays:
        tops = after(tops, card, pile)
    return tops


def _mask(hand, plays) -> int:
    played = {c for c, _ in plays}
    return sum(1 << i for i, c in enumerate(hand) if c in played)


def solve_deal(config: dict, seed: str) -> dict:
    """Solve one deal: perfect found / proved not perfect / undecided, and the fewest cards left found."""
    if config.get("on_fire"):
        raise ValueError("the clairvoyant solver does not model On Fire")
    deal = Deal(config, seed)
    status, left, nodes = "undecided", deal.cards_left(deal.start), 0
    if deal.initially_over:
        return _result(seed, "proved_not_perfect", left, 0)
    line: list = []
    try:
        found, left, nodes = search(deal, complete=False, limit=NODE_LIMIT, line=line)
        if found:
            check_perfect_line(config, seed, line)
            return _result(seed, "perfect", 0, nodes)
    except Budget as stop:
        nodes, left = NODE_LIMIT, stop.best_left
    try:
        line = []
        found, proof_left, proof_nodes = search(deal, complete=True, limit=PROOF_LIMIT, line=line)
        nodes += proof_nodes
        left = min(left, proof_left)
        status = "perfect" if found else "proved_not_perfect"
        if found:
            check_perfect_line(config, seed, line)
    except Budget as stop:
        nodes += PROOF_LIMIT
        left = min(left, stop.best_left)
    return _result(seed, status, 0 if status == "perfect" else left, nodes)


def check_perfect_line(config: dict, seed: str, line: list) -> None:
    """Replay a perfect game the solver found through the real engine; raise if it is not one."""
    state = rules.new_game(config, seed)
    try:
        for plays in line:
            for card, pile in plays:
                state = rules.apply(state, {"play": card, "pile": pile})
            if not rules.is_over(state):
                state = rules.apply(state, {"end_turn": True})
    except IllegalAction as err:
        raise AssertionError(f"deal {seed}: the solver's line breaks the rules: {err}") from None
    outcome = rules.outcome(state)
    if not outcome or outcome["result"] != "perfect":
        raise AssertionError(f"deal {seed}: the solver's line is not a perfect game ({outcome})")


def _result(seed: str, status: str, left: int, nodes: int) -> dict:
    result = "perfect" if left == 0 else ("win" if left <= rules.WIN_MAX_LEFT else "loss")
    return {"seed": seed, "result": result, "left": left, "reason": status, "status": status, "nodes": nodes}


def summarize_solver(results: list[dict]) -> dict:
    n = len(results)
    return {
        "node_limit": f"{NODE_LIMIT} guided + {PROOF_LIMIT} complete turns per deal, {CANDIDATES} candidates",
        "solved_perfect": sum(r["status"] == "perfect" for r in results),
        "proved_not_perfect": sum(r["status"] == "proved_not_perfect" for r in results),
        "undecided": sum(r["status"] == "undecided" for r in results),
        "mean_nodes": round(sum(r["nodes"] for r in results) / n, 1),
    }
