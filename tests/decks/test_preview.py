import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from decks import checking

from .conftest import DATA

pytestmark = pytest.mark.django_db


def test_import_preview_reads_and_checks(meccg_cards):
    text = (DATA / "hero.txt").read_text(encoding="utf-8")
    preview = checking.import_preview(text.replace("# Charaktere\n", "# Charaktere\n1 Gandalf\n"), "Hero")
    assert preview.parsed.ok and set(preview.check) == {"legal", "problems", "summary"}
    gandalf = [e for e in preview.entries if e.card.code == "TW-156" and e.part == "characters"]
    assert len(gandalf) == 1 and gandalf[0].quantity == 3  # merged per card and part
    body = preview.as_dict()
    assert set(body) == {"entries", "errors", "check"} and body["errors"] == []
    assert set(body["entries"][0]) == {"code", "name_de", "quantity", "part", "line"}


def test_import_preview_with_a_bad_line_has_no_check(meccg_cards):
    preview = checking.import_preview("3 Gandalv\n2 Aragorn II", "Hero")
    assert preview.check is None
    assert [e.line for e in preview.parsed.errors] == [1]
    assert [(e.card.code, e.quantity) for e in preview.entries] == [("TW-120", 2)]


def test_page_and_api_share_the_preview(meccg_cards, monkeypatch, client):
    calls = []
    real = checking.import_preview

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(checking, "import_preview", spy)
    frodo = get_user_model().objects.create_user("frodo", password="x")
    text = (DATA / "hero.txt").read_text(encoding="utf-8")
    client.force_login(frodo)
    page = client.post("/decks/neu/", {"name": "N", "alignment": "Hero", "visibility": "private", "text": text})
    assert page.status_code == 200 and page.context["preview"]["check"]["legal"] is True
    api = APIClient()
    api.force_authenticate(frodo)
    body = api.post("/api/decks/import/", {"text": text, "alignment": "Hero"}, format="json").json()
    assert body["check"]["legal"] is True
    assert [args[1:] for args in calls] == [("Hero", ""), ("Hero", "")]
