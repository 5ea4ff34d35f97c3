"""Latency cases for `manage.py bench` (median and p95 per call).

Search cases do what the search page and the API do per request: parse and compile the
query, count the matches and fetch the first page of 25 cards. Face cases time the SVG card
face: one card, the longest text, each card in turn (the per-card figure; the test
tests/cards/test_faces.py renders every card), and the whole response of the face URL.
"""

import itertools

from cards.faces import build_face
from cards.models import Card
from cards.query import parse
from cards.selectors import autocomplete, search, search_cards
from cards.suggestions import correction, did_you_mean

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


# What the search page does for a query without hits (count, near-miss names, "Meintest du …") and for a
# typo found only by near misses (the page, then "Meintest du Gandalf?"): the name-similarity paths.
NO_HIT_PAGE = "Gandalv kampf>30"
TYPO_PAGE = "Gandalv"


def _no_hit_page(text: str):
    def run():
        result = search(text)
        cards = list(result.cards[:25])
        return cards, did_you_mean(text, result.query, lambda t: search_cards(t).count())

    return run


def _typo_page(text: str):
    def run():
        result = search(text)
        cards = list(result.cards[:25])
        return correction(text, result.query, cards)

    return run


def similarity_cases():
    """The similarity step alone: one typed word against every name word (what "Meintest du" compares)."""
    from cards.query.compile import close_matches
    from cards.suggestions import _name_words

    vocabulary = list(_name_words(Card.objects.values_list("name_de", "name_en")))
    if vocabulary:
        yield (
            f"Namensähnlichkeit gandalv ({len(vocabulary)} Namenswörter)",
            lambda: close_matches("gandalv", vocabulary, n=2, cutoff=0.6),
        )


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
    yield from similarity_cases()
    yield f"Suchseite ohne Treffer ({NO_HIT_PAGE})", _no_hit_page(NO_HIT_PAGE)
    yield f"Suchseite Tippfehler ({TYPO_PAGE}, Korrektur)", _typo_page(TYPO_PAGE)
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

    from django.test import Client

    # One client: a new one loads the middleware anew (WhiteNoise then scans every collected static file).
    client = Client()
    yield "Kartenbild /karten/TW-120/bild.svg (Antwort)", lambda: client.get("/karten/TW-120/bild.svg")

    def revalidation():
        etag = client.get("/karten/TW-120/bild.svg")["ETag"]
        return lambda: client.get("/karten/TW-120/bild.svg", HTTP_IF_NONE_MATCH=etag)

    yield "Kartenbild /karten/TW-120/bild.svg (304, nichts gezeichnet)", revalidation()
