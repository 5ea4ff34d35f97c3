"""Real-browser walks through the main features: card search, rules search, deck import and check."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HERO_DECK = Path(__file__).parents[1] / "decks" / "data" / "hero.txt"


def test_card_search_with_a_typo_then_card_page(live_server, page, content):
    page.goto(f"{live_server.url}/karten/")
    page.get_by_label("Suche").fill("Aragron")
    page.get_by_role("button", name="Suchen").click()
    page.get_by_role("link", name="Aragorn II").first.click()
    expect(page.locator("h1")).to_have_text("Aragorn II")
    assert "Geist" in page.content()


def test_malformed_card_query_shows_position(live_server, page, content):
    page.goto(f"{live_server.url}/karten/?q=geist%3E%3D")
    assert "Zeichen" in page.get_by_role("alert").first.inner_text()


def test_rules_search_then_section(live_server, page, content):
    page.goto(f"{live_server.url}/regeln/suche/?q=Gefahrenlimit")
    page.get_by_role("link", name="Gefahrenlimit").first.click()
    expect(page.locator("h1")).to_contain_text("Gefahrenlimit")
    assert "Regeln" in page.locator(".breadcrumbs").inner_text()


def test_import_hero_deck_preview_save_and_check(live_server, page, content):
    get_user_model().objects.create_user("elrond", "elrond@bruchtal.example", "Imladris-3019")
    page.goto(f"{live_server.url}/konto/anmelden/?next=/decks/neu/")
    page.get_by_label("Benutzername").fill("elrond")
    page.get_by_label("Passwort").fill("Imladris-3019")
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/decks/neu/")
    page.get_by_label("Name").fill("Gemeinschaft aus Bruchtal")
    page.get_by_label("Ausrichtung").select_option("Hero")
    page.get_by_label("Deckliste einfügen (optional)").fill(HERO_DECK.read_text(encoding="utf-8"))
    page.get_by_role("button", name="Vorschau").click()
    expect(page.locator("#check-title")).to_contain_text("regelkonform")
    page.get_by_role("button", name="Deck speichern").click()
    page.wait_for_url("**/decks/*/bearbeiten/")  # saved: straight into the editor
    assert "Gemeinschaft aus Bruchtal" in page.locator("h1").inner_text()
    assert page.locator("#check-title .badge").inner_text() == "regelkonform"
    # a second Aragorn II breaks the unique-card rule; the editor's check says so at once
    page.get_by_label("Kartenname (deutsch oder englisch)").fill("Aragorn II")
    page.get_by_role("button", name="Suchen").click()
    page.locator(".deck-results li", has_text="TW-120").get_by_role("button", name="Hinzufügen").click()
    expect(page.locator("#check-title .badge")).to_have_text("nicht regelkonform")
    expect(page.locator(".deck-problems")).to_contain_text("Aragorn II")
