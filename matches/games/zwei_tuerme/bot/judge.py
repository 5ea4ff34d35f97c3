"""Judging a position for the viewer: the orcs' chain, hero points, the Ent, the figures' freedom.

All of it works on the grid of the view and public data (the orc cards' rows and counts are printed
on the cards; which card comes next is hidden, so every card counts as equally likely).
"""

from __future__ import annotations

import heapq

from ..engine.chain import connecting_chain
from ..engine.movement import ORTHOGONAL
from ..engine.notation import EMPTY, ORC, Field, Grid
from .candidates import Candidate
from .seen import Seen

FAR = 99
# Penalty (hero points) by the number of free fields the orcs still need for a chain of towers.
GAP_NOW = 400.0
GAP_SCALE, GAP_DECAY = 45.0, 0.72
CHAIN_LOSS = 80.0  # a chain ends the game for everybody: worth this many points of the viewer's


def gap_penalty(gap: int, caution: float = 1.0) -> float:
    """Hero points a position is worse for the orcs' being ``gap`` orcs short of their chain
    (``caution`` scales the worry about a chain to come, not about one closed now)."""
    return GAP_NOW if gap <= 0 else caution * GAP_SCALE * GAP_DECAY ** (gap - 1)


def _depths(grid: Grid, fed: dict[int, set[str]]) -> tuple[list[int], list[int]]:
    """Per field: the free fields of its row from the left (right) edge up to it, if orcs enter there."""
    rows, cols, cells = grid.rows, grid.columns, grid.cells
    left = [FAR] * len(cells)
    right = [FAR] * len(cells)
    for r in range(1, rows + 1):
        sides = fed.get(r, ())
        base = (r - 1) * cols
        if "isengart" in sides:
            count = 0
            for c in range(cols):
                count += cells[base + c] == EMPTY
                left[base + c] = count
        if "mordor" in sides:
            count = 0
            for c in range(cols - 1, -1, -1):
                count += cells[base + c] == EMPTY
                right[base + c] = count
    return left, right


def chain_gap(grid: Grid, towers: tuple[Field, Field], fed: dict[int, set[str]]) -> int:
    """About how many orcs must still enter before a chain links the towers (0: linked now).

    Orcs fill a row from its edge inwards, so a free field costs the free fields before it in its
    row, unless the path already follows that row from the edge (then each further field costs 1).
    Figures, towers and holes block; rows no orc card reaches are as good as blocked.
    """
    rows, cols, cells = grid.rows, grid.columns, grid.cells
    left, right = _depths(grid, fed)
    goals = set()
    for dr, dc in ORTHOGONAL:
        r, c = towers[1][0] + dr, towers[1][1] + dc
        if 1 <= r <= rows and 1 <= c <= cols:
            goals.add((r - 1) * cols + c - 1)
    best: dict[tuple[int, int], int] = {}
    heap: list[tuple[int, int, int]] = []

    def enter(index: int, side: int, step: int, cost: int) -> None:
        """Into field ``index`` from a field whose row is paid from ``side`` (0 none, 1 left, 2 right)."""
        cell = cells[index]
        if cell == ORC:
            options = [(cost, 0)]
            if step and side:  # along the row: the paid part reaches this orc
                options.append((cost, side))
            if left[index] == 0:
                options.append((cost, 1))
            if right[index] == 0:
                options.append((cost, 2))
        elif cell == EMPTY:
            options = [(cost + left[index], 1), (cost + right[index], 2)]
            if step == 1:  # moving right
                if side == 1:
                    options.append((cost + 1, 1))
                elif side == 2:
                    options.append((cost, 2))
            elif step == -1:
                if side == 2:
                    options.append((cost + 1, 2))
                elif side == 1:
                    options.append((cost, 1))
        else:
            return
        for total, new_side in options:
            if total < FAR and total < best.get((index, new_side), FAR):
                best[(index, new_side)] = total
                heapq.heappush(heap, (total, index, new_side))

    for dr, dc in ORTHOGONAL:
        r, c = towers[0][0] + dr, towers[0][1] + dc
        if 1 <= r <= rows and 1 <= c <= cols:
            enter((r - 1) * cols + c - 1, 0, 0, 0)
    while heap:
        cost, index, side = heapq.heappop(heap)
        if cost > best.get((index, side), FAR):
            continue
        if index in goals:
            return cost
        r, c = divmod(index, cols)
        if c + 1 < cols:
            enter(index + 1, side, 1, cost)
        if c > 0:
            enter(index - 1, side, -1, cost)
        if r + 1 < rows:
            enter(index + cols, side, 0, cost)
        if r > 0:
            enter(index - cols, side, 0, cost)
    return FAR


def linked(grid: Grid, towers: tuple[Field, Field]) -> bool:
    return connecting_chain(grid, towers[0], towers[1]) is not None


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
    gap = chain_gap(grid, seen.towers, seen.fed)
    most = max(sum(p["count"] for p in card) for card in seen.data.orc_cards.values())
    if gap > most * cards:
        return 0.0
    orc_cards = list(seen.data.orc_cards.values())
    lost = total = 0.0
    for i, first in enumerate(orc_cards):
        g1 = grid.copy()
        for p in first:
            enter(g1, p["side"], p["row"], p["count"])
        if linked(g1, seen.towers):
            lost += 1
            total += 1
            continue
        if cards < 2 or chain_gap(g1, seen.towers, seen.fed) > most:
            total += 1
            continue
        closed = 0
        others = [c for j, c in enumerate(orc_cards) if j != i]
        for second in others:
            g2 = g1.copy()
            for p in second:
                enter(g2, p["side"], p["row"], p["count"])
            closed += linked(g2, seen.towers)
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
    gap_key = (candidate.figure, candidate.end, frozenset(candidate.removed))
    gap = seen.gaps.get(gap_key)
    if gap is None:
        gap = seen.gaps[gap_key] = chain_gap(grid, seen.towers, seen.fed)
    reasons.append(("chain", -gap_penalty(gap, seen.caution)))
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
