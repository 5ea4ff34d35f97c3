"""Starting minor items in the pool, and card texts that override the construction rules."""

import json
from pathlib import Path

import pytest
from django.conf import settings

from decks.formats.meccg import overrides
from decks.formats.meccg.check import check

pytestmark = pytest.mark.django_db


def errors(deck) -> set[str]:
    return {p.rule for p in check(deck).problems if p.severity == "error"}


def test_two_minor_items_in_the_pool_are_allowed_and_no_characters(decks):
    deck = decks.sample("hero")
    decks.add(deck, "TD-105", "pool")  # Cram
    decks.add(deck, "TW-259", "pool")  # Horn von Anor
    assert errors(deck) == set()
    # Not counted as characters: five characters in the sample plus 2 items stay under 10 either way,
    # so fill the pool to exactly 10 characters and add the items on top.
    for name in ["Adrazar", "Anborn", "Annalena", "Beorn", "Beretar"]:
        decks.add(deck, name, "pool")
    assert errors(deck) == set()


def test_a_third_minor_item_is_refused(decks):
    deck = decks.sample("hero")
    for code in ("TD-105", "TW-259", "TW-224"):
        decks.add(deck, code, "pool")
    assert errors(deck) == {"meccg.pool.minor_items"}
    problem = next(p for p in check(deck).problems if p.rule == "meccg.pool.minor_items")
    assert "höchstens 2" in problem.message
    assert problem.message.startswith("Spielvorbereitung › Startgemeinschaft")


@pytest.mark.parametrize(
    "code, words",
    [
        ("TW-254", "Nur geringere Gegenstände"),  # Schimmerndes Kettenhemd: major item
        ("TW-333", "Einzigartige Gegenstände"),  # Stich: unique minor item
        ("TD-99", "Drachenhorten"),  # Pfeile aus Ebenholz: hoard item
        ("LE-419", "nicht erlaubt"),  # Tödlicher Pfeil: "may not be included with a hero starting company"
    ],
)
def test_major_unique_hoard_and_barred_items_are_refused_in_the_pool(decks, code, words):
    deck = decks.add(decks.sample("hero"), code, "pool")
    assert errors(deck) == {"meccg.pool.minor_items"}
    assert words in next(p.message for p in check(deck).problems if p.rule == "meccg.pool.minor_items")


def test_card_in_lieu_of_a_minor_item_takes_a_place(decks):
    deck = decks.add(decks.sample("minion"), "AS-94", "pool")  # Befehle von Lugburz
    assert errors(deck) == set()
    decks.add(deck, "AS-130", "pool")  # Ungelesene Schriften, a minion minor item
    assert errors(deck) == set()
    decks.add(deck, "AS-131", "pool")  # Geheimes Buch: the third
    assert errors(deck) == {"meccg.pool.minor_items"}
    # A hero deck may not start with a minion event.
    deck = decks.add(decks.sample("hero"), "AS-94", "pool")
    assert errors(deck) == {"meccg.pool.minor_items"}


def test_black_horse_may_be_included_nine_times(decks):
    deck = decks.sample("minion")
    decks.add(deck, "AS-72", "sideboard", 9)
    assert "meccg.copies.max3" not in errors(deck)
    decks.add(deck, "AS-72", "sideboard", 1)
    assert "meccg.copies.max3" in errors(deck)
    message = next(p.message for p in check(deck).problems if p.rule == "meccg.copies.max3")
    assert "laut Kartentext" in message and "9" in message


def test_sudden_call_may_be_a_hazard_of_a_hero_deck(decks):
    deck = decks.replace(decks.sample("hero"), "Im Stich gelassen", "LE-235", "hazards")
    assert errors(deck) == set()


def _all_cards():
    data = json.loads((Path(settings.BRUCHTAL_CONTENT_DIR) / "data" / "meccg" / "cards.json").read_text("utf-8"))
    return [card for card_set in data.values() for card in card_set["cards"].values()]


def test_overrides_are_found_in_the_card_data_not_by_name():
    found = {}
    for card in _all_cards():
        rules = overrides.read((card.get("text") or {}).get("en") or "", card.get("attributes") or {})
        if rules != overrides.NONE:
            found[card["id"]] = rules
    assert found["AS-72"].copy_limit == 9  # Black Horse
    assert found["TW-500"].copy_limit == 1  # Lure of MECCG
    assert found["LE-235"].hazard_in_hero_deck  # Sudden Call
    assert found["WH-55"].site_duplicates  # Deep Mines
    assert found["LE-419"].not_in_hero_starting_company  # Deadly Dart
    minor = {code for code, rules in found.items() if rules.starting_minor_item}
    assert {"AS-94", "BA-60", "BA-70", "WH-46"} <= minor
    # RULES.md lists every card the patterns find.
    listed = (Path(overrides.__file__).parent / "RULES.md").read_text("utf-8")
    for code in found:
        assert code in listed, code


def test_open_to_the_summons_lets_one_agent_start(card_index):
    from decks.formats.meccg.check import check
    from decks.formats.meccg.model import DeckDescription, Entry
    from decks.formats.meccg.textformat import parse

    def pool_errors(text):
        parsed = parse(text, card_index, "Minion")
        assert parsed.errors == []
        deck = DeckDescription([Entry(e.card, e.quantity, e.part) for e in parsed.merged()], "Minion")
        return [p for p in check(deck).problems if p.rule == "meccg.pool.no_agents"]

    assert pool_errors("Pool\nShagrat\nHerion\nOpen to the Summons\n") == []
    [problem] = pool_errors("Pool\nShagrat\nHerion\nDrór\nOpen to the Summons\n")
    assert "(hier 1)" in problem.message
    [problem] = pool_errors("Pool\nShagrat\nHerion\n")
    assert "Herion" in problem.message or "Herion" in str(problem.cards)
