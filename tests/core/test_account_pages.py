"""Password reset, log-in by e-mail, unique e-mail addresses, password-rule errors, corrected wording."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db
PASSWORD = "Mittelerde-2026!"


def test_login_with_email_address_or_user_name(client):
    get_user_model().objects.create_user("sam", "Sam@Auenland.example", PASSWORD)
    response = client.post(reverse("core:login"), {"username": "sam@auenland.example", "password": PASSWORD})
    assert response.status_code == 302
    client.logout()
    assert client.post(reverse("core:login"), {"username": "sam", "password": PASSWORD}).status_code == 302
    client.logout()
    wrong = client.post(reverse("core:login"), {"username": "sam@auenland.example", "password": "falsch"})
    assert wrong.status_code == 200 and "_auth_user_id" not in client.session
    assert "Benutzername oder E-Mail-Adresse" in client.get(reverse("core:login")).content.decode()


def test_signup_refuses_a_used_email_address(client):
    get_user_model().objects.create_user("sam", "sam@auenland.example", PASSWORD)
    response = client.post(
        reverse("core:signup"),
        {"username": "frodo", "email": "SAM@auenland.example", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert "Zu dieser E-Mail-Adresse gibt es schon ein Konto" in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_password_rule_errors_stand_under_the_password_field(client):
    response = client.post(
        reverse("core:signup"),
        {"username": "frodo", "email": "f@auenland.example", "password1": "12345678", "password2": "12345678"},
    )
    form = response.context["form"]
    assert "password1" in form.errors and "password2" not in form.errors
    html = response.content.decode()
    first = html.index('id="id_password1"')
    assert first < html.index("komplett numerisch") < html.index('id="id_password2"')


def test_stock_messages_are_corrected(client):
    html = client.get(reverse("core:signup")).content.decode()
    assert "dasselbe Passwort" in html and "das selbe" not in html
    response = client.post(reverse("core:signup"), {"username": "x", "email": "kein-mail"})
    assert "Bitte gib eine gültige E-Mail-Adresse ein." in response.content.decode()


def test_password_reset_by_email(client):
    user = get_user_model().objects.create_user("frodo", "frodo@auenland.example", PASSWORD)
    assert reverse("core:password_reset") in client.get(reverse("core:login")).content.decode()
    response = client.post(reverse("core:password_reset"), {"email": "Frodo@auenland.example"})
    assert response.status_code == 302 and response.url == reverse("core:password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["frodo@auenland.example"]
    assert message.subject == "Bruchtal: Passwort zurücksetzen"
    assert "Hallo frodo" in message.body
    link = re.search(r"http://testserver(/konto/passwort/neu/\S+/)", message.body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200 and form_page.context["validlink"]
    set_url = form_page.redirect_chain[-1][0]
    weak = client.post(set_url, {"new_password1": "12345678", "new_password2": "12345678"})
    assert "new_password1" in weak.context["form"].errors
    done = client.post(set_url, {"new_password1": "Neues-Passwort-77", "new_password2": "Neues-Passwort-77"})
    assert done.status_code == 302 and done.url == reverse("core:password_reset_complete")
    user.refresh_from_db()
    assert user.check_password("Neues-Passwort-77")
    # the link works once only
    assert not client.get(link, follow=True).context["validlink"]


def test_password_reset_for_unknown_address_says_nothing_more(client):
    response = client.post(reverse("core:password_reset"), {"email": "niemand@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_home_and_welcome_mail_do_not_promise_play_by_post(client, django_capture_on_commit_callbacks, monkeypatch):
    from core import features

    monkeypatch.setattr(features, "PLAY_BY_POST", False)  # a site whose play by post does not work (yet)
    assert "per Post" not in client.get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("core:signup"),
            {"username": "frodo", "email": "f@auenland.example", "password1": PASSWORD, "password2": PASSWORD},
        )
    assert "per Post" not in mail.outbox[0].body and "Decks bauen" in mail.outbox[0].body


def test_home_describes_play_by_post_once_it_works(client):
    from core import features

    assert features.PLAY_BY_POST  # it works now: the home page describes it
    assert "Partien per Post" in client.get("/").content.decode()
