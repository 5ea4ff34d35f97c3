"""Round 3 of issue #10: material lists and optional variants rank below the rule (by heading words), and a
four-letter word no book knows is corrected by one typing slip.  Built on hand-made indexes and headings, so
the rules are tested apart from the books."""

from rules.analysis import analyse_query
from rules.search import _correct, _rank
from rules.search_index import heading_role

from .handmade_index import handmade_index


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


def test_a_material_list_ranks_below_the_rule_with_the_same_words():
    text = "Eine Verderbniskarte wird abgeworfen, wenn der Held eine Probe besteht."
    for role in ("material", "variant"):
        index = handmade_index({1: text, 2: text}, {1: role, 2: "rule"})
        assert [pk for pk, _s, _c in _rank(analyse_query("Verderbniskarte abwerfen"), index, {1}, None)] == [2, 1]
    index = handmade_index({1: text, 2: text}, {1: "rule", 2: "rule"})
    assert [pk for pk, _s, _c in _rank(analyse_query("Verderbniskarte abwerfen"), index, {1}, None)] == [1, 2]


def test_a_four_letter_word_no_book_knows_is_corrected_by_one_slip():
    index = handmade_index({1: "Die Orks greifen an. Den Ring darf man weitergeben."}, {1: "rule"})
    analysed = analyse_query("Rign weitergeben")
    assert _correct(analysed, index, {1}, None) == [("Rign", "ring")]
    # two slips away: not corrected (a short word has too many neighbours)
    analysed = analyse_query("Rnog weitergeben")
    assert _correct(analysed, index, {1}, None) == []
