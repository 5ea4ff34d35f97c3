from pathlib import Path

import pytest

from decks.formats.meccg.check import check
from decks.formats.meccg.model import DeckDescription, Entry
from decks.formats.meccg.textformat import parse

DATA = Path(__file__).parent / "data"
SAMPLES = {
    "hero": ("Hero", ""),
    "minion": ("Minion", ""),
    "fallen_wizard": ("Fallen-wizard", "Saruman"),
    "balrog": ("Balrog", ""),
}


@pytest.fixture(scope="session")
def card_index(meccg_cards, django_db_blocker):
    from decks.selectors import card_index as build

    with django_db_blocker.unblock():
        return build()


class DeckBuilder:
    """Plain decks for the check: load a sample, change it, check it."""

    def __init__(self, index):
        self.index = index

    def card(self, name_or_code: str, alignment: str = "Hero", part: str = "auto"):
        code = self.index.by_code.get(name_or_code.upper())
        if code:
            return code
        result = parse(f"1 {name_or_code}", self.index, alignment)
        assert not result.errors, result.errors[0].message
        return result.entries[0].card

    def sample(self, name: str, opponent: str = "") -> DeckDescription:
        alignment, wizard = SAMPLES[name]
        result = parse((DATA / f"{name}.txt").read_text(encoding="utf-8"), self.index, alignment)
        assert not result.errors, [e.message for e in result.errors]
        entries = [Entry(e.card, e.quantity, e.part) for e in result.merged()]
        return DeckDescription(entries, alignment, wizard, opponent)

    def add(self, deck: DeckDescription, name: str, part: str, quantity: int = 1) -> DeckDescription:
        card = name if not isinstance(name, str) else self.card(name, deck.alignment)
        deck.entries.append(Entry(card, quantity, part))
        return deck

    def remove(self, deck: DeckDescription, name: str, part: str, quantity: int = 1) -> DeckDescription:
        card = self.card(name, deck.alignment)
        for i, entry in enumerate(deck.entries):
            if entry.card.code == card.code and entry.part == part:
                left = entry.quantity - quantity
                assert left >= 0
                if left:
                    deck.entries[i] = Entry(entry.card, left, part)
                else:
                    del deck.entries[i]
                return deck
        raise AssertionError(f"{name} not in {part}")

    def replace(self, deck, old: str, new: str, part: str, quantity: int = 1):
        self.remove(deck, old, part, quantity)
        return self.add(deck, new, part, quantity)


@pytest.fixture
def decks(card_index):
    return DeckBuilder(card_index)


def error_rules(deck: DeckDescription) -> set[str]:
    return {p.rule for p in check(deck).problems if p.severity == "error"}


@pytest.fixture(autouse=True)
def _fresh_throttle_counts():
    """Throttle counters live in the cache; each test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _index_checked_every_time(monkeypatch):
    """Tests edit cards and expect the index to see it at once (production re-checks every 2 s)."""
    from decks import selectors

    monkeypatch.setattr(selectors, "INDEX_RECHECK", 0)
