"""The analysis board: every legal move of one figure in a pasted position (no game state)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import IllegalAction, gettext_noop

from . import movement
from .notation import FIGURES, parse, parse_field

MAX_STRENGTH = 20  # hero cards go up to 9; more only makes the answer huge


def analyse(position: Any, start: Any, strength: Any, symbol: Any, schattenfell: Any = False) -> dict[str, Any]:
    """``{"effective_strength", "moves": [{"end", "path", "captured", "pincered"}]}``.

    ``captured``: orcs taken by moving or jumping; ``pincered``: orcs taken in pincers (in any
    pincer, whoever keeps them). With ``schattenfell`` the jumps come after the ordinary moves,
    marked ``"jump": true``. Raises IllegalAction (German) for bad input.
    """
    grid = parse(position)
    field = parse_field(start, "from")
    if not grid.inside(*field):
        raise IllegalAction(
            "from_outside",
            gettext_noop("Das Feld „from“ %(field)s liegt außerhalb der Stellung (%(rows)s × %(columns)s)."),
            field=movement.label(field),
            rows=grid.rows,
            columns=grid.columns,
        )
    if grid.get(*field) not in FIGURES:
        raise IllegalAction(
            "from_no_figure",
            gettext_noop("Auf dem Feld „from“ %(field)s steht keine Figur (dort ist „%(char)s“)."),
            field=movement.label(field),
            char=grid.get(*field),
        )
    if isinstance(strength, bool) or not isinstance(strength, int) or not 0 <= strength <= MAX_STRENGTH:
        raise IllegalAction(
            "strength",
            gettext_noop("Die Stärke muss eine ganze Zahl von 0 bis %(max)s sein."),
            max=MAX_STRENGTH,
        )
    if symbol not in movement.DIRECTIONS:
        raise IllegalAction(
            "symbol",
            gettext_noop("Unbekanntes Symbol „%(symbol)s“; möglich sind orthogonal, diagonal und any."),
            symbol=str(symbol),
        )
    if not isinstance(schattenfell, bool):
        raise IllegalAction("schattenfell", gettext_noop("„schattenfell“ muss true oder false sein."))
    effective = movement.effective_strength(grid, field, strength)
    outcomes = movement.moves(grid, field, effective, symbol)
    if schattenfell:
        outcomes += movement.jumps(grid, field)
    moves = []
    for outcome in outcomes:
        move = {
            "end": list(outcome["end"]),
            "path": [list(f) for f in outcome["path"]],
            "captured": [list(f) for f in outcome["captured"]],
            "pincered": [list(f) for p in outcome["pincers"] for f in p["fields"]],
        }
        if outcome["kind"] == "jump":
            move["jump"] = True
        moves.append(move)
    return {"effective_strength": effective, "moves": moves}
