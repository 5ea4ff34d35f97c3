"""Moving, capturing, pincers and Schattenfell on plain positions (rulebook: Bewegung, Zange)."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.zwei_tuerme.engine import analyse, movement
from matches.games.zwei_tuerme.engine.notation import parse

from .zt_positions import ARAGORN, ARAGORN_FROM, ARAGORN_PATH, EOMER, EOMER_FROM, EOMER_PATH, EOMER_PINCERED


def by_path(result, path):
    return next(m for m in result["moves"] if m["path"] == path)


def test_aragorn_example_one_side_orc_costs_one_point_and_the_move_takes_three_orcs():
    result = analyse(ARAGORN, ARAGORN_FROM, 9, "any")
    assert result["effective_strength"] == 8  # the diagonal orc does not count
    move = by_path(result, ARAGORN_PATH)
    assert move["end"] == [3, 7]
    assert move["captured"] == [[3, 5], [3, 6], [3, 7]]
    assert move["pincered"] == []
    # 1 + 2 + 2 + 2 = 7 points; the eighth cannot pay for the orc on 3/8 and a second turn is not allowed
    assert not any(m["path"][:4] == ARAGORN_PATH and len(m["path"]) > 4 for m in result["moves"])
    outcome = movement.simulate(parse(ARAGORN), (5, 3), 8, "any", [tuple(f) for f in ARAGORN_PATH])
    assert outcome["left"] == 1
    with pytest.raises(IllegalAction) as err:
        movement.simulate(parse(ARAGORN), (5, 3), 8, "any", [tuple(f) for f in [*ARAGORN_PATH, [3, 8]]])
    assert err.value.code == "path_too_long"


def test_eomer_example_two_side_orcs_and_the_pincer_with_red():
    result = analyse(EOMER, EOMER_FROM, 8, "orthogonal")
    assert result["effective_strength"] == 6
    move = by_path(result, EOMER_PATH)
    assert move["captured"] == [[5, 5], [5, 6]]
    assert move["pincered"] == EOMER_PINCERED
    # with only six points the first orc cannot be reached by a longer way round
    assert all(len(m["path"]) <= 6 for m in result["moves"])


def test_orthogonal_cards_only_move_straight_with_one_turn():
    grid = parse("...../...../..1../...../.....")
    moves = movement.moves(grid, (3, 3), 3, "orthogonal")
    ends = {m["end"] for m in moves}
    assert (2, 2) in ends  # up, then left
    assert (2, 4) in ends
    assert all(abs(e[0] - 3) + abs(e[1] - 3) <= 3 for e in ends)
    with pytest.raises(IllegalAction) as err:
        movement.simulate(grid, (3, 3), 3, "orthogonal", [(2, 4)])
    assert err.value.code == "path_direction"
    with pytest.raises(IllegalAction) as err:  # up, right, down: two changes
        movement.simulate(grid, (3, 3), 5, "orthogonal", [(2, 3), (2, 4), (3, 4)])
    assert err.value.code == "path_turns"


def test_diagonal_cards_only_move_diagonally():
    grid = parse("...../...../..1../...../.....")
    ends = {m["end"] for m in movement.moves(grid, (3, 3), 4, "diagonal")}
    assert ends == {(2, 2), (1, 1), (2, 4), (1, 5), (4, 2), (5, 1), (4, 4), (5, 5), (1, 3), (3, 1), (3, 5), (5, 3)}


def test_any_card_may_turn_from_diagonal_to_straight():
    grid = parse("...../...../..1../...../.....")
    outcome = movement.simulate(grid, (3, 3), 3, "any", [(2, 4), (2, 5)])
    assert outcome["end"] == (2, 5)
    with pytest.raises(IllegalAction):
        movement.simulate(grid, (3, 3), 3, "any", [(2, 4), (2, 5), (1, 5)])


def test_no_field_twice_and_never_back_to_the_start():
    grid = parse("...../...../..1../...../.....")
    with pytest.raises(IllegalAction) as err:
        movement.simulate(grid, (3, 3), 5, "any", [(3, 4), (3, 5), (3, 4)])
    assert err.value.code == "path_revisit"
    for move in movement.moves(grid, (3, 3), 6, "any"):
        assert len(set(move["path"])) == len(move["path"])
        assert (3, 3) not in move["path"]


def test_orc_costs_two_and_is_captured_empty_costs_one():
    grid = parse("1o.o.")
    outcome = movement.simulate(grid, (1, 1), 5, "orthogonal", [(1, 2), (1, 3), (1, 4)])
    assert outcome["captured"] == [(1, 2), (1, 4)]
    assert outcome["left"] == 0
    ends = {m["end"] for m in movement.moves(grid, (1, 1), 4, "orthogonal")}
    assert ends == {(1, 2), (1, 3)}  # 2 + 1 = 3; the orc on 1/4 needs 2 more


def test_figures_are_crossed_for_one_point_but_never_stood_on():
    grid = parse("12...")
    ends = {m["end"] for m in movement.moves(grid, (1, 1), 3, "orthogonal")}
    assert ends == {(1, 3), (1, 4)}
    with pytest.raises(IllegalAction) as err:
        movement.simulate(grid, (1, 1), 3, "orthogonal", [(1, 2)])
    assert err.value.code == "path_ends_on_figure"


def test_towers_holes_and_the_edge_stop_a_line():
    grid = parse("1T../1#..")
    assert movement.moves(grid, (1, 1), 5, "orthogonal") == []
    with pytest.raises(IllegalAction) as err:
        movement.simulate(grid, (1, 1), 5, "orthogonal", [(1, 2)])
    assert err.value.code == "path_blocked"


def test_only_orthogonal_orcs_reduce_the_strength():
    grid = parse("o.o/.1./o.o")
    assert movement.effective_strength(grid, (2, 2), 9) == 9
    grid = parse(".o./o1o/.o.")
    assert movement.effective_strength(grid, (2, 2), 9) == 5
    assert movement.effective_strength(grid, (2, 2), 3) == 0


def test_pincer_only_along_the_column_never_along_the_row():
    # 1 steps down to 2/1: along the row 2/2, 2/3 are orcs up to figure 2 – the long direction, no pincer
    row_move = movement.simulate(parse("1.../.oo2"), (1, 1), 1, "orthogonal", [(2, 1)])
    assert row_move["pincers"] == []
    # the same shape turned into a column: a pincer
    column = movement.simulate(parse("1.../..../o.../2..."), (1, 1), 1, "orthogonal", [(2, 1)])
    assert column["pincers"] == [{"partner": (4, 1), "fields": [(3, 1)]}]


def test_two_pincers_at_once_up_and_down():
    # wider than tall, so the column is the narrow direction
    grid = parse("2....../o....../.1...../o....../o....../3......")
    outcome = movement.simulate(grid, (3, 2), 1, "orthogonal", [(3, 1)])
    assert [p["fields"] for p in outcome["pincers"]] == [[(2, 1)], [(4, 1), (5, 1)]]
    assert grid.columns > grid.rows


def test_a_pincer_mid_move_and_the_move_goes_on_over_the_freed_fields():
    # 1 moves right to 3/3 (pincer with 2 on 1/3 around 2/3), then turns up: 2/3 is empty now
    position = "..2./..o./1.../...."
    outcome = movement.simulate(parse(position), (3, 1), 3, "orthogonal", [(3, 2), (3, 3), (2, 3)])
    assert outcome["pincers"] == [{"partner": (1, 3), "fields": [(2, 3)]}]
    assert outcome["captured"] == []
    assert outcome["end"] == (2, 3)


def test_empty_fields_break_a_pincer():
    outcome = movement.simulate(
        parse("2....../o....../......./o....../......./1......"), (6, 1), 1, "orthogonal", [(5, 1)]
    )
    assert outcome["pincers"] == []


# „Eine Zange ist nur in der Schmalrichtung des Plans gültig, niemals aber in der Längsrichtung.“
# On a position taller than wide the narrow direction is the row.
def test_on_a_tall_position_the_pincer_holds_along_the_row_never_along_the_column():
    tall = parse("1.../..../o.../2.../..../....")  # 6 rows, 4 columns
    # down the column (the long direction here): 1 steps to 2/1, an orc and figure 2 below: no pincer
    assert movement.simulate(tall, (1, 1), 1, "orthogonal", [(2, 1)])["pincers"] == []
    # along the row (the narrow direction): 1 steps to 5/1 beside orcs up to figure 2 on 5/4
    across = parse("..../..../..../1.../.oo2/....")
    outcome = movement.simulate(across, (4, 1), 1, "orthogonal", [(5, 1)])
    assert outcome["pincers"] == [{"partner": (5, 4), "fields": [(5, 2), (5, 3)]}]
    # the move generator agrees with the walked path
    listed = {m["end"]: m for m in movement.moves(across, (4, 1), 1, "orthogonal")}
    assert [p["fields"] for p in listed[(5, 1)]["pincers"]] == [[(5, 2), (5, 3)]]
    # „zwei Zangen gleichzeitig“: on a tall position to the left and to the right
    both = parse("2o.oo2/..1.../....../....../....../....../......")  # 7 rows, 6 columns
    two = movement.simulate(both, (2, 3), 1, "orthogonal", [(1, 3)])
    assert [p["fields"] for p in two["pincers"]] == [[(1, 2)], [(1, 4), (1, 5)]]


def test_the_analysis_board_pincers_in_the_narrow_direction_of_the_pasted_position():
    def pincered(position):
        return {tuple(m["end"]): m["pincered"] for m in analyse(position, [1, 1], 1, "orthogonal")["moves"]}

    # 6 × 3, taller than wide: an orc and a figure down the column are the long direction
    assert pincered("1../.../o../2../.../...") == {(2, 1): [], (1, 2): []}
    # the same column on a 4 × 6 position, wider than tall: the narrow direction, a pincer
    assert pincered("1...../....../o...../2.....")[(2, 1)] == [[3, 1]]
    # tall again: an orc and a figure beside the field along the row
    assert pincered("1../.o2/.../.../.../...")[(2, 1)] == [[2, 2]]


def test_schattenfell_jumps_anywhere_but_onto_figures_and_can_close_pincers():
    grid = parse("2.../o.../o.../...1")
    outcome = movement.jump(grid, (4, 4), (4, 1))
    assert outcome["pincers"] == [{"partner": (1, 1), "fields": [(3, 1), (2, 1)]}]
    onto_orc = movement.jump(grid, (4, 4), (2, 1))
    assert onto_orc["captured"] == [(2, 1)]
    with pytest.raises(IllegalAction) as err:
        movement.jump(grid, (4, 4), (1, 1))
    assert err.value.code == "jump_onto_figure"
    targets = movement.jump_targets(grid, (4, 4))
    assert (1, 1) not in targets and (4, 4) not in targets and len(targets) == 14


def test_analysis_with_schattenfell_lists_jumps_after_moves():
    result = analyse("2.../o.../o.../...1", [4, 4], 1, "orthogonal", schattenfell=True)
    jumps = [m for m in result["moves"] if m.get("jump")]
    assert len(jumps) == 14
    to_4_1 = next(m for m in jumps if m["end"] == [4, 1])
    assert to_4_1["pincered"] == [[3, 1], [2, 1]]
    assert {tuple(m["end"]) for m in result["moves"] if not m.get("jump")} == {(3, 4), (4, 3)}


@pytest.mark.parametrize(
    ("position", "start", "strength", "symbol", "code"),
    [
        ("..1/...", [1, 3], 9, "sideways", "symbol"),
        ("..1/...", [2, 1], 9, "any", "from_no_figure"),
        ("..1/...", [5, 1], 9, "any", "from_outside"),
        ("..1/..", [1, 3], 9, "any", "position_row_length"),
        ("..1/.x.", [1, 3], 9, "any", "position_symbol"),
        ("", [1, 3], 9, "any", "position_empty"),
        ("..1/...", "1,3", 9, "any", "field_format"),
        ("..1/...", [1, 3], -1, "any", "strength"),
    ],
)
def test_analysis_rejects_bad_input_with_a_german_message(position, start, strength, symbol, code):
    with pytest.raises(IllegalAction) as err:
        analyse(position, start, strength, symbol)
    assert err.value.code == code
    assert err.value.text.render()  # German text with its parameters filled in


def test_movement_works_on_any_rectangle():
    tall = parse("1/./o/./.")
    assert {m["end"] for m in movement.moves(tall, (1, 1), 4, "orthogonal")} == {(2, 1), (3, 1), (4, 1)}
    wide = parse("#.1.o.#")
    assert {m["end"] for m in movement.moves(wide, (1, 3), 9, "any")} == {(1, 2), (1, 4), (1, 5), (1, 6)}
