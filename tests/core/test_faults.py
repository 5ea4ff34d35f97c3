"""Outages without lost work: broker away, broker or database hanging, a worker killed hard."""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connection, transaction
from django.urls import reverse

from core import health, outbox
from core.models import OutboxMessage
from core.tasks import run_outbox_message

from .conftest import publishing_to
from .netfaults import Blackhole, TcpProxy


def _signup(client, name="merry"):
    return client.post(
        reverse("core:signup"),
        {
            "username": name,
            "email": f"{name}@bockland.example",
            "password1": "Bockland-Fähre-9",
            "password2": "Bockland-Fähre-9",
        },
    )


def _wait(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return time.monotonic()
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {timeout}s")


@pytest.fixture
def broker_proxy():
    target = urlsplit(settings.CELERY_BROKER_URL)
    proxy = TcpProxy(target.hostname or "127.0.0.1", target.port or 6379)
    url = target._replace(netloc=f"127.0.0.1:{proxy.port}").geturl()
    with publishing_to(url):
        yield proxy
    proxy.close()


@pytest.fixture
def blackhole():
    hole = Blackhole()
    yield hole
    hole.close()


# --- the broker is away, then back -------------------------------------------------------


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_signup_while_broker_is_away_then_mail_once_it_is_back(client, celery_session_worker, broker_proxy):
    broker_proxy.down()
    response = _signup(client)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="merry")
    assert client.session["_auth_user_id"] == str(user.pk)
    message = OutboxMessage.objects.get()
    assert message.state == "pending" and message.dispatched_at is None
    time.sleep(1)
    assert mail.outbox == []

    broker_proxy.up()
    assert outbox.sweep() == 1  # what Celery beat runs every 30 s
    _wait(lambda: len(mail.outbox) >= 1, 20, "welcome mail after the broker came back")
    assert mail.outbox[0].to == ["merry@bockland.example"]
    _wait(lambda: OutboxMessage.objects.get().state == "done", 10, "message marked done")
    assert OutboxMessage.objects.get().attempts == 1


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_task_queued_while_broker_is_away_runs_once_it_is_back(celery_session_worker, broker_proxy):
    user = get_user_model().objects.create_user("pippin", "pippin@tuckborough.example", "x")
    broker_proxy.down()
    with transaction.atomic():
        message = outbox.enqueue("welcome_mail", {"user_id": user.pk})
    message.refresh_from_db()
    assert message.state == "pending" and message.dispatched_at is None
    broker_proxy.up()
    # Swept twice (two beat runs overlapping): still one mail.
    assert outbox.sweep() == 1
    outbox.sweep(now=message.created_at + outbox.REDISPATCH_AFTER * 2)
    _wait(lambda: OutboxMessage.objects.get().state == "done", 20, "outbox message done")
    time.sleep(1)
    assert [m.to for m in mail.outbox] == [["pippin@tuckborough.example"]]


# --- hanging peers: /healthz answers 503 within 3 s ---------------------------------------


@pytest.mark.django_db
def test_healthz_with_a_hanging_broker_is_503_within_3_seconds(client, settings, blackhole):
    client.get("/healthz")  # warm-up: the first request of a process imports the URL conf
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{blackhole.port}/0"
    start = time.monotonic()
    response = client.get("/healthz")
    elapsed = time.monotonic() - start
    assert response.status_code == 503
    assert response.json()["broker"]["ok"] is False
    assert response.json()["database"]["ok"] is True
    assert elapsed < 3, elapsed


@pytest.mark.skipif(
    not settings.IS_POSTGRES, reason="eine hängende Datenbank braucht eine Netzwerkverbindung (PostgreSQL)"
)
@pytest.mark.django_db
def test_healthz_with_a_hanging_database_is_503_within_3_seconds(client, blackhole, monkeypatch):
    client.get("/healthz")  # warm-up: the first request of a process imports the URL conf
    # /healthz checks on a fresh connection in a worker thread: point that one at the black hole.
    monkeypatch.setitem(settings.DATABASES["default"], "HOST", "127.0.0.1")
    monkeypatch.setitem(settings.DATABASES["default"], "PORT", str(blackhole.port))
    health.forget_connections()  # the checks keep their connections: connect again, to the black hole
    start = time.monotonic()
    response = client.get("/healthz")
    elapsed = time.monotonic() - start
    assert response.status_code == 503
    assert response.json()["database"] == {"ok": False, "error": "timeout", "timeout_seconds": 1.5}
    assert elapsed < 3, elapsed


@pytest.mark.django_db(transaction=True)
def test_signup_with_a_hanging_broker_still_succeeds(client, blackhole):
    start = time.monotonic()
    with publishing_to(f"redis://127.0.0.1:{blackhole.port}/0"):
        response = _signup(client)
    elapsed = time.monotonic() - start
    assert response.status_code == 302
    assert OutboxMessage.objects.get().state == "pending"
    # Bounded by the broker socket timeouts (2 s, one retry), not by kombu's defaults.
    assert elapsed < 15, elapsed


# --- a worker killed hard mid-task ----------------------------------------------------------


def _database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"], safe="")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _start_worker(queue: str, mail_dir: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "EMAIL_URL": f"filemail://{mail_dir.as_posix().replace('/', '//', 1)}",  # filemail:////abs/path
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue]
    command += ["-l", "warning", "--without-heartbeat", "--without-mingle", "--without-gossip", "-n", f"{queue}@%h"]
    return subprocess.Popen(  # noqa: S603 (our own interpreter and arguments)
        command, cwd=settings.BASE_DIR, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def _backends_waiting_for_a_lock() -> int:
    with connection.cursor() as cursor:
        # Inside a transaction PostgreSQL would keep showing the first snapshot of the statistics.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


@pytest.mark.worker
@pytest.mark.skipif(not settings.IS_POSTGRES, reason="braucht Zeilensperren über Prozesse hinweg (PostgreSQL)")
@pytest.mark.django_db(transaction=True)
def test_worker_killed_mid_task_runs_it_again_within_a_minute_once(tmp_path):
    user = get_user_model().objects.create_user("sam", "sam@auenland.example", "x")
    message = OutboxMessage.objects.create(kind="welcome_mail", payload={"user_id": user.pk})
    queue = f"bruchtal-kill-{uuid.uuid4().hex[:8]}"
    first = _start_worker(queue, tmp_path)
    second = None
    try:
        with transaction.atomic():
            # Hold the row: the first worker takes the message and then waits on this lock, mid-task.
            OutboxMessage.objects.select_for_update().get(pk=message.pk)
            run_outbox_message.apply_async((message.pk,), queue=queue)
            _wait(lambda: _backends_waiting_for_a_lock() >= 1, 60, "first worker started the task")
            first.send_signal(signal.SIGKILL)
            first.wait(10)
            killed_at = time.monotonic()
        second = _start_worker(queue, tmp_path)
        done_at = _wait(
            lambda: OutboxMessage.objects.get(pk=message.pk).state == "done", 90, "task run again after the kill"
        )
        assert done_at - killed_at < 60
        time.sleep(2)  # a second (wrong) run would show up here
        mails = list(tmp_path.iterdir())
        assert len(mails) == 1
        assert "sam@auenland.example" in mails[0].read_text()
        assert OutboxMessage.objects.get(pk=message.pk).attempts == 1  # the killed run left nothing behind
    finally:
        for worker in (first, second):
            if worker is not None and worker.poll() is None:
                worker.terminate()
                try:
                    worker.wait(15)
                except subprocess.TimeoutExpired:
                    worker.kill()
