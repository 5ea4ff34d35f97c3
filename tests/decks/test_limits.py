"""Bounded work: size limits, fast name suggestions, the deck-check throttle, concurrent adds."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from decks import services
from decks.formats.meccg import textformat
from decks.limits import MAX_ENTRIES, MAX_LINES
from decks.models import DeckEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def meccg_cards_transactional(transactional_db):
    """The cards, also after an earlier transactional test flushed the database."""
    from django.conf import settings

    from cards.games import GAMES
    from cards.importers.meccg import import_meccg
    from cards.models import Card, Game

    if not Card.objects.filter(code="TW-156").exists():
        # A flushed database has lost even the migrated games.
        for game in GAMES:
            Game.objects.update_or_create(slug=game["slug"], defaults=game)
        import_meccg(settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json")


def _post(client, url, body):
    return client.post(url, body, format="json")


@pytest.mark.parametrize(
    "body, code, words",
    [
        ({"text": "Gandalf\n" * (MAX_LINES + 1)}, "too_many_lines", "höchstens 500"),
        ({"text": "x" * (65 * 1024)}, "too_large", "höchstens 64 KB"),
        (
            {"entries": [{"code": "TW-156", "quantity": 1, "part": "pool"}] * (MAX_ENTRIES + 1)},
            "too_many_entries",
            "300",
        ),
    ],
)
def test_oversized_input_is_refused_at_once_with_the_limit(meccg_cards, body, code, words):
    client = APIClient()
    client.force_authenticate(get_user_model().objects.create_user("merry", password="x"))
    for url in ("/api/decks/check/", "/api/decks/import/"):
        if url.endswith("import/") and "text" not in body:
            continue  # the import takes text only
        response = _post(client, url, {"alignment": "Hero", **body})
        assert response.status_code == 400, response.content
        error = response.json()["error"]
        assert error["code"] == code and words in error["message"]


def test_json_paste_with_too_many_entries_is_refused(meccg_cards):
    import json

    text = json.dumps({"entries": [{"code": "TW-156", "quantity": 1, "part": "pool"}] * (MAX_ENTRIES + 1)})
    response = _post(APIClient(), "/api/decks/check/", {"alignment": "Hero", "text": text})
    assert response.status_code == 400 and response.json()["error"]["code"] == "too_many_entries"


def test_create_with_too_many_entries_is_refused(meccg_cards):
    user = get_user_model().objects.create_user("merry", password="x")
    client = APIClient()
    client.force_authenticate(user)
    entries = [{"code": "TW-156", "quantity": 1, "part": "pool"}] * (MAX_ENTRIES + 1)
    response = _post(client, "/api/decks/", {"name": "Zu groß", "alignment": "Hero", "entries": entries})
    assert response.status_code == 400 and response.json()["error"]["code"] == "too_many_entries"


def test_suggestions_only_for_the_first_50_unknown_lines(card_index):
    text = "\n".join(f"Gandalv{i}" for i in range(60))
    result = textformat.parse(text, card_index, "Hero")
    assert len(result.errors) == 60
    assert all(e.suggestions for e in result.errors[:50])
    assert not any(e.suggestions for e in result.errors[50:])


def test_anonymous_checks_are_throttled_in_german_with_retry_after(meccg_cards, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"deck_check_anon": "2/min", "deck_check_user": "4/min"},
    }
    body = {"alignment": "Hero", "entries": [{"code": "TW-156", "quantity": 1, "part": "characters"}]}
    anonymous = APIClient()
    assert [_post(anonymous, "/api/decks/check/", body).status_code for _ in range(2)] == [200, 200]
    response = _post(anonymous, "/api/decks/check/", body)
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    error = response.json()["error"]
    assert error["code"] == "throttled" and "Sekunden" in error["message"]
    # Logged-in users get the higher rate.
    user = get_user_model().objects.create_user("pippin", password="x")
    member = APIClient()
    member.force_authenticate(user)
    assert [_post(member, "/api/decks/check/", body).status_code for _ in range(5)] == [200, 200, 200, 200, 429]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_adding_the_same_card_from_two_requests_at_once(meccg_cards_transactional):
    user = get_user_model().objects.create_user("sam", password="x")
    deck = services.create_deck(user, name="Gleichzeitig", alignment="Hero")
    barrier = threading.Barrier(4)
    failures = []

    def add():
        try:
            barrier.wait()
            services.add_card(deck, user, code="TW-156", part="characters", quantity=1)
        except Exception as exc:
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=add) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert DeckEntry.objects.get(deck=deck, card__code="TW-156", part="characters").quantity == 4
