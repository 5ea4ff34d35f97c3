"""Probehand: a sample opening hand from the play deck, and the odds of drawing a card or type.

The play deck is the deck's characters, resources and hazards (pool, sites and sideboard are not
shuffled into it). Odds are hypergeometric, as on RingsDB and ArkhamDB: the chance that at least one
of K wanted cards is among the first n of N. MECCG has no fixed draw per turn; "by turn t" counts
the 8-card opening hand plus one card per turn (the reading players use for such tables).
"""

import random
from dataclasses import dataclass
from math import comb

from .formats.meccg.model import CHARACTERS, HAZARDS, RESOURCES

HAND_SIZE = 8
PLAY_DECK_PARTS = (CHARACTERS, RESOURCES, HAZARDS)
MAX_TURN = 20
_RANDOM = random.SystemRandom()


def play_deck(entries) -> list:
    """One item per copy (card, part) of the play deck."""
    return [(e.card, e.part) for e in entries if e.part in PLAY_DECK_PARTS for _ in range(e.quantity)]


def draw(entries, size: int = HAND_SIZE, rng=None) -> list:
    """A shuffled opening hand (server-side; the client never sees the deck order)."""
    deck = play_deck(entries)
    return (rng or _RANDOM).sample(deck, min(size, len(deck)))


def at_least_one(population: int, wanted: int, drawn: int) -> float:
    """P(at least one of `wanted` cards among `drawn` cards from `population`)."""
    if population <= 0 or wanted <= 0 or drawn <= 0:
        return 0.0
    drawn = min(drawn, population)
    return 1.0 - comb(population - wanted, drawn) / comb(population, drawn)


@dataclass
class Odds:
    label: str
    wanted: int
    population: int
    opening: float
    by_turn: list[tuple[int, float]]  # (turn, probability)


def odds(entries, *, code: str = "", card_type: str = "", turns: int = 5) -> Odds | None:
    """Odds for one card (by code, all its copies) or one card type in the play deck."""
    deck = play_deck(entries)
    if code:
        matching = [card for card, _part in deck if card.code == code]
        label = matching[0].name_de if matching else ""
    elif card_type:
        matching = [card for card, _part in deck if card.card_type == card_type]
        label = card_type
    else:
        return None
    if not matching:
        return None
    turns = max(0, min(int(turns), MAX_TURN))
    population, wanted = len(deck), len(matching)
    return Odds(
        label=label,
        wanted=wanted,
        population=population,
        opening=at_least_one(population, wanted, HAND_SIZE),
        by_turn=[(t, at_least_one(population, wanted, HAND_SIZE + t)) for t in range(1, turns + 1)],
    )
