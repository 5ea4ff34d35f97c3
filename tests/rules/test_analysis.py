"""The shared query analysis: filler, stems, compounds, separable verbs, English terms, diacritics."""

from rules.analysis import analyse_query, fold, index_tokens


def covers(query: str, text: str) -> list[bool]:
    """For each idea of the query: does the text cover it (all tokens of one alternative present)?"""
    tokens = set(index_tokens(text))
    return [any(all(t in tokens for t in group) for group in idea.alternatives) for idea in analyse_query(query).ideas]


def test_question_words_and_filler_are_dropped():
    ideas = analyse_query("Wie viele Karten darf ich auf der Hand haben?").ideas
    assert [idea.text for idea in ideas] == ["Karten", "Hand"]


def test_compounds_match_their_parts_both_ways():
    assert covers("Kartenhand", "Die Handkarten des Spielers") == [True]
    assert covers("Handkartenlimit", "Es gibt kein Limit für Karten auf der Hand.") == [True]


def test_separable_verb_matches_the_joined_infinitive():
    assert covers("nachziehen", "Danach zieht jeder Spieler zwei Karten nach.") == [True]
    assert covers("Wann zieht man Karten nach?", "Karten nachziehen") == [True, True]


def test_verb_forms_and_derived_nouns():
    assert covers("Wie heilt man einen Helden?", "Ein Held kann sich heilen lassen.") == [True, True]
    assert covers("Heilung", "geheilt") == [True]
    assert covers("verloren", "Dann verlieren alle Spieler.") == [True]
    assert covers("abgeworfen", "eine Karte abwerfen") == [True]


def test_english_terms_and_spellings_without_diacritics():
    assert covers("corruption", "Verderbnis") == [True]
    assert covers("hazard limit", "Das Gefahrenlimit beträgt 2.") == [True]
    assert len(analyse_query("What is the hazard limit?").ideas) == 1
    assert covers("Nazgulkarten", "Nazgûlkarten") == [True]
    assert fold("Größe") == "grosse"


def test_an_unrelated_text_covers_nothing():
    assert covers("Gleichstand", "Der Ring wird zerstört.") == [False]
