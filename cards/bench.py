"""Search latency cases for `manage.py bench` (median and p95 per query).

Each case does what the search page and the API do per request: parse and compile the
query, count the matches and fetch the first page of 25 cards.
"""

from .selectors import autocomplete, search_cards

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
