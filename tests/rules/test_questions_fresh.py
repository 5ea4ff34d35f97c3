"""The fresh player questions (tests/rules/data/questions_fresh.toml) against issue #10's bar.

A third set, written from the rulebooks without reading the other two sets or the search code, then tuned
on in rounds 3 and 4 (the unseen measures are in test_question_sets.py).  Within its book each
question must find an accepted section first for at least 90 % and within the first three for all.
``scripts/eval_questions.py tests/rules/data/questions_fresh.toml --scope both`` prints the same figures
per book and per form, with every miss (and the across-all-books figures).
"""

import pytest

from . import question_sets

QUESTIONS = question_sets.load("fresh")

pytestmark = pytest.mark.django_db


def test_fresh_set_is_broad_enough():
    question_sets.assert_blind_shape(QUESTIONS, min_per_book=20)


def test_fresh_answers_exist(rulebooks):
    assert not question_sets.unknown_answers(QUESTIONS)


def test_fresh_questions_find_their_section_first(rulebooks):
    first, _misses = question_sets.outcome(QUESTIONS)
    assert first / len(QUESTIONS) >= 0.9, f"{first} von {len(QUESTIONS)} zuerst"


def test_fresh_questions_find_their_section_in_the_first_three(rulebooks):
    _first, misses = question_sets.outcome(QUESTIONS)
    assert not misses, misses
