"""Card pages draw region and site symbols in every language's text (issue 19, point 7)."""

import re

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


def _block(html: str, lang: str) -> str:
    match = re.search(rf'<div class="card-text" lang="{lang}">(.*?)</div>', html, re.S)
    assert match, lang
    return match.group(1)


def test_rivendell_paths_are_symbols_in_english_spanish_and_french(client):
    html = client.get(reverse("cards:detail", args=["TW-421"])).content.decode()
    for lang in ("en", "es", "fr"):
        text = _block(html, lang)
        # "Itinerario desde Lórien: {w}{b}{w}{w}" — drawn, not raw.
        assert "{w}" not in text and "{b}" not in text and "{f}" not in text, lang
        assert text.count('aria-label="Wildnis"') >= 4, lang
        assert 'aria-label="Grenzland"' in text, lang


def test_minion_haven_paths_in_spanish_and_french_text(client):
    # Minion Dol Guldur (LE-367): its haven paths in the Spanish and French texts are drawn too.
    html = client.get(reverse("cards:detail", args=["LE-367"])).content.decode()
    assert "{s}" not in _block(html, "es") and "{s}" not in _block(html, "fr")


def test_german_edit_page_draws_the_original_text_symbols(client, django_user_model):
    user = django_user_model.objects.create_user("elrond", "elrond@bruchtal.example", "Mittelerde-2026!")
    user.groups.add(Group.objects.get(name="Kartenredaktion"))
    client.force_login(user)
    html = client.get(reverse("cards:german_edit", args=["TW-421"])).content.decode()
    text = _block(html, "en")
    assert "{w}" not in text and 'aria-label="Wildnis"' in text
