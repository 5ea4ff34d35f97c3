"""What the importer relies on, for all four books: module per game slug, plain data, stable output."""

import importlib
import re
from pathlib import Path

import pytest

from rules.parsing.base import ParsedBook

from .checks import section
from .conftest import SEEDS, seed_text

MODULES = {
    "zwei-tuerme": "rules.parsing.zwei_tuerme",
    "sauron": "rules.parsing.sauron",
    "abenteuer-in-mittelerde": "rules.parsing.mittelerde_quest",
    "schatten-der-macht": "rules.parsing.schatten_der_macht",
}


@pytest.fixture(scope="module")
def books():
    return {
        slug: importlib.import_module(path).parse(seed_text(path.rsplit(".", 1)[1])) for slug, path in MODULES.items()
    }


def test_every_module_parses_its_book_the_same_way_twice(books):
    for slug, path in MODULES.items():
        module = importlib.import_module(path)
        assert isinstance(books[slug], ParsedBook)
        assert module.parse(seed_text(path.rsplit(".", 1)[1])) == books[slug], slug
    assert set(SEEDS) == {path.rsplit(".", 1)[1] for path in MODULES.values()}


def test_parsers_import_no_django():
    folder = Path(importlib.import_module("rules.parsing").__file__).parent
    for source in folder.glob("*.py"):
        assert not re.search(r"^\s*(?:from|import)\s+django", source.read_text(encoding="utf-8"), re.M), source.name


@pytest.mark.parametrize(
    ("slug", "term", "heading"),
    [
        ("zwei-tuerme", "Zange", "Die Zange"),
        ("sauron", "Schwarzer Reiter", "Der Schwarze Reiter"),
        ("abenteuer-in-mittelerde", "Einflussbereich", "Wichtige Begriffe"),
        ("schatten-der-macht", "Unwegsame Region", "Unwegsame Regionen"),
    ],
)
def test_search_terms_are_defined_in_the_right_book(books, slug, term, heading):
    terms = {t.term: t for t in books[slug].terms}
    assert terms[term].section_heading == heading
    assert term.split()[0].lower()[:6] in section(books[slug], heading).body.lower()
    for other, book in books.items():
        if other != slug:
            assert term not in {t.term for t in book.terms}
