"""Every cross-reference in the MECCG book resolves to a section, and to a sensible one."""

import re

import pytest

from rules.importer import ReferenceResolver
from rules.models import Section
from rules.rendering import REF_LINK, render

pytestmark = pytest.mark.django_db
LINK = re.compile(r'<a href="(/regeln/meccg/[^"]+)">([^<]*)</a>')


def links(section):
    return LINK.findall(section.body_html)


def test_every_reference_is_a_working_link(meccg, client):
    sections = list(Section.objects.filter(rulebook=meccg))
    urls = {s.get_absolute_url() for s in sections}
    found = [(s, url, label) for s in sections for url, label in links(s)]
    assert len(found) >= 95
    for section, url, label in found:
        assert url in urls, (section.heading, label, url)
        assert re.search(r"S\.|Seite|^\d+$", label), label
    # No page reference stayed outside a link.
    for section in sections:
        unlinked = REF_LINK.sub("", section.source_markdown)
        assert not re.search(r"→|rightarrow|vgl\. S\.|auf S\. \d|ab Seite", unlinked), section.heading
        assert "ref:" not in section.body_html


@pytest.mark.parametrize(
    ("source_slug", "label_context", "target_slug"),
    [
        ("startgemeinschaft", "permanente Entwicklungskarten", "entwicklungskarten-und-punkte"),
        ("spielzuguebersicht-organisationsphase", "Versuchungswurf", "versuchungswuerfe"),
        ("spielzuguebersicht-organisationsphase", "Versuchungskarten", "versuchungskarten"),
        ("bewegung", "unterirdischer Ort", "unterirdische-orte"),
        ("aufbrauchen-des-spielstapels", "Reservestapel ausgetauscht", "schluesselbegriffe-reservestapel"),
        ("konstitutionswurf", "verwundet wird", "angriffe-kaempfe-abwicklung-der-hiebe"),
        ("ortsphase", "gefangen gehalten", "charaktere-gefangennehmen"),
    ],
)
def test_references_land_on_the_subject(meccg, source_slug, label_context, target_slug):
    section = Section.objects.get(rulebook=meccg, slug=source_slug)
    html = section.body_html
    position = html.find(label_context)
    assert position >= 0
    url = LINK.search(html, position).group(1)
    assert url == f"/regeln/meccg/{target_slug}/"


def test_unresolvable_reference_becomes_plain_text_and_is_reported(meccg):
    sections = list(Section.objects.filter(rulebook=meccg).select_related("rulebook__game"))
    resolver = ReferenceResolver(sections, {})

    def resolve(target):
        found = resolver.find(target, sections[0])
        return found.get_absolute_url() if found else None

    html, text, unresolved = render(
        "Siehe [→ S. 99](<ref:p99>) und [siehe „Gefahrenlimit“](<ref:#gefahrenlimit>).", resolve
    )
    assert unresolved == [("→ S. 99", "p99")]
    assert "→ S. 99" in text and 'href="/regeln/meccg/gefahrenlimit/"' in html
    assert "ref:" not in html and "S. 99</a>" not in html


def test_heading_reference_picks_the_nearest_of_repeated_headings(meccg):
    sections = list(Section.objects.filter(rulebook=meccg).select_related("rulebook__game"))
    resolver = ReferenceResolver(sections, {})
    errata = next(s for s in sections if s.slug == "kartentexte")
    turn = next(s for s in sections if s.slug == "enttappphase")
    assert resolver.find("#organisationsphase", errata).slug == "unofficial-errata-list-organisationsphase"
    assert resolver.find("#Organisationsphase", turn).slug == "spielzuguebersicht-organisationsphase"
    assert resolver.find("p22-23", turn).slug == "agenten"
    assert resolver.find("#Angriffe", turn).slug == "angriffe-kaempfe"  # parenthesis ignored
