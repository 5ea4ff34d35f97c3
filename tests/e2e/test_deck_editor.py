"""The deck editor as a player uses it, in a real browser (issue 9, "The editor").

With JavaScript: +/– in place without a page reload, the check and statistics follow, "Löschen"
asks first, paste errors offer replace buttons, autocomplete tells same-named cards apart, the
Probehand draws on the server. Without JavaScript the same forms post normally. Every page is
checked for console errors and CSP violations, and for width on a phone.
"""

import os
import re
from math import comb
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from cards.models import Card
from decks import services
from decks.models import Deck, DeckEntry

from .helpers import wait_true

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DATA = Path(__file__).parents[1] / "decks" / "data"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _wait_true(page, expression: str, arg) -> None:
    wait_true(lambda: page.evaluate(expression, arg), what=expression)


def shot(page, name):
    """Screenshots while developing: DECK_E2E_SHOTS=/tmp/shots pytest tests/e2e/test_deck_editor.py."""
    folder = os.environ.get("DECK_E2E_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"]
    height = page.evaluate("document.documentElement.scrollHeight")
    # Pieces of at most 1,600 px, so a long phone page stays readable.
    for number, top in enumerate(range(0, min(height, 4800), 1600)):
        clip = {"x": 0, "y": top, "width": width, "height": min(1600, height - top)}
        page.screenshot(path=f"{folder}/{name}-{number}.png", full_page=True, clip=clip)


@pytest.fixture
def cards():
    from cards.games import GAMES
    from cards.importers.meccg import import_meccg
    from cards.models import Game

    # Transactional tests start from an empty database (even the migrated games are flushed).
    for game in GAMES:
        Game.objects.update_or_create(slug=game["slug"], defaults=game)
    import_meccg(settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json")


@pytest.fixture
def player(cards):
    return get_user_model().objects.create_user("elrond", "elrond@bruchtal.example", "Imladris-3019")


@pytest.fixture
def open_page(browser, live_server, player):
    """open_page(viewport, javascript=True) -> a signed-in page; on teardown no console error or CSP violation."""
    client = Client()
    client.force_login(player)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    contexts, problems = [], []

    def make(viewport=DESKTOP, javascript=True):
        context = browser.new_context(locale="de-DE", viewport=viewport, java_script_enabled=javascript)
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        # A violation is reported as a console error too; this says which directive, whatever the wording.
        page.add_init_script(
            "document.addEventListener('securitypolicyviolation', e => "
            "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));"
        )
        page.base = live_server.url
        page.problems = problems  # a test that provokes an error takes that one out
        return page

    yield make
    for context in contexts:
        context.close()
    assert problems == []


def hero_deck(owner, name="Gemeinschaft"):
    text = (DATA / "hero.txt").read_text(encoding="utf-8")
    return services.import_deck(owner, text=text, name=name, alignment="Hero", visibility="private")


def fits_the_screen(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def quantity_of(page, name):
    return int(page.get_by_label(f"Anzahl {name}", exact=True).input_value())


def summary_value(page, term):
    return page.locator("#deck-check dt", has_text=term).locator("xpath=following-sibling::dd[1]").inner_text()


def stat_count(page, type_label):
    bar = page.locator("#deck-stats .deck-bar", has=page.locator(".deck-bar-label", has_text=type_label))
    return int(bar.locator(".deck-bar-count").inner_text()) if bar.count() else 0


def test_new_deck_then_add_and_change_cards_in_place(open_page, player):
    page = open_page()
    page.goto(f"{page.base}/decks/neu/")
    page.get_by_label("Name", exact=True).fill("Bruchtal-Rat")
    page.get_by_label("Ausrichtung").select_option("Hero")
    page.get_by_role("button", name="Deck speichern").click()
    page.wait_for_url(re.compile(r"/decks/\d+/bearbeiten/$"))
    deck = Deck.objects.get(owner=player, name="Bruchtal-Rat")
    expect(page.locator("#deck-cards")).to_contain_text("Das Deck ist noch leer.")

    page.get_by_label("Kartenname (deutsch oder englisch)").fill("Gandalf")
    page.get_by_role("button", name="Suchen").click()
    page.wait_for_url(re.compile(r"\?q=Gandalf$"))
    gandalf = Card.objects.get(code="TW-156")
    # A marker on window survives only if no navigation happens from here on.
    page.evaluate("window.__stayed = true")
    page.get_by_role("button", name=f"Gandalf ({gandalf.code}) hinzufügen").click()
    expect(page.get_by_label("Anzahl Gandalf", exact=True)).to_have_value("1")
    said = (
        r"^Gandalf \(Spielstapel-Charaktere\): jetzt 1\. "
        r"Deckprüfung: nicht regelkonform, \d+ Fehler\. Karten gesamt: 1\.$"
    )
    expect(page.locator("#deck-live-status")).to_have_text(re.compile(said))
    assert DeckEntry.objects.get(deck=deck, card=gandalf).quantity == 1
    assert summary_value(page, "Karten gesamt") == "1"
    assert stat_count(page, "Charakter") == 1
    shot(page, "desktop-added")

    plus = page.get_by_role("button", name="Ein Exemplar von Gandalf hinzufügen")
    plus.click()
    expect(page.get_by_label("Anzahl Gandalf", exact=True)).to_have_value("2")
    expect(page.locator("#deck-check")).to_contain_text("Karten gesamt2")
    assert stat_count(page, "Charakter") == 2
    # The list was replaced, yet the keyboard stays on the same card's + button.
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Ein Exemplar von Gandalf hinzufügen"
    page.get_by_role("button", name="Ein Exemplar von Gandalf entfernen").click()
    expect(page.get_by_label("Anzahl Gandalf", exact=True)).to_have_value("1")
    assert DeckEntry.objects.get(deck=deck, card=gandalf).quantity == 1

    # A quantity typed in; then 0 removes the card and the check and statistics follow.
    page.get_by_label("Anzahl Gandalf", exact=True).fill("3")
    page.get_by_role("button", name="Anzahl von Gandalf ändern").click()
    expect(page.locator("#deck-live-status")).to_contain_text("Gandalf (Spielstapel-Charaktere): jetzt 3.")
    assert stat_count(page, "Charakter") == 3
    page.get_by_label("Anzahl Gandalf", exact=True).fill("0")
    page.get_by_label("Anzahl Gandalf", exact=True).press("Enter")
    expect(page.locator("#deck-cards")).to_contain_text("Das Deck ist noch leer.")
    expect(page.locator("#deck-live-status")).to_contain_text("Gandalf (Spielstapel-Charaktere): entfernt.")
    assert summary_value(page, "Karten gesamt") == "0" and stat_count(page, "Charakter") == 0
    assert not DeckEntry.objects.filter(deck=deck).exists()
    assert page.evaluate("window.__stayed") is True

    # A refused change (a card the server does not know) shows the German reason in place, no reload.
    page.get_by_role("button", name=f"Gandalf ({gandalf.code}) hinzufügen").click()
    expect(page.get_by_label("Anzahl Gandalf", exact=True)).to_have_value("1")
    page.locator(".deck-row input[name=code]").last.evaluate("field => field.value = 'XX-999'")
    page.get_by_role("button", name="Ein Exemplar von Gandalf hinzufügen").click()
    expect(page.locator("#deck-live-error")).to_contain_text("XX-999")
    page.problems.remove("Failed to load resource: the server responded with a status of 400 (Bad Request)")
    assert DeckEntry.objects.get(deck=deck, card=gandalf).quantity == 1
    assert page.evaluate("window.__stayed") is True


def test_wide_screen_check_beside_the_list_and_accessible(open_page, player):
    from axe_playwright_python.sync_playwright import Axe

    deck = hero_deck(player)
    page = open_page()
    page.goto(f"{page.base}/decks/{deck.pk}/bearbeiten/?q=Saruman")
    cards_box = page.locator("#deck-cards").bounding_box()
    check_box = page.locator("#deck-check").bounding_box()
    assert check_box["x"] > cards_box["x"] + cards_box["width"] and check_box["y"] < cards_box["y"] + 200
    assert fits_the_screen(page)
    shot(page, "desktop-edit")
    # The check's verdict reaches screen readers after each change.
    assert page.locator("#deck-live-status").get_attribute("aria-live") == "polite"
    # Every button beside a card says which card; the focus ring shows on them.
    unnamed = page.locator(".deck-row").evaluate_all(
        """rows => rows.flatMap(row => {
            const name = row.querySelector('.deck-row-name').firstChild.textContent.trim();
            return [...row.querySelectorAll('button')]
                .map(b => b.getAttribute('aria-label') || '')
                .filter(label => !label.includes(name));
        })"""
    )
    assert page.locator(".deck-row").count() > 20 and unnamed == []
    page.get_by_label("Anzahl Gandalf", exact=True).focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "[document.activeElement.getAttribute('aria-label'), getComputedStyle(document.activeElement).outlineStyle]"
    )
    assert focused == ["Ein Exemplar von Gandalf hinzufügen", "solid"]
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []


def test_delete_asks_first(open_page, player):
    deck = hero_deck(player)
    page = open_page()
    page.goto(f"{page.base}/decks/{deck.pk}/")
    asked = []

    def dismiss(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.get_by_role("button", name="Löschen").click()
    assert asked and "endgültig löschen" in asked[0]
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert page.url.endswith(f"/decks/{deck.pk}/")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Löschen").click()
    page.wait_for_url(re.compile(r"/decks/$"))
    expect(page.locator(".messages")).to_contain_text("Das Deck wurde gelöscht.")
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_paste_errors_offer_replacements_and_block_saving(open_page, player):
    page = open_page()
    page.goto(f"{page.base}/decks/neu/")
    page.get_by_label("Name", exact=True).fill("Eingefügt")
    area = page.get_by_label("Deckliste einfügen (optional)")
    area.fill("2 Aragorn II\n3 Gandalv\nBilbo")
    # The gutter numbers the lines so "Zeile 2" is easy to find.
    expect(page.locator(".numbered-gutter")).to_have_text("1\n2\n3")
    page.get_by_role("button", name="Vorschau").click()
    expect(page.locator("#preview-title")).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("Zeile 2")
    save = page.get_by_role("button", name="Deck speichern")
    expect(save).to_be_visible()
    expect(save).to_be_disabled()
    reason = page.locator(f"#{save.get_attribute('aria-describedby')}")
    expect(reason).to_contain_text("Speichern ist gesperrt: 1 Zeile ist nicht lesbar")
    expect(page.locator(".numbered-gutter")).to_have_text("1\n2\n3")
    expect(page.locator(".numbered-bad")).to_have_text("2")
    # "zur Zeile" selects the unreadable line in the list.
    page.get_by_role("button", name="Zur Zeile 2 der Liste").click()
    selected = area.evaluate("a => a.value.slice(a.selectionStart, a.selectionEnd)")
    assert selected == "3 Gandalv" and page.evaluate("document.activeElement.id") == "id_text"
    assert fits_the_screen(page)
    shot(page, "desktop-paste-errors")

    page.locator(".suggestions").get_by_role("button", name="Gandalf", exact=True).click()
    expect(area).to_have_value("2 Aragorn II\n3 Gandalf\nBilbo")
    expect(save).to_be_enabled()
    save.click()
    page.wait_for_url(re.compile(r"/decks/\d+/bearbeiten/$"))
    deck = Deck.objects.get(owner=player, name="Eingefügt")
    saved = {(e.card.name_de, e.quantity) for e in deck.entries.select_related("card")}
    assert saved == {("Aragorn II", 2), ("Gandalf", 3), ("Bilbo", 1)}


def test_autocomplete_tells_cards_that_share_a_name_apart(open_page, player):
    deck = hero_deck(player)
    page = open_page()
    page.goto(f"{page.base}/decks/{deck.pk}/bearbeiten/")
    field = page.get_by_label("Kartenname (deutsch oder englisch)")
    # Typed in German or English; the choices show the German name.
    for typed, name in (("Saruman", "Saruman"), ("Rivendell", "Bruchtal"), ("Bruchtal", "Bruchtal")):
        field.fill(typed)
        options = page.locator("#deck-search-list option")
        expect(options.first).to_be_attached()
        _wait_true(
            page,
            "n => [...document.querySelectorAll('#deck-search-list option')].some(o => o.value.startsWith(n + ' ('))"
            " && document.getElementById('deck-search').value === n",
            typed,
        ) if typed == name else _wait_true(
            page,
            "n => [...document.querySelectorAll('#deck-search-list option')].some(o => o.value.startsWith(n + ' ('))",
            name,
        )
        labels = options.evaluate_all("os => os.map(o => [o.value, o.label])")
        same = [(value, label) for value, label in labels if value.startswith(f"{name} (")]
        assert len(same) >= 2, labels
        # Each label names set, German type and (where the card has one) alignment, and no two read alike.
        assert len({label for _v, label in same}) == len(same)
        for value, label in same:
            code = re.search(r"\((\w+-\w+)\)$", value).group(1)
            assert label.startswith(f"{name} – {code.split('-')[0]} · ")
            assert re.search(r"· (Charakter|Ort|Unterstützung|Gefahr)", label), label
        if name == "Saruman":
            assert any("Gefallener Zauberer" in label for _v, label in same)
            assert any("Held" in label for _v, label in same)
    # Picking one printing finds exactly that card.
    value = same[0][0]
    field.fill(value)
    page.get_by_role("button", name="Suchen").click()
    expect(page.locator(".deck-results > li")).to_have_count(1)
    code = re.search(r"\((\w+-\w+)\)$", value).group(1)
    expect(page.locator(".deck-results")).to_contain_text(code)


def test_probehand_draws_on_the_server_and_gives_the_odds(open_page, player):
    deck = hero_deck(player)
    page = open_page()
    page.goto(f"{page.base}/decks/{deck.pk}/probehand/")
    hand = page.locator("section[aria-labelledby=hand-title] ol > li")
    expect(hand).to_have_count(8)
    first = hand.all_inner_texts()
    # "Neu ziehen" asks the server again; 8 cards out of 60 come the same way round almost never.
    for _attempt in range(5):
        with page.expect_navigation():
            page.get_by_role("link", name="Neu ziehen").click()
        expect(hand).to_have_count(8)
        if hand.all_inner_texts() != first:
            break
    else:
        pytest.fail("five new draws gave the same hand")

    play_deck = sum(e.quantity for e in deck.entries.filter(part__in=("characters", "resources", "hazards")))
    gandalf = deck.entries.select_related("card").get(card__name_de="Gandalf", part="characters")
    page.get_by_label("Mindestens eine Karte von").select_option(gandalf.card.code)
    page.get_by_label("bis Zug").fill("3")  # Gandalf: 2 of 65, so no row is near 0 or 100 %
    page.get_by_role("button", name="Berechnen").click()
    rows = page.locator("section[aria-labelledby=odds-title] tbody tr")
    expect(rows).to_have_count(4)
    expect(page.locator("section[aria-labelledby=odds-title]")).to_contain_text(
        f"{gandalf.quantity} von {play_deck} Karten"
    )

    def shown(row):
        return float(rows.nth(row).locator("td").nth(1).inner_text().replace(" %", "").replace(",", "."))

    # By hand: P(at least one of K among n of N) = 1 - C(N-K, n) / C(N, n); opening hand n = 8, turn 3: n = 11.
    for row, drawn in ((0, 8), (3, 11)):
        expected = 100 * (1 - comb(play_deck - gandalf.quantity, drawn) / comb(play_deck, drawn))
        assert shown(row) == pytest.approx(expected, abs=0.05)
    assert shown(0) < shown(1) < shown(2) < shown(3)
    # A card type: "Gefahren", not the data's "Hazard".
    page.get_by_label("Mindestens eine Karte von").select_option("typ:Hazard")
    page.get_by_role("button", name="Berechnen").click()
    expect(page.locator("section[aria-labelledby=odds-title]")).to_contain_text("„Gefahren“")
    shot(page, "desktop-probehand")


def test_phone_check_above_the_list_and_nothing_wider_than_the_screen(open_page, player):
    deck = hero_deck(player)
    page = open_page(PHONE)
    page.goto(f"{page.base}/decks/{deck.pk}/bearbeiten/?q=Bruchtal")
    check_box = page.locator("#deck-check").bounding_box()
    cards_box = page.locator("#deck-cards").bounding_box()
    assert check_box["y"] + check_box["height"] <= cards_box["y"]
    assert fits_the_screen(page)
    shot(page, "phone-edit")
    page.evaluate("window.__stayed = true")
    page.get_by_role("button", name="Ein Exemplar von Aragorn II hinzufügen").first.click()
    expect(page.get_by_label("Anzahl Aragorn II").first).to_have_value("2")
    assert fits_the_screen(page) and page.evaluate("window.__stayed") is True
    for path in (f"/decks/{deck.pk}/", f"/decks/{deck.pk}/probehand/?karte=typ:Hazard", "/decks/", "/decks/neu/"):
        page.goto(f"{page.base}{path}")
        assert fits_the_screen(page), path
        if path == f"/decks/{deck.pk}/":
            check_box = page.locator("#pruefung").bounding_box()
            cards_box = page.get_by_role("heading", name="Karten", exact=True).bounding_box()
            assert check_box["y"] < cards_box["y"]
        shot(page, "phone-" + path.strip("/").replace("/", "-").replace("?", "-"))
    page.get_by_label("Name", exact=True).fill("Telefon")
    page.get_by_label("Deckliste einfügen (optional)").fill("2 Aragorn II\n3 Gandalv\n" + "Saruman\n" * 3)
    # Saved straight away without a preview: nothing is saved, the preview shows why.
    page.get_by_role("button", name="Deck speichern").click()
    expect(page.get_by_role("button", name="Deck speichern")).to_be_disabled()
    expect(page.locator(".suggestions").get_by_role("button", name="Gandalf", exact=True)).to_be_visible()
    assert not Deck.objects.filter(name="Telefon").exists()
    assert fits_the_screen(page)
    shot(page, "phone-paste-errors")


def test_without_javascript_the_forms_post(open_page, player):
    deck = hero_deck(player)
    page = open_page(javascript=False)
    edit = f"{page.base}/decks/{deck.pk}/bearbeiten/"
    page.goto(f"{edit}?q=Glorfindel")
    glorfindel = page.locator(".deck-results > li").first
    glorfindel.get_by_label("Anzahl").fill("2")
    with page.expect_navigation():
        glorfindel.get_by_role("button", name=re.compile(r"hinzufügen$")).click()
    assert page.url.endswith("?q=Glorfindel")
    name = DeckEntry.objects.filter(deck=deck, card__name_de__startswith="Glorfindel").get().card.name_de
    expect(page.get_by_label(f"Anzahl {name}", exact=True)).to_have_value("2")
    with page.expect_navigation():
        page.get_by_role("button", name=f"Ein Exemplar von {name} entfernen").click()
    assert quantity_of(page, name) == 1
    with page.expect_navigation():
        page.get_by_role("button", name=f"Ein Exemplar von {name} hinzufügen").click()
    assert quantity_of(page, name) == 2
    assert summary_value(page, "Karten gesamt") == str(sum(e.quantity for e in deck.entries.all()))

    page.get_by_label("Name", exact=True).fill("Ohne Skript")
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Gespeichert.")
    deck.refresh_from_db()
    assert deck.name == "Ohne Skript"

    # "Löschen" without JavaScript: the server's page asks first.
    with page.expect_navigation():
        page.get_by_role("button", name="Löschen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ohne Skript löschen?")
    assert Deck.objects.filter(pk=deck.pk).exists()
    with page.expect_navigation():
        page.get_by_role("button", name="Ja, endgültig löschen").click()
    assert not Deck.objects.filter(pk=deck.pk).exists()
