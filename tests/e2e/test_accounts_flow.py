import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

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
    expect(page.get_by_role("status")).to_contain_text("Willkommen, aragorn")
    assert get_user_model().objects.filter(username="aragorn").exists()

    page.get_by_role("button", name="Abmelden").click()
    # logged out: the header offers "Anmelden" again (auto-waits for the navigation)
    login_link = page.get_by_role("link", name="Anmelden").first
    expect(login_link).to_be_visible()
    login_link.click()
    page.wait_for_url("**/konto/anmelden/**")
    page.get_by_label("Benutzername").fill("aragorn")
    page.get_by_label("Passwort").fill("falsch")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.get_by_role("alert").first).to_contain_text("Benutzername/E-Mail-Adresse oder Passwort ist falsch")
    page.get_by_label("Passwort").fill("Elessar-Telcontar-1")
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
