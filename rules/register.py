"""The keyword register (Stichwortregister): how readers look a section up when its text uses other words.

Like the index of a printed rulebook, ``rules/data/search/register/<game>.toml`` gives each section the
everyday ``words`` players ask in ("Schachtel" for "Spielinhalt", "sterben" for "Besiegte Helden") and the
``questions`` it answers, as an editor's FAQ would ("Wer fängt an?"), shown on the section's page; and
``phrasings``: the same kind of questions as players post them after a game night or type into a search box,
for the search only.  All are project text written from the sections, not from the books; the search indexes
them with the section (``search_index``), the words and the questions each with their own weight.
"""

import os
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

REGISTER = Path(__file__).resolve().parent / "data" / "search" / "register"


@dataclass(frozen=True)
class Entry:
    words: list[str] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    phrasings: list[str] = field(default_factory=list)

    @property
    def asked(self) -> list[str]:
        """Every question the section answers, as the FAQ words it and as players do."""
        return [*self.questions, *self.phrasings]


@lru_cache(maxsize=8)
def _load(path: str, modified: float) -> dict[str, Entry]:
    tables = tomllib.loads(Path(path).read_text("utf-8"))
    return {
        slug: Entry(list(t.get("words", [])), list(t.get("questions", [])), list(t.get("phrasings", [])))
        for slug, t in tables.items()
    }


def entries(game_slug: str) -> dict[str, Entry]:
    """{section slug: its register entry} of a game's book; empty when the game has no register."""
    path = REGISTER / f"{game_slug}.toml"
    if not path.is_file():
        return {}
    return _load(str(path), os.path.getmtime(path))


def words_for(game_slug: str) -> dict[str, list[str]]:
    """{section slug: register words} of a game's book."""
    return {slug: entry.words for slug, entry in entries(game_slug).items()}
