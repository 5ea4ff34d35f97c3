import pytest

from decks.formats.meccg.textexport import export_text
from decks.formats.meccg.textformat import parse

from .conftest import DATA, SAMPLES

pytestmark = pytest.mark.django_db


def test_line_formats_and_headers(card_index):
    text = "# Pool\n2x Aragorn II\nGANDALF x2\n\n## Hazards (3)\n3 zwielicht\nSideboard:\nGollum’s Fate\n"
    result = parse(text, card_index, "Hero")
    assert result.errors == []
    got = [(e.card.code, e.quantity, e.part) for e in result.entries]
    assert got == [("TW-120", 2, "pool"), ("TW-156", 2, "pool"), ("TW-106", 3, "hazards"), ("TW-247", 1, "sideboard")]


def test_printing_by_alignment_and_set_code(card_index):
    assert parse("Moria", card_index, "Hero").entries[0].card.code == "TW-413"
    assert parse("Moria", card_index, "Minion").entries[0].card.code == "LE-392"
    assert parse("Moria", card_index, "Balrog").entries[0].card.code == "BA-93"
    assert parse("Moria (LE)", card_index, "Hero").entries[0].card.code == "LE-392"
    assert parse("Zwielicht (LE)", card_index, "Hero").entries[0].card.code == "LE-145"
    assert parse("Wolfsreiter (TD-87)", card_index, "Hero").entries[0].card.code == "TD-87"


def test_headerless_lines_go_to_the_part_of_their_type(card_index):
    result = parse("Gandalf\n3 Zwielicht\nBruchtal\n3 Drughu", card_index, "Hero")
    assert [e.part for e in result.entries] == ["characters", "hazards", "sites", "resources"]


def test_each_bad_line_has_its_own_error_with_suggestions(card_index):
    result = parse("Gandalv\n2 Aragorn II\n0 Bilbo\nMoria (WH)", card_index, "Hero")
    assert [e.line for e in result.errors] == [1, 3, 4]
    unknown = result.errors[0]
    assert "Zeile 1" in unknown.message and "Gandalv" in unknown.message
    assert "Gandalf" in unknown.suggestions and len(unknown.suggestions) == 3
    assert "Anzahl" in result.errors[1].message
    assert "WH" in result.errors[2].message
    assert [e.card.code for e in result.entries] == ["TW-120"]


@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_round_trip(card_index, sample):
    alignment, _wizard = SAMPLES[sample]
    first = parse((DATA / f"{sample}.txt").read_text(encoding="utf-8"), card_index, alignment).merged()
    text = export_text(first, card_index, alignment, "Test")
    second = parse(text, card_index, alignment)
    assert second.errors == []
    key = lambda entries: sorted((e.card.code, e.quantity, e.part) for e in entries)  # noqa: E731
    assert key(second.merged()) == key(first)


@pytest.mark.parametrize(
    "book,code",
    [
        ("Zwielight", "TW-106"),
        ("Gollum's Schicksal", "TW-247"),
        ("Nachrichten aus dem Auenland", "LE-209"),
        ("Die Sonne entschleiern", "AS-56"),
        ("Tötet alle aber NICHT die Halblinge", "LE-201"),
        ("Mûmak", "TW-66"),
        ("Ancient Deep Hold", "BA-83"),
        ("The Drowning Deeps", "BA-89"),
        ("Benutze deine Beine", "AS-136"),  # the data's own name wins over the alias
    ],
)
def test_the_books_spellings_resolve(card_index, book, code):
    result = parse(f"1 {book}", card_index, "Hero")
    assert not result.errors
    assert result.entries[0].card.code == code


def test_card_index_sees_cards_changed_in_place(meccg_cards, django_assert_num_queries):
    from cards.models import Card
    from decks import selectors

    selectors.card_index()
    with django_assert_num_queries(1):  # unchanged: only the stamp is read
        selectors.card_index()
    card = Card.objects.get(code="TW-156")
    try:
        # Same count and ids, as after a re-import that corrects a name: the stamp must change anyway.
        Card.objects.filter(pk=card.pk).update(name_de="Gandalf der Graue")
        index = selectors.card_index()
        assert index.by_code["TW-156"].name_de == "Gandalf der Graue"
        assert "gandalf der graue" in index.by_name
        # A same-length rename: still a different first letter.
        Card.objects.filter(pk=card.pk).update(name_de="Wandalf")
        assert selectors.card_index().by_code["TW-156"].name_de == "Wandalf"
        # An attribute edited in place.
        Card.objects.filter(pk=card.pk).update(mind=(card.mind or 0) + 1)
        assert selectors.card_index().by_code["TW-156"].mind == (card.mind or 0) + 1
    finally:
        Card.objects.filter(pk=card.pk).update(name_de=card.name_de, mind=card.mind)
        selectors.card_index()  # back to the real data for the following tests


def test_card_index_is_rebuilt_when_old(meccg_cards, monkeypatch):
    from decks import selectors

    first = selectors.card_index()
    assert selectors.card_index() is first
    monkeypatch.setattr(selectors, "INDEX_MAX_AGE", 0)
    assert selectors.card_index() is not first


def test_suggestions_are_unique_and_in_the_language_typed(card_index):
    [error] = parse("4 Gandalf (XY)", card_index, "Hero").errors
    assert error.suggestions[0] == "Gandalf"
    assert len(error.suggestions) == len({s.casefold() for s in error.suggestions}) == 3
    # German input: German names only (the English "Twilight", "Beorning Toll" used to appear).
    german = parse("Zwielichtt\nBergtrole", card_index, "Hero").errors
    assert german[0].suggestions[0] == "Zwielicht" and "Twilight" not in german[0].suggestions
    assert german[1].suggestions[0] == "Bergtrolle" and "Beorning Toll" not in german[1].suggestions
    # English input that matches English names better: English names.
    [english] = parse("Twilightt", card_index, "Hero").errors
    assert english.suggestions[0] == "Twilight"


def test_card_index_reused_without_a_query_right_after_a_check(meccg_cards, monkeypatch, django_assert_num_queries):
    from decks import selectors

    monkeypatch.setattr(selectors, "INDEX_RECHECK", 60)
    first = selectors.card_index()
    with django_assert_num_queries(0):
        assert selectors.card_index() is first
