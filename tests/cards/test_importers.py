"""MECCG importer (idempotency, malformed records) and the board-game data files."""

import json

import pytest
from django.conf import settings
from django.core.management import call_command

from cards.importers.boardgames import DATA_DIR, import_boardgames
from cards.importers.meccg import import_meccg, parse_number
from cards.models import Card, CardType
from cards.selectors import search_cards

pytestmark = pytest.mark.django_db

CARDS_JSON = settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json"


def test_reimport_changes_nothing(meccg_cards):
    summary = import_meccg(CARDS_JSON)
    assert (summary.created, summary.updated, summary.unchanged) == (0, 0, 1683)
    assert Card.objects.filter(game__slug="meccg").count() == 1683


def test_reimport_repairs_an_edited_card(meccg_cards):
    Card.objects.filter(code="TW-120").update(mind=1, mind_raw="1")
    summary = import_meccg(CARDS_JSON)
    assert summary.updated == 1
    assert Card.objects.get(code="TW-120").mind == 9


def test_malformed_records_are_reported_by_id(tmp_path, meccg_cards):
    data = {
        "ZZ": {
            "name": {"en": "Test Set"},
            "order": 99,
            "cards": [
                {"id": "ZZ-1", "name": {"de": "Gut", "en": "Good"}, "type": "Hazard", "attributes": {"mind": "6*"}},
                {"id": "ZZ-2", "type": "Hazard"},
                {"id": "ZZ-3", "name": {"en": "Bad attrs"}, "type": "Site", "attributes": ["x"]},
            ],
        }
    }
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    summary = import_meccg(path)
    assert summary.created == 1
    assert [e.split(":")[0] for e in summary.errors] == ["ZZ-2", "ZZ-3"]
    card = Card.objects.get(code="ZZ-1")
    assert (card.mind, card.mind_raw) == (6, "6*")


def test_number_parsing_keeps_marks_apart():
    assert parse_number("6*") == 6
    assert parse_number("-") is None
    assert parse_number("+2") == 2
    assert parse_number(None) is None


def test_board_game_import_is_idempotent():
    first = import_boardgames()
    assert first.errors == []
    assert first.created == 36
    second = import_boardgames()
    assert (second.created, second.updated, second.unchanged) == (0, 0, 36)
    narya = Card.objects.get(code="SAU-NARYA")
    assert narya.card_type == CardType.COMPONENT
    assert narya.game.slug == "sauron"
    assert narya.text_de.startswith("<p>") and "zwei Felder" in narya.text_de
    assert Card.objects.filter(game__slug="abenteuer-in-mittelerde", subtype__startswith="Auftrag").count() == 10


def test_board_game_cards_are_searchable_and_shown(client):
    import_boardgames()
    found = {c.code for c in search_cards("spiel:sauron untertyp:Gefährtenkarte")}
    assert found == {f"SAU-GEFAEHRTE-{name}" for name in ["FRODO", "SAM", "PIPPIN", "MERRY", "DICK"]}
    assert "AIM-EDLES-BLUT" in {c.code for c in search_cards("Verderbniskarte")}
    html = client.get("/karten/SAU-WACHSAMER-FRIEDEN/").content.decode()
    assert '<div class="card-text" lang="de">' in html
    assert "10 Punkte" in html
    assert "<dt>Quelle</dt>" in html


def test_board_game_malformed_records_are_reported(tmp_path):
    (tmp_path / "a.toml").write_text(
        'game = "sauron"\n[[sets]]\ncode = "T"\nname = "Test"\n'
        '[[cards]]\ncode = "T-1"\nset = "T"\nname_de = "Eins"\ntext_de = "Text"\n'
        '[[cards]]\ncode = "T-2"\nset = "T"\nname_de = "Zwei"\n'
        '[[cards]]\ncode = "T-3"\nset = "X"\nname_de = "Drei"\ntext_de = "Text"\n',
        encoding="utf-8",
    )
    (tmp_path / "b.toml").write_text("game = [", encoding="utf-8")
    summary = import_boardgames(tmp_path)
    assert summary.created == 1
    assert any("T-2" in e and "text_de" in e for e in summary.errors)
    assert any("T-3" in e and "Set" in e for e in summary.errors)
    assert any(e.startswith("b.toml") for e in summary.errors)


def test_data_files_exist_and_mention_reconstruction():
    text = (DATA_DIR / "sauron.toml").read_text(encoding="utf-8")
    assert "Nazgûlkarten" in text and "nicht" in text


def test_import_content_imports_everything(meccg_cards, capsys, client):
    call_command("import_content")
    out = capsys.readouterr().out
    assert "MECCG: 1683 Karten" in out
    assert "Brettspiele: 36 Karten" in out
    page = client.get("/karten/", {"spiel": "meccg"}).context["page"]
    assert page.paginator.count == 1683
    assert client.get("/karten/").context["page"].paginator.count == 1683 + 36
