"""Bench cases of the matches app (`make bench`): the engines' own cases and the match framework's."""

from matches.engine.zwei_tuerme import benchcases as zwei_tuerme

from . import bench_load


def cases():
    yield from zwei_tuerme.cases()
    yield "SELECT 1 (eine Rundreise zur Datenbank)", bench_load.select_one
    yield "Zug auswerten: resolve_move (Sperre, apply, Speichern)", bench_load.ResolveCase()
    # The load run measures itself (one run, many moves) and prints its own lines.
    bench_load.load_run()
