"""The reviewed card lists of the deck-construction rules (data/forbidden.toml)."""

import tomllib
from functools import cache
from pathlib import Path

DATA_FILE = Path(__file__).parent / "data" / "forbidden.toml"


@cache
def table() -> dict[str, list[dict]]:
    with open(DATA_FILE, "rb") as fh:
        return tomllib.load(fh)


@cache
def codes(list_name: str) -> frozenset[str]:
    """All card codes of one list, e.g. codes("balrog_resources")."""
    return frozenset(code for row in table().get(list_name, []) for code in row["codes"])


@cache
def aliases() -> dict[str, tuple[str, ...]]:
    """The book's own spellings of card names (e.g. "Zwielight", "Nachrichten aus dem Auenland")
    with the codes they were matched to, so deck lists copied from the book resolve."""
    found: dict[str, tuple[str, ...]] = {}
    for rows in table().values():
        for row in rows:
            book = row["book"]
            if not book.startswith(("(", "<")):
                found.setdefault(book, tuple(row["codes"]))
    return found
