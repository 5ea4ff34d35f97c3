"""Search timings for `manage.py bench` (make bench): terms and players' questions across all rulebooks."""

from itertools import cycle

from rules.search import search

QUERIES = [
    ("Gefahrenlimit", None),
    ("Gefahrenlimt", None),  # typo: corrected against the books' vocabulary
    ("Schwarzer Reiter", None),
    ("Unwegsame Region", None),
    ("Gefahrenlimit", "meccg"),
]
# Questions as players type them; one per call, so median and p95 are over different questions.
QUESTIONS = [
    "Wie viele Karten darf ich auf der Hand haben?",
    "Wann haben alle verloren?",
    "Wer gewinnt bei Gleichstand?",
    "Wie heilt man einen Helden?",
    "nachziehen",
    "corruption",
    "Nazgulkarten",
    "Handkartenlimit",
    "Was passiert, wenn mein Spielstapel aufgebraucht ist?",
    "Wie werden die Hiebe eines Angriffs zugewiesen?",
    "Was macht der Schwarze Reiter?",
    "Wie viel Einfluss darf auf einem Ort liegen?",
    "Wie baue ich Schiffe?",
    "Wer ist Startspieler?",
    "hazard limit",
    "Wann ist eine Queste vollendet?",
    "Was ist eine Zange?",
    "Wie wird ein Konflikt abgehandelt?",
    "sideboard",
    "Wie endet ein Abenteuer?",
    "on-guard",  # hyphenated English term
    "Wer fängt an?",  # separable verb, colloquial word
    "Was passiert, wenn mein Kartenstapel leer ist?",
    "Wie oft darf eine Karte im Deck sein?",  # hint words, English synonym
]


def _case(query, game):
    def run():
        results = search(query, game)
        # Materialise what a page shows: headings, games and snippets of the first page.
        return [(hit.section.heading, hit.section.rulebook.game.slug, hit.snippet) for hit in results.sections[:20]]

    return run


def _questions():
    questions = cycle(QUESTIONS)

    def run():
        return _case(next(questions), None)()

    return run


NO_HIT = "Qwertzuiop"  # found nowhere: the page offers the glossary terms spelt most alike


def cases():
    yield f"Regelsuche ohne Treffer „{NO_HIT}“ (ähnliche Begriffe)", _case(NO_HIT, None)
    yield f"Regelfragen ({len(QUESTIONS)} Fragen im Wechsel)", _questions()
    for q, g in QUERIES:
        yield f"Regelsuche „{q}“" + (f" ({g})" if g else ""), _case(q, g)
