"""Glossary definitions read as complete sentences that name their referent; project text is marked."""

import re

import pytest

from rules.importer import tidy_definition
from rules.models import GlossaryTerm

pytestmark = pytest.mark.django_db
NO_REFERENT = re.compile(
    r"^(?:Diese|Dieser|Dieses|Dies|Das ist|Ist|Auf der Rückseite|Die restlichen|Sie|Er|Es|Nun|Zeigt"
    r"|(?:In|Mit|Mittels|Auf jeder) dieser)\b"
)
LABEL = re.compile(r"^[\wÄÖÜäöüß-]+: ")  # "Kartenrang: Mit dieser Zahl …" repeats the book's label


def _fold(text: str) -> str:
    text = text.casefold()
    for umlaut, plain in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("û", "u"), ("ß", "ss")):
        text = text.replace(umlaut, plain)
    return text


def names_its_referent(term: GlossaryTerm) -> bool:
    """The definition names what it defines: a word of the term or a synonym, allowing German endings."""
    names = [term.term, *term.synonyms]
    words = [w for name in names for w in re.findall(r"[\wÄÖÜäöüßû]+", name) if len(w) >= 4] or names
    text = _fold(term.definition)
    return any(_fold(word)[: max(4, len(word) - 3)] in text for word in words)


def test_every_definition_is_a_proper_sentence(rulebooks):
    terms = list(GlossaryTerm.objects.select_related("game"))
    assert len(terms) >= 150
    for term in terms:
        text = term.definition
        assert not re.search(r"\(s\. ?S\.|\bS\. \d", text), (term.game.slug, term.term, text)
        assert re.search(r"[.!?…][“\")]?$", text), (term.game.slug, term.term, text)
        assert not NO_REFERENT.match(text), (term.game.slug, term.term, text)
        assert not LABEL.match(text), (term.game.slug, term.term, text)
        assert not re.search(r"\((?:siehe|s\.) (?:oben|unten)\)|\(Seite \d", text), (term.game.slug, term.term, text)
        assert names_its_referent(term), (term.game.slug, term.term, text)
        assert len(text) >= 25, (term.game.slug, term.term, text)


def test_project_written_definitions_are_marked(rulebooks, client):
    heilen = GlossaryTerm.objects.get(game__slug="abenteuer-in-mittelerde", term="Heilen")
    assert heilen.definition_by_project and heilen.definition.startswith("Heilen heißt")
    gefahrenlimit = GlossaryTerm.objects.get(game__slug="meccg", term="Gefahrenlimit")
    assert not gefahrenlimit.definition_by_project  # the book's own first sentence
    page = client.get(heilen.get_absolute_url()).content.decode()
    assert "Diese Definition hat die Redaktion formuliert" in page


def test_tidy_definition():
    assert tidy_definition("Ein Kämpfer kann nichts mehr ausspielen (s. S. 32).") == (
        "Ein Kämpfer kann nichts mehr ausspielen."
    )
    assert tidy_definition("Eine Kette benachbarter Orte (s. S. 16–17)") == "Eine Kette benachbarter Orte."
