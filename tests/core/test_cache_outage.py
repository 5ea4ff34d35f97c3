"""A Redis outage leaves log-in and search answering (issue 22: degrade, don't fail).

The cache is a Redis server of the test's own (a free port, nothing kept on disk), stopped in the middle of
the test: log-in page, token endpoint, card and rules search keep answering, the failed-log-in limit still
holds (per process), the fallback is logged, and the shared cache is used again once Redis is back.
"""

import logging
import shutil
import socket
import subprocess
import time

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from core import cache_fallback

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server fehlt"),
]
PASSWORD = "Mittelerde-2026!"


def _free_port() -> int:
    """The first free port of 8161-8169 (the range this suite's own servers use), else any free one."""
    for port in (*range(8161, 8170), 0):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise RuntimeError("no free port")


class RedisServer:
    def __init__(self):
        self.port = _free_port()
        self.process = None

    def start(self):
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # noqa: S603
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def redis_cache(settings, monkeypatch):
    server = RedisServer()
    server.start()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{server.port}/0",
            "KEY_PREFIX": "bruchtal",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login_account": "3/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    try:
        yield server
    finally:
        server.stop()
        cache_fallback.reset()


def test_a_redis_outage_leaves_log_in_and_search_answering(redis_cache, meccg_cards, client, caplog, monkeypatch):
    from django.core.cache import cache

    get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)
    assert client.get("/api/cards/", {"q": "Aragorn"})["X-Cache"] == "miss"
    assert client.get("/api/cards/", {"q": "Aragorn"})["X-Cache"] == "hit"
    assert cache.get("content-version")  # the shared cache is in use

    redis_cache.stop()
    caplog.set_level(logging.WARNING, logger="core.cache_fallback")

    response = client.post(reverse("core:login"), {"username": "sam", "password": PASSWORD})
    assert response.status_code == 302
    client.logout()
    response = client.post("/api/auth/token/", {"username": "sam", "password": PASSWORD})
    assert response.status_code == 200 and response.json()["token"]
    assert client.get("/api/cards/", {"q": "Aragorn"}).json()["count"] >= 1
    assert client.get(reverse("cards:index"), {"q": "Aragorn"}).status_code == 200
    assert client.get("/api/rules/search/", {"q": "Gefahrenlimit"}).status_code == 200
    assert client.get(reverse("rules:search"), {"q": "Gefahrenlimit"}).status_code == 200
    # Anonymous API writes keep their per-address throttle, counted in this process.
    assert client.post("/api/decks/check/", {}, content_type="application/json").status_code == 400
    assert any("cache unreachable" in record.getMessage() for record in caplog.records)

    # Wrong passwords are still limited (in this process) on the page and the token endpoint together.
    codes = [client.post(reverse("core:login"), {"username": "sam", "password": "falsch"}).status_code]
    codes += [client.post("/api/auth/token/", {"username": "sam", "password": "falsch"}).status_code for _ in range(3)]
    assert codes == [200, 400, 400, 429]

    # Redis back (empty, as after a restart): the shared cache is used again after the retry pause.
    redis_cache.start()
    monkeypatch.setattr(cache_fallback, "_down_until", 0.0)  # the retry pause is over
    assert client.get("/api/cards/", {"q": "Zwerge"})["X-Cache"] == "miss"
    assert client.get("/api/cards/", {"q": "Zwerge"})["X-Cache"] == "hit"
    assert cache.get("content-version")
