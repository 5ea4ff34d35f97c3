"""compound-split (last release 2020, unmaintained) stays pinned, and what the rules search relies on is held here.

If a new Python or a changed dependency breaks the package, these tests say so first; the fallback is in
docs/dependencies.md (the search works without compound parts, only finds fewer sections for compounds).
"""

from pathlib import Path

from compound_split import char_split

from rules.analysis import compound_parts

ROOT = Path(__file__).resolve().parents[2]


def test_compound_split_is_pinned_exactly_in_the_choices_and_the_lock():
    choices = (ROOT / "requirements.in").read_text().splitlines()
    assert "compound-split==1.0.2" in choices
    lock = (ROOT / "requirements.txt").read_text().splitlines()
    assert any(line.startswith("compound-split==1.0.2 ") or line == "compound-split==1.0.2 \\" for line in lock)


def test_char_split_scores_the_splits_the_search_uses():
    score, head, tail = char_split.split_compound("Gefahrenlimit")[0]
    assert (head, tail) == ("Gefahren", "Limit") and score > 0
    score, head, tail = char_split.split_compound("Orkkarte")[0]
    assert (head, tail) == ("Ork", "Karte") and score >= 0.5
    score, head, tail = char_split.split_compound("Verderbniskarten")[0]
    assert (head, tail) == ("Verderbnis", "Karten") and -1.0 < score < 0


def test_compound_parts_of_rule_words():
    assert compound_parts("Gefahrenlimit") == ("gefahr", "limit")
    assert compound_parts("Zufluchtsort") == ("zuflucht", "ort")
    assert {"hand", "kart", "limit"} <= set(compound_parts("Handkartenlimit"))
    # Not compounds for the search: "-los" negates, a filler part, two short parts.
    assert compound_parts("kampflos") == ()
    assert compound_parts("Einfluss") == ()
    assert compound_parts("Hobbit") == ()
