import pytest

from matches import bench as framework_bench
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
