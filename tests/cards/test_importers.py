"""MECCG importer (idempotency, malformed records) and the board-game data files."""

import json

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

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
    assert [e.split(":")[0] for e in summary.errors] == ["ZZ #2 (ZZ-2)", "ZZ #3 (ZZ-3)"]
    card = Card.objects.get(code="ZZ-1")
    assert (card.mind, card.mind_raw) == (6, "6*")


def test_malformed_values_are_never_stored(tmp_path, meccg_cards):
    """Wrong type, alignment, attributes or names are reported by set and position, even without an id."""
    good = {"name": {"de": "Gut"}, "type": "Hazard", "alignment": "Neutral", "attributes": {}}
    cards = [
        {**good, "id": "ZZ-1"},
        {**good, "id": "ZZ-2", "type": "Banana"},
        {**good, "id": "ZZ-3", "attributes": None},
        {**good, "id": "ZZ-4", "alignment": "Chaotic"},
        {**good, "id": "ZZ-5", "name": {"fr": "Bon"}},
        dict(good),  # no id at all
        {**good, "id": "ZZ-7", "text": "plain string"},
        {**good, "id": "ZZ-1"},  # duplicate
        "not an object",
        {**good, "id": "ZZ-10", "alignment": ""},
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"ZZ": {"name": {"en": "Test"}, "order": 99, "cards": cards}}), encoding="utf-8")
    summary = import_meccg(path)
    assert summary.created == 2
    labels = [e.split(":")[0] for e in summary.errors]
    assert labels == [
        "ZZ #2 (ZZ-2)", "ZZ #3 (ZZ-3)", "ZZ #4 (ZZ-4)", "ZZ #5 (ZZ-5)", "ZZ #6 (ohne id)", "ZZ #7 (ZZ-7)",
        "ZZ #8 (ZZ-1)", "ZZ #9 (ohne id)",
    ]  # fmt: skip
    assert "Banana" in summary.errors[0] and "Chaotic" in summary.errors[2]
    assert set(Card.objects.filter(code__startswith="ZZ-").values_list("code", flat=True)) == {"ZZ-1", "ZZ-10"}
    # An existing card whose record turns malformed is reported, not overwritten.
    cards[1]["id"] = "TW-120"
    path.write_text(json.dumps({"ZZ": {"name": {"en": "Test"}, "order": 99, "cards": cards}}), encoding="utf-8")
    summary = import_meccg(path)
    assert summary.updated == 0 and "ZZ #2 (TW-120)" in summary.errors[0]
    assert Card.objects.get(code="TW-120").card_type == "Character"


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


def test_boardgame_slugs_match_the_data_files():
    from cards.importers.boardgames import BOARDGAME_SLUGS, load

    assert sorted(BOARDGAME_SLUGS) == sorted(load(path)["game"] for path in DATA_DIR.glob("*.toml"))


def test_missing_path_is_a_german_command_error(tmp_path):
    with pytest.raises(CommandError, match="nicht gefunden"):
        call_command("import_boardgame_cards", str(tmp_path / "nonexistent"))
    with pytest.raises(CommandError, match="nicht gefunden"):
        call_command("import_cards", "boardgames", str(tmp_path / "nonexistent"))
    assert not Card.objects.exclude(game__slug="meccg").exists()


def test_non_utf8_toml_is_reported_and_the_rest_imports(tmp_path, capsys):
    (tmp_path / "a.toml").write_bytes('game = "sauron"\n# Gefährte\n'.encode("latin-1"))
    (tmp_path / "b.toml").write_text((DATA_DIR / "sauron.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "c.toml").write_text("game = [", encoding="utf-8")
    with pytest.raises(CommandError, match="2 fehlerhafte"):
        call_command("import_boardgame_cards", str(tmp_path))
    err = capsys.readouterr().err
    assert "a.toml: keine UTF-8-Datei" in err and "c.toml: kein gültiges TOML" in err
    assert Card.objects.filter(game__slug="sauron").count() > 0


def test_import_cards_takes_the_board_games(capsys):
    call_command("import_cards", "sauron")
    assert set(Card.objects.exclude(game__slug="meccg").values_list("game__slug", flat=True)) == {"sauron"}
    call_command("import_cards", "boardgames")
    assert "Brettspiele: 36 Karten" in capsys.readouterr().out
    call_command("import_cards", "abenteuer-in-mittelerde", str(DATA_DIR / "abenteuer_in_mittelerde.toml"))
    assert Card.objects.exclude(game__slug="meccg").count() == 36


def test_import_cards_unknown_choice_is_german():
    with pytest.raises(CommandError) as info:
        call_command("import_cards", "schach")
    assert "Unbekannte Auswahl „schach“" in str(info.value)
    assert "meccg, boardgames, sauron, abenteuer-in-mittelerde" in str(info.value)
    with pytest.raises(CommandError, match="Unbekanntes Spiel"):
        call_command("import_boardgame_cards", "--game", "schach")
