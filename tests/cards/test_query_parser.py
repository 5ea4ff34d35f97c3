"""The query language parser alone (no database)."""

import random
import re
import string

import pytest

from cards.query import QuerySyntaxError, parse
from cards.query.nodes import And, Exact, Field, Flag, Not, Or, Phrase, Word


def test_empty_query_has_no_expression():
    assert parse("").expr is None
    assert parse("   ").expr is None


def test_free_words_are_anded():
    query = parse("Aragorn Bree")
    assert query.expr == And((Word("Aragorn", 0), Word("Bree", 8)))
    assert query.ranked_words == ["Aragorn", "Bree"]


@pytest.mark.parametrize(
    ("text", "key", "op", "value"),
    [
        ("geist:5", "mind", "=", 5),
        ("mind=5", "mind", "=", 5),
        ("einfluss!=2", "di", "!=", 2),
        ("kampf<3", "prowess", "<", 3),
        ("prowess<=3", "prowess", "<=", 3),
        ("koerper>7", "body", ">", 7),
        ("körper>=-1", "body", ">=", -1),
        ("versuchung>=2", "corruption", ">=", 2),
        ("sp>1", "mp", ">", 1),
        ("mp:0", "mp", "=", 0),
    ],
)
def test_numeric_operators(text, key, op, value):
    assert parse(text).expr == Field(key, op, value, 0)


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("typ:charakter", "type", "Character"),
        ("type:Hazard", "type", "Hazard"),
        ("typ:Unterstützung", "type", "Resource"),
        ("ausrichtung:scherge", "alignment", "Minion"),
        ("align:hero", "alignment", "Hero"),
        ("ausrichtung:bühne", "alignment", "Stage"),
        ("ort:zufluchtsort", "site_type", "{H}"),
        ("ort:r", "site_type", "{R}"),
        ("fertigkeit:krieger", "skill", "Warrior"),
        ("skill:Waldläufer", "skill", "Ranger"),
        ("rasse:zwerg", "race", ["Dwarf", "Dwarves"]),
        ("rasse:Dúnadan", "race", ["Dúnadan", "Dúnedain"]),
        ("untertyp:kreatur", "subtype", "Creature"),
        ("typ:kreatur", "subtype", "Creature"),
        ("untertyp:Faction", "subtype", "Faction"),
        ('heimat:"Minas Tirith"', "home", "Minas Tirith"),
    ],
)
def test_german_and_english_field_values(text, key, value):
    node = parse(text).expr
    assert (node.key, node.value) == (key, value)


def test_unique_flag_in_german_and_english():
    assert parse("einzigartig").expr == Flag("unique", 0)
    assert parse("is:unique").expr == Flag("unique", 0)
    assert parse("ist:einzigartig").expr == Flag("unique", 0)


def test_negation_or_and_parentheses():
    query = parse('(rasse:zwerg oder rasse:elb) -typ:gefahr or !"Gandalf"')
    assert isinstance(query.expr, Or)
    left, right = query.expr.items
    assert isinstance(left, And)
    assert isinstance(left.items[0], Or)
    assert isinstance(left.items[1], Not)
    assert left.items[1].item.key == "type"
    assert right == Exact("Gandalf", 44)


def test_explicit_and_and_phrase():
    query = parse('ring und "one strike"')
    assert query.expr == And((Word("ring", 0), Phrase("one strike", 9)))


def test_sort_and_order_options_are_pulled_out():
    query = parse("typ:gefahr sort:kampf order:desc")
    assert (query.sort, query.order) == ("prowess", "desc")
    assert query.expr == Field("type", "=", "Hazard", 0)
    assert parse("sortierung:geist reihenfolge:absteigend").sort == "mind"


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("(typ:gefahr", 0, "Klammer wird nicht geschlossen"),
        ("typ:gefahr)", 10, "Schließende Klammer"),
        ("()", 0, "Leere Klammern"),
        ('name:"offen', 5, "Anführungszeichen"),
        ("geist>viel", 6, "ganze Zahl"),
        ("typ:drache", 4, "Unbekannter Wert"),
        ("farbe:rot", 0, "Unbekanntes Feld"),
        ("ring or", 5, "fehlt ein Suchbegriff"),
        ("or ring", 0, "Vor „or“"),
        ("- ring", 0, "Nach „-“"),
        ("typ:", 4, "fehlt ein Wert"),
        ("typ<charakter", 0, "Vergleich „<“"),
        ("(ring sort:name) bree", 6, "außerhalb von Klammern"),
        ("-sort:name", 1, "außerhalb von Klammern"),
        ("sort:farbe", 5, "Unbekannter Wert"),
        ("is:gross", 3, "Unbekannte Eigenschaft"),
        ("!", 0, "genaue Kartenname"),
        ("ring\x00", 4, "Steuerzeichen"),
    ],
)
def test_malformed_queries_name_the_position(text, position, fragment):
    with pytest.raises(QuerySyntaxError) as info:
        parse(text)
    assert info.value.position == position
    assert fragment in info.value.message_de
    assert f"bei Zeichen {position + 1}" in info.value.message_de


def test_limits_on_length_depth_and_terms():
    with pytest.raises(QuerySyntaxError, match="zu lang"):
        parse("a" * 501)
    with pytest.raises(QuerySyntaxError, match="verschachtelt"):
        parse("(" * 30 + "a" + ")" * 30)
    with pytest.raises(QuerySyntaxError, match="Zu viele"):
        parse(" ".join(["ring"] * 41))


ALPHABET = string.ascii_letters + string.digits + ' ():=<>!-"äöüß_.,' + "  "
FRAGMENTS = ["typ:", "geist>", "or ", "oder ", "(", ")", "-", '"', "!", "sort:", "is:", "einzigartig", " und "]


def test_fuzz_parser_only_raises_query_syntax_errors():
    """Random input either parses or raises QuerySyntaxError with a position inside the text."""
    rng = random.Random(4711)
    for _ in range(5000):
        parts = [
            rng.choice(FRAGMENTS) if rng.random() < 0.3 else rng.choice(ALPHABET) for _ in range(rng.randint(0, 25))
        ]
        text = "".join(parts)
        try:
            parse(text)
        except QuerySyntaxError as exc:
            assert 0 <= exc.position <= len(text)
            assert exc.message_de


def test_every_listed_sort_value_is_accepted():
    from cards.query import parse
    from cards.query import vocabulary as voc

    for word, key in voc.SORT_KEYS.items():
        assert parse(f"sort:{word}").sort == key


@pytest.mark.parametrize(
    ("spaced", "tight"),
    [
        ("geist >= 9", "geist>=9"),
        ("geist >=9", "geist>=9"),
        ("geist>= 9", "geist>=9"),
        ("name: gandalf", "name:gandalf"),
        ("name : gandalf", "name:gandalf"),
        ("Mind != 3", "Mind!=3"),
        ('heimat: "Minas Tirith"', 'heimat:"Minas Tirith"'),
        ("typ : charakter sort : geist", "typ:charakter sort:geist"),
        ("-typ: gefahr  kampf > 5", "-typ:gefahr kampf>5"),
    ],
)
def test_spaces_around_a_known_fields_operator(spaced, tight):
    def shape(text):  # the tree without positions
        return re.sub(r"pos=\d+", "", repr(parse(text).expr))

    assert shape(spaced) == shape(tight)
    assert "Field(" in shape(spaced)
    assert (parse(spaced).sort, parse(spaced).order) == (parse(tight).sort, parse(tight).order)


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("geist >=", 8, "Nach „geist>=“ fehlt ein Wert"),
        ("name: (x)", 6, "Nach „name:“ fehlt ein Wert"),
        ("gandalf >= 9", 8, "Vor „>=“ fehlt ein Feldname"),
        ("= 3", 0, "Vor „=“ fehlt ein Feldname"),
    ],
)
def test_spaced_operator_errors_name_the_position(text, position, fragment):
    with pytest.raises(QuerySyntaxError) as info:
        parse(text)
    assert info.value.position == position
    assert fragment in info.value.message_de


def test_a_field_name_without_operator_stays_a_free_word():
    assert parse("name gandalf").expr == And((Word("name", 0), Word("gandalf", 5)))
