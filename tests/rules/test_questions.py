"""The player question set (tests/rules/data/questions.toml) on whichever database the suite runs on.

Each question is asked within its book (the search page's game filter), as a player of that game would;
the right section must come first for at least 90 % of them and within the first three for all.  Asked
without a filter (the header search box), a book-specific question (one naming its game's own terms) must
find its section first for at least 90 % and within the first three for all; generic ones ("Wer gewinnt bei
Gleichstand?") cannot tell their book and only count within it.
"""

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from core.content import RULEBOOKS
from rules.search import search

QUESTIONS = tomllib.loads((Path(__file__).parent / "data" / "questions.toml").read_text(encoding="utf-8"))["q"]

pytestmark = pytest.mark.django_db


def test_question_set_is_broad_enough():
    assert len(QUESTIONS) >= 60
    per_book = Counter(q["game"] for q in QUESTIONS)
    assert set(per_book) == {slug for _, slug in RULEBOOKS}
    assert min(per_book.values()) >= 10, per_book
    assert sum(q["text"].endswith("?") for q in QUESTIONS) * 2 >= len(QUESTIONS)


def test_questions_find_their_section(rulebooks):
    first, misses = 0, []
    for question in QUESTIONS:
        results = search(question["text"], question["game"])
        found = [hit.section.slug for hit in results.sections[:3]]
        if found and found[0] in question["accept"]:
            first += 1
        elif not set(found) & set(question["accept"]):
            misses.append((question["text"], found))
    assert not misses, misses
    assert first / len(QUESTIONS) >= 0.9, f"{first} von {len(QUESTIONS)} zuerst"


def test_book_specific_questions_find_their_section_across_all_books(rulebooks):
    specific = [q for q in QUESTIONS if not q.get("generic")]
    assert len(specific) * 4 >= len(QUESTIONS) * 3, "mostly book-specific questions"
    first, misses = 0, []
    for question in specific:
        results = search(question["text"], None)
        found = [(hit.section.rulebook.game.slug, hit.section.slug) for hit in results.sections[:3]]
        wanted = {(question["game"], slug) for slug in question["accept"]}
        if found and found[0] in wanted:
            first += 1
        elif not set(found) & wanted:
            misses.append((question["text"], found))
    assert not misses, misses
    assert first / len(specific) >= 0.9, f"{first} von {len(specific)} zuerst"
