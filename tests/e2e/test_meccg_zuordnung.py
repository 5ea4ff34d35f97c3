"""The page "Kreatur zuordnen" in a real browser: filled by typing, no CSP violation, desktop and phone."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def meccg_content():
    from django.conf import settings

    from cards.games import GAMES
    from cards.importers.meccg import import_meccg
    from cards.models import Game

    for game in GAMES:
        Game.objects.update_or_create(slug=game["slug"], defaults=game)
    import_meccg(settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 375, "height": 667}])
def test_key_a_creature_by_typing(live_server, browser, meccg_content, viewport):
    context = browser.new_context(locale="de-DE", viewport=viewport)
    page = context.new_page()
    violations = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        page.goto(f"{live_server.url}/partien/meccg/zuordnung/")
        # The name suggestions are plain datalists: the German names are offered.
        assert page.locator("#k-creatures option[value='Höhlendrache']").count() == 1
        page.get_by_label("Kreatur").fill("Höhlendrache")
        page.get_by_label("Ausgangsort").fill("Lórien")
        page.get_by_label("Zielort").fill("Moria")
        page.get_by_label("Bewegungsart").select_option("starter")
        page.get_by_role("button", name="Zuordnen").click()
        page.wait_for_load_state("networkidle")
        status = page.get_by_role("status")
        assert "Höhlendrache kann zugeordnet werden" in status.inner_text()
        assert "Wold & Foothills – Redhorn Gate" in page.inner_text("body")
        assert page.locator("svg.sym[aria-label='Wildnis']").count() >= 3  # route twice, key once
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert violations == []
    finally:
        context.close()
