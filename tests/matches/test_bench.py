import re
import subprocess
import sys
import time

import pytest

from bench.cases import matches as framework_bench
from bench.moves import _cpu_ms_by_group
from matches.games.zwei_tuerme import bench
from matches.games.zwei_tuerme.bench import random_game
from matches.games.zwei_tuerme.bot.arena import PAIRINGS
from matches.games.zwei_tuerme.engine import ENGINE
from matches.models import Match, MatchStatus, MoveStatus

PAIRING_LINE = re.compile(
    r"zwei_tuerme Computer (\w+) gegen (\w+): (\d+) Partien zu zweit, mehr Punkte in (\d+) \((\d+) %\), "
    r"gewonnen \(Ent, allein vorn\) (\d+), an die Orkkette verloren (\d+); Punkte Ø ([\d.]+) : ([\d.]+) \((\d+) s\)"
)
THINKING_LINE = re.compile(
    r"zwei_tuerme Bedenkzeit (\w+) *: median +([\d.]+) ms +p95 +([\d.]+) ms +max +([\d.]+) ms +\((\d+) Züge\)"
)


@pytest.mark.django_db  # the match framework's cases (SELECT 1, resolve_move) use the database
def test_bench_cases_run_and_print_plausible_figures(monkeypatch, capsys):
    monkeypatch.setenv("BENCH_BOT_GAMES", "1")  # one game per pairing: the lines' shape, not the strength
    results = {label: run() for label, run in bench.cases()}
    # what the timed calls return is the real work, on the bench's own mid-game
    state = bench._midgame()
    seat = ENGINE.current_seats(state)[0]
    legal = results["Zwei Türme: alle Züge einer Hand (legal_actions)"]
    assert legal and legal == ENGINE.legal_actions(state, seat)
    for level in ("leicht", "mittel", "stark"):
        assert results[f"Zwei Türme: Computer {level}, ein Zug (Mittelspiel)"] in legal, level
    applied, events = results["Zwei Türme: ein Zug anwenden (apply)"]
    assert events and applied["turns"] == state["turns"] + 1
    analysis = results["Zwei Türme: Analyse Aragorn 9 (Regelbeispiel)"]
    assert 0 < analysis["effective_strength"] <= 9 and analysis["moves"]
    assert all(move["path"] and move["end"] == move["path"][-1] for move in analysis["moves"])
    assert results["Zwei Türme: eine ganze Zufallspartie"]["phase"] == "over"
    # the computer players' games: one line per pairing, then the thinking time per level
    printed = capsys.readouterr().out.splitlines()
    pairings = [m.groups() for line in printed if (m := PAIRING_LINE.fullmatch(line))]
    assert [(player, opponent) for player, opponent, *_ in pairings] == list(PAIRINGS)
    for _player, _opponent, games, more, share, won, chains, mine, theirs, _seconds in pairings:
        games, more, won, chains = int(games), int(more), int(won), int(chains)
        assert games == 1 and 0 <= more <= games and int(share) == round(100 * more / games)
        assert 0 <= won <= games and 0 <= chains <= games
        assert float(mine) >= 0 and float(theirs) >= 0
    thinking = {m.group(1): m.groups()[1:] for line in printed if (m := THINKING_LINE.fullmatch(line))}
    assert set(thinking) == {player for player, _opponent in PAIRINGS}
    for median, p95, longest, moves in thinking.values():
        assert 0 < float(median) <= float(p95) <= float(longest) and int(moves) >= 1


@pytest.mark.django_db
def test_framework_bench_cases_return_real_results():
    cases = list(framework_bench.cases())  # (the deployment-shape run measures and prints by itself)
    results = {label: run() for label, run in cases}
    assert results["SELECT 1 (eine Rundreise zur Datenbank)"] == (1,)
    assert results["Zug auswerten: resolve_move (Sperre, apply, Speichern)"] == MoveStatus.APPLIED
    badge_label = "Kopfzeile „Am Zug (n)“: 20 laufende Zwei-Türme-Partien"
    badge = dict(cases)[badge_label]
    player = badge.users[0]
    running = Match.objects.filter(status=MatchStatus.RUNNING, seats__user=player, engine="zwei-tuerme")
    on_turn = [m for m in running if m.seats.get(user=player).order in ENGINE.current_seats(m.state)]
    assert running.count() == 20 and results[badge_label] == len(on_turn)
    assert results["Partieseite Zwei Türme (Spieler, 12 Züge gespielt)"] > 10_000  # bytes of a whole page


def test_the_bench_game_is_played_to_the_end():
    assert random_game(3)["phase"] == "over"


_BURN = "import sys, time\nend = time.process_time() + 0.4\nwhile time.process_time() < end: pass\nsys.stdin.read()"


def test_the_deployment_bench_counts_cpu_per_process_group():
    """bench_moves' "CPU je Zug" line: a part's CPU is that of its whole process group (prefork children too)."""
    burner = subprocess.Popen(  # noqa: S603 (our own interpreter, a fixed program)
        [sys.executable, "-c", _BURN], stdin=subprocess.PIPE, start_new_session=True
    )
    try:
        deadline, spent = time.monotonic() + 10, 0.0
        while time.monotonic() < deadline and spent < 350:
            spent = _cpu_ms_by_group({"burner": burner.pid})["burner"]
            time.sleep(0.1)
        assert 350 <= spent < 5000
        assert set(_cpu_ms_by_group({"burner": burner.pid})) == {"burner", "PostgreSQL", "Redis"}
    finally:
        burner.kill()
        burner.wait()


def test_the_meccg_bench_prints_free_play_figures_and_the_move_list_per_phase(monkeypatch):
    """Issue 31: `manage.py bench meccg` prints submissions and hand-overs per game turn of free play and the time
    legal_actions takes per phase (one game per pair here: the test checks the lines, not the figures)."""
    from matches.games.meccg.bench import free_play_cases
    from tests.matches.meccg_games import engine

    monkeypatch.setenv("BENCH_MECCG_GAMES", "1")
    lines = [label for label, run in free_play_cases(engine()._cards()) if run is None]
    assert any("Startdecks Helden gegen Schergen" in line and "Übergaben" in line for line in lines), lines
    assert any("legal_actions (Startdecks) in Phase organization: p50" in line for line in lines), lines
    assert any("abgelehnte Züge: 0" in line for line in lines), lines
