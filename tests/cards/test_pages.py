"""Search page, card page and help page."""

import re

import pytest
from django.urls import reverse

from cards import views
from cards.models import Card
from cards.presentation import KEYWORDS, RACES, SAME_IN_GERMAN

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


def test_search_page_lists_all_meccg_cards(client):
    response = client.get(reverse("cards:index"), {"spiel": "meccg"})
    assert response.status_code == 200
    assert response.context["page"].paginator.count == 1683
    assert "1683 Karten gefunden" in response.content.decode()


def test_search_page_query_and_filters(client):
    response = client.get(reverse("cards:index"), {"q": "Aragron"})
    assert response.status_code == 200
    assert response.context["page"].object_list[0].code == "TW-120"
    assert 'href="/karten/TW-120/"' in response.content.decode()

    response = client.get(reverse("cards:index"), {"typ": "Site", "ausrichtung": "Minion", "set": "LE"})
    cards = list(response.context["page"].object_list)
    assert cards
    assert all(c.card_type == "Site" and c.alignment == "Minion" and c.card_set.code == "LE" for c in cards)


def test_search_page_shows_key_numbers_and_pages(client):
    response = client.get(reverse("cards:index"), {"q": "typ:charakter", "pro_seite": "25", "seite": "2"})
    page = response.context["page"]
    assert page.number == 2
    assert len(page.object_list) == 25
    html = response.content.decode()
    assert "Seite 2 von" in html
    assert "seite=3" in html and "pro_seite=25" in html
    aragorn = client.get(reverse("cards:index"), {"q": '!"Aragorn II"'}).content.decode()
    assert "<td>Geist 9 · DE 3 · 6/9 · SP 3</td>" in aragorn


def test_malformed_query_shows_message_and_position(client):
    response = client.get(reverse("cards:index"), {"q": "typ:charakter (geist>5"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Diese Klammer wird nicht geschlossen (bei Zeichen 15)" in html
    assert "<code>typ:charakter <mark>(</mark>geist&gt;5</code>" in html


def test_invalid_filter_value_is_a_form_error_not_a_crash(client):
    response = client.get(reverse("cards:index"), {"typ": "Drache"})
    assert response.status_code == 400
    assert "keine gültige Auswahl" in response.content.decode()


@pytest.mark.parametrize("per_page", ["25", "100"])
def test_search_page_query_count_is_constant(client, django_assert_max_num_queries, per_page):
    # games + sets for the filter controls, exact-match count (typo tolerance only when few), count, page,
    # German site names for the sites' havens; the SQLite name list only when near misses are searched
    with django_assert_max_num_queries(6):
        response = client.get(reverse("cards:index"), {"q": "ring", "pro_seite": per_page})
    assert response.status_code == 200
    assert len(response.context["page"].object_list) == min(int(per_page), response.context["page"].paginator.count)


def test_card_page_shows_attributes_with_german_labels(client):
    response = client.get(reverse("cards:detail", args=["TW-120"]))
    assert response.status_code == 200
    html = response.content.decode()
    for label, value in [
        ("Geist", "9"),
        ("Direkter Einfluss", "3"),
        ("Kampfkraft/Körperkraft", "6/9"),
        ("Siegpunkte", "3 (Charakter)"),
        ("Fertigkeiten", "Krieger / Späher / Waldläufer"),
        ("Rasse", "Dúnadan"),
        ("Heimatort", "Bree"),
        ("Ausrichtung", "Held"),
    ]:
        assert f"<dt>{label}</dt><dd>{value}</dd>" in html
    assert '<div class="card-text" lang="en">' in html
    assert '<div class="card-text" lang="es">' in html and "<summary>" in html


def test_card_page_lists_other_alignment_of_a_site(client):
    html = client.get(reverse("cards:detail", args=["TW-421"])).content.decode()
    assert 'href="/karten/AS-160/"' in html
    assert "Scherge" in html


def test_unknown_card_is_404(client):
    assert client.get(reverse("cards:detail", args=["XX-1"])).status_code == 404


def test_help_page_documents_the_language(client):
    response = client.get(reverse("cards:help"))
    html = response.content.decode()
    assert response.status_code == 200
    for snippet in ["typ:", "ausrichtung:", "geist", "einzigartig", "sort:", '!"Gandalf"', "oder"]:
        assert snippet in html
    assert reverse("cards:help") in client.get(reverse("cards:index")).content.decode()


def test_every_help_example_is_a_valid_query(client):
    from html import unescape
    from urllib.parse import parse_qs, urlsplit

    from cards.importers.boardgames import import_boardgames

    import_boardgames()  # the help page has board-game examples too
    html = client.get(reverse("cards:help")).content.decode()
    links = [unescape(href) for href in re.findall(r'href="(/karten/\?q=[^"]+)"', html)]
    assert len(links) > 20
    for link in links:
        query = parse_qs(urlsplit(link).query)["q"][0]
        if query == "(typ:gefahr":  # the documented error example
            continue
        response = client.get("/api/cards/", {"q": query, "page_size": 1})
        assert response.status_code == 200, query
        assert response.json()["count"] > 0, query


def test_card_text_goes_through_the_glossary_linker(client, monkeypatch):
    calls = []

    def fake_linker(html, game_slug):
        calls.append(game_slug)
        return html.replace("influence", '<a href="/regeln/glossar/einfluss/">influence</a>')

    monkeypatch.setattr(views, "link_glossary_terms", fake_linker)
    html = client.get(reverse("cards:detail", args=["TW-120"])).content.decode()
    assert calls == ["meccg"]
    assert 'direct <a href="/regeln/glossar/einfluss/">influence</a>' in html


def test_subtypes_are_shown_in_german(client, meccg_cards):
    body = client.get("/karten/", {"q": "typ:gefahr untertyp:kreatur"}).content.decode()
    assert "(Kreatur" in body
    assert "(Creature" not in body
    detail = client.get("/karten/TW-2/").content.decode()  # Nazgûl: creature or permanent-event
    assert "Kreatur / permanentes Ereignis" in detail


def test_races_keywords_and_magic_are_shown_in_german(client, meccg_cards):
    # Every race and keyword in the data is translated or a name that German keeps.
    races = {part.strip() for race in Card.objects.values_list("race", flat=True) for part in race.split(",")}
    keywords = {k for card_keywords in Card.objects.values_list("keywords", flat=True) for k in card_keywords}
    assert races - {""} - set(RACES) - SAME_IN_GERMAN == set()
    assert keywords - set(KEYWORDS) - SAME_IN_GERMAN == set()

    def row(code, label):
        html = client.get(reverse("cards:detail", args=[code])).content.decode()
        return html.split(f"<dt>{label}</dt><dd>", 1)[1].split("</dd>", 1)[0]

    dwarves = Card.objects.filter(race="Dwarves").first()
    assert row(dwarves.code, "Rasse") == "Zwerge"
    mixed = Card.objects.filter(race="Orcs,Men").first()
    assert row(mixed.code, "Rasse") == "Orks, Menschen"
    leader = next(c for c in Card.objects.exclude(keywords=[]) if "Leader" in c.keywords)
    assert "Anführer" in row(leader.code, "Schlüsselwörter")
    spell = next(c for c in Card.objects.exclude(attributes__magic=None) if c.attributes.get("magic") == "Sorcery")
    assert row(spell.code, "Magie") == "Hexerei"
    deeps = next(c for c in Card.objects.exclude(attributes__underDeeps=None) if c.attributes.get("underDeeps"))
    assert row(deeps.code, "Unter-Tiefen") == "ja"


def test_card_page_names_places_in_german(client, meccg_cards):
    from cards.models import Card

    # Elrond's home site is printed "Rivendell"; the German site card is „Bruchtal“.
    elrond = Card.objects.filter(name_en="Elrond", card_type="Character").first()
    assert elrond.home_site == "Rivendell"
    html = client.get(f"/karten/{elrond.code}/").content.decode()
    assert "<dd>Bruchtal</dd>" in html and "<dd>Rivendell</dd>" not in html
