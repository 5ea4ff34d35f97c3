"""Glossary definitions read as complete sentences that name their referent; project text is marked."""

import re

import pytest

from rules.importer import tidy_definition
from rules.models import GlossaryTerm

pytestmark = pytest.mark.django_db
NO_REFERENT = re.compile(r"^(?:Diese|Dieser|Dieses|Auf der Rückseite|Die restlichen|Sie|Er|Es)\b")


def test_every_definition_is_a_proper_sentence(rulebooks):
    terms = list(GlossaryTerm.objects.select_related("game"))
    assert len(terms) >= 150
    for term in terms:
        text = term.definition
        assert not re.search(r"\(s\. ?S\.|\bS\. \d", text), (term.game.slug, term.term, text)
        assert re.search(r"[.!?…][“\")]?$", text), (term.game.slug, term.term, text)
        assert not NO_REFERENT.match(text), (term.game.slug, term.term, text)
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
