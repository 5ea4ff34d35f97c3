"""Text helpers shared by the rulebook parsers (plain Python, no Django).

The seed files are plain-text extractions: paragraphs broken at the printed line end,
lists with stray markers, headings in ALL CAPS or lower case. These helpers turn such
text into Markdown bodies, display headings and glossary definitions.
"""

import re
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import quote

from .base import RULE, ParsedSection, ParsedTerm, Repair
from .notes import fix_noted, strip_notes

# --- blocks -----------------------------------------------------------------------------


@dataclass
class Block:
    """Consecutive non-blank lines of the source; ``lineno`` is the 1-based number of the first."""

    lines: list[str]
    lineno: int

    @property
    def text(self) -> str:
        return " ".join(line.strip() for line in self.lines)

    @property
    def first(self) -> str:
        return self.lines[0].strip()


def split_blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    current: list[str] = []
    start = 0
    # split on "\n" only: the extractions contain other characters str.splitlines() would break at
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line.rstrip())
        elif current:
            blocks.append(Block(current, start))
            current = []
    if current:
        blocks.append(Block(current, start))
    return blocks


# --- is this the right book? -------------------------------------------------------------


class NotThisBook(ValueError):
    """The text is not the rulebook the parser reads; the German message says what was missing."""


def not_this_book(title: str, missing: str) -> NotThisBook:
    return NotThisBook(f"Der Text sieht nicht nach dem Regelheft „{title}“ aus – nicht gefunden: {missing}.")


def require_lines(text: str, title: str, lines) -> None:
    """Fail early (and in German) unless every one of ``lines`` is a line of its own in ``text``.

    Parsers rely on fixed lines of their book; without this check a different book ends in a
    StopIteration or an index error deep inside the parser.
    """
    present = {line.strip() for line in text.split("\n")}
    missing = [line for line in lines if line not in present]
    if missing:
        shown = ", ".join(f"„{line}“" for line in missing[:5]) + (" …" if len(missing) > 5 else "")
        raise not_this_book(title, f"die Zeile {shown}" if len(missing) == 1 else f"die Zeilen {shown}")


def first_index(items, predicate, title: str, missing: str) -> int:
    """Index of the first item matching ``predicate``; a German NotThisBook naming ``missing`` if none does."""
    for index, item in enumerate(items):
        if predicate(item):
            return index
    raise not_this_book(title, missing)


# --- lists, paragraphs, tables ----------------------------------------------------------

# "1)" or "a)" without a dash are paragraph labels in these books ("1) Der Sauron-Spieler wählt ..."), not lists
LIST_RE = re.compile(r"^(?P<indent>\s*)(?P<marker>[-*•]|\d{1,2}\.)\s+(?P<rest>.*)$")
BULLET_NOISE_RE = re.compile(r"^[♦•▪■]\s*")


def is_list_line(line: str) -> bool:
    return bool(LIST_RE.match(line))


def _markdown_list_line(line: str) -> str:
    """One list line as Markdown; one-space indented items (the extraction's nesting) become nested."""
    match = LIST_RE.match(line)
    assert match
    indent, marker, rest = match["indent"], match["marker"], BULLET_NOISE_RE.sub("", match["rest"])
    nested = len(indent.expandtabs()) >= 1
    if marker in "-*•":
        item = f"- {rest}"
    elif marker[:-1].isdigit() and marker.endswith(".") and not nested:
        item = f"{marker} {rest}"  # a real ordered list (renumbered below where it does not start at 1)
    else:
        item = f"- {marker} {rest}"  # "a." / "1)" labels stay visible as text
    return ("    " if nested else "") + item


def join_lines(lines: list[str]) -> str:
    """Join hard-broken lines of one paragraph, undoing end-of-line hyphenation."""
    out = ""
    for raw in lines:
        line = raw.strip()
        if not out:
            out = line
        elif re.search(r"\w-$", out) and line[:1].islower() and not line.startswith(("und ", "oder ")):
            out = out[:-1] + line  # "Organisations-" + "karten"
        elif re.search(r"\w-$", out):
            out += line  # "Hobbit-" + "Spieler"
        else:
            out += " " + line
    return out


def is_table_block(block: Block) -> bool:
    return len(block.lines) >= 2 and all("\t" in line or line.lstrip().startswith("|") for line in block.lines)


def table_markdown(lines: list[str]) -> str:
    """Tab-separated rows (or existing pipe rows) as a Markdown table; the first row is the header."""
    if all(line.lstrip().startswith("|") for line in lines):
        return "\n".join(line.strip() for line in lines)
    # "Regions- karten": a cell broken at its hyphen
    rows = [[re.sub(r"(\w)- (?=[a-zäöü])", r"\1", cell.strip()) for cell in line.split("\t")] for line in lines]
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    # trailing columns that are empty everywhere are layout noise of the extraction
    while width > 1 and all(not row[width - 1] for row in rows):
        width -= 1
        rows = [row[:width] for row in rows]
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * width]
    out += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(out)


def block_markdown(block: Block) -> str:
    """A block as Markdown: a list (items with their continuation lines), a table or a paragraph."""
    if is_table_block(block):
        return table_markdown(block.lines)
    if not any(is_list_line(line) for line in block.lines):
        return join_lines(block.lines)
    items: list[list[str]] = []
    lead: list[str] = []
    for line in block.lines:
        if is_list_line(line):
            items.append([_markdown_list_line(line)])
        elif items:
            items[-1].append(line)
        else:
            lead.append(line)
    parts = [join_lines(lead)] if lead else []
    if items and re.match(r"\d+\. ", items[0][0]) and not items[0][0].startswith("1. "):
        # Markdown would renumber a list from 1: "2." after an "oder" must stay "2."
        items = [[re.sub(r"^(\d+)\. ", r"\1\\. ", item[0]), *item[1:]] for item in items]
    listing = "\n".join(("    " if item[0].startswith("    ") else "") + join_lines(item) for item in items)
    parts.append(listing)
    return "\n\n".join(parts)


def is_list_markdown(markdown: str) -> bool:
    return bool(re.match(r"^(?:- |\d+\\?\. )", markdown))


def ends_open(markdown: str) -> bool:
    """True if a paragraph stops mid-sentence (the extraction split it across a blank line)."""
    tail = markdown.rstrip()
    if not tail or tail.startswith("|"):
        return False
    return bool(re.search(r"(?:[\w,–-]|\bdem|\bder)$", tail)) and not tail.endswith("**")


def _continues(previous: str, markdown: str) -> bool:
    """Is ``markdown`` the rest of the sentence ``previous`` stopped in?

    A lower-case start, a hyphenated word or a dangling article says so; after a list item
    (which often ends without a full stop) a capital letter starts a new paragraph.
    """
    if markdown[:1].islower() or previous.endswith("-"):
        return True
    last_word = previous.rsplit(" ", 1)[-1].lower()
    if last_word in SMALL_WORDS:
        return True
    return not is_list_markdown(previous)


def append_paragraph(parts: list[str], markdown: str) -> None:
    """Add a Markdown part to a body, gluing it to the previous one where the printed paragraph was split."""
    if markdown.startswith("    ") and not (parts and is_list_markdown(parts[-1])):
        # sub-items whose parent item is no longer the previous part: a list of their own,
        # not an indented code block
        markdown = "\n".join(line[4:] if line.startswith("    ") else line for line in markdown.split("\n"))
    if (
        parts
        and markdown
        and ends_open(parts[-1])
        and not is_list_markdown(markdown)
        and not parts[-1].startswith(">")
        and not markdown.startswith((">", "**"))
        and len(parts[-1]) > 40
        and _continues(parts[-1], markdown)
    ):
        previous = parts[-1]
        if re.search(r"\w-$", previous) and markdown[:1].islower():
            parts[-1] = previous[:-1] + markdown
        elif re.search(r"\w-$", previous):
            parts[-1] = previous + markdown
        else:
            parts[-1] = previous + " " + markdown
        return
    if parts and is_list_markdown(markdown) and is_list_markdown(parts[-1]):
        last = parts[-1].rsplit("\n", 1)[-1]
        if last.endswith(":") and not last.startswith(" "):
            # items after "… erhalten zur Stärkung:" are its sub-items; the extraction lost the indent
            markdown = "\n".join("    " + line for line in markdown.split("\n"))
        if re.match(r"^\d+\. ", parts[-1]):
            # continuing an ordered list: its numbers need no escaping any more
            markdown = re.sub(r"^(\d+)\\\. ", r"\1. ", markdown, flags=re.M)
        parts[-1] = parts[-1] + "\n" + markdown  # one list, even where items were spaced out
        return
    parts.append(markdown)


# --- cross-references -------------------------------------------------------------------

_PAGES = r"(?P<p1>\d{1,2})(?:\s*[–-]\s*(?P<p2>\d{1,2}))?"
_QUOTED = r"[„\"](?P<h>[^“\"”]{2,60})[“\"”]"


def ref_target(p1: str | None, p2: str | None = None, heading: str | None = None) -> str:
    target = "ref:"
    if p1:
        target += f"p{int(p1)}" + (f"-{int(p2)}" if p2 else "")
    if heading:
        target += "#" + quote(heading.strip(), safe="")
    return target


def link(text: str, target: str) -> str:
    return f"[{text}]({target})"


# Patterns in the order they are tried; each match becomes a link with its own wording as text.
REF_PATTERNS = [
    # s. S. 21 „Lebenspool“ / s. S. 33–34 „Spielende“
    re.compile(rf"(?:[sS]\.|[sS]iehe)\s+S\.\s*{_PAGES}\s+{_QUOTED}"),
    # siehe „Vorbereitung“ S. 28 / s. „Questen“ auf S. 25 / Siehe „Aktionsphase“ auf den Seiten 15–19
    re.compile(
        rf"(?:[sS]\.|[sS]iehe)\s+(?:unten\s+|oben\s+)?{_QUOTED}\s+(?:auf\s+(?:den\s+)?)?(?:S\.|Seiten?)\s*{_PAGES}"
    ),
    # Abschnitt "Bezahlen von Aktionen" auf Seite 7
    re.compile(rf"Abschnitt\s+{_QUOTED}\s+auf\s+Seite\s+{_PAGES}"),
    # s. S. 12 Funktion der Spielabschnitte)
    re.compile(rf"[sS]\.\s+S\.\s*{_PAGES}\s+(?P<h>[A-ZÄÖÜ][\wäöüß ]{{3,60}}?)(?=\))"),
    # s. S. 22–23 / s. Abbildung S. 6 / siehe Beispiel Aktionsphase Sauron auf S. 19
    re.compile(rf"(?:[sS]\.|[sS]iehe)\s+(?:Abbildung\s+|Beispiel [\w ]+? auf\s+)?S\.\s*{_PAGES}"),
    # (siehe Seite 9) / siehe Seite 12
    re.compile(rf"[sS]iehe\s+Seite\s+{_PAGES}"),
    # auf S. 35 / auf den S. 27–32 / auf den Seiten 11–19 / auf Seite 12 / (Seite 11)
    re.compile(rf"(?<=auf )(?:den\s+)?(?:S\.|Seiten?)\s*{_PAGES}"),
    re.compile(rf"(?<=\()Seite\s+{_PAGES}(?=\))"),
    re.compile(rf"^Seite\s+{_PAGES}(?= beschrieben)"),
    # s. „Questen“ / siehe unten „Beschaffenheit eines Plots“ / Siehe „Anführermarker“ rechts
    re.compile(rf"(?:[sS]\.|[sS]iehe)\s+(?:unten\s+|oben\s+)?{_QUOTED}(?:\s+rechts)?"),
]


def rewrite_refs(markdown: str, patterns=REF_PATTERNS) -> tuple[str, int]:
    """Turn the book's cross-references into ``ref:`` links; returns the new text and the count."""
    count = 0
    spans: list[tuple[int, int, str]] = []
    for pattern in patterns:
        for match in pattern.finditer(markdown):
            start, end = match.span()
            if (
                any(start < e and end > s for s, e, _ in spans)
                or _inside_link(markdown, start)
                or _inside_note(markdown, start)
            ):
                continue
            groups = match.groupdict()
            spans.append((start, end, ref_target(groups.get("p1"), groups.get("p2"), groups.get("h"))))
    for start, end, target in sorted(spans, reverse=True):
        markdown = markdown[:start] + link(markdown[start:end], target) + markdown[end:]
        count += 1
    return markdown, count


def link_heading_mentions(markdown: str, headings: set[str]) -> tuple[str, int]:
    """ "(siehe Khadil Okharim)": a bare heading named after "siehe" becomes a heading link."""
    count = 0

    def replace(match: re.Match) -> str:
        nonlocal count
        if match["h"] not in headings or _inside_note(match.string, match.start()):
            return match[0]
        count += 1
        return "(" + link(match["ref"], ref_target(None, None, match["h"])) + ")"

    return re.sub(r"\((?P<ref>(?:[sS]iehe|[sS]\.) (?P<h>[A-ZÄÖÜ][^()„“\"\[\]]{2,50}))\)", replace, markdown), count


def _inside_note(text: str, index: int) -> bool:
    return text.rfind("⟦", 0, index) > text.rfind("⟧", 0, index)


def _inside_link(text: str, index: int) -> bool:
    opening = text.rfind("[", 0, index)
    return opening != -1 and text.find("](", opening) > index and "]" not in text[opening:index]


# --- headings ---------------------------------------------------------------------------

WORD_RE = re.compile(r"[A-Za-zÄÖÜäöüßÀ-ÿ][\wÄÖÜäöüß'’-]*")
SMALL_WORDS = {
    "der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "eines", "einem", "einen",
    "und", "oder", "mit", "von", "vom", "zu", "zum", "zur", "im", "in", "an", "am", "auf", "aus",
    "bei", "beim", "für", "über", "unter", "vor", "nach", "gegen", "ohne", "um", "durch", "als",
    "wenn", "sobald", "dies", "jedes", "jeder", "keine", "kein", "muss", "wird", "ersetzt",
}  # fmt: skip
NOMINALISING = {"das", "dem", "beim", "zum", "vom", "im", "des"}
NOUN_SUFFIXES = (
    "ung", "heit", "keit", "schaft", "chen", "tum", "nis", "ion", "tät", "ismus", "phase", "karte",
    "karten", "marker", "plättchen", "spieler", "pool", "regeln", "regel", "material", "plan", "ionen",
)  # fmt: skip


def build_lexicon(text: str) -> Counter:
    """Count how a word is written inside sentences: key (lower case) -> Counter of spellings.

    A word written with a capital in the middle of a sentence is a noun (or a name) in German,
    which is what heading capitalisation needs to know.
    """
    lexicon: Counter = Counter()
    for sentence in re.split(r"(?<=[.!?:;])\s+|\n+", text):
        words = WORD_RE.findall(sentence)
        for word in words[1:]:
            if word.isupper() and len(word) > 1:
                continue
            lexicon[(word.lower(), word[0].isupper())] += 1
    return lexicon


def _noun_case(word: str, lexicon: Counter) -> bool | None:
    key = word.lower()
    upper, lower = lexicon[(key, True)], lexicon[(key, False)]
    if upper or lower:
        return upper > lower
    return None


def _capitalise(word: str) -> str:
    return "-".join(part[:1].upper() + part[1:] for part in word.split("-")) if word else word


def german_heading(raw: str, lexicon: Counter, fixed: dict[str, str] | None = None, title: bool = False) -> str:
    """Display form of an ALL-CAPS or lower-case heading in normal German capitalisation.

    Nouns (and names) are recognised by how the book itself writes them in running text;
    ``fixed`` holds spellings for words the text does not settle; ``title`` capitalises every
    word except small function words (card names such as "Roter Pfeil").
    """
    fixed = {k.lower(): v for k, v in (fixed or {}).items()}
    text = re.sub(r"\s+", " ", raw.strip())
    out: list[str] = []
    position = 0
    previous = ""
    for match in WORD_RE.finditer(text):
        out.append(text[position : match.start()])
        word = match.group(0)
        key = word.lower()
        before = text[: match.start()].rstrip()
        starts = not before or before[-1] in ':„"(' or re.fullmatch(r"[\dA-Z]+\)|\d+\.", before.split(" ")[-1])
        if re.fullmatch(r"[IVX]+", word) and len(word) <= 4 and word.isupper():
            shown = word  # roman numerals: "Spielabschnitt III"
        elif key in fixed:
            shown = fixed[key]
        elif starts or (title and key not in SMALL_WORDS) or (previous in NOMINALISING and key not in SMALL_WORDS):
            shown = _capitalise(key)
        else:
            noun = _noun_case(key, lexicon)
            if noun is None and "-" in key:
                noun = _noun_case(key.split("-")[-1], lexicon)
            if noun is None:
                # a word the running text never uses: in a heading it is most likely a noun
                noun = key not in SMALL_WORDS
            shown = _capitalise(key) if noun else key
        if len(word) == 1 and word.isupper() and text[match.end() : match.end() + 1] == ")":
            shown = word  # "A) Bewegung"
        out.append(shown)
        previous = key
        position = match.end()
    out.append(text[position:])
    return "".join(out)


# --- glossary definitions ---------------------------------------------------------------


def plain_text(markdown: str) -> str:
    """Markdown to plain text for short definitions (links keep their text, editorial notes go)."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", strip_notes(markdown))
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", "", text, flags=re.M)
    text = re.sub(r"^>\s?", "", text, flags=re.M)
    text = text.replace("**", "").replace("*", "").replace("|", " ")
    return re.sub(r"\s+", " ", text).strip()


SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ„(])")
# "(s. S. 16)" and initials ("Ephraim O. …") end no sentence either
ABBREVIATION_RE = re.compile(r"(?:\b(?:bzw|z|d|h|s|ca|usw|evtl|ggf|Nr|inkl|u|a|vgl|sog|Abb|[A-ZÄÖÜ])\.|\d\.)$")


def _split_sentences(text: str) -> list[str]:
    pieces = SENTENCE_RE.split(text)
    out: list[str] = []
    for piece in pieces:
        if out and ABBREVIATION_RE.search(out[-1]):
            out[-1] += " " + piece  # "bzw. Schilden", "z. B. Ork" do not end a sentence
        else:
            out.append(piece)
    return [p.strip() for p in out if p.strip()]


def sentences(markdown: str) -> list[str]:
    out: list[str] = []
    for part in re.split(r"\n\s*\n|\n(?=\s*(?:- |\d+\. ))", markdown):
        if part.lstrip().startswith((">", "|")):
            continue  # epigraphs, quoted flavour text and tables define nothing
        text = plain_text(part)
        if text:
            out.extend(_split_sentences(text))
    return out


def definition_from(markdown: str, forms: list[str], limit: int = 300) -> str:
    """The first sentence of a section that mentions one of the forms (plus the next if it is very short)."""
    pattern = re.compile(
        r"(?<![\wÄÖÜäöüß])(?:" + "|".join(re.escape(form) for form in forms) + r")[\wäöüß]{0,3}(?![\wäöüß])",
        re.IGNORECASE,
    )
    found = sentences(markdown)
    for index, sentence in enumerate(found):
        if pattern.search(sentence):
            text = sentence
            if len(text) < 90 and index + 1 < len(found):
                text += " " + found[index + 1]
            return shorten(text, limit)
    return shorten(found[0], limit) if found else ""


LABEL_RE = re.compile(
    r"(?<![\w*])(Hinweis|Achtung|Wichtig|Ausnahme|Anmerkung|Zur Erinnerung|Beispiel|BEISPIEL)(:|!)(?!\*)"
)


def bold_labels(markdown: str) -> str:
    """ "Achtung:", "Hinweis:" ... in bold, as the printed books set them off."""
    return LABEL_RE.sub(lambda m: f"**{m[1].capitalize() if m[1].isupper() else m[1]}{m[2]}**", markdown)


def shorten(text: str, limit: int = 300) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:–- ") + " …"


# --- outline ----------------------------------------------------------------------------


@dataclass
class Outline:
    """Builds the section tree from headings (with levels) and body parts in reading order."""

    sections: list[ParsedSection] = field(default_factory=list)
    stack: list[tuple[int, ParsedSection]] = field(default_factory=list)
    parts: dict[int, list[str]] = field(default_factory=dict)
    target: ParsedSection | None = None  # where body text goes; usually the top of the stack

    def open(self, level: int, heading: str, kind: str = RULE) -> ParsedSection:
        section = ParsedSection(heading=heading, kind=kind)
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        (self.stack[-1][1].children if self.stack else self.sections).append(section)
        self.stack.append((level, section))
        self.target = section
        return section

    def open_under(self, parent: ParsedSection, heading: str, kind: str = RULE) -> ParsedSection:
        """A section placed under an earlier parent (column breaks); the stack stays as it was."""
        section = ParsedSection(heading=heading, kind=kind)
        parent.children.append(section)
        self.target = section
        return section

    def sidebar(self, heading: str, markdown: str, kind: str = RULE) -> ParsedSection:
        """A boxed rule: becomes a child of the current section; the text after it stays in the parent."""
        parent = self.stack[-1][1]
        section = ParsedSection(heading=heading, kind=kind)
        parent.children.append(section)
        self.parts[id(section)] = [markdown]
        return section

    def resume(self) -> None:
        """Body text goes to the current section of the stack again (after ``open_under``)."""
        self.target = self.stack[-1][1] if self.stack else None

    def close(self) -> None:
        """End the current section early (a worked example ends after its paragraph)."""
        self.stack.pop()
        self.resume()

    def current(self) -> ParsedSection | None:
        return self.target

    def add(self, markdown: str) -> None:
        if self.target is None or not markdown.strip():
            return
        append_paragraph(self.parts.setdefault(id(self.target), []), markdown)

    def finish(self) -> list[ParsedSection]:
        for section in self._all():
            section.body = "\n\n".join(self.parts.get(id(section), [])).strip()
        return self.sections

    def _all(self):
        for top in self.sections:
            for section, _depth in top.walk():
                yield section


def find_section(sections: list[ParsedSection], heading: str) -> ParsedSection | None:
    for top in sections:
        for section, _depth in top.walk():
            if section.heading == heading:
                return section
    return None


def make_terms(sections: list[ParsedSection], specs) -> list[ParsedTerm]:
    """Glossary terms from (term, defining heading, synonyms) specs; the definition is taken from that section.

    A spec may carry a fourth item, a hand-written definition, where the book's sentence is unusable.
    """
    terms: list[ParsedTerm] = []
    for spec in specs:
        term, heading, synonyms = spec[:3]
        section = find_section(sections, heading)
        if section is None:
            raise ValueError(f"Zum Glossarbegriff „{term}“ fehlt der Abschnitt „{heading}“.")
        definition = spec[3] if len(spec) > 3 else definition_from(section.body, [term, *synonyms])
        # a boxed rule repeats its heading as a label: "Unwegsame Regionen (…): Wenn …"
        definition = re.sub(rf"^{re.escape(heading)}(?: \([^)]*\))?:\s*", "", definition)
        terms.append(ParsedTerm(term, definition, heading, list(synonyms), list(section.pages)))
    return terms


def apply_fixes(
    lines: list[str], fixes, repairs: list[Repair], first: int = 1, last: int | None = None, mark: bool = False
) -> None:
    """Replace (wrong, right, reason) in the source lines [first, last] (1-based) and record each use.

    With ``mark`` each correction also leaves an editorial note (``notes.correction``) after the new words.
    """
    last = last or len(lines)
    for index in range(first - 1, last):
        for wrong, right, reason in fixes:
            if mark:
                lines[index], count = fix_noted(lines[index], wrong, right, reason)
                repairs.extend(Repair(index + 1, wrong, right, reason) for _ in range(count))
                continue
            while wrong in lines[index]:
                lines[index] = lines[index].replace(wrong, right, 1)
                repairs.append(Repair(index + 1, wrong, right, reason))
