"""The Analysebrett in a real browser: reachable fields, a path on click, no console errors, axe."""

from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.matches.engine.zt_positions import ARAGORN, EOMER

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def cell(page, r, c):
    return page.locator(f'.zt-cell[data-r="{r}"][data-c="{c}"]')


def test_clicking_a_reachable_field_shows_the_path(live_server, page):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    query = urlencode({"position": ARAGORN, "from": "5,3", "strength": 9, "symbol": "any"})
    page.goto(f"{live_server.url}/partien/analyse/?{query}")
    expect(page.locator("h1")).to_contain_text("Analysebrett")
    assert page.locator(".zt-reachable").count() > 10
    assert page.locator(".zt-path").count() == 0
    cell(page, 3, 7).click()
    expect(page.locator("[data-zt-choice]")).to_contain_text("→")
    path = page.locator(".zt-cell:has(.zt-path)")
    expect(path).to_have_count(len(page.locator("[data-zt-choice]").inner_text().split("→")))
    assert page.locator(".zt-captured").count() >= 1
    # keyboard: Enter on a focused reachable field chooses it as well
    cell(page, 4, 4).focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-zt-choice]")).to_contain_text("4/4")
    assert errors == []


def test_pasting_a_position_and_the_eomer_pincer(live_server, page):
    page.goto(f"{live_server.url}/partien/analyse/")
    page.get_by_label("Stellung", exact=True).fill(EOMER)
    page.get_by_label("Figur auf Feld (Reihe,Spalte)").fill("6,3")
    page.get_by_label("Stärke der Karte").fill("8")
    page.get_by_label("Symbol").select_option("orthogonal")
    page.get_by_role("button", name="Züge zeigen").click()
    expect(page.get_by_text("Wirksame Stärke der Figur auf 6,3: 6.")).to_be_visible()
    cell(page, 5, 6).click()
    expect(page.locator("[data-zt-choice]")).to_contain_text("in der Zange: 3")
    assert page.locator(".zt-pincered").count() == 3


def test_a_malformed_position_shows_a_german_error(live_server, page):
    page.goto(f"{live_server.url}/partien/analyse/?position=..1/..&from=1,3")
    expect(page.get_by_role("alert")).to_contain_text("alle Reihen müssen gleich lang sein")


def test_the_analysis_page_has_no_serious_accessibility_violations(live_server, page):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(f"{live_server.url}/partien/analyse/")
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []
