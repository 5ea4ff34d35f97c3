"""Bench cases of the match framework (`make bench`); each game's own are in its package's bench.py."""

from bench import moves, pages, resolve


def cases():
    yield "SELECT 1 (eine Rundreise zur Datenbank)", resolve.select_one
    yield "Zug auswerten: resolve_move (Sperre, apply, Speichern)", resolve.ResolveCase()
    yield "Kopfzeile „Am Zug (n)“: 20 laufende Zwei-Türme-Partien", pages.BadgeCase()
    yield "Partieseite Zwei Türme (Spieler, 12 Züge gespielt)", pages.MatchPageCase()
    # The deployment-shape run measures itself (10 and 50 matches moving at once) and prints its own lines.
    moves.run()
