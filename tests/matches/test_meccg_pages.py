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
    assert ">Morgul (" not in html  # only own decks are offered (and the starter decks)
    assert 'value="starter:helden"' in html and 'value="starter:schergen"' in html
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


def action_section(text):
    """The page's action box ("Deine Züge"), before the board."""
    return text.split('id="zug"', 1)[1].split('id="brett"', 1)[0]


def test_in_play_every_move_is_a_button_or_a_form_in_the_action_box_and_the_opponents_hand_stays_hidden(
    client, match, users
):
    """Issue 19 point 6 and issue 31: card faces, one button per move (the card moves beside their card in the action
    box, not on the board below), the movement plan as one form, the developer's JSON form folded away."""
    import html
    import json
    import re

    seats, state = play_started(match, users)
    active = state["turn"]["active"]
    me, them = seats[active], seats[1 - active]
    text = page(client, me, match)
    box = action_section(text)
    assert 'class="meccg-face"' in text and "/bild.svg" in text
    assert box.count(">Organisationsphase beenden<") == 1 and "Weiter (Phase beenden)" not in text
    own_hand = state["players"][active]["hand"]
    assert all(f'data-id="{iid}"' in text for iid in own_hand)
    board = text.split('id="brett"', 1)[1]
    assert 'class="inline meccg-choice"' not in board  # no move buttons on the board's cards
    assert "<summary>Für Entwickler</summary>" in box and "Zug als JSON senden" not in box.split("<summary>Für")[0]
    # The movement plan is one form: the company by its leading character and site, only reachable destinations.
    company = next(c for c in state["companies"] if c["owner"] == active)
    lead = state["cards"][state["inst"][company["chars"][0]]["code"]]["name_de"]
    assert f"{lead} in " in box and company["id"] + ":" not in box
    form = box.split('data-move="plan_movement"', 1)[1].split("</form>", 1)[0]
    base = json.loads(html.unescape(re.search(r'name="base" value="([^"]+)"', form).group(1)))
    destinations = [json.loads(html.unescape(v)) for v in re.findall(r'<option value="(\{[^"]+\})"', form)]
    assert destinations and all(d["kind"] in ("starter", "region") for d in destinations)
    client.force_login(me)
    fields = {
        "base": json.dumps(base),
        "s_to": json.dumps(destinations[0]),
        "f_answers": json.dumps("creatures"),
        "f_enter": ["false", "true"],
        "f_leave": "false",
        "f_done": "false",
        "e_discard": "1",
        "version": Match.objects.get(pk=match.pk).version,
    }
    with _capture(execute=True):
        response = client.post(f"/partien/{match.pk}/zug/", fields)
    assert response.status_code == 302
    group = next(c for c in Match.objects.get(pk=match.pk).state["companies"] if c["id"] == company["id"])
    assert group["dest"] == destinations[0]["site"], re.findall(r"move-error[^<]*<[^<]*", page(client, me, match))
    assert group["plan"] == {"answers": "creatures", "enter": True, "leave": False}
    mine = page(client, me, match)
    assert "Deine stehenden Antworten:" in mine
    other = page(client, them, match)
    assert not [iid for iid in own_hand if iid in other]
    assert "Deine stehenden Antworten:" not in other


def test_move_labels_are_in_the_readers_language_on_the_page_and_in_the_api(client, match, users):
    """Issue 19: the buttons' labels are engine texts rendered for the reader; the API's ``label`` stays a
    string, German by default and English with the language cookie — so do the labels of a move's form."""
    from django.conf import settings

    from .conftest import api

    seats, state = play_started(match, users)
    active = seats[state["turn"]["active"]]
    german = api(active).get(f"/api/matches/{match.pk}/legal/").json()["actions"]
    assert all(isinstance(a["label"], str) for a in german if "label" in a)
    (end,) = [a for a in german if a["type"] == "next_phase" and "label" in a]
    assert end["label"] == "Organisationsphase beenden"
    (plan,) = [a for a in german if a["type"] == "plan_movement" and "form" in a]
    assert all(isinstance(f["label"], str) for f in plan["form"])
    client_en = api(active)
    client_en.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client_en.get(f"/api/matches/{match.pk}/legal/").json()["actions"]
    labels = [a["label"] for a in english if "label" in a]
    assert "End the organisation phase" in labels, labels
    (plan,) = [a for a in english if a["type"] == "plan_movement" and "form" in a]
    destinations = [o["label"] for o in plan["form"][0]["options"]]
    assert destinations and all(" – " in label for label in destinations), destinations
    assert any("by regions" in label or "starter" in label for label in destinations), destinations
    assert not any(word in label for label in labels for word in ("Weiter", "Passen", "über Regionen", "ins Spiel"))
    client.force_login(active)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    text = client.get(f"/partien/{match.pk}/").content.decode()
    assert "End the organisation phase" in text and "Organisationsphase beenden" not in text


def test_a_newcomer_chooses_a_starter_deck_and_sees_which_own_deck_is_not_tournament_legal(client, match, users):
    """Issue 31: the deck choice offers the starter decks; an own deck that fails the check says so before it is
    chosen; the API takes a starter deck too (and refuses a choice of both or neither, with a German message)."""
    from decks.services import create_deck

    from .conftest import api

    frodo, sam = users[:2]
    create_deck(frodo, name="Halbfertig", alignment="Hero", entries=[("TW-120", 1, "pool")])
    text = page(client, frodo, match)
    assert "Halbfertig (Helden) – nicht turnierlegal" in text and "Bruchtal (Helden)<" in text
    response = post(
        client, frodo, f"/partien/meccg/{match.pk}/deck/", {"deck": "starter:helden", "version": match.version}
    )
    assert response.status_code == 302
    state = Match.objects.get(pk=match.pk).state
    order = Seat.objects.get(match=match, user=frodo).order
    assert state["players"][order]["alignment"] == "hero"
    assert state["players"][order]["deck_name"] == "Startdeck Helden: Die Gemeinschaft aus Bruchtal"
    url = f"/api/meccg/partien/{match.pk}/deck/"
    version = Match.objects.get(pk=match.pk).version
    both = api(sam).post(url, {"deck": sam.decks.get().pk, "starter": "schergen", "version": version}, format="json")
    assert both.status_code == 400 and "Startdeck" in str(both.json()["error"]["details"]), both.json()
    unknown = api(sam).post(url, {"starter": "elben", "version": version}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "unknown_starter"
    with _capture(execute=True):
        chosen = api(sam).post(url, {"starter": "schergen", "version": version}, format="json")
    assert chosen.status_code == 202
    assert Match.objects.get(pk=match.pk).state["stage"] == "draft"
