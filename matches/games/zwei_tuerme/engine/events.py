"""The event cards drawn when the Ent steps forward (effects as in ``data/zwei_tuerme.toml``)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import Event, Text, gettext_noop

from .data import GameData
from .movement import ORTHOGONAL
from .notation import EMPTY, FIGURES, ORC, Grid
from .orcs import enter_row, put_orc, return_orc

State = dict[str, Any]


def apply_event(state: State, grid: Grid, data: GameData, event_id: str) -> Event:
    card = data.events[event_id]
    effect = card["effect"]
    fields: list = []
    if effect == "clear_area":
        area = data.areas[card["area"]]
        fields = sorted(f for f in area.fields if grid.inside(*f) and grid.get(*f) == ORC)
        for field in fields:
            return_orc(state, grid, field)
        text = Text(
            gettext_noop("Ereignis „%(title)s“: %(count)s Orks in %(area)s kehren unaufgedeckt in den Vorrat zurück."),
            {"title": card["title"], "count": len(fields), "area": area.name},
        )
    elif effect == "fill_area":
        area = data.areas[card["area"]]
        for field in sorted(f for f in area.fields if grid.inside(*f) and grid.get(*f) == EMPTY):
            if put_orc(state, grid, field):
                fields.append(field)
        text = Text(
            gettext_noop("Ereignis „%(title)s“: %(count)s Orks besetzen die freien Felder in %(area)s."),
            {"title": card["title"], "count": len(fields), "area": area.name},
        )
    elif effect == "orcs":
        fields = enter_row(state, grid, card["side"], card["row"], card["count"])
        text = Text(
            gettext_noop("Ereignis „%(title)s“: %(count)s Orks strömen in Reihe %(row)s auf den Plan."),
            {"title": card["title"], "count": len(fields), "row": card["row"]},
        )
    elif effect == "clear_around":
        around = set()
        for (r, c), _seat in grid.figures():
            for dr, dc in ORTHOGONAL:
                if grid.inside(r + dr, c + dc) and grid.get(r + dr, c + dc) == ORC:
                    around.add((r + dr, c + dc))
        fields = sorted(around)
        for field in fields:
            return_orc(state, grid, field)
        text = Text(
            gettext_noop(
                "Ereignis „%(title)s“: %(count)s Orks neben den Figuren kehren unaufgedeckt in den Vorrat zurück."
            ),
            {"title": card["title"], "count": len(fields)},
        )
    else:  # pragma: no cover - the data file is checked by the tests
        raise ValueError(f"unknown event effect {effect!r}")
    assert all(grid.get(*f) not in FIGURES for f in fields)
    return Event(text, data={"kind": "event", "card": event_id, "fields": [list(f) for f in fields]})
