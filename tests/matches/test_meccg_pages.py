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


def play_started(match, users):
    """Both scenario decks chosen through the API, one character drafted each, the game begun."""
    from .test_meccg_whole_game import ApiDriver

    class Decks(ApiDriver):
        def __init__(self, match, users):
            self.match, self.users, self.capture, self.queue, self.applied = match, users, _capture, [], 0

    seats = {Seat.objects.get(match=match, user=u).order: u for u in users[:2]}
    driver = Decks(match, seats)
    driver.choose_decks()
    for seat in (0, 1):
        pool = Match.objects.get(pk=match.pk).state["players"][seat]["pool"]
        driver.submit(seat, {"type": "draft_pick", "card": pool[0]})
    for seat in (0, 1):
        if Match.objects.get(pk=match.pk).state["stage"] == "draft":
            driver.submit(seat, {"type": "draft_stop"})
    driver.submit(1, {"type": "starting_site", "site": "Minas Morgul"})
    for seat in (0, 1):
        driver.submit(seat, {"type": "start_done"})
    return seats, Match.objects.get(pk=match.pk).state


def test_in_play_every_move_is_a_button_on_its_card_and_the_opponents_hand_stays_hidden(client, match, users):
    """Issue 19 point 6: the page shows card faces and the moves open on each card as buttons."""
    import html
    import json

    seats, state = play_started(match, users)
    active = state["turn"]["active"]
    me, them = seats[active], seats[1 - active]
    text = page(client, me, match)
    assert 'class="meccg-face"' in text and "/bild.svg" in text
    assert "Weiter (Phase beenden)" in text
    own_hand = state["players"][active]["hand"]
    assert all(f'data-id="{iid}"' in text for iid in own_hand)
    actions = [json.loads(html.unescape(v)) for v in __import__("re").findall(r'name="action" value="([^"]+)"', text)]
    assert {"type": "next_phase"} in actions
    # Clicking a button sends its move: here the move of a company to a site of the location deck.
    move = next(a for a in actions if a["type"] == "plan_movement")
    client.force_login(me)
    with _capture(execute=True):
        response = client.post(
            f"/partien/{match.pk}/zug/", {"action": json.dumps(move), "version": Match.objects.get(pk=match.pk).version}
        )
    assert response.status_code == 302
    assert any(c["dest"] for c in Match.objects.get(pk=match.pk).state["companies"])
    other = page(client, them, match)
    assert not [iid for iid in own_hand if iid in other]


def test_move_labels_are_in_the_readers_language_on_the_page_and_in_the_api(client, match, users):
    """Issue 19: the buttons' labels are engine texts rendered for the reader; the API's ``label`` stays a
    string, German by default and English with the language cookie."""
    from django.conf import settings

    from .conftest import api

    seats, state = play_started(match, users)
    active = seats[state["turn"]["active"]]
    german = api(active).get(f"/api/matches/{match.pk}/legal/").json()["actions"]
    assert all(isinstance(a["label"], str) for a in german if "label" in a)
    assert {"type": "next_phase", "label": "Weiter (Phase beenden)"}.items() <= next(
        a for a in german if a["type"] == "next_phase" and "label" in a
    ).items()
    client_en = api(active)
    client_en.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client_en.get(f"/api/matches/{match.pk}/legal/").json()["actions"]
    labels = [a["label"] for a in english if "label" in a]
    assert "Next (end the phase)" in labels, labels
    moves = [a["label"] for a in english if a["type"] == "plan_movement" and "label" in a]
    assert moves and all(" → " in label for label in moves)
    assert any(label.endswith("(by regions)") for label in moves), moves
    assert not any(word in label for label in labels for word in ("Weiter", "Passen", "über Regionen", "ins Spiel"))
    client.force_login(active)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    text = client.get(f"/partien/{match.pk}/").content.decode()
    assert "Next (end the phase)" in text and "Weiter (Phase beenden)" not in text
