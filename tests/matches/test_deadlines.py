"""Turn deadlines: a reminder at 80 %, the chosen policy at the deadline, both idempotent."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from matches import services
from matches.models import DeadlinePolicy, Match, MatchStatus, Notice, PlayerSettings, Seat

pytestmark = pytest.mark.django_db


def running(users, policy=DeadlinePolicy.DEFAULT_ACTION, days=2, players=3):
    names = [u.username for u in users[1:players]]
    game = "sauron" if players >= 3 else "schatten-der-macht"
    match = services.create_match(
        users[0],
        engine="wuerfeltisch",
        options={"game": game},
        players=players,
        invite=names,
        turn_days=days,
        deadline_policy=policy,
    )
    for user in users[1:players]:
        services.accept_invitation(match, user)
    services.start(match, users[0])
    return Match.objects.get(pk=match.pk)


def turn_holder(match):
    return Seat.objects.get(match=match, order=match.state["turn"]).user


def test_reminder_at_eighty_percent_once(users, django_capture_on_commit_callbacks):
    match = running(users)
    start = match.turn_started_at
    assert services.check_deadlines(now=start + timedelta(days=1.5)) == {"reminders": 0, "expired": 0}
    with django_capture_on_commit_callbacks(execute=True):
        assert services.check_deadlines(now=start + timedelta(days=1.7))["reminders"] == 1
    holder = turn_holder(match)
    assert Notice.objects.filter(user=holder, kind="reminder").count() == 1
    assert any("Erinnerung" in m.subject and m.to == [holder.email] for m in mail.outbox)
    assert services.check_deadlines(now=start + timedelta(days=1.8))["reminders"] == 0  # idempotent


def test_default_action_at_deadline(users):
    match = running(users)
    holder = turn_holder(match)
    services.check_deadlines(now=match.turn_started_at + timedelta(days=2, seconds=1))
    match.refresh_from_db()
    assert match.state["turn"] == 1 and match.version == 1
    auto = match.moves.get()
    assert auto.automatic and auto.seat.user == holder and auto.action == {"type": "pass"}
    assert "Bedenkzeit" in match.events.order_by("-sequence")[1].public["template"]
    # run again at the same moment: nothing more happens (the new turn has a fresh clock)
    services.check_deadlines(now=match.turn_started_at + timedelta(seconds=1))
    assert Match.objects.get(pk=match.pk).version == 1


def test_resign_policy_at_deadline(users):
    match = running(users, policy=DeadlinePolicy.RESIGN, players=2)
    holder = turn_holder(match)
    call_command("check_deadlines")  # nothing due yet
    services.check_deadlines(now=match.turn_started_at + timedelta(days=3))
    match.refresh_from_db()
    assert Seat.objects.get(match=match, user=holder).resigned
    assert match.status == MatchStatus.FINISHED
    assert match.result["winners"] == [1 - Seat.objects.get(match=match, user=holder).order]


def test_no_mail_when_switched_off(users, django_capture_on_commit_callbacks):
    PlayerSettings.objects.create(user=users[1], email_notifications=False)
    PlayerSettings.objects.create(user=users[0], email_notifications=False)
    with django_capture_on_commit_callbacks(execute=True):
        match = running(users, players=2)
    assert Notice.objects.filter(match=match, kind="turn").exists()  # the in-site notice is always there
    assert mail.outbox == []


def test_sweep_reenqueues_old_pending_moves(users, django_capture_on_commit_callbacks):
    match = running(users)
    with django_capture_on_commit_callbacks(execute=False):  # the broker "lost" the task
        move, _ = services.submit_move(match, turn_holder(match), {"type": "roll", "dice": "W6"}, 0)
    assert services.sweep_pending_moves(older_than_seconds=60) == 0  # too young to be swept
    move.__class__.objects.filter(pk=move.pk).update(created_at=timezone.now() - timedelta(seconds=30))
    assert services.sweep_pending_moves() == 1
    move.refresh_from_db()
    assert move.status == "applied"
