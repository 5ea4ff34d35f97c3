"""Issue 20 in two browsers (desktop and a 390×844 phone): a Zwei Türme match played to the end.

Most moves go through the services (the rules are tested elsewhere); the checked steps happen in the
browser: one colour word per seat, the score panel as the rules allow, my hand while waiting, the last
move marked, resign asks first, a takeback accepted and one declined, the time left, the header badge,
the replay during the match with arrow keys, the error beside the form with the path kept, fields of
at least 24 px on the phone, one tab stop for the board, axe, and at the end totals, ratings and a rematch.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from matches import selectors, services
from matches.engine import registry
from matches.models import Match, MatchStatus, Rating, Seat

from .helpers import login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "Mittelerde-Zug-42"
ENGINE = registry.get("zwei-tuerme")
COLOURS = ("Grün", "Rot")


@pytest.fixture
def desktop(browser):
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True)
    yield context.new_page()
    context.close()


def user_at(match, order):
    return Seat.objects.get(match=match, order=order).user


def service_moves(match, until, limit=400):
    """Default actions through the services until ``until(match)`` (or the end)."""
    for _ in range(limit):
        match = Match.objects.get(pk=match.pk)
        current = selectors.current_seats(match)
        if not current or until(match):
            return match
        action = ENGINE.default_action(match.state, current[0])
        move, _created = services.submit_move(match, user_at(match, current[0]), action, match.version)
        services.resolve_move(move.pk)
    return Match.objects.get(pk=match.pk)


def ends_next(match) -> bool:
    if match.state["phase"] != "play":
        return False
    seat = match.state["turn"]
    state, _events = ENGINE.apply(match.state, seat, ENGINE.default_action(match.state, seat))
    return state["phase"] == "over"


def axe_serious(page):
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    return [
        (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations if v["impact"] in ("serious", "critical")
    ]


def open_typing(page):
    """With JavaScript the typed way sits folded under the board (the board is the way to choose)."""
    manual = page.locator("[data-zt-manual]")
    if manual.count() and not manual.evaluate("d => d.open"):
        page.get_by_text("Den Weg eintippen").click()


def type_move(page, action):
    """Fill the move form as a player would: card, figure, path typed."""
    page.locator(f'input[name="card"][value="{action["card"]}"]').check()
    figure = page.locator(f'input[name="figure"][type="radio"][value="{action["figure"]}"]')
    if figure.count():
        figure.check()
    open_typing(page)
    if action["type"] == "jump":
        page.get_by_label("Zugart").select_option("jump")
        page.get_by_label("Weg (Felder Reihe,Spalte)").fill(f"{action['to'][0]},{action['to'][1]}")
    else:
        page.get_by_label("Weg (Felder Reihe,Spalte)").fill(" ".join(f"{r},{c}" for r, c in action["path"]))
    page.get_by_role("button", name="Zug abschicken").click()
    page.wait_for_load_state()


def test_a_zwei_tuerme_match_to_the_end_in_two_browsers(live_server, desktop, phone):
    User = get_user_model()
    for name in ("elrond", "arwen"):
        User.objects.create_user(name, f"{name}@imladris.example", PASSWORD)
    base = live_server.url
    errors = []
    for p in (desktop, phone):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    login(desktop, base, "elrond", PASSWORD)
    login(phone, base, "arwen", PASSWORD)
    elrond = User.objects.get(username="elrond")
    match = services.create_match(elrond, engine="zwei-tuerme", players=2, invite=["arwen"])
    Match.objects.filter(pk=match.pk).update(seed=1)
    services.accept_invitation(match, User.objects.get(username="arwen"))
    services.start(Match.objects.get(pk=match.pk), elrond)
    pages = {"elrond": desktop, "arwen": phone}
    url = f"{base}/partien/{match.pk}/"

    # placement by clicking the field on the board
    match = Match.objects.get(pk=match.pk)
    placer = pages[user_at(match, match.state["turn"]).username]
    placer.goto(url)
    r, c = ENGINE.start_fields(match.state)[-1]
    placer.locator(f'.zt-cell[data-r="{r}"][data-c="{c}"]').click()
    expect(placer.locator("[data-zt-place-to]")).to_have_value(f"{r},{c}")
    placer.get_by_role("button", name="Figur aufstellen").click()
    placer.wait_for_load_state()
    match = Match.objects.get(pk=match.pk)
    assert [r, c] in [f for seat in match.state["figures"] for f in seat]

    # a few turns in, both seats hold beaten orcs
    match = service_moves(match, lambda m: all(m.state["captured"]) and m.state["phase"] == "play")
    mover_order = match.state["turn"]
    mover = user_at(match, mover_order).username
    waiter = "arwen" if mover == "elrond" else "elrond"
    mp, wp = pages[mover], pages[waiter]
    for p in (mp, wp):
        p.goto(url)

    # one identity per seat: the same colour word in table, legend and log
    for seat in Seat.objects.filter(match=match).select_related("user"):
        colour, name = COLOURS[seat.order], seat.user.username
        expect(mp.locator(f'[data-seat="{seat.order + 1}"]')).to_contain_text(name)
        expect(mp.locator(f'[data-seat="{seat.order + 1}"]')).to_contain_text(colour)
        expect(mp.locator(f'[data-legend-seat="{seat.order + 1}"]')).to_contain_text(f"{colour} ({name})")
        expect(mp.locator("#beitraege")).to_contain_text(f"{name} ({colour})")

    # the score panel: my tiles and total, the other's only as a count
    for name, p in pages.items():
        order = next(s.order for s in Seat.objects.filter(match=match) if s.user.username == name)
        mine = sum(ENGINE.data.tiles[t].value for t in match.state["captured"][order])
        expect(p.locator(f'[data-score-seat="{order + 1}"]')).to_contain_text(str(mine))
        other = p.locator(f'[data-score-seat="{2 - order}"]')
        expect(other).to_contain_text("verdeckt")
        expect(other).to_contain_text(str(len(match.state["captured"][1 - order])))

    # my hand while waiting, the last move marked, the time left, the badge
    expect(wp.locator("[data-zt-waiting]")).to_be_visible()
    hand = match.state["hands"][1 - mover_order]
    for card in hand:
        expect(wp.locator("[data-zt-hand]")).to_contain_text(ENGINE.data.heroes[card].name)
    assert wp.locator(".zt-last-path").count() >= 1
    expect(wp.locator("[data-last-move]")).to_contain_text("spielt")
    expect(wp.locator("[data-last-move]")).to_contain_text(
        re.compile(r"von (Isengart|Mordor) \((links|rechts)\) in Reihe \d")
    )
    expect(mp.locator("[data-time-left]")).to_contain_text(
        re.compile(r"Noch \d+ Tage? und \d+ Stunden? für diesen Zug")
    )
    expect(mp.locator(".turn-badge")).to_have_text("Am Zug (1)")
    assert wp.locator(".turn-badge").count() == 0
    mp.locator(".turn-badge").click()
    expect(mp.locator(".match-list")).to_contain_text(f"#{match.pk}")
    mp.goto(url)
    expect(mp.locator("#seit")).to_be_visible()

    # one tab stop for the board
    cells = mp.locator(".zt-board [tabindex]")
    assert cells.count() > 100
    assert mp.locator('.zt-board [tabindex="0"]').count() == 1
    mp.locator('.zt-board [tabindex="0"]').focus()
    mp.keyboard.press("ArrowRight")
    assert mp.evaluate("document.activeElement.classList.contains('zt-cell')")
    assert mp.locator('.zt-board [tabindex="0"]').count() == 1  # the tab stop moved with the focus
    mp.keyboard.press("Tab")
    assert not mp.evaluate("document.activeElement.classList.contains('zt-cell')")

    # the error beside the form, the typed path kept
    card = match.state["hands"][mover_order][0]
    mp.locator(f'input[name="card"][value="{card}"]').check()
    open_typing(mp)
    mp.get_by_label("Weg (Felder Reihe,Spalte)").fill("1,1 1,2")
    mp.get_by_role("button", name="Zug abschicken").click()
    mp.wait_for_load_state()
    error = mp.locator("[data-zt-move-error]")
    expect(error).to_be_visible()
    expect(mp.get_by_label("Weg (Felder Reihe,Spalte)")).to_have_value("1,1 1,2")
    # beside the typed way (folded open under the board after an error)
    field_box = mp.locator("[data-zt-manual]").bounding_box()
    error_box = error.bounding_box()
    assert field_box["y"] <= error_box["y"] <= field_box["y"] + field_box["height"]

    # resign asks first (a dialog; "no" keeps the match running)
    mp.get_by_role("link", name="Aufgeben …").click()
    dialog = mp.locator("#resign-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Nein, weiterspielen").click()
    expect(dialog).to_be_hidden()
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING

    # a takeback accepted: the mover plays in the browser, asks, the other accepts
    match = Match.objects.get(pk=match.pk)
    before = match.state
    type_move(mp, ENGINE.default_action(match.state, mover_order))
    assert Match.objects.get(pk=match.pk).version == match.version + 1
    mp.get_by_role("button", name="Letzten Zug zurücknehmen …").click()
    wp.goto(url)
    expect(wp.locator("#ruecknahme")).to_be_visible()
    wp.get_by_role("button", name="Rücknahme erlauben").click()
    expect(wp.get_by_role("status").first).to_contain_text("zugestimmt")
    match = Match.objects.get(pk=match.pk)
    assert match.state == before
    # and one declined: the move stands
    mp.goto(url)
    type_move(mp, ENGINE.default_action(match.state, mover_order))
    after = Match.objects.get(pk=match.pk).state
    mp.get_by_role("button", name="Letzten Zug zurücknehmen …").click()
    wp.goto(url)
    wp.get_by_role("button", name="Ablehnen: der Zug gilt").click()
    assert Match.objects.get(pk=match.pk).state == after
    expect(wp.locator("#beitraege")).to_contain_text("lehnt die Rücknahme ab")

    # the phone: the board fits the width (issue 33: no sideways swipe), card, board, button, a compact header
    match = Match.objects.get(pk=match.pk)
    arwen_order = Seat.objects.get(match=match, user__username="arwen").order
    if match.state["turn"] != arwen_order:  # let Elrond move so that Arwen has the move form
        match = service_moves(match, lambda m: m.state["turn"] == arwen_order)
    phone.goto(url)
    sizes = phone.evaluate(
        "Array.from(document.querySelectorAll('.zt-field')).map(r => r.getBoundingClientRect())"
        ".map(b => Math.min(b.width, b.height))"
    )
    assert sizes and min(sizes) >= 18, min(sizes)
    header = phone.locator(".site-header").bounding_box()
    assert header["height"] <= 110, header
    submit = phone.locator("button[type=submit][form=zt-move-form]").bounding_box()
    card = phone.locator('form[data-zt-move] input[name="card"]').first.bounding_box()
    board = phone.locator(".zt-board").bounding_box()
    assert card["y"] < board["y"] < submit["y"], (card, board, submit)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # neither page nor board scrolls

    # the replay during the match, step by step with the arrow keys
    phone.goto(f"{base}/partien/{match.pk}/wiederholung/?schritt=6")
    expect(phone.locator("[data-replay-nav]")).to_contain_text("Zug 6 von")
    assert phone.locator("[data-current-step]").count() >= 1
    assert phone.locator(".zt-last-path").count() >= 1  # the step's move marked on the board
    phone.locator("h1").click()
    phone.keyboard.press("ArrowRight")
    expect(phone.locator("[data-replay-nav]")).to_contain_text("Zug 7 von")
    phone.keyboard.press("ArrowLeft")
    expect(phone.locator("[data-replay-nav]")).to_contain_text("Zug 6 von")

    # axe on the match page (both sizes) and the replay
    problems = {}
    for name, p in pages.items():
        p.goto(url)
        found = axe_serious(p)
        if found:
            problems[name] = found
    for path in (
        f"/partien/{match.pk}/wiederholung/?schritt=6",
        f"/partien/{match.pk}/aufgeben/",
        "/partien/",
        "/partien/am-zug/",
        "/partien/nachrichten/",
        "/partien/einstellungen/",
    ):
        phone.goto(f"{base}{path}")
        found = axe_serious(phone)
        if found:
            problems[path] = found
    assert problems == {}, problems

    # to the end: the last move in the browser
    match = service_moves(match, ends_next)
    assert match.status == MatchStatus.RUNNING
    last_order = match.state["turn"]
    last_page = pages[user_at(match, last_order).username]
    last_page.goto(url)
    type_move(last_page, ENGINE.default_action(match.state, last_order))
    match = Match.objects.get(pk=match.pk)
    assert match.status == MatchStatus.FINISHED
    for p in pages.values():
        p.goto(url)
        expect(p.get_by_text("Ergebnis:")).to_be_visible()
        for order in range(2):  # every total is open at the end
            expect(p.locator(f'[data-score-seat="{order + 1}"]')).not_to_contain_text("verdeckt")
            expect(p.locator(f'[data-score-seat="{order + 1}"]')).to_contain_text(
                str(match.result["scores"][str(order)])
            )

    # ratings changed and show on the leaderboard
    ratings = list(Rating.objects.filter(engine="zwei-tuerme").order_by("-rating"))
    assert len(ratings) == 2 and all(r.games == 1 for r in ratings)
    if match.result["winners"]:
        assert ratings[0].rating > 1500 > ratings[1].rating
    desktop.goto(f"{base}/partien/rangliste/zwei-tuerme/")
    expect(desktop.locator(".leaderboard")).to_contain_text(ratings[0].user.username)
    expect(desktop.locator(".leaderboard")).to_contain_text(str(round(ratings[0].rating)))
    assert axe_serious(desktop) == []

    # rematch with the same seats
    desktop.goto(url)
    desktop.get_by_role("button", name="Revanche mit denselben Spielern").click()
    expect(desktop.get_by_role("status").first).to_contain_text("Die Revanche ist angelegt")
    new = Match.objects.get(rematch_of=match)
    assert new.status == MatchStatus.OPEN  # the other player's consent first
    phone.goto(f"{base}/partien/{new.pk}/")
    phone.get_by_role("button", name="Einladung annehmen").click()
    expect(phone.locator("body")).to_contain_text("am Zug")
    new.refresh_from_db()
    assert new.status == MatchStatus.RUNNING
    assert {s.user.username for s in new.seats.all()} == {"elrond", "arwen"}
    assert errors == []
