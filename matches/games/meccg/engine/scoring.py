"""The final score of a MECCG game: "Punkte" in the rulebook (seeds/003, section Spielende).

Pure functions over plain data, used by the engine at the end of a match and by the
stand-alone calculator (page and API). The steps follow the rulebook's text in its order:

1. Each player adds up the victory points of six categories; creatures count the points
   without * for hero and fallen-wizard players, only those with * for minion and balrog players.
2. "Das Resultat in jeder Rubrik ist mindestens 0."
3. A category in which the opponent has 0 points is doubled, except special points and creatures.
4. A category above half of the sum of all categories is reduced to the sum of the other ones.
5. "anschließend": −1 per unique character/resource card giving points that the opponent still holds.
6. −5 for a player who lost their wizard/ringwraith/fallen wizard/balrog.
7. "Die Mindestpunktzahl bei Spielende ist 0."
Tournament points: 3:3 on a draw, else 4/5/6 against 2/1/0 for more / at least one and a half
times / at least twice the opponent's points; a win by the ring condition gives 8/7/6 points in
the 1-/2-/3-or-4-deck game and 0 to the opponent.
"""

from __future__ import annotations

from dataclasses import dataclass

ALIGNMENTS = ("hero", "minion", "fallen-wizard", "balrog")
# Alignments that count the creatures with * in the points window (the others count those without).
STARRED_CREATURE_ALIGNMENTS = ("minion", "balrog")

CATEGORIES = ("characters", "special", "items", "allies", "factions", "creatures")
NOT_DOUBLED = ("special", "creatures")

LOST_AVATAR_PENALTY = 5
RING_TOURNAMENT_POINTS = {1: 8, 2: 7, 3: 6, 4: 6}


@dataclass(frozen=True)
class Sheet:
    """One player's score sheet as typed in (raw points, may be negative, e.g. captured characters)."""

    alignment: str
    characters: int = 0
    special: int = 0
    items: int = 0
    allies: int = 0
    factions: int = 0
    creatures_plain: int = 0
    creatures_starred: int = 0
    unique_in_opponent_hand: int = 0
    lost_avatar: bool = False
    ring_victory: bool = False


@dataclass(frozen=True)
class Score:
    categories: dict[str, int]
    total: int
    tournament_points: int

    def to_json(self) -> dict:
        return {"categories": dict(self.categories), "total": self.total, "tournament_points": self.tournament_points}


def raw_categories(sheet: Sheet) -> dict[str, int]:
    """Steps 1 and 2: the six categories, each at least 0."""
    if sheet.alignment not in ALIGNMENTS:
        raise ValueError(f"unknown alignment {sheet.alignment!r}")
    creatures = sheet.creatures_starred if sheet.alignment in STARRED_CREATURE_ALIGNMENTS else sheet.creatures_plain
    values = {
        "characters": sheet.characters,
        "special": sheet.special,
        "items": sheet.items,
        "allies": sheet.allies,
        "factions": sheet.factions,
        "creatures": creatures,
    }
    return {name: max(0, value) for name, value in values.items()}


def doubled(own: dict[str, int], opponent: dict[str, int]) -> dict[str, int]:
    """Step 3: double each category (not special, not creatures) where the opponent has 0."""
    return {
        name: value * 2 if name not in NOT_DOUBLED and opponent[name] == 0 else value for name, value in own.items()
    }


def capped(categories: dict[str, int]) -> dict[str, int]:
    """Step 4: a category worth more than half of the sum drops to the sum of all the others.

    At most one category can exceed half of the sum, so one pass is exact.
    """
    total = sum(categories.values())
    result = dict(categories)
    for name, value in categories.items():
        others = total - value
        if value > others:  # value > total / 2, in integers
            result[name] = others
    return result


def final_total(categories: dict[str, int], sheet: Sheet) -> int:
    """Steps 5 to 7: the deductions after the categories, and the minimum of 0."""
    total = sum(categories.values())
    total -= max(0, sheet.unique_in_opponent_hand)
    if sheet.lost_avatar:
        total -= LOST_AVATAR_PENALTY
    return max(0, total)


def tournament_points(totals: tuple[int, int], ring_winner: int | None, decks: int) -> tuple[int, int]:
    """Tournament points for both players; ``ring_winner`` is the index of a ring-condition winner."""
    if ring_winner is not None:
        points = [0, 0]
        points[ring_winner] = RING_TOURNAMENT_POINTS[decks]
        return points[0], points[1]
    a, b = totals
    if a == b:
        return 3, 3
    winner, loser = (a, b) if a > b else (b, a)
    if winner >= 2 * loser:
        won = 6
    elif 2 * winner >= 3 * loser:  # at least one and a half times
        won = 5
    else:
        won = 4
    lost = 6 - won
    return (won, lost) if a > b else (lost, won)


def score(sheets: tuple[Sheet, Sheet], decks: int = 2) -> tuple[Score, Score]:
    """Both players' final scores from their sheets (the rulebook's "Punkte", steps 1 to 7)."""
    if decks not in RING_TOURNAMENT_POINTS:
        raise ValueError(f"unsupported deck count {decks!r}")
    if sheets[0].ring_victory and sheets[1].ring_victory:
        raise ValueError("only one player can win by the ring condition")
    raw = [raw_categories(sheet) for sheet in sheets]
    categories = [capped(doubled(raw[0], raw[1])), capped(doubled(raw[1], raw[0]))]
    totals = (final_total(categories[0], sheets[0]), final_total(categories[1], sheets[1]))
    ring_winner = next((i for i, sheet in enumerate(sheets) if sheet.ring_victory), None)
    points = tournament_points(totals, ring_winner, decks)
    return (
        Score(categories[0], totals[0], points[0]),
        Score(categories[1], totals[1], points[1]),
    )
