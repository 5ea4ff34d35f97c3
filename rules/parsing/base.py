"""Plain data a rulebook parser returns; the importer turns it into Section and GlossaryTerm rows.

No Django import here, so parsers can be tested with plain pytest on the real seed files.

Cross-references in a section body are written as Markdown links with the scheme ``ref:``,
keeping the book's own wording as the link text; the importer resolves them to sections
(or leaves the text unlinked and reports it, never a dead link):

    [→ S. 27](ref:p27)                       a page
    [s. S. 22–23](ref:p22-23)                a page range
    [s. S. 21 „Lebenspool“](ref:p21#Lebenspool)   a page and the heading meant there
    [siehe „Kampf“](ref:#Kampf)              a heading only
"""

from dataclasses import dataclass, field

# Section kinds
RULE, EXAMPLE, SUMMARY, ERRATA = "rule", "example", "summary", "errata"


@dataclass
class ParsedSection:
    heading: str  # as it should be displayed (proper case, OCR repaired)
    body: str = ""  # Markdown; footnotes stay in the body of the section they belong to
    kind: str = RULE
    alignments: list[str] = field(default_factory=list)  # MECCG only: subset of ["H", "S", "F", "B"]
    pages: list[int] = field(default_factory=list)  # printed page numbers the section covers, where known
    children: list["ParsedSection"] = field(default_factory=list)

    def walk(self, depth: int = 0):
        yield self, depth
        for child in self.children:
            yield from child.walk(depth + 1)


@dataclass
class ParsedTerm:
    term: str
    definition: str  # short, plain text (first sentence or two)
    section_heading: str  # heading of the section that defines it (must exist in the book)
    synonyms: list[str] = field(default_factory=list)
    pages: list[int] = field(default_factory=list)


@dataclass
class Repair:
    """An OCR or extraction repair applied to the source text, recorded for editors."""

    line: int
    before: str
    after: str
    reason: str = ""


@dataclass
class ParsedBook:
    title: str
    sections: list[ParsedSection]  # top-level chapters in book order
    terms: list[ParsedTerm] = field(default_factory=list)
    repairs: list[Repair] = field(default_factory=list)
    omitted: list[str] = field(default_factory=list)  # what was left out on purpose, e.g. "Werbung (Zeilen 1650–1700)"
    page_index: dict[int, str] = field(default_factory=dict)  # printed page -> heading, where the book lets us know
    introduction: str = ""  # Markdown before the first chapter (preface), shown above the table of contents

    def walk(self):
        for section in self.sections:
            yield from section.walk()
