"""Parallel wrong passwords cannot outrun the failed-log-in limit.

The attempts run in threads, each with its own client and database connection, released together by a
barrier: every attempt's check happens while the others are still hashing their passwords. Run on
PostgreSQL with CACHE_URL=redis://… to have the deployment's shared counter; with the embedded
local-memory cache the threads share the process's cache, so the race is as real.
"""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

# The real hasher: the others' checks happen while a thread is still hashing, as in production.
pytestmark = pytest.mark.real_password_hashing

PASSWORD = "Mittelerde-2026!"
LIMIT = 3
PER_ENDPOINT = 6


@pytest.fixture
def rates(settings):
    rates = {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        "login_account": f"{LIMIT}/hour",
        "login_address": "1000/hour",
    }
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def _fire(requests):
    """Run the (callable) requests at once in threads; their responses' status codes."""
    barrier = threading.Barrier(len(requests))
    codes: list[int | Exception] = [0] * len(requests)

    def run(number, request):
        try:
            barrier.wait(timeout=30)
            codes[number] = request().status_code
        except Exception as exc:  # reported by the assertion below, not swallowed
            codes[number] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n, r)) for n, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return codes


@pytest.mark.django_db(transaction=True)
def test_parallel_wrong_passwords_at_page_and_token_stay_within_the_limit(rates):
    get_user_model().objects.create_user("frodo", "frodo@auenland.example", PASSWORD)

    def page():
        return Client().post(reverse("core:login"), {"username": "frodo", "password": "falsch"})

    def token():
        return Client().post("/api/auth/token/", {"username": "frodo", "password": "falsch"})

    codes = _fire([page] * PER_ENDPOINT + [token] * PER_ENDPOINT)
    assert all(isinstance(code, int) for code in codes), codes
    page_codes, token_codes = codes[:PER_ENDPOINT], codes[PER_ENDPOINT:]
    # A tried password: the form again (200) or the API's "wrong credentials" (400); else 429 untried.
    tried = page_codes.count(200) + token_codes.count(400)
    throttled = codes.count(429)
    assert tried + throttled == len(codes), codes
    assert 1 <= tried <= LIMIT, codes
    # The account is now throttled on both endpoints, even for the right password.
    assert Client().post("/api/auth/token/", {"username": "frodo", "password": PASSWORD}).status_code == 429
    assert Client().post(reverse("core:login"), {"username": "frodo", "password": PASSWORD}).status_code == 429


@pytest.mark.django_db(transaction=True)
def test_parallel_right_passwords_are_not_counted(rates):
    """A successful log-in gives its slot back: many at once never lock the account."""
    get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)

    def token():
        return Client().post("/api/auth/token/", {"username": "sam", "password": PASSWORD})

    for _ in range(2):
        codes = _fire([token] * LIMIT)
        assert codes == [200] * LIMIT, codes
    assert Client().post("/api/auth/token/", {"username": "sam", "password": PASSWORD}).status_code == 200
