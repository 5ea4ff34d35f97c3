"""The dice-table engine, as plain Python (no Django)."""

import json
import random

import pytest

from matches.engine import rng
from matches.engine.base import IllegalAction
from matches.games.wuerfeltisch.engine import ENGINE
from matches.games.wuerfeltisch.engine import dice as dice_mod


def new(players=3, game="sauron", seed=7):
    return ENGINE.setup(players, {"game": game}, seed)


def test_setup_checks_game_and_player_count():
    with pytest.raises(IllegalAction) as exc:
        ENGINE.setup(2, {"game": "monopoly"}, 1)
    assert exc.value.code == "game_unknown" and "monopoly" in exc.value.text.render()
    with pytest.raises(IllegalAction) as exc:
        ENGINE.setup(2, {"game": "sauron"}, 1)  # Sauron-Erweiterung: 3–6 players
    assert exc.value.code == "players_out_of_range"
    assert "3 bis 6" in exc.value.text.render()
    state = ENGINE.setup(2, {"game": "schatten-der-macht"}, 1)
    assert ENGINE.current_seats(state) == [0]


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier"),
    [("W6", 1, 6, 0), ("2W6", 2, 6, 0), ("W20+3", 1, 20, 3), ("3d6-2", 3, 6, -2), (" 2 w 10 ", 2, 10, 0)],
)
def test_dice_expressions(text, count, sides, modifier):
    expr = dice_mod.parse(text)
    assert (expr.count, expr.sides, expr.modifier) == (count, sides, modifier)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "dice_missing"),
        ("zwei Würfel", "dice_syntax"),
        ("21W6", "dice_count"),
        ("W1", "dice_sides"),
        ("W6+500", "dice_modifier"),
    ],
)
def test_bad_dice_expressions_say_what_is_wrong(text, code):
    with pytest.raises(IllegalAction) as exc:
        dice_mod.parse(text)
    assert exc.value.code == code
    assert exc.value.text.render()  # a German sentence, parameters filled


def test_roll_uses_only_the_state_generator():
    state = new()
    after, events = ENGINE.apply(state, 1, {"type": "roll", "dice": "2W6"})
    data = events[0].data
    assert data["kind"] == "roll" and len(data["rolls"]) == 2 and all(1 <= r <= 6 for r in data["rolls"])
    assert data["total"] == sum(data["rolls"])
    # the same state rolls the same dice; the original state is untouched
    again, events2 = ENGINE.apply(state, 1, {"type": "roll", "dice": "2W6"})
    assert events2[0].data == data and again == after
    assert state == new()
    expected = rng.new(7)
    assert [rng.roll(expected, 6), rng.roll(expected, 6)] == data["rolls"]


def test_w20_plus_three_adds_modifier():
    state = new()
    _after, events = ENGINE.apply(state, 0, {"type": "roll", "dice": "W20+3"})
    data = events[0].data
    assert data["total"] == data["rolls"][0] + 3 and 4 <= data["total"] <= 23
    assert events[0].public.params["seat"] == 0


def test_game_tools_coin_lot_and_die():
    state = new(players=4, game="abenteuer-in-mittelerde")
    _s, events = ENGINE.apply(state, 0, {"type": "roll", "tool": "muenze"})
    assert events[0].data["value"] in {"heads", "tails"}
    _s, events = ENGINE.apply(state, 0, {"type": "roll", "tool": "startspieler"})
    assert 0 <= events[0].data["value"] < 4
    sauron = new(players=5)
    _s, events = ENGINE.apply(sauron, 2, {"type": "roll", "tool": "grundspiel"})
    assert 1 <= events[0].data["value"] <= 6
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(sauron, 2, {"type": "roll", "tool": "muenze"})
    assert exc.value.code == "tool_unknown"


def test_pass_only_on_own_turn_and_rounds_count():
    state = new()
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(state, 1, {"type": "pass"})
    assert exc.value.code == "not_your_turn"
    for seat in (0, 1, 2):
        state, _ = ENGINE.apply(state, seat, {"type": "pass"})
    assert state["turn"] == 0 and state["round"] == 2


def test_private_notes_never_in_other_views():
    state = new()
    state, events = ENGINE.apply(state, 1, {"type": "note", "text": "Ring in Bruchtal versteckt"})
    assert "Ring" not in events[0].public.render(lambda s: s).replace("%(player)s", "")
    assert events[0].private[1].params["text"] == "Ring in Bruchtal versteckt"
    assert "Ring in Bruchtal" in json.dumps(ENGINE.view(state, 1))
    for seat in (0, 2, None):
        dumped = json.dumps(ENGINE.view(state, seat))
        assert "Ring in Bruchtal" not in dumped
        assert '"rng"' not in dumped and str(state["rng"]["s"]) not in dumped
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(state, 1, {"type": "note", "text": "  "})
    assert exc.value.code == "note_empty"


def test_end_needs_everyones_confirmation():
    state = new()
    state, events = ENGINE.apply(state, 2, {"type": "propose_end", "winners": [1], "summary": "Der Ring ist zerstört"})
    assert ENGINE.result(state) is None
    assert ENGINE.current_seats(state) == [0, 1]  # whose turn it is, and who still has to agree
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(state, 2, {"type": "confirm_end"})
    assert exc.value.code == "already_agreed"
    state, _ = ENGINE.apply(state, 0, {"type": "confirm_end"})
    assert ENGINE.result(state) is None
    state, events = ENGINE.apply(state, 1, {"type": "confirm_end"})
    result = ENGINE.result(state)
    assert result.winners == [1] and events[-1].data["kind"] == "finished"
    assert ENGINE.current_seats(state) == [] and ENGINE.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(state, 0, {"type": "roll", "dice": "W6"})
    assert exc.value.code == "game_over"


def test_rejection_withdraws_the_proposal():
    state = new()
    state, _ = ENGINE.apply(state, 0, {"type": "propose_end", "winners": [0]})
    state, _ = ENGINE.apply(state, 1, {"type": "reject_end"})
    assert state["proposal"] is None and ENGINE.result(state) is None
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(state, 1, {"type": "confirm_end"})
    assert exc.value.code == "no_proposal"
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(state, 1, {"type": "propose_end", "winners": [7]})
    assert exc.value.code == "winners_invalid"


def test_unknown_and_malformed_actions():
    state = new()
    for action in ({"type": "fly"}, {}, {"type": None}):
        with pytest.raises(IllegalAction) as exc:
            ENGINE.apply(state, 0, action)
        assert exc.value.code == "action_unknown"
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 0, ["roll"])


def test_default_action_is_legal_and_deterministic():
    state = new()
    assert ENGINE.default_action(state, 0) == {"type": "pass"}
    state, _ = ENGINE.apply(state, 0, {"type": "propose_end", "winners": []})
    assert ENGINE.default_action(state, 2) == {"type": "confirm_end"}
    ENGINE.apply(state, 2, ENGINE.default_action(state, 2))


def test_random_games_replay_identically_and_survive_json():
    """Random legal play: the move log replayed from the seed gives the same state."""
    for seed in range(25):
        chooser = random.Random(seed)
        players = chooser.randint(3, 6)
        state = ENGINE.setup(players, {"game": "sauron"}, seed)
        log = []
        for _ in range(200):
            seats = ENGINE.current_seats(state)
            if not seats:
                break
            seat = chooser.choice(range(players))
            options = ENGINE.legal_actions(state, seat)
            action = dict(chooser.choice(options))
            if action["type"] == "note":
                action["text"] = f"Notiz {seed}"
            state, _ = ENGINE.apply(state, seat, action)
            state = json.loads(json.dumps(state))
            log.append((seat, action))
        replayed = ENGINE.setup(players, {"game": "sauron"}, seed)
        for seat, action in log:
            replayed, _ = ENGINE.apply(replayed, seat, action)
        assert replayed == state


def test_parse_form():
    assert ENGINE.parse_form({"type": "roll", "dice": "2W6"}) == {"type": "roll", "dice": "2W6"}
    assert ENGINE.parse_form({"type": "roll", "tool": "muenze"}) == {"type": "roll", "tool": "muenze"}
    assert ENGINE.parse_form({"type": "propose_end", "winners": ["0", "2"]})["winners"] == [0, 2]
    assert ENGINE.parse_form({"type": "pass"}) == {"type": "pass"}


def test_engine_does_not_import_django():
    import pathlib

    root = pathlib.Path(ENGINE.__class__.__module__.replace(".", "/")).parent
    for path in pathlib.Path("matches/engine").rglob("*.py"):
        assert "django" not in path.read_text(encoding="utf-8"), path
    assert root
