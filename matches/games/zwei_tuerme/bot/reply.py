"""What a move leaves: the other seats' best answer, expected over the hands they may hold, and the
viewer's own follow-up with the cards it keeps. Exact expectations, no sampling noise."""

from __future__ import annotations

from math import comb

from ..engine import movement
from ..engine.notation import Grid
from .candidates import Candidate
from .seen import Seen


def best_takes(grid: Grid, seat: int, figures: list, cards: list) -> list[float]:
    """For each card the most orcs ``seat`` takes for itself with it (pincer shares counted for it).

    One search per figure and direction symbol, at the highest strength asked: a path costs its
    length plus one per orc taken on it, so a weaker card's moves are the cheaper paths of the same search.
    """
    mark = str(seat + 1)
    # per figure and symbol: [(cost, value)] of every move at the top strength
    found: dict[tuple, list[tuple[int, int]]] = {}
    for start in figures:
        for symbol in {card.symbol for card in cards}:
            top = max(card.strength for card in cards if card.symbol == symbol)
            strength = movement.effective_strength(grid, start, top)
            rows = []
            for outcome in movement.moves(grid, start, strength, symbol):
                value = len(outcome["captured"])
                for pincer in outcome["pincers"]:
                    n = len(pincer["fields"])
                    value += n if grid.get(*pincer["partner"]) == mark else (n + 1) // 2
                if value:
                    rows.append((len(outcome["path"]) + len(outcome["captured"]), value))
            found[(start, symbol)] = rows
    values = []
    for card in cards:
        best = 0
        for start in figures:
            budget = movement.effective_strength(grid, start, card.strength)
            for cost, value in found[(start, card.symbol)]:
                if cost <= budget and value > best:
                    best = value
        values.append(float(best))
    return values


def expected_max(values: list[float], k: int) -> float:
    """The expected largest of ``k`` values drawn without replacement from ``values``."""
    n = len(values)
    if n == 0 or k <= 0:
        return 0.0
    k = min(k, n)
    ordered = sorted(values)
    total = comb(n, k)
    return sum(v * comb(i, k - 1) for i, v in enumerate(ordered)) / total


def unseen_cards(seen: Seen) -> list:
    """Hero cards the viewer cannot place: not in its hand, not on top of the discard pile."""
    known = {c.id for c in seen.hand} | {c["id"] for c in seen.view["hero_discard"]}
    return [card for cid, card in sorted(seen.data.heroes.items()) if cid not in known]


def reply_value(seen: Seen, candidate: Candidate, cards: list) -> tuple[float, float]:
    """(the next seat's expected best take, the viewer's best follow-up with its kept cards), in orcs."""
    grid = candidate.after(seen.grid, seen.me)
    nxt = (seen.me + 1) % seen.players
    figures = [tuple(f) for f in seen.view["seats"][nxt]["figures"] if f is not None]
    values = best_takes(grid, nxt, figures, cards) if figures and cards else []
    theirs = expected_max(values, seen.view["seats"][nxt]["hand_size"])
    mine_figures = [f for _, f in seen.figures]
    if candidate.end is not None and candidate.start is not None:
        mine_figures = [candidate.end if f == candidate.start else f for f in mine_figures]
    kept = [c for c in seen.hand if candidate.card is None or c.id != candidate.card.id]
    follow = max(best_takes(grid, seen.me, mine_figures, kept), default=0.0) if kept else 0.0
    return theirs, follow
