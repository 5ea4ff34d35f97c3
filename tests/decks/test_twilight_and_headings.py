"""Deck check follow-ups from published tournament decks (issue 19, point 7)."""

import pytest

from decks.formats.meccg.check import check
from decks.formats.meccg.textformat import parse

from .conftest import DATA, error_rules

pytestmark = pytest.mark.django_db

COUNT_RULES = {"meccg.resources.count", "meccg.hazards.count"}


def championship_shape(decks, twilight_part):
    """The hero sample turned into the published decks' shape: 29 resources, 3 Twilight, 28 other hazards."""
    deck = decks.sample("hero")
    decks.remove(deck, "Alle Glocken läuten", "resources")  # 29 resources
    decks.remove(deck, "Frühe Ernte", "hazards", 2)  # 28 hazards besides the Twilight
    decks.add(deck, "TW-106", twilight_part, 3)  # Zwielicht
    return deck


@pytest.mark.parametrize("part", ["hazards", "resources"])
def test_twilight_counts_toward_the_side_that_balances(decks, part):
    # Listed under hazards: 29 resources against 31 hazards; under resources: 32 against 28. Counting
    # one Twilight as a resource and two as hazards balances both at 30.
    deck = championship_shape(decks, part)
    assert not error_rules(deck) & COUNT_RULES
    assert check(deck).legal, [p.message for p in check(deck).problems]


def test_twilight_cannot_balance_an_odd_play_deck(decks):
    deck = championship_shape(decks, "hazards")
    decks.add(deck, "Frühe Ernte", "hazards")  # 29 + 32: 61 cards never split evenly
    assert "meccg.hazards.count" in error_rules(deck)


def test_twilight_does_not_help_when_too_few(decks):
    # 27 resources, 2 Twilight, 30 hazards: at best 29 against 30.
    deck = decks.sample("hero")
    decks.remove(deck, "Alle Glocken läuten", "resources", 3)
    decks.add(deck, "TW-106", "resources", 2)
    rules = error_rules(deck)
    assert "meccg.hazards.count" in rules
    assert "meccg.resources.count" in rules


def test_without_twilight_the_counts_stay_as_listed(decks):
    deck = decks.sample("hero")
    decks.remove(deck, "Im Stich gelassen", "hazards")
    assert "meccg.hazards.count" in error_rules(deck)


# --- unknown headings --------------------------------------------------------------------------------------


def _sample_text():
    return (DATA / "hero.txt").read_text(encoding="utf-8")


def test_unknown_heading_is_an_error_naming_the_known_headings(card_index):
    text = _sample_text().replace("# Anfangscharaktere", "# Startgruppe")
    result = parse(text, card_index, "Hero")
    messages = [e.message for e in result.errors]
    assert any("Startgruppe" in m for m in messages), messages
    message = next(m for m in messages if "Startgruppe" in m)
    for known in ("Anfangscharaktere", "Charaktere", "Unterstützung", "Gefahren", "Orte", "Reservestapel"):
        assert known in message
    error = next(e for e in result.errors if "Startgruppe" in e.message)
    assert error.line == 2


def test_known_headings_and_remarks_stay_accepted(card_index):
    result = parse(_sample_text(), card_index, "Hero")
    assert result.errors == []
    english = (
        _sample_text()
        .replace("# Anfangscharaktere", "# Starting Company (5)")
        .replace("# Gefahren", "Hazards (30) [Creatures first]")
    )
    assert parse(english, card_index, "Hero").errors == []
