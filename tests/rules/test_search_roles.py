"""Round 3 of issue #10: material lists and optional variants rank below the rule (by heading words), and a
four-letter word no book knows is corrected by one typing slip.  Built on hand-made indexes and headings, so
the rules are tested apart from the books."""

from collections import Counter

from rules.analysis import analyse_query, fold, index_tokens, negated_tokens, sentence_tokens, words
from rules.search import _correct, _rank
from rules.search_index import SearchIndex, heading_role


def test_heading_role_reads_material_lists_and_variants_from_headings():
    assert heading_role("Verderbniskarten", "Übersicht Spielmaterial") == "material"
    assert heading_role("Spielmaterial", "") == "material"
    assert heading_role("Fertigkeitskarten", "Weitere Spielelemente") == "material"
    assert heading_role("Bestimmung der führenden Seite für Fortgeschrittene", "Optionale Regeln") == "variant"
    assert heading_role("Spielvariante", "") == "variant"
    # a variant's own rules under a material heading for variants are the variant, not a material list
    assert heading_role("Zusätzliches Spielmaterial für Spielvarianten", "") == "variant"
    assert heading_role("Der Eine Ring", "Zusätzliches Spielmaterial für Spielvarianten") == ""
    assert heading_role("Abwerfen einer Verderbniskarte", "Weitere Regeln") == ""
    assert heading_role("Training", "Heldenzug") == ""


def _index(texts: dict[int, str], kinds: dict[int, str]) -> SearchIndex:
    index = SearchIndex(version=())
    index.book_game, index.book_slug = {1: 1}, {1: "meccg"}
    for pk, text in texts.items():
        tokens = index_tokens(text)
        for token, count in Counter(tokens).items():
            index.postings.setdefault(token, {})[pk] = (count, False, False)
        index.lengths[pk], index.head_lengths[pk], index.kinds[pk], index.book_of[pk] = len(tokens), 1, kinds[pk], 1
        # the vocabulary holds the books' folded words, as refresh_vectors stores it
        index.vocabulary.setdefault(1, Counter()).update(fold(word) for word in words(text))
        index._sentences[pk] = sentence_tokens(text)
        index.negated[pk] = negated_tokens(text, index._sentences[pk][0])
    index.sections_per_book = Counter({1: len(texts)})
    index.length_per_book = Counter({1: sum(index.lengths.values())})
    index.head_length_per_book = Counter({1: len(texts)})
    return index


def test_a_material_list_ranks_below_the_rule_with_the_same_words():
    text = "Eine Verderbniskarte wird abgeworfen, wenn der Held eine Probe besteht."
    for role in ("material", "variant"):
        index = _index({1: text, 2: text}, {1: role, 2: "rule"})
        assert [pk for pk, _s, _c in _rank(analyse_query("Verderbniskarte abwerfen"), index, {1}, None)] == [2, 1]
    index = _index({1: text, 2: text}, {1: "rule", 2: "rule"})
    assert [pk for pk, _s, _c in _rank(analyse_query("Verderbniskarte abwerfen"), index, {1}, None)] == [1, 2]


def test_a_four_letter_word_no_book_knows_is_corrected_by_one_slip():
    index = _index({1: "Die Orks greifen an. Den Ring darf man weitergeben."}, {1: "rule"})
    analysed = analyse_query("Rign weitergeben")
    assert _correct(analysed, index, {1}, None) == [("Rign", "ring")]
    # two slips away: not corrected (a short word has too many neighbours)
    analysed = analyse_query("Rnog weitergeben")
    assert _correct(analysed, index, {1}, None) == []
