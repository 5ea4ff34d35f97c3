import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "Mittelerde-2026!"


def signup(client, username="frodo", email="frodo@auenland.example", password=PASSWORD, password2=None):
    return client.post(
        reverse("core:signup"),
        {"username": username, "email": email, "password1": password, "password2": password2 or password},
    )


def test_signup_creates_user_logs_in_and_sends_welcome_mail(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = signup(client)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="frodo")
    assert user.email == "frodo@auenland.example"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["frodo@auenland.example"]
    assert "Willkommen" in mail.outbox[0].subject


def test_signup_duplicate_username_is_a_german_error(client):
    get_user_model().objects.create_user("Frodo", "a@b.example", PASSWORD)
    response = signup(client, username="frodo")
    assert response.status_code == 200
    assert "ist schon vergeben" in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_signup_password_mismatch_and_weak_password(client):
    response = signup(client, password2="anders-als-vorher")
    assert "Die beiden Passwörter sind nicht identisch" in response.content.decode()
    response = signup(client, password="12345678")
    body = response.content.decode()
    assert "zu üblich" in body and "komplett numerisch" in body
    assert not get_user_model().objects.exists()


def test_signup_invalid_email(client):
    response = signup(client, email="kein-mail")
    assert response.status_code == 200
    assert "gültige E-Mail-Adresse" in response.content.decode()


def test_login_wrong_password_is_a_german_error(client):
    get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)
    response = client.post(reverse("core:login"), {"username": "sam", "password": "falsch"})
    assert response.status_code == 200
    assert "Benutzername/E-Mail-Adresse oder Passwort ist falsch" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_and_logout(client):
    get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)
    response = client.post(reverse("core:login"), {"username": "sam", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    page = client.get("/").content.decode()
    assert "Abmelden" in page and "sam" in page
    response = client.post(reverse("core:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_password_change(client):
    user = get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)
    client.force_login(user)
    response = client.post(
        reverse("core:password_change"),
        {"old_password": "falsch", "new_password1": "Neues-Passwort-77", "new_password2": "Neues-Passwort-77"},
    )
    assert "Das alte Passwort war falsch" in response.content.decode()
    response = client.post(
        reverse("core:password_change"),
        {"old_password": PASSWORD, "new_password1": "Neues-Passwort-77", "new_password2": "Neues-Passwort-77"},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("Neues-Passwort-77")


def test_api_token_authentication(client):
    get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)
    response = client.post("/api/auth/token/", {"username": "sam", "password": "falsch"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_credentials"
    response = client.post("/api/auth/token/", {"username": "sam", "password": PASSWORD})
    assert response.status_code == 200
    assert len(response.json()["token"]) >= 40
