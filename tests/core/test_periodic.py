"""Periodic work without beat (issue 33): the embedded default runs beat's schedule in a thread of its own,
and `make run ADDR=…` points the links in mails at the address it serves."""

import subprocess
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from core import periodic
from matches.engine.base import Text
from matches.models import MailFrequency, Match, Notice, PlayerSettings
from matches.notifications import notify


@pytest.fixture(autouse=True)
def _fresh_schedule():
    periodic._last_run.clear()
    yield
    periodic._last_run.clear()


def test_every_entry_of_beats_schedule_runs_at_once_then_when_due(settings, monkeypatch):
    ran = []
    from config.celery import app

    for _name, (task_name, _every) in periodic.schedule().items():
        monkeypatch.setattr(app.tasks[task_name], "run", lambda task_name=task_name: ran.append(task_name))
    assert set(periodic.run_due(now=1000.0)) == set(settings.CELERY_BEAT_SCHEDULE)
    assert set(ran) == {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert periodic.run_due(now=1001.0) == []
    assert periodic.run_due(now=1016.0) == ["matches-sweep-pending-moves"]  # every 15 s
    assert "matches-check-deadlines" in periodic.run_due(now=1000.0 + 301)


def test_a_failing_job_does_not_stop_the_others(settings, monkeypatch):
    from config.celery import app

    def boom():
        raise RuntimeError("broken")

    ran = []
    for _name, (task_name, _every) in periodic.schedule().items():
        monkeypatch.setattr(app.tasks[task_name], "run", lambda task_name=task_name: ran.append(task_name))
    monkeypatch.setattr(app.tasks["core.tasks.sweep_outbox"], "run", boom)
    assert len(periodic.run_due(now=5.0)) == len(settings.CELERY_BEAT_SCHEDULE)
    assert len(ran) == len(settings.CELERY_BEAT_SCHEDULE) - 1


@pytest.mark.django_db
def test_the_digest_and_the_deadlines_run_without_beat():
    from django.contrib.auth import get_user_model

    from tests.matches.conftest import start_zwei_tuerme

    users = [get_user_model().objects.create_user(n, f"{n}@auenland.example", "x") for n in ("frodo", "sam")]
    match = start_zwei_tuerme(users)
    reader = users[1]
    PlayerSettings.objects.create(user=reader, mail_frequency=MailFrequency.DIGEST)
    notify(match, [reader], "post", Text("frodo schreibt dir: „Hallo“"))
    Match.objects.filter(pk=match.pk).update(turn_started_at=timezone.now() - timedelta(days=match.turn_days * 0.9))
    mail.outbox.clear()
    periodic.run_due(now=50.0)
    assert [m.to for m in mail.outbox if "Tageszusammenfassung" in m.subject] == [[reader.email]]
    assert Notice.objects.filter(match=match, kind="reminder").exists()  # the deadline check ran too


def test_the_thread_starts_once_and_only_where_it_is_wanted(settings, monkeypatch):
    started = []
    monkeypatch.setattr(
        periodic.threading, "Thread", lambda **kw: type("T", (), {"start": lambda s: started.append(kw)})()
    )
    monkeypatch.setattr(periodic, "_started", periodic.threading.Event())
    settings.PERIODIC_IN_PROCESS = False
    assert not periodic.ensure_started()
    settings.PERIODIC_IN_PROCESS = True
    assert periodic.ensure_started() and not periodic.ensure_started()
    assert len(started) == 1 and started[0]["daemon"] is True


def _run_recipe(script: str, env: dict) -> str:
    done = subprocess.run(["/bin/bash", "-c", script], capture_output=True, text=True, env=env, timeout=30)  # noqa: S603
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("addr", "site_url"),
    [("127.0.0.1:8765", "http://127.0.0.1:8765"), ("8123", "http://127.0.0.1:8123"), ("", "http://127.0.0.1:8000")],
)
def test_make_run_points_site_url_at_the_address_it_serves(addr, site_url):
    arguments = ["/usr/bin/make", "-n", "run"] + ([f"ADDR={addr}"] if addr else [])
    recipe = subprocess.run(arguments, capture_output=True, text=True, check=True, timeout=30).stdout  # noqa: S603
    lines = recipe.strip().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("addr="))
    script = "\n".join(lines[start:]).replace(
        "manage.py runserver", "-c 'import os; print(os.environ[\"SITE_URL\"])' #"
    )
    env = {"PATH": "/usr/bin:/bin"}
    assert _run_recipe(script, env) == site_url
    assert _run_recipe(script, {**env, "SITE_URL": "https://bruchtal.example"}) == "https://bruchtal.example"
