"""The blind player questions (tests/rules/data/questions_blind.toml) against issue #10's bar.

A fourth set, written from the rulebooks' text without reading the other three sets, the notes or the search
code; unseen until round 3, tuned on in round 4 (the unseen measures are in test_question_sets.py).  Within its
book each question must find an accepted section first for at least 90 % and within the first three for all.
``scripts/eval_questions.py tests/rules/data/questions_blind.toml --scope both`` prints the same figures per
book and per form, with every miss (and the across-all-books figures); docs/rules-search.md says what is left.
"""

import pytest

from . import question_sets

QUESTIONS = question_sets.load("blind")
FORMS = {"q", "en", "typo", "nodia"}

pytestmark = pytest.mark.django_db
# Measured 2026-11-28 (as after round 4 on 2026-11-26; SQLite and PostgreSQL alike): floors, raise them when
# the search gets better.
TODAY_FIRST, TODAY_TOP3 = 155, 160
TOP3_REASON = (
    f"Gemessen 2026-11-28 (SQLite und PostgreSQL gleich): {TODAY_FIRST}/162 = 95.7 % zuerst, {TODAY_TOP3}/162 in "
    "den ersten drei."
)


def test_blind_set_is_broad_enough():
    question_sets.assert_blind_shape(QUESTIONS, min_per_book=20)
    assert all(set(q["form"]) <= FORMS and q["accept"] and q["text"].strip() for q in QUESTIONS)


def test_blind_answers_exist(rulebooks):
    assert not question_sets.unknown_answers(QUESTIONS)


def test_blind_questions_find_their_section_first(rulebooks):
    first, _misses = _outcome()
    assert first / len(QUESTIONS) >= 0.9, f"{first} von {len(QUESTIONS)} zuerst"
    assert first >= TODAY_FIRST, f"{first} zuerst, bisher {TODAY_FIRST}"


def test_blind_questions_hold_todays_floor_in_the_first_three(rulebooks):
    _first, misses = _outcome()
    assert len(QUESTIONS) - len(misses) >= TODAY_TOP3, misses


@pytest.mark.xfail(strict=True, raises=AssertionError, reason=TOP3_REASON)
def test_blind_questions_find_their_section_in_the_first_three(rulebooks):
    _first, misses = _outcome()
    assert not misses, misses


_measured: list[tuple] = []


def _outcome():
    """The set's outcome, measured once per run (the search is deterministic)."""
    if not _measured:
        _measured.append(question_sets.outcome(QUESTIONS))
    return _measured[0]
