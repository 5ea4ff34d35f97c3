"""The house plan's layout (docs/games.md): games are plug-ins, engines are pure, no import circles."""

from pathlib import Path

from django.apps import apps
from django.conf import settings

from matches import plugins
from matches.engine import registry

from .imports import ROOT, cycles, graph

GAMES = ROOT / "matches" / "games"


def test_no_import_circle_in_the_project():
    assert cycles(graph()) == []


def test_the_framework_imports_no_game():
    edges = graph()
    framework = [m for m in edges if m.startswith("matches") and not m.startswith("matches.games")]
    leaks = {m: sorted(t for t in edges[m] if t.startswith("matches.games")) for m in framework}
    assert {m: t for m, t in leaks.items() if t} == {}


def test_a_game_imports_no_other_game():
    edges = graph()
    for module, targets in edges.items():
        if not module.startswith("matches.games."):
            continue
        own = ".".join(module.split(".")[:3])
        others = [t for t in targets if t.startswith("matches.games.") and not t.startswith(own)]
        assert others == [], module


def test_engines_import_no_django():
    for path in GAMES.glob("*/engine/**/*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path
        assert "from rest_framework" not in text and "from celery" not in text, path


def test_every_game_package_is_a_registered_plug_in():
    packages = sorted(p.name for p in GAMES.iterdir() if (p / "apps.py").exists())
    assert sorted(name.rpartition(".")[2] for name in settings.BRUCHTAL_GAMES) == packages
    for config in plugins.games():
        assert registry.get(config.engine.slug) is config.engine
        assert registry.package_of(config.engine) == config.label
        assert Path(config.path).parent == GAMES
    assert {c.label for c in plugins.games()} <= {c.label for c in apps.get_app_configs()}
