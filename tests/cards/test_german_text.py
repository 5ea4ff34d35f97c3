"""German card text by the editors: permissions, saving with history, compare, revert, search, re-import."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from cards import services
from cards.models import Card, GermanCardText
from cards.selectors import search_cards

pytestmark = pytest.mark.django_db
PASSWORD = "Mittelerde-2026!"


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


@pytest.fixture
def editor(django_user_model):
    user = django_user_model.objects.create_user("elrond", "elrond@bruchtal.example", PASSWORD)
    user.groups.add(Group.objects.get(name="Kartenredaktion"))
    return user


def _post(client, code, **data):
    payload = {"text": "", "flavour": "", "status": "draft", "note": "", **data}
    return client.post(reverse("cards:german_edit", args=[code]), payload)


def test_only_editors_may_write(client, django_user_model):
    url = reverse("cards:german_edit", args=["TW-120"])
    assert client.get(url).status_code == 302  # to the log-in
    django_user_model.objects.create_user("sam", "sam@auenland.example", PASSWORD)
    client.login(username="sam", password=PASSWORD)
    response = _post(client, "TW-120", text="Einzigartig.")
    assert response.status_code == 403
    assert "<h1>Zugriff verweigert</h1>" in response.content.decode()
    assert not GermanCardText.objects.filter(card__code="TW-120").exists()


def test_editor_writes_german_text_shown_with_status_and_original(client, editor):
    client.force_login(editor)
    response = _post(
        client, "TW-120", text="Einzigartig. +2 direkter Einfluss.\n\nIn der Wildnis {w}.", note="erste Fassung"
    )
    assert response.status_code == 302
    html = client.get(reverse("cards:detail", args=["TW-120"])).content.decode()
    assert '<div class="card-text" lang="de"><p>Einzigartig. +2 direkter Einfluss.</p>' in html
    assert ">Entwurf</span>" in html
    assert "Original (Englisch)" in html and "direct influence" in html
    assert 'aria-label="Wildnis"' in html  # symbols in the German text are drawn
    german = GermanCardText.objects.get(card__code="TW-120")
    assert german.updated_by == editor and german.history.count() == 1
    assert german.history.first().history_user == editor


def test_staff_editor_marks_text_reviewed(client, django_user_model):
    staff = django_user_model.objects.create_user("gandalf", "g@example.org", PASSWORD, is_staff=True)
    client.force_login(staff)
    assert _post(client, "TW-120", status="reviewed").status_code == 200  # empty + reviewed is refused
    _post(client, "TW-120", text="Geprüfter Text.", status="reviewed")
    assert ">geprüft</span>" in client.get(reverse("cards:detail", args=["TW-120"])).content.decode()


def test_text_is_escaped(client, editor):
    client.force_login(editor)
    _post(client, "TW-120", text='<script>alert("x")</script> & mehr', flavour="<b>fett</b>")
    html = client.get(reverse("cards:detail", args=["TW-120"])).content.decode()
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert "<b>fett</b>" not in html


def test_history_compare_and_revert(client, editor):
    client.force_login(editor)
    _post(client, "TW-120", text="Erste Fassung des Texts.")
    _post(client, "TW-120", text="Zweite Fassung des Texts.", note="besser")
    german = GermanCardText.objects.get(card__code="TW-120")
    versions = list(german.history.order_by("history_date"))
    assert len(versions) == 2
    page = client.get(reverse("cards:german_history", args=["TW-120"])).content.decode()
    assert "<del>Erste</del><ins>Zweite</ins> Fassung des Texts." in page
    assert "elrond" in page and "besser" in page
    revert = reverse("cards:german_revert", args=["TW-120", versions[0].history_id])
    assert client.get(revert).status_code == 405
    assert client.post(revert).status_code == 302
    german.refresh_from_db()
    assert german.text == "Erste Fassung des Texts."
    assert german.history.count() == 3 and "Zurückgesetzt" in german.note
    assert Card.objects.get(code="TW-120").text_de == "<p>Erste Fassung des Texts.</p>"
    assert client.post(reverse("cards:german_revert", args=["TW-120", 999999])).status_code == 404


def test_search_finds_german_text(editor):
    card = Card.objects.get(code="TW-120")
    services.save_german_text(card, editor, text="Ein Zauberwort namens Quorxelbrand.", flavour="", status="draft")
    assert [c.code for c in search_cards("Quorxelbrand")] == ["TW-120"]
    assert [c.code for c in search_cards("text:Quorxelbrand")] == ["TW-120"]


def test_reimport_keeps_the_german_text(editor):
    from django.conf import settings

    from cards.importers.meccg import import_meccg

    card = Card.objects.get(code="TW-120")
    services.save_german_text(card, editor, text="Bleibt erhalten.", flavour="Zitat", status="reviewed")
    Card.objects.filter(code="TW-120").update(text_en="changed")  # forces the importer to update the card
    import_meccg(settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json")
    card.refresh_from_db()
    assert card.text_en != "changed"
    assert card.text_de == "<p>Bleibt erhalten.</p>"
    assert card.german.text == "Bleibt erhalten." and card.german.status == "reviewed"


def test_boardgame_reimport_keeps_an_edited_text(editor):
    from cards.importers.boardgames import import_boardgames

    import_boardgames()
    card = Card.objects.filter(game__slug="sauron").first()
    services.save_german_text(card, editor, text="Redaktion.", flavour="", status="draft")
    import_boardgames()
    card.refresh_from_db()
    assert card.text_de == "<p>Redaktion.</p>"


def test_cards_without_german_text_per_set(client, editor):
    services.save_german_text(Card.objects.get(code="TW-120"), editor, text="Text.", flavour="", status="draft")
    page = client.get(reverse("cards:without_german_text"))
    rows = {card_set.code: (total, missing) for card_set, total, missing in page.context["sets"]}
    assert rows["TW"][1] == rows["TW"][0] - 1 and rows["AS"][0] == rows["AS"][1]
    listing = client.get(reverse("cards:without_german_text"), {"set": "TW"})
    codes = [c.code for c in listing.context["cards"]]
    assert "TW-120" not in codes and "TW-121" in codes


def test_admin_edit_goes_through_the_service(client, django_user_model):
    admin = django_user_model.objects.create_superuser("admin", "admin@example.org", PASSWORD)
    client.force_login(admin)
    card = Card.objects.get(code="TW-120")
    response = client.post(
        reverse("admin:cards_germancardtext_add"),
        {"card": card.pk, "text": "Aus der Redaktion.", "flavour": "", "status": "draft", "note": "admin"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    german = GermanCardText.objects.get(card=card)
    assert german.updated_by == admin and german.history.count() == 1
    assert Card.objects.get(pk=card.pk).text_de == "<p>Aus der Redaktion.</p>"
    history = client.get(reverse("admin:cards_germancardtext_history", args=[german.pk]))
    assert history.status_code == 200
