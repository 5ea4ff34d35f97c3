import re

import pytest
from django.contrib.auth import get_user_model

from rules.models import GlossaryTerm, Section

pytestmark = pytest.mark.django_db


def test_index_lists_rulebooks_and_search_box(meccg, client):
    page = client.get("/regeln/").content.decode()
    assert 'href="/regeln/meccg/"' in page
    assert '<label for="rules-q">' in page and 'id="rules-q" name="q"' in page


def test_table_of_contents_in_book_order(meccg, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(8):
        response = client.get("/regeln/meccg/")
    page = response.content.decode()
    headings = re.findall(r'<li class="depth-0"><a href="[^"]+">([^<]+)</a>', page)
    assert headings == [
        "Deckvorbereitung",
        "Spielvorbereitung",
        "Spielzugübersicht",
        "Spielende",
        "Schlüsselbegriffe",
        "Unofficial Errata List",
        "Änderungen zu früheren Versionen",
    ]
    assert page.count('<li class="depth-') == 85
    assert "Vorwort" in page  # the preface, folded away


def test_section_page(meccg, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        response = client.get("/regeln/meccg/gefahrenlimit/")
    assert response.status_code == 200
    page = response.content.decode()
    # Breadcrumbs: Regeln › MECCG › Schlüsselbegriffe › Gefahrenlimit
    crumbs = re.search(r'<nav class="breadcrumbs".*?</nav>', page, re.S).group(0)
    assert "/regeln/meccg/schluesselbegriffe/" in crumbs and 'aria-current="page">Gefahrenlimit' in crumbs
    assert 'rel="prev" href="/regeln/meccg/entwicklungskarten-und-punkte/"' in page
    assert 'rel="next" href="/regeln/meccg/gefallener-zauberer-regeln/"' in page
    assert 'class="permalink" href="/regeln/meccg/gefahrenlimit/"' in page
    assert '<p id="abs-1">' in page and '<a class="permalink" href="#abs-1"' in page
    # The defining section does not link its own term, but others are linked.
    assert 'href="/regeln/meccg/begriff/gefahrenlimit/"' in page  # "Dieser Abschnitt definiert"
    assert 'class="term" href="/regeln/meccg/begriff/gefahrenlimit/"' not in page
    assert 'class="term" href="/regeln/meccg/begriff/gemeinschaften/"' in page


def test_section_alignment_badges(meccg, client):
    page = client.get("/regeln/meccg/anfangscharaktere/").content.decode()
    body = page.split('<div class="rules-body">')[1]
    assert '<li><span class="badge align align-h">Helden</span> Ein Helden-Spieler' in body
    assert '<li><span class="badge align align-s">Schergen</span> Schergen-Spieler' in body
    assert '<span class="badge align align-f">Gefallene Zauberer</span> Gefallener Zauberer-Spieler' in body
    assert '<span class="badge align align-b">Balrog</span> Ein Balrog-Spieler' in body
    assert "H**" not in body and "[B]" not in body
    assert "Sonderregeln für:" in page
    assert page.count('class="badge align align-h"') >= 2  # meta line and the paragraph
    page = client.get("/regeln/meccg/ringgeister/").content.decode()
    assert "Gilt nur für:" in page and 'class="badge align align-s">Schergen' in page


def test_sub_sections_listed(meccg, client):
    page = client.get("/regeln/meccg/deckaufbau/").content.decode()
    section = re.search(r'<section aria-labelledby="unterabschnitte">.*?</section>', page, re.S).group(0)
    assert section.count("<li>") == 6
    assert 'href="/regeln/meccg/deckaufbau-allgemeines/"' in section


def test_cross_reference_links_in_section(meccg, client):
    page = client.get("/regeln/meccg/startgemeinschaft/").content.decode()
    assert '<a href="/regeln/meccg/entwicklungskarten-und-punkte/">→ S. 31</a>' in page


def test_glossary_pages(meccg, client, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        page = client.get("/regeln/meccg/glossar/").content.decode()
    letters = re.findall(r'<h2 id="buchstabe-(\w)">', page)
    assert letters == sorted(letters) and letters[0] == "A"
    assert page.count("<dt>") == GlossaryTerm.objects.filter(game__slug="meccg").count()
    with django_assert_max_num_queries(6):
        page = client.get("/regeln/glossar/").content.decode()
    assert 'href="/regeln/meccg/begriff/gefahrenlimit/"' in page


def test_term_page_lists_sections_using_the_term(meccg, client):
    page = client.get("/regeln/meccg/begriff/gefahrenlimit/").content.decode()
    assert "Definiert in:" in page and 'href="/regeln/meccg/gefahrenlimit/"' in page
    using = page.split("Abschnitte, die den Begriff verwenden")[1]
    listed = re.findall(r'<li><a href="/regeln/meccg/([^/]+)/">', using)
    word = re.compile(r"(?<![\w-])(gefahrenlimit|gefahrenlimits|hazard limit)(?![\w-])", re.I)
    expected = [
        s.slug
        for s in Section.objects.filter(rulebook=meccg).order_by("order")
        if word.search(s.body_text) or word.search(s.heading)
    ]
    assert listed == expected
    assert "enttappphase" in listed


@pytest.mark.parametrize(
    ("url", "target"),
    [
        (
            "/regeln/abenteuer-in-mittelerde/begriff/bewegungsphase/",
            "/regeln/abenteuer-in-mittelerde/begriff/reisephase/",
        ),
        (
            "/regeln/abenteuer-in-mittelerde/begriff/fertigkeitkarten/",
            "/regeln/abenteuer-in-mittelerde/begriff/fertigkeitskarten/",
        ),
        ("/regeln/meccg/begriff/sideboard/", "/regeln/meccg/begriff/reservestapel/"),
    ],
)
def test_synonym_slug_redirects_to_its_term(rulebooks, client, url, target):
    response = client.get(url)
    assert response.status_code == 301
    assert response["Location"] == target
    assert client.get(target).status_code == 200


def test_synonym_of_another_game_is_still_404(rulebooks, client):
    # "bewegungsphase" is a synonym in Abenteuer in Mittelerde only
    assert client.get("/regeln/zwei-tuerme/begriff/bewegungsphase/").status_code == 404


def test_unknown_pages_are_404(meccg, client):
    assert client.get("/regeln/schach/").status_code == 404
    assert client.get("/regeln/meccg/gibt-es-nicht/").status_code == 404
    assert client.get("/regeln/meccg/begriff/gibt-es-nicht/").status_code == 404


def test_search_page(meccg, client):
    response = client.get("/regeln/suche/", {"q": "Gefahrenlimit", "spiel": "meccg"})
    page = response.content.decode()
    assert response.status_code == 200
    answer = re.search(r'<section class="panel answer-card".*?</section>', page, re.S).group(0)
    assert 'href="/regeln/meccg/gefahrenlimit/"' in answer
    assert "<mark>Gefahrenlimit</mark>" in answer  # the answering sentence, highlighted
    # the answer is not repeated in the list of further hits
    assert 'href="/regeln/meccg/gefahrenlimit/"' not in page.split('<ol class="rules-results">')[1]
    assert 'option value="meccg" selected' in page


def test_search_page_answers_a_question(rulebooks, client):
    page = client.get("/regeln/suche/", {"q": "Wie heilt man einen Helden?"}).content.decode()
    answer = re.search(r'<section class="panel answer-card".*?</section>', page, re.S).group(0)
    assert 'href="/regeln/abenteuer-in-mittelerde/heilen/"' in answer
    assert "<mark>heilen</mark>" in answer


def test_search_page_offers_the_correction(meccg, client):
    page = client.get("/regeln/suche/", {"q": "Gefahrenlimt", "spiel": "meccg"}).content.decode()
    assert "Meintest du" in page and "gefahrenlimit</a>" in page
    assert 'href="/regeln/meccg/gefahrenlimit/"' in page


def test_empty_search_says_so_in_one_sentence_and_offers_terms(meccg, client):
    page = client.get("/regeln/suche/", {"q": "Gfrnlmt", "spiel": "meccg"}).content.decode()
    assert "steht nichts in den Regeln" in page
    assert "Nichts gefunden" not in page and "0 Abschnitte" not in page
    nearest = re.search(r'aria-labelledby="naechste-begriffe".*?</section>', page, re.S).group(0)
    assert "Gefahrenlimit" in nearest


def test_search_page_errors_are_german_and_400(meccg, client):
    response = client.get("/regeln/suche/", {"q": ""})
    assert response.status_code == 400
    assert "Bitte gib einen Suchbegriff ein" in response.content.decode()
    response = client.get("/regeln/suche/", {"q": "Ring", "spiel": "schach"})
    assert response.status_code == 400
    assert "Unbekanntes Spiel „schach“" in response.content.decode()


def test_admin_is_for_staff_only(meccg, client):
    user = get_user_model().objects.create_user("leser", password="geheim-12345")
    client.force_login(user)
    response = client.get("/admin/rules/section/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_staff_edit_sections_and_see_unresolved_references(meccg, client):
    staff = get_user_model().objects.create_superuser("redaktion", "r@example.org", "geheim-12345")
    client.force_login(staff)
    response = client.get("/admin/rules/section/", {"q": "Gefahrenlimit", "kind": "rule"})
    assert response.status_code == 200 and "Gefahrenlimit" in response.content.decode()
    assert client.get("/admin/rules/unresolvedreference/").status_code == 200
    assert client.get("/admin/rules/glossaryterm/", {"q": "hazard"}).status_code == 200

    section = Section.objects.get(rulebook=meccg, slug="heere")
    form = client.get(f"/admin/rules/section/{section.pk}/change/")
    assert form.status_code == 200
    response = client.post(
        f"/admin/rules/section/{section.pk}/change/",
        {
            "heading": "Heere",
            "kind": "rule",
            "alignments": "[]",
            "source_markdown": "Neu: siehe [→ S. 32](<ref:p32>) und [→ S. 99](<ref:p99>).",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    section.refresh_from_db()
    assert section.edited_by_staff
    assert '<a href="/regeln/meccg/gefahrenlimit/">→ S. 32</a>' in section.body_html
    assert section.unresolved_references.get().target == "p99"
    page = client.get("/admin/rules/unresolvedreference/").content.decode()
    assert "p99" in page


def test_glossary_groups_each_letter_once_with_umlauts_under_their_vowel(client, rulebooks):
    import re

    html = client.get("/regeln/glossar/").content.decode()
    letters = re.findall(r'<h2 id="buchstabe-([^"]+)"', html)
    assert letters == sorted(set(letters), key=letters.index)  # no letter twice
    assert len(letters) == len(set(letters))
    assert "Ü" not in letters and "Ä" not in letters and "Ö" not in letters


def test_card_names_in_the_rules_link_to_their_cards(meccg, meccg_cards, client):
    page = client.get("/regeln/meccg/spielzuguebersicht-bewegungs-und-gefahrenphase/").content.decode()
    assert re.search(r'<a class="card-ref" href="/karten/[A-Z]+-\d+/"><em>Langer Winter</em></a>', page)
    assert re.search(r'<a class="card-ref" href="/karten/[A-Z]+-\d+/"><em>Morgul-Nacht</em></a>', page)


def test_a_search_for_a_card_name_offers_the_card(meccg, meccg_cards, client):
    page = client.get("/regeln/suche/", {"q": "Langer Winter"}).content.decode()
    cards = re.search(r'aria-labelledby="treffer-karten".*?</section>', page, re.S).group(0)
    assert cards.count("<li>") == 1 and re.search(r'href="/karten/[A-Z]+-\d+/">Langer Winter</a>', cards)
    assert (
        'aria-labelledby="treffer-karten"' not in client.get("/regeln/suche/", {"q": "Gefahrenlimit"}).content.decode()
    )


def test_dates_are_text_and_lost_list_items_are_lists_again(rulebooks, client):
    toc = client.get("/regeln/meccg/").content.decode()
    assert re.search(r'<p id="abs-\d+">07\. Mai 2007', toc)  # a paragraph, not <ol start="7"><li>
    page = client.get("/regeln/sauron/spielueberblick/").content.decode()
    items = re.search(r"Zusätzliches Spielmaterial.*?</ul>", page, re.S).group(0)
    # "23 dunkle Ereigniskärtchen", "2 Sonderkarten" (with glossary links inside)
    assert "<li>23 " in items and "<li>2 " in items


def test_paragraph_marks_show_only_on_hover_or_focus():
    from django.conf import settings

    css = (settings.BASE_DIR / "static" / "css" / "bruchtal.css").read_text(encoding="utf-8")
    assert ".permalink { opacity: 0;" in css and ".permalink:focus" in css
