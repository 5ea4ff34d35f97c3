"""The strict Content-Security-Policy holds on the site's own pages: no violation in a real browser."""

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HERO_DECK = Path(__file__).parents[1] / "decks" / "data" / "hero.txt"

PAGES = [
    "/",
    "/karten/",
    "/karten/?q=Aragorn",
    "/karten/hilfe/",
    "/regeln/",
    "/regeln/suche/?q=Gefahrenlimit",
    "/regeln/glossar/",
    "/decks/oeffentlich/",
    "/partien/",
    "/konto/anmelden/",
    "/konto/registrieren/",
    "/api/docs/",
    "/admin/login/",
]


def _watch_violations(page) -> list[str]:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None,
    )
    # The page's own report of each violation (also those the console might word differently).
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => "
        "console.error('Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
    )
    return violations


def _visit(page, url):
    response = page.goto(url)
    page.wait_for_load_state("networkidle")
    return response


def test_public_pages_send_the_policy_and_do_not_violate_it(live_server, page, content):
    violations = _watch_violations(page)
    from rules.models import Section

    section = Section.objects.filter(parent__isnull=False).select_related("rulebook").first()
    pages = [*PAGES, "/karten/TW-120/"]
    if section is not None:
        pages.append(section.get_absolute_url())
    for path in pages:
        response = _visit(page, f"{live_server.url}{path}")
        assert response.status < 400, path
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, path
        assert "geolocation=()" in response.headers.get("permissions-policy", ""), path
        assert violations == [], f"{path}: {violations}"


def test_signed_in_deck_pages_do_not_violate_the_policy(live_server, page, content):
    from decks import services

    user = get_user_model().objects.create_user("elrond", "elrond@bruchtal.example", "Imladris-3019")
    deck = services.create_deck(
        user, name="Gemeinschaft", alignment="Hero", visibility="public", entries=[("TW-120", 1, "pool")]
    )
    violations = _watch_violations(page)
    _visit(page, f"{live_server.url}/konto/anmelden/")
    page.get_by_label("Benutzername").fill("elrond")
    page.get_by_label("Passwort").fill("Imladris-3019")
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/")
    for path in ("/decks/", "/decks/neu/", f"/decks/{deck.pk}/", f"/decks/{deck.pk}/bearbeiten/", "/konto/passwort/"):
        response = _visit(page, f"{live_server.url}{path}")
        assert response.status < 400, path
        assert violations == [], f"{path}: {violations}"
    # The editor's script (a static file) runs under the policy: the card search answers.
    _visit(page, f"{live_server.url}/decks/{deck.pk}/bearbeiten/")
    page.get_by_label("Kartenname (deutsch oder englisch)").fill("Gandalf")
    page.get_by_role("button", name="Suchen").click()
    page.locator(".deck-results li").first.wait_for()
    assert violations == []
