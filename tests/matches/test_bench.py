import pytest

from matches import bench
from matches.engine.zwei_tuerme.benchcases import random_game


@pytest.mark.django_db  # the match framework's cases (SELECT 1, resolve_move) use the database
def test_bench_cases_run():
    labels = []
    for label, run in bench.cases():
        labels.append(label)
        assert run() is not None
    assert any("Zufallspartie" in label for label in labels)


def test_the_bench_game_is_played_to_the_end():
    assert random_game(3)["phase"] == "over"
