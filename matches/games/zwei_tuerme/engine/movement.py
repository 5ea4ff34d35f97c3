"""Moving a figure on any rectangle of the position notation: strength, paths, jumps, pincers.

Works on a :class:`~.notation.Grid` only (no game state), so the analysis board and the engine
share it. Rules (rulebook "Die Bewegung der Figuren", "Schattenfell", "Die Zange"):

- effective strength = card strength minus one per orc orthogonally next to the figure at the start;
- a move is one straight line in one of the card's directions, optionally followed by one more
  straight line in another of them (one change of direction); no field is entered twice;
- an empty field costs 1, an orc field 2 (the orc is captured), a field with another figure 1 but
  the move may not end there; towers, holes (``#``) and the board's edge stop a line;
- whenever the figure enters a field (not one with another figure) the orcs between it and another
  figure in the narrow direction of the plan are taken in a pincer ("Eine Zange ist nur in der
  Schmalrichtung des Plans gültig"): along the column on a position wider than tall (the game board)
  or square, along the row on one taller than wide; both ways at once possible; the move may go on
  with the strength left;
- Schattenfell: a jump to any field without a figure, tower or hole, capturing an orc there; pincers
  are formed after the jump as after a move.
"""

from __future__ import annotations

from typing import Any

from matches.engine.base import IllegalAction, gettext_noop

from .notation import EMPTY, FIGURES, ORC, Field, Grid

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
DIRECTIONS = {"orthogonal": ORTHOGONAL, "diagonal": DIAGONAL, "any": ORTHOGONAL + DIAGONAL}
SYMBOL_NAMES = {
    "orthogonal": gettext_noop("waagrecht oder senkrecht"),
    "diagonal": gettext_noop("diagonal"),
    "any": gettext_noop("in beliebiger gerader Richtung"),
}

Outcome = dict[str, Any]


def label(field: Field) -> str:
    return f"{field[0]}/{field[1]}"


def effective_strength(grid: Grid, start: Field, strength: int) -> int:
    """Strength minus one per orc on a field orthogonally next to ``start`` (never below 0)."""
    r, c = start
    adjacent = sum(1 for dr, dc in ORTHOGONAL if grid.inside(r + dr, c + dc) and grid.get(r + dr, c + dc) == ORC)
    return max(0, strength - adjacent)


def narrow_steps(rows: int, columns: int) -> tuple[Field, Field]:
    """The two steps of the plan's narrow direction, the only one a pincer holds in: up and down the
    column unless the position is taller than wide (then left and right along the row)."""
    return ((0, -1), (0, 1)) if rows > columns else ((-1, 0), (1, 0))


def pincers_at(grid: Grid, field: Field) -> list[dict[str, Any]]:
    """The pincers a figure standing on ``field`` closes in the narrow direction, both ways.

    Each is ``{"partner": field of the other figure, "fields": orc fields nearest first}``. The grid
    must not hold the moving figure itself (it has left its start field).
    """
    r, c = field
    found = []
    for dr, dc in narrow_steps(grid.rows, grid.columns):
        orcs = []
        rr, cc = r + dr, c + dc
        while grid.inside(rr, cc) and grid.get(rr, cc) == ORC:
            orcs.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if orcs and grid.inside(rr, cc) and grid.get(rr, cc) in FIGURES:
            found.append({"partner": (rr, cc), "fields": orcs})
    return found


def _take_pincers(grid: Grid, field: Field, pincers: list) -> None:
    for pincer in pincers_at(grid, field):
        for orc in pincer["fields"]:
            grid.set(orc[0], orc[1], EMPTY)
        pincers.append(pincer)


def _outcome(path, captured, pincers, kind="move") -> Outcome:
    return {
        "kind": kind,
        "end": path[-1],
        "path": list(path),
        "captured": list(captured),
        "pincers": [{"partner": p["partner"], "fields": list(p["fields"])} for p in pincers],
    }


def moves(grid: Grid, start: Field, strength: int, symbol: str) -> list[Outcome]:
    """Every legal ordinary move of the figure on ``start`` with ``strength`` points (already reduced).

    Depth-first over the first line and the one turn; orcs taken on the way are removed from one
    working copy and put back when the search returns (an undo list instead of copying the grid).
    """
    directions = DIRECTIONS[symbol]
    rows, width = grid.rows, grid.columns
    cells = list(grid.cells)
    cells[(start[0] - 1) * width + start[1] - 1] = EMPTY
    results: list[Outcome] = []
    narrow = narrow_steps(rows, width)

    def pincers_here(r: int, c: int, undo: list[int]) -> list:
        found = []
        for pr, pc in narrow:
            rr, cc = r + pr, c + pc
            orcs = []
            while 1 <= rr <= rows and 1 <= cc <= width and cells[(rr - 1) * width + cc - 1] == ORC:
                orcs.append((rr, cc))
                rr, cc = rr + pr, cc + pc
            if orcs and 1 <= rr <= rows and 1 <= cc <= width and cells[(rr - 1) * width + cc - 1] in FIGURES:
                found.append({"partner": (rr, cc), "fields": orcs})
        for pincer in found:
            for orc in pincer["fields"]:
                index = (orc[0] - 1) * width + orc[1] - 1
                cells[index] = EMPTY
                undo.append(index)
        return found

    def line(r, c, d, budget, path, captured, pincers, turned):
        dr, dc = d
        undo: list[int] = []
        while True:
            r, c = r + dr, c + dc
            if not (1 <= r <= rows and 1 <= c <= width):
                break
            index = (r - 1) * width + c - 1
            cell = cells[index]
            if cell == EMPTY:
                cost = 1
            elif cell == ORC:
                cost = 2
            elif cell in FIGURES:
                cost = 1
            else:
                break
            if cost > budget:
                break
            budget -= cost
            path = (*path, (r, c))
            if cell != EMPTY and cell != ORC:
                pass  # crossing a figure: no stop, no pincer
            else:
                if cell == ORC:
                    cells[index] = EMPTY
                    undo.append(index)
                    captured = (*captured, (r, c))
                found = pincers_here(r, c, undo)
                if found:
                    pincers = (*pincers, *found)
                results.append(
                    {
                        "kind": "move",
                        "end": (r, c),
                        "path": list(path),
                        "captured": list(captured),
                        "pincers": list(pincers),
                    }
                )
            if not turned and budget > 0:
                for d2 in directions:
                    if d2 != d and (d2[0] != -dr or d2[1] != -dc):
                        line(r, c, d2, budget, path, captured, pincers, True)
        for index in undo:
            cells[index] = ORC

    for d in directions:
        line(start[0], start[1], d, strength, (), (), (), False)
    return results


def _step(current: Field, field: Field, directions, symbol: str) -> tuple[int, int]:
    """The step from ``current`` to ``field``; German errors if it is no step the card allows."""
    r, c = field
    step = (r - current[0], c - current[1])
    if step not in directions:
        if max(abs(step[0]), abs(step[1])) != 1:
            raise IllegalAction(
                "path_not_adjacent",
                gettext_noop("Das Feld %(field)s grenzt nicht an %(previous)s: der Weg muss Feld für Feld gehen."),
                field=label(field),
                previous=label(current),
            )
        raise IllegalAction(
            "path_direction",
            gettext_noop("Der Schritt von %(previous)s nach %(field)s passt nicht zur Karte: sie zieht nur %(dirs)s."),
            field=label(field),
            previous=label(current),
            dirs=SYMBOL_NAMES[symbol],
        )
    return step


def _entry(g: Grid, field: Field, budget: int) -> tuple[str, int]:
    """What stands on ``field`` and the strength entering it costs (an orc 2, else 1); German errors if it
    cannot be entered."""
    r, c = field
    if not g.inside(r, c):
        raise IllegalAction(
            "path_outside", gettext_noop("Das Feld %(field)s liegt außerhalb des Plans."), field=label(field)
        )
    cell = g.get(r, c)
    if cell == ORC:
        cost = 2
    elif cell == EMPTY or cell in FIGURES:
        cost = 1
    else:
        raise IllegalAction(
            "path_blocked",
            gettext_noop("Das Feld %(field)s ist ein Turm oder kein Spielfeld und kann nicht betreten werden."),
            field=label(field),
        )
    if cost > budget:
        raise IllegalAction(
            "path_too_long",
            gettext_noop("Für das Feld %(field)s reicht die Stärke nicht: noch %(left)s Punkt, nötig sind %(cost)s."),
            plural_form=gettext_noop(
                "Für das Feld %(field)s reicht die Stärke nicht: noch %(left)s Punkte, nötig sind %(cost)s."
            ),
            count_key="left",
            field=label(field),
            left=budget,
            cost=cost,
        )
    return cell, cost


def simulate(grid: Grid, start: Field, strength: int, symbol: str, path: list[Field]) -> Outcome:
    """The outcome of moving along ``path`` (fields entered, start excluded); German errors."""
    if not path:
        raise IllegalAction("path_empty", gettext_noop("Der Weg ist leer: gib mindestens ein Zielfeld an."))
    directions = DIRECTIONS[symbol]
    g = grid.copy()
    g.set(start[0], start[1], EMPTY)
    budget = strength
    seen = {start}
    captured: list[Field] = []
    pincers: list = []
    current = start
    direction = None
    turned = False
    for field in path:
        r, c = field
        step = _step(current, field, directions, symbol)
        if direction is not None and step != direction:
            if turned:
                raise IllegalAction(
                    "path_turns",
                    gettext_noop(
                        "Auf %(field)s würde die Figur ein zweites Mal die Richtung wechseln; erlaubt ist nur einmal."
                    ),
                    field=label(field),
                )
            turned = True
        direction = step
        if field in seen:
            raise IllegalAction(
                "path_revisit",
                gettext_noop("Das Feld %(field)s würde zweimal betreten; jedes Feld nur einmal pro Zug."),
                field=label(field),
            )
        seen.add(field)
        cell, cost = _entry(g, field, budget)
        budget -= cost
        if cell == ORC:
            g.set(r, c, EMPTY)
            captured.append(field)
        if cell not in FIGURES:
            _take_pincers(g, field, pincers)
        current = field
    if g.get(*current) in FIGURES:
        raise IllegalAction(
            "path_ends_on_figure",
            gettext_noop("Der Zug endet auf %(field)s, wo schon eine Figur steht; dort darf man nicht stehen bleiben."),
            field=label(current),
        )
    outcome = _outcome(path, captured, pincers)
    outcome["left"] = budget
    return outcome


def jump_targets(grid: Grid, start: Field) -> list[Field]:
    return [
        (i // grid.columns + 1, i % grid.columns + 1)
        for i, cell in enumerate(grid.cells)
        if cell in (EMPTY, ORC) and (i // grid.columns + 1, i % grid.columns + 1) != start
    ]


def jump(grid: Grid, start: Field, to: Field) -> Outcome:
    """Schattenfell: the jump from ``start`` to ``to``; German error for a field one cannot land on."""
    if not grid.inside(*to):
        raise IllegalAction(
            "jump_outside", gettext_noop("Das Sprungziel %(field)s liegt außerhalb des Plans."), field=label(to)
        )
    cell = grid.get(*to)
    if to == start:
        raise IllegalAction(
            "jump_same_field",
            gettext_noop("Schattenfell muss auf ein anderes Feld springen als %(field)s."),
            field=label(to),
        )
    if cell in FIGURES:
        raise IllegalAction(
            "jump_onto_figure",
            gettext_noop("Auf %(field)s steht eine Figur: dorthin darf nicht gesprungen werden."),
            field=label(to),
        )
    if cell not in (EMPTY, ORC):
        raise IllegalAction(
            "jump_blocked",
            gettext_noop("Das Sprungziel %(field)s ist ein Turm oder kein Spielfeld."),
            field=label(to),
        )
    g = grid.copy()
    g.set(start[0], start[1], EMPTY)
    captured = []
    if cell == ORC:
        g.set(to[0], to[1], EMPTY)
        captured.append(to)
    pincers: list = []
    _take_pincers(g, to, pincers)
    return _outcome([to], captured, pincers, kind="jump")


def jumps(grid: Grid, start: Field) -> list[Outcome]:
    return [jump(grid, start, to) for to in jump_targets(grid, start)]
