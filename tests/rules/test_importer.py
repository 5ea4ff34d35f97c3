import base64
import random
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.content import RULEBOOKS
from rules.importer import ImportFailed, import_rulebook, read_book
from rules.models import GlossaryTerm, Rulebook, Section, UnresolvedReference
from rules.parsing import registry
from tests.rules.conftest import MECCG_FILE, seed_path

pytestmark = pytest.mark.django_db


def snapshot():
    sections = {
        s.slug: (s.pk, s.heading, s.source_markdown, s.body_html, s.parent_id, s.order) for s in Section.objects.all()
    }
    terms = {t.slug: (t.pk, t.term, t.definition, t.section_id, tuple(t.synonyms)) for t in GlossaryTerm.objects.all()}
    return sections, terms, Rulebook.objects.get(game__slug="meccg").imported_at


def test_first_import_stores_the_book(meccg, rulebooks):
    summary = rulebooks["meccg"]
    assert summary.sections.created == 85
    assert summary.terms.created == 29
    assert meccg.title == "MECCG - Spielregeln"
    assert meccg.source_file == MECCG_FILE
    assert meccg.introduction.startswith("Diese Anleitung")
    assert Section.objects.filter(rulebook=meccg).count() == 85
    chapters = list(Section.objects.filter(rulebook=meccg, parent=None).values_list("heading", flat=True))
    assert chapters[0] == "Deckvorbereitung"
    assert chapters[-3:] == ["Schlüsselbegriffe", "Unofficial Errata List", "Änderungen zu früheren Versionen"]


def test_reimport_changes_nothing(meccg):
    before = snapshot()
    summary = import_rulebook(seed_path(MECCG_FILE), "meccg")
    assert (summary.sections.created, summary.sections.updated, summary.sections.deleted) == (0, 0, 0)
    assert summary.sections.unchanged == 85
    assert (summary.terms.created, summary.terms.updated, summary.terms.unchanged) == (0, 0, 29)
    assert snapshot() == before


def test_slugs_are_qualified_where_headings_repeat(meccg):
    slugs = set(Section.objects.filter(rulebook=meccg).values_list("slug", flat=True))
    assert {"deckaufbau-allgemeines", "gemeinschaften-allgemeines"} <= slugs
    assert {"deckaufbau-reservestapel", "schluesselbegriffe-reservestapel"} <= slugs
    assert {"spielzuguebersicht-organisationsphase", "unofficial-errata-list-organisationsphase"} <= slugs
    assert "gefahrenlimit" in slugs  # unique headings keep the plain slug


def test_staff_edit_is_kept_unless_forced(meccg):
    section = Section.objects.get(rulebook=meccg, slug="gefahrenlimit")
    section.source_markdown = "Von der Redaktion neu geschrieben."
    section.body_html = "<p>Von der Redaktion neu geschrieben.</p>"
    section.edited_by_staff = True
    section.save()
    term = GlossaryTerm.objects.get(slug="gefahrenlimit")
    term.definition = "Redaktionelle Definition"
    term.edited_by_staff = True
    term.save()

    summary = import_rulebook(seed_path(MECCG_FILE), "meccg")
    section.refresh_from_db()
    term.refresh_from_db()
    assert section.source_markdown == "Von der Redaktion neu geschrieben."
    assert section.edited_by_staff
    assert term.definition == "Redaktionelle Definition"
    assert summary.sections.kept == 1
    assert summary.terms.kept == 1

    summary = import_rulebook(seed_path(MECCG_FILE), "meccg", force=True)
    section.refresh_from_db()
    term.refresh_from_db()
    assert section.source_markdown.startswith("Das Gefahrenlimit (*hazard limit*)")
    assert not section.edited_by_staff
    assert term.definition.startswith("Das Gefahrenlimit")
    assert summary.sections.updated == 1


def test_vanished_sections_are_removed_but_edited_ones_kept(meccg):
    stray = Section.objects.create(rulebook=meccg, heading="Alt", slug="alt", order=999)
    edited = Section.objects.create(rulebook=meccg, heading="Notiz", slug="notiz", order=1000, edited_by_staff=True)
    summary = import_rulebook(seed_path(MECCG_FILE), "meccg")
    assert summary.sections.deleted == 1
    assert not Section.objects.filter(pk=stray.pk).exists()
    assert Section.objects.filter(pk=edited.pk).exists()


def test_command_prints_progress_and_summary(meccg, capsys):
    call_command("import_rulebook", str(seed_path(MECCG_FILE)), "--game", "meccg")
    out = capsys.readouterr().out
    assert "Lese 003_3078cde44e2d18ee.txt" in out
    assert "Abschnitte: 0 neu, 0 geändert, 85 unverändert" in out
    assert "Begriffe: 0 neu, 0 geändert, 29 unverändert" in out
    assert "davon nicht aufgelöst: 0" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["/nicht/da.txt", "--game", "meccg"], "Die Datei /nicht/da.txt gibt es nicht."),
        (["{seeds}", "--game", "meccg"], "ist keine Datei"),
        (["{seed}", "--game", "schach"], "Das Spiel „schach“ gibt es in der Datenbank nicht."),
        (["{binary}", "--game", "meccg"], "ist keine UTF-8-Textdatei"),
        (["{empty}", "--game", "meccg"], "ist leer"),
        (["{nonsense}", "--game", "meccg"], "passt nicht zum Regelheft „meccg“"),
    ],
)
def test_command_errors_are_clear_german(meccg, tmp_path, args, message):
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00kaputt")
    (tmp_path / "empty.txt").write_text("  \n", encoding="utf-8")
    (tmp_path / "nonsense.txt").write_text("Irgendein Text\n\nohne Kapitel.\n", encoding="utf-8")
    values = {
        "seeds": str(seed_path(MECCG_FILE).parent),
        "seed": str(seed_path(MECCG_FILE)),
        "binary": str(tmp_path / "binary.txt"),
        "empty": str(tmp_path / "empty.txt"),
        "nonsense": str(tmp_path / "nonsense.txt"),
    }
    args = [a.format(**values) for a in args]
    before = Section.objects.count()
    with pytest.raises(CommandError, match=message.replace("(", r"\(")):
        call_command("import_rulebook", *args)
    assert Section.objects.count() == before


def test_missing_parser_fails_only_that_book(meccg, monkeypatch, db):
    monkeypatch.setitem(registry.PARSERS, "sauron", "rules.parsing.gibt_es_nicht")
    with pytest.raises(CommandError, match="Für „sauron“ gibt es noch keinen Regelheft-Parser"):
        call_command("import_rulebook", str(seed_path("004_dc30759853f929e9.txt")), "--game", "sauron")
    assert Section.objects.filter(rulebook=meccg).count() == 85


def test_unknown_game_slug_in_registry():
    with pytest.raises(registry.UnknownGame, match="Unbekanntes Spiel „schach“"):
        registry.load_parser("schach")


def test_no_unresolved_references_in_meccg(meccg, rulebooks):
    assert rulebooks["meccg"].references >= 95
    assert rulebooks["meccg"].unresolved == []
    assert not UnresolvedReference.objects.filter(rulebook=meccg).exists()


WRONG_INPUTS = [
    (filename, game_slug)
    for game_slug in [slug for _, slug in RULEBOOKS]
    for filename in [*(f for f, owner in RULEBOOKS if owner != game_slug), "random"]
]


@pytest.mark.parametrize(("filename", "game_slug"), WRONG_INPUTS)
def test_other_books_and_random_text_are_refused_in_german(rulebooks, db, tmp_path, filename, game_slug):
    if filename == "random":
        path = tmp_path / "rand.txt"
        path.write_text(base64.b64encode(random.Random(3).randbytes(3000)).decode(), encoding="utf-8")
    else:
        path = seed_path(filename)
    before = snapshot_all()
    with pytest.raises(CommandError) as failure:
        call_command("import_rulebook", str(path), "--game", game_slug)
    message = str(failure.value)
    # the parser itself recognised the wrong book (not the importer's catch-all for parser bugs)
    assert f"passt nicht zum Regelheft „{game_slug}“: Der Text sieht nicht nach dem Regelheft" in message
    assert "nicht gefunden:" in message
    assert snapshot_all() == before


def snapshot_all():
    return (
        sorted(Section.objects.values_list("pk", "slug", "source_markdown")),
        sorted(GlossaryTerm.objects.values_list("pk", "slug", "definition")),
        sorted(Rulebook.objects.values_list("pk", "title", "imported_at")),
    )


def test_unexpected_parser_error_is_a_german_import_failure(meccg, monkeypatch):
    def broken(text):
        raise KeyError("kaputt")

    monkeypatch.setattr(registry.load_parser("sauron"), "parse", broken)
    path = seed_path("004_dc30759853f929e9.txt")
    with pytest.raises(ImportFailed, match="konnte nicht als Regelheft „sauron“ gelesen werden") as failure:
        read_book(path, "sauron")
    assert isinstance(failure.value.__cause__, KeyError)  # the bug stays visible to whoever looks
    with pytest.raises(CommandError, match="unerwartete Form \\(KeyError\\)"):
        call_command("import_rulebook", str(path), "--game", "sauron")


MARKDOWN_LEFTOVERS = re.compile(r"^\s*(?:[-*+•>#]|\d+\.)\s|\*\*|__|^#|\]\(|<ref:|\(→?\s*S\. \d+>\)")


def test_every_glossary_definition_is_short_plain_text(rulebooks, db):
    """All terms of all five books: a definition, plain text (no Markdown markers) and short."""
    terms = list(GlossaryTerm.objects.select_related("game"))
    assert {t.game.slug for t in terms} == {slug for _, slug in RULEBOOKS}
    for term in terms:
        where = f"{term.game.slug}: {term.term}"
        assert term.definition.strip(), where
        assert not MARKDOWN_LEFTOVERS.search(term.definition), f"{where}: {term.definition}"
        assert len(term.definition) <= 300, f"{where}: {len(term.definition)} Zeichen"
        assert not term.definition.endswith(("(s.", "(vgl.", " O.")), f"{where}: cut at an abbreviation"


def test_meccg_definitions_say_what_the_term_is(rulebooks, db):
    definitions = dict(GlossaryTerm.objects.filter(game__slug="meccg").values_list("term", "definition"))
    assert definitions["Orte"].startswith("Ortskarten stehen für die Orte Mittelerdes")
    assert definitions["Agenten"].startswith("Agenten sind Charaktere, die meist als Gefahren gespielt werden")
    assert "36" not in definitions["Agenten"]
    assert definitions["Ringgeister"].startswith("Für Ringgeister gelten einige Sonderregeln: Ein Ringgeist")
    assert definitions["Kreaturen"].endswith("erlaubt.")  # no reference left over ("(→ S. 23>))")
