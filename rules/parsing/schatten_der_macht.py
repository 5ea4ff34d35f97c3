"""Parser for "Schatten der Macht" (Ulisses Spiele 2019, Aventurien), seed ``002_…``.

An OCR extraction: resource icons were lost or read as emoji, letters misread ("Grophäen"),
picture captions sit between paragraphs, and columns are interleaved. Decisions:

- Headings are bare lines; the outline is spelled out in OUTLINE (checked in order).
- Word repairs come from the reviewed table ``data/schatten_der_macht_repairs.json``; damage that cannot be
  recovered with certainty is listed there too and marked on the page ("[unleserlich]" with a note). No repair
  is silent: each leaves an editorial note (``notes.py``) after the corrected words, or under the heading.
- A lost resource icon inside the description of an action is that action's resource
  (the book says so: "Abenteurer anheuern (mit Schwert & Stab)" …) and is written "[Anker]" etc.;
  anywhere else the kind is not certain and it becomes "[Symbol]". Every replacement is recorded.
- Cost tables whose first column or header was lost are rebuilt from the book's own series
  1, 3, 6, 10, 15 (used by every table and example); the garbled cells of the scoring example stay
  marked "(unleserlich)".
- Picture captions are dropped (listed in ``omitted``), except the symbol legend and the action
  overview, which become lists. The imprint, the repeated action boxes of the back page and the
  score sheet are left out.
- Examples (paragraphs about Alrike, Bedrik, Cedrik …) stay in place, marked "**Beispiel:**".
  The one-list "Aktion: …" boxes become sections of kind ``summary``.
- No glossary in the book: bold key terms become glossary terms (TERMS); the rules printed as
  labelled paragraphs ("Unwegsame Regionen (…): …") become sub-sections so the terms have a
  section that defines them.
"""

import functools
import json
import re

from .base import ParsedBook, ParsedSection, Repair
from .notes import NOTE_RE, correction, gap, heading_note, note, strip_notes
from .schatten_der_macht_data import (
    ACTION_RESOURCE,
    BARE_AMOUNT_RE,
    BOARD_CAPTIONS,
    CARD_RE,
    DEFERRED_TABLES,
    DISPLAY,
    END,
    EXAMPLE_RE,
    ICON_RE,
    KINDS,
    LIST_SECTIONS,
    OUTLINE,
    OVERVIEW_RESOURCES,
    REPAIRS_FILE,
    SIDEBAR_RE,
    SIDEBARS,
    TERMS,
    TITLE,
)
from .text import (
    Block,
    Outline,
    block_markdown,
    bold_labels,
    first_index,
    link_heading_mentions,
    make_terms,
    not_this_book,
    require_lines,
    rewrite_refs,
    split_blocks,
)


def parse(text: str) -> ParsedBook:
    repairs: list[Repair] = []
    omitted: list[str] = []
    # the first heading and the imprint line the book is cut at; without them it is another text
    require_lines(text, TITLE, [next(_outline())[2], END])
    lines = text.split("\n")
    end = first_index(lines, lambda line: line.strip() == END, TITLE, f"die Zeile „{END}“")
    omitted.append(
        f"Impressum, Aktionsübersicht der Rückseite und Wertungsblock (Zeilen {end + 1}–{len(lines)}): "
        "keine Regeln, die Aktionskästen stehen schon im Regeltext"
    )
    lines = lines[:end]

    data = json.loads(REPAIRS_FILE.read_text(encoding="utf-8"))
    # (line index, words the note follows, note): placed once all repairs are done
    pending: list[tuple[int, str, str]] = []
    _noted_fixes(lines, data["words"], repairs, pending)
    _structural_fixes(lines, repairs, pending)
    _icon_fixes(lines, repairs)
    _noted_fixes(lines, data["passages"], repairs, pending)
    _damage_marks(lines, data["damaged"], repairs)
    heading_notes = _place_notes(lines, pending)

    # the book underlines for emphasis; Markdown has no underline and "<u>" is raw HTML
    lines = [re.sub(r"<u>(.*?)</u>", r"*\1*", line) for line in lines]
    blocks = split_blocks("\n".join(lines))
    sections = _build_tree(blocks, omitted, heading_notes)
    headings = {section.heading for top in sections for section, _ in top.walk()}
    for top in sections:
        for section, _ in top.walk():
            section.body, _count = rewrite_refs(section.body)
            section.body, _count = link_heading_mentions(section.body, headings)
            if INFERRED_ICON_RE.search(strip_notes(section.body)):
                section.body = heading_note(INFERRED_ICON_NOTE) + "\n\n" + section.body
    _pages_the_book_names(sections)
    return ParsedBook(
        title=TITLE,
        sections=sections,
        terms=make_terms(sections, [_display_spec(spec) for spec in TERMS]),
        repairs=repairs,
        omitted=omitted,
        # printed pages the book itself names for these rules ("siehe Seite 9" …); it also
        # sends readers to "Bezahlen von Aktionen" on page 5 and on page 7 – the heading decides
        page_index={
            7: "Bezahlen von Aktionen",
            9: "Abenteurer/Schiffe bewegen",
            11: "Passen",
            12: "Phase 3: Entscheidungsphase",
            14: "Sonderregeln",
        },
    )


INFERRED_ICON_RE = re.compile(r"\[(?:Schwert & Stab|Anker|Stiefel|Gold)\]")
INFERRED_ICON_NOTE = (
    "Ressourcensymbole in eckigen Klammern ([Schwert & Stab], [Anker], [Stiefel], [Gold]) hat die Redaktion "
    "eingesetzt: Das Buch zeigt dort ein Symbol, das beim Texterkennen verloren ging; welches, ergibt sich aus "
    "der Aktion, um die es geht."
)
LOST_SYMBOL_NOTE = "Ein Symbol ging beim Texterkennen verloren; welches, lässt der Text nicht sicher erkennen."


def _noted_fixes(lines: list[str], fixes, repairs: list[Repair], pending: list) -> None:
    """Apply reviewed (wrong, right, reason) fixes; each use gets a "Korrigiert aus …" note."""
    for index, line in enumerate(lines):
        for wrong, right, reason in fixes:
            # one pass: a fix may keep the wrong words ("erreicht" -> "erreicht.")
            for _ in range(line.count(wrong)):
                repairs.append(Repair(index + 1, wrong, right, reason))
                pending.append((index, right, correction(wrong, reason)))
            line = line.replace(wrong, right)
        lines[index] = line


def _damage_marks(lines: list[str], damaged, repairs: list[Repair]) -> None:
    """Mark text that cannot be recovered: "{?}" / "{?Symbol}" in the replacement become gap notes."""
    for index, line in enumerate(lines):
        original = line
        for text, replacement, reason in damaged:
            if text in line:
                marked = replacement.replace("{?Symbol}", gap(reason, symbol=True)).replace("{?}", gap(reason))
                line = line.replace(text, marked)
        # a lost icon whose kind the context does not give
        line = line.replace("[Symbol]", gap(LOST_SYMBOL_NOTE, symbol=True))
        if line != original:
            lines[index] = line
            repairs.append(Repair(index + 1, original.strip(), strip_notes(line, gaps=None).strip(), "unleserlich"))


def _place_notes(lines: list[str], pending: list[tuple[int, str, str]]) -> dict[str, list[str]]:
    """Put each note after its words; notes on a heading line go under the heading (returned by heading)."""
    headings = {heading for _, _, heading in _outline()}
    under: dict[str, list[str]] = {}
    by_line: dict[int, list[tuple[str, str]]] = {}
    for index, anchor, token in pending:
        by_line.setdefault(index, []).append((anchor, token))
    for index, items in sorted(by_line.items()):
        line = lines[index]
        if line.strip() in headings:
            shown = DISPLAY.get(line.strip(), line.strip())
            texts = [NOTE_RE.fullmatch(token)["note"] for _, token in items]
            under.setdefault(shown, []).extend(heading_note(f"Überschrift {t[0].lower()}{t[1:]}") for t in texts)
            continue
        cursor = 0
        for anchor, token in items:
            found = line.find(anchor, cursor) if anchor else -1
            end = found + len(anchor) if found != -1 else len(line.rstrip())
            line = line[:end] + token + line[end:]
            cursor = end + len(token)
        lines[index] = line
    return under


# The text has no page numbers; the book's own references say where these rules are printed: "Passen
# (Seite 11)", "Unwegsame Region (siehe Seite 9)", "Entscheidungsphase (siehe Seite 12)", "den Kasten auf
# Seite 12" (the box on Konfliktmarken), "Bezahlen von Aktionen auf Seite 7", and Trophäen and Besondere
# Einheiten "werden auf Seite 14 beschrieben".
PAGES = {
    7: ["Bezahlen von Aktionen"],
    9: ["Abenteurer/Schiffe bewegen", "Unwegsame Regionen"],
    11: ["Passen"],
    12: ["Phase 3: Entscheidungsphase", "Konfliktmarken"],
    14: ["Sonderregeln", "Trophäen", "Besondere Einheiten"],
}


def _pages_the_book_names(sections: list[ParsedSection]) -> None:
    """Give the sections the book places on a page that page; the sections between two on the same page too."""
    ordered = [section for top in sections for section, _ in top.walk()]
    for page, headings in PAGES.items():
        placed = [i for i, section in enumerate(ordered) if section.heading in headings]
        if len(placed) != len(headings):
            raise not_this_book(TITLE, f"die Abschnitte {', '.join(headings)} (Seite {page})")
        for section in ordered[placed[0] : placed[-1] + 1]:
            section.pages = sorted({*section.pages, page})


def _display_spec(spec):
    term, heading, synonyms = spec[:3]
    return (term, DISPLAY.get(heading, heading), synonyms, *spec[3:])


# --- source repairs -----------------------------------------------------------------------


def _line(lines: list[str], predicate, shown: str) -> int:
    """Index of the first line matching ``predicate``; ``shown`` names it in the error if it is missing."""
    return first_index(lines, lambda line: predicate(line.strip()), TITLE, f"die Zeile „{shown}“")


def _record(repairs: list[Repair], index: int, before: str, after: str, reason: str) -> None:
    repairs.append(Repair(index + 1, before, after, reason))


def _structural_fixes(lines: list[str], repairs: list[Repair], pending: list) -> None:
    record = functools.partial(_record, repairs)
    # the row of victory icons sits inside the sentence "… über Regionen und / Organisationen, …"
    icons = _line(
        lines,
        lambda s: s.startswith("Siegbedingungen Regionen Organisationen"),
        "Siegbedingungen Regionen Organisationen …",
    )
    record(icons, lines[icons], "", "Bildunterschrift der Siegpunkt-Symbole mitten im Satz")
    lines[icons] = ""
    # "Trophäen und / Besondere Einheiten" is one heading over two lines
    head = _line(lines, lambda s: s == "Trophäen und", "Trophäen und")
    tail = _line(lines[head + 1 :], lambda s: s == "Besondere Einheiten", "Besondere Einheiten") + head + 1
    record(tail, lines[tail], "", "zweizeilige Überschrift zusammengefügt")
    lines[head], lines[tail] = "Trophäen und Besondere Einheiten", ""
    # "Seite 14 beschrieben." was printed in the previous column; it ends the box text
    orphan = _line(lines, lambda s: s == "Seite 14 beschrieben.", "Seite 14 beschrieben.")
    box_end = _line(
        lines, lambda s: s.endswith("Dämonenarchen) dar. Diese werden auf"), "… Dämonenarchen) dar. Diese werden auf"
    )
    record(orphan, lines[orphan], "", f"Satzende an Zeile {box_end + 1} angefügt (Spaltenumbruch)")
    lines[box_end] = lines[box_end].rstrip() + " " + lines[orphan].strip()
    lines[orphan] = ""
    _cost_table_fixes(lines, repairs, pending)
    _scoring_table_fixes(lines, repairs)
    konflikt = _line(lines, lambda s: s == "Konfliktmarken (S)", "Konfliktmarken (S)")
    record(konflikt, lines[konflikt], "Konfliktmarken", "Rest eines verlorenen Symbols in der Überschrift")
    pending.append((konflikt, "Konfliktmarken", correction(lines[konflikt].strip(), "Rest eines verlorenen Symbols")))
    lines[konflikt] = "Konfliktmarken"


def _cost_table_fixes(lines: list[str], repairs: list[Repair], pending: list) -> None:
    """Cost tables: a garbled header, an OCR'd "1" and a table that lost its first column."""
    record = functools.partial(_record, repairs)

    def shown(index: int, anchor: str, text: str) -> None:
        pending.append((index, anchor, note(text)))

    header = _line(
        lines,
        lambda s: s.startswith("Gesamtzahl der bezahlten Ressourcen ("),
        "Gesamtzahl der bezahlten Ressourcen ( …",
    )
    record(header, lines[header], "Gesamtzahl der bezahlten Ressourcen\tUmfang der Aktion", "Tabellenkopf verstümmelt")
    shown(
        header,
        "Umfang der Aktion",
        f"Tabellenkopf im Buchtext verstümmelt („{lines[header].strip()}“); "
        "„Umfang der Aktion“ von der Redaktion ergänzt",
    )
    lines[header] = "Gesamtzahl der bezahlten Ressourcen\tUmfang der Aktion"
    for index, line in enumerate(lines):
        if line.startswith(("711\t", "i i\t")):
            fixed = "1\t" + line.split("\t", 1)[1]
            record(index, line, fixed, "OCR: „1“ verlesen (Reihe 1, 3, 6, 10, 15)")
            pending.append((index, "1", correction(line.split("\t", 1)[0], "OCR; die Reihe lautet 1, 3, 6, 10, 15")))
            lines[index] = fixed
    moves = _line(lines, lambda s: s == "Zur Verfügung stehende Bewegungen", "Zur Verfügung stehende Bewegungen")
    record(moves, lines[moves], "Anzahl bezahlter [Stiefel]-Ressourcen\tZur Verfügung stehende Bewegungen", "")
    shown(
        moves,
        "Anzahl bezahlter [Stiefel]-Ressourcen",
        "Die Spalte der bezahlten Ressourcen fehlt im Buchtext; von der Redaktion nach den Kostentabellen des Buchs "
        "(1, 3, 6, 10, 15) ergänzt",
    )
    lines[moves] = "Anzahl bezahlter [Stiefel]-Ressourcen\tZur Verfügung stehende Bewegungen"
    for offset, paid in enumerate((1, 3, 6, 10, 15), start=1):
        assert lines[moves + offset].strip() == str(offset), "table of movements changed"
        lines[moves + offset] = f"{paid}\t{offset}"
    repairs[-1].reason = "Tabelle verlor die erste Spalte; Kosten 1, 3, 6, 10, 15 wie in allen Tabellen des Buchs"


def _scoring_table_fixes(lines: list[str], repairs: list[Repair]) -> None:
    """The scoring example: a header cell split wrongly and a garbled total row."""
    record = functools.partial(_record, repairs)
    for index, line in enumerate(lines):
        if line.startswith("Spieler\tAlrike\tBedrik Cedrik"):
            fixed = "Spieler\tAlrike\tBedrik\tCedrik\tDedrik"
            record(index, line, fixed, "Tabellenzellen verrutscht")
            lines[index] = fixed
        elif line.startswith("Organisationen\t6 Organisationen"):
            lost = gap("Zelle im Buchtext unleserlich (erhalten ist nur „atz 1“).")
            cells = ("Organisationen", "6 Organisationen = Platz 1 = 4 Punkte", lost, lost)
            fixed = "\t".join((*cells, "4 Organisationen = Platz 2 = 3 Punkte"))
            record(index, line, fixed, "Zellen unleserlich, Rest der Zeile erhalten")
            lines[index] = fixed
        elif line.startswith("Gesamt\t13 Punkte"):
            lost = gap("Der Rest der Klammer ist im Buchtext abgeschnitten.")
            fixed = f"Gesamt\t13 Punkte\t11 Punkte\t13 Punkte (Gewinn {lost})\t10 Punkte"
            record(index, line, fixed, "Tabellenzellen verrutscht")
            lines[index] = fixed


def _icon_fixes(lines: list[str], repairs: list[Repair]) -> None:
    """Lost resource icons: the action's own resource inside an action's description, else "[Symbol]"."""
    headings = {heading for _, _, heading in _outline()}
    resource: str | None = None
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped in headings and (index == 0 or not lines[index - 1].strip()):
            resource = ACTION_RESOURCE.get(stripped)
        original = line
        overview = re.match(r"^(?P<action>[\w /]+?) \(mit (?:O|\S+)\)$", stripped)
        if overview and overview["action"] in OVERVIEW_RESOURCES:
            line = f"{overview['action']} (mit [{OVERVIEW_RESOURCES[overview['action']]}])"
        else:
            icon = f"[{resource}]" if resource else "[Symbol]"
            line = re.sub(r"Schwert & Stab \(\S+\), Anker \(\S+\), Stiefel \(\S+\) oder Gold \(\S+\)",
                          "Schwert & Stab, Anker, Stiefel oder Gold", line)  # fmt: skip
            line = re.sub(r" \((?:,)?\)", "", line)  # "Schwarze Augen ()", "(,)": an icon in brackets
            line = ICON_RE.sub(icon, line)
            line = re.sub(r"\b(?:O|So|S)(?=-Ressourcen|-Symbolen|-Reserven)", icon, line)
            line = re.sub(r"(?<=\) )(?:O|S) ?(?=bezahlen)", icon + " ", line)
            line = re.sub(r"(?<=\) )\[(?:Symbol|[\w &]+)\](?= bezahlen)", icon, line)
            if stripped.startswith("Anzahl bezahlter"):
                # a cost table printed before its action's heading: its own action decides
                target = next((t for key, t in DEFERRED_TABLES.items() if key in line), None)
                own = f"[{ACTION_RESOURCE[target]}]" if target else icon
                line = re.sub(
                    r"^Anzahl bezahlter ?(?:\[[^\]]+\]|X)?-?(?:Ressourcen)?\t",
                    f"Anzahl bezahlter {own}-Ressourcen\t",
                    line,
                )
            if resource:
                # "Eine Regionskarte, die [icon] zur Verfügung stellt": the icon vanished without a trace
                line = line.replace("die zur Verfügung stellt", f"die {icon} zur Verfügung stellt")
            if resource and _is_example_or_cost(line):
                line = BARE_AMOUNT_RE.sub(rf"\1 [{resource}]", line).replace(f"{icon} ,", f"{icon},")
        if line != original:
            lines[index] = line
            repairs.append(Repair(index + 1, original.strip(), line.strip(), "verlorenes Ressourcensymbol"))


def _is_example_or_cost(line: str) -> bool:
    return bool(EXAMPLE_RE.match(line.strip()) or line.startswith(("wegungen", "Cedrik", "Bedrik", "Alrike")))


# --- tree ---------------------------------------------------------------------------------


def _outline():
    for line in OUTLINE.strip().splitlines():
        level, kind, heading = line.split(" ", 2)
        yield int(level), kind, heading


def _is_caption(block: Block) -> bool:
    """A picture caption: one short line, no sentence end; not a line of running text cut by the layout."""
    text = strip_notes(block.text)  # a lost symbol counts as one character, as in the book
    return (
        len(block.lines) == 1
        and len(text) < 75
        and "\t" not in block.lines[0]
        and not re.search(r"[.!?:“\"-]$", text)
        and not text[:1].islower()
        and not text.startswith(("-", "|"))
    ) or text.startswith(">")


def _build_tree(blocks: list[Block], omitted: list[str], heading_notes: dict[str, list[str]]) -> list[ParsedSection]:
    outline = Outline()
    expected = list(_outline())
    by_heading: dict[str, ParsedSection] = {}
    deferred: dict[str, list[str]] = {}
    captions: list[str] = []
    box_open = False
    card_level: int | None = None
    first = first_index(blocks, lambda b: b.first == expected[0][2], TITLE, f"die Überschrift „{expected[0][2]}“")
    intro = blocks[:first]
    for block in blocks[first:]:
        text = block.text
        if expected and len(block.lines) == 1 and text == expected[0][2]:
            level, kind, printed = expected.pop(0)
            shown = DISPLAY.get(printed, printed)
            section = outline.open(level, shown, KINDS[kind])
            by_heading[shown] = section
            box_open = kind == "s"
            card_level = level + 1 if by_heading.get("Erläuterung von Kartentexten") and level == 2 else None
            for markdown in heading_notes.pop(shown, []):
                outline.add(markdown)
            for markdown in deferred.pop(shown, []):
                outline.add(markdown)
            continue
        if box_open:
            outline.add(block_markdown(block))
            outline.close()
            box_open = False
            continue
        current = outline.current()
        if (
            current is not None
            and current.heading in LIST_SECTIONS
            and _is_caption(block)
            and not text.startswith(BOARD_CAPTIONS)
        ):
            outline.add("- " + text)
            continue
        if _is_caption(block):
            captions.append(f"{strip_notes(text, gaps=None)} (Zeile {block.lineno})")
            continue
        markdown = bold_labels(block_markdown(block))
        table_key = next((key for key in DEFERRED_TABLES if key in block.lines[0]), None)
        if (
            table_key
            and "\t" in block.lines[0]
            and current is not None
            and current.heading != DEFERRED_TABLES[table_key]
        ):
            deferred.setdefault(DEFERRED_TABLES[table_key], []).append(markdown)
            continue
        if EXAMPLE_RE.match(markdown):
            markdown = "**Beispiel:** " + markdown
        elif markdown.startswith("Beispiel "):
            markdown = re.sub(r"^Beispiel (\d\))", r"**Beispiel \1**", markdown)
        sidebar = SIDEBAR_RE.match(markdown)
        if sidebar and sidebar["label"] in SIDEBARS:
            body = f"**{sidebar['label']}**{sidebar['note'] or ''}:" + markdown[sidebar.end() - 1 :]
            outline.sidebar(SIDEBARS[sidebar["label"]], body)
            continue
        card = CARD_RE.match(markdown) if card_level else None
        if card:
            outline.open(card_level, card["name"])
            outline.add(markdown[card.end() :])
            continue
        outline.add(markdown)
    if expected:
        missing = ", ".join(f"„{h}“" for _, _, h in expected)
        raise not_this_book(TITLE, f"die Überschriften {missing}")
    if captions:
        omitted.append("Bildunterschriften ohne Bild: " + "; ".join(captions))
    sections = outline.finish()
    # the untitled opening (setting and premise) becomes the first chapter
    opening = ParsedSection(heading="Einleitung", body="\n\n".join(block_markdown(b) for b in intro))
    return [opening, *sections]
