"""Two users, two browsers: a Zwei Türme match from the lobby on; neither page shows the other's hand."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from matches.engine import registry
from matches.models import Match, Seat

from .helpers import login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "Mittelerde-Zug-42"


@pytest.fixture
def second_page(browser):
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    yield page
    context.close()


def other_hands(match, reader_order):
    state = Match.objects.get(pk=match.pk).state
    return [card for seat, hand in enumerate(state["hands"]) if seat != reader_order for card in hand]


def assert_no_foreign_hand(page, match, order):
    html = page.content()
    leaked = [card for card in other_hands(match, order) if card in html]
    assert leaked == [], f"seat {order} sees {leaked}"


def test_two_players_from_the_lobby_neither_sees_the_other_hand(live_server, page, second_page):
    User = get_user_model()
    for name in ("frodo", "sam"):
        User.objects.create_user(name, f"{name}@auenland.example", PASSWORD)
    base = live_server.url
    errors = []
    for p in (page, second_page):
        p.on("pageerror", lambda exc: errors.append(str(exc)))

    login(page, base, "frodo", PASSWORD)
    page.get_by_label("Spiel", exact=True).select_option(label="Die Zwei Türme")
    page.get_by_label("Spielerzahl").fill("2")
    page.get_by_role("button", name="Partie anlegen").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Die Zwei Türme")
    match = Match.objects.get()

    login(second_page, base, "sam", PASSWORD)
    second_page.get_by_role("button", name="Beitreten").first.click()
    expect(second_page.get_by_role("status").first).to_contain_text("Du hast Platz genommen")

    page.reload()
    page.get_by_role("button", name="Partie starten").click()
    expect(page.get_by_role("status").first).to_contain_text("Die Partie hat begonnen")

    pages = {"frodo": page, "sam": second_page}
    orders = {s.user.username: s.order for s in Seat.objects.filter(match=match).select_related("user")}
    engine = registry.get("zwei-tuerme")
    # the placement round (two figures each in a two-player game), then one hero move each
    for step in range(6):
        match.refresh_from_db()
        turn = match.state["turn"]
        mover = next(name for name, order in orders.items() if order == turn)
        waiter = "sam" if mover == "frodo" else "frodo"
        p = pages[mover]
        p.goto(f"{base}{match.get_absolute_url()}")
        assert_no_foreign_hand(p, match, turn)
        if match.state["phase"] == "place":
            p.get_by_role("button", name="Figur aufstellen").click()
        else:
            card = p.locator('input[name="card"]:checked').get_attribute("value")
            action = next(
                a for a in engine.legal_actions(match.state, turn) if a["card"] == card and a["type"] == "move"
            )
            figure = p.locator('input[name="figure"][type="radio"]')
            if figure.count():
                p.locator(f'input[name="figure"][value="{action["figure"]}"]').check()
            if not p.locator("[data-zt-manual]").evaluate("d => d.open"):  # folded under the board with JS
                p.get_by_text("Den Weg eintippen").click()
            p.get_by_label("Weg (Felder Reihe,Spalte)").fill(" ".join(f"{r},{c}" for r, c in action["path"]))
            p.get_by_role("button", name="Zug abschicken").click()
        p.wait_for_load_state()
        expect(p.locator(".thread")).to_be_visible()
        match.refresh_from_db()
        assert match.version == step + 1, f"move {step + 1} was not applied"
        assert_no_foreign_hand(p, match, turn)
        other = pages[waiter]
        other.goto(f"{base}{match.get_absolute_url()}")
        assert_no_foreign_hand(other, match, orders[waiter])
    assert match.state["phase"] == "play"
    assert errors == []
