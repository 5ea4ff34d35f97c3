"""Every move the viewer can make, as candidates with what they take (from the view's grid only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import movement
from ..engine.data import Hero
from ..engine.notation import EMPTY, Field, Grid
from .seen import Seen


@dataclass
class Candidate:
    action: dict[str, Any]
    card: Hero | None = None
    figure: int = 0
    start: Field | None = None
    end: Field | None = None
    mine: int = 0  # orcs the viewer takes (moved through, jumped on, own share of pincers)
    theirs: dict[int, int] = field(default_factory=dict)  # other seats' shares of pincers
    removed: tuple[Field, ...] = ()
    value: float = 0.0
    reasons: list[tuple[str, float]] = field(default_factory=list)

    @property
    def taken(self) -> int:
        return len(self.removed)

    def after(self, grid: Grid, me: int) -> Grid:
        """The grid after this move (before the next orc card)."""
        g = grid.copy()
        if self.end is None:
            return g
        if self.start is not None:
            g.set(*self.start, EMPTY)
        for f in self.removed:
            g.set(*f, EMPTY)
        g.set(*self.end, str(me + 1))
        return g


def from_outcome(seen: Seen, card: Hero, figure: int, start: Field, outcome: dict) -> Candidate:
    me = seen.me
    theirs: dict[int, int] = {}
    mine = len(outcome["captured"])
    removed = list(outcome["captured"])
    for pincer in outcome["pincers"]:
        partner = int(seen.grid.get(*pincer["partner"])) - 1
        for i, f in enumerate(pincer["fields"]):
            taker = me if i % 2 == 0 else partner
            if taker == me:
                mine += 1
            else:
                theirs[taker] = theirs.get(taker, 0) + 1
            removed.append(tuple(f))
    end = tuple(outcome["end"])
    if outcome["kind"] == "jump":
        action = {"type": "jump", "card": card.id, "figure": figure, "to": list(end)}
    else:
        action = {"type": "move", "card": card.id, "figure": figure, "path": [list(f) for f in outcome["path"]]}
    return Candidate(action, card, figure, start, end, mine, theirs, tuple(removed))


def generate(seen: Seen, jumps: bool = True) -> list[Candidate]:
    """One candidate per different result (card, figure, end field, orcs taken); the shortest path wins."""
    if seen.view["phase"] == "place":
        return [Candidate({"type": "place", "to": list(f)}, end=tuple(f)) for f in seen.view["placement_fields"]]
    grid = seen.grid
    found: dict[tuple, Candidate] = {}
    for card in seen.hand:
        any_move = False
        for figure, start in seen.figures:
            strength = movement.effective_strength(grid, start, card.strength)
            outcomes = movement.moves(grid, start, strength, card.symbol)
            if card.schattenfell:
                targets = movement.jump_targets(grid, start)
                any_move = any_move or bool(targets)
                if jumps:
                    outcomes = outcomes + [movement.jump(grid, start, t) for t in targets]
            for outcome in outcomes:
                any_move = True
                candidate = from_outcome(seen, card, figure, start, outcome)
                key = (card.id, figure, candidate.end, frozenset(candidate.removed), outcome["kind"])
                old = found.get(key)
                if old is None or len(candidate.action.get("path", ())) < len(old.action.get("path", ())):
                    found[key] = candidate
        if not any_move:  # the card is played without moving
            key = (card.id, "pass")
            found[key] = Candidate({"type": "move", "card": card.id, "figure": 0, "path": []}, card)
    return list(found.values())
