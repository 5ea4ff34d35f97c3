"""Pasted formats players use, and every export reading back unchanged."""

import json

import pytest

from decks.formats.meccg.textexport import export_gccg, export_text
from decks.formats.meccg.textformat import parse

from .conftest import DATA, SAMPLES

pytestmark = pytest.mark.django_db


def _got(result):
    return [(e.card.code, e.quantity, e.part) for e in result.entries]


def test_gccg_deck_file(card_index):
    text = (
        "Pool\n1 Aragorn II (TW)\n1 Cram (TD)\n\nDeck\n3 Saruman [H] (TW)\n2 Twilight (LE)\n1 Glamdring (TW)\n\n"
        "Sideboard\n1 Alatar [H] (TW)\n\nSites\n1 Rivendell [H] (TW)\n1 Moria [M] (LE)\n"
    )
    result = parse(text, card_index, "Hero")
    assert result.errors == []
    assert _got(result) == [
        ("TW-120", 1, "pool"),
        ("TD-105", 1, "pool"),
        ("TW-181", 3, "characters"),
        ("LE-145", 2, "hazards"),
        ("TW-244", 1, "resources"),
        ("TW-117", 1, "sideboard"),
        ("TW-421", 1, "sites"),
        ("LE-392", 1, "sites"),
    ]


def test_alignment_marker_picks_the_printing(card_index):
    assert parse("1 Moria [M]", card_index, "Hero").entries[0].card.code == "LE-392"
    assert parse("1 Moria [H]", card_index, "Minion").entries[0].card.code == "TW-413"
    assert parse("1 Moria (LE) [M]", card_index, "Hero").entries[0].card.code == "LE-392"


def test_netmeccg_sections(card_index):
    text = (
        "[starting]\nAragorn II\n[characters]\n3 Gandalf\n[resources]\nGlamdring\n"
        "[hazards]\n2 Cave-drake\n[sites]\nMoria\n[sideboard]\nAlatar\n"
    )
    result = parse(text, card_index, "Hero")
    assert result.errors == []
    assert [e.part for e in result.entries] == ["pool", "characters", "resources", "hazards", "sites", "sideboard"]


def test_x_before_quantity_and_sideboard_prefix(card_index):
    result = parse("Hazards\nx3 Cave-drake\nSB: 2 Zwielicht\nsb: Glamdring\n", card_index, "Hero")
    assert result.errors == []
    assert [(e.quantity, e.part) for e in result.entries] == [(3, "hazards"), (2, "sideboard"), (1, "sideboard")]


@pytest.mark.parametrize(
    "written, code", [("Orc Watch", "TW-78"), ("Cave drake", "TW-20"), ("orc-lieutenant", "TW-73")]
)
def test_hyphen_and_space_variants_of_names(card_index, written, code):
    result = parse(f"1 {written}", card_index, "Hero")
    assert result.errors == []
    assert result.entries[0].card.code == code


def test_heading_inside_the_sideboard_keeps_cards_there(card_index):
    text = "Sideboard\n# Hazards (2)\n2 Zwielicht\n# Resources (1)\nGlamdring\nSites\nMoria\n"
    result = parse(text, card_index, "Hero")
    assert result.errors == []
    assert [e.part for e in result.entries] == ["sideboard", "sideboard", "sites"]


@pytest.mark.parametrize(
    "line, shown",
    [
        ("-1 Gandalf", "-1"),
        ("1.5 Gandalf", "1.5"),
        ("2,5x Zwielicht", "2,5"),
        ("Gandalf x-2", "-2"),
        ("x1.5 Moria", "1.5"),
    ],
)
def test_negative_or_fractional_quantity_has_its_own_message(card_index, line, shown):
    result = parse(line, card_index, "Hero")
    [error] = result.errors
    assert f"„{shown}“" in error.message and "ganze Zahl" in error.message
    assert "unbekannt" not in error.message


@pytest.mark.parametrize("heading", ["# Verbündete", "[allies]", "Deckname:"])
def test_unknown_heading_is_an_error_not_a_comment(card_index, heading):
    result = parse(f"Pool\nAragorn II\n{heading}\nGlamdring\n", card_index, "Hero")
    [error] = result.errors
    assert error.line == 3 and "Überschrift" in error.message and "unbekannt" in error.message


def test_first_hash_line_is_the_deck_title(card_index):
    result = parse("# Meine Helden\nPool\nAragorn II\n", card_index, "Hero")
    assert result.errors == [] and _got(result) == [("TW-120", 1, "pool")]


def _sample(card_index, name):
    alignment, _wizard = SAMPLES[name]
    parsed = parse((DATA / f"{name}.txt").read_text(encoding="utf-8"), card_index, alignment)
    assert parsed.errors == []
    return alignment, sorted(_got(_merged(parsed)))


def _merged(parsed):
    class Merged:
        entries = parsed.merged()

    return Merged


@pytest.mark.parametrize("sample", sorted(SAMPLES))
@pytest.mark.parametrize("writer", [export_text, export_gccg])
def test_text_exports_read_back_unchanged(card_index, sample, writer):
    alignment, entries = _sample(card_index, sample)
    parsed = parse((DATA / f"{sample}.txt").read_text(encoding="utf-8"), card_index, alignment)
    text = writer(parsed.merged(), card_index, alignment, "Probe")
    again = parse(text, card_index, alignment)
    assert again.errors == []
    assert sorted(_got(_merged(again))) == entries


def test_gccg_export_uses_english_names_markers_and_sets(card_index):
    parsed = parse("Pool\nAragorn II\nCharacters\n3 Saruman\nSites\nMoria (LE)\n", card_index, "Hero")
    text = export_gccg(parsed.merged(), card_index, "Hero")
    assert "1 Aragorn II [H] (TW)" in text and "3 Saruman [H] (TW)" in text and "1 Moria [M] (LE)" in text


@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_json_export_pastes_back_unchanged(card_index, sample):
    alignment, entries = _sample(card_index, sample)
    parsed = parse((DATA / f"{sample}.txt").read_text(encoding="utf-8"), card_index, alignment)
    exported = {"entries": [{"code": e.card.code, "quantity": e.quantity, "part": e.part} for e in parsed.merged()]}
    again = parse(json.dumps(exported), card_index, alignment)
    assert again.errors == []
    assert sorted(_got(again)) == entries


def test_json_with_a_bad_entry_names_it(card_index):
    text = json.dumps(
        {
            "entries": [
                {"code": "TW-120", "quantity": 1.5, "part": "pool"},
                {"code": "XX-1", "quantity": 1, "part": "pool"},
            ]
        }
    )
    errors = parse(text, card_index, "Hero").errors
    assert [e.line for e in errors] == [1, 2]
    assert "ganze Zahl" in errors[0].message and "XX-1" in errors[1].message
