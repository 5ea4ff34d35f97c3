"""Real-browser checks for issue 11: card faces, grid and no-hit search, the phone layout,
German card text with history and revert, password reset through the console mail, the 404 page."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from playwright.sync_api import expect

from .helpers import wait_true

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "Imladris-3019"


def _loaded(locator) -> bool:
    return locator.evaluate("img => img.complete && img.naturalWidth > 0")


def _wait_loaded(locator) -> None:
    wait_true(lambda: _loaded(locator), what="the image to load")


def test_card_page_shows_its_generated_face(live_server, page, content):
    page.goto(f"{live_server.url}/karten/TW-120/")
    face = page.locator("img.card-face-full")
    expect(face).to_be_visible()
    expect(face).to_have_attribute("src", "/karten/TW-120/bild.svg")
    _wait_loaded(face)
    assert face.bounding_box()["width"] >= 200
    assert face.get_attribute("alt") == "Kartenbild: Aragorn II"


def test_grid_search_shows_thumbnails(live_server, page, content):
    page.goto(f"{live_server.url}/karten/")
    page.get_by_label("Suche", exact=True).fill("Gandalf")
    page.get_by_label("Ansicht").select_option("raster")  # the filter panel is open on a wide screen
    page.get_by_role("button", name="Suchen", exact=True).click()
    thumbs = page.locator(".card-grid img.card-face-thumb")
    expect(thumbs.first).to_be_visible()
    assert thumbs.count() >= 5
    _wait_loaded(page.locator(".card-grid img").first)
    assert _loaded(thumbs.first)
    thumbs.first.click()
    expect(page.locator("img.card-face-full")).to_be_visible()


def test_no_hit_search_offers_a_suggestion(live_server, page, content):
    page.goto(f"{live_server.url}/karten/?q=Gandalf+kampf%3E30")
    expect(page.locator(".no-hits")).to_have_text("Keine Karte passt zu „Gandalf kampf>30“.")
    expect(page.locator(".understood")).to_contain_text("Kampfkraft > 30")
    expect(page.get_by_role("link", name="Hilfe zur Suchsprache")).to_be_visible()
    page.locator(".suggestions").get_by_role("link", name="Gandalf", exact=True).click()
    expect(page.locator(".search-status")).to_contain_text("Karten gefunden")
    expect(page.get_by_role("link", name="Gandalf", exact=True).first).to_be_visible()


def test_corrected_typo_is_announced(live_server, page, content):
    page.goto(f"{live_server.url}/karten/?q=Gandalv")
    expect(page.locator(".corrected")).to_have_text("Ergebnisse für „Gandalf“")


def test_phone_sized_search_shows_results_on_the_first_screen(live_server, browser, content):
    context = browser.new_context(locale="de-DE", viewport={"width": 375, "height": 667}, is_mobile=True)
    phone = context.new_page()
    try:
        phone.goto(f"{live_server.url}/karten/?q=Gandalf")
        first = phone.locator("table.card-results tbody tr").first
        expect(first).to_be_visible()
        box = first.bounding_box()
        assert box["y"] + box["height"] <= 667, box  # the first result is on the first screen
        assert not phone.locator("details.card-filters-fold").evaluate("d => d.open")  # filters folded away
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
        phone.locator("details.card-filters-fold summary").click()
        expect(phone.get_by_label("Typ", exact=True)).to_be_visible()
    finally:
        context.close()


def test_editor_writes_german_text_then_reverts_it(live_server, page, content):
    editor = get_user_model().objects.create_user("elrond", "elrond@bruchtal.example", PASSWORD)
    # transactional tests flush the migrated editor group; give the role its permission again
    group, _created = Group.objects.get_or_create(name="Kartenredaktion")
    group.permissions.add(Permission.objects.get(codename="edit_german_text"))
    editor.groups.add(group)
    page.goto(f"{live_server.url}/konto/anmelden/?next=/karten/TW-120/")
    page.get_by_label("Benutzername oder E-Mail-Adresse").fill("elrond@bruchtal.example")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/karten/TW-120/")

    page.get_by_role("link", name="Deutschen Text schreiben").click()
    page.get_by_label("deutscher Kartentext").fill("Einzigartig. Erste Fassung.")
    page.get_by_label("Änderungsnotiz").fill("erste Fassung")
    page.get_by_role("button", name="Speichern").click()
    expect(page.locator('.card-text[lang="de"]')).to_have_text("Einzigartig. Erste Fassung.")
    expect(page.locator(".german-text-status")).to_have_text("Entwurf")

    page.get_by_role("link", name="Deutschen Text bearbeiten").click()
    page.get_by_label("deutscher Kartentext").fill("Einzigartig. Zweite Fassung.")
    page.get_by_label("Status").select_option("reviewed")
    page.get_by_role("button", name="Speichern").click()
    expect(page.locator(".german-text-status")).to_have_text("geprüft")

    page.get_by_role("link", name="Verlauf").click()
    expect(page.locator(".diff").first).to_contain_text("Erste")
    expect(page.locator(".diff del").first).to_have_text("Erste")
    expect(page.locator(".diff ins").first).to_have_text("Zweite")
    page.get_by_role("button", name="Diese Version wiederherstellen").click()
    expect(page.locator(".messages")).to_contain_text("wiederhergestellt")
    page.get_by_role("link", name="Aragorn II").click()
    expect(page.locator('.card-text[lang="de"]')).to_have_text("Einzigartig. Erste Fassung.")
    expect(page.locator(".german-text-status")).to_have_text("Entwurf")


def test_password_reset_through_the_console_mail(live_server, page, settings, capsys):
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    get_user_model().objects.create_user("frodo", "frodo@auenland.example", PASSWORD)
    page.goto(f"{live_server.url}/konto/anmelden/")
    page.get_by_role("link", name="Passwort vergessen?").click()
    page.get_by_label("E-Mail-Adresse").fill("frodo@auenland.example")
    page.get_by_role("button", name="Link zuschicken").click()
    expect(page.locator("h1")).to_have_text("E-Mail verschickt")
    printed = capsys.readouterr().out
    assert "To: frodo@auenland.example" in printed and "Hallo frodo" in printed
    link = re.search(r"https?://[^\s]+/konto/passwort/neu/[^\s]+/", printed).group(0)
    path = re.sub(r"^https?://[^/]+", "", link)
    page.goto(f"{live_server.url}{path}")
    page.get_by_label("Neues Passwort", exact=True).fill("Neues-Passwort-77")
    page.get_by_label("Neues Passwort bestätigen").fill("Neues-Passwort-77")
    page.get_by_role("button", name="Passwort speichern").click()
    expect(page.locator("h1")).to_have_text("Passwort gespeichert")
    page.get_by_role("link", name="Anmelden").last.click()
    page.get_by_label("Benutzername oder E-Mail-Adresse").fill("frodo")
    page.get_by_label("Passwort").fill("Neues-Passwort-77")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.locator(".who")).to_have_text("frodo")


def test_404_page_in_the_site_layout(live_server, page):
    response = page.goto(f"{live_server.url}/gibt-es-nicht/")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Seite nicht gefunden")
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.get_by_role("link", name="Impressum")).to_be_visible()
    api = page.goto(f"{live_server.url}/api/gibt-es-nicht/")
    assert api.status == 404 and api.json()["error"]["code"] == "not_found"


def test_header_search_lists_cards_then_rules(live_server, page, content):
    page.goto(f"{live_server.url}/")
    page.get_by_label("Karten und Regeln finden").fill("Gefahrenlimit")
    page.get_by_role("button", name="Finden").click()
    expect(page.locator("h1")).to_have_text("Suche")
    headings = page.locator("main h2").all_inner_texts()
    assert headings[:2] == ["Karten", "Regeln"]
    expect(page.locator(".rules-results")).to_contain_text("Gefahrenlimit")


def test_new_pages_have_no_serious_accessibility_violations(live_server, page, content):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    problems = {}
    for url in [
        "/karten/?q=Gandalf&ansicht=raster",
        "/karten/?q=Gandalf+kampf%3E30",
        "/karten/AS-140/",
        "/suche/?q=Gandalf",
        "/gibt-es-nicht/",
        "/impressum/",
        "/datenschutz/",
        "/konto/passwort/vergessen/",
        "/karten/ohne-deutschen-text/?set=TW",
    ]:
        page.goto(f"{live_server.url}{url}")
        violations = axe.run(page).response["violations"]
        serious = [v["id"] for v in violations if v["impact"] in ("serious", "critical")]
        if serious:
            problems[url] = serious
    assert problems == {}
