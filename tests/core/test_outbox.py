"""The outbox: tasks are recorded with the change, handed over after commit, swept, run once."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from core import outbox
from core.models import OutboxMessage

pytestmark = pytest.mark.django_db


def _signup(client):
    return client.post(
        reverse("core:signup"),
        {
            "username": "merry",
            "email": "merry@bockland.example",
            "password1": "Bockland-Fähre-9",
            "password2": "Bockland-Fähre-9",
        },
    )


def test_welcome_mail_is_recorded_with_the_account(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        _signup(client)
    message = OutboxMessage.objects.get()
    user = get_user_model().objects.get(username="merry")
    assert (message.kind, message.payload, message.state) == ("welcome_mail", {"user_id": user.pk}, "pending")
    assert len(callbacks) == 1 and mail.outbox == []
    callbacks[0]()  # the commit hands it over; eager here, so it runs at once
    message.refresh_from_db()
    assert message.state == "done" and message.attempts == 1
    assert mail.outbox[0].to == ["merry@bockland.example"]


def test_failed_publish_never_fails_the_request(client, broker_unreachable, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = _signup(client)
    # The account is there, the visitor is signed in, the mail waits in the outbox.
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(get_user_model().objects.get(username="merry").pk)
    message = OutboxMessage.objects.get()
    assert message.state == "pending" and message.dispatched_at is None
    assert mail.outbox == []


def test_sweep_hands_over_what_is_pending_and_delivery_runs_once(client, django_capture_on_commit_callbacks):
    user = get_user_model().objects.create_user("pippin", "pippin@tuckborough.example", "x")
    with django_capture_on_commit_callbacks(execute=False):
        message = outbox.enqueue("welcome_mail", {"user_id": user.pk})
    assert outbox.sweep() == 1  # eager: handed over and run
    message.refresh_from_db()
    assert message.state == "done"
    assert outbox.sweep() == 0
    # A redelivered message (a killed worker's) is harmless: it finds the row done.
    assert outbox.deliver(message.pk) == "skipped"
    assert len(mail.outbox) == 1


def test_failing_handler_is_retried_then_parked(monkeypatch):
    message = OutboxMessage.objects.create(kind="welcome_mail", payload={"user_id": 999_999})
    for attempt in range(1, outbox.MAX_ATTEMPTS + 1):
        assert outbox.deliver(message.pk) == "failed"
        message.refresh_from_db()
        assert message.attempts == attempt
        assert "DoesNotExist" in message.last_error
    assert message.state == "failed"
    assert outbox.deliver(message.pk) == "skipped"


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown outbox kind"):
        outbox.enqueue("nonsense", {})


def test_backoff_doubles_from_thirty_seconds_to_at_most_an_hour():
    waits = [outbox.backoff(attempts).total_seconds() for attempts in range(1, outbox.MAX_ATTEMPTS + 1)]
    assert waits[:8] == [30, 60, 120, 240, 480, 960, 1920, 3600]
    assert set(waits[7:]) == {3600}


def test_a_failed_message_waits_its_backoff_before_the_sweep_hands_it_over(monkeypatch):
    handed = []
    monkeypatch.setattr(outbox, "dispatch", lambda message_id, **options: handed.append(message_id) or True)
    message = OutboxMessage.objects.create(kind="welcome_mail", payload={"user_id": 999_999})  # the handler fails
    for attempt in range(1, 5):
        before = timezone.now()
        assert outbox.deliver(message.pk) == "failed"
        after = timezone.now()
        wait = outbox.backoff(attempt)
        # not due again at once, nor a second before its back-off has passed since the failure ...
        for now in (after, after + timedelta(seconds=1), before + wait - timedelta(seconds=1)):
            assert outbox.sweep(now=now) == 0 and handed == [], (attempt, now - after)
        # ... and due once it has
        assert outbox.sweep(now=after + wait) == 1 and handed == [message.pk], attempt
        handed.clear()
