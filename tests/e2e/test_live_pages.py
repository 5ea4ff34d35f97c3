"""Live match pages (issue 33) in real browsers, on the embedded default (the test server's threads, tasks
run in-process): a move, a post and a takeback by one player show on the other's open page within 2 s,
without a reload; with the stream switched off the page polls; a phone plays a move without scrolling
sideways, with card, board and button on one screen."""

import os
import re
import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from matches.models import Match, Move, MoveStatus

from .helpers import login, wait_true
from .test_match_pages import ENGINE, service_moves, type_move, user_at

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "Mittelerde-Zug-42"
LIVE_LIMIT = 2.0  # seconds from the change to the other page showing it


@pytest.fixture
def two(browser):
    contexts = [
        browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900}),
        browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844}, has_touch=True),
    ]
    yield [c.new_page() for c in contexts]
    for context in contexts:
        context.close()


def running_match():
    from matches import services

    User = get_user_model()
    elrond, arwen = (User.objects.create_user(n, f"{n}@imladris.example", PASSWORD) for n in ("elrond", "arwen"))
    match = services.create_match(elrond, engine="zwei-tuerme", players=2, invite=["arwen"])
    services.accept_invitation(match, arwen)
    services.start(match, elrond)
    return service_moves(Match.objects.get(pk=match.pk), lambda m: m.state["phase"] == "play")


def open_pages(pages, base, match, state="stream"):
    """Each player on the match page, its live channel connected (the stream, or the poll)."""
    by_name = {}
    for page, name in zip(pages, ("elrond", "arwen"), strict=True):
        login(page, base, name, PASSWORD)
        page.goto(f"{base}{match.get_absolute_url()}")
        by_name[name] = page
    for page in pages:
        expect(page.locator(f"#partie[data-live-state={state}]")).to_be_attached()
    for page in pages:  # a reload would lose this
        page.evaluate("document.documentElement.dataset.liveMarker = 'same page'")
    return by_name


def not_reloaded(page) -> bool:
    return page.evaluate("document.documentElement.dataset.liveMarker") == "same page"


def shows_within(page, locator_text, selector, limit=LIVE_LIMIT) -> float:
    started = time.monotonic()
    wait_true(lambda: locator_text in (page.locator(selector).first.text_content() or ""), timeout=limit, what=selector)
    return time.monotonic() - started


@pytest.fixture
def stream_from_the_test_server(settings):
    """The test server runs each request in a thread, as runserver does (CI has a broker, so say it)."""
    settings.LIVE_STREAM_WSGI = True


def test_a_move_a_post_and_a_takeback_show_on_the_other_page_within_2_seconds(
    live_server, two, stream_from_the_test_server
):
    match = running_match()
    base = live_server.url
    pages = open_pages(two, base, match)
    mover = user_at(match, match.state["turn"]).username
    waiter = "arwen" if mover == "elrond" else "elrond"
    errors = []
    for page in two:
        page.on("pageerror", lambda exc: errors.append(str(exc)))

    # a move in the mover's browser: the waiting page shows it (log, last move, its move form) without a reload
    before = Match.objects.get(pk=match.pk).version
    action = ENGINE.default_action(match.state, match.state["turn"])
    type_move(pages[mover], action)
    applied = Move.objects.filter(match=match, status=MoveStatus.APPLIED, version=before).first()
    assert applied is not None
    took = shows_within(pages[waiter], "Zug abschicken", "[data-live='play']")
    assert not_reloaded(pages[waiter])
    expect(pages[waiter].locator("[data-last-move]")).to_contain_text(mover)
    expect(pages[waiter].locator("#beitraege")).to_contain_text("spielt")
    print(f"move shown after {took:.2f} s")

    # a post: on the other page within 2 s, and the text typed there meanwhile stays
    pages[mover].evaluate("document.documentElement.dataset.liveMarker = 'same page'")  # it submitted a form
    pages[mover].get_by_label("Dein Beitrag").fill("halb getippt")
    pages[waiter].get_by_label("Dein Beitrag").fill("Gut gespielt!")
    pages[waiter].get_by_role("button", name="Beitrag senden").click()
    took = shows_within(pages[mover], "Gut gespielt!", "#beitraege")
    expect(pages[waiter].locator("#partie[data-live-state=stream]")).to_be_attached()  # its own page anew
    pages[waiter].evaluate("document.documentElement.dataset.liveMarker = 'same page'")
    assert not_reloaded(pages[mover])
    expect(pages[mover].get_by_label("Dein Beitrag")).to_have_value("halb getippt")
    print(f"post shown after {took:.2f} s")

    # a takeback request: the mover's earlier move; the other page offers the answer within 2 s
    # the waiter has not moved yet, so the mover may still ask (a form: the mover's own page loads anew)
    pages[mover].get_by_role("button", name="Letzten Zug zurücknehmen …").click()
    expect(pages[mover].get_by_text("Deine Bitte um Rücknahme ist gestellt")).to_be_visible()
    expect(pages[mover].locator("#partie[data-live-state=stream]")).to_be_attached()
    pages[mover].evaluate("document.documentElement.dataset.liveMarker = 'same page'")
    took = shows_within(pages[waiter], "möchte den letzten Zug zurücknehmen", "[data-live='head']")
    assert not_reloaded(pages[waiter])
    pages[waiter].get_by_role("button", name="Rücknahme erlauben").click()
    took2 = shows_within(pages[mover], "zurückgenommen", "#beitraege")
    assert not_reloaded(pages[mover])
    print(f"takeback shown after {took:.2f} s, answer after {took2:.2f} s")
    assert Match.objects.get(pk=match.pk).version == before + 2
    assert not errors, errors


def test_without_a_stream_the_page_polls_and_still_updates(live_server, two, settings):
    settings.LIVE_STREAM_WSGI = False  # as under gunicorn's sync workers: the stream answers 204
    match = running_match()
    base = live_server.url
    watcher = open_pages(two, base, match, state="poll")["elrond"]
    assert watcher.request.get(f"{base}/partien/{match.pk}/live/").status == 204
    service_moves(match, lambda m: m.version > match.version)
    shows_within(watcher, "spielt", "#beitraege", limit=4.0 + LIVE_LIMIT)  # the poll runs every 4 s
    assert not_reloaded(watcher)


def test_a_phone_plays_a_move_without_scrolling_sideways(live_server, two):
    match = running_match()
    base = live_server.url
    phone = two[1]
    player = user_at(match, match.state["turn"]).username
    login(phone, base, player, PASSWORD)
    phone.goto(f"{base}{match.get_absolute_url()}#zug")
    width = phone.viewport_size["width"]
    if os.environ.get("LIVE_E2E_SHOTS"):
        phone.screenshot(path=f"{os.environ['LIVE_E2E_SHOTS']}/phone.png", full_page=True)
        phone.screenshot(path=f"{os.environ['LIVE_E2E_SHOTS']}/phone-screen.png")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    board = phone.locator(".zt-board svg").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= width  # the whole board, no swipe inside it
    sizes = phone.evaluate(
        "Array.from(document.querySelectorAll('.zt-field')).map(r => r.getBoundingClientRect())"
        ".map(b => Math.min(b.width, b.height))"
    )
    # the 18 columns share the phone's width: about 19 px a field at 390 px (the old 24 px needed a sideways
    # swipe); the fields that can be chosen are lit, and a tap near one picks it (zt-board.js)
    assert min(sizes) >= 18, min(sizes)
    # card, figures and button within one screen, in the order card, board, button
    card = phone.locator('form[data-zt-move] input[name="card"]').first.bounding_box()
    submit = phone.get_by_role("button", name="Zug abschicken").bounding_box()
    assert card["y"] < board["y"] < submit["y"]
    assert submit["y"] + submit["height"] - card["y"] <= phone.viewport_size["height"], (card, submit)
    expect(phone.locator(".zt-position")).to_have_count(0)  # the notation is for the analysis page only
    way, last = (
        phone.locator(f".zt-key-{key}").evaluate("e => getComputedStyle(e).backgroundColor") for key in ("path", "last")
    )
    # "Weg" and "letzter Zug" apart in the legend (they were two yellows 16 apart in RGB)
    (r1, g1, b1), (r2, g2, b2) = (map(int, re.findall(r"\d+", colour)[:3]) for colour in (way, last))
    assert ((r1 - r2) ** 2 + (g1 - g2) ** 2 + (b1 - b2) ** 2) ** 0.5 > 80, (way, last)
    for link in ("Passwort", "Abmelden"):
        box = phone.get_by_role("link" if link == "Passwort" else "button", name=link).bounding_box()
        assert box["height"] >= 24, (link, box)
    # the move: a card, a reachable field on the board, the button
    version = Match.objects.get(pk=match.pk).version
    reachable = phone.locator(".zt-cell:has(.zt-reachable)")
    choice = phone.locator("[data-zt-choice]")
    figures = phone.locator('form[data-zt-move] input[name="figure"][type="radio"]').all() or [None]
    for figure in figures:
        if figure is not None and not figure.is_checked():
            choice.evaluate("e => { e.textContent = ''; }")
            figure.check()
        for radio in phone.locator('form[data-zt-move] input[name="card"]').all():
            if not radio.is_checked():
                choice.evaluate("e => { e.textContent = ''; }")  # the answer for this card, not the last one's
                radio.check()
            wait_true(lambda: (choice.text_content() or "").strip(), what="the ways of the card")
            if reachable.count():
                break
        if reachable.count():
            break
    assert reachable.count(), "no card of the hand can move"
    reachable.first.click()
    expect(choice).to_contain_text("Weg")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    phone.get_by_role("button", name="Zug abschicken").click()
    phone.wait_for_load_state()
    wait_true(lambda: Match.objects.get(pk=match.pk).version == version + 1, what="the move applied")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width


def test_the_tab_order_is_card_board_button(live_server, browser):
    match = running_match()
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    login(page, live_server.url, user_at(match, match.state["turn"]).username, PASSWORD)
    page.goto(f"{live_server.url}{match.get_absolute_url()}")
    page.locator('form[data-zt-move] input[name="card"]:checked').focus()
    seen = []
    for _step in range(8):
        page.keyboard.press("Tab")
        seen.append(
            page.evaluate(
                "(() => { const a = document.activeElement;"
                " if (a.closest('.zt-board')) return 'board';"
                " if (a.matches('button[type=submit][form=zt-move-form]')) return 'submit';"
                " return a.name || a.tagName; })()"
            )
        )
        if seen[-1] == "submit":
            break
    assert "board" in seen and seen.index("board") < seen.index("submit"), seen
    assert [s for s in seen if s not in ("figure", "type")] == ["board", "submit"], seen
    context.close()
