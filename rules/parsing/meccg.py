"""Parser for the MECCG rules summary (seeds/003_…, Christoph Schürmann, 2007).

The extraction lost the typography: every heading is a short line of its own, all levels look alike,
page breaks split paragraphs (sometimes with a footnote in between), and alignment markers come in
several spellings (``[H]``, ``H**``, ``S F`` …).  The heading levels are restored from the book's
outline below; printed page numbers come from ``rules/data/meccg_pages.toml``.
"""

import re
import tomllib
from pathlib import Path

from .base import ERRATA, RULE, ParsedBook, ParsedSection, ParsedTerm
from .text import first_index, require_lines

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

BOOK_NAME = "MECCG - Spielregeln"  # for error messages; the imported title is read from the book itself

# Chapters in book order.  The printed book sets them in a larger type than the headings below them.
CHAPTERS = [
    "Deckvorbereitung",
    "Spielvorbereitung",
    "Spielzugübersicht",
    "Spielende",
    "Schlüsselbegriffe",
    "Unofficial Errata List",
    "Änderungen zu früheren Versionen",
]
# Second-level headings, where a chapter has a third level; in all other chapters every heading is second level.
SECOND_LEVEL = {
    "Deckvorbereitung": {"Ausrichtung des Decks", "Deckaufbau"},
    "Schlüsselbegriffe": {
        "Agenten",
        "Allgemeiner Einfluss",
        "Angriffe (Kämpfe)",
        "Aufbrauchen des Spielstapels",
        "Auf-die-Lauer Legen",
        "Beeinflussung (Abwerben)",
        "Bewegung",
        "Charaktere Gefangennehmen",
        "Drachen und Drachenhorte",
        "Entwicklungskarten und -punkte",
        "Gefahrenlimit",
        "Gefallener Zauberer-Regeln",
        "Gegenstände",
        "Gemeinschaften",
        "Heere",
        "Kämpfe zwischen Gemeinschaften",
        "Kette von Ereignissen",
        "Konstitutionswurf",
        "Kreaturen",
        "Nazgûl",
        "Orte",
        "Reservestapel",
        "Ringe",
        "Ringgeister",
        "Trophäen",
        "Verbündete",
        "Verhöre",
        "Versuchung",
        "Zur Seite gelegte Karten",
    },
}
GLOSSARY_CHAPTER = "Schlüsselbegriffe"
ERRATA_CHAPTERS = {"Unofficial Errata List", "Änderungen zu früheren Versionen"}
CHANGE_LOG = "Änderungen zu früheren Versionen"

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUP_TO_INT = str.maketrans(SUPERSCRIPTS, "0123456789")
FOOTNOTE_START = re.compile(rf"^([{SUPERSCRIPTS}]+)\s*(.*)$", re.S)
FOOTNOTE_MARK = re.compile(rf"[{SUPERSCRIPTS}]+")

# Alignment markers at the start of a paragraph or list item: "[H]", "[S F]", "H**", "S F", "F B" …
_CODES = r"[HSFB](?:\s[HSFB])*"
ALIGNMENT_PREFIX = re.compile(
    rf"^(\s*-\s+)?(?:\[({_CODES})\]|\*\*\[({_CODES})\]\*\*|({_CODES})\*\*|({_CODES})(?=\s+[A-ZÄÖÜ*]))\s*"
)
HEADING_ALIGNMENT = re.compile(r"^([HSFB])\s+(?=[A-ZÄÖÜ])")

ARROW = r"(?:→|\\rightarrow)"
# "(→ S. 27)", "\rightarrow S. 2", "→ S. 10 oder S. 32", the page-less "(\rightarrow S.)", "vgl. S. 11",
# "auf S. 4", "ab Seite 31"; in the change log also "(S. 19)" and "(S. ??, 28)".
REFERENCE = re.compile(
    rf"(?P<arrow>{ARROW}\s*S\.\s*(?P<page>\d+)?)"
    rf"|(?P<more>(?<=oder )S\.\s*(?P<more_page>\d+))"
    rf"|(?P<vgl>vgl\.\s*S\.\s*(?P<vgl_page>\d+))"
    rf"|(?P<auf>(?<=auf )S\.\s*(?P<auf_page>\d+)(?= genannt))"
    rf"|(?P<ab>(?<=ab )Seite\s*(?P<ab_page>\d+))"
)
CHANGE_LOG_REFERENCE = re.compile(r"\(S\.\s*(?:\?\?,\s*)?(\d+)\)")


def _fold(word: str) -> str:
    return word.lower().translate(str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "û": "u"}))


def _words(text: str) -> list[str]:
    return [_fold(w) for w in re.findall(r"\w+", text) if len(w) >= 4]


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def subject_score(subject: str, heading: str) -> int:
    """How strongly the words before a reference name a heading (shared word beginnings, 4+ letters)."""
    subject_words = _words(subject)
    score = 0
    for heading_word in _words(re.sub(r"\(.*?\)", "", heading)):
        best = max((_common_prefix(heading_word, w) for w in subject_words), default=0)
        if best >= 4:
            score += best
    return score


def _load_toml(name: str) -> dict:
    with open(DATA_DIR / name, "rb") as handle:
        return tomllib.load(handle)


def _leaf(path: str) -> str:
    return path.split(" > ")[-1]


class _Paragraph:
    __slots__ = ("after_footnote", "kind", "text")

    def __init__(self, text: str, kind: str):
        self.text = text
        self.kind = kind  # "heading", "footnote" or "text"
        self.after_footnote = False


def _is_heading(text: str) -> bool:
    if "\n" in text:
        return False
    bare = HEADING_ALIGNMENT.sub("", text)
    return (
        len(bare) <= 70
        and len(bare.split()) <= 8
        and bare[:1].isupper()
        and not re.search(r"[.:;,!?]$", bare)
        and not re.search(r"\d", bare)
        and not bare.startswith(("-", "("))
    )


def _paragraphs(text: str) -> list[_Paragraph]:
    raw = [p.strip("\n") for p in re.split(r"\n[ \t]*\n", text) if p.strip()]
    result: list[_Paragraph] = []
    pending_footnote = False
    for chunk in raw:
        chunk = chunk.rstrip()
        stripped = chunk.strip()
        if FOOTNOTE_START.match(stripped):
            result.append(_Paragraph(stripped, "footnote"))
            pending_footnote = True
            continue
        paragraph = _Paragraph(chunk, "heading" if _is_heading(stripped) else "text")
        paragraph.after_footnote = pending_footnote
        pending_footnote = False
        result.append(paragraph)
    return result


def _continues(previous: str, following: str, after_footnote: bool) -> bool:
    """Whether a paragraph is the rest of the previous one, split by a page break."""
    last_line = previous.rstrip().splitlines()[-1].strip()
    if re.search(r"[.!?:;)“\"]$", last_line) or following.lstrip().startswith("-"):
        return False
    if last_line.startswith("-") and not last_line.endswith((",", "-")) and following[:1].isupper():
        # A list item without a full stop followed by a capitalised paragraph: usually a real break,
        # unless a footnote sat in between (then it is a page break).
        return after_footnote
    if following[:1].islower() or last_line.endswith((",", "-")) or after_footnote:
        return True
    last_word = re.findall(r"[\wÄÖÜäöüß]+$", last_line)
    return bool(last_word) and last_word[0][:1].islower()


def _join(previous: str, following: str) -> str:
    previous = previous.rstrip()
    word = re.match(r"([a-zäöüß]+)(.*)", following.lstrip(), re.S)
    if previous.endswith("-*") and word:
        # An italic name hyphenated across the page break: "*Scor-*" + "ba (…" -> "*Scorba* (…".
        return previous[:-2] + word.group(1) + "*" + word.group(2)
    if previous.endswith("-") and not previous.endswith(" -"):
        # "Halb-" + "Orks" keeps the hyphen; "*Scor-" + "ba" is a broken word.
        if following[:1].isupper():
            return previous + following.lstrip()
        return previous[:-1] + following.lstrip()
    return previous + " " + following.lstrip()


def _normalise_alignment(line: str, found: set[str]) -> str:
    match = ALIGNMENT_PREFIX.match(line)
    if not match:
        return line
    codes = next(g for g in match.groups()[1:] if g)
    code_list = codes.split()
    found.update(code_list)
    badge = " ".join(f"[{code}]" for code in code_list)
    return f"{match.group(1) or ''}{badge} {line[match.end() :]}"


def _clean(text: str) -> str:
    text = text.replace("$1/2$", "1/2")
    # A paragraph the extraction indented by one space belongs to the list above, not to a code block.
    return re.sub(r"(?m)^ (-\s)", r"  \1", text)


class _Builder:
    def __init__(self):
        pages = _load_toml("meccg_pages.toml")["pages"]
        self.pages = {int(page): paths for page, paths in pages.items()}
        self.sections: list[ParsedSection] = []
        self.paths: dict[int, str] = {}  # id(section) -> "Parent > Heading"

    def resolve_target(self, page: int | None, subject: str) -> str:
        """The heading a reference means: among the headings on that page, the one the sentence names."""
        everywhere = page is None  # "(→ S.)" without a number: any heading may be meant
        candidates = [self.paths[id(s)] for s, _ in self.walk()] if everywhere else self.pages.get(page, [])
        if not candidates:
            return ""
        best = max(candidates, key=lambda path: (subject_score(subject, _leaf(path)), -candidates.index(path)))
        if page is None and subject_score(subject, _leaf(best)) == 0:
            return ""
        return _leaf(best)

    def walk(self):
        for section in self.sections:
            yield from section.walk()

    def link_references(self, text: str, change_log: bool) -> str:
        def target_link(label: str, page: int | None, match: re.Match) -> str:
            # The subject is the sentence before the reference, e.g. "permanente Entwicklungskarten".
            subject = match.string[max(0, match.start() - 200) : match.start()]
            subject = re.split(r"[.!?]\s", subject)[-1]
            heading = self.resolve_target(page, subject)
            anchor = f"#{heading}" if heading else ""
            href = f"ref:p{page}{anchor}" if page is not None else f"ref:{anchor or '#'}"
            return f"[{label}](<{href}>)"

        def replace(match: re.Match) -> str:
            if match.group("arrow"):
                page = match.group("page")
                label = f"→ S. {page}" if page else "→ S."
                return target_link(label, int(page) if page else None, match)
            for name in ("more", "vgl", "auf", "ab"):
                if match.group(name):
                    return target_link(match.group(name), int(match.group(f"{name}_page")), match)
            return match.group(0)

        def replace_log(match: re.Match) -> str:
            page = int(match.group(1))
            if "??" in match.group(0):  # "(S. ??, 28)": the unknown page stays text, 28 becomes a link
                return f"(S. ??, {target_link(str(page), page, match)})"
            return f"({target_link(f'S. {page}', page, match)})"

        text = REFERENCE.sub(replace, text.replace("\\rightarrow", "→"))
        if change_log:
            text = CHANGE_LOG_REFERENCE.sub(replace_log, text)
        return text


def parse(text: str) -> ParsedBook:
    # every chapter heading on a line of its own, or this is another text (say it before the outline trips)
    require_lines(text, BOOK_NAME, CHAPTERS)
    builder = _Builder()
    flow, footnotes = _flow(_paragraphs(text))
    title, introduction, bodies = _outline(builder, flow)
    _fill_bodies(builder, bodies, footnotes)
    page_index = _place_pages(builder)
    glossary = builder.sections[
        first_index(
            builder.sections, lambda s: s.heading == GLOSSARY_CHAPTER, BOOK_NAME, f"das Kapitel „{GLOSSARY_CHAPTER}“"
        )
    ]
    curated = _load_toml("meccg_terms.toml")
    terms = [_term(section, curated["synonyms"], curated["definitions"]) for section in glossary.children]
    return ParsedBook(
        title=title,
        sections=builder.sections,
        terms=terms,
        page_index=page_index,
        introduction="\n\n".join(introduction),
        omitted=[],
    )


def _flow(paragraphs) -> tuple[list[_Paragraph], dict[int, str]]:
    """Paragraphs split by page breaks rejoined; footnotes set aside by number."""
    footnotes: dict[int, str] = {}
    flow: list[_Paragraph] = []
    for paragraph in paragraphs:
        if paragraph.kind == "footnote":
            match = FOOTNOTE_START.match(paragraph.text)
            footnotes[int(match.group(1).translate(_SUP_TO_INT))] = match.group(2).strip()
            continue
        if (
            paragraph.kind == "text"
            and flow
            and flow[-1].kind == "text"
            and _continues(flow[-1].text, paragraph.text, paragraph.after_footnote)
        ):
            flow[-1].text = _join(flow[-1].text, paragraph.text)
            continue
        flow.append(paragraph)
    return flow, footnotes


def _outline(builder: _Builder, flow: list[_Paragraph]) -> tuple[str, list[str], dict[int, list[str]]]:
    """The section tree from the outline (into ``builder``); the title, the introduction, each section's
    paragraphs (by the section's id)."""
    title = ""
    introduction: list[str] = []
    chapter: ParsedSection | None = None
    second: ParsedSection | None = None
    current: ParsedSection | None = None
    bodies: dict[int, list[str]] = {}
    for paragraph in flow:
        if paragraph.kind != "heading":
            (introduction if current is None else bodies[id(current)]).append(paragraph.text)
            continue
        if not title:
            title = paragraph.text
            continue
        alignment = HEADING_ALIGNMENT.match(paragraph.text)
        heading = HEADING_ALIGNMENT.sub("", paragraph.text)
        section = ParsedSection(heading=heading, alignments=[alignment.group(1)] if alignment else [])
        bodies[id(section)] = []
        if heading in CHAPTERS and (chapter is None or CHAPTERS.index(heading) > CHAPTERS.index(chapter.heading)):
            chapter, second = section, None
            builder.sections.append(section)
            builder.paths[id(section)] = heading
        elif chapter is None:
            raise ValueError(f"Überschrift „{heading}“ vor dem ersten Kapitel")
        elif chapter.heading not in SECOND_LEVEL or heading in SECOND_LEVEL[chapter.heading] or second is None:
            second = section
            chapter.children.append(section)
            builder.paths[id(section)] = f"{chapter.heading} > {heading}"
        else:
            second.children.append(section)
            builder.paths[id(section)] = f"{second.heading} > {heading}"
        if chapter.heading in ERRATA_CHAPTERS:
            section.kind = ERRATA
        current = section
    return title, introduction, bodies


def _fill_bodies(builder: _Builder, bodies: dict[int, list[str]], footnotes: dict[int, str]) -> None:
    """Bodies: alignment badges, references, footnotes kept with the section that cites them."""
    for section, _depth in builder.walk():
        in_change_log = builder.paths[id(section)].startswith(CHANGE_LOG) or section.heading == CHANGE_LOG
        found: set[str] = set()
        blocks = []
        for block in bodies[id(section)]:
            lines = [_normalise_alignment(line, found) for line in _clean(block).splitlines()]
            blocks.append(builder.link_references("\n".join(lines), in_change_log))
        body = "\n\n".join(blocks)
        cited = sorted({int(m.translate(_SUP_TO_INT)) for m in FOOTNOTE_MARK.findall(body)})
        notes = [f"{_superscript(n)} {footnotes.pop(n)}" for n in cited if n in footnotes]
        if notes:
            body += "\n\n" + "\n\n".join(notes)
        section.body = body
        section.kind = section.kind or RULE


def _place_pages(builder: _Builder) -> dict[int, str]:
    """Printed pages (reconstructed, meccg_pages.toml) on their sections; page → the heading it starts with."""
    page_index: dict[int, str] = {}
    by_path = {path: section for section, path in ((s, builder.paths[id(s)]) for s, _ in builder.walk())}
    for page, paths in sorted(builder.pages.items()):
        for path in paths:
            section = by_path.get(path) or next((s for p, s in by_path.items() if p.endswith(path)), None)
            if section is None:
                raise ValueError(f"meccg_pages.toml: Seite {page} nennt die unbekannte Überschrift „{path}“")
            section.pages.append(page)
        page_index[page] = _leaf(paths[0])
    return page_index


def _superscript(number: int) -> str:
    return str(number).translate(str.maketrans("0123456789", SUPERSCRIPTS))


def plain_text(markdown_text: str) -> str:
    """Markdown without markup, references or alignment markers (for short definitions)."""
    text = re.sub(r"\s?\(\[[^\]]*\]\(<ref:[^>]*>\)\)", "", markdown_text)
    text = re.sub(r"\s?\[[^\]]*\]\(<ref:[^>]*>\)", "", text)
    text = re.sub(r"^\s*(?:[-*•]|\d+\.)\s+", "", text, flags=re.M)
    text = re.sub(r"\[([^\]]*)\]\(<?[^)>]*>?\)", r"\1", text)
    text = re.sub(r"\[[HSFB]\]\s*", "", text)
    text = re.sub(r"[*_]{1,2}", "", text)
    return re.sub(r"\s+", " ", text).strip()


def _term(section: ParsedSection, synonyms: dict[str, list[str]], definitions: dict[str, str]) -> ParsedTerm:
    name = re.sub(r"\s*\(.*?\)\s*", "", section.heading).strip()
    extra = re.findall(r"\((.*?)\)", section.heading)
    source = section.body or next((child.body for child, _ in section.walk() if child.body), "")
    paragraphs = source.split("\n\n")
    first_paragraph = paragraphs[0]
    if first_paragraph.rstrip().endswith(":") and len(paragraphs) > 1:
        # "Für Ringgeister gelten einige Sonderregeln:" says little; the first rule says more.
        first_paragraph += " " + re.sub(r"^\s*(?:[-*•]|\d+\.)\s+", "", paragraphs[1].splitlines()[0])
    text = plain_text(re.sub(rf"\s?[{SUPERSCRIPTS}]+", "", first_paragraph))
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ])", text)
    definition = sentences[0]
    if len(definition) < 80 and len(sentences) > 1:
        definition += " " + sentences[1]
    if len(definition) > 300:
        definition = definition[:297].rsplit(" ", 1)[0] + " …"
    # where the book opens with a rule rather than saying what the thing is, the project's own wording
    definition = definitions.get(name, definition)
    english = re.findall(r"\(\*([a-z][^*]+)\*\)", first_paragraph)
    names = [*extra, *synonyms.get(name, []), *english]
    unique = list(dict.fromkeys(n for n in names if n and n != name))
    return ParsedTerm(
        term=name, definition=definition, section_heading=section.heading, synonyms=unique, pages=list(section.pages)
    )
