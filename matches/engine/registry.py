"""Engine slug → engine instance. Games register here when their app is ready; the framework asks only
this module and never imports a game."""

from __future__ import annotations

from .base import Engine

ENGINES: dict[str, Engine] = {}
_PACKAGES: dict[str, str] = {}


def register(engine: Engine, package: str) -> None:
    """Make ``engine`` playable; ``package`` names its template folder (``templates/matches/<package>/``)."""
    ENGINES[engine.slug] = engine
    _PACKAGES[engine.slug] = package


def get(slug: str) -> Engine | None:
    return ENGINES.get(slug)


def package_of(engine: Engine) -> str:
    """The template folder of an engine (``zwei_tuerme``)."""
    return _PACKAGES[engine.slug]
