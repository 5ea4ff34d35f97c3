"""The reconstructed board, cards and tiles (``data/zwei_tuerme.toml``), loaded once."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("data") / "zwei_tuerme.toml"

Field = tuple[int, int]


@dataclass(frozen=True)
class Tower:
    key: str
    name: str
    field: Field
    ring1: tuple[Field, ...]
    ring2: tuple[Field, ...]


@dataclass(frozen=True)
class Area:
    key: str
    name: str
    fields: frozenset[Field]


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    strength: int
    symbol: str
    schattenfell: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "strength": self.strength,
            "symbol": self.symbol,
            "schattenfell": self.schattenfell,
        }


@dataclass(frozen=True)
class Tile:
    value: int
    ent: bool


@dataclass(frozen=True)
class GameData:
    rows: int
    columns: int
    holes: frozenset[Field]
    towers: tuple[Tower, ...]
    areas: dict[str, Area]
    start_area: str
    ent_track_length: int
    tiles: tuple[Tile, ...]
    orc_cards: dict[str, tuple[dict[str, Any], ...]]
    heroes: dict[str, Hero]
    events: dict[str, dict[str, Any]]

    @property
    def ent_last(self) -> int:
        return self.ent_track_length - 1

    def empty_position(self) -> str:
        rows = []
        towers = {t.field for t in self.towers}
        for r in range(1, self.rows + 1):
            row = ""
            for c in range(1, self.columns + 1):
                row += "T" if (r, c) in towers else "#" if (r, c) in self.holes else "."
            rows.append(row)
        return "/".join(rows)


def _fields(items) -> tuple[Field, ...]:
    return tuple((int(r), int(c)) for r, c in items)


@cache
def load(path: Path = DATA_FILE) -> GameData:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    board = raw["board"]
    towers = tuple(
        Tower(t["key"], t["name"], (t["field"][0], t["field"][1]), _fields(t["ring1"]), _fields(t["ring2"]))
        for t in board["towers"]
    )
    areas = {}
    for area in board["areas"]:
        fields = {
            (r, c)
            for top, left, bottom, right in area["rects"]
            for r in range(top, bottom + 1)
            for c in range(left, right + 1)
        }
        areas[area["key"]] = Area(area["key"], area["name"], frozenset(fields))
    tiles = []
    for kind in raw["tiles"]["kinds"]:
        tiles += [Tile(kind["value"], i < kind["ent"]) for i in range(kind["count"])]
    heroes = {
        h["id"]: Hero(h["id"], h["name"], h["strength"], h["symbol"], bool(h.get("schattenfell")))
        for h in raw["hero_cards"]["cards"]
    }
    return GameData(
        rows=board["rows"],
        columns=board["columns"],
        holes=frozenset(_fields(board.get("holes", []))),
        towers=towers,
        areas=areas,
        start_area=board["start_area"],
        ent_track_length=raw["ent_track"]["length"],
        tiles=tuple(tiles),
        orc_cards={card["id"]: tuple(card["placements"]) for card in raw["orc_cards"]},
        heroes=heroes,
        events={event["id"]: event for event in raw["events"]},
    )
