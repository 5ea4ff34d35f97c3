"""The published Challenge Decks (tests/decks/data/published/*.gccg) as engine decks, without the database: each
line's name is looked up among the catalogue's cards of its set (spelling-proof); a line that names no card is
left out (the deck is played "where it parses")."""

import re
from pathlib import Path

from matches.games.meccg.engine.cardinfo import key

PUBLISHED = Path(__file__).resolve().parents[1] / "decks" / "data" / "published"
_LINE = re.compile(r"^(\d+) (.+?)(?: \[([HMFB])\])?(?: \(([A-Z]{2})\))?$")
PARTS = {"pool": "pool", "deck": "resources", "sideboard": "sideboard", "sites": "sites"}


def _lookup(catalogue: dict, name: str, card_set: str | None, alignment: str) -> str | None:
    wanted = key(name)
    found = [
        code
        for code, info in catalogue.items()
        if key(info["name_en"]) == wanted and (card_set is None or code.startswith(card_set + "-"))
    ]
    if not found and card_set:
        return _lookup(catalogue, name, None, alignment)
    mine = [c for c in found if catalogue[c]["alignment"].casefold() == alignment]
    return (mine or found or [None])[0]


def published_deck(catalogue: dict, letter: str) -> tuple[dict, list[str]]:
    """(engine deck, lines that named no card)."""
    text = (PUBLISHED / f"challenge_{letter}.gccg").read_text(encoding="utf-8")
    alignment = "minion" if "(Minion" in text.splitlines()[0] else "hero"
    part, entries, missed = None, [], []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.casefold() in PARTS:
            part = PARTS[line.casefold()]
            continue
        match = _LINE.match(line)
        code = match and _lookup(catalogue, match.group(2), match.group(4), alignment)
        if not code:
            missed.append(line)
            continue
        entries.append([code, int(match.group(1)), part])
    return {"name": f"Challenge Deck {letter.upper()}", "alignment": alignment, "entries": entries}, missed
