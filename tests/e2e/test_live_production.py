"""Live pages in the production shape (issue 33): gunicorn (sync workers) serves the pages and the API and
applies the move, uvicorn (ASGI) streams the events, Redis pub/sub carries "the match changed" from one to
the other. A browser watching the match through uvicorn sees a move sent to gunicorn within 2 s, without a
reload; gunicorn itself refuses the stream (204), so no sync worker is ever held by an open page."""

import json
import os
import subprocess
import sys
import time
import urllib.request

import pytest
import redis
from playwright.sync_api import expect

from tests.core import servers

from .helpers import login, wait_true

pytestmark = pytest.mark.e2e

REDIS_URL = os.environ.get("LIVE_TEST_REDIS_URL") or os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/4"
PASSWORD = "Mittelerde-Zug-42"

MAKE_MATCH = f"""
from django.contrib.auth import get_user_model
from matches import services
from matches.engine import registry
from matches.models import Match, Seat
User = get_user_model()
a, b = (User.objects.create_user(n, f"{{n}}@imladris.example", "{PASSWORD}") for n in ("elrond", "arwen"))
m = services.create_match(a, engine="zwei-tuerme", players=2, invite=["arwen"])
services.accept_invitation(m, b)
services.start(m, a)
engine = registry.get("zwei-tuerme")
while Match.objects.get(pk=m.pk).state["phase"] != "play":
    m = Match.objects.get(pk=m.pk)
    seat = engine.current_seats(m.state)[0]
    user = Seat.objects.get(match=m, order=seat).user
    move, _ = services.submit_move(m, user, engine.default_action(m.state, seat), m.version)
    services.resolve_move(move.pk)
m = Match.objects.get(pk=m.pk)
turn = Seat.objects.get(match=m, order=m.state["turn"]).user.username
print(m.pk, turn)
"""


def redis_reachable() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def call(url: str, body: dict | None = None, token: str = "") -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json", **({"Authorization": f"Token {token}"} if token else {})}
    request = urllib.request.Request(url, data=data, headers=headers)  # noqa: S310 (a local test server)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, {}


@pytest.fixture
def production(tmp_path):
    if not redis_reachable():
        pytest.skip(f"kein Redis unter {REDIS_URL}: der Test braucht Pub/Sub zwischen den Prozessen")
    url = servers.migrated_sqlite(tmp_path / "site.sqlite3")
    made = subprocess.run(  # noqa: S603 (our own interpreter and fixed arguments)
        [sys.executable, "manage.py", "shell", "-c", MAKE_MATCH],
        cwd=servers.ROOT,
        env=servers.environment(url),
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    match_id, mover = made.stdout.split()[-2:]
    env = servers.environment(url, LIVE_REDIS_URL=REDIS_URL, LIVE_STREAM_WSGI="false", PERIODIC_IN_PROCESS="false")
    web, live = servers.free_port(), servers.free_port()
    gunicorn = servers.gunicorn(web, env, workers=2, log=tmp_path / "gunicorn.log")
    uvicorn = None
    try:
        uvicorn = servers.uvicorn(live, env, log=tmp_path / "uvicorn.log")
        yield f"http://127.0.0.1:{web}", f"http://127.0.0.1:{live}", int(match_id), mover
    finally:
        servers.stop(uvicorn)
        servers.stop(gunicorn)


def test_a_move_applied_by_gunicorn_shows_on_a_page_streamed_by_uvicorn(production, browser):
    pages, live, match_id, mover = production
    waiter = "arwen" if mover == "elrond" else "elrond"
    # (the first request of a fresh worker imports the URL conf: slow on a busy machine, hence the timeout)
    assert urllib.request.urlopen(f"{pages}/partien/{match_id}/live/", timeout=60).status == 204  # noqa: S310
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        login(page, live, waiter, PASSWORD)
        page.goto(f"{live}/partien/{match_id}/")
        expect(page.locator("#partie[data-live-state=stream]")).to_be_attached()
        page.evaluate("document.documentElement.dataset.liveMarker = 'same page'")
        _status, token = call(f"{pages}/api/auth/token/", {"username": mover, "password": PASSWORD})
        legal = call(f"{pages}/api/matches/{match_id}/legal/", token=token["token"])[1]
        action = next(a for a in legal["actions"] if a.get("type") == "move")
        status, _move = call(
            f"{pages}/api/matches/{match_id}/moves/",
            {"action": action, "version": legal["version"]},
            token=token["token"],
        )
        assert status == 202
        sent = time.monotonic()
        wait_true(
            lambda: "Zug abschicken" in (page.locator("[data-live='play']").text_content() or ""),
            timeout=2.0,
            what="the move on the streamed page",
        )
        print(f"\nmove through gunicorn shown by the uvicorn stream after {time.monotonic() - sent:.2f} s")
        assert page.evaluate("document.documentElement.dataset.liveMarker") == "same page"
        expect(page.locator("[data-last-move]")).to_contain_text(mover)
    finally:
        context.close()
