"""Generated card faces (SVG), symbols and the face/thumbnail/preview template tags."""
# ruff: noqa: S314 - parses SVG the project generated itself

import xml.etree.ElementTree as ET

import pytest
from django.template import Context, Template
from django.urls import reverse

from cards.faces import build_face, plain_paragraphs, wrap
from cards.models import Card
from cards.symbols import SYMBOLS, render_path, render_symbols

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


def _texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]


def test_every_meccg_card_renders_a_well_formed_face():
    from cards.importers.boardgames import import_boardgames

    import_boardgames()
    cards = list(Card.objects.select_related("card_set"))
    assert len([c for c in cards if c.game.slug == "meccg"]) == 1683
    for card in cards:
        svg = build_face(card)
        root = ET.fromstring(svg)  # raises on malformed XML (e.g. unescaped card text)
        assert root.get("viewBox") == "0 0 250 350", card.code
        texts = _texts(svg)
        assert card.name_de in texts, card.code
        assert any(card.code in t for t in texts), card.code
        # nothing is drawn outside the card
        for el in root.iter(f"{SVG}text"):
            assert 0 <= float(el.get("y")) <= 350, card.code


def test_face_shows_stats_type_and_text():
    aragorn = Card.objects.select_related("card_set").get(code="TW-120")
    texts = _texts(build_face(aragorn))
    assert "Aragorn II" in texts
    assert "6/9" in texts and "9" in texts and "3" in texts  # prowess/body, mind, DI/MP
    assert any("Dúnadan" in t and "Krieger" in t for t in texts)
    assert any("direct influence" in t for t in texts)


def test_site_face_draws_its_path_and_type_as_symbols():
    camp = Card.objects.select_related("card_set").get(code="AS-140")  # path {w}{f}{c}{w}{s}, shadow-hold
    svg = build_face(camp)
    letters = [t for t in _texts(svg) if t in {"W", "F", "K", "S"}]
    assert letters.count("W") == 2 and "K" in letters and "F" in letters
    assert svg.count("<circle") >= 1  # the site symbol is round


def test_face_escapes_card_text():
    card = Card.objects.select_related("card_set").get(code="TW-120")
    card.name_de = 'Böse <script>alert("x")</script> & Co'
    card.text_en = "<p>&lt;img src=x onerror=alert(1)&gt; plain</p>"
    svg = build_face(card)
    assert "<script>" not in svg and "<img" not in svg
    assert 'Böse <script>alert("x")</script> & Co' in _texts(svg)


def test_long_text_is_wrapped_inside_the_box():
    longest = Card.objects.select_related("card_set").get(code="TW-321")
    lines = wrap(plain_paragraphs(longest.text_en), 6.2, 210)
    assert len(lines) > 10
    svg = build_face(longest)
    ys = [float(el.get("y")) for el in ET.fromstring(svg).iter(f"{SVG}text") if el.get("lengthAdjust")]
    assert ys and max(ys) < 312


def test_symbols_have_german_text_alternatives():
    html = render_path("{w}{b}")
    assert html.count('role="img"') == 2
    assert 'aria-label="Wildnis"' in html and 'aria-label="Grenzland"' in html
    assert "<title>Dunkler Zufluchtsort</title>" in render_symbols("at a Darkhaven [{DH}]")
    assert "&lt;b&gt;" in render_path("<b>{w}")  # plain text is escaped
    assert set(SYMBOLS) >= {"{w}", "{s}", "{d}", "{b}", "{f}", "{c}", "{H}", "{F}", "{B}", "{R}", "{S}", "{D}"}


def test_face_view_serves_svg_with_cache_validation(client):
    url = reverse("cards:face", args=["TW-120"])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    assert "max-age=3600" in response["Cache-Control"]
    ET.fromstring(response.content)
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert client.get(reverse("cards:face", args=["XX-1"])).status_code == 404


def test_card_page_and_grid_show_faces(client):
    html = client.get(reverse("cards:detail", args=["AS-140"])).content.decode()
    assert '<img class="card-face card-face-full" src="/karten/AS-140/bild.svg"' in html
    assert 'aria-label="Wildnis"' in html  # the site path on the card page
    assert "<dd>Edhellond</dd>" in html or "Edhellond" in html
    grid = client.get(reverse("cards:index"), {"q": "Gandalf", "ansicht": "raster"}).content.decode()
    assert grid.count('class="card-face card-face-thumb"') >= 5
    assert 'loading="lazy"' in grid


def test_result_list_shows_site_key_values(client):
    html = client.get(reverse("cards:index"), {"q": '!"Nûrniag Camp"'}).content.decode()
    assert 'aria-label="Schattenfeste"' in html
    assert 'class="site-path"' in html and 'aria-label="Küstengewässer"' in html


def test_preview_tag_for_deck_lists():
    card = Card.objects.select_related("card_set").get(code="TW-120")
    html = Template("{% load card_faces %}{% card_preview card %}").render(Context({"card": card}))
    assert 'href="/karten/TW-120/"' in html and ">Aragorn II</a>" in html
    assert 'class="card-face card-face-preview"' in html and 'aria-hidden="true"' in html


def test_api_names_the_face(client):
    data = client.get("/api/cards/", {"q": '!"Aragorn II"'}).json()
    assert data["results"][0]["face_url"] == "/karten/TW-120/bild.svg"
    assert client.get("/api/cards/TW-120/").json()["face_url"] == "/karten/TW-120/bild.svg"


def test_face_revalidation_renders_nothing(client, monkeypatch):
    """A 304 is decided from the card's row before the face is drawn: the drawing is counted."""
    import cards.views

    drawn = []

    def counting_build_face(card):
        drawn.append(card.code)
        return build_face(card)

    monkeypatch.setattr(cards.views, "build_face", counting_build_face)
    url = reverse("cards:face", args=["TW-120"])
    first = client.get(url)
    assert first.status_code == 200 and drawn == ["TW-120"]
    etag = first["ETag"]
    for sent in (etag, f"W/{etag}", f'"other", {etag}', "*"):
        again = client.get(url, HTTP_IF_NONE_MATCH=sent)
        assert again.status_code == 304, sent
        assert again["ETag"] == etag
        assert "max-age=3600" in again["Cache-Control"] and "Cookie" in again["Vary"]
    assert drawn == ["TW-120"]
    # Another tag is another answer, drawn; an unknown card stays a 404 even for "*".
    assert client.get(url, HTTP_IF_NONE_MATCH='"other"').status_code == 200
    assert drawn == ["TW-120", "TW-120"]
    assert client.get(reverse("cards:face", args=["XX-1"]), HTTP_IF_NONE_MATCH="*").status_code == 404


def test_face_tag_follows_the_card_and_the_language(client):
    url = reverse("cards:face", args=["TW-120"])
    etag = client.get(url)["ETag"]
    card = Card.objects.get(code="TW-120")
    card.artist = "Alan Lee"
    card.save()
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert "Alan Lee" in changed.content.decode()
    client.cookies["django_language"] = "en"
    english = client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"])
    assert english.status_code == 200 and english["ETag"] != changed["ETag"]
