"""Card texts that change the deck-construction rules, found in the card data by their wording.

The rulebook lets a card's text override the construction rules ("Kartentext geht vor").
Rather than a hand-picked list of names, every card's English text is read once with the
patterns below; RULES.md lists the cards they find in the current data, and
tests/decks/test_overrides.py checks that list against cards.json.
"""

import re
from dataclasses import dataclass

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

# "You may include up to nine copies of this card in your play deck and sideboard combined." (Black Horse)
_UP_TO_COPIES = re.compile(r"may include up to (\w+) copies of this card", re.IGNORECASE)
# "There can only be one copy of this card in your play deck." (Lure of MECCG)
_ONLY_COPIES = re.compile(r"there can only be (\w+) cop(?:y|ies) of this card", re.IGNORECASE)
# "May be played with a starting company in lieu of a minor item." (Orders from Lugbúrz …)
_STARTING_MINOR = re.compile(r"in lieu of (?:playing )?a minor item", re.IGNORECASE)
# "… may be included as a hazard in a Wizard's deck." (Sudden Call)
_HAZARD_IN_WIZARD_DECK = re.compile(r"may be included as a hazard in a wizard.s deck", re.IGNORECASE)
# "May be duplicated in location deck." (Deep Mines)
_SITE_DUPLICATES = re.compile(r"may be duplicated in (?:your |the )?location deck", re.IGNORECASE)
# "… may not be included with a hero starting company." (Deadly Dart)
_NOT_HERO_START = re.compile(r"may not be included with a hero starting company", re.IGNORECASE)
# "One agent character may be played with target company … or in your starting company" (Open to the Summons)
_AGENT_IN_STARTING_COMPANY = re.compile(
    r"(\w+) agent characters? may be played .{0,80}? in your starting company", re.I
)
_TAGS = re.compile(r"<[^>]+>")


@dataclass(frozen=True, slots=True)
class Overrides:
    copy_limit: int | None = None
    starting_minor_item: bool = False
    hazard_in_hero_deck: bool = False
    site_duplicates: bool = False
    not_in_hero_starting_company: bool = False
    starting_agents: int = 0  # agents this card lets start (each copy listed with the pool)


NONE = Overrides()


def _number(word: str) -> int | None:
    word = word.casefold()
    return int(word) if word.isdigit() else _NUMBERS.get(word)


def _starting_agents(text: str) -> int:
    match = _AGENT_IN_STARTING_COMPANY.search(text)
    return (_number(match.group(1)) or 0) if match else 0


def read(text_en: str, attributes: dict | None = None) -> Overrides:
    """What one card's text (and its data flags) changes about deck construction."""
    attributes = attributes or {}
    text = _TAGS.sub("", text_en or "")
    if not text and not attributes.get("playableAsStartingMinorItem"):
        return NONE
    limit = None
    for pattern in (_UP_TO_COPIES, _ONLY_COPIES):
        match = pattern.search(text)
        if match:
            limit = _number(match.group(1))
    found = Overrides(
        copy_limit=limit,
        # The Council of Elrond data also flags these (playableAsStartingMinorItem).
        starting_minor_item=bool(_STARTING_MINOR.search(text) or attributes.get("playableAsStartingMinorItem")),
        hazard_in_hero_deck=bool(_HAZARD_IN_WIZARD_DECK.search(text)),
        site_duplicates=bool(_SITE_DUPLICATES.search(text)),
        not_in_hero_starting_company=bool(_NOT_HERO_START.search(text)),
        starting_agents=_starting_agents(text),
    )
    return NONE if found == NONE else found
