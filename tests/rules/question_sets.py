"""Shared helpers for the player question sets in tests/rules/data/questions_*.toml.

Each set is asked within its book; issue #10's bar is the right section first for at least 90 % and
within the first three for all.
"""

import html
import re
import tomllib
from collections import Counter
from pathlib import Path

from core.content import RULEBOOKS
from rules.models import Section
from rules.search import search

DATA = Path(__file__).parent / "data"


def load(name: str) -> list[dict]:
    return tomllib.loads((DATA / f"questions_{name}.toml").read_text(encoding="utf-8"))["q"]


def per_book(questions) -> Counter:
    counts = Counter(q["game"] for q in questions)
    assert set(counts) == {slug for _, slug in RULEBOOKS}
    return counts


def assert_blind_shape(questions, min_per_book: int):
    """A blind set's shape: ≥ 100 entries, enough per book, 55–80 % full questions, ≥ 5 of each spelling form."""
    assert len(questions) >= 100
    assert min(per_book(questions).values()) >= min_per_book
    full_questions = sum("q" in q["form"] for q in questions)
    assert 0.55 <= full_questions / len(questions) <= 0.8, full_questions
    for form in ("en", "typo", "nodia"):
        assert sum(form in q["form"] for q in questions) >= 5, form
    assert_no_duplicates(questions)


def assert_no_duplicates(questions):
    texts = [q["text"].casefold() for q in questions]
    assert len(set(texts)) == len(texts), "doppelte Fragen"


def unknown_answers(questions) -> list[tuple[str, str]]:
    """Accepted slugs that are no section of the question's book (a renamed slug breaks the set)."""
    known = set(Section.objects.values_list("rulebook__game__slug", "slug"))
    return [(q["game"], slug) for q in questions for slug in q["accept"] if (q["game"], slug) not in known]


def assert_bar(questions):
    first, misses = outcome(questions)
    assert not misses, misses
    assert first / len(questions) >= 0.9, f"{first} von {len(questions)} zuerst"


def outcome(questions) -> tuple[int, list[tuple[str, str, list[str]]]]:
    """(how many find an accepted section first, the questions with none in the first three)."""
    first, misses = 0, []
    for question in questions:
        found = [hit.section.slug for hit in search(question["text"], question["game"], limit=3).sections[:3]]
        if found and found[0] in question["accept"]:
            first += 1
        elif not set(found) & set(question["accept"]):
            misses.append((question["game"], question["text"], found))
    return first, misses


def plain(text: str) -> str:
    """Marks and escapes off, case folded, white space single: how an answer phrase is looked for."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).casefold().split())


def snippet_answers(questions) -> tuple[int, list[tuple[str, str, str]]]:
    """Over the questions with ``answer`` phrases whose first hit (within the book) is accepted: how many show an
    answer phrase in the first hit's snippet, and (game, question, snippet) of those that do not."""
    judged, missed = 0, []
    for question in questions:
        if not question.get("answer"):
            continue
        sections = search(question["text"], question["game"], limit=3).sections
        if not sections or sections[0].section.slug not in question["accept"]:
            continue
        judged += 1
        shown = plain(sections[0].snippet)
        if not any(plain(phrase) in shown for phrase in question["answer"]):
            missed.append((question["game"], question["text"], shown))
    return judged, missed
