"""Malformed actions never crash the engine: every refusal is an IllegalAction with a German text."""

import itertools

import pytest

from matches.engine.base import IllegalAction

ACTION_TYPES = [
    "choose_deck",
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
    "play_card",
    "play_character",
    "move_character",
    "set_controller",
    "plan_movement",
    "cancel_movement",
    "draw",
    "on_guard",
    "reveal_on_guard",
    "enter_site",
    "call_council",
    "council_checks",
    "tap",
    "untap",
    "wound",
    "heal",
    "move_card",
    "reveal",
    "roll",
    "propose",
    "answer",
    "withdraw",
    "assign_strike",
    "assign_done",
    "resolve_strike",
    "take_item",
    "take_done",
]
JUNK = [None, -1, 10**9, "x", [], {"kind": "company", "id": None}, True, "k1"]
FIELDS = [
    "card",
    "character",
    "company",
    "site",
    "kind",
    "to",
    "under",
    "target",
    "route",
    "deck",
    "prowess",
    "from",
    "count",
    "change",
    "accept",
    "note",
    "keyed",
    "support",
]


def _try(table, seat, action):
    try:
        table.do(seat, **action)
    except IllegalAction as exc:
        assert exc.text.render()


@pytest.mark.parametrize("stage", ["deck", "draft", "play"])
def test_junk_actions_are_refused_cleanly(table, stage):
    if stage == "draft":
        table.choose_decks()
    elif stage == "play":
        table.start()
    # Every action type with every field; the junk value rotates so that each kind of junk meets each field.
    for i, (kind, field) in enumerate(itertools.product(ACTION_TYPES, FIELDS)):
        value = JUNK[i % len(JUNK)]
        snapshot = table.state
        _try(table, 0, {"type": kind, field: value})
        table.state = snapshot  # keep probing the same position


def test_non_dict_actions_refused(engine, table):
    for action in (None, [], "next_phase", {"type": 5}):
        with pytest.raises(IllegalAction):
            engine.apply(table.state, 0, action)
