"""Page references ("s. S. 32") land on the section of the cited pages that is about the words before them."""

from urllib.parse import unquote

import pytest

from core.content import RULEBOOKS
from rules import analysis
from rules.importer import ReferenceResolver, topic_tokens
from rules.models import Section
from rules.rendering import REF_LINK, reference_context

pytestmark = pytest.mark.django_db
AIM = "abenteuer-in-mittelerde"


def link_after(section: Section, fragment: str) -> str:
    """The URL of the first link after a fragment of the section's text."""
    position = section.body_html.find(fragment)
    assert position >= 0, fragment
    start = section.body_html.index('<a href="', position) + len('<a href="')
    return section.body_html[start : section.body_html.index('"', start)]


@pytest.mark.parametrize(
    ("source", "fragment", "wrong", "right"),
    [
        # "besiegt (s. S. 32)" once went to "Erschöpfte Kämpfer", the first section of page 32
        ("hinterhaltsphase", "besiegt", "erschoepfte-kaempfer", "schaden-erleiden-und-besiegt-werden"),
        ("1-der-lebenspool", "besiegt", "erschoepfte-kaempfer", "schaden-erleiden-und-besiegt-werden"),
        # "s. S. 22–23" once went to "Hinterhaltsphase"
        ("uebersicht-ueber-den-spielablauf-heldenzug", "abwirft", "hinterhaltsphase", "a-bewegung"),
        (
            "uebersicht-ueber-den-spielablauf-heldenzug",
            "bedrohlichen Ort gezogen",
            "hinterhaltsphase",
            "b-kampf-oder-bedrohung",
        ),
        # "s. S. 16" once went to "Aktionsleisten"
        ("funktion-der-spielabschnitte", "Schattenpool", "aktionsleisten", "einfluss-im-schattenpool"),
    ],
)
def test_abenteuer_in_mittelerde_references_reach_their_topic(rulebooks, source, fragment, wrong, right):
    section = Section.objects.select_related("rulebook__game").get(rulebook__game__slug=AIM, slug=source)
    url = link_after(section, fragment)
    assert url != f"/regeln/{AIM}/{wrong}/"
    assert url == f"/regeln/{AIM}/{right}/"


def test_no_reference_lands_on_a_section_that_does_not_mention_its_topic(rulebooks):
    """All five books: every page reference placed by topic lands where the topic is mentioned; the rest
    are in the import report."""
    for _, game_slug in RULEBOOKS:
        sections = list(Section.objects.filter(rulebook__game__slug=game_slug).select_related("rulebook__game"))
        resolver = ReferenceResolver(sections, {})
        checked = 0
        for origin in sections:
            for match in REF_LINK.finditer(origin.source_markdown):
                target = match.group("target")
                if not target.startswith("p"):
                    continue  # a heading without a page: resolved by that heading (test_references.py)
                if "#" in target:
                    # a page and the heading meant there: the link must reach that heading
                    found = resolver.find(target, origin, "")
                    wanted = unquote(target.split("#", 1)[1]).casefold()
                    assert found is not None and wanted in found.heading.casefold(), (game_slug, target)
                    checked += 1
                    continue
                context = reference_context(origin.source_markdown, match.start())
                reported = len(resolver.unplaced)
                found = resolver.find(target, origin, context)
                if len(resolver.unplaced) > reported:
                    continue  # reported: no section of the cited pages mentions the topic
                topic = set(topic_tokens(context))
                mentioned = set(analysis.index_tokens(f"{found.heading}\n{found.body_text}"))
                assert topic & mentioned, (game_slug, origin.heading, context[-60:], target, found.heading)
                checked += 1
        summary = rulebooks[game_slug]
        assert len(summary.unplaced) == len(resolver.unplaced), game_slug
        if game_slug == AIM:
            assert checked >= 50
        page_references = sum(
            1 for s in sections for m in REF_LINK.finditer(s.source_markdown) if m.group("target").startswith("p")
        )
        assert checked + len(resolver.unplaced) == page_references, game_slug  # every one, not a sample


def test_the_import_report_lists_references_it_could_not_place(rulebooks):
    for summary in rulebooks.values():
        for origin, _context, target in summary.unplaced:
            assert target.startswith("p") and origin is not None


def test_schatten_der_macht_references_reach_the_pages_the_book_names(rulebooks):
    """The book has no page numbers; its own references say which rules are on pages 7, 9, 11, 12 and 14."""
    assert rulebooks["schatten-der-macht"].unplaced == []
    expected = {
        ("20-konflikt-missionsmarken", "Kasten auf"): "konfliktmarken",
        ("startspieler-marke", "als erster passt"): "passen",
        ("trophaeen-und-besondere-einheiten", "Diese werden auf"): "besondere-einheiten",
        ("im-spiel-verwendete-symbole", "Unwegsame Region"): "unwegsame-regionen",
        ("abenteurerschiffe-bewegen", "Entscheidungsphase"): "phase-3-entscheidungsphase",
    }
    for (source, fragment), target in expected.items():
        section = Section.objects.get(rulebook__game__slug="schatten-der-macht", slug=source)
        assert link_after(section, fragment) == f"/regeln/schatten-der-macht/{target}/", source


def test_a_pronoun_takes_its_topic_from_the_sentence_before():
    source = "Diese Spielmarken stellen Trophäen dar. Diese werden auf [Seite 14](ref:p14) beschrieben."
    context = reference_context(source, source.index("[Seite"))
    assert "Trophäen" in context and context.endswith("Diese werden auf")
    source = "Die Karten sind gemischt. Wer als erster passt ([Seite 11](ref:p11)), beginnt."
    assert reference_context(source, source.index("[Seite")) == "Wer als erster passt"
