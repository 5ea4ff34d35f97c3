"""Parser for "Der Herr der Ringe – Die Zwei Türme" (Kosmos 2002), seed ``001_…``.

Headings are bare lines without markup, so the chapter outline of this short book is spelled
out below (heading -> level). Worked examples ("Beispiel:") become sub-sections of kind
``example`` holding the one paragraph that follows them; the text after an example belongs to
its parent again (in "Spielende" the second way the game can end follows the example).
"""

import re

from .base import EXAMPLE, ParsedBook, Repair
from .notes import fix_noted
from .text import Outline, block_markdown, bold_labels, first_index, make_terms, require_lines, split_blocks

TITLE = "Der Herr der Ringe – Die Zwei Türme"

OUTLINE = {
    "Spielidee und Spielziel": 1,
    "Spielinhalt": 1,
    "Spielvorbereitung": 1,
    "Ablauf einer Spielrunde": 1,
    "1. Orkkarte aufdecken": 2,
    "2. Heldenkarte spielen": 2,
    "Die Bewegung der Figuren": 3,
    "Schattenfell": 3,
    "Die Zange": 3,
    "3. Heldenkarte nachziehen": 2,
    "4. Orks auswerten": 2,
    # The Ent token and the event cards are what step 4 can reveal, so they sit under it.
    "Die Ents": 3,
    "Die Ereigniskarten": 3,
    "Spielende": 1,
    "Besondere Regel beim Spiel zu zweit": 1,
    "Spielvariante": 1,
}
EXAMPLE_RE = re.compile(r"^Beispiel(?: für [^:]+)?:$")
CREDITS_START = "Autor:"

# Obvious typos; each is recorded as a Repair.
WORD_FIXES = [("Sprung mit Schattenfeld", "Sprung mit Schattenfell", "Tippfehler: Gandalfs Pferd heißt Schattenfell")]

TERMS = [
    ("Zange", "Die Zange", ["Zangen", "Zangenbildung"]),
    ("Schattenfell", "Schattenfell", []),
    ("Ent", "Die Ents", ["Ents", "Ent-Figur", "Ent-Plättchen"]),
    (
        "Orkkarte",
        "1. Orkkarte aufdecken",
        ["Orkkarten"],
        "Karte vom Stapel „Orks“: Sie gibt an, von welcher Spielplanseite, in welcher Reihe und wie viele Orks "
        "auf den Plan strömen.",
    ),
    ("Ork-Plättchen", "1. Orkkarte aufdecken", ["Orkplättchen"]),
    ("Heldenkarte", "2. Heldenkarte spielen", ["Heldenkarten"]),
    ("Stärkepunktzahl", "2. Heldenkarte spielen", ["Stärkepunkte", "Stärkepunkt"]),
    ("Heldenpunkte", "4. Orks auswerten", ["Heldenpunkt", "Heldenpunktzahl"]),
    ("Ereigniskarte", "Die Ereigniskarten", ["Ereigniskarten"]),
    ("Orkkette", "Spielende", ["Kette von Orks", "ununterbrochene Kette von Orks"]),
]


def parse(text: str) -> ParsedBook:
    repairs: list[Repair] = []
    omitted: list[str] = []
    require_lines(text, TITLE, OUTLINE)  # every heading of the outline, each on a line of its own
    blocks = split_blocks(text)
    first = first_index(blocks, lambda b: b.first == "Spielidee und Spielziel", TITLE, "„Spielidee und Spielziel“")
    if first:
        omitted.append(f"Titelseite (Zeilen {blocks[0].lineno}–{blocks[first - 1].lineno})")
    outline = Outline()
    in_example = False
    for block in blocks[first:]:
        line = block.first
        if line.startswith(CREDITS_START):
            omitted.append(f"Impressum und Danksagung (ab Zeile {block.lineno})")
            break
        if in_example:
            # an example holds exactly the paragraph after its heading
            outline.add(_markdown(block, repairs))
            outline.close()
            in_example = False
            continue
        if len(block.lines) == 1 and line in OUTLINE:
            outline.open(OUTLINE[line], line)
        elif len(block.lines) == 1 and EXAMPLE_RE.match(line):
            level = outline.stack[-1][0] + 1
            outline.open(level, line.rstrip(":"), EXAMPLE)
            in_example = True
        else:
            outline.add(_markdown(block, repairs))
    sections = outline.finish()
    return ParsedBook(
        title=TITLE,
        sections=sections,
        terms=make_terms(sections, TERMS),
        repairs=repairs,
        omitted=omitted,
    )


def _markdown(block, repairs: list[Repair]) -> str:
    markdown = bold_labels(block_markdown(block))
    for before, after, reason in WORD_FIXES:
        if before in markdown:
            offset = next(i for i, line in enumerate(block.lines) if before in line)
            markdown, _count = fix_noted(markdown, before, after, reason)  # shown as an editorial note
            repairs.append(Repair(block.lineno + offset, before, after, reason))
    return markdown
