"""The actions Die Zwei Türme accepts (``Engine.action_schema``): place, move, jump and their fields."""

from __future__ import annotations

from typing import Any

from matches.engine.base import Int, List, Str

_FIELD = List(Int(-1, 99), max_items=2)  # [row, column]; the engine says which fields exist
_CARD = Str(40)
_FIGURE = Int(0, 9)

SCHEMA: dict[str, Any] = {
    "max_bytes": 1024,
    "types": {
        "place": {"to": _FIELD},
        "move": {"card": _CARD, "figure": _FIGURE, "path": List(_FIELD, max_items=40)},
        "jump": {"card": _CARD, "figure": _FIGURE, "to": _FIELD},
    },
}


def action_schema(self=None) -> dict[str, Any]:
    return SCHEMA
