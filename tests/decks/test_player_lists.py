"""Deck lists as players write them in articles and forum posts (issue 9): every form the published
decks in data/published/ use, each on its own, with the code the card data gives it."""

import pytest

from decks.formats.meccg.model import PARTS
from decks.formats.meccg.textformat import parse

pytestmark = pytest.mark.django_db


def _read(text, index, alignment="Hero"):
    result = parse(text, index, alignment)
    assert result.errors == [], [e.message for e in result.errors]
    return [(e.card.name_en, e.quantity, e.part) for e in result.entries]


@pytest.mark.parametrize(
    "line",
    [
        "3 Concealment",
        "3x Concealment",
        "3 x Concealment",
        "x3 Concealment",
        "Concealment x3",
        "Concealment ×3",
        "Concealment (x3)",
        "Concealment (3)",
        "Concealment * 3",
        "*Concealment (x3)",
        "Concealment * (x3)",
        "(*) 3 Concealment",
    ],
)
def test_quantities_and_markers(card_index, line):
    assert _read(f"Resources\n{line}", card_index) == [("Concealment", 3, "resources")]


def test_a_line_without_a_count_is_one_copy(card_index):
    assert _read("Resources\nConcealment\nGreat Ship", card_index) == [
        ("Concealment", 1, "resources"),
        ("Great Ship", 1, "resources"),
    ]


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("I’ll Report You", "I’ll Report You"),  # curly apostrophe
        ("Ill Report You", "I’ll Report You"),  # punctuation left out (maciak.org's lists)
        ("Many Turns Doublings", None),  # a word left out is not guessed
        ("Webs of Fear and Treachery", "Webs of Fear & Treachery"),
        ("A friend or 3", "A Friend or Three"),
        ("Long Bottom Leaf", "Longbottom Leaf"),
        ("Biter and Beater", "Biter and Beater!"),
        ("press gang", "Press-gang"),
        ("CAVE DRAKE", "Cave-drake"),
        ("Woses of Old Pukel Land", "Woses of Old Pûkel-land"),
    ],
)
def test_spellings_players_use(card_index, written, card):
    result = parse(f"Deck\n{written}", card_index, "Hero")
    if card is None:
        assert result.entries == [] and len(result.errors) == 1
    else:
        assert result.errors == [] and result.entries[0].card.name_en == card


def test_headings_with_counts_and_remarks(card_index):
    text = (
        "Resources (30)\nConcealment\n\nHazards (30) [Creatures first]\nCave Drake (x3)\n\n"
        "Hazards (30) * indicates Creatures & Creatures\n*Cave Worm (x2)\n\nSideboard (30)\nLure of Power\n"
    )
    assert _read(text, card_index) == [
        ("Concealment", 1, "resources"),
        ("Cave-drake", 3, "hazards"),
        ("Cave Worm", 2, "hazards"),
        ("Lure of Power", 1, "sideboard"),
    ]


def test_legend_and_opponent_lines_are_not_cards(card_index):
    text = "The Red Hills vs. Minion:\n*= Ideal characters\nPool\nShagrat *\nUgluk\n"
    assert _read(text, card_index, "Minion") == [("Shagrat", 1, "pool"), ("Uglúk", 1, "pool")]


def test_character_draft_minor_items_and_character_pool(card_index):
    text = (
        "Deck List:\n\nCharacter Draft:\nAragorn, Balin, Fatty, Gloin, Falco\nMinor Items: Horn of Anor, Cram\n\n"
        "Character Pool:\nAlatar x2, Gandalf, plus some unused characters from the draft\n"
    )
    assert _read(text, card_index) == [
        ("Aragorn II", 1, "pool"),
        ("Balin", 1, "pool"),
        ("Fatty Bolger", 1, "pool"),
        ("Glóin", 1, "pool"),
        ("Folco Boffin", 1, "pool"),  # "Falco": one letter off the only character named Folco
        ("Horn of Anor", 1, "pool"),
        ("Cram", 1, "pool"),
        # After a "Character Draft", the "Character Pool" holds the play deck's further characters.
        ("Alatar", 2, "characters"),
        ("Gandalf", 1, "characters"),
    ]


def test_character_pool_alone_is_the_pool_of_starting_characters(card_index):
    text = "Character Pool\nPallando (x2), Alatar and some unused characters from the draft.\n"
    assert _read(text, card_index) == [("Pallando", 2, "pool"), ("Alatar", 1, "pool")]


def test_a_card_with_commas_in_its_name_is_one_card(card_index):
    assert _read("Resources\n2 Burning Rick, Cot, and Tree", card_index, "Minion") == [
        ("Burning Rick, Cot, and Tree", 2, "resources")
    ]


def test_a_starting_item_beside_its_bearer(card_index):
    text = "Starting company\nGlorfindel II (+ Elf-stone)\nGildor Inglorion (with Cram)\n"
    assert _read(text, card_index) == [
        ("Glorfindel II", 1, "pool"),
        ("Elf-stone", 1, "pool"),
        ("Gildor Inglorion", 1, "pool"),
        ("Cram", 1, "pool"),
    ]


def test_first_names_only_for_characters(card_index):
    assert _read("Characters\nSam", card_index) == [("Sam Gamgee", 1, "characters")]
    # Outside the characters a first name is not a card name.
    result = parse("Resources\nSam", card_index, "Hero")
    assert result.entries == [] and "Sam" in result.errors[0].message


def test_alignment_words_and_set_codes_after_the_name(card_index):
    result = parse("Sites\nMoria [minion]\nMoria (Hero)\nMoria (BA)", card_index, "Hero")
    assert result.errors == []
    assert [e.card.code for e in result.entries] == ["LE-392", "TW-413", "BA-93"]


def test_german_headings(card_index):
    text = (
        "Startgemeinschaft\nAragorn II\nZauberer\n2 Gandalf\nUnterstützung\nConcealment\n"
        "Gefahren\nCave Worm\nOrte\nMoria\nReservestapel\nLure of Power\n"
    )
    assert [part for _name, _q, part in _read(text, card_index)] == list(PARTS)


def test_an_unknown_heading_is_still_an_error(card_index):
    result = parse("Mordor stuff:\nConcealment\nMy secret plan (2)\n", card_index, "Hero")
    assert [e.line for e in result.errors] == [1, 3]
    assert "Überschrift „Mordor stuff:“" in result.errors[0].message
    assert "Karte „My secret plan“ ist unbekannt" in result.errors[1].message


def test_a_list_with_an_unknown_card_names_that_card(card_index):
    result = parse("Character Draft: Aragorn, Gandolfo, Balin", card_index, "Hero")
    [error] = result.errors
    assert "Gandolfo" in error.message and "Gandalf" in error.suggestions
    assert result.entries == []  # the line is not half read


def test_netmeccg_printing_signs(card_index):
    text = "[NetMECCG v1.4 Deck]\n# Deck explanation\n[sites]\nMoria%\nMoria*\nMoria\nIsengard@\n"
    result = parse(text, card_index, "Balrog")
    assert result.errors == []
    assert [(e.card.alignment, e.part) for e in result.entries] == [
        ("Balrog", "sites"),
        ("Minion", "sites"),
        ("Hero", "sites"),
        ("Fallen-wizard", "sites"),
    ]


def test_gccg_deck_file_frames_and_type_headings(card_index):
    text = (
        "#\n# GCCG v0.9.6.3 Middle-earth deck\n#\n\n####\nDeck\n####\n\n# Minion Resource (1)\n\n"
        "1 Dark Tryst (AS)\n\n# Hazard (1)\n\n1 River (TW)\n\n####\nPool\n####\n\n# Minion Character (1)\n\n"
        "1 Shagrat (LE)\n\n# Minion Resource (1)\n\n1 Foul-smelling Paste (LE)\n\n#########\nSideboard\n#########\n\n"
        "# Minion Character (1)\n\n1 Hill-troll (BA)\n\n# Minion Resource (1)\n\n1 The Arkenstone [M] (PR)\n"
    )
    assert _read(text, card_index, "Balrog") == [
        ("Dark Tryst", 1, "resources"),
        ("River", 1, "hazards"),
        ("Shagrat", 1, "pool"),
        ("Foul-smelling Paste", 1, "pool"),
        ("Hill-troll", 1, "sideboard"),
        ("The Arkenstone", 1, "sideboard"),  # "PR" (promo) is no set of the card data: the name decides
    ]


def test_sideboard_against_a_fallen_wizard_is_read_but_not_taken(card_index):
    text = "[sideboard]\nRiver\n[anti-FW]\nHeart Grown Cold\nHeart Grwon Cold\n\nSideboard vs. fw\nInner Rot\n"
    result = parse(text, card_index, "Hero")
    assert [(e.card.name_en, e.part) for e in result.entries] == [("River", "sideboard")]
    [error] = result.errors  # its names are still checked
    assert error.line == 5 and "Heart Grwon Cold" in error.message


def test_agents_among_characters_are_hazards_where_the_book_allows_agents_only_as_hazards(card_index):
    text = "[characters]\nBaduila\n"
    assert _read(text, card_index, "Balrog") == [("Baduila", 1, "hazards")]
    assert _read(text, card_index, "Hero") == [("Baduila", 1, "hazards")]
    assert _read(text, card_index, "Minion") == [("Baduila", 1, "characters")]


def test_netmeccg_comments_anywhere(card_index):
    text = (
        "[NetMECCG v1.4 Deck]\n[starting]\nBalin\n# Backups\nGloin\n[sideboard]\n# In the Heart of his Realm\nRiver\n"
    )
    assert _read(text, card_index) == [("Balin", 1, "pool"), ("Glóin", 1, "pool"), ("River", 1, "sideboard")]
