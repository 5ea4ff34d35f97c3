"""Orcs entering the board and leaving it again; the tiles under them stay secret in the state."""

from __future__ import annotations

from typing import Any

from matches.engine import rng

from .notation import EMPTY, ORC, Field, Grid

State = dict[str, Any]


def key(field: Field) -> str:
    return f"{field[0]},{field[1]}"


def draw_tile(state: State) -> int | None:
    """A random tile from the supply (the tiles lie picture up: nobody knows the value)."""
    supply = state["supply"]
    if not supply:
        return None
    return supply.pop(rng.below(state["rng"], len(supply)))


def put_orc(state: State, grid: Grid, field: Field) -> bool:
    tile = draw_tile(state)
    if tile is None:
        return False
    grid.set(field[0], field[1], ORC)
    state["tiles"][key(field)] = tile
    return True


def enter_row(state: State, grid: Grid, side: str, row: int, count: int) -> list[Field]:
    """``count`` orcs on the first free fields of ``row``, from the left edge (Isengart) or the right
    (Mordor); occupied fields are skipped, a full row (or an empty supply) takes no more."""
    if not 1 <= row <= grid.rows:
        return []
    columns = range(1, grid.columns + 1) if side == "isengart" else range(grid.columns, 0, -1)
    placed: list[Field] = []
    for c in columns:
        if len(placed) == count:
            break
        if grid.get(row, c) == EMPTY:
            if not put_orc(state, grid, (row, c)):
                break
            placed.append((row, c))
    return placed


def take_orc(state: State, grid: Grid, field: Field) -> int:
    """Removes the orc on ``field`` and returns its tile id."""
    grid.set(field[0], field[1], EMPTY)
    return state["tiles"].pop(key(field))


def return_orc(state: State, grid: Grid, field: Field) -> None:
    """An orc beaten by an event goes back to the supply unrevealed."""
    state["supply"].append(take_orc(state, grid, field))
