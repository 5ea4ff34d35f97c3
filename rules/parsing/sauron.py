"""Parser for the "Sauron" expansion of Reiner Knizia's "Der Herr der Ringe" (Kosmos 2002), seed ``004_…``.

The extraction marks headings with ``#``/``##``/``###`` but the levels are not reliable and the
heading text is lower case. Decisions:

- ``#`` and ``##`` are chapters, except the three ``##`` sections that explain how the Sauron
  player is activated (and the Sam exception): they belong to the chapter "Der Sauron-Spieler".
- The untitled opening text becomes the chapter "Einleitung".
- Bold lower-case labels at the start of a paragraph ("**frodo – gefährten:** …") name cards or
  sub-rules; they become sub-sections. Card groups ("6 lichtkarten", "5 gefährtenkarten",
  "gandalfkarten") hold the cards that follow them.
- "Das Spiel mit den Sonderkarten" is printed after the credits (back page); it is a variant
  with additional material, so it goes under "Zusätzliches Spielmaterial für Spielvarianten".
- Title page, credits ("Dankeschön") and the closing flavour line are not rules text: left out.
- "BEISPIEL:" paragraphs stay inline (they explain the option right before them).
"""

import re

from .base import ParsedBook, Repair
from .notes import fix_noted
from .text import (
    Outline,
    block_markdown,
    bold_labels,
    build_lexicon,
    first_index,
    german_heading,
    make_terms,
    split_blocks,
)

TITLE = "Der Herr der Ringe – Sauron-Erweiterung"

HEADING_RE = re.compile(r"^(#{1,3})\s+(.+)$")
LABEL_RE = re.compile(r"^\*\*(?P<label>[^*]{2,90}?):\*\*\s*(?P<rest>.*)$", re.S)
# "##" headings that are sections of the chapter "Der Sauron-Spieler"
SAURON_PLAYER_PARTS = ("der sauron-spieler wird aktiviert", "ausnahmen")
CARD_GROUPS = {"6 lichtkarten", "5 gefährtenkarten", "gandalfkarten"}
SPECIAL_CARDS = {"Der Eine Ring", "Wachsamer Frieden"}
HEADING_WORDS = {"sauronereigniskärtchen": "Sauron-Ereigniskärtchen"}

# Obvious typos and extraction damage: (wrong, right, reason); every use is recorded as a Repair.
FIXES = [
    ("zweitausend Jahre", "Zweitausend Jahre", "Initiale am Textanfang ging bei der Extraktion verloren"),
    ("eines Abenteurers", "eines Abenteuers", "Tippfehler"),
    ("laufenden Abenteurers", "laufenden Abenteuers", "Tippfehler"),
    ("Hobbifiguren", "Hobbitfiguren", "Tippfehler"),
    ("Hobbifigur", "Hobbitfigur", "Tippfehler"),
    ("$\\square$", "□", "LaTeX-Rest der Extraktion: Kartensymbol als Zeichen"),
    ("muss ■,", "muss [Würfelsymbol],", "Symbol ging verloren; der Satz erklärt es als Würfelwurf"),
]

TERMS = [
    ("Schwarzer Reiter", "Der Schwarze Reiter", ["Schwarze Reiter", "Schwarzen Reiter"]),
    ("Lichtplättchen", "Lichtplättchen", []),
    (
        "Sauron-Spieler",
        "Der Sauron-Spieler",
        ["Sauron-Spielers", "Sauron"],
        "Der Spieler, der die Rolle des dunklen Herrschers Sauron übernimmt und gegen die Gefährten spielt; "
        "er kommt nicht reihum an die Reihe, sondern wird vor dem Zug jedes Hobbit-Spielers und statt des "
        "Würfels aktiviert.",
    ),
    (
        "Sauronkarte",
        "Der Sauron-Spieler wird aktiviert – vor dem Zug jedes Hobbit-Spielers",
        ["Sauronkarten"],
        "Karte des Sauron-Spielers; ihre Symbole haben immer nur Auswirkungen auf den aktiven Hobbit-Spieler.",
    ),
    (
        "Nazgûlkarte",
        "Der Sauron-Spieler wird aktiviert – vor dem Zug jedes Hobbit-Spielers",
        ["Nazgûlkarten", "Nazgulkarte"],
        "Karte des Sauron-Spielers, die offen vor ihm ausliegt; ihre Textanweisungen verursachen einen "
        "„Zwischenfall“, der oft alle Gefährten beeinträchtigt.",
    ),
    ("Lichtkarte", "6 Lichtkarten", ["Lichtkarten"]),
    ("Gefährtenkarte", "5 Gefährtenkarten", ["Gefährtenkarten"]),
    ("Sauron-Ereigniskärtchen", "Die neuen Sauron-Ereigniskärtchen", ["Sauronereigniskärtchen"]),
    ("Dunkle Ereigniskärtchen", "Das Spiel mit den dunklen Ereigniskärtchen", ["dunklen Ereigniskärtchen"]),
    ("Sonderkarte", "Das Spiel mit den Sonderkarten", ["Sonderkarten"]),
]


def parse(text: str) -> ParsedBook:
    repairs: list[Repair] = []
    omitted: list[str] = []
    blocks = split_blocks(text)
    lexicon = build_lexicon(re.sub(r"^#.*$", "", text, flags=re.M))
    outline = Outline()

    intro = first_index(
        blocks, lambda b: b.first.startswith("zweitausend"), TITLE, "der Einleitungssatz „zweitausend Jahre …“"
    )
    omitted.append(f"Titelseite (Zeilen {blocks[0].lineno}–{blocks[intro - 1].lineno})")
    outline.open(1, "Einleitung")

    chapter_level = 1
    group_level: int | None = None  # level of the open card group, if any
    variants: object = None  # "Zusätzliches Spielmaterial für Spielvarianten", parent of the back page
    skipping = False
    for block in blocks[intro:]:
        heading = HEADING_RE.match(block.first) if len(block.lines) == 1 else None
        if heading:
            marks, raw = heading.groups()
            shown = german_heading(raw, lexicon, HEADING_WORDS)
            if raw.strip().lower() == "dankeschön":
                skipping = True
                omitted.append(f"Danksagung und Impressum (ab Zeile {block.lineno})")
                continue
            skipping = False
            group_level = None
            if raw.lower().startswith("das spiel mit den sonderkarten") and variants is not None:
                outline.stack = [s for s in outline.stack if s[1] is variants or s[0] < 2]
                outline.open(2, shown)
                chapter_level = 2
                continue
            level = 2 if len(marks) == 3 or raw.lower().startswith(SAURON_PLAYER_PARTS) else 1
            section = outline.open(level, shown)
            if raw.lower().startswith("zusätzliches spielmaterial"):
                variants = section
            chapter_level = level
            continue
        if skipping:
            continue
        if block.first.startswith("Die Dunkelheit ist hereingebrochen"):
            omitted.append(f"Stimmungstext der Rückseite (Zeile {block.lineno})")
            continue
        markdown = _markdown(block, repairs)
        label = LABEL_RE.match(markdown)
        if label and (label["label"][0].islower() or label["label"][0].isdigit() or label["label"] in SPECIAL_CARDS):
            raw = label["label"]
            is_group = raw in CARD_GROUPS
            is_card = is_group or "–" in raw or raw in SPECIAL_CARDS or group_level is not None
            shown = raw if raw[0].isupper() else german_heading(raw, lexicon, HEADING_WORDS, title=is_card)
            if is_group:
                group_level = chapter_level + 1
                outline.open(group_level, shown)
            elif group_level is not None:
                outline.open(group_level + 1, shown)
            else:
                outline.open(chapter_level + 1, shown)
            outline.add(label["rest"])
            continue
        outline.add(markdown)

    sections = outline.finish()
    stack = list(sections)
    while stack:
        section = stack.pop()
        section.body = relist_counted_items(section.body)
        stack.extend(section.children)
    return ParsedBook(
        title=TITLE, sections=sections, terms=make_terms(sections, TERMS), repairs=repairs, omitted=omitted
    )


def relist_counted_items(body: str) -> str:
    """Paragraphs that continue a list introduced by "…:" and count material ("23 dunkle Ereigniskärtchen …")
    are items of that list again: the text file lost their bullets (Spielüberblick)."""
    paragraphs = body.split("\n\n")
    out: list[str] = []
    in_list = False
    for paragraph in paragraphs:
        last_line = out[-1].splitlines()[-1] if out else ""
        if re.match(r"\d+ \S", paragraph) and (in_list or (last_line.startswith("- ") and last_line.endswith(":"))):
            out[-1] += "\n    - " + paragraph.replace("\n", " ")
            in_list = True
            continue
        in_list = False
        out.append(paragraph)
    return "\n\n".join(out)


def _markdown(block, repairs: list[Repair]) -> str:
    markdown = block_markdown(block).replace("**BEISPIEL:**", "**Beispiel:**")
    markdown = bold_labels(markdown)
    for wrong, right, reason in FIXES:
        offset = next((i for i, line in enumerate(block.lines) if wrong in line), 0)
        markdown, count = fix_noted(markdown, wrong, right, reason)  # shown as an editorial note
        repairs.extend(Repair(block.lineno + offset, wrong, right, reason) for _ in range(count))
    return markdown
