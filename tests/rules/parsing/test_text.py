from rules.parsing.text import (
    Block,
    append_paragraph,
    block_markdown,
    build_lexicon,
    definition_from,
    german_heading,
    join_lines,
    rewrite_refs,
    table_markdown,
)

RUNNING_TEXT = (
    "Der Spieler zieht eine Karte. Danach wird der Marker für den aktiven Spieler weitergegeben. "
    "Im Zug des Hobbit-Spielers würfelt er nicht. Die Ereigniskärtchen liegen im Beutel."
)


def test_heading_capitalisation_follows_the_running_text():
    lexicon = build_lexicon(RUNNING_TEXT)
    assert german_heading("MARKER FÜR DEN AKTIVEN SPIELER", lexicon) == "Marker für den aktiven Spieler"
    assert german_heading("vor dem zug jedes hobbit-spielers", lexicon) == "Vor dem Zug jedes Hobbit-Spielers"
    assert german_heading("dies ersetzt das würfeln", lexicon) == "Dies ersetzt das Würfeln"  # nominalised verb
    assert german_heading("1) DER LEBENSPOOL", lexicon) == "1) Der Lebenspool"
    assert german_heading("A) BEWEGUNG", lexicon) == "A) Bewegung"
    assert german_heading("HÖHERER EINSATZ IN SPIELABSCHNITT III", lexicon) == "Höherer Einsatz in Spielabschnitt III"
    assert german_heading("roter pfeil", lexicon, title=True) == "Roter Pfeil"
    assert german_heading("karte aus „die feinde“", lexicon) == "Karte aus „Die Feinde“"


def test_lines_paragraphs_and_lists():
    assert join_lines(["Organisations-", "karten in deinem Besitz"]) == "Organisationskarten in deinem Besitz"
    assert join_lines(["Kann der Hobbit-", "Spieler"]) == "Kann der Hobbit-Spieler"
    block = Block(["Es gibt drei Symbole:", "- ♦ waagrecht", " - diagonal", "- beliebig"], 1)
    assert block_markdown(block) == "Es gibt drei Symbole:\n\n- waagrecht\n    - diagonal\n- beliebig"
    parts: list[str] = []
    append_paragraph(parts, "Genau wie nach dem Aufdecken eines Kärtchens können die Spieler, sofern sie dem")
    append_paragraph(parts, "Sauron-Spieler zuvorkommen, handeln.")
    append_paragraph(parts, "- erstens")
    append_paragraph(parts, "- zweitens ohne Punkt")
    append_paragraph(parts, "Neuer Absatz.")
    assert parts == [
        "Genau wie nach dem Aufdecken eines Kärtchens können die Spieler, sofern sie dem Sauron-Spieler zuvorkommen, "
        "handeln.",
        "- erstens\n- zweitens ohne Punkt",
        "Neuer Absatz.",
    ]


def test_tables():
    assert table_markdown(["Anzahl\tRegions- karten", "4\t6"]) == "| Anzahl | Regionskarten |\n|---|---|\n| 4 | 6 |"


def test_reference_links_keep_the_books_wording():
    text, count = rewrite_refs(
        "neben „Lebenspool“ (s. S. 21 „Lebenspool“). Kampf (s. S. 27–32), Regionen auf S. 36 und "
        '(siehe Seite 9) sowie den Abschnitt "Bezahlen von Aktionen" auf Seite 7; (s. oben) bleibt.'
    )
    assert count == 5
    assert "([s. S. 21 „Lebenspool“](ref:p21#Lebenspool))" in text
    assert "([s. S. 27–32](ref:p27-32))" in text and "auf [S. 36](ref:p36)" in text
    assert "([siehe Seite 9](ref:p9))" in text
    assert '[Abschnitt "Bezahlen von Aktionen" auf Seite 7](ref:p7#Bezahlen%20von%20Aktionen)' in text
    assert "(s. oben) bleibt" in text


def test_definition_is_the_first_sentence_naming_the_term():
    body = "Einleitung ohne Begriff. Die **Zange** schlägt Orks z. B. in einer Reihe. Mehr Text."
    assert definition_from(body, ["Zange"]) == "Die Zange schlägt Orks z. B. in einer Reihe. Mehr Text."
