"""Ranking by proximity and by what a question asks for (issue #10, round 2): built on a hand-made index, so
the rule is tested apart from the books."""

from rules import analysis
from rules.analysis import analyse_query, compound_parts, index_tokens, negated_tokens, sentence_tokens
from rules.search import _rank
from rules.search_index import SearchIndex

from .handmade_index import handmade_index


def _order(query: str, index: SearchIndex) -> list[int]:
    return [pk for pk, _score, _covered in _rank(analyse_query(query), index, {1}, None)]


FILLER = "Die Spieler legen Marker auf den Plan. " * 6


def test_ideas_in_one_sentence_beat_ideas_spread_over_the_section():
    index = handmade_index(
        {
            1: "Eine Gemeinschaft bewegt sich. " + FILLER + "Am Ende wird die Wunde geheilt.",
            2: "Eine verwundete Gemeinschaft wird am Zufluchtsort geheilt. " + FILLER,
        }
    )
    assert _order("Gemeinschaft geheilt", index) == [2, 1]


def test_a_pronoun_carries_the_topic_of_the_sentence_before():
    # The same words; only in section 2 does the limit follow the sentence naming the company.
    rule, size = "Eine Gemeinschaft zählt Charaktere. ", "Sie darf nicht größer als 7 sein. "
    index = handmade_index({1: rule + FILLER + size, 2: rule + size + FILLER})
    assert _order("Wie groß darf eine Gemeinschaft sein?", index) == [2, 1]


def test_a_count_question_prefers_the_sentence_with_a_number():
    index = handmade_index({1: FILLER + "Die Kartenhand hat feste Plätze.", 2: FILLER + "Die Kartenhand hat 8 Plätze."})
    assert _order("Wie viele Plätze hat die Kartenhand?", index) == [2, 1]
    assert _order("Plätze der Kartenhand", index) == [1, 2]  # no count asked: the same words tie
    assert analyse_query("Wie viele Karten?").counts and not analyse_query("Karten mischen").counts


def test_a_limit_word_is_a_hint_not_an_idea():
    query = analyse_query("Wie groß darf eine Gemeinschaft maximal sein?")
    assert [idea.text for idea in query.ideas] == ["groß", "Gemeinschaft"]
    assert [hint.text for hint in query.hints] == ["maximal"]
    assert [idea.text for idea in analyse_query("maximal").ideas] == ["maximal"]  # alone it is still searched


def test_a_privative_adjective_is_no_mention_of_its_stem():
    assert "kampf" not in compound_parts("Kampflose")
    assert "kampf" not in index_tokens("Regionen werden kampflos erobert.")
    assert "kampf" in compound_parts("Kampfrunde")


def test_number_words_and_digits_are_numbers():
    assert {"8", analysis.stem("acht"), analysis.stem("Hälfte")} <= analysis.NUMBERS


def test_a_negated_verb_does_not_answer_the_plain_question():
    # The same tokens ("nicht" is filler); section 1 says the conqueror does not lose half.
    index = handmade_index(
        {
            1: FILLER + "Der Eroberer verliert nicht die Hälfte seiner Einheiten.",
            2: FILLER + "Der Eroberer verliert die Hälfte seiner Einheiten.",
        }
    )
    assert _order("Eroberer verliert Hälfte Einheiten", index) == [2, 1]
    assert _order("Eroberer verliert nicht die Hälfte der Einheiten", index) == [1, 2]  # asked negated: a tie


def test_a_noun_before_nicht_is_no_negated_word():
    text = "Wenn der Wurf nicht gelingt, wird er abgeworfen. Er verliert nicht."
    spans, _tokens = sentence_tokens(text)
    assert negated_tokens(text, spans) == [frozenset(), frozenset({"verliert", "verli"})]
