import os
from pathlib import Path

import pytest
from django.conf import settings

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian-chromium fehlt (/usr/bin/chromium): apt-get install chromium")
    # Playwright's sync API runs an event loop; Django must allow sync DB calls from the test thread.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def content():
    from cards.games import GAMES
    from cards.importers.meccg import import_meccg
    from cards.models import Game
    from rules.importer import import_rulebook

    # transactional tests start from an empty database (even the migrated games are flushed)
    for game in GAMES:
        Game.objects.update_or_create(slug=game["slug"], defaults=game)
    import_meccg(settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json")
    import_rulebook(settings.BRUCHTAL_CONTENT_DIR / "seeds" / "003_3078cde44e2d18ee.txt", "meccg")
