"""Eight more player question sets (tests/rules/data/questions_<name>.toml) against issue #10's bar.

Written by helpers who saw only the section texts (not the search, its code, the register or the other
sets), in four styles: players typing at the table (players, players2, players3), the books' own sentences
asked back (sentences, sentences2), forum posts and search-box words (forum, forum2), a judge's edge cases
(judge).  Each file's first line says whether the search was tuned on it; the untuned ones are the honest
estimate for questions we do not see.  Within its book each question must find an accepted section first
for at least 90 % and within the first three for all; ``scripts/eval_questions.py FILE --scope both``
prints the figures per book and form with every miss.
"""

import pytest

from . import question_sets

SETS = ["players", "sentences", "forum", "players2", "sentences2", "judge", "forum2", "players3"]
FORMS = {"q", "en", "typo", "nodia"}
# Measured 2026-11-28 (the same as at the end of round 4 on 2026-11-26; SQLite and PostgreSQL alike), of 125
# questions each: (accepted section first, accepted section within the first three).  Floors: the search may
# get better, never worse; raise a figure when it does.
TODAY = {
    "players": (115, 123),
    "sentences": (115, 124),
    "forum": (104, 121),
    "players2": (117, 124),
    "sentences2": (117, 123),
    "judge": (123, 125),
    "forum2": (109, 123),
    "players3": (115, 119),
}
NOTES = {"forum": "Foren-Fragen, vorher ungesehen 80.0 %", "forum2": "Foren-Fragen, nie zum Abstimmen gelesen"}
BELOW_FIRST = {
    name: f"{first}/125 = {first / 1.25:.1f} % zuerst ({NOTES[name]})"
    for name, (first, _top3) in TODAY.items()
    if first < 0.9 * 125
}
OUTSIDE_TOP3 = {name: f"{top3}/125 in den ersten drei" for name, (_first, top3) in TODAY.items() if top3 < 125}

pytestmark = pytest.mark.django_db
_outcomes: dict[str, tuple] = {}


def _outcome(name):
    if name not in _outcomes:
        _outcomes[name] = question_sets.outcome(question_sets.load(name))
    return _outcomes[name]


def _xfail_where(reasons):
    """The sets still below a bar, as strict expected failures: a set that reaches it fails until unmarked."""
    return [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, raises=AssertionError, reason=reasons[n]))
        if n in reasons
        else n
        for n in SETS
    ]


@pytest.mark.parametrize("name", SETS)
def test_set_is_broad_and_its_answers_exist(rulebooks, name):
    questions = question_sets.load(name)
    question_sets.assert_blind_shape(questions, min_per_book=25)
    assert all(set(q["form"]) <= FORMS and q["accept"] and q["text"].strip() for q in questions)
    assert not question_sets.unknown_answers(questions)


@pytest.mark.parametrize("name", _xfail_where(BELOW_FIRST))
def test_nine_in_ten_find_their_section_first(rulebooks, name):
    first, _misses = _outcome(name)
    assert first / len(question_sets.load(name)) >= 0.9, f"{first} zuerst"


@pytest.mark.parametrize("name", _xfail_where(OUTSIDE_TOP3))
def test_every_question_finds_its_section_in_the_first_three(rulebooks, name):
    _first, misses = _outcome(name)
    assert not misses, misses


@pytest.mark.parametrize("name", SETS)
def test_first_hits_hold_todays_floor(rulebooks, name):
    first, _misses = _outcome(name)
    assert first >= TODAY[name][0], f"{first} zuerst, bisher {TODAY[name][0]}"


@pytest.mark.parametrize("name", SETS)
def test_first_three_hold_todays_floor(rulebooks, name):
    _first, misses = _outcome(name)
    found = len(question_sets.load(name)) - len(misses)
    assert found >= TODAY[name][1], (found, misses)
