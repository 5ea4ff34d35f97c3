"""The database unreachable: 503 with Retry-After and a German message, not a 500 (issue 33)."""

import json
import urllib.error
import urllib.request

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client

from . import servers


def refuse(*_args, **_kwargs):
    raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')


@pytest.fixture
def outage(monkeypatch):
    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", refuse)


def test_pages_and_the_api_answer_503_with_retry_after_while_the_database_is_away(outage):
    client = Client(raise_request_exception=False)
    page = client.get("/partien/")
    assert page.status_code == 503 and page["Retry-After"] == "30"
    body = page.content.decode()
    assert "Die Datenbank ist gerade nicht erreichbar" in body and "30 Sekunden" in body
    for response in (
        client.get("/api/matches/"),
        client.post(
            "/api/matches/1/moves/",
            {"action": {"type": "roll"}, "version": 0},
            content_type="application/json",
            HTTP_AUTHORIZATION="Token abc",
        ),
        client.get("/api/matches/1/events/", HTTP_AUTHORIZATION="Token abc"),
    ):
        assert response.status_code == 503, response.content
        assert response["Retry-After"] == "30"
        error = response.json()["error"]
        assert error["code"] == "database_unavailable" and error["details"] == {"retry_after": 30}
        assert "nicht erreichbar" in error["message"]


def test_other_server_errors_stay_500(monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", broken)
    response = Client(raise_request_exception=False).get("/api/matches/")
    assert response.status_code == 500 and response.json()["error"]["code"] == "server_error"


def get(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)  # noqa: S310 (a local test server)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 (a fresh worker may be slow)
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_gunicorn_with_its_database_unreachable_answers_503_not_500(tmp_path):
    """The production server, its PostgreSQL refusing connections (nothing listens on the port)."""
    closed = servers.free_port()
    env = servers.environment(f"postgres://postgres@127.0.0.1:{closed}/bruchtal", DB_CONNECT_TIMEOUT="2")
    port = servers.free_port()
    process = servers.gunicorn(port, env, workers=1, log=tmp_path / "gunicorn.log")
    try:
        base = f"http://127.0.0.1:{port}"
        status, headers, body = get(f"{base}/partien/")
        assert status == 503 and headers["Retry-After"] == "30"
        assert "nicht erreichbar" in body.decode()
        status, headers, body = get(f"{base}/api/matches/1/events/", Authorization="Token abc")
        assert status == 503 and headers["Retry-After"] == "30"
        assert json.loads(body)["error"]["code"] == "database_unavailable"
        status, _headers, body = get(f"{base}/livez")
        assert status == 200  # the process itself is fine: no restart
    finally:
        servers.stop(process)
