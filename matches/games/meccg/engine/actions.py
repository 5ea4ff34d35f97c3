"""The actions the MECCG engine accepts (``Engine.action_schema``): every ``_do_<type>`` handler, with the
fields the handlers read. The handlers check what is legal; this only keeps out unknown fields, values of
the wrong kind and oversized ones before a move is stored."""

from __future__ import annotations

from typing import Any

from matches.engine.base import AnyOf, Bool, Int, List, Null, Obj, Str

_ID = Str(60)  # a card instance, company or site id
_NUMBER = AnyOf(Int(-1000, 1000), Null())
_TARGET = AnyOf(Obj({"kind": Str(20), "id": AnyOf(_ID, Null())}), Int(-1000, 1000), Null())
_DECK = Obj(
    {
        "name": Str(200),
        "alignment": Str(40),
        "fallen_wizard": AnyOf(Str(60), Null()),
        # [card code, quantity, part]
        "entries": List(List(AnyOf(Str(60), Int(0, 99)), max_items=3), max_items=400),
    }
)

# The fields any action may carry (the handlers read the ones they need).
_FIELDS: dict[str, Any] = {
    "card": _ID,
    "character": _ID,
    "company": _ID,
    "site": _ID,
    "under": _ID,
    "kind": Str(40),
    "to": Str(40),
    "from": Str(40),
    "route": List(Str(100), max_items=20),
    "target": _TARGET,
    "prowess": _NUMBER,
    "body": _NUMBER,
    "support": _NUMBER,
    "modifier": _NUMBER,
    "points": _NUMBER,
    "count": _NUMBER,
    "on": Bool(),
    "shuffle": Bool(),
    "stay_untapped": Bool(),
}

TYPES = (
    "draft_pick",
    "draft_stop",
    "starting_site",
    "starting_item",
    "aside_to_deck",
    "start_done",
    "next_phase",
    "pass",
    "auto_pass",
    "discard",
    "call_council",
    "council_checks",
    "play_character",
    "move_character",
    "set_controller",
    "plan_movement",
    "cancel_movement",
    "draw",
    "enter_site",
    "play_card",
    "on_guard",
    "reveal_on_guard",
    "tap",
    "untap",
    "wound",
    "heal",
    "move_card",
    "reveal",
    "roll",
)

SCHEMA: dict[str, Any] = {
    "max_bytes": 16384,  # a deck choice carries the whole deck list
    "types": {"choose_deck": {"deck": _DECK}, **dict.fromkeys(TYPES, _FIELDS)},
}


def action_schema(self=None) -> dict[str, Any]:
    return SCHEMA
