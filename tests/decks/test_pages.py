import re

import pytest
from django.contrib.auth import get_user_model

from decks import services

from .conftest import DATA

pytestmark = pytest.mark.django_db


@pytest.fixture
def frodo(db):
    return get_user_model().objects.create_user("frodo", password="x")


def make(owner, sample="hero", alignment="Hero", visibility="private", **kw):
    return services.import_deck(
        owner, text=(DATA / f"{sample}.txt").read_text(encoding="utf-8"), name=sample, alignment=alignment,
        visibility=visibility, **kw,
    )  # fmt: skip


def test_new_deck_preview_saves_nothing_then_confirm(client, frodo, meccg_cards):
    client.force_login(frodo)
    data = {"name": "Neu", "alignment": "Hero", "visibility": "private", "text": "3 Gandalv\n2 Aragorn II"}
    response = client.post("/decks/neu/", {**data, "preview": "1"})
    assert response.status_code == 200
    assert "Zeile 1" in response.content.decode()
    assert frodo.decks.count() == 0
    response = client.post("/decks/neu/", {**data, "text": (DATA / "hero.txt").read_text(), "confirm": "1"})
    assert response.status_code == 302
    assert frodo.decks.count() == 1


def test_detail_shows_check_and_stats(client, frodo, meccg_cards):
    deck = make(frodo, visibility="public")
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "regelkonform" in html and "Statistik" in html and "Aragorn II" in html
    # statistics use the German card types and subtypes
    assert 'deck-bar-label">Gefahr<' in html and "Gefahr – Kreatur:" in html
    assert "Hazard" not in html and "Creature" not in html
    html = client.get(f"/decks/{deck.pk}/?gegner=Minion").content.decode()
    assert "regelkonform" in html


def test_deck_list_previews_each_card_face_on_hover(client, frodo, meccg_cards):
    deck = make(frodo, visibility="public")
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    aragorn = deck.entries.get(card__name_de="Aragorn II").card
    # the name links the card page; its generated face sits beside it, shown on hover/focus by CSS
    assert f'<span class="card-preview"><a href="/karten/{aragorn.code}/">Aragorn II</a>' in html
    assert f'src="/karten/{aragorn.code}/bild.svg"' in html


def test_private_deck_is_404_for_others(client, frodo, meccg_cards):
    deck = make(frodo)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    other = get_user_model().objects.create_user("sam", password="x")
    client.force_login(other)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    assert client.get(f"/decks/{deck.pk}/bearbeiten/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/kopieren/").status_code == 404


def test_editor_add_and_change_without_js(client, frodo, meccg_cards):
    client.force_login(frodo)
    deck = make(frodo)
    html = client.get(f"/decks/{deck.pk}/bearbeiten/?q=Radagast").content.decode()
    assert "TW-178" in html
    client.post(
        f"/decks/{deck.pk}/bearbeiten/", {"action": "add", "code": "TW-178", "part": "characters", "quantity": 1}
    )
    assert deck.entries.get(card__code="TW-178").quantity == 1
    client.post(
        f"/decks/{deck.pk}/bearbeiten/", {"action": "quantity", "code": "TW-178", "part": "characters", "quantity": 0}
    )
    assert not deck.entries.filter(card__code="TW-178").exists()


def test_editor_add_keeps_the_whole_search(client, frodo, meccg_cards):
    client.force_login(frodo)
    deck = make(frodo)
    response = client.post(
        f"/decks/{deck.pk}/bearbeiten/",
        {"action": "add", "code": "TW-178", "part": "characters", "quantity": 1, "q": "a&b#c ä"},
    )
    assert response.status_code == 302
    assert response["Location"] == f"/decks/{deck.pk}/bearbeiten/?q=a%26b%23c+%C3%A4"
    assert client.get(response["Location"]).context["query"] == "a&b#c ä"


def test_public_filters_and_copy(client, frodo, meccg_cards):
    make(frodo, visibility="public")
    make(frodo, "minion", "Minion", visibility="public")
    make(frodo, "balrog", "Balrog")  # private: never listed
    html = client.get("/decks/oeffentlich/?alignment=Minion").content.decode()
    assert ">minion<" in html and ">hero<" not in html
    html = client.get("/decks/oeffentlich/?card=Gandalf").content.decode()
    assert ">hero<" in html and ">minion<" not in html
    assert ">balrog<" not in client.get("/decks/oeffentlich/").content.decode()
    sam = get_user_model().objects.create_user("sam", password="x")
    client.force_login(sam)
    public = frodo.decks.get(name="hero")
    assert client.post(f"/decks/{public.pk}/kopieren/").status_code == 302
    copy = sam.decks.get()
    assert copy.visibility == "private" and copy.entries.count() == public.entries.count()


_PUBLIC_ROW = re.compile(
    r'<tr><td><a href="([^"]+)">([^<]+)</a></td><td>([^<]+)</td>\s*<td>[^<]*</td>\s*<td>(\d+)</td>'
)


def _listed(html: str) -> set[tuple[str, str, str, int]]:
    """(link, name, author, cards) of each row of the public list."""
    return {(link, name, author, int(cards)) for link, name, author, cards in _PUBLIC_ROW.findall(html)}


def _row(deck) -> tuple[str, str, str, int]:
    return (deck.get_absolute_url(), deck.name, deck.owner.username, sum(e.quantity for e in deck.entries.all()))


def test_public_list_query_count(client, frodo, meccg_cards, django_assert_max_num_queries):
    samples = [("hero", "Hero"), ("minion", "Minion"), ("balrog", "Balrog")]
    hidden = [make(frodo, "hero", "Hero", visibility=v) for v in ("private", "unlisted")]
    public = []
    for round_, count in enumerate((3, 4)):
        for n in range(count):
            deck = make(frodo, *samples[n % 3], visibility="public")
            deck.name = f"Liste {round_}-{n}"  # each row told apart by its name
            deck.save(update_fields=["name"])
            public.append(deck)
        with django_assert_max_num_queries(8):
            html = client.get("/decks/oeffentlich/").content.decode()
        # ... and the page lists exactly the public decks, each with its author and its number of cards
        assert _listed(html) == {_row(deck) for deck in public}
        assert all(f'href="{deck.get_absolute_url()}"' not in html for deck in hidden)
