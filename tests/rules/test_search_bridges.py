"""How the search bridges a player's words to the books': the keyword register, verbs with a prefix the
books don't use, number words, umlauts written out in filler words, misspelt English terms, and a question
asked across all books finding each book's sections in the order a search within that book gives."""

import pytest

from core.content import RULEBOOKS
from rules import analysis, register
from rules.models import Section
from rules.search import search

pytestmark = pytest.mark.django_db

GAMES = [slug for _, slug in RULEBOOKS]


@pytest.mark.parametrize("game", GAMES)
def test_register_names_every_section_of_its_book(rulebooks, game):
    listed = register.words_for(game)
    slugs = set(Section.objects.filter(rulebook__game__slug=game).values_list("slug", flat=True))
    assert set(listed) == slugs  # a renamed or new section must be listed (with [] when nothing fits)
    words = [w for entry in listed.values() for w in entry]
    assert words and all(w.strip() and "?" not in w and len(w.split()) <= 3 for w in words)
    entries = register.entries(game).values()
    assert all(q.endswith("?") and len(q) <= 160 for entry in entries for q in entry.questions)
    assert all(q.strip() and len(q) <= 180 for entry in entries for q in entry.phrasings)


def test_register_word_finds_its_section(rulebooks):
    # "Schachtel" is not in the contents list (only in passing elsewhere); the register lists it there
    contents = Section.objects.get(rulebook__game__slug="zwei-tuerme", slug="spielinhalt")
    assert "schachtel" not in f"{contents.heading} {contents.body_text}".casefold()
    assert search("Was ist in der Schachtel?", "zwei-tuerme").sections[0].section.slug == "spielinhalt"


def test_german_word_with_a_prefix_counts_as_its_verb(rulebooks):
    assert analysis.is_german_word("mitspielen") and not analysis.is_german_word("Gefahrenlimt")
    assert "spielen" in analysis.without_prefix("mitspielen")
    results = search("Wie viele Spieler können mitspielen?", "abenteuer-in-mittelerde")
    assert results.corrections == []  # not "Spielern": the word is spelt right, the book just doesn't use it
    assert "spieleranzahl" in [hit.section.slug for hit in results.sections[:3]]


@pytest.mark.parametrize("word", ["bekommen", "verträgt", "bedeuten", "nochmal"])
def test_correct_german_word_is_not_corrected_to_another(rulebooks, word):
    assert search(f"{word} Held", "abenteuer-in-mittelerde").corrections == []


def test_number_word_matches_the_digit():
    idea = analysis.analyse_query("acht Karten").ideas[0]
    assert ("8",) in idea.alternatives
    assert ("acht",) in analysis.analyse_query("8 Karten").ideas[0].alternatives


def test_umlauts_written_out_in_filler_and_question_words():
    analysed = analysis.analyse_query("Koennen Abenteurer ueber Gebirge ziehen?")
    assert [idea.text for idea in analysed.ideas] == ["Abenteurer", "Gebirge", "ziehen"]
    assert analysis.analyse_query("Wie gross darf eine Gemeinschaft hoechstens sein?").counts
    assert analysis.untranscribed("Tuerme") == "Tuerme"  # content words stay: the stemmer reads them


def test_misspelt_english_term_is_corrected_to_the_term(rulebooks):
    results = search("dürfen Orks und Elben in einer compagny sein?", "meccg")
    assert ("compagny", "company") in results.corrections
    assert results.sections[0].section.heading.startswith(("Gemeinschaft", "Einschränkungen", "Kämpfe"))


@pytest.mark.parametrize(
    "query", ["Wer fängt an?", "Wie viele Karten auf der Hand?", "Was passiert bei Gleichstand?", "Orks besiegen"]
)
def test_across_books_each_book_keeps_its_own_order(rulebooks, query):
    everywhere = search(query).sections
    assert {hit.section.rulebook.game.slug for hit in everywhere} > {"meccg"}
    for game in GAMES:
        within = [hit.section.pk for hit in search(query, game).sections]
        across = [hit.section.pk for hit in everywhere if hit.section.rulebook.game.slug == game]
        assert across == within[: len(across)]


def test_long_question_is_accepted(rulebooks):
    question = (
        "Wer entscheidet, in welchen Zufluchtsort ein besiegter Held kommt, wenn zwei gleich weit entfernt "
        "sind, und darf der Held danach in derselben Runde noch etwas tun?"
    )
    assert 100 < len(question) <= 200
    assert search(question, "abenteuer-in-mittelerde").sections


def test_query_naming_a_game_searches_its_book(rulebooks, client):
    results = search("wer fängt bei MECCG an?")
    assert results.named_game and results.game.slug == "meccg"
    assert {hit.section.rulebook.game.slug for hit in results.sections} == {"meccg"}
    assert [h.section.pk for h in results.sections] == [h.section.pk for h in search("wer fängt an?", "meccg").sections]
    # two games named, or a game chosen: nothing narrowed
    assert not search("Zange MECCG Schatten der Macht").named_game
    assert not search("Konflikt SdM", "meccg").named_game
    body = client.get("/api/rules/search/", {"q": "Konflikt SdM"}).json()
    assert body["named_game"] == "schatten-der-macht"
    page = client.get("/regeln/suche/", {"q": "Konflikt SdM"}).content.decode()
    assert "weil die Suche dieses Spiel nennt" in page


@pytest.mark.parametrize(
    ("query", "game", "typed", "meant", "section"),
    [
        ("wie bildet man eine zagne", "zwei-tuerme", "zagne", "zange", "die-zange"),
        ("Held stebren", "abenteuer-in-mittelerde", "stebren", "sterben", "besiegte-helden"),
    ],
)
def test_misspelt_everyday_word_is_read_as_the_word_it_misspells(rulebooks, query, game, typed, meant, section):
    results = search(query, game)
    assert (typed, meant) in results.corrections
    assert results.sections[0].section.slug == section


def test_section_page_lists_the_questions_it_answers(rulebooks, client):
    questions = register.entries("zwei-tuerme")["spielvorbereitung"].questions
    assert questions
    page = client.get("/regeln/zwei-tuerme/spielvorbereitung/").content.decode()
    assert "Fragen, die dieser Abschnitt beantwortet" in page and "nicht aus dem Regelheft" in page
    assert all(question.replace("„", "&bdquo;") in page or question in page for question in questions)


@pytest.mark.parametrize(("word", "joined"), [("loszuwerden", "loswerden"), ("nachzuziehen", "nachziehen")])
def test_zu_infinitive_of_a_separable_verb_is_the_verb(word, joined):
    assert analysis.stem(joined) in analysis.derived_stems(word)
    # and the colloquial "loswerden" brings its book words along ("abwerfen")
    tokens = analysis.analyse_query(f"um ihn {word}").ideas[0].tokens
    assert analysis.stem(joined) in tokens
