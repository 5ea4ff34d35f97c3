"""Parser for "Abenteuer in Mittelerde" (Middle-earth Quest, Kosmos 2009), seed ``000_…``.

Headings are ALL-CAPS lines without levels; the book's outline is spelled out in OUTLINE below
(in reading order, checked heading by heading, so a changed seed fails loudly). Decisions:

- Lines 5 and 9 (a Dungeons & Dragons description), the credits ("Mitwirkende"), and the two
  advertisements between INDEX and KURZÜBERSICHT are not rules text: left out, listed in ``omitted``.
- The INDEX is not a section: it fills ``page_index`` and ``ParsedSection.pages`` and yields
  glossary terms. Pages between two index anchors on the same page are inferred; others stay unknown.
- The second "SPIELAUFBAU" heading only captions the set-up picture; its legend joins the first.
- The two-column extraction interleaves "Gewandtheit"/"Weisheit" (hero attributes) with the card
  pools; they are put back under "4) Eigenschaften". A sentence cut by the box "Bestimmung der
  führenden Seite" is rejoined with its beginning.
- Short captions of pictures that are not there ("Symbol Fernkampf") are dropped (listed in ``omitted``).
- Chapter epigraphs (Tolkien quotes) are kept as block quotes at the top of their section.
- Misprints in headings and obvious typos are repaired and recorded; the spelling variants
  "Fertigkeitkarten"/"Fertigkeitskarten" are left as printed and become synonyms.
"""

import re
from itertools import pairwise
from urllib.parse import quote, unquote

from .base import SUMMARY, ParsedBook, ParsedSection, ParsedTerm, Repair
from .mittelerde_quest_data import (
    BROKEN_BOLD_RE,
    DEFINITIONS,
    EXTRA_PAGES,
    EXTRA_TERMS,
    HEADING_FIXES,
    HEADING_WORDS,
    INDEX_SECTIONS,
    INDEX_TERMS,
    KINDS,
    OUTLINE,
    RELOCATED,
    SKILL_CARD_FIXES,
    SUBHEADINGS,
    SYNONYMS,
    TEXT_FIXES,
    TITLE,
)
from .notes import heading_note
from .text import (
    Block,
    Outline,
    apply_fixes,
    block_markdown,
    bold_labels,
    build_lexicon,
    definition_from,
    first_index,
    german_heading,
    not_this_book,
    require_lines,
    rewrite_refs,
    shorten,
    split_blocks,
)


def _outline():
    for line in OUTLINE.strip().splitlines():
        level, kind, heading = line.split(" ", 2)
        yield int(level), kind, heading


def is_caps_heading(block: Block) -> bool:
    text = block.first
    letters = [c for c in text if c.isalpha()]
    return len(block.lines) == 1 and len(letters) >= 3 and all(c.isupper() for c in letters) and text[0] != "-"


def parse(text: str) -> ParsedBook:
    repairs: list[Repair] = []
    omitted: list[str] = []
    # lines the parser cuts the book at; their absence means this is another text
    require_lines(text, TITLE, ["EINFÜHRUNG", "WEITERE SPIELELEMENTE", "INDEX", "MITWIRKENDE", "KURZÜBERSICHT"])
    lines = text.split("\n")

    # --- clean the source lines (each change recorded) ------------------------------------
    _drop_dnd(lines, omitted)
    apply_fixes(lines, HEADING_FIXES, repairs)
    apply_fixes(lines, TEXT_FIXES, repairs, mark=True)
    skills = _find(lines, "FERTIGKEITSKARTEN", start=_find(lines, "WEITERE SPIELELEMENTE"))
    apply_fixes(lines, SKILL_CARD_FIXES, repairs, skills, _find(lines, "GEGENSTÄNDE", start=skills), mark=True)
    _repair_list_lines(lines, repairs)
    _rejoin_cut_sentence(lines, repairs)

    blocks = split_blocks("\n".join(lines))
    index_start = _block(blocks, "INDEX")
    credits_start = _block(blocks, "MITWIRKENDE")
    ads_start = first_index(
        blocks,
        lambda b: b.first.startswith("Spiel und Spaß für die ganze Familie"),
        TITLE,
        "die Werbeseite „Spiel und Spaß für die ganze Familie“",
    )
    summary_start = _block(blocks, "KURZÜBERSICHT")
    omitted.append(
        f"Mitwirkende und Impressum (Zeilen {blocks[credits_start].lineno}–{blocks[index_start].lineno - 1})"
    )
    omitted.append(
        f"Werbung für andere Spiele: „Die Säulen der Erde“ und „Die Tore der Welt“ "
        f"(Zeilen {blocks[ads_start].lineno}–{blocks[summary_start].lineno - 1})"
    )
    omitted.append(f"Index (ab Zeile {blocks[index_start].lineno}): als Seitenzuordnung und Glossar übernommen")
    first = _block(blocks, "EINFÜHRUNG")
    omitted.append(f"Titelzeilen (Zeilen {blocks[0].lineno}–{blocks[first - 1].lineno})")
    body_blocks = blocks[first:credits_start] + blocks[summary_start:]
    index_blocks = blocks[index_start:ads_start]

    lexicon = build_lexicon("\n".join(b.text for b in body_blocks if not is_caps_heading(b)))
    sections = _build_tree(body_blocks, lexicon, omitted)

    # --- index: pages, page index, glossary ----------------------------------------------
    entries = _index_entries(index_blocks)
    by_heading = _occurrences(sections)
    page_index = _assign_pages(sections, entries, by_heading)
    for top in sections:
        for section, _ in top.walk():
            section.body, _count = rewrite_refs(section.body)
            section.body = _point_fragments_at_headings(section.body, sections)
            if section.pages:
                # "(s. nächste Seite)": the page after the one the section starts on
                section.body = section.body.replace(
                    "(s. nächste Seite)", f"([s. nächste Seite](ref:p{section.pages[0] + 1}))"
                )
    _note_heading_fixes(sections, repairs)
    terms = _glossary(sections, by_heading, entries)
    return ParsedBook(
        title=TITLE, sections=sections, terms=terms, repairs=repairs, omitted=omitted, page_index=page_index
    )


def _note_heading_fixes(sections: list[ParsedSection], repairs: list[Repair]) -> None:
    """A misprinted heading word corrected by HEADING_FIXES is noted under the heading (a rejoined line break
    changes no wording and gets no note)."""
    misprints = {(wrong, right): reason for wrong, right, reason in HEADING_FIXES if reason.startswith("Druckfehler")}
    done: set[tuple[str, str]] = set()
    for repair in repairs:
        key = (repair.before, repair.after)
        if key not in misprints or key in done:
            continue
        done.add(key)
        word = repair.after.casefold()
        for top in sections:
            for section, _ in top.walk():
                if word in section.heading.casefold():
                    text = f"Überschrift korrigiert aus „{repair.before}“ ({misprints[key]})"
                    section.body = heading_note(text) + "\n\n" + section.body


def _point_fragments_at_headings(markdown: str, sections: list[ParsedSection]) -> str:
    """ "siehe „Vorbereitung“ S. 28" names a bold step, not a heading: point at the section on that page
    that explains it (here "Kampfphasen"), so the link can be resolved by its heading."""
    headings = [s.heading.casefold() for top in sections for s, _ in top.walk()]

    def replace(match: re.Match) -> str:
        page, fragment = int(match["page"]), unquote(match["fragment"])
        if any(fragment.casefold() in heading for heading in headings):
            return match[0]
        for top in sections:
            for section, _ in top.walk():
                if page in section.pages and f"**{fragment}" in section.body:
                    return match[0].replace(match["fragment"], quote(section.heading, safe=""))
        return match[0]

    return re.sub(r"\(ref:p(?P<page>\d+)(?:-\d+)?#(?P<fragment>[^)]+)\)", replace, markdown)


# --- source clean-up ----------------------------------------------------------------------


def _block(blocks: list[Block], first_line: str) -> int:
    return first_index(blocks, lambda b: b.first == first_line, TITLE, f"die Überschrift „{first_line}“")


def _find(lines: list[str], exact: str, start: int = 1) -> int:
    """1-based number of the first line equal to ``exact`` at or after ``start``."""
    for number in range(start, len(lines) + 1):
        if lines[number - 1].strip() == exact:
            return number
    raise not_this_book(TITLE, f"die Zeile „{exact}“ (ab Zeile {start})")


def _drop_dnd(lines: list[str], omitted: list[str]) -> None:
    for number, line in enumerate(lines, start=1):
        if "Dungeons & Dragons" in line:
            lines[number - 1] = ""
            omitted.append(
                f"Zeile {number}: irreführende Beschreibung als Dungeons-&-Dragons-Rollenspiel (kein Regeltext)"
            )


def _repair_list_lines(lines: list[str], repairs: list[Repair]) -> None:
    for index, line in enumerate(lines):
        match = BROKEN_BOLD_RE.match(line)
        if match:
            fixed = BROKEN_BOLD_RE.sub(r"\1- **\2:**", line, count=1)
            repairs.append(Repair(index + 1, line[: match.end()], fixed[: match.end() + 2], "Fettdruck-Beginn fehlte"))
            lines[index] = fixed
        if line.strip() == "- | | |":
            lines[index] = "| | |"
            repairs.append(Repair(index + 1, "- | | |", "| | |", "Tabellenkopf als Listenpunkt extrahiert"))
    # "... mit einer ..." / "- ... Bedrohung": one list item split in two by the extraction
    for index in range(len(lines) - 1):
        if lines[index].rstrip().endswith(" ...") and lines[index + 1].startswith("- ... "):
            before = lines[index + 1]
            lines[index] = lines[index].rstrip()[:-4] + " " + before[len("- ... ") :]
            lines[index + 1] = ""
            repairs.append(Repair(index + 2, before, "", "Listenpunkt war auf zwei Punkte verteilt"))


def _rejoin_cut_sentence(lines: list[str], repairs: list[Repair]) -> None:
    """The box "Bestimmung der führenden Seite" cuts a sentence of "Die Ereignisphase" in two."""
    head = first_index(
        lines,
        lambda line: line.rstrip().endswith("Ablage für die aktuelle Ereigniskarte"),
        TITLE,
        "der Satz „… Ablage für die aktuelle Ereigniskarte“",
    )
    tail = first_index(
        lines,
        lambda line: line.startswith("auf dem Spielplan gelegt. Liegt dort bereits"),
        TITLE,
        "der Satz „auf dem Spielplan gelegt. Liegt dort bereits …“",
    )
    repairs.append(Repair(tail + 1, lines[tail], "", f"Satzfortsetzung an Zeile {head + 1} angefügt (Spaltenumbruch)"))
    lines[head] = lines[head].rstrip() + " " + lines[tail].strip()
    lines[tail] = ""


# --- tree ---------------------------------------------------------------------------------


def _is_caption(block: Block) -> bool:
    text = block.text
    return (
        len(block.lines) == 1
        and len(text) < 90
        and not re.search(r"[.!?:“)]$", text.rstrip("*"))
        and not text.startswith(("-", "|", "„", "–", "*–"))
        and not re.match(r"\d+\.", text)
    )


def _build_tree(blocks: list[Block], lexicon, omitted: list[str]) -> list[ParsedSection]:
    outline = Outline()
    expected = list(_outline())
    caps_of: dict[int, str] = {}  # id(section) -> caps heading
    opened: dict[str, ParsedSection] = {}  # caps heading -> latest section
    captions: list[str] = []
    epigraph = False
    for block in blocks:
        if is_caps_heading(block):
            if not expected:
                raise ValueError(
                    f"Zeile {block.lineno}: unerwartete Überschrift „{block.first}“ nach dem Ende der Gliederung."
                )
            level, kind, caps = expected.pop(0)
            if caps != block.first:
                raise ValueError(
                    f"Zeile {block.lineno}: erwartet war die Überschrift „{caps}“, gefunden „{block.first}“."
                )
            if kind == "=":
                outline.resume()
                epigraph = False
                continue
            shown = german_heading(caps, lexicon, HEADING_WORDS)
            section = outline.open(level, shown, KINDS[kind])
            caps_of[id(section)] = caps
            opened[caps] = section
            epigraph = True
            continue
        text = block.text
        if text in SUBHEADINGS:
            parent = opened[SUBHEADINGS[text]]
            outline.open_under(parent, text)
            epigraph = False
            continue
        if epigraph and text.startswith("„") and not is_list_markdown_line(text):
            outline.add("> " + _quote_text(block))
            continue
        if epigraph and text.lstrip("*").startswith(("–", "Der Herr der Ringe")):
            _extend_quote(outline, block)
            continue
        epigraph = False
        if _is_caption(block):
            captions.append(f"{text.strip('*')} (Zeile {block.lineno})")
            continue
        markdown = _body(block)
        if caps_of.get(id(outline.current())) == "WICHTIGE BEGRIFFE":
            markdown = re.sub(r"^([A-ZÄÖÜ][^:]{1,40}):\s", r"**\1:** ", markdown)  # glossary entry labels
        outline.add(markdown)
    if expected:
        missing = ", ".join(f"„{caps}“" for _, _, caps in expected)
        raise not_this_book(TITLE, f"die Überschriften {missing}")
    if captions:
        omitted.append("Bildunterschriften ohne Bild: " + "; ".join(captions))
    return outline.finish()


def is_list_markdown_line(text: str) -> bool:
    return text.startswith(("- ", "1. "))


def _quote_text(block: Block) -> str:
    return " ".join(line.strip() for line in block.lines)


def _extend_quote(outline: Outline, block: Block) -> None:
    """Attribution lines of an epigraph ("– Aus dem Kapitel …", "Der Herr der Ringe – …")."""
    target = outline.current()
    parts = outline.parts.setdefault(id(target), [])
    source = ""
    for line in (line.strip().strip("*").strip() for line in block.lines):
        separator = ", " if line.startswith("Der Herr der Ringe") else " "
        source = f"{source}{separator}{line}" if source else line
    source = (
        source.replace("Der Herr der Ringe", "*Der Herr der Ringe", 1) + "*"
        if "Der Herr der Ringe" in source
        else source
    )
    if parts and parts[-1].startswith(">"):
        last_line = parts[-1].split("\n")[-1]
        parts[-1] += (", " if last_line.startswith("> –") else "\n>\n> ") + source
    else:
        parts.append("> " + source)


def _body(block: Block) -> str:
    return bold_labels(block_markdown(block))


# --- index and pages ----------------------------------------------------------------------

INDEX_RE = re.compile(r"^-?\s*(?P<name>[^:]+):\s*Seiten?\s+(?P<pages>[\d–\-, ]+)$")


def _index_entries(blocks: list[Block]) -> list[tuple[str, list[int]]]:
    entries = []
    for block in blocks:
        for line in block.lines:
            match = INDEX_RE.match(line.strip())
            if not match:
                continue
            pages: list[int] = []
            for part in match["pages"].split(","):
                bounds = [int(p) for p in re.split(r"[–-]", part.strip()) if p]
                pages.extend(range(bounds[0], bounds[-1] + 1))
            entries.append((match["name"].strip(), pages))
    return entries


def _occurrences(sections: list[ParsedSection]) -> dict[str, list[ParsedSection]]:
    found: dict[str, list[ParsedSection]] = {}
    for top in sections:
        for section, _ in top.walk():
            found.setdefault(section.heading, []).append(section)
    return found


def _index_section(name: str, by_heading) -> ParsedSection:
    heading, nth = INDEX_SECTIONS.get(name, (name, 0))
    if heading not in by_heading:
        raise ValueError(f"Indexeintrag „{name}“: Es gibt keinen Abschnitt „{heading}“.")
    return by_heading[heading][nth]


def _assign_pages(sections, entries, by_heading) -> dict[int, str]:
    order = {id(s): n for n, (s, _) in enumerate(s for top in sections for s in top.walk())}
    anchors: dict[int, set[int]] = {}  # id(section) -> pages
    owners: dict[int, ParsedSection] = {}
    for name, pages in entries:
        section = _index_section(name, by_heading)
        anchors.setdefault(id(section), set()).update(pages)
        owners[id(section)] = section
    for page, (heading, nth) in EXTRA_PAGES.items():
        section = by_heading[heading][nth]
        anchors.setdefault(id(section), set()).add(page)
        owners[id(section)] = section
    for key, pages in anchors.items():
        owners[key].pages = sorted(pages)
    # sections between two anchors that start on the same page lie on that page
    walk = [s for top in sections for s, _ in top.walk() if s.kind != SUMMARY]
    known = [(n, min(s.pages)) for n, s in enumerate(walk) if s.pages]
    for (a, page_a), (b, page_b) in pairwise(known):
        if page_a == page_b:
            for section in walk[a + 1 : b]:
                section.pages = [page_a]
    # printed page -> heading of the earliest section (in reading order) that starts there
    page_index: dict[int, str] = {}
    starts: dict[int, ParsedSection] = {}
    for section in walk:
        if section.heading in RELOCATED:
            continue  # printed further down the page, next to the card pools
        for page in section.pages[:1]:
            if page not in starts or order[id(section)] < order[id(starts[page])]:
                starts[page] = section
    # pages no section starts on belong to the earliest section covering them ("Spielaufbau", pp. 8–9)
    for section in walk:
        for page in section.pages:
            if page not in starts:
                starts[page] = section
    for page in sorted(starts):
        page_index[page] = starts[page].heading
    return page_index


# --- glossary -----------------------------------------------------------------------------

ENTRY_RE = re.compile(r"^(?:- )?\*\*(?P<name>[^*]{2,90}?):\*\*\s*(?P<text>.+)$", re.S)


def _glossary(sections, by_heading, entries) -> list[ParsedTerm]:
    terms: dict[str, ParsedTerm] = {}

    def add(name: str, definition: str, heading: str, pages: list[int]) -> None:
        key = name.casefold()
        if key in terms:
            term = terms[key]
            term.pages = sorted(set(term.pages) | set(pages))
            return
        synonyms = [s for s in SYNONYMS.get(name, []) if s.casefold() != key]
        terms[key] = ParsedTerm(name, definition, heading, synonyms, sorted(set(pages)))

    # 1. the two "Wichtige Begriffe" lists define their terms
    for heading in ("Wichtige Begriffe", "Wichtige Begriffe zum Kampf"):
        section = by_heading[heading][0]
        for paragraph in re.split(r"\n\s*\n|\n(?=- \*\*)", section.body):
            match = ENTRY_RE.match(paragraph.strip())
            if not match:
                continue
            name = match["name"].split(" / ")[0].replace("[X]", "X").strip()
            if name.startswith("Wenn der aufgedruckte"):
                name = "Aufgedruckter Angriffs- oder Verteidigungswert"
            definition = shorten(" ".join(_first_sentences(match["text"], 2)), 320)
            add(name, definition, heading, [])
    # 2. the index: every entry is a term (grouped, see INDEX_TERMS) defined by the section it points to
    for name, pages in entries:
        term = INDEX_TERMS.get(name, name)
        if term is None:
            continue
        section = _index_section(name, by_heading)
        forms = [term, *SYNONYMS.get(term, []), name.split(",")[0]]
        add(term, definition_from(section.body, forms) or shorten(section.heading), section.heading, pages)
    for term, (heading, nth) in EXTRA_TERMS.items():
        section = by_heading[heading][nth]
        add(term, definition_from(section.body, [term, *SYNONYMS.get(term, [])]), heading, section.pages)
    for term in terms.values():
        term.definition = DEFINITIONS.get(term.term, term.definition)
    # a synonym must not also be a term of its own
    names = set(terms)
    for term in terms.values():
        term.synonyms = [s for s in term.synonyms if s.casefold() not in names or s.casefold() == term.term.casefold()]
    return list(terms.values())


def _first_sentences(markdown: str, count: int) -> list[str]:
    from .text import sentences

    return sentences(markdown)[:count]
