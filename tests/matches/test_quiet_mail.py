"""Quiet mail (issue 33): a mail only when it tells the player something (matches/quiet.py)."""

import random
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from core.models import Activity
from matches import mail as match_mail
from matches import notifications, selectors, services
from matches.engine.base import Text
from matches.models import MailFrequency, Match, Move, Notice, PlayerSettings, Seat

from .conftest import api, start_zwei_tuerme

pytestmark = pytest.mark.django_db


@pytest.fixture
def quiet(settings):
    settings.MAIL_AWAY_MINUTES = 15  # the default (tests/conftest.py turns this rule off elsewhere)
    return settings


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    def run(call):
        with django_capture_on_commit_callbacks(execute=True):
            return call()

    return run


def mails_to(user) -> list:
    return [m for m in mail.outbox if user.email in m.to]


def away(user, minutes=60):
    """The user's last request, move and post lie ``minutes`` back."""
    then = timezone.now() - timedelta(minutes=minutes)
    Activity.objects.update_or_create(user=user, defaults={"seen_at": then})
    Move.objects.filter(seat__user=user).update(created_at=then)


def test_25_moves_against_the_computer_send_the_human_at_most_3_mails(users, quiet, commits):
    """The human plays 25 moves (a new match whenever one ends); the computer answers each at once."""
    frodo, client, chooser = users[0], api(users[0]), random.Random(33)
    body = {"engine": "zwei-tuerme", "players": 2, "bots": 1, "bot_level": "leicht"}
    match_id, moves, matches = None, 0, 0
    while moves < 25:
        if match_id is None or client.get(f"/api/matches/{match_id}/").json()["status"] != "running":
            response = commits(lambda: client.post("/api/matches/", body, format="json"))
            assert response.status_code == 201
            match_id, matches = response.json()["id"], matches + 1
        legal = client.get(f"/api/matches/{match_id}/legal/").json()
        action = chooser.choice(legal["actions"])
        sent = commits(
            lambda action=action, legal=legal, match_id=match_id: client.post(
                f"/api/matches/{match_id}/moves/", {"action": action, "version": legal["version"]}, format="json"
            )
        )
        assert sent.status_code == 202
        moves += 1
    assert Notice.objects.filter(user=frodo, kind="turn").count() >= 25 - matches  # in the site, every one
    print(f"\n25 moves in {matches} matches against the computer: {len(mails_to(frodo))} mails to the human")
    assert len(mails_to(frodo)) <= 3, [m.subject for m in mails_to(frodo)]


def test_who_clicks_start_is_not_mailed_that_it_is_their_turn(users, settings, commits):
    settings.MAIL_AWAY_MINUTES = 0  # even without the activity rule
    frodo, sam = users[0], users[1]
    for _attempt in range(12):  # the seat order is drawn: until the starter moves first
        mail.outbox.clear()
        match = services.create_match(frodo, engine="zwei-tuerme", players=2, invite=[sam.username])
        services.accept_invitation(match, sam)
        assert commits(lambda match=match: api(frodo).post(f"/api/matches/{match.pk}/start/")).status_code == 200
        match.refresh_from_db()
        first = Seat.objects.get(match=match, order=selectors.current_seats(match)[0]).user
        if first == frodo:
            assert Notice.objects.filter(match=match, user=frodo, kind="turn").exists()  # in the site
            assert not [m for m in mails_to(frodo) if "am Zug" in m.subject]
            return
        assert [m for m in mails_to(sam) if "am Zug" in m.subject]  # the other player, away, is mailed
    pytest.fail("the starter never drew the first seat")


def turn_notice(match, user):
    with_outbox = notifications.notify(match, [user], "turn", Text(services.TURN_NOTICE))
    return with_outbox[0]


def deliver(notice) -> bool:
    return bool(notifications.send_notice_mail(notice.pk))


def test_an_active_player_gets_no_turn_mail_an_away_player_one(users, quiet):
    match = start_zwei_tuerme(users)
    user = Seat.objects.get(match=match, order=match.state["turn"]).user
    Activity.objects.update_or_create(user=user, defaults={"seen_at": timezone.now() - timedelta(minutes=5)})
    assert not deliver(turn_notice(match, user))
    away(user, minutes=16)
    assert deliver(turn_notice(match, user))


def test_away_the_first_turn_mail_of_a_match_goes_out_once_not_per_move(users, quiet):
    match = start_zwei_tuerme(users)
    user = Seat.objects.get(match=match, order=match.state["turn"]).user
    away(user)
    assert deliver(turn_notice(match, user))
    assert not deliver(turn_notice(match, user))  # still away, the first one unread: no second mail
    assert not deliver(turn_notice(match, user))
    # back (the match page read its notices), then away again: the next one is mailed
    Notice.objects.filter(user=user, match=match).update(read_at=timezone.now())
    away(user)
    assert deliver(turn_notice(match, user))


def test_no_mail_to_a_player_on_the_match_page_nor_for_a_read_notice(users, quiet):
    match = start_zwei_tuerme(users)
    user = Seat.objects.get(match=match, order=match.state["turn"]).user
    away(user)
    Seat.objects.filter(match=match, user=user).update(seen_at=timezone.now())  # the page's live stream
    assert not deliver(turn_notice(match, user))
    post_notice = notifications.notify(match, [user], "post", Text("%(name)s schreibt dir: „%(text)s“", {}))[0]
    assert not deliver(post_notice)
    Seat.objects.filter(match=match, user=user).update(seen_at=timezone.now() - timedelta(minutes=5))
    notice = turn_notice(match, user)
    Notice.objects.filter(pk=notice.pk).update(read_at=timezone.now())
    assert not deliver(notice)
    assert deliver(turn_notice(match, user))


def test_no_turn_mail_once_the_turn_has_passed(users, quiet):
    match = start_zwei_tuerme(users)
    waiting = Seat.objects.get(match=match, order=1 - match.state["turn"]).user
    away(waiting)
    assert not deliver(turn_notice(match, waiting))  # not (or no longer) their turn


def test_the_page_and_the_api_count_as_activity(users, client):
    frodo = users[0]
    client.force_login(frodo)
    assert client.get("/partien/").status_code == 200
    assert Activity.objects.get(user=frodo).seen_at > timezone.now() - timedelta(seconds=5)
    api(users[1]).get("/api/matches/")  # a token or session request through DRF
    assert Activity.objects.filter(user=users[1]).exists()


def test_an_open_page_updating_itself_is_not_activity(users, client, settings):
    settings.LIVE_STREAM_WSGI = False
    match = start_zwei_tuerme(users)
    client.force_login(users[2])
    client.get(f"/partien/{match.pk}/stand/")
    client.get(f"/partien/{match.pk}/live/")
    client.get(match.get_absolute_url(), headers={"X-Requested-With": "live"})  # live.js fetching the page
    assert not Activity.objects.filter(user=users[2]).exists()


def test_the_digest_says_the_time_left_only_to_the_player_on_turn(users, quiet):
    match = start_zwei_tuerme(users)
    on_turn = Seat.objects.get(match=match, order=match.state["turn"]).user
    waiting = Seat.objects.get(match=match, order=1 - match.state["turn"]).user
    for user in (on_turn, waiting):
        PlayerSettings.objects.update_or_create(user=user, defaults={"mail_frequency": MailFrequency.DIGEST})
    notifications.notify(match, [on_turn, waiting], "post", Text("%(name)s schreibt dir: „%(text)s“", {}))
    mail.outbox.clear()
    assert match_mail.send_daily_digests() == 2
    body = {m.to[0]: m.body for m in mail.outbox}
    assert "Zeit für den Zug: noch" in body[on_turn.email]
    assert "noch" not in body[waiting.email].split("Am Tisch")[0] and "Zeit für den Zug" not in body[waiting.email]


def test_a_computer_name_and_its_colour_share_one_bracket(users, commits):
    client = api(users[0])
    body = {"engine": "zwei-tuerme", "players": 2, "bots": 1, "bot_level": "stark"}
    match_id = commits(lambda: client.post("/api/matches/", body, format="json")).json()["id"]
    for _move in range(2):  # the computer's answers are in the log
        legal = client.get(f"/api/matches/{match_id}/legal/").json()
        move = {"action": legal["actions"][0], "version": legal["version"]}
        commits(lambda move=move: client.post(f"/api/matches/{match_id}/moves/", move, format="json"))
    events = client.get(f"/api/matches/{match_id}/events/").json()["results"]
    texts = " ".join(e["text"] for e in events)
    assert "Baumbart (stark, " in texts and "(stark) (" not in texts
    page = client.get(Match.objects.get(pk=match_id).get_absolute_url()).content.decode()
    assert "(stark) (" not in page and "Baumbart (stark, " in page
