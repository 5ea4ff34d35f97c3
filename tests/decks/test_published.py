"""The ten Challenge Decks, pasted as published (GCCG deck files) and in NetMECCG form."""

import re
from collections import Counter
from pathlib import Path

import pytest

from decks.formats.meccg.check import check
from decks.formats.meccg.model import DeckDescription, Entry
from decks.formats.meccg.textformat import parse

pytestmark = pytest.mark.django_db

PUBLISHED = Path(__file__).parent / "data" / "published"

# What the check must answer for each list as pasted (README.md there says why each one fails).
EXPECTED = {
    "a": ("Hero", {"meccg.resources.count", "meccg.hazards.count"}),
    "b": ("Hero", set()),
    "c": ("Hero", {"meccg.unique.once", "meccg.hazards.count"}),
    "d": ("Hero", set()),
    "e": ("Hero", set()),
    "f": ("Minion", set()),
    "g": ("Minion", set()),
    "h": ("Minion", set()),
    "i": ("Minion", set()),
    "j": ("Minion", set()),
}
NETMECCG_SECTIONS = {"characters": "[characters]", "resources": "[resources]", "hazards": "[hazards]"}
_HEADINGS = {"pool": "[starting]", "sites": "[sites]", "sideboard": "[sideboard]"}
_LINE = re.compile(r"^(\d+) (.+?)(?: \[[HMFB]\])?( \([A-Z]{2}\))?$")


def gccg_text(letter: str) -> str:
    return (PUBLISHED / f"challenge_{letter}.gccg").read_text(encoding="utf-8")


def netmeccg_text(text: str, parsed) -> str:
    """The same list in NetMECCG's sections: [starting], [characters], [resources], [hazards], [sites], [sideboard].

    NetMECCG names the play deck's parts, so each line of GCCG's "Deck" section goes under the part
    the GCCG reading gave it; lines are written "3x Name (SET)" without GCCG's alignment marker.
    """
    part_of_line = {entry.line: entry.part for entry in parsed.entries}
    sections: dict[str, list[str]] = {}
    order: list[str] = []
    current = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower() in _HEADINGS or line.lower() == "deck":
            current = line.lower()
            continue
        match = _LINE.match(line)
        assert match, line
        heading = NETMECCG_SECTIONS[part_of_line[number]] if current == "deck" else _HEADINGS[current]
        if heading not in sections:
            sections[heading] = []
            order.append(heading)
        sections[heading].append(f"{match.group(1)}x {match.group(2)}{match.group(3) or ''}")
    return "\n\n".join("\n".join([heading, *sections[heading]]) for heading in order) + "\n"


def _entries(parsed) -> Counter:
    return Counter({(e.card.code, e.part): e.quantity for e in parsed.merged()})


def _errors(parsed, alignment) -> set[str]:
    deck = DeckDescription([Entry(e.card, e.quantity, e.part) for e in parsed.merged()], alignment)
    return {p.rule for p in check(deck).problems if p.severity == "error"}


@pytest.mark.parametrize("letter", sorted(EXPECTED))
def test_challenge_deck_as_gccg_file(card_index, letter):
    alignment, expected = EXPECTED[letter]
    parsed = parse(gccg_text(letter), card_index, alignment)
    assert parsed.errors == []
    # Starting minor items stay in the pool and are never counted as characters.
    assert _errors(parsed, alignment) == expected


@pytest.mark.parametrize("letter", sorted(EXPECTED))
def test_challenge_deck_as_netmeccg_file(card_index, letter):
    alignment, expected = EXPECTED[letter]
    gccg = parse(gccg_text(letter), card_index, alignment)
    text = netmeccg_text(gccg_text(letter), gccg)
    assert "[starting]" in text and "[hazards]" in text
    parsed = parse(text, card_index, alignment)
    assert parsed.errors == []
    assert _entries(parsed) == _entries(gccg)
    assert _errors(parsed, alignment) == expected


def test_every_published_list_names_its_source():
    for path in PUBLISHED.glob("*.gccg"):
        assert "Source: wigy/meccg data/decks/" in path.read_text(encoding="utf-8").splitlines()[1]
