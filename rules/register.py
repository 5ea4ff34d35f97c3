"""The keyword register (Stichwortregister): words a reader looks a section up under that its text lacks.

Like the index of a printed rulebook, ``rules/data/search/register/<game>.toml`` gives each section the
everyday words players ask in ("Schachtel" for "Spielinhalt", "sterben" for "Besiegte Helden"). It is
project text written from the sections, not from the books; the search indexes it with the section's
definitions (``search.refresh_vectors``).
"""

import os
import tomllib
from functools import lru_cache
from pathlib import Path

REGISTER = Path(__file__).resolve().parent / "data" / "search" / "register"


@lru_cache(maxsize=8)
def _load(path: str, modified: float) -> dict[str, list[str]]:
    return {slug: list(entry.get("words", [])) for slug, entry in tomllib.loads(Path(path).read_text("utf-8")).items()}


def words_for(game_slug: str) -> dict[str, list[str]]:
    """{section slug: register words} of a game's book; empty when the game has no register."""
    path = REGISTER / f"{game_slug}.toml"
    if not path.is_file():
        return {}
    return _load(str(path), os.path.getmtime(path))
