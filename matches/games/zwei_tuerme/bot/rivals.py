"""Two sparring players written from the rulebook alone, to measure the levels against (arena).

Neither was tuned: they play what a careful reader of the book would.

- ``greedy``: one ply. The most orcs for itself now; ties broken by fewer for the others, then by
  keeping the strong cards (the weakest card that does it), then by not ending next to orcs. A move
  after which one orc card that may come next would close the chain is skipped while another is left.
- ``lookahead``: greedy's moves judged further: the exact chance over the orc cards that may come next
  (the nine minus the open discard pile) that the next one closes the chain, and the own best take
  afterwards with the two cards kept, expected over those same cards.

Both decide from the seat's view only, like the levels.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.notation import Grid
from .candidates import Candidate, generate
from .judge import CHAIN_LOSS, adjacent_orcs, enter, linked
from .reply import best_takes
from .seen import Seen, read

LOOKAHEAD_TOP = 12  # greedy's best moves the look-ahead player judges further
FOLLOW_UP = 0.5  # the own next take, in orcs, counts half (the others move first)


def coming_orc_cards(seen: Seen) -> list[list[dict]]:
    """The orc cards that may come next: all nine minus the open discard pile (all after a reshuffle)."""
    gone = set(seen.view.get("orc_discard") or ())
    cards = [card for cid, card in sorted(seen.data.orc_cards.items()) if cid not in gone]
    return cards or list(seen.data.orc_cards.values())


def with_card(grid: Grid, card: list[dict]) -> Grid:
    g = grid.copy()
    for p in card:
        enter(g, p["side"], p["row"], p["count"])
    return g


def _closes(seen: Seen, grid: Grid, cards: list[list[dict]]) -> int:
    """How many of ``cards`` would close the chain on ``grid``."""
    return sum(linked(with_card(grid, card), seen.towers) for card in cards)


def _greedy_key(seen: Seen, c: Candidate, chooser: random.Random) -> tuple:
    strength = c.card.strength if c.card else 0
    near = adjacent_orcs(c.after(seen.grid, seen.me), c.end) if c.end else 0
    return (c.mine, -sum(c.theirs.values()), -strength, -near, chooser.random())


def greedy_rank(seen: Seen, candidates: list[Candidate], chooser: random.Random, wanted: int = 1) -> list[Candidate]:
    """The first ``wanted`` candidates in greedy's order (safe ones first, see the module), best first.

    Safety is the first key but the dearest to check, so it is checked down the rest of the order only
    until ``wanted`` safe moves are found."""
    cards = coming_orc_cards(seen)
    ordered = sorted(candidates, key=lambda c: _greedy_key(seen, c, chooser), reverse=True)
    safe, unsafe = [], []
    for c in ordered:
        if len(safe) >= wanted:
            break
        (unsafe if _closes(seen, c.after(seen.grid, seen.me), cards) else safe).append(c)
    return (safe + unsafe)[:wanted] if len(safe) < wanted else safe


def follow_and_risk(seen: Seen, c: Candidate, cards: list) -> tuple[float, float]:
    """(the chance the next orc card closes the chain, the own expected best take after it)."""
    after = c.after(seen.grid, seen.me)
    figures = [c.end if f == c.start else f for _, f in seen.figures] if c.end else [f for _, f in seen.figures]
    kept = [h for h in seen.hand if c.card is None or h.id != c.card.id]
    closed, follow = 0, 0.0
    for card in cards:
        grid = with_card(after, card)
        if linked(grid, seen.towers):
            closed += 1
        elif kept and figures:
            follow += max(best_takes(grid, seen.me, figures, kept))
    return closed / len(cards), follow / len(cards)


def lookahead_value(seen: Seen, c: Candidate, cards: list) -> float:
    risk, follow = follow_and_risk(seen, c, cards)
    ev = seen.ev
    return ev * (c.mine - sum(c.theirs.values())) - CHAIN_LOSS * risk + FOLLOW_UP * ev * follow


def _setup(view: dict[str, Any], seed: int) -> tuple[Seen, list[Candidate], random.Random]:
    seen = read(view)
    candidates = generate(seen)
    if not candidates:
        raise ValueError("the seat has nothing to do in this view")
    return seen, candidates, random.Random(seed)  # noqa: S311 - a game player's choices, no secret


def _place(seen: Seen, candidates: list[Candidate], chooser: random.Random) -> dict[str, Any]:
    """Setup: the second figure into the first one's column (the book's pincer), else anywhere."""
    if seen.figures:
        same = [c for c in candidates if c.end[1] == seen.figures[0][1][1]]
        if same:
            return chooser.choice(same).action
    return chooser.choice(candidates).action


def greedy(view: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    seen, candidates, chooser = _setup(view, seed)
    if view["phase"] == "place":
        return _place(seen, candidates, chooser)
    return greedy_rank(seen, candidates, chooser)[0].action


def lookahead(view: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    seen, candidates, chooser = _setup(view, seed)
    if view["phase"] == "place":
        return _place(seen, candidates, chooser)
    top = greedy_rank(seen, candidates, chooser, LOOKAHEAD_TOP)
    cards = coming_orc_cards(seen)
    return max(top, key=lambda c: lookahead_value(seen, c, cards)).action


RIVALS = {"greedy": greedy, "lookahead": lookahead}
