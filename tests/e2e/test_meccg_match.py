"""Two browsers play the first turn of a MECCG match; neither page ever shows the other's hand."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DECKS = Path(__file__).parents[1] / "decks" / "data"
PASSWORD = "Imladris-3019"


def login(browser, live_server, username, viewport=None):
    context = browser.new_context(locale="de-DE", viewport=viewport or {"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server.url}/konto/anmelden/")
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_load_state()
    return context, page


def click(page, name):
    page.get_by_role("button", name=name, exact=True).first.click()
    page.wait_for_load_state()


def hand_ids(match, order):
    match.refresh_from_db()
    return set(match.state["players"][order]["hand"])


def assert_hands_private(pages, match, orders):
    for user, page in pages.items():
        html = page.content()
        own = hand_ids(match, orders[user])
        other = hand_ids(match, 1 - orders[user])
        assert all(f'data-id="{iid}"' in html for iid in own)
        assert not [iid for iid in other if f'data-id="{iid}"' in html]


def one_click(page, url):
    """One move with clicks only (issue 31): a form the page offers (its defaults; discarding ticks as many cards as
    it asks for), else the first plain button that goes on."""
    page.goto(url)
    box = page.locator("#zug")
    discard = box.locator('form[data-move="discard"]')
    if discard.count():
        needed = int(re.search(r"genau (\d+)", discard.first.inner_text()).group(1))
        for index in range(needed):
            discard.first.locator('input[type="checkbox"]').nth(index).check()
    for kind in ("discard", "plan_movement", "hazards", "defend", "attacker_plan"):
        form = box.locator(f'form[data-move="{kind}"]')
        if form.count():
            form.first.locator('button[type="submit"]').last.click()
            page.wait_for_load_state()
            return True
    for pattern in ("^Passen", "beenden$", "^Fertig", "^Keine", "^Ort betreten$"):
        buttons = box.locator("form.meccg-choice button").filter(has_text=re.compile(pattern))
        if buttons.count():
            buttons.first.click()
            page.wait_for_load_state()
            return True
    return False


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}], ids=["desktop", "phone"]
)
def test_first_turn_in_two_browsers(live_server, browser, content, viewport):
    from decks.services import import_deck
    from matches import services
    from matches.models import Seat

    User = get_user_model()
    frodo = User.objects.create_user("frodo", "frodo@auenland.example", PASSWORD)
    sam = User.objects.create_user("sam", "sam@auenland.example", PASSWORD)
    import_deck(frodo, text=(DECKS / "hero.txt").read_text(encoding="utf-8"), name="Bruchtal", alignment="Hero")
    import_deck(sam, text=(DECKS / "minion.txt").read_text(encoding="utf-8"), name="Morgul", alignment="Minion")
    match = services.create_match(frodo, engine="meccg", players=2, invite=["sam"])
    services.accept_invitation(match, sam)
    services.start(match, frodo)
    orders = {user: Seat.objects.get(match=match, user=user).order for user in (frodo, sam)}
    url = f"{live_server.url}/partien/{match.pk}/"

    contexts = {}
    pages = {}
    for user in (frodo, sam):
        contexts[user], pages[user] = login(browser, live_server, user.username, viewport)
        pages[user].goto(url)
    try:
        # Deck choice: each player one of their own saved decks.
        for user in (frodo, sam):
            page = pages[user]
            page.goto(url)
            page.get_by_label("Dein Deck").select_option(index=0)
            click(page, "Deck wählen")
        # The draft: one face-down pick each, then both stop.
        for user in (frodo, sam):
            pages[user].goto(url)
            pages[user].get_by_label("Startcharakter verdeckt wählen").select_option(index=0)
            click(pages[user], "Wählen")
        for user in (frodo, sam):
            pages[user].goto(url)
            click(pages[user], "Keine weiteren Charaktere")
        sam_page = pages[sam]
        sam_page.goto(url)
        sam_page.get_by_label("Startort").select_option("Dol Guldur")
        click(sam_page, "Startort wählen")
        for user in (frodo, sam):
            pages[user].goto(url)
            click(pages[user], "Bereit")
        for page in pages.values():
            page.goto(url)
            # The untap phase has nothing to choose: it passes by itself (issue 19).
            expect(page.locator(".meccg-stage")).to_contain_text("Organisationsphase")
            expect(page.locator("img.meccg-face").first).to_be_visible()
        assert_hands_private(pages, match, orders)

        match.refresh_from_db()
        active = next(u for u in (frodo, sam) if orders[u] == match.state["turn"]["active"])
        other = sam if active is frodo else frodo
        # The first turn with clicks only: the movement plan (one form), then whatever the table asks for.
        clicks = 0
        for _ in range(30):
            match.refresh_from_db()
            state = match.state
            if state["turn"]["active"] != orders[active]:
                break
            from matches.games.meccg.engine import ENGINE

            seat = ENGINE.current_seats(state)[0]
            user = active if seat == orders[active] else other
            assert one_click(pages[user], url), (state["turn"], seat)
            clicks += 1
        match.refresh_from_db()
        assert clicks <= 12
        match.refresh_from_db()
        assert match.state["turn"]["active"] == orders[other]
        for page in pages.values():
            page.goto(url)
            expect(page.locator(".meccg-stage")).to_contain_text(re.compile("Runde 2"))
            expect(page.locator("#beitraege")).to_contain_text("Abschlussphase")
        assert_hands_private(pages, match, orders)
    finally:
        for context in contexts.values():
            context.close()
