"""A task queued inside a request's transaction runs only after commit and sees the row."""

import time

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import transaction
from django.urls import reverse

from core import outbox


def _wait_for_mail(count=1, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(mail.outbox) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"no mail after {timeout}s: the worker did not run the task")


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


@pytest.mark.django_db
def test_eager_task_waits_for_commit(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = _signup(client)
    assert response.status_code == 302
    assert len(callbacks) == 1
    assert mail.outbox == []  # not before the commit
    callbacks[0]()
    assert mail.outbox[0].to == ["merry@bockland.example"]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_real_worker_runs_task_after_request_commit(client, celery_session_worker):
    response = _signup(client)
    assert response.status_code == 302
    _wait_for_mail()
    assert mail.outbox[0].to == ["merry@bockland.example"]


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_real_worker_does_not_see_uncommitted_row(celery_session_worker):
    with transaction.atomic():
        user = get_user_model().objects.create_user("pippin", "pippin@tuckborough.example", "x")
        outbox.enqueue("welcome_mail", {"user_id": user.pk})
        time.sleep(0.5)
        assert mail.outbox == []  # queued only on commit: the worker has nothing yet
    _wait_for_mail()
    assert mail.outbox[0].to == ["pippin@tuckborough.example"]
