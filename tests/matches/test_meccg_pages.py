"""The MECCG match page: board and forms render for each stage, the deck form and no-JS moves work."""

from pathlib import Path

import pytest

from decks.services import import_deck
from matches import services
from matches.models import Match, Seat

pytestmark = pytest.mark.django_db(transaction=False)

SAMPLES = Path(__file__).resolve().parents[1] / "decks" / "data"


@pytest.fixture(autouse=True)
def _commits(django_capture_on_commit_callbacks):
    global _capture
    _capture = django_capture_on_commit_callbacks
    yield


@pytest.fixture
def match(meccg_cards, users):
    frodo, sam = users[:2]
    import_deck(frodo, text=(SAMPLES / "hero.txt").read_text(encoding="utf-8"), name="Bruchtal", alignment="Hero")
    import_deck(sam, text=(SAMPLES / "minion.txt").read_text(encoding="utf-8"), name="Morgul", alignment="Minion")
    game = services.create_match(frodo, engine="meccg", players=2, invite=["sam"])
    services.accept_invitation(game, sam)
    with _capture(execute=True):
        services.start(game, frodo)
    game.refresh_from_db()
    return game


def page(client, user, match):
    client.force_login(user)
    response = client.get(f"/partien/{match.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def post(client, user, url, data):
    client.force_login(user)
    with _capture(execute=True):
        return client.post(url, data)


def test_deck_form_then_draft_form_without_javascript(client, match, users):
    frodo, sam = users[:2]
    html = page(client, frodo, match)
    assert "Deckwahl" in html and 'name="deck"' in html and "Bruchtal" in html
    assert "Morgul" not in html  # only own decks are offered
    deck = frodo.decks.get()
    response = post(client, frodo, f"/partien/meccg/{match.pk}/deck/", {"deck": deck.pk, "version": match.version})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state["players"][Seat.objects.get(match=match, user=frodo).order]["alignment"] == "hero"
    post(
        client,
        sam,
        f"/partien/meccg/{match.pk}/deck/",
        {"deck": sam.decks.get().pk, "version": Match.objects.get(pk=match.pk).version},
    )
    html = page(client, frodo, match)
    assert "Startcharakter verdeckt wählen" in html
    order = Seat.objects.get(match=match, user=frodo).order
    match.refresh_from_db()
    pick = match.state["players"][order]["pool"][0]
    response = post(
        client, frodo, f"/partien/{match.pk}/zug/", {"type": "draft_pick", "card": pick, "version": match.version}
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state["players"][order]["pick"] == pick
    # The opponent's page says a pick was made, but not which.
    other = page(client, sam, match)
    assert "hat verdeckt gewählt" in other
    assert f'data-id="{pick}"' not in other


def test_someone_elses_deck_is_refused_on_the_page(client, match, users):
    frodo, sam = users[:2]
    response = post(client, frodo, f"/partien/meccg/{match.pk}/deck/", {"deck": sam.decks.get().pk, "version": 0})
    assert response.status_code == 302
    match.refresh_from_db()
    assert all(p["alignment"] is None for p in match.state["players"])


def test_parse_form_turns_fields_into_actions():
    from matches.games.meccg.engine import ENGINE

    action = ENGINE.parse_form(
        {"type": "plan_movement", "company": "g3", "site": "k40", "kind": "region", "route": "Rhudaur, Hollin"}
    )
    assert action == {
        "type": "plan_movement",
        "company": "g3",
        "site": "k40",
        "kind": "region",
        "route": ["Rhudaur", "Hollin"],
    }
    roll = ENGINE.parse_form(
        {"type": "roll", "kind": "strike", "character": "k2", "prowess": "9", "stay_untapped": "1"}
    )
    assert roll == {"type": "roll", "kind": "strike", "character": "k2", "prowess": 9, "stay_untapped": True}
    play = ENGINE.parse_form({"type": "play_card", "card": "k9", "target_kind": "company", "target_id": "g3"})
    assert play["target"] == {"kind": "company", "id": "g3"}
