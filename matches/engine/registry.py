"""Engine slug → engine instance. Engines register here; the framework asks only this module."""

from __future__ import annotations

import importlib

from .base import Engine

# Packages that export ENGINE; a missing one (a colleague's branch not merged yet) is skipped.
ENGINE_PACKAGES = ["matches.engine.zwei_tuerme", "matches.engine.wuerfeltisch", "matches.engine.meccg"]


def _load() -> dict[str, Engine]:
    engines: dict[str, Engine] = {}
    for name in ENGINE_PACKAGES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        engine = module.ENGINE
        engines[engine.slug] = engine
    return engines


ENGINES: dict[str, Engine] = _load()


def get(slug: str) -> Engine | None:
    return ENGINES.get(slug)


def package_of(engine: Engine) -> str:
    """The template folder of an engine: the last part of its package (``zwei_tuerme``)."""
    return type(engine).__module__.split(".")[2]
