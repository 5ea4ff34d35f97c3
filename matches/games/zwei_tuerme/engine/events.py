"""The event cards drawn when the Ent steps forward (effects as in ``data/zwei_tuerme.toml``)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import Event, Text, counted, gettext_noop, ngettext_noop

from .data import GameData
from .movement import ORTHOGONAL
from .notation import EMPTY, FIGURES, ORC, Grid
from .orcs import enter_row, put_orc, return_orc

State = dict[str, Any]

# One identity per seat: the figure's number (seat + 1), this colour and the player's name.
COLOR_NAMES = (gettext_noop("Grün"), gettext_noop("Rot"), gettext_noop("Blau"), gettext_noop("Gelb"))
SIDES = {"isengart": gettext_noop("von Isengart (links)"), "mordor": gettext_noop("von Mordor (rechts)")}


def who(seat: int, prefix: str = "") -> dict[str, Any]:
    """Text parameters naming a seat: ``%(player)s (%(color)s)`` (the framework puts in the name)."""
    return {f"{prefix}seat": seat, f"{prefix}color": COLOR_NAMES[seat]}


def place_event(seat: int, field_label: str, field: list) -> Event:
    return Event(
        Text(
            gettext_noop("%(player)s (%(color)s) stellt eine Figur auf %(field)s (Amon Hen)."),
            {**who(seat), "field": field_label},
        ),
        data={"kind": "place", "seat": seat, "field": list(field)},
    )


def orc_card_events(card: str, placements: list[tuple[dict, list]]) -> list[Event]:
    """One event per placement of the orc card: how many orcs came in, from which side, in which row."""
    events = []
    for placement, fields in placements:
        params = {
            "count": len(fields),
            "side": SIDES.get(placement["side"], placement["side"]),
            "row": placement["row"],
        }
        events.append(
            Event(
                counted(
                    ngettext_noop(
                        "Orkkarte: %(count)s Ork strömt %(side)s in Reihe %(row)s auf den Plan.",
                        "Orkkarte: %(count)s Orks strömen %(side)s in Reihe %(row)s auf den Plan.",
                    ),
                    **params,
                ),
                data={
                    "kind": "orcs",
                    "card": card,
                    **params,
                    "side": placement["side"],
                    "fields": [list(f) for f in fields],
                },
            )
        )
    return events


def pincer_event(seat: int, pincer: dict) -> Event:
    return Event(
        counted(
            ngettext_noop(
                "Zange mit %(partner_player)s (%(partner_color)s): %(count)s Ork wird geschlagen.",
                "Zange mit %(partner_player)s (%(partner_color)s): %(count)s Orks werden geschlagen.",
            ),
            count=len(pincer["fields"]),
            **who(pincer["partner"], "partner_"),
        ),
        data={"kind": "pincer", "seat": seat, **pincer},
    )


def reveal_event(seat: int, values: list) -> Event:
    """Step 4 of the book: the beaten orcs are turned face up before everyone, then collected face
    down. The log tells all the values of this reveal; only the taker is told what they bring, and
    the running totals stay hidden (the view shows the tile count until the end)."""
    count, ents, points = len(values), sum(v.ent for v in values), sum(v.value for v in values)
    shown = ", ".join(str(v.value) for v in values)
    public = counted(
        ngettext_noop(
            "%(player)s (%(color)s) deckt %(count)s Ork auf (Wert: %(values)s) und nimmt ihn verdeckt zu sich.",
            "%(player)s (%(color)s) deckt %(count)s Orks auf (Werte: %(values)s) und nimmt sie verdeckt zu sich.",
        ),
        count=count,
        values=shown,
        **who(seat),
    )
    private = counted(
        ngettext_noop(
            "Deine Orks bringen dir %(count)s Heldenpunkt (Werte: %(values)s).",
            "Deine Orks bringen dir %(count)s Heldenpunkte (Werte: %(values)s).",
        ),
        count=points,
        values=shown,
    )
    data = {"kind": "reveal", "seat": seat, "count": count, "ents": ents, "values": [v.value for v in values]}
    return Event(public, private={seat: private}, data=data)


def apply_event(state: State, grid: Grid, data: GameData, event_id: str) -> Event:
    card = data.events[event_id]
    effect = card["effect"]
    fields: list = []
    if effect == "clear_area":
        area = data.areas[card["area"]]
        fields = sorted(f for f in area.fields if grid.inside(*f) and grid.get(*f) == ORC)
        for field in fields:
            return_orc(state, grid, field)
        text = counted(
            ngettext_noop(
                "Ereignis „%(title)s“: %(count)s Ork in %(area)s kehrt unaufgedeckt in den Vorrat zurück.",
                "Ereignis „%(title)s“: %(count)s Orks in %(area)s kehren unaufgedeckt in den Vorrat zurück.",
            ),
            title=card["title"],
            count=len(fields),
            area=area.name,
        )
    elif effect == "fill_area":
        area = data.areas[card["area"]]
        for field in sorted(f for f in area.fields if grid.inside(*f) and grid.get(*f) == EMPTY):
            if put_orc(state, grid, field):
                fields.append(field)
        text = counted(
            ngettext_noop(
                "Ereignis „%(title)s“: %(count)s Ork besetzt die freien Felder in %(area)s.",
                "Ereignis „%(title)s“: %(count)s Orks besetzen die freien Felder in %(area)s.",
            ),
            title=card["title"],
            count=len(fields),
            area=area.name,
        )
    elif effect == "orcs":
        fields = enter_row(state, grid, card["side"], card["row"], card["count"])
        text = counted(
            ngettext_noop(
                "Ereignis „%(title)s“: %(count)s Ork strömt %(side)s in Reihe %(row)s auf den Plan.",
                "Ereignis „%(title)s“: %(count)s Orks strömen %(side)s in Reihe %(row)s auf den Plan.",
            ),
            title=card["title"],
            count=len(fields),
            side=SIDES.get(card["side"], card["side"]),
            row=card["row"],
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
        text = counted(
            ngettext_noop(
                "Ereignis „%(title)s“: %(count)s Ork neben den Figuren kehrt unaufgedeckt in den Vorrat zurück.",
                "Ereignis „%(title)s“: %(count)s Orks neben den Figuren kehren unaufgedeckt in den Vorrat zurück.",
            ),
            title=card["title"],
            count=len(fields),
        )
    else:  # pragma: no cover - the data file is checked by the tests
        raise ValueError(f"unknown event effect {effect!r}")
    assert all(grid.get(*f) not in FIGURES for f in fields)
    return Event(text, data={"kind": "event", "card": event_id, "fields": [list(f) for f in fields]})
