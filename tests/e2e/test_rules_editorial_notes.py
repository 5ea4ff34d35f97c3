"""Editorial notes and marked OCR gaps on a phone-sized rules page: accessible, reachable by keyboard."""

import pytest
from django.conf import settings

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PAGES = [
    "/regeln/schatten-der-macht/vrak/",
    "/regeln/schatten-der-macht/beispielwertung/",
    "/regeln/schatten-der-macht/schiffe-bauen/",
]


@pytest.fixture
def schatten_der_macht():
    from cards.games import GAMES
    from cards.models import Game
    from rules.importer import import_rulebook

    for game in GAMES:
        Game.objects.update_or_create(slug=game["slug"], defaults=game)
    import_rulebook(settings.BRUCHTAL_CONTENT_DIR / "seeds" / "002_b59d054195502cb7.txt", "schatten-der-macht")


def test_notes_and_gaps_are_accessible_on_a_phone(live_server, page, schatten_der_macht):
    from axe_playwright_python.sync_playwright import Axe

    page.set_viewport_size({"width": 390, "height": 844})
    axe = Axe()
    for url in PAGES:
        page.goto(f"{live_server.url}{url}")
        violations = axe.run(page).response["violations"]
        assert not [v["id"] for v in violations if v["impact"] in ("serious", "critical")], url
        # nothing wider than the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, url

    page.goto(f"{live_server.url}/regeln/schatten-der-macht/vrak/")
    gap = page.locator(".text-gap").first
    assert gap.inner_text() == "[Symbol unleserlich]" and gap.is_visible()
    mark = page.locator(".ed-ref a").first
    assert mark.get_attribute("aria-label") == "Anmerkung der Redaktion 1"
    mark.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#anm-1"
    note = page.locator("#anm-1")
    assert note.is_visible() and "gelesen" in note.inner_text()
