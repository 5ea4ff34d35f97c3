"""The Zwei Türme view per seat (the keys are listed in the package docstring)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import State, gettext_noop

from .notation import parse

COLORS = ("green", "red", "blue", "yellow")
COLOR_NAMES = (gettext_noop("Grün"), gettext_noop("Rot"), gettext_noop("Blau"), gettext_noop("Gelb"))


def seat_view(engine, state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator): never other hands, pile order, tiles under orcs, the generator."""
    data = engine.data
    grid = parse(state["position"])
    scores = engine.scores(state)
    seats = []
    for s in range(state["players"]):
        tiles = [data.tiles[t] for t in state["captured"][s]]
        seats.append(
            {
                "seat": s,
                "color": COLORS[s],
                "color_name": COLOR_NAMES[s],
                "figures": list(state["figures"][s]),
                "hand_size": len(state["hands"][s]),
                "score": scores[s],
                "tiles": len(tiles),
                "captured": [{"value": t.value, "ent": t.ent} for t in tiles],
            }
        )
    hand = None
    if seat is not None and 0 <= seat < state["players"]:
        hand = [data.heroes[c].to_json() for c in state["hands"][seat]]
    last_orc = state["last_orc"]
    return {
        "game": engine.slug,
        "players": state["players"],
        "variant": state["variant"],
        "phase": state["phase"],
        "turn": None if state["phase"] == "over" else state["turn"],
        "viewer": seat,
        "position": grid.dump(),
        "board": {
            "rows": grid.rows,
            "columns": grid.columns,
            "towers": [{"key": t.key, "name": t.name, "field": list(t.field)} for t in data.towers],
            "areas": [
                {"key": a.key, "name": a.name, "fields": [list(f) for f in sorted(a.fields)]}
                for a in data.areas.values()
            ],
            "start_area": data.start_area,
            "ent_track": {"length": data.ent_track_length, "last": data.ent_last},
        },
        "ent": state["ent"],
        "figures": [
            {"seat": s, "figure": i, "field": f}
            for s in range(state["players"])
            for i, f in enumerate(state["figures"][s])
            if f is not None
        ],
        "seats": seats,
        "hand": hand,
        "placement_fields": [list(f) for f in engine.start_fields(state)] if state["phase"] == "place" else [],
        "last_orc_card": last_orc,
        "last_event": None
        if not state["last_event"]
        else {"id": state["last_event"], "title": data.events[state["last_event"]]["title"]},
        "last_move": state["last_move"],
        "hero_discard": [data.heroes[c].to_json() for c in state["hero_discard"][-1:]],
        "pile_sizes": {
            "heroes": len(state["hero_pile"]),
            "orcs": len(state["orc_pile"]),
            "events": len(state["event_pile"]),
            "supply": len(state["supply"]),
        },
        "turns": state["turns"],
        "result": state["result"],
    }
