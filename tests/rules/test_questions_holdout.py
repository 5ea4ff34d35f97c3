"""The held-out player questions (tests/rules/data/questions_holdout.toml) against issue #10's bar.

The set was written apart from the search and from questions.toml, as a grader would, to see how the
search does on questions its tuners have not seen.  Within its book each question must find an accepted
section first for at least 90 % and within the first three for all (met since round 2: 135/146 first,
146/146 in the top 3, on SQLite and PostgreSQL).  ``scripts/eval_questions.py`` prints
the same figures with every miss (and the across-all-books figures).
"""

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from core.content import RULEBOOKS
from rules.models import Section
from rules.search import search

QUESTIONS = tomllib.loads((Path(__file__).parent / "data" / "questions_holdout.toml").read_text(encoding="utf-8"))["q"]

pytestmark = pytest.mark.django_db


def test_holdout_set_is_broad_enough():
    assert len(QUESTIONS) >= 100
    per_book = Counter(q["game"] for q in QUESTIONS)
    assert set(per_book) == {slug for _, slug in RULEBOOKS}
    assert min(per_book.values()) >= 18, per_book
    assert sum("q" in q["form"] for q in QUESTIONS) * 2 > len(QUESTIONS)
    texts = [q["text"].casefold() for q in QUESTIONS]
    assert len(set(texts)) == len(texts), "doppelte Fragen"


def test_holdout_answers_exist(rulebooks):
    """Every accepted section is a real section of the question's book (a renamed slug breaks the set)."""
    known = set(Section.objects.values_list("rulebook__game__slug", "slug"))
    unknown = [(q["game"], slug) for q in QUESTIONS for slug in q["accept"] if (q["game"], slug) not in known]
    assert not unknown


def test_holdout_questions_find_their_section(rulebooks):
    first, misses = 0, []
    for question in QUESTIONS:
        found = [hit.section.slug for hit in search(question["text"], question["game"]).sections[:3]]
        if found and found[0] in question["accept"]:
            first += 1
        elif not set(found) & set(question["accept"]):
            misses.append((question["game"], question["text"], found))
    assert not misses, misses
    assert first / len(QUESTIONS) >= 0.9, f"{first} von {len(QUESTIONS)} zuerst"
