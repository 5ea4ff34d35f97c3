import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_signup_then_logout_then_login_in_a_real_browser(live_server, page):
    page.goto(f"{live_server.url}/")
    assert page.locator("html").get_attribute("lang") == "de"
    page.get_by_role("link", name="Registrieren").first.click()
    page.get_by_label("Benutzername").fill("aragorn")
    page.get_by_label("E-Mail-Adresse").fill("aragorn@dunedain.example")
    page.get_by_label("Passwort", exact=True).fill("Elessar-Telcontar-1")
    page.get_by_label("Passwort bestätigen").fill("Elessar-Telcontar-1")
    page.get_by_role("button", name="Konto anlegen").click()
    page.wait_for_url(f"{live_server.url}/")
    assert "Willkommen, aragorn" in page.content()
    assert get_user_model().objects.filter(username="aragorn").exists()

    page.get_by_role("button", name="Abmelden").click()
    page.get_by_role("link", name="Anmelden").first.click()
    page.get_by_label("Benutzername").fill("aragorn")
    page.get_by_label("Passwort").fill("falsch")
    page.get_by_role("button", name="Anmelden").click()
    assert "Benutzername oder Passwort ist falsch" in page.content()
    page.get_by_label("Passwort").fill("Elessar-Telcontar-1")
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/")
    assert page.get_by_role("button", name="Abmelden").is_visible()
