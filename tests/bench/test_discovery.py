"""The bench app (bench/) is installed with the development requirements and finds every app's cases."""

from pathlib import Path

from django.apps import apps

import bench
from bench.management.commands.bench import _cases_of


def test_the_core_apps_cases_live_in_the_bench_app_and_the_games_bring_their_own():
    found = {config.label: _cases_of(config) for config in apps.get_app_configs()}
    names = {label: module.__name__ for label, module in found.items() if module is not None}
    assert names == {
        "cards": "bench.cases.cards",
        "rules": "bench.cases.rules",
        "decks": "bench.cases.decks",
        "matches": "bench.cases.matches",
        "zwei_tuerme": "matches.games.zwei_tuerme.bench",
        "meccg": "matches.games.meccg.bench",
    }


def test_no_product_app_holds_bench_tooling():
    """Only a game plug-in keeps a bench.py of its own (its cases); every other bench module is in bench/."""
    root = Path(bench.__file__).resolve().parent.parent
    found = [
        str(path.relative_to(root))
        for package in ("config", "core", "cards", "rules", "decks", "matches")
        for path in (root / package).rglob("*.py")
        if ("bench" in path.stem or path.stem in {"smtp_sink", "loadbench"})
        and not (path.name == "bench.py" and path.parent.parent.name == "games")
        and "commands" not in path.parts
    ]
    commands = [p.name for p in root.glob("*/management/commands/bench*.py")]
    assert found == []
    assert sorted(commands) == ["bench.py", "bench_load.py", "bench_moves.py"]
    assert all(p.parent.parent.parent.name == "bench" for p in root.glob("*/management/commands/bench*.py"))
