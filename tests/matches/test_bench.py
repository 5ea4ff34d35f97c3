import subprocess
import sys
import time

import pytest

from bench.cases import matches as framework_bench
from bench.moves import _cpu_ms_by_group
from matches.games.zwei_tuerme import bench
from matches.games.zwei_tuerme.bench import random_game


@pytest.mark.django_db  # the match framework's cases (SELECT 1, resolve_move) use the database
def test_bench_cases_run(monkeypatch):
    monkeypatch.setenv("BENCH_BOT_GAMES", "1")  # one game per pairing: the test checks that it runs, not the figures
    labels = []
    for label, run in bench.cases():
        labels.append(label)
        assert run() is not None
    assert any("Zufallspartie" in label for label in labels)


@pytest.mark.django_db
def test_framework_bench_cases_run():
    labels = [label for label, run in framework_bench.cases() if run() is not None]
    assert any("SELECT 1" in label for label in labels)


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
