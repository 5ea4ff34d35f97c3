"""API tokens expire, die with a password change or log-out, and can be revoked."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from core.models import ApiToken

pytestmark = pytest.mark.django_db

PASSWORD = "Mittelerde-2026!"
# DRF answers a refused token with 403 because session authentication comes first (no WWW-Authenticate).
REFUSED = 403


@pytest.fixture
def sam():
    return get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)


def obtain(client):
    response = client.post("/api/auth/token/", {"username": "sam", "password": PASSWORD})
    assert response.status_code == 200, response.content
    return response.json()


def decks(client, token):
    # The own-deck list needs authentication: 200 with a good token, refused otherwise.
    return client.get("/api/decks/", HTTP_AUTHORIZATION=f"Token {token}")


def test_token_works_and_only_its_digest_is_stored(client, sam):
    data = obtain(client)
    assert decks(client, data["token"]).status_code == 200
    stored = ApiToken.objects.get(user=sam)
    assert data["token"] not in stored.digest
    expires = timezone.datetime.fromisoformat(data["expires_at"].replace("Z", "+00:00"))
    assert timedelta(days=13) < expires - timezone.now() <= timedelta(days=14)


def test_expired_token_is_refused_in_german(client, sam):
    token = obtain(client)["token"]
    ApiToken.objects.filter(user=sam).update(expires_at=timezone.now() - timedelta(seconds=1))
    response = decks(client, token)
    assert response.status_code == REFUSED
    assert "abgelaufen" in response.json()["error"]["message"] or response.json()["error"]["code"]


def test_password_change_revokes_tokens(client, sam):
    token = obtain(client)["token"]
    client.force_login(sam)
    response = client.post(
        reverse("core:password_change"),
        {"old_password": PASSWORD, "new_password1": "Neues-Passwort-77", "new_password2": "Neues-Passwort-77"},
    )
    assert response.status_code == 302
    client.logout()
    assert decks(client, token).status_code == REFUSED
    assert not ApiToken.objects.filter(user=sam).exists()


def test_password_set_elsewhere_invalidates_tokens_too(client, sam):
    # E.g. a password reset or the admin: no view of ours runs, the token's password binding catches it.
    token = obtain(client)["token"]
    sam.set_password("Ganz-Anders-42")
    sam.save()
    assert ApiToken.objects.filter(user=sam).exists()
    assert decks(client, token).status_code == REFUSED


def test_logout_revokes_tokens(client, sam):
    token = obtain(client)["token"]
    client.force_login(sam)
    client.post(reverse("core:logout"))
    assert decks(client, token).status_code == REFUSED


def test_revoke_own_token(client, sam):
    first = obtain(client)["token"]
    second = obtain(client)["token"]
    response = client.delete("/api/auth/token/", HTTP_AUTHORIZATION=f"Token {first}")
    assert response.status_code == 204
    assert decks(client, first).status_code == REFUSED
    assert decks(client, second).status_code == 200  # only the token used was revoked


def test_revoke_without_token_is_a_clear_error(client, sam):
    assert client.delete("/api/auth/token/").status_code == 401
    client.force_login(sam)
    response = client.delete("/api/auth/token/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "no_token"


def test_log_out_everywhere_ends_sessions_and_tokens(client, sam):
    from django.test import Client

    token = obtain(client)["token"]
    other_browser = Client()
    other_browser.force_login(sam)
    assert other_browser.get("/api/decks/").status_code == 200
    client.force_login(sam)
    response = client.post(reverse("core:logout_everywhere"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
    assert other_browser.get("/api/decks/").status_code == 403
    assert decks(client, token).status_code == REFUSED


def test_log_out_everywhere_by_api(client, sam):
    token = obtain(client)["token"]
    response = client.post("/api/auth/logout-everywhere/", HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 200
    assert response.json()["tokens"] == 1
    assert decks(client, token).status_code == REFUSED
