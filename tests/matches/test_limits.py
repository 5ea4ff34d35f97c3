"""Limits and input rules of play by post: deep JSON, action schemas, idempotency conflicts, throttles,
paginated posts, invitation consent, and the health endpoints' answers to a load balancer."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from matches import actions, services
from matches.engine import registry
from matches.errors import MatchError
from matches.models import Match, Move, Post, Seat

from .conftest import api


def seat_user(match, order):
    return Seat.objects.get(match=match, order=order).user


def submit(user, match, action, version=None, **extra):
    version = Match.objects.get(pk=match.pk).version if version is None else version
    return api(user).post(
        f"/api/matches/{match.pk}/moves/", {"action": action, "version": version, **extra}, format="json"
    )


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# --- request JSON nested too deep: 400 before any parser recurses ------------------------------------


@pytest.mark.parametrize("path", ["/api/auth/token/", "/api/decks/check/", "/api/matches/"])
def test_deep_json_is_400_even_anonymously(client, path):
    body = '{"username": "x", "password": "y", "text": ' + nested(500) + "}"
    response = client.post(path, body, content_type="application/json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "json_too_deep"
    assert "zu tief verschachtelt" in error["message"] and error["details"]["limit"] == 32


def test_deep_json_in_a_move_is_400_and_nothing_is_stored(dice_match):
    player = seat_user(dice_match, 0)
    client = api(player)
    body = json.dumps({"action": {"type": "roll", "dice": "W6"}, "version": 0})[:-1] + ', "x": ' + nested(40) + "}"
    response = client.post(f"/api/matches/{dice_match.pk}/moves/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "json_too_deep"
    assert not Move.objects.exists()


def test_brackets_inside_strings_and_moderate_nesting_pass(dice_match):
    player = seat_user(dice_match, 0)
    response = submit(player, dice_match, {"type": "note", "text": "[" * 300 + "{" * 300})
    assert response.status_code == 202, response.json()


# --- every action against its engine's schema -------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code", "words"),
    [
        ({"type": "roll", "dice": "W6", "junk": "x"}, "action_field_unknown", "„action.junk“"),
        ({"type": "roll", "dice": 6}, "action_field_type", "„action.dice“ muss ein Text sein"),
        ({"type": "roll", "dice": "W6" * 100}, "action_field_too_long", "„action.dice“ ist zu lang"),
        ({"type": "fly"}, "action_type_unknown", "Unbekannte Zugart „fly“"),
        ({"type": "propose_end", "winners": [True]}, "action_field_type", "„action.winners[0]“"),
        ({"type": "propose_end", "winners": list(range(50))}, "action_field_too_long", "zu viele Einträge"),
        ({"dice": "W6"}, "action_invalid", "„type“"),
    ],
)
def test_action_outside_the_schema_is_400_and_not_stored(dice_match, action, code, words):
    response = submit(seat_user(dice_match, 0), dice_match, action)
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == code and words in error["message"], error
    assert not Move.objects.exists()


def test_a_megabyte_junk_field_never_reaches_the_move_log(dice_match):
    action = {"type": "note", "text": "x" * (1024 * 1024 - 200)}
    response = submit(seat_user(dice_match, 0), dice_match, action)
    assert response.status_code in (400, 413)
    assert not Move.objects.exists()


def test_byte_cap_names_size_and_limit(dice_match):
    # within every field's length but over the engine's byte cap: many-byte characters
    action = {"type": "note", "text": "𝔊" * 2300}
    with pytest.raises(MatchError) as caught:
        actions.check(registry.get("wuerfeltisch"), action)
    assert caught.value.code == "action_too_large"
    assert caught.value.details["limit"] == registry.get("wuerfeltisch").action_schema()["max_bytes"]


@pytest.mark.parametrize("slug", ["wuerfeltisch", "zwei-tuerme"])
def test_every_legal_action_fits_the_engines_schema(slug):
    engine = registry.get(slug)
    options = {"game": "schatten-der-macht"} if slug == "wuerfeltisch" else {}
    state = engine.setup(2, options, 7)
    seen = 0
    for _step in range(30):
        seats = engine.current_seats(state)
        if not seats:
            break
        seat = seats[0]
        for action in engine.legal_actions(state, seat)[:200]:
            actions.check(engine, action)  # raises if the schema refused a legal action
            seen += 1
        state, _events = engine.apply(state, seat, engine.default_action(state, seat))
    assert seen > 10


def test_every_engine_has_a_schema_from_the_protocol():
    for slug, engine in registry.ENGINES.items():
        schema = engine.action_schema()
        assert schema["types"], slug
        assert 0 < schema.get("max_bytes", actions.MAX_ACTION_BYTES) <= actions.MAX_ACTION_BYTES_CEILING


# --- idempotency keys ---------------------------------------------------------------------------------


def test_same_key_same_action_is_the_same_move(dice_match):
    player = seat_user(dice_match, 0)
    first = submit(player, dice_match, {"type": "roll", "dice": "W6"}, idempotency_key="k-1")
    again = submit(player, dice_match, {"type": "roll", "dice": "W6"}, idempotency_key="k-1")
    assert first.status_code == again.status_code == 202
    assert first.json()["id"] == again.json()["id"] and Move.objects.count() == 1


def test_same_key_different_action_is_409_naming_the_key(dice_match):
    player = seat_user(dice_match, 0)
    first = submit(player, dice_match, {"type": "roll", "dice": "W6"}, idempotency_key="zug-42")
    assert first.status_code == 202
    response = submit(player, dice_match, {"type": "roll", "dice": "W20"}, idempotency_key="zug-42")
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "idempotency_conflict"
    assert "„zug-42“" in error["message"] and error["details"]["idempotency_key"] == "zug-42"
    assert Move.objects.count() == 1 and Move.objects.get().action == {"type": "roll", "dice": "W6"}


# --- throttles: 429 with Retry-After, in German ---------------------------------------------------------


def test_moves_per_user_are_throttled(dice_match, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "match_move": "3/minute"},
    }
    player = seat_user(dice_match, 0)
    answers = [submit(player, dice_match, {"type": "roll", "dice": "W6"}, version=0) for _ in range(4)]
    assert [r.status_code for r in answers] == [202, 202, 202, 429]
    last = answers[-1]
    assert 1 <= int(last["Retry-After"]) <= 60
    assert last.json()["error"]["code"] == "throttled" and "Bitte warte" in last.json()["error"]["message"]
    assert Move.objects.count() == 3
    # another player is not held up by it
    assert submit(seat_user(dice_match, 1), dice_match, {"type": "roll", "dice": "W6"}, version=0).status_code == 202


def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def test_posts_are_throttled_per_user(dice_match, settings):
    _rates(settings, match_post="2/minute", match_post_match="100/minute")
    frodo, sam = seat_user(dice_match, 0), seat_user(dice_match, 1)
    url = f"/api/matches/{dice_match.pk}/posts/"
    assert [api(frodo).post(url, {"text": "a"}, format="json").status_code for _ in range(3)] == [201, 201, 429]
    assert api(sam).post(url, {"text": "b"}, format="json").status_code == 201  # sam is not held up
    assert Post.objects.count() == 3


def test_posts_are_throttled_per_match(dice_match, users, settings):
    _rates(settings, match_post="100/minute", match_post_match="3/minute")
    frodo, sam = seat_user(dice_match, 0), seat_user(dice_match, 1)
    url = f"/api/matches/{dice_match.pk}/posts/"
    assert [api(u).post(url, {"text": "a"}, format="json").status_code for u in (frodo, sam, frodo)] == [201] * 3
    refused = api(sam).post(url, {"text": "b"}, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    # another match's thread is not affected
    other = services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"})
    assert api(frodo).post(f"/api/matches/{other.pk}/posts/", {"text": "c"}, format="json").status_code == 201


def test_match_creation_is_throttled(users, settings):
    _rates(settings, match_create="2/hour")
    body = {"engine": "wuerfeltisch", "options": {"game": "schatten-der-macht"}, "players": 2}
    codes = [api(users[0]).post("/api/matches/", body, format="json").status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    assert Match.objects.count() == 2


def test_moves_on_the_page_are_throttled_too(client, dice_match, settings):
    _rates(settings, match_move="1/minute")
    client.force_login(seat_user(dice_match, 0))
    url = reverse("matches:move", args=[dice_match.pk])
    assert client.post(url, {"action": '{"type": "roll", "dice": "W6"}', "version": "0"}).status_code == 302
    refused = client.post(url, {"action": '{"type": "roll", "dice": "W6"}', "version": "0"})
    assert refused.status_code == 429 and "Retry-After" in refused
    assert "Zu viele Anfragen" in refused.content.decode()


def test_a_cache_outage_lets_moves_through(dice_match, monkeypatch, caplog):
    from django.core.cache import cache

    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get", broken)
    response = submit(seat_user(dice_match, 0), dice_match, {"type": "roll", "dice": "W6"})
    assert response.status_code == 202
    assert "cache unreachable" in caplog.text


# --- posts paginated ------------------------------------------------------------------------------------


def test_posts_are_paginated(dice_match):
    frodo = seat_user(dice_match, 0)
    Post.objects.bulk_create([Post(match=dice_match, author=frodo, text=f"Beitrag {i}") for i in range(30)])
    first = api().get(f"/api/matches/{dice_match.pk}/posts/").json()
    assert first["count"] == 30 and len(first["results"]) == 25 and first["next"]
    assert first["results"][0]["text"] == "Beitrag 0"
    second = api().get(f"/api/matches/{dice_match.pk}/posts/?page=2").json()
    assert [p["text"] for p in second["results"]] == [f"Beitrag {i}" for i in range(25, 30)]
    assert api().get(f"/api/matches/{dice_match.pk}/posts/?page=3").status_code == 404


# --- invitations need consent -------------------------------------------------------------------------


def test_invitation_needs_consent_before_the_match_can_start(users):
    frodo, sam, merry = users[:3]
    body = {"engine": "wuerfeltisch", "options": {"game": "sauron"}, "players": 3, "invite": ["sam", "merry"]}
    response = api(frodo).post("/api/matches/", {**body, "is_public": False}, format="json")
    assert response.status_code == 201
    match_id = response.json()["id"]
    seats = response.json()["seats"]
    assert [s["invitation_pending"] for s in seats] == [False, True, True]
    # the invitees see the invitation (the match is private) but are not yet players
    assert api(sam).get(f"/api/matches/{match_id}/").status_code == 200
    refused = api(frodo).post(f"/api/matches/{match_id}/start/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invitations_pending"
    assert "2 Einladungen" in refused.json()["error"]["message"]
    post = api(sam).post(f"/api/matches/{match_id}/posts/", {"text": "Hallo"}, format="json")
    assert post.status_code == 403
    # sam accepts, merry declines: merry's seat is free again and she is out of it
    assert api(sam).post(f"/api/matches/{match_id}/accept/").status_code == 200
    declined = api(merry).post(f"/api/matches/{match_id}/decline/")
    assert declined.status_code == 200
    assert [s["user"] for s in declined.json()["seats"]] == ["frodo", "sam", None]
    assert api(merry).get(f"/api/matches/{match_id}/").status_code == 404
    # the private match is hidden from her again: nothing left to accept
    assert api(merry).post(f"/api/matches/{match_id}/accept/").status_code == 404
    assert api(frodo).post(f"/api/matches/{match_id}/start/").json()["error"]["code"] == "seats_open"
    # a third player joins by invitation and says yes: now it starts
    services.invite(Match.objects.get(pk=match_id), frodo, "pippin")
    assert api(frodo).post(f"/api/matches/{match_id}/start/").json()["error"]["code"] == "invitations_pending"
    assert api(users[3]).post(f"/api/matches/{match_id}/accept/").status_code == 200
    assert api(frodo).post(f"/api/matches/{match_id}/start/").status_code == 200


def test_nobody_else_can_accept_or_join_a_held_seat(users):
    frodo, sam, merry = users[:3]
    match = services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"}, invite=["sam"])
    assert api(merry).post(f"/api/matches/{match.pk}/accept/").json()["error"]["code"] == "not_invited"
    assert api(merry).post(f"/api/matches/{match.pk}/join/").json()["error"]["code"] == "match_full"
    assert api(sam).post(f"/api/matches/{match.pk}/join/").json()["error"]["code"] == "invitation_pending"


def test_invitation_page_accept_and_decline(client, users):
    frodo, sam = users[:2]
    match = services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"}, invite=["sam"])
    client.force_login(sam)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Einladung annehmen" in page and "Einladung ablehnen" in page
    response = client.post(reverse("matches:accept", args=[match.pk]))
    assert response.status_code == 302
    assert not Seat.objects.get(match=match, user=sam).invitation_pending
    assert "Einladung annehmen" not in client.get(match.get_absolute_url()).content.decode()


def test_invitation_declined_on_the_page_frees_the_seat(client, users):
    frodo, sam = users[:2]
    match = services.create_match(frodo, engine="wuerfeltisch", options={"game": "schatten-der-macht"}, invite=["sam"])
    client.force_login(sam)
    assert client.post(reverse("matches:decline", args=[match.pk])).status_code == 302
    assert Seat.objects.filter(match=match, user=sam).count() == 0


# --- health endpoints for a load balancer --------------------------------------------------------------


def test_health_endpoints_are_not_redirected_to_https(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/livez").status_code == 200
    assert client.get("/livez").json() == {"status": "ok"}
    assert client.get("/healthz").status_code in (200, 503)  # never 301
    assert client.get("/partien/").status_code == 301


@pytest.mark.django_db(transaction=True)
def test_healthz_503_when_a_move_waits_too_long(client, dice_match, settings):
    from datetime import timedelta

    from django.utils import timezone

    settings.HEALTH_PENDING_MOVE_SECONDS = 30
    move = Move.objects.create(
        match=dice_match, seat=Seat.objects.get(match=dice_match, order=0), action={"type": "pass"}, version=0
    )
    Move.objects.filter(pk=move.pk).update(created_at=timezone.now() - timedelta(seconds=90))
    response = client.get("/healthz")
    assert response.status_code == 503
    pending = response.json()["moves_pending"]
    assert pending["ok"] is False and pending["pending"] == 1 and pending["oldest_seconds"] >= 90


def test_livez_touches_no_database(client):
    # No database for this test: any query /livez made would raise "Database access not allowed".
    assert client.get("/livez").status_code == 200


def test_moves_and_mail_go_to_different_queues(settings):
    from config.celery import app

    settings.MOVES_QUEUE = "moves"
    router = app.amqp.router
    for name in ("matches.tasks.resolve_move", "matches.tasks.play_computer_turn"):
        assert router.route({}, name, (1,), {})["queue"].name == "moves"
    for name in ("core.tasks.run_outbox_message", "matches.tasks.sweep_pending_moves", "core.tasks.sweep_outbox"):
        assert router.route({}, name, (1,), {})["queue"].name == app.conf.task_default_queue
