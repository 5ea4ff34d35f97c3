"""Die Zwei Türme on the match framework: pages per seat, hands hidden, a full match through the API."""

import random

import pytest

from matches import selectors, services
from matches.engine import registry
from matches.models import Match, MatchStatus, Move, MoveStatus, Seat

from .conftest import api
from .workers import wait_until


def seat_user(match, order):
    return Seat.objects.get(match=match, order=order).user


def zt_match(users, players=2):
    names = [u.username for u in users[1:players]]
    match = services.create_match(users[0], engine="zwei-tuerme", players=players, invite=names)
    for user in users[1:players]:
        services.accept_invitation(match, user)
    services.start(match, users[0])
    return Match.objects.get(pk=match.pk)


def secrets_of(state, seat):
    """What only ``seat`` may see: its hand. Plus what nobody sees: pile order and the generator."""
    return set(state["hands"][seat])


def play_engine_moves(match, count, seed=1):
    """Moves through the services (eager), chosen at random from the legal actions."""
    chooser = random.Random(seed)
    for _ in range(count):
        match = Match.objects.get(pk=match.pk)
        current = selectors.current_seats(match)
        if not current:
            return match
        user = seat_user(match, current[0])
        legal = api(user).get(f"/api/matches/{match.pk}/legal/").json()["actions"]
        move, _ = services.submit_move(match, user, chooser.choice(legal), match.version)
        services.resolve_move(move.pk)
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_hands_never_reach_other_seats_or_spectators(client, users):
    match = play_engine_moves(zt_match(users, players=3), 8)
    assert match.status == MatchStatus.RUNNING
    state = match.state
    pile = state["hero_pile"]
    urls = [
        match.get_absolute_url(),
        f"/api/matches/{match.pk}/",
        f"/api/matches/{match.pk}/state/",
        f"/api/matches/{match.pk}/legal/",
        f"/api/matches/{match.pk}/events/",
        f"/api/matches/{match.pk}/moves/",
        "/partien/",
    ]
    readers = [(seat_user(match, o), o) for o in range(3)] + [(users[3], None), (None, None)]
    for user, order in readers:
        client.logout()
        if user:
            client.force_login(user)
        hidden = set().union(*(secrets_of(state, s) for s in range(3) if s != order)) | set(pile)
        for url in urls:
            body = client.get(url).content.decode()
            leaked = [card for card in hidden if f'"{card}"' in body or f"'{card}'" in body or f"={card}" in body]
            assert leaked == [], (url, order, leaked)
            assert str(state["rng"]["s"]) not in body
        if order is not None:
            page = client.get(match.get_absolute_url()).content.decode()
            own = secrets_of(state, order)
            if order in selectors.current_seats(match):
                assert all(f'value="{card}"' in page for card in own)  # my hand, in my move form
            state_api = client.get(f"/api/matches/{match.pk}/state/").json()
            assert {c["id"] for c in state_api["view"]["hand"]} == own


@pytest.mark.django_db
def test_match_page_renders_board_and_move_form(client, users, django_capture_on_commit_callbacks):
    match = zt_match(users)
    current = selectors.current_seats(match)[0]
    client.force_login(seat_user(match, current))
    body = client.get(match.get_absolute_url()).content.decode()
    assert 'class="zt-board"' in body and "Figur aufstellen" in body
    # the no-JavaScript form (typed fields, parsed by the engine's parse_form) plays the move
    to = registry.get("zwei-tuerme").legal_actions(match.state, current)[0]["to"]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/partien/{match.pk}/zug/", {"version": "0", "type": "place", "to": f"{to[0]},{to[1]}"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.version == 1 and Move.objects.get(match=match).status == MoveStatus.APPLIED


@pytest.mark.django_db
def test_finished_match_replays_from_seed_to_identical_state(client, users):
    match = play_engine_moves(zt_match(users), 400, seed=5)
    assert match.status == MatchStatus.FINISHED and match.result is not None
    assert selectors.rebuild_state(match) == match.state
    body = client.get(f"/partien/{match.pk}/wiederholung/?schritt=3").content.decode()
    assert 'class="zt-board"' in body and "Zug 3 von" in body


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_two_users_play_a_full_match_through_the_api(users, celery_session_worker):
    frodo, sam = users[:2]
    created = api(frodo).post("/api/matches/", {"engine": "zwei-tuerme", "players": 2}, format="json")
    assert created.status_code == 201
    match_id = created.json()["id"]
    assert api(sam).post(f"/api/matches/{match_id}/join/").status_code == 200
    started = api(frodo).post(f"/api/matches/{match_id}/start/").json()
    by_order = {s["order"]: s["user"] for s in started["seats"]}
    clients = {"frodo": api(frodo), "sam": api(sam)}
    chooser = random.Random(11)
    for _ in range(400):
        detail = clients["frodo"].get(f"/api/matches/{match_id}/").json()
        if detail["status"] != "running":
            break
        client = clients[by_order[detail["current_seats"][0]]]
        legal = client.get(f"/api/matches/{match_id}/legal/").json()
        response = client.post(
            f"/api/matches/{match_id}/moves/",
            {"action": chooser.choice(legal["actions"]), "version": legal["version"]},
            format="json",
        )
        assert response.status_code == 202
        move_url = f"/api/matches/{match_id}/moves/{response.json()['id']}/"
        status = wait_until(lambda url=move_url, c=client: (s := c.get(url).json()["status"]) != "pending" and s)
        assert status == "applied", client.get(move_url).json()
    detail = clients["sam"].get(f"/api/matches/{match_id}/").json()
    assert detail["status"] == "finished" and detail["result"]["reason"]["template"]
    match = Match.objects.get(pk=match_id)
    assert selectors.rebuild_state(match) == match.state
    events = clients["sam"].get(f"/api/matches/{match_id}/events/?page_size=1000").json()["results"]
    assert [e["sequence"] for e in events] == list(range(1, len(events) + 1))
