"""Bench cases of the match framework (`make bench`); each game's own are in its package's bench.py."""

from . import bench_load, bench_moves, bench_pages


def cases():
    yield "SELECT 1 (eine Rundreise zur Datenbank)", bench_load.select_one
    yield "Zug auswerten: resolve_move (Sperre, apply, Speichern)", bench_load.ResolveCase()
    yield "Kopfzeile „Am Zug (n)“: 20 laufende Zwei-Türme-Partien", bench_pages.BadgeCase()
    yield "Partieseite Zwei Türme (Spieler, 12 Züge gespielt)", bench_pages.MatchPageCase()
    # The deployment-shape run measures itself (10 and 50 matches moving at once) and prints its own lines.
    bench_moves.run()
