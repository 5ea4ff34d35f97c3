"""The typed move form and the reconstructed data file."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.zwei_tuerme.engine import ENGINE, parse_form
from matches.games.zwei_tuerme.engine.data import DATA_FILE, load
from matches.games.zwei_tuerme.engine.notation import parse

DATA = load()


@pytest.mark.parametrize(
    "typed",
    ["5,3 5,4 4,4", "5/3 – 5/4 – 4/4", "5/3-5/4-4/4", " 5, 3 ; 5 ,4 ; 4,4 ", "5/3 → 5/4 → 4/4"],
)
def test_typed_paths_in_either_notation(typed):
    action = parse_form({"card": "aragorn-9", "path": typed, "figure": "1"})
    assert action == {"type": "move", "card": "aragorn-9", "figure": 1, "path": [[5, 3], [5, 4], [4, 4]]}


def test_the_engine_offers_parse_form_to_the_framework():
    assert ENGINE.parse_form({"card": "gimli-8", "path": "1,1"}) == parse_form({"card": "gimli-8", "path": "1,1"})


def test_jump_and_place_take_one_field():
    assert parse_form({"type": "jump", "card": "gandalf-7", "path": "2/3"}) == {
        "type": "jump",
        "card": "gandalf-7",
        "to": [2, 3],
    }
    assert parse_form({"type": "place", "to": "4,9"}) == {"type": "place", "to": [4, 9]}
    with pytest.raises(IllegalAction) as err:
        parse_form({"type": "jump", "card": "gandalf-7", "path": "2/3 2/4"})
    assert err.value.code == "target_count"


@pytest.mark.parametrize(
    ("fields", "code", "fragment"),
    [
        ({"card": "aragorn-9", "path": "5,3 x 5,4"}, "path_syntax", "„x“"),
        ({"card": "aragorn-9", "path": "5,3 5"}, "path_syntax", "„5“"),
        ({"path": "5,3"}, "card_missing", "Heldenkarte"),
        ({"card": "aragorn-9", "path": "5,3", "figure": "eins"}, "figure_unknown", "eins"),
        ({"type": "fly", "card": "aragorn-9"}, "action_type", "fly"),
    ],
)
def test_bad_form_input_names_what_is_wrong(fields, code, fragment):
    with pytest.raises(IllegalAction) as err:
        parse_form(fields)
    assert err.value.code == code
    assert fragment in err.value.text.render()


def test_a_typed_path_may_start_with_the_figures_own_field():
    position = "T..../.1.../...../..2../....T"
    state = ENGINE.from_position(position, players=2, hands=[["gimli-8", "legolas-8", "eomer-8"], ["gimli-7"]])
    state["figures"][0] = state["figures"][0][:1]
    action = parse_form({"card": "gimli-8", "path": "2/2 2/3 2/4"})
    new, _ = ENGINE.apply(state, 0, action)
    assert new["figures"][0][0] == [2, 4]


def test_the_data_file_says_it_is_a_reconstruction():
    head = DATA_FILE.read_text(encoding="utf-8")[:400]
    assert "RECONSTRUCTION" in head


def test_the_data_respects_every_number_of_the_rulebook():
    assert len(DATA.tiles) == 150
    assert {t.value for t in DATA.tiles} == {1, 2, 3}
    assert all(t.value == 1 for t in DATA.tiles if t.ent) and any(t.ent for t in DATA.tiles)
    assert len(DATA.heroes) == 32
    assert (DATA.heroes["aragorn-9"].name, DATA.heroes["aragorn-9"].strength) == ("Aragorn", 9)
    assert DATA.heroes["aragorn-9"].symbol == "any"  # the example turns from diagonal to straight
    assert (DATA.heroes["eomer-8"].name, DATA.heroes["eomer-8"].strength) == ("Eomer", 8)
    gandalf = [h for h in DATA.heroes.values() if h.name == "Gandalf"]
    assert gandalf and all(h.schattenfell for h in gandalf)
    assert not any(h.schattenfell for h in DATA.heroes.values() if h.name != "Gandalf")
    assert {h.symbol for h in DATA.heroes.values()} == {"orthogonal", "diagonal", "any"}
    assert len(DATA.orc_cards) == 9
    assert sum(1 for p in DATA.orc_cards.values() if len({x["side"] for x in p}) == 2) == 1
    assert len(DATA.events) == 14
    assert [sum(1 for e in DATA.events.values() if e["pile"] == n) > 0 for n in (1, 2, 3)] == [True] * 3
    assert {a.name for a in DATA.areas.values()} == {
        "Amon Hen",
        "Fangorn",
        "Edoras",
        "Minas Tirith",
        "Helms Klamm",
        "Rohan-Ebene",
    }
    assert len(DATA.areas[DATA.start_area].fields) >= 4  # room for four figures


def test_five_fields_around_each_tower_and_seven_in_the_second_ring():
    grid = parse(DATA.empty_position())
    for tower in DATA.towers:
        r, c = tower.field
        around = {
            (r + dr, c + dc)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr, dc) != (0, 0) and grid.inside(r + dr, c + dc)
        }
        assert set(tower.ring1) == around and len(around) == 5
        assert len(set(tower.ring2)) == 7 and not set(tower.ring2) & (around | {tower.field})
    assert DATA.towers[0].field[1] == 1 and DATA.towers[1].field[1] == DATA.columns  # Orthanc left
    assert DATA.rows < DATA.columns  # the narrow direction is the column
