"""/healthz under a saturated web tier (issue 33): the production shape, gunicorn with two sync workers for the
pages and uvicorn for the event streams and the health check, on a database of the test's own. While 48
clients keep gunicorn's workers busy with match pages, /healthz through uvicorn answers at once; the same
check through gunicorn waits in the queue behind the pages (which is what the probe must not do)."""

import json
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from . import servers

PROBE_TIMEOUT = 2.0  # docs/operations.md: the probe's timeout (every check is bounded at 1.5 s)
CLIENTS = 48

MAKE_MATCH = """
from django.contrib.auth import get_user_model
from matches import services
from matches.engine import registry
from matches.models import Match, Seat
User = get_user_model()
a, b = (User.objects.create_user(n, f"{n}@example.org", "x") for n in ("frodo", "sam"))
m = services.create_match(a, engine="zwei-tuerme", players=2, invite=["sam"])
services.accept_invitation(m, b)
services.start(m, a)
engine = registry.get("zwei-tuerme")
for _ in range(24):
    m = Match.objects.get(pk=m.pk)
    seat = engine.current_seats(m.state)[0]
    user = Seat.objects.get(match=m, order=seat).user
    move, _ = services.submit_move(m, user, engine.default_action(m.state, seat), m.version)
    services.resolve_move(move.pk)
print(m.pk)
"""


def timed_get(url: str) -> tuple[float, int]:
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 (a local test server)
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return time.monotonic() - started, status


@pytest.fixture
def web_tier(tmp_path):
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
    match_id = int(made.stdout.strip().splitlines()[-1])
    web, live = servers.free_port(), servers.free_port()
    env = servers.environment(url, HEALTH_WEB_ADDR=f"127.0.0.1:{web}")
    gunicorn = servers.gunicorn(web, env, workers=2, log=tmp_path / "gunicorn.log")
    uvicorn = None
    try:
        uvicorn = servers.uvicorn(live, env, log=tmp_path / "uvicorn.log")
        yield f"http://127.0.0.1:{web}", f"http://127.0.0.1:{live}", match_id
    finally:
        servers.stop(uvicorn)
        servers.stop(gunicorn)


def test_healthz_answers_at_once_while_the_pages_queue(web_tier):
    pages, live, match_id = web_tier
    _elapsed, status = timed_get(f"{live}/healthz")
    assert status == 200
    with urllib.request.urlopen(f"{live}/healthz", timeout=5) as response:  # noqa: S310
        body = json.loads(response.read())
    assert body["web"] == {"ok": True, "address": pages.removeprefix("http://")}  # it checks gunicorn too

    stop = threading.Event()
    page_times: list[float] = []

    def hammer():
        while not stop.is_set():
            elapsed, status = timed_get(f"{pages}/partien/{match_id}/")
            if status == 200:
                page_times.append(elapsed)

    clients = [threading.Thread(target=hammer, daemon=True) for _ in range(CLIENTS)]
    for client in clients:
        client.start()
    time.sleep(3)  # the queue fills
    through_live, through_pages = [], []
    try:
        for _round in range(8):
            pair: dict[str, tuple[float, int]] = {}
            probes = [
                threading.Thread(target=lambda pair=pair: pair.__setitem__("live", timed_get(f"{live}/healthz"))),
                threading.Thread(target=lambda pair=pair: pair.__setitem__("pages", timed_get(f"{pages}/healthz"))),
            ]
            for probe in probes:
                probe.start()
            for probe in probes:
                probe.join()
            through_live.append(pair["live"])
            through_pages.append(pair["pages"])
            time.sleep(0.2)
    finally:
        stop.set()
        for client in clients:
            client.join(timeout=60)
    live_times = [t for t, _s in through_live]
    pages_times = [t for t, _s in through_pages]
    print(
        f"\npages under load: median {statistics.median(page_times):.3f} s ({len(page_times)} answered); "
        f"/healthz through uvicorn: median {statistics.median(live_times):.3f} s, max {max(live_times):.3f} s; "
        f"through gunicorn: median {statistics.median(pages_times):.3f} s, max {max(pages_times):.3f} s"
    )
    assert all(status == 200 for _t, status in through_live), through_live
    assert statistics.median(pages_times) > 0.5, "the web tier was not saturated: the test shows nothing"
    assert max(live_times) < PROBE_TIMEOUT, live_times
    assert statistics.median(live_times) < statistics.median(pages_times) / 3, (live_times, pages_times)
