"""What a seat sees, read from ``engine.view(state, seat)`` only, plus the public rules data.

Nothing here reads a game state: the hand is the viewer's own, the tiles still hidden are counted
from the public rules (every tile of the game) minus the tiles already revealed in the view.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..engine.data import GameData, Hero, load
from ..engine.notation import Field, Grid, parse

Kind = tuple[int, bool]  # (value, ent) of a tile


@dataclass
class Seen:
    view: dict[str, Any]
    data: GameData
    grid: Grid
    me: int
    players: int
    hand: list[Hero]
    figures: list[tuple[int, Field]]  # my figures on the board: (figure number, field)
    scores: list[int]
    hidden: Counter = field(default_factory=Counter)  # tile kinds not revealed yet: on the board or in the supply
    towers: tuple[Field, Field] = ((0, 0), (0, 0))
    fed: dict[int, set[str]] = field(default_factory=dict)  # row -> edges orcs enter it from
    gaps: dict = field(default_factory=dict)  # the chain's gap after a move, by its result
    caution: float = 1.0  # how much a chain to come weighs against points (the strong player: less)

    @property
    def ev(self) -> float:
        """The expected hero points of one orc (its tile is a random one of those not revealed)."""
        total = sum(self.hidden.values())
        return sum(kind[0] * n for kind, n in self.hidden.items()) / total if total else 1.0

    @property
    def p_ent(self) -> float:
        """The chance that an orc's tile says "Ent"."""
        total = sum(self.hidden.values())
        return sum(n for kind, n in self.hidden.items() if kind[1]) / total if total else 0.0

    @property
    def ent_left(self) -> int:
        return self.view["board"]["ent_track"]["last"] - self.view["ent"]


def all_kinds(data: GameData) -> Counter:
    return Counter((t.value, t.ent) for t in data.tiles)


def read(view: dict[str, Any], data: GameData | None = None) -> Seen:
    data = data or load()
    me = view["viewer"]
    if me is None:
        raise ValueError("a computer player needs a seat's view, not a spectator's")
    grid = parse(view["position"])
    hidden = all_kinds(data)
    for seat in view["seats"]:
        # another seat's tiles lie face down (the rulebook): only their number is seen, so they stay hidden
        for tile in seat["captured"] or ():
            hidden[(tile["value"], tile["ent"])] -= 1
    hidden = +hidden
    total = sum(hidden.values())
    mean = sum(value * n for (value, _ent), n in hidden.items()) / total if total else 0.0
    towers = [tuple(t["field"]) for t in view["board"]["towers"]]
    my_figures = view["seats"][me]["figures"]
    return Seen(
        view=view,
        data=data,
        grid=grid,
        me=me,
        players=view["players"],
        hand=[data.heroes[card["id"]] for card in view["hand"] or []],
        figures=[(i, (f[0], f[1])) for i, f in enumerate(my_figures) if f is not None],
        # a face-down score is estimated from the number of tiles and the mean of the unseen ones
        scores=[seat["score"] if seat["score"] is not None else seat["tiles"] * mean for seat in view["seats"]],
        hidden=hidden,
        towers=(towers[0], towers[-1]),
        fed=_feeds(data),
    )


_FEEDS: dict[int, dict[int, set[str]]] = {}


def _feeds(data: GameData) -> dict[int, set[str]]:
    if id(data) not in _FEEDS:
        _FEEDS[id(data)] = feeds(data)
    return _FEEDS[id(data)]


def feeds(data: GameData) -> dict[int, set[str]]:
    """Which edges orcs enter each row from (printed on the orc and event cards)."""
    rows: dict[int, set[str]] = {}
    for card in data.orc_cards.values():
        for p in card:
            rows.setdefault(p["row"], set()).add(p["side"])
    for event in data.events.values():
        if event["effect"] == "orcs":
            rows.setdefault(event["row"], set()).add(event["side"])
    return rows
