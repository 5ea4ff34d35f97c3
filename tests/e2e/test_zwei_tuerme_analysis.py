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


def test_the_move_form_builds_the_action_from_a_card_and_a_click(live_server, page):
    """actions.html, board.html and after_board.html as a match page shows them (from an engine view)."""
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    from matches.games.zwei_tuerme.engine import ENGINE

    state = ENGINE.from_position(ARAGORN, players=2, hands=[["gimli-8"], ["aragorn-9", "gimli-7", "gandalf-7"]], turn=1)
    view = ENGINE.view(state, 1)
    request = RequestFactory().get("/")
    context = {"view": view, "move_url": "/nirgends/", "version": 5, "my_turn": True}
    html = "".join(
        render_to_string(f"matches/zwei_tuerme/{part}.html", context, request=request)
        for part in ("actions", "board", "after_board")
    )
    page.goto(f"{live_server.url}/partien/analyse/")  # same origin for the API and the static files
    page.set_content(f"<!doctype html><html lang='de'><body><main>{html}</main></body></html>")
    expect(page.locator(".zt-reachable").first).to_be_visible()
    assert page.locator(".zt-reachable").count() > 10
    assert "gimli-8" not in page.content()  # the other seat's hand is not on the page
    cell(page, 3, 7).click()
    expect(page.locator("[data-zt-path]")).to_have_value("4,4 3,5 3,6 3,7")
    action = page.locator("[data-zt-action]").input_value()
    assert '"card":"aragorn-9"' in action and '"path":[[4,4],[3,5],[3,6],[3,7]]' in action
    # Gandalf with Schattenfell: jumps only
    page.get_by_label("Gandalf 7").check()
    page.get_by_label("Zugart").select_option("jump")
    expect(page.locator("[data-zt-choice]")).to_contain_text("Erreichbar: 79 Wege")  # every field but its own
    cell(page, 1, 1).click()
    assert '"type":"jump"' in page.locator("[data-zt-action]").input_value()
