"""Failed log-ins are throttled per account and per address; anonymous API writes per address."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "Mittelerde-2026!"


@pytest.fixture
def sam():
    return get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)


@pytest.fixture
def rates(settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login_account": "3/hour", "login_address": "5/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    return rates


def test_login_form_throttles_failed_attempts_per_account(client, sam, rates):
    for _ in range(3):
        response = client.post(reverse("core:login"), {"username": "sam", "password": "falsch"})
        assert response.status_code == 200
    # The right password does not help once the account is throttled: that is the point.
    response = client.post(reverse("core:login"), {"username": "sam", "password": PASSWORD})
    assert response.status_code == 429
    assert 3000 < int(response["Retry-After"]) <= 3600
    body = response.content.decode()
    assert "Zu viele fehlgeschlagene Anmeldungen" in body and "Sekunden" in body
    assert "_auth_user_id" not in client.session


def test_successful_logins_do_not_count(client, sam, rates):
    for _ in range(6):
        response = client.post(reverse("core:login"), {"username": "sam", "password": PASSWORD})
        assert response.status_code == 302
        client.logout()


def test_login_throttle_per_address_covers_many_accounts(client, sam, rates):
    for number in range(5):
        client.post(reverse("core:login"), {"username": f"gibt-es-nicht-{number}", "password": "falsch"})
    response = client.post(reverse("core:login"), {"username": "sam", "password": PASSWORD})
    assert response.status_code == 429
    # Another address is not affected.
    response = client.post(reverse("core:login"), {"username": "sam", "password": PASSWORD}, REMOTE_ADDR="203.0.113.9")
    assert response.status_code == 302


def test_token_endpoint_shares_the_account_counter(client, sam, rates):
    client.post(reverse("core:login"), {"username": "SAM", "password": "falsch"})
    for _ in range(2):
        response = client.post("/api/auth/token/", {"username": "sam", "password": "falsch"})
        assert response.status_code == 400
    response = client.post("/api/auth/token/", {"username": "sam", "password": PASSWORD})
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    error = response.json()["error"]
    assert error["code"] == "throttled"
    assert "Zu viele fehlgeschlagene Anmeldungen" in error["message"]
    assert error["details"]["retry_after"] == int(response["Retry-After"])


def test_anonymous_api_writes_and_checks_are_throttled_per_address(client, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon_write": "2/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    for _ in range(2):
        response = client.post("/api/decks/check/", {}, content_type="application/json")
        assert response.status_code == 400
    response = client.post("/api/decks/check/", {}, content_type="application/json")
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60
    error = response.json()["error"]
    assert error["code"] == "throttled"
    # The deck check words its own refusal ("Zu viele Deckprüfungen …"), other writes "Zu viele Anfragen …".
    assert error["message"].startswith("Zu viele") and "Sekunden" in error["message"]
    # Reads are never throttled, and another address has its own count.
    assert client.get("/api/cards/").status_code == 200
    response = client.post("/api/decks/check/", {}, content_type="application/json", REMOTE_ADDR="203.0.113.7")
    assert response.status_code == 400


def test_signed_in_writes_are_not_throttled_by_the_anonymous_limit(client, settings, sam):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon_write": "1/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    client.force_login(sam)
    for _ in range(3):
        response = client.post("/api/decks/check/", {}, content_type="application/json")
        assert response.status_code == 400


def test_admin_login_is_throttled_too(client, rates, django_user_model):
    django_user_model.objects.create_user("elrond", "elrond@bruchtal.example", PASSWORD, is_staff=True)
    for _ in range(3):
        response = client.post("/admin/login/", {"username": "elrond", "password": "falsch"})
        assert response.status_code == 200
    response = client.post("/admin/login/", {"username": "elrond", "password": PASSWORD})
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "Zu viele fehlgeschlagene Anmeldungen" in response.content.decode()


def test_admin_login_still_works(client, django_user_model):
    django_user_model.objects.create_user("elrond", "elrond@bruchtal.example", PASSWORD, is_staff=True)
    page = client.get("/admin/login/")
    assert page.status_code == 200 and "Bruchtal" in page.content.decode()
    response = client.post("/admin/login/", {"username": "elrond", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200
