"""The live channel of the match page (issue 33): what moves the revision, who hears a change, the stream."""

import pytest
from django.test import Client

from matches import live, services, views_live
from matches.models import Match, Move, Seat

from .conftest import start_zwei_tuerme

pytestmark = pytest.mark.django_db


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    def run(call):
        with django_capture_on_commit_callbacks(execute=True):
            return call()

    return run


def test_the_revision_moves_on_with_a_move_a_post_and_a_rejected_move(users, commits):
    match = start_zwei_tuerme(users)
    seen = {views_live.revision(match.pk)}
    commits(lambda: services.post(match, users[0], "Hallo"))
    seen.add(views_live.revision(match.pk))
    fresh = Match.objects.get(pk=match.pk)
    seat = Seat.objects.get(match=fresh, order=fresh.state["turn"])
    bad, _ = services.submit_move(fresh, seat.user, {"type": "place", "to": [1, 1]}, fresh.version)
    services.resolve_move(bad.pk)
    assert Move.objects.get(pk=bad.pk).status == "rejected"
    seen.add(views_live.revision(match.pk))
    from matches.engine import registry

    action = registry.get("zwei-tuerme").default_action(fresh.state, seat.order)
    good, _ = services.submit_move(fresh, seat.user, action, fresh.version)
    services.resolve_move(good.pk)
    seen.add(views_live.revision(match.pk))
    assert len(seen) == 4
    assert views_live.revision(10**9) == ""


def test_a_post_and_a_move_are_heard_by_the_match_listeners_after_the_commit(users, commits):
    match = start_zwei_tuerme(users)
    other = start_zwei_tuerme(users)
    with live.listening(match.pk) as wait, live.listening(other.pk) as wait_other:
        assert not wait(0.01)
        commits(lambda: services.post(match, users[0], "Hallo"))
        assert wait(1.0)
        assert not wait_other(0.05)  # another match hears nothing


def test_the_stream_starts_with_the_revision_and_marks_the_seat_as_on_the_page(users, settings):
    settings.LIVE_STREAM_WSGI = True
    match = start_zwei_tuerme(users)
    client = Client()
    client.force_login(users[1])
    response = client.get(f"/partien/{match.pk}/live/")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-store" and response["X-Accel-Buffering"] == "no"
    first = next(iter(response.streaming_content)).decode()
    assert first.startswith("retry: ") and "event: rev" in first and views_live.revision(match.pk) in first
    assert Seat.objects.get(match=match, user=users[1]).seen_at is not None


def test_a_wsgi_server_that_must_not_hold_a_worker_answers_204(users, settings):
    settings.LIVE_STREAM_WSGI = False
    match = start_zwei_tuerme(users)
    assert Client().get(f"/partien/{match.pk}/live/").status_code == 204
    poll = Client().get(f"/partien/{match.pk}/stand/")
    assert poll.status_code == 200 and poll.json() == {"rev": views_live.revision(match.pk)}


def test_a_private_match_of_others_has_no_stream_and_no_revision(users, settings):
    settings.LIVE_STREAM_WSGI = True
    match = services.create_match(users[0], engine="zwei-tuerme", players=2, is_public=False)
    client = Client()
    client.force_login(users[3])
    assert client.get(f"/partien/{match.pk}/live/").status_code == 404
    assert client.get(f"/partien/{match.pk}/stand/").status_code == 404
