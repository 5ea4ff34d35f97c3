"""Latency cases for `manage.py bench` (median and p95 per call).

Search cases do what the search page and the API do per request: parse and compile the
query, count the matches and fetch the first page of 25 cards. Face cases time the SVG card
face: one card, the longest text, each card in turn (the per-card figure; the test
tests/cards/test_faces.py renders every card), and the whole response of the face URL.
"""

import itertools

from .faces import build_face
from .models import Card
from .query import parse
from .selectors import autocomplete, search, search_cards
from .suggestions import did_you_mean

QUERIES = [
    "Aragorn",
    "Aragron",  # typo: trigram on PostgreSQL
    "Zwerge",
    "dwarves",
    '"one strike"',
    '!"Gandalf"',
    "typ:charakter geist>=6",
    "ausrichtung:scherge ort:zufluchtsort",
    "fertigkeit:krieger -rasse:hobbit sort:kampf order:desc",
    "(rasse:zwerg or rasse:elb) einzigartig",
    "typ:gefahr untertyp:kreatur kampf>=12",
    "text:corruption versuchung>0",
    "ring or ringe sp>=2",
    "Moria",
    "",
]


def _search(text: str):
    def run():
        queryset = search_cards(text)
        return queryset.count(), list(queryset[:25])

    return run


def cases():
    for text in QUERIES:
        yield f"search {text or '(alle Karten)'}", _search(text)
    yield "autocomplete ara", lambda: autocomplete("ara")
    yield "autocomplete Gan", lambda: autocomplete("Gan")
    no_hit = "Gandalf kampf>30"
    yield (
        f"no hits + Meintest du ({no_hit})",
        lambda: did_you_mean(no_hit, parse(no_hit), lambda text: search(text).cards.count()),
    )
    yield from face_cases()


def face_cases():
    cards = list(Card.objects.select_related("card_set").order_by("code"))
    if not cards:
        return
    by_code = {card.code: card for card in cards}
    for code in ("TW-120", "TW-321"):
        if code in by_code:
            yield f"Kartenbild SVG {code}", lambda card=by_code[code]: build_face(card)
    each = itertools.cycle(cards)
    yield f"Kartenbild SVG je Karte (reihum, {len(cards)} Karten)", lambda: build_face(next(each))

    def response():
        from django.test import Client

        return Client().get("/karten/TW-120/bild.svg")

    yield "Kartenbild /karten/TW-120/bild.svg (Antwort)", response
