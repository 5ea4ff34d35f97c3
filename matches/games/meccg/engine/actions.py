"""The actions the MECCG engine accepts (``Engine.action_schema``): every move of the move table
(``moves.MOVES``), with the fields the handlers read. The handlers check what is legal; this only keeps out unknown
types and fields, values of the wrong kind and oversized ones before a move is stored.

The types are read off the move table, so a new move is accepted without a second list here; a new field
must be named below. The concrete moves of ``legal_actions`` carry a ``label`` and the
``cards`` they concern (for the page): both are accepted so such a move can be sent back as it is.
"""

from __future__ import annotations

from typing import Any

from matches.engine.base import AnyOf, Bool, Int, List, Map, Null, Obj, Str

from .moves import MOVES

_ID = Str(60)  # a card instance, company or site id
_IDS = List(_ID, max_items=60)
_NUMBER = AnyOf(Int(-1000, 1000), Null())
_TARGET = AnyOf(Obj({"kind": Str(20), "id": AnyOf(_ID, Null())}), Int(-1000, 1000), _ID, Null())
_DECK = Obj(
    {
        "name": Str(200),
        "alignment": Str(40),
        "fallen_wizard": AnyOf(Str(60), Null()),
        # [card code, quantity, part]
        "entries": List(List(AnyOf(Str(60), Int(0, 99)), max_items=3), max_items=400),
    }
)
# How a creature is keyed: {"kind": "region_type"|"site_type", "symbol": "w"} or {"kind": …, "name": "…"}.
_KEYED = AnyOf(Obj({"kind": Str(20), "symbol": Str(4), "name": Str(100)}), Null())
# A correction the opponent accepts or declines (proposals.py).
_CHANGE = Obj(
    {
        "type": Str(40),
        "card": AnyOf(_ID, Null()),
        "to": AnyOf(Str(40), Null()),
        "stat": AnyOf(Str(40), Null()),
        "value": _NUMBER,
        "count": _NUMBER,
        "shuffle": AnyOf(Bool(), Null()),
    }
)

_MODE = AnyOf(Int(0, 9), Null())  # which use of a scripted card (effects.py)
# Issue 31: one hazard of a batch (``hazards``), a card planned for a strike (``defend``, ``attacker_plan``).
_PLAY = Obj({"type": Str(20), "card": _ID, "keyed": _KEYED, "target": _TARGET, "mode": _MODE})
_PLANNED = Obj({"card": _ID, "for": _ID, "mode": _MODE, "target": _TARGET, "window": Str(20)})

# The fields any action may carry (each handler reads the ones it needs).
_FIELDS: dict[str, Any] = {
    "card": AnyOf(_ID, Null()),
    "cards": AnyOf(_IDS, List(_PLANNED, max_items=30)),
    "character": AnyOf(_ID, Null()),
    "characters": _IDS,
    # Company combat: [defending character, attacking character] pairs; excess −1s put on one strike.
    "pairs": List(List(_ID, max_items=2), max_items=30),
    # Excess strikes: on one strike (an int), per strike (``{character: n}``), or a batch's standing answer.
    "excess": AnyOf(Int(0, 60), Map(Int(0, 60), max_items=30), Str(10), Null()),
    "by": AnyOf(_ID, Null()),
    "show": AnyOf(_ID, Null()),
    "company": AnyOf(_ID, Null()),
    "site": AnyOf(_ID, Null()),
    "under": AnyOf(_ID, Null()),
    "kind": AnyOf(Str(40), Null()),
    "to": AnyOf(Str(60), Null()),
    "from": AnyOf(Str(60), Null()),
    "route": List(Str(100), max_items=20),
    "target": _TARGET,
    "keyed": _KEYED,
    "change": _CHANGE,
    "accept": Bool(),
    "note": Str(500),
    "label": Str(300),
    "prowess": _NUMBER,
    "body": _NUMBER,
    "support": AnyOf(_IDS, Int(-1000, 1000), Null(), Map(_IDS, max_items=30), List(List(_ID, max_items=2), 200)),
    "modifier": _NUMBER,
    "points": _NUMBER,
    "count": _NUMBER,
    "draws": _NUMBER,
    "on": Bool(),
    "shuffle": Bool(),
    "stay_untapped": Bool(),
    "empty": Bool(),  # draft_stop with no character drafted (confirmed)
    "mode": _MODE,
    # Issue 31: plans and standing answers.
    "plays": List(_PLAY, max_items=12),
    "done": Bool(),
    "answers": Str(20),
    "enter": Bool(),
    "leave": Bool(),
    "discard": _IDS,
    "strikes": _IDS,
    "order": _IDS,
    "untapped": _IDS,
}


def action_schema(self=None) -> dict[str, Any]:
    """The schema; ``self`` is the engine (bound as a method); the move table names the types."""
    types = dict.fromkeys(sorted(MOVES), _FIELDS)
    types["choose_deck"] = {"deck": _DECK, "label": Str(300), "cards": _IDS}
    return {"max_bytes": 16384, "types": types}  # a deck choice carries the whole deck list
