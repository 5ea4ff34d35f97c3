"""Issue 31, done when: a new user picks a starter deck and plays to the first site phase of his company without
typing a move and without a refused move — selects, checkboxes and buttons only. His opponent plays by the move list
(as the free-play player chooses) through the services."""

import random
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from matches import services
from matches.games.meccg import freeplay
from matches.games.meccg import services as meccg_services
from matches.games.meccg.engine import ENGINE
from matches.models import Event, Match, Move, MoveStatus, Seat

from .helpers import login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "Neuling-in-Bruchtal-1"


def state_of(match):
    return Match.objects.get(pk=match.pk).state


def opponent_moves(match, user, seat, rng):
    """The opponent plays while the table waits for him (the free-play player's choice from the move list)."""
    for _ in range(40):
        match = Match.objects.get(pk=match.pk)
        state = match.state
        if state["stage"] == "deck" and state["players"][seat]["alignment"] is None:
            meccg_services.choose_deck(match, user, "starter:schergen", match.version)
            continue
        if seat not in ENGINE.current_seats(state) or state["stage"] == "over":
            return
        action = freeplay.careful(state, seat, ENGINE.legal_actions(state, seat), rng)
        move, _created = services.submit_move(match, user, action, match.version)
        move.refresh_from_db()
        assert move.status == MoveStatus.APPLIED, (action, move.error_code)


def site_phase_began(match):
    """The log says the site phase of the newcomer's company (Aragorn II's) began."""
    for event in Event.objects.filter(match=match):
        text = event.public or {}
        company = str((text.get("params") or {}).get("company", ""))
        if text.get("template") == "Ortsphase der Gemeinschaft %(company)s." and "Aragorn II" in company:
            return True
    return False


def click(page, name):
    page.get_by_role("button", name=name, exact=True).first.click()
    page.wait_for_load_state()


def newcomer_move(page, url):
    """One move of the newcomer, as a first-time player would make it: the form or button the page offers."""
    page.goto(url)
    box = page.locator("#zug")
    plan = box.locator('form[data-move="plan_movement"]')
    if plan.count():
        # A journey to a site that is not a haven (Bree: Aragorn's home), looking at the site phase himself.
        destination = plan.first.get_by_label("Ziel")
        labels = destination.locator("option").all_inner_texts()
        bree = [label for label in labels if label.startswith("Bree")]
        assert bree, labels
        destination.select_option(label=bree[0])
        plan.first.get_by_label("Ortsphase enden lassen, sobald am Ort nichts mehr zu spielen ist").uncheck()
        plan.first.get_by_role("button", name="Reise festlegen").click()
        page.wait_for_load_state()
        return "plan_movement"
    discard = box.locator('form[data-move="discard"]')
    if discard.count():
        needed = int(re.search(r"genau (\d+)", discard.first.inner_text()).group(1))
        boxes = discard.first.locator('input[type="checkbox"]')
        for index in range(needed):
            boxes.nth(index).check()
        discard.first.get_by_role("button", name="Abwerfen").click()
        page.wait_for_load_state()
        return "discard"
    for kind, button in (
        ("hazards", "Gefahren festlegen"),
        ("defend", "Verteidigung festlegen"),
        ("attacker_plan", "Angriff festlegen"),
    ):
        form = box.locator(f'form[data-move="{kind}"]')
        if form.count():
            form.first.get_by_role("button", name=button).click()
            page.wait_for_load_state()
            return kind
    for name in ("Passen (keine Antwort)", "Passen (keine Karte)", "Organisationsphase beenden", "Ort betreten"):
        if box.get_by_role("button", name=name, exact=True).count():
            click(page, name)
            return name
    raise AssertionError(f"nothing to click: {box.inner_text()[:400]}")


def test_a_newcomer_plays_a_starter_deck_to_his_first_site_phase(live_server, browser, content):
    User = get_user_model()
    newcomer = User.objects.create_user("neuling", "neuling@auenland.example", PASSWORD)
    opponent = User.objects.create_user("gorbag", "gorbag@mordor.example", PASSWORD)
    match = services.create_match(opponent, engine="meccg", players=2, invite=["neuling"])
    services.accept_invitation(match, newcomer)
    services.start(match, opponent)
    seat = Seat.objects.get(match=match, user=newcomer).order
    other = 1 - seat
    rng = random.Random(31)
    url = f"{live_server.url}/partien/{match.pk}/"
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    login(page, live_server.url, "neuling", PASSWORD)
    try:
        # Deck choice: no deck of his own, a starter deck from the list.
        page.goto(url)
        expect(page.get_by_label("Dein Deck")).to_contain_text("Startdeck Helden")
        page.get_by_label("Dein Deck").select_option(value="starter:helden")
        click(page, "Deck wählen")
        opponent_moves(match, opponent, other, rng)
        # The draft: Aragorn II face down, then no more; ready.
        page.goto(url)
        page.get_by_label("Startcharakter verdeckt wählen").select_option(label="Aragorn II")
        click(page, "Wählen")
        opponent_moves(match, opponent, other, rng)
        page.goto(url)
        click(page, "Keine weiteren Charaktere")
        opponent_moves(match, opponent, other, rng)
        page.goto(url)
        click(page, "Bereit")
        made = []
        for _ in range(60):
            opponent_moves(match, opponent, other, rng)
            if site_phase_began(match):
                break
            state = state_of(match)
            assert seat in ENGINE.current_seats(state), (state.get("turn"), ENGINE.current_seats(state))
            made.append(newcomer_move(page, url))
        else:
            raise AssertionError(f"no site phase after {made}")
        page.goto(url)
        # His company reached Bree and its site phase began (it may have ended by itself: nothing to play there).
        expect(page.locator("#beitraege")).to_contain_text("Ortsphase der Gemeinschaft Aragorn II")
        expect(page.locator(".meccg-companies")).to_contain_text("Aragorn II in Bree")
        assert "plan_movement" in made, made
        refused = Move.objects.filter(match=match, seat__order=seat).exclude(status=MoveStatus.APPLIED)
        assert list(refused.values_list("status", "error_code")) == []
        assert not page.locator("[data-move-error]").count()
        assert "Zug (JSON)" not in page.locator("#zug").inner_text()  # folded away under "Für Entwickler"
    finally:
        context.close()
