"""Search timings for `manage.py bench` (make bench): typical queries across all imported rulebooks."""

from .search import search

QUERIES = [
    ("Gefahrenlimit", None),
    ("Gemeinschaften", None),
    ("Gefahrenlimt", None),  # typo: trigram fallback
    ("Zange", None),
    ("Schwarzer Reiter", None),
    ("Einflussbereich", None),
    ("Unwegsame Region", None),
    ("Gefahrenlimit", "meccg"),
]


def _case(query, game):
    def run():
        results = search(query, game)
        # Materialise what a page shows: headings, games and snippets of the first page.
        return [(hit.section.heading, hit.section.rulebook.game.slug, hit.snippet) for hit in results.sections[:20]]

    return run


def cases():
    return [(f"Regelsuche „{q}“" + (f" ({g})" if g else ""), _case(q, g)) for q, g in QUERIES]
