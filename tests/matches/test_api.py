"""The matches API in the embedded default (tasks eager after commit)."""

import pytest
from django.core import mail

from matches.models import Match, MoveStatus, Seat

from .conftest import api

pytestmark = pytest.mark.django_db(transaction=False)


def seat_user(match, order):
    return Seat.objects.get(match=match, order=order).user


@pytest.fixture(autouse=True)
def _commits(django_capture_on_commit_callbacks):
    """The test runs in one transaction; run each request's on-commit hooks (the eager task) at its end."""
    global _capture
    _capture = django_capture_on_commit_callbacks
    yield


def submit(user, match, action, version=None, **extra):
    version = Match.objects.get(pk=match.pk).version if version is None else version
    with _capture(execute=True):
        return api(user).post(
            f"/api/matches/{match.pk}/moves/", {"action": action, "version": version, **extra}, format="json"
        )


def test_create_join_start_flow(users, django_capture_on_commit_callbacks):
    frodo, sam, merry, _pippin = users
    response = api(frodo).post(
        "/api/matches/",
        {"engine": "wuerfeltisch", "options": {"game": "abenteuer-in-mittelerde"}, "players": 3, "invite": ["sam"]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "open" and [s["user"] for s in body["seats"]] == ["frodo", "sam", None]
    match_id = body["id"]
    response = api(frodo).post(f"/api/matches/{match_id}/start/")
    assert response.status_code == 400 and response.json()["error"]["code"] == "seats_open"
    assert "1 Spieler" in response.json()["error"]["message"]
    assert api(merry).post(f"/api/matches/{match_id}/join/").status_code == 200
    assert api(merry).post(f"/api/matches/{match_id}/join/").json()["error"]["code"] == "already_seated"
    assert api(sam).post(f"/api/matches/{match_id}/start/").status_code == 403
    # sam was invited but has not said yes: the match cannot start yet
    response = api(frodo).post(f"/api/matches/{match_id}/start/")
    assert response.status_code == 400 and response.json()["error"]["code"] == "invitations_pending"
    assert api(sam).post(f"/api/matches/{match_id}/accept/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        response = api(frodo).post(f"/api/matches/{match_id}/start/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "running" and body["version"] == 0
    assert sorted(s["order"] for s in body["seats"]) == [0, 1, 2]
    # the player to move gets an in-site notice and an e-mail with a link, unless it is who clicked "start"
    first = next(s["user"] for s in body["seats"] if s["order"] == body["current_seats"][0])
    if first == "frodo":  # the seat order is drawn: frodo started the match and is here (issue 33)
        assert mail.outbox == []
        return
    assert [m.to for m in mail.outbox] == [[f"{first}@auenland.example"]]
    assert f"/partien/{match_id}/" in mail.outbox[0].body


def test_create_errors_are_german_and_name_the_field(users):
    frodo = users[0]
    cases = [
        ({"engine": "schach"}, "engine_unknown", "engine"),
        ({"engine": "wuerfeltisch", "options": {"game": "monopoly"}}, "game_unknown", "options"),
        ({"engine": "wuerfeltisch", "options": {"game": "sauron"}, "players": 2}, "players_out_of_range", "players"),
        (
            {"engine": "wuerfeltisch", "options": {"game": "sauron"}, "players": 3, "invite": ["gollum"]},
            "invite_unknown",
            "invite",
        ),
        (
            {"engine": "wuerfeltisch", "options": {"game": "sauron"}, "players": 3, "turn_days": 0},
            "turn_days_invalid",
            "turn_days",
        ),
    ]
    for payload, code, field in cases:
        response = api(frodo).post("/api/matches/", payload, format="json")
        assert response.status_code == 400, payload
        error = response.json()["error"]
        assert error["code"] == code and error["details"]["field"] == field
        assert error["message"]
    assert Match.objects.count() == 0  # nothing half-written
    assert api().post("/api/matches/", {"engine": "wuerfeltisch"}, format="json").status_code in (401, 403)


def test_move_roll_applied_with_events(dice_match, users):
    player = seat_user(dice_match, 1)
    response = submit(player, dice_match, {"type": "roll", "dice": "2W6"}, idempotency_key="a1")
    assert response.status_code == 202
    move = response.json()
    status = api(player).get(f"/api/matches/{dice_match.pk}/moves/{move['id']}/").json()
    assert status["status"] == "applied" and status["applied_version"] == 1
    events = api().get(f"/api/matches/{dice_match.pk}/events/?since=0").json()["results"]
    roll = events[-1]
    assert f"{player.username} würfelt 2W6" in roll["text"] and roll["data"]["kind"] == "roll"
    since = roll["sequence"]
    assert api().get(f"/api/matches/{dice_match.pk}/events/?since={since}").json()["results"] == []
    # the same idempotency key again: the same move, not a second roll
    again = submit(player, dice_match, {"type": "roll", "dice": "2W6"}, idempotency_key="a1")
    assert again.status_code == 202 and again.json()["id"] == move["id"]
    assert Match.objects.get(pk=dice_match.pk).version == 1


def test_illegal_move_rejected_with_engine_message_state_untouched(dice_match):
    not_turn = seat_user(dice_match, 1)
    state_before = Match.objects.get(pk=dice_match.pk).state
    response = submit(not_turn, dice_match, {"type": "pass"})
    assert response.status_code == 202
    move = api(not_turn).get(f"/api/matches/{dice_match.pk}/moves/{response.json()['id']}/").json()
    assert move["status"] == "rejected" and move["error_code"] == "not_your_turn"
    assert "nicht am Zug" in move["error_message"]
    match = Match.objects.get(pk=dice_match.pk)
    assert match.state == state_before and match.version == 0


def test_stale_version_and_bad_input(dice_match):
    player = seat_user(dice_match, 0)
    assert submit(player, dice_match, {"type": "roll", "dice": "W6"}).status_code == 202
    sent = submit(player, dice_match, {"type": "pass"}, version=0).json()
    stale = api(player).get(f"/api/matches/{dice_match.pk}/moves/{sent['id']}/").json()
    assert stale["status"] == "stale" and stale["error_code"] == "stale"
    bad = submit(player, dice_match, "pass")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "action_invalid"
    bad = api(player).post(f"/api/matches/{dice_match.pk}/moves/", {"action": {"type": "pass"}}, format="json")
    assert bad.status_code == 400 and "version" in bad.json()["error"]["details"]
    bad = api(player).get(f"/api/matches/{dice_match.pk}/events/?since=abc")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid_since"


def test_only_participants_move_and_post(dice_match, users):
    outsider = users[3]
    response = submit(outsider, dice_match, {"type": "roll", "dice": "W6"})
    assert response.status_code == 403 and response.json()["error"]["code"] == "not_participant"
    response = api(outsider).post(f"/api/matches/{dice_match.pk}/posts/", {"text": "Hallo"}, format="json")
    assert response.status_code == 403
    assert submit(None, dice_match, {"type": "roll", "dice": "W6"}).status_code in (401, 403)


def test_posts_are_stored_plain(dice_match, users):
    frodo = users[0]
    text = "<script>alert(1)</script> Gute Reise!"
    response = api(frodo).post(f"/api/matches/{dice_match.pk}/posts/", {"text": text}, format="json")
    assert response.status_code == 201
    assert api().get(f"/api/matches/{dice_match.pk}/posts/").json()["results"][0]["text"] == text
    empty = api(frodo).post(f"/api/matches/{dice_match.pk}/posts/", {"text": "  "}, format="json")
    assert empty.status_code == 400


def test_state_and_legal_per_seat(dice_match):
    owner = seat_user(dice_match, 2)
    submit(owner, dice_match, {"type": "note", "text": "Sauron ist Merry"})
    mine = api(owner).get(f"/api/matches/{dice_match.pk}/state/").json()
    assert mine["seat"] == 2 and mine["view"]["my_notes"][0]["text"] == "Sauron ist Merry"
    spectator = api().get(f"/api/matches/{dice_match.pk}/state/").json()
    assert spectator["seat"] is None and "my_notes" not in spectator["view"]
    legal = api(seat_user(dice_match, 0)).get(f"/api/matches/{dice_match.pk}/legal/").json()
    assert {"type": "pass"} in legal["actions"]
    legal = api(seat_user(dice_match, 1)).get(f"/api/matches/{dice_match.pk}/legal/").json()
    assert {"type": "pass"} not in legal["actions"]


def test_resign_ends_two_player_match(users):
    from matches import services

    frodo, sam = users[:2]
    match = services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"}, invite=["sam"])
    services.accept_invitation(match, sam)
    services.start(match, frodo)
    response = api(sam).post(f"/api/matches/{match.pk}/resign/")
    assert response.status_code == 200
    body = response.json()
    frodo_order = next(s["order"] for s in body["seats"] if s["user"] == "frodo")
    assert body["status"] == "finished" and body["result"]["winners"] == [frodo_order]
    again = api(sam).post(f"/api/matches/{match.pk}/resign/")
    assert again.status_code == 400 and again.json()["error"]["code"] == "match_not_running"


def test_resigned_seat_is_moved_by_default_action(dice_match):
    resigner = seat_user(dice_match, 1)
    api(resigner).post(f"/api/matches/{dice_match.pk}/resign/")
    submit(seat_user(dice_match, 0), dice_match, {"type": "pass"})
    match = Match.objects.get(pk=dice_match.pk)
    assert match.status == "running" and match.state["turn"] == 2  # seat 1 passed automatically
    auto = match.moves.get(automatic=True)
    assert auto.status == MoveStatus.APPLIED and auto.action == {"type": "pass"}


def test_private_match_hidden_from_others(users):
    from matches import services

    match = services.create_match(
        users[0], engine="wuerfeltisch", options={"game": "schatten-der-macht"}, is_public=False
    )
    assert api(users[1]).get(f"/api/matches/{match.pk}/").status_code == 404
    assert api(users[1]).post(f"/api/matches/{match.pk}/join/").status_code == 404
    assert api(users[0]).get(f"/api/matches/{match.pk}/").status_code == 200
    assert [m["id"] for m in api(users[1]).get("/api/matches/").json()["results"]] == []


def test_replay_from_seed_gives_identical_final_state(dice_match):
    import random

    from matches import selectors

    chooser = random.Random(3)
    for _ in range(40):
        match = Match.objects.get(pk=dice_match.pk)
        if match.status != "running":
            break
        order = chooser.choice(match.state and [0, 1, 2])
        user = seat_user(match, order)
        legal = api(user).get(f"/api/matches/{match.pk}/legal/").json()["actions"]
        action = dict(chooser.choice(legal))
        if action["type"] == "note":
            action["text"] = "geheim"
        submit(user, match, action)
    match = Match.objects.get(pk=dice_match.pk)
    assert match.version > 10
    assert selectors.rebuild_state(match) == match.state
