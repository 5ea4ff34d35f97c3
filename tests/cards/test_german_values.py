"""German renderings of the attribute values the data writes in English: what a site lets a company play and
its automatic attacks (cards.attribute_text), shown on the card pages."""

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse

from cards.attribute_text import automatic_attack, playable
from cards.models import Card
from cards.presentation import RACES

pytestmark = pytest.mark.django_db
EN = {"headers": {"cookie": f"{settings.LANGUAGE_COOKIE_NAME}=en"}}
ENGLISH_WORDS = re.compile(
    r"\b(strikes?|prowess|Items|minor|major|greater|gold ring|Information|detainment|Opponent)\b"
)


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """The session's MECCG import."""


@pytest.mark.parametrize(
    ("value", "german"),
    [
        ("Items (minor, major)", "Gegenstände (geringere, größere)"),
        ("Information", "Informationen"),
        (
            "Information, Items (minor, major, greater, gold ring)",
            "Informationen, Gegenstände (geringere, größere, bedeutende, Goldringe)",
        ),
        (
            "Items (minor, major*) *-weapon, armor, shield, or helmet only",
            "Gegenstände (geringere, größere*) *nur Waffe, Rüstung, Schild oder Helm",
        ),
        ("Items (spoons)", None),  # a kind the reader does not know is not guessed
    ],
)
def test_playable_kinds(value, german):
    assert playable(value) == german


@pytest.mark.parametrize(
    ("value", "german"),
    [
        ("Dragon - 1 strike with 15 prowess", "Drache – 1 Hieb mit Kampfgeschick 15"),
        ("Dragon - 1 strikes with 12 prowess", "Drache – 1 Hieb mit Kampfgeschick 12"),
        (
            "Men - each character faces 1 strike with 7 prowess (detainment against covert company)",
            "Menschen – jeder Charakter erhält 1 Hieb mit Kampfgeschick 7 "
            "(Verhörangriff gegen eine verdeckte Gemeinschaft)",
        ),
        (
            "Undead - 2 strikes with 8 prowess; each character wounded must make a corruption check modified by -2",
            "Untote – 2 Hiebe mit Kampfgeschick 8; jeder verwundete Charakter muss einen Versuchungswurf mit −2 machen",
        ),
        (
            "(1st) Trolls - 3 strikes with 9 prowess (2nd) Opponent may play as an automatic-attack one non-unique "
            "hazard creature from his hand normally keyed to Ruins & Lairs",
            "1. Angriff: Trolle – 3 Hiebe mit Kampfgeschick 9; 2. Angriff: Der Gegner darf als automatischen Angriff "
            "eine nicht einzigartige Gefahren-Kreatur aus seiner Hand spielen, die sonst an Ruinen und Höhlen "
            "gebunden werden kann",
        ),
        (
            "Orcs 4 strikes with 7 prowess; Nazgul (cannot be canceled) 1 strike with 15 prowess",
            "Orks – 4 Hiebe mit Kampfgeschick 7; Nazgûl – 1 Hieb mit Kampfgeschick 15 (kann nicht aufgehoben werden)",
        ),
        ("Dragons breathe fire", None),
    ],
)
def test_automatic_attacks(value, german):
    assert automatic_attack(value, RACES) == german


def test_every_value_of_the_data_has_a_german_rendering():
    """No site's items and no automatic attack of the 1,683 cards falls back to the English text."""
    missing = []
    for card in Card.objects.filter(game__slug="meccg"):
        attrs = card.attributes or {}
        attack, items = attrs.get("autoAttack") or "", attrs.get("playable") or ""
        if attack and not automatic_attack(attack, RACES):
            missing.append((card.code, attack))
        if items and "{" not in items and not playable(items):
            missing.append((card.code, items))
    assert missing == []


def _attributes(client, code, **extra) -> dict[str, str]:
    page = client.get(reverse("cards:detail", args=[code]), **extra).content.decode()
    block = page.split('<dl class="attrs">', 1)[1].split("</dl>", 1)[0]
    rows = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", block, re.S)
    return {html.unescape(label): html.unescape(re.sub(r"<[^>]+>", "", value)) for label, value in rows}


def test_card_page_shows_items_and_automatic_attack_in_german(client):
    site = _attributes(client, "AS-148")  # Goldhügel (Gold Hill): "Dragon - 1 strike with 15 prowess"
    assert site["Automatischer Angriff"] == "Drache – 1 Hieb mit Kampfgeschick 15"
    assert site["Spielbar bei"].startswith("Gegenstände (")
    limited = _attributes(client, "LE-358")  # Cameth Brin
    assert limited["Spielbar bei"] == "Gegenstände (geringere, größere*) *nur Waffe, Rüstung, Schild oder Helm"
    for value in (*site.values(), *limited.values()):
        assert not ENGLISH_WORDS.search(value), value


def test_no_site_page_shows_the_english_values(client):
    for code in ("TW-382", "AS-156", "BA-85", "LE-399", "TD-176"):
        for label, value in _attributes(client, code).items():
            if label != "Besonderheit":  # a site's own rule, a sentence of its English card text: marked below
                assert not ENGLISH_WORDS.search(value), (code, label, value)
    page = client.get(reverse("cards:detail", args=["BA-85"])).content.decode()
    assert '<dd><span lang="en">Creatures keyed to this site attack normally, not as detainment.</span>' in page


def test_strikes_of_a_creature_in_german(client):
    assert _attributes(client, "LE-60")["Hiebe"] == "1 je Charakter"  # Arthadan Rangers: "1/each"


def test_english_page_translates_the_rendering(client):
    site = _attributes(client, "AS-148", **EN)
    assert site["Automatic-attack"] == "Dragon – 1 strike with 15 prowess"
