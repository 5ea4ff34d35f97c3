"""Match pages: lobby, create, match page, moves and posts by form, replay; secrets stay hidden."""

import pytest
from django.urls import reverse

from matches import services
from matches.models import Match, Notice, PlayerSettings, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _run_on_commit(django_capture_on_commit_callbacks):
    global _capture
    _capture = django_capture_on_commit_callbacks


def post(client, url, data=None):
    with _capture(execute=True):
        return client.post(url, data or {})


def login(client, user):
    client.force_login(user)
    return client


def seat_user(match, order):
    return Seat.objects.get(match=match, order=order).user


def test_lobby_lists_open_and_mine(client, users, django_assert_max_num_queries):
    frodo, sam, _merry, _pippin = users
    for _ in range(3):
        services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"})
    services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"}, is_public=False)
    login(client, sam)
    with django_assert_max_num_queries(12):
        response = client.get(reverse("matches:index"))
    body = response.content.decode()
    assert response.status_code == 200
    assert body.count("Beitreten") == 3  # the private one is not offered
    assert "Neue Partie anlegen" in body
    login(client, frodo)
    body = client.get(reverse("matches:index")).content.decode()
    assert "Meine Partien" in body and body.count("Schatten der Macht") >= 4


def test_create_by_form_and_errors(client, users):
    login(client, users[0])
    data = {
        "engine": "wuerfeltisch",
        "game": "sauron",
        "players": "3",
        "invite": "sam, gollum",
        "turn_days": "3",
        "deadline_policy": "default_action",
        "is_public": "on",
    }
    response = client.post(reverse("matches:create"), data)
    assert response.status_code == 400
    assert "Den Benutzer „gollum“ gibt es nicht." in response.content.decode()
    data["invite"] = "sam, Merry"
    response = client.post(reverse("matches:create"), data)
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert [s.user.username for s in match.seats.order_by("slot")] == ["frodo", "sam", "merry"]


def test_play_by_form_without_javascript(client, dice_match):
    player = seat_user(dice_match, 0)
    login(client, player)
    url = reverse("matches:move", args=[dice_match.pk])
    post(client, url, {"version": "0", "type": "roll", "dice": "W20+3"})
    post(client, url, {"version": "1", "type": "note", "text": "Gandalf kommt in Runde 3"})
    post(client, url, {"version": "2", "type": "pass"})
    match = Match.objects.get(pk=dice_match.pk)
    assert match.version == 3 and match.state["turn"] == 1
    body = client.get(match.get_absolute_url()).content.decode()
    assert "würfelt W20+3" in body and "Gandalf kommt in Runde 3" in body
    # a rejected move shows the engine's German message
    response = post(client, url, {"version": "3", "type": "pass"})
    assert response.status_code == 302
    body = client.get(match.get_absolute_url()).content.decode()
    assert "nicht am Zug" in body
    # an in-site notice went to the next player
    assert Notice.objects.filter(user=seat_user(match, 1), kind="turn").exists()


def test_secrets_absent_from_every_page_and_endpoint_for_others(client, dice_match, users):
    owner = seat_user(dice_match, 1)
    services.submit_move(dice_match, owner, {"type": "note", "text": "GEHEIMNIS-XYZ"}, 0)
    services.resolve_move(dice_match.moves.get().pk)
    match = Match.objects.get(pk=dice_match.pk)
    rng_state = str(match.state["rng"]["s"])
    pages = [
        reverse("matches:detail", args=[match.pk]),
        reverse("matches:index"),
        f"/api/matches/{match.pk}/",
        f"/api/matches/{match.pk}/state/",
        f"/api/matches/{match.pk}/legal/",
        f"/api/matches/{match.pk}/events/",
        f"/api/matches/{match.pk}/moves/",
        f"/api/matches/{match.pk}/posts/",
        "/api/matches/",
    ]
    readers = [seat_user(match, 0), seat_user(match, 2), users[3], None]
    for reader in readers:
        client.logout()
        if reader:
            login(client, reader)
        for url in pages:
            response = client.get(url)
            assert response.status_code == 200, (url, reader)
            body = response.content.decode()
            assert "GEHEIMNIS-XYZ" not in body, (url, reader)
            assert rng_state not in body, (url, reader)
    login(client, owner)
    assert "GEHEIMNIS-XYZ" in client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert "GEHEIMNIS-XYZ" in client.get(f"/api/matches/{match.pk}/state/").content.decode()


def test_posts_escaped(client, dice_match):
    player = seat_user(dice_match, 0)
    login(client, player)
    post(client, reverse("matches:post", args=[dice_match.pk]), {"text": "<script>alert('x')</script>\nZeile 2"})
    body = client.get(dice_match.get_absolute_url()).content.decode()
    assert "<script>alert" not in body and "&lt;script&gt;alert" in body


def test_spectator_sees_public_match_not_private(client, users):
    match = services.create_match(
        users[0], engine="wuerfeltisch", options={"game": "schatten-der-macht"}, is_public=False
    )
    assert client.get(match.get_absolute_url()).status_code == 404
    login(client, users[0])
    assert client.get(match.get_absolute_url()).status_code == 200


def test_join_start_resign_and_replay(client, users):
    frodo, sam = users[:2]
    match = services.create_match(frodo, engine="wuerfeltisch", options={"game": "abenteuer-in-mittelerde"})
    login(client, sam)
    post(client, reverse("matches:join", args=[match.pk]))
    login(client, frodo)
    post(client, reverse("matches:start", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == "running"
    first = seat_user(match, 0)
    login(client, first)
    post(client, reverse("matches:move", args=[match.pk]), {"version": "0", "type": "roll", "dice": "2W6"})
    post(client, reverse("matches:move", args=[match.pk]), {"version": "1", "type": "pass"})
    login(client, sam)
    post(client, reverse("matches:resign", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == "finished"
    url = reverse("matches:replay", args=[match.pk])
    start = client.get(url + "?schritt=0").content.decode()
    assert "Zug 0 von 2" in start and "würfelt 2W6" not in start
    end = client.get(url + "?schritt=2").content.decode()
    assert "Zug 2 von 2" in end and "würfelt 2W6" in end
    assert client.get(url + "?schritt=abc").status_code == 200


def test_email_switch(client, users):
    login(client, users[0])
    response = client.post(reverse("matches:settings"), {})
    assert response.status_code == 302
    assert PlayerSettings.objects.get(user=users[0]).email_notifications is False
