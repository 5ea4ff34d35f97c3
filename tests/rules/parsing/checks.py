"""Invariants every parsed book must satisfy (shared by the per-book tests)."""

import re
from urllib.parse import unquote

import markdown

from rules.parsing.base import EXAMPLE, RULE, SUMMARY, ParsedBook
from rules.parsing.notes import strip_notes

REF_LINK = re.compile(r"\[([^\]]+)\]\((ref:[^)]*)\)")
REF_TARGET = re.compile(r"^ref:(?:p\d+(?:-\d+)?)?(?:#[^\s#]+)?$")


def top_headings(book: ParsedBook) -> list[str]:
    return [section.heading for section in book.sections]


def child_headings(book: ParsedBook, heading: str) -> list[str]:
    return [child.heading for child in section(book, heading).children]


def section(book: ParsedBook, heading: str, nth: int = 0):
    found = [s for s, _ in book.walk() if s.heading == heading]
    assert len(found) > nth, f"no section {heading!r}"
    return found[nth]


def all_bodies(book: ParsedBook) -> str:
    """The book's text as shown, without the editorial notes (which quote the wrong words)."""
    return "\n".join(strip_notes(s.body, gaps=None) for s, _ in book.walk())


def check_book(book: ParsedBook) -> None:
    headings = {s.heading for s, _ in book.walk()}
    for s, _ in book.walk():
        assert s.heading.strip() == s.heading and s.heading, "empty or padded heading"
        assert s.kind in {RULE, EXAMPLE, SUMMARY, "errata"}
        assert s.body or s.children, f"section {s.heading!r} has neither text nor sub-sections"
        markdown.markdown(s.body, extensions=["tables"])  # renders without error
        for text, target in REF_LINK.findall(s.body):
            assert REF_TARGET.match(target), f"malformed reference {target!r} in {s.heading!r}"
            assert text.strip()
    names: set[str] = set()
    for term in book.terms:
        assert term.section_heading in headings, f"term {term.term!r} points to missing {term.section_heading!r}"
        assert term.definition and len(term.definition) <= 400, f"definition of {term.term!r}"
        assert "**" not in term.definition and "](" not in term.definition
        for name in (term.term, *term.synonyms):
            key = name.casefold()
            assert key not in names, f"term or synonym {name!r} appears twice"
            names.add(key)


def ref_targets(book: ParsedBook) -> list[str]:
    return [unquote(target) for s, _ in book.walk() for _, target in REF_LINK.findall(s.body)]
