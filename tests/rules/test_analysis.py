"""The shared query analysis: filler, stems, compounds, separable verbs, English terms, diacritics."""

from rules.analysis import analyse_query, compound_parts, fold, index_tokens


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


def test_english_terms_in_any_inflection_and_with_hyphens():
    assert covers("companies", "Eine Gemeinschaft zieht weiter.") == [True]
    assert covers("strikes", "Jeder Hieb wird einem Charakter zugewiesen.") == [True]
    assert covers("on-guard", "Eine Karte auf die Lauer legen") == [True]
    assert len(analyse_query("on-guard").ideas) == 1


def test_german_synonyms_in_any_form_and_colloquial_words_one_way():
    assert covers("Wann gehört mir die Karte?", "Die Karte geht in seinen Besitz über.")[0]
    assert covers("Was passiert, wenn der Stapel leer ist?", "Ist der Stapel aufgebraucht, …") == [True, True]
    # the book's word does not stand for the colloquial one: "bewegen" finds no "laufen"
    assert covers("bewegen", "Die Figuren laufen los.") == [False]


def test_filler_is_no_idea():
    ideas = analyse_query("Was passiert, wenn man den Ring weiter trägt?").ideas
    assert [idea.text for idea in ideas] == ["Ring", "trägt"]


def test_confident_short_compound_parts():
    assert compound_parts("Zufluchtsort") == ("zuflucht", "ort")
    assert compound_parts("Orkkarte") == ("ork", "kart")
    assert compound_parts("Einfluss") == ()  # "Ein|fluss": a filler word is no part
    assert compound_parts("Hobbit") == ()  # two short parts
    assert covers("Zuflucht", "Er bleibt am Zufluchtsort.") == [True]


def test_how_many_asks_for_a_limit_without_requiring_it():
    query = analyse_query("Wie viele Karten darf ich ziehen?")
    assert [idea.text for idea in query.ideas] == ["Karten", "ziehen"]
    assert any(("limit",) in hint.alternatives for hint in query.hints)


def test_a_separable_verb_prefers_its_joined_meaning():
    idea = analyse_query("Wer fängt an?").ideas[0]
    joined = max(weight for group, weight in idea.alternatives.items() if group == ("anfang",))
    alone = max(weight for group, weight in idea.alternatives.items() if group == ("fang",))
    assert joined > alone


def test_english_terms_know_their_game():
    assert analyse_query("sideboards").ideas[0].home == "meccg"
    assert analyse_query("healing").ideas[0].home == ""
