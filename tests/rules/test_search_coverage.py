"""The coverage term of the rules ranking: a section's score is scaled by the share of the query's ideas it
covers, so a section answering every idea ranks above one that answers fewer ideas more strongly.  On a
hand-made index (the rule apart from the books) and on questions of the books where it decides the answer."""

import pytest

from rules.analysis import analyse_query
from rules.search import _rank, search

from .handmade_index import handmade_index

FILLER = "Die Spieler legen Marker auf den Plan. " * 6


def _order(query, index):
    return [(pk, covered) for pk, _score, covered in _rank(analyse_query(query), index, {1}, None)]


def test_a_section_covering_both_ideas_beats_one_saying_one_idea_often():
    index = handmade_index(
        {
            # one idea, said four times in a short section
            1: "Ein verwundeter Charakter wird geheilt. Der verwundete Charakter ruht. "
            "Verwundete Charaktere bleiben verwundet. Die Wunde heilt.",
            # both ideas, once each and far apart (no sentence holds both: proximity does not decide)
            2: "Ein Charakter kann in einer Gemeinschaft reisen. " + FILLER + "Ein verwundeter Charakter wird geheilt.",
            3: "Die Gemeinschaft bewegt sich. " + FILLER,
            4: "Die Gemeinschaft wird gebildet. " + FILLER,
        }
    )
    assert _order("verwundete", index)[0] == (1, 1)  # on that idea alone section 1 is the stronger
    assert _order("verwundete Gemeinschaft", index)[:2] == [(2, 2), (1, 1)]


# Questions of the books whose accepted first answer covers more of the query's ideas than the runner-up,
# which scores the ideas it covers more strongly (without the coverage term the runner-up comes first).
BOOK_CASES = [
    ("schatten-der-macht", "letzte regionskarte kann die erobert werden", "a-es-gibt-eine-staerkste-konfliktpartei"),
    (
        "abenteuer-in-mittelerde",
        "Was passiert mit den Einflussmarkern, wenn die Verbindung zur Schattenfestung unterbrochen wird?",
        "maximaler-einfluss",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "question", "answer"), BOOK_CASES)
def test_in_the_books_the_section_covering_more_ideas_comes_first(rulebooks, game, question, answer):
    first, second = search(question, game, limit=2).sections
    assert first.section.slug == answer
    assert first.covered > second.covered
