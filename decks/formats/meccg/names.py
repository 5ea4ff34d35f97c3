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
