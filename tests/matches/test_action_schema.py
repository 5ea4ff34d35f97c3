"""The action mini-schema (matches/actions.py, checked with jsonschema): every kind of refusal, its German text
and the place it names; of several faults, the first in the action's own order."""

import pytest

from matches import actions
from matches.engine.base import AnyOf, Bool, Int, List, Map, Null, Obj, Str
from matches.errors import MatchError


def _nested(levels: int) -> dict:
    spec = Str(5)
    for _ in range(levels):
        spec = Obj({"d": spec})
    return spec


class Engine:
    def action_schema(self):
        return {
            "types": {
                "act": {
                    "name": Str(3),
                    "n": Int(-2, 2),
                    "flag": Bool(),
                    "none": Null(),
                    "items": List(AnyOf(Str(2), Int(0, 1)), max_items=2),
                    "sub": Obj({"tags": Map(Int(0, 9), max_items=2, key_length=4)}),
                },
                "deep": {"d": _nested(9)},
            }
        }


def refusal(action) -> tuple[str, str, str]:
    with pytest.raises(MatchError) as caught:
        actions.check(Engine(), action)
    return caught.value.code, caught.value.message, caught.value.details["field"]


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            {"type": "act", "name": 7},
            ("action_field_type", "„action.name“ muss ein Text sein.", "action.name"),
        ),
        (
            {"type": "act", "name": "abcd"},
            ("action_field_too_long", "„action.name“ ist zu lang (4 Zeichen, höchstens 3).", "action.name"),
        ),
        (
            {"type": "act", "n": 3},
            ("action_field_range", "„action.n“ muss zwischen -2 und 2 liegen.", "action.n"),
        ),
        (
            {"type": "act", "n": True},
            ("action_field_type", "„action.n“ muss eine ganze Zahl sein.", "action.n"),
        ),
        (
            {"type": "act", "n": 1.0},
            ("action_field_type", "„action.n“ muss eine ganze Zahl sein.", "action.n"),
        ),
        (
            {"type": "act", "flag": 1},
            ("action_field_type", "„action.flag“ muss true oder false sein.", "action.flag"),
        ),
        (
            {"type": "act", "none": 0},
            ("action_field_type", "„action.none“ muss null sein.", "action.none"),
        ),
        (
            {"type": "act", "items": [1, 1, 1]},
            ("action_field_too_long", "„action.items“ hat zu viele Einträge (3, höchstens 2).", "action.items"),
        ),
        (
            {"type": "act", "items": ["ab", "abc"]},
            (
                "action_field_type",
                "„action.items[1]“ muss ein Text oder eine ganze Zahl sein (oder ist zu lang).",
                "action.items[1]",
            ),
        ),
        (
            {"type": "act", "sub": {"tags": {"a": 1, "b": 2, "c": 3}}},
            (
                "action_field_too_long",
                "„action.sub.tags“ hat zu viele oder zu lange Einträge (höchstens 2).",
                "action.sub.tags",
            ),
        ),
        (
            {"type": "act", "sub": {"tags": {"abcde": 1}}},
            (
                "action_field_too_long",
                "„action.sub.tags“ hat zu viele oder zu lange Einträge (höchstens 2).",
                "action.sub.tags",
            ),
        ),
        (
            {"type": "act", "sub": {"tags": {"k" * 4: "x"}}},
            ("action_field_type", "„action.sub.tags.kkkk“ muss eine ganze Zahl sein.", "action.sub.tags.kkkk"),
        ),
        (
            {"type": "act", "sub": {"colour": "rot"}},
            (
                "action_field_unknown",
                "Unbekanntes Feld „action.sub.colour“ im Zug. Erlaubt: tags.",
                "action.sub.colour",
            ),
        ),
        (
            {"type": "act", "junk": 1},
            (
                "action_field_unknown",
                "Unbekanntes Feld „action.junk“ im Zug. Erlaubt: flag, items, n, name, none, sub.",
                "action.junk",
            ),
        ),
        (
            {"type": "deep", "d": {"d": {"d": {"d": {"d": {"d": {"d": {"d": {"d": {}}}}}}}}}},
            (
                "action_too_deep",
                "Der Zug ist zu tief verschachtelt (bei „action.d.d.d.d.d.d.d.d.d“).",
                "action.d.d.d.d.d.d.d.d.d",
            ),
        ),
    ],
)
def test_each_refusal_names_what_is_wrong_and_where(action, expected):
    assert refusal(action) == expected


def test_of_several_faults_the_first_in_the_actions_order_is_named():
    assert refusal({"type": "act", "n": 9, "name": 1})[2] == "action.n"
    assert refusal({"type": "act", "name": 1, "n": 9})[2] == "action.name"
    assert refusal({"type": "act", "name": "x", "junk": 1, "n": 9})[2] == "action.junk"
    # a list's size before its items, an unknown field before the value of the field after it
    assert refusal({"type": "act", "items": ["abc", 1, 2]})[0:1] == ("action_field_too_long",)
    assert refusal({"type": "act", "sub": {"colour": 1, "tags": 5}})[2] == "action.sub.colour"


def test_an_action_that_fits_passes():
    actions.check(
        Engine(),
        {"type": "act", "name": "abc", "n": -2, "flag": False, "none": None, "items": ["ab", 0], "sub": {"tags": {}}},
    )
