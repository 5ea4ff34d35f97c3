"""Judging a position for the viewer: the orcs' chain, hero points, the Ent, the figures' freedom.

All of it works on the grid of the view and public data (the orc cards' rows and counts are printed
on the cards; which card comes next is hidden, so every card counts as equally likely).
"""

from __future__ import annotations

from collections import deque

from ..engine.movement import ORTHOGONAL
from ..engine.notation import EMPTY, ORC, Field, Grid
from .candidates import Candidate
from .seen import Seen

BLOCKED = 99
# Penalty (hero points) by the number of free fields the orcs still need for a chain of towers.
GAP_PENALTY = {0: 400.0, 1: 30.0, 2: 16.0, 3: 8.0, 4: 4.0, 5: 2.0, 6: 1.0}
CHAIN_LOSS = 80.0  # a chain ends the game for everybody: worth this many points of the viewer's


def chain_gap(grid: Grid, towers: tuple[Field, Field]) -> int:
    """How many free fields must fill with orcs before an orc chain links the towers (0-1 breadth-first).

    Orcs cost 0, free fields 1; figures, towers and holes block. ``BLOCKED`` if no chain is possible.
    """
    rows, cols, cells = grid.rows, grid.columns, grid.cells

    def neighbours(field):
        r, c = field
        for dr, dc in ORTHOGONAL:
            rr, cc = r + dr, c + dc
            if 1 <= rr <= rows and 1 <= cc <= cols:
                yield rr, cc

    def cost(field):
        cell = cells[(field[0] - 1) * cols + field[1] - 1]
        return 0 if cell == ORC else 1 if cell == EMPTY else None

    goals = set(neighbours(towers[1]))
    dist: dict[Field, int] = {}
    queue: deque = deque()
    for f in neighbours(towers[0]):
        c = cost(f)
        if c is not None and dist.get(f, BLOCKED) > c:
            dist[f] = c
            (queue.appendleft if c == 0 else queue.append)(f)
    best = BLOCKED
    while queue:
        f = queue.popleft()
        d = dist[f]
        if d >= best:
            continue
        if f in goals:
            best = d
            continue
        for n in neighbours(f):
            c = cost(n)
            if c is None:
                continue
            nd = d + c
            if nd < dist.get(n, BLOCKED):
                dist[n] = nd
                (queue.appendleft if c == 0 else queue.append)(n)
    return best


def enter(grid: Grid, side: str, row: int, count: int) -> None:
    """An orc card's orcs on the grid (as the engine's ``enter_row``, tiles aside)."""
    if not 1 <= row <= grid.rows:
        return
    columns = range(1, grid.columns + 1) if side == "isengart" else range(grid.columns, 0, -1)
    placed = 0
    for c in columns:
        if placed == count:
            break
        if grid.get(row, c) == EMPTY:
            grid.set(row, c, ORC)
            placed += 1


def chain_risk(seen: Seen, grid: Grid, cards: int = 2) -> float:
    """The chance that the next ``cards`` orc cards (1 or 2, any of the nine alike) close a chain."""
    gap = chain_gap(grid, seen.towers)
    most = max(sum(p["count"] for p in card) for card in seen.data.orc_cards.values())
    if gap > most * cards:
        return 0.0
    orc_cards = list(seen.data.orc_cards.values())
    lost = total = 0.0
    for i, first in enumerate(orc_cards):
        g1 = grid.copy()
        for p in first:
            enter(g1, p["side"], p["row"], p["count"])
        if chain_gap(g1, seen.towers) == 0:
            lost += 1
            total += 1
            continue
        if cards < 2 or chain_gap(g1, seen.towers) > most:
            total += 1
            continue
        closed = 0
        others = [c for j, c in enumerate(orc_cards) if j != i]
        for second in others:
            g2 = g1.copy()
            for p in second:
                enter(g2, p["side"], p["row"], p["count"])
            closed += chain_gap(g2, seen.towers) == 0
        lost += closed / len(others)
        total += 1
    return lost / total


def adjacent_orcs(grid: Grid, field: Field) -> int:
    r, c = field
    return sum(1 for dr, dc in ORTHOGONAL if grid.inside(r + dr, c + dc) and grid.get(r + dr, c + dc) == ORC)


def lead_after(seen: Seen, candidate: Candidate) -> float:
    """The viewer's expected lead over the best other seat after the move."""
    ev = seen.ev
    mine = seen.scores[seen.me] + ev * candidate.mine
    others = [seen.scores[s] + ev * candidate.theirs.get(s, 0) for s in range(seen.players) if s != seen.me]
    return mine - max(others)


def judge(seen: Seen, candidate: Candidate, grid_after: Grid | None = None) -> float:
    """A quick value of the move in hero points; the reasons are kept on the candidate."""
    ev = seen.ev
    grid = grid_after or candidate.after(seen.grid, seen.me)
    others_weight = 1.0 if seen.players == 2 else 0.5
    reasons = []
    gain = ev * candidate.mine
    loss = others_weight * ev * sum(candidate.theirs.values())
    reasons.append(("points", gain - loss))
    steps = seen.p_ent * candidate.taken
    if steps:
        lead = lead_after(seen, candidate)
        urgency = 1.0 + 3.0 * max(0, 6 - seen.ent_left) / 6
        reasons.append(("ent", steps * urgency * (1.5 if lead > 0 else -0.75)))
    gap = chain_gap(grid, seen.towers)
    reasons.append(("chain", -GAP_PENALTY.get(gap, 0.0)))
    if candidate.end is not None and seen.view["phase"] == "play":
        reasons.append(("hemmed", -0.3 * ev * adjacent_orcs(grid, candidate.end)))
    if candidate.card is not None:
        reasons.append(("card", -0.06 * candidate.card.strength))
    candidate.reasons = reasons
    candidate.value = sum(v for _, v in reasons)
    return candidate.value


def judge_risk(seen: Seen, candidate: Candidate) -> float:
    """``judge`` plus the exact chance that the coming orc cards close a chain after this move."""
    grid = candidate.after(seen.grid, seen.me)
    judge(seen, candidate, grid)
    risk = chain_risk(seen, grid, 2 if seen.players >= 2 else 1)
    if risk:
        candidate.reasons.append(("risk", -CHAIN_LOSS * risk))
        candidate.value -= CHAIN_LOSS * risk
    return candidate.value
