"""axe-core (run in the real browser) finds no serious or critical accessibility problem on the main pages."""

import pytest
from django.contrib.auth import get_user_model

from decks import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PAGES = [
    "/",
    "/karten/?q=aragorn",
    "/karten/TW-120/",
    "/karten/hilfe/",
    "/regeln/",
    "/regeln/meccg/",
    "/regeln/meccg/gefahrenlimit/",
    "/regeln/suche/?q=Gefahrenlimit",
    "/regeln/glossar/",
    "/decks/",
    "/decks/oeffentlich/",
    "/konto/anmelden/",
    "/konto/registrieren/",
    "/partien/",
]


def test_main_pages_have_no_serious_accessibility_violations(live_server, page, content):
    from axe_playwright_python.sync_playwright import Axe

    owner = get_user_model().objects.create_user("galadriel", "g@lorien.example", "Nenya-Ring-3")
    deck = services.create_deck(
        owner,
        name="Lórien",
        alignment="Hero",
        visibility="public",
        entries=[("TW-120", 1, "pool"), ("TW-156", 1, "characters")],
    )
    axe = Axe()
    problems = {}
    for url in [*PAGES, f"/decks/{deck.pk}/"]:
        page.goto(f"{live_server.url}{url}")
        violations = axe.run(page).response["violations"]
        serious = [v["id"] for v in violations if v["impact"] in ("serious", "critical")]
        if serious:
            problems[url] = serious
    assert problems == {}
