"""The dark side's win: an unbroken orthogonal chain of orcs from one tower to the other."""

from __future__ import annotations

from collections import deque

from .movement import ORTHOGONAL
from .notation import ORC, Field, Grid


def _neighbours(grid: Grid, field: Field):
    r, c = field
    for dr, dc in ORTHOGONAL:
        if grid.inside(r + dr, c + dc):
            yield (r + dr, c + dc)


def connecting_chain(grid: Grid, tower_a: Field, tower_b: Field) -> list[Field] | None:
    """The orc fields of a chain linking the towers side by side (diagonals do not count), else None.

    A figure standing in the row of orcs is not an orc, so it breaks the chain.
    """
    starts = [f for f in _neighbours(grid, tower_a) if grid.get(*f) == ORC]
    goals = {f for f in _neighbours(grid, tower_b) if grid.get(*f) == ORC}
    if not starts or not goals:
        return None
    came_from: dict[Field, Field | None] = dict.fromkeys(starts)
    queue = deque(starts)
    while queue:
        field = queue.popleft()
        if field in goals:
            chain = []
            step: Field | None = field
            while step is not None:
                chain.append(step)
                step = came_from[step]
            return chain[::-1]
        for nxt in _neighbours(grid, field):
            if nxt not in came_from and grid.get(*nxt) == ORC:
                came_from[nxt] = field
                queue.append(nxt)
    return None
