"""The Zwei Türme turn, the end of the game and the views (rulebook: Spielvorbereitung … Spielende)."""

import json

import pytest

from matches.engine.base import IllegalAction
from matches.games.zwei_tuerme.engine import ENGINE
from matches.games.zwei_tuerme.engine.data import load
from matches.games.zwei_tuerme.engine.events import apply_event
from matches.games.zwei_tuerme.engine.notation import parse
from matches.games.zwei_tuerme.engine.orcs import put_orc

from .zt_positions import ARAGORN, ARAGORN_PATH, EOMER, EOMER_PATH

DATA = load()


def orcs(state):
    return state["position"].count("o")


def placed(players=2, seed=7, variant="standard"):
    """A game after everyone has put their figures on Amon Hen (first fields in order)."""
    state = ENGINE.setup(players, {"variant": variant}, seed)
    while state["phase"] == "place":
        seat = ENGINE.current_seats(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    return state


def tiles_total(state):
    return len(state["supply"]) + len(state["tiles"]) + sum(len(c) for c in state["captured"])


def with_orc_pile(state, *cards):
    state["orc_pile"] = list(cards) + [c for c in state["orc_pile"] if c not in cards]
    return state


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize(("variant", "count"), [("standard", 10), ("zweiter-ring", 17), ("doppelte-ringe", 24)])
def test_setup_puts_orcs_on_the_rings_around_the_towers(variant, count):
    state = ENGINE.setup(3, {"variant": variant}, 1)
    assert orcs(state) == count
    assert len(state["tiles"]) == count and tiles_total(state) == 150
    grid = parse(state["position"])
    for tower in DATA.towers:
        assert grid.get(*tower.field) == "T"
        assert all(grid.get(*f) == "o" for f in tower.ring1)


def test_setup_deals_three_hero_cards_and_stacks_the_piles():
    state = ENGINE.setup(4, {}, 3)
    assert [len(h) for h in state["hands"]] == [3, 3, 3, 3]
    assert len(state["hero_pile"]) == 32 - 12
    assert len(state["orc_pile"]) == 9
    piles = [DATA.events[e]["pile"] for e in state["event_pile"]]
    assert piles == sorted(piles) and len(piles) == 14  # the 1s on top, the 3s at the bottom
    assert state["ent"] == 0 and state["phase"] == "place" and ENGINE.current_seats(state) == [0]


def test_unknown_variant_and_player_counts_are_refused_in_german():
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(2, {"variant": "drei-ringe"}, 1)
    assert err.value.code == "variant_unknown"
    assert "drei-ringe" in err.value.text.render() and "zweiter-ring" in err.value.text.render()
    with pytest.raises(IllegalAction):
        ENGINE.setup(5, {}, 1)
    with pytest.raises(IllegalAction):
        ENGINE.setup(1, {}, 1)


def test_placement_in_turn_green_first_on_free_fields_of_amon_hen_two_each_with_two_players():
    state = ENGINE.setup(2, {}, 5)
    amon_hen = DATA.areas["amon-hen"].fields
    order = []
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "place", "to": [1, 1]})
    assert err.value.code == "place_field"
    while state["phase"] == "place":
        seat = ENGINE.current_seats(state)[0]
        order.append(seat)
        target = ENGINE.legal_actions(state, seat)[-1]
        assert tuple(target["to"]) in amon_hen
        state, _ = ENGINE.apply(state, seat, target)
    assert order == [0, 1, 0, 1]
    assert all(all(f is not None for f in figures) for figures in state["figures"])
    assert state["phase"] == "play" and ENGINE.current_seats(state) == [0]
    assert state["last_orc"] is not None  # green's first orc card is already on the board


@pytest.mark.parametrize(("players", "figures"), [(2, 2), (3, 1), (4, 1)])
def test_figures_per_player(players, figures):
    state = placed(players)
    assert [len(f) for f in state["figures"]] == [figures] * players
    assert sum(state["position"].count(str(s + 1)) for s in range(players)) == players * figures


# ------------------------------------------------------------------ the orc card


def test_orc_card_fills_the_first_free_fields_from_its_side_skipping_occupied_ones():
    position = "/".join(["........T"] * 1 + [".........", "T........", "o2o......", ".........", "........."])
    state = ENGINE.from_position(position, players=2, hands=[["aragorn-9", "eomer-8", "gimli-8"], []])
    with_orc_pile(state, "isengart-4")  # three orcs, row 4, from the left
    events = ENGINE._orc_card(state)
    assert state["position"].split("/")[3] == "o2oooo..."
    assert events[0].data["fields"] == [[4, 4], [4, 5], [4, 6]]
    with_orc_pile(state, "mordor-4")  # two orcs, row 4, from the right
    ENGINE._orc_card(state)
    assert state["position"].split("/")[3] == "o2oooo.oo"


def test_a_full_row_takes_no_more_orcs():
    position = "/".join(["T....", ".....", ".....", "oo1oo", ".....", "....T"])
    state = ENGINE.from_position(position, players=2)
    with_orc_pile(state, "isengart-4")
    events = ENGINE._orc_card(state)
    assert events[0].data["fields"] == []
    assert state["position"].split("/")[3] == "oo1oo"


def test_the_card_from_both_sides():
    state = placed(3)
    before = parse(state["position"])
    with_orc_pile(state, "beide")
    events = ENGINE._orc_card(state)
    # one event per placement, each telling its side and row
    fields = [f for e in events if e.data.get("kind") == "orcs" for f in e.data["fields"]]
    assert [(e.data["side"], e.data["row"]) for e in events] == [("isengart", 5), ("mordor", 4)]
    assert "von Mordor (rechts) in Reihe 4" in events[1].public.render()
    assert {f[0] for f in fields} == {5, 4}
    assert any(f[1] < DATA.columns // 2 for f in fields) and any(f[1] > DATA.columns // 2 for f in fields)
    assert orcs(state) == before.cells.count("o") + 4


def test_orc_cards_are_reshuffled_after_all_nine_were_used():
    state = placed(3)
    state["orc_pile"], state["orc_discard"] = ["mordor-2"], sorted(set(DATA.orc_cards) - {"mordor-2"})
    ENGINE._orc_card(state)
    assert sorted(state["orc_pile"]) == sorted(DATA.orc_cards) and state["orc_discard"] == []


def test_orc_placement_areas_are_isengart_rows_4_to_7_left_and_mordor_rows_2_to_5_right():
    for placements in DATA.orc_cards.values():
        for p in placements:
            assert p["row"] in ({4, 5, 6, 7} if p["side"] == "isengart" else {2, 3, 4, 5})


# ------------------------------------------------------------------ playing a hero card


def test_the_aragorn_example_as_a_turn_draws_back_to_three_and_reveals_the_orcs():
    # red is seat 1 ("2"); green (seat 0) stands far away on 8/10
    position = ARAGORN[:-1] + "1"
    state = ENGINE.from_position(
        position, players=2, hands=[["gimli-8"], ["aragorn-9", "legolas-8", "gimli-7"]], turn=1
    )
    state["figures"][0] = [[8, 10], [8, 9]]
    grid = parse(state["position"])
    grid.set(8, 9, "1")
    state["position"] = grid.dump()
    new, events = ENGINE.apply(state, 1, {"type": "move", "card": "aragorn-9", "figure": 0, "path": ARAGORN_PATH})
    assert len(new["captured"][1]) == 3
    assert len(new["hands"][1]) == 3 and "aragorn-9" not in new["hands"][1]
    assert new["hero_discard"][-1] == "aragorn-9"
    assert parse(new["position"]).get(3, 7) == "2" and parse(new["position"]).get(5, 3) == "."
    assert any(e.data.get("kind") == "reveal" and e.data["seat"] == 1 for e in events)
    assert new["turn"] == 0
    assert tiles_total(new) == 150


def test_the_eomer_example_pincer_shares_two_to_blue_and_one_to_red():
    state = ENGINE.from_position(
        EOMER + "/.........1",
        players=3,
        hands=[["gimli-8"], ["gimli-7"], ["eomer-8", "legolas-8", "faramir-7"]],
        turn=2,
    )
    new, events = ENGINE.apply(state, 2, {"type": "move", "card": "eomer-8", "path": EOMER_PATH})
    assert len(new["captured"][2]) == 2 + 2  # two taken on the way, two of the three in the pincer
    assert len(new["captured"][1]) == 1
    assert [e.data["seat"] for e in events if e.data.get("kind") == "reveal"] == [2, 1]  # the mover first
    pincer = next(e for e in events if e.data.get("kind") == "pincer")
    assert pincer.data["partner"] == 1 and len(pincer.data["fields"]) == 3


def test_two_players_may_close_a_pincer_with_their_own_two_figures_and_keep_all():
    position = "1..../o..../o..../.1..T/T...."
    state = ENGINE.from_position(position, players=2, hands=[["gimli-8", "eomer-8", "aragorn-7"], ["gimli-7"]])
    new, _events = ENGINE.apply(state, 0, {"type": "move", "card": "gimli-8", "figure": 1, "path": [[4, 1]]})
    assert len(new["captured"][0]) == 2 and new["captured"][1] == []
    # either figure may move, in any order; figure 0 now
    assert new["figures"][0][1] == [4, 1]


def test_figure_must_be_named_with_two_figures_and_must_exist():
    state = placed(2)
    card = state["hands"][0][0]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "move", "card": card, "path": [[1, 1]]})
    assert err.value.code == "figure_missing"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "move", "card": card, "figure": 2, "path": [[1, 1]]})
    assert err.value.code == "figure_unknown"


def test_only_cards_in_hand_and_only_on_ones_turn():
    state = placed(3)
    other = next(c for c in DATA.heroes if c not in state["hands"][0])
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "move", "card": other, "path": [[1, 1]]})
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 1, {"type": "move", "card": state["hands"][1][0], "path": [[1, 1]]})
    assert err.value.code == "not_your_turn"


def test_one_must_move_at_least_one_field_when_possible_and_may_pass_when_not():
    position = "T..../.1.../...../..2../....T"
    state = ENGINE.from_position(position, players=2, hands=[["gimli-8", "legolas-8", "eomer-8"], ["gimli-7"]])
    state["figures"][0] = state["figures"][0][:1]
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "move", "card": "gimli-8", "path": []})
    assert err.value.code == "must_move"
    boxed = "T.ooo/.o1o./.ooo./..2../....T"
    state = ENGINE.from_position(boxed, players=2, hands=[["haldir-3", "legolas-8", "eomer-8"], ["gimli-7"]])
    # Haldir 3 minus 3 orthogonal orcs = 0 points: the card is played without a move
    new, events = ENGINE.apply(state, 0, {"type": "move", "card": "haldir-3", "path": []})
    assert events[0].data["kind"] == "pass"
    assert len(new["hands"][0]) == 3


def test_schattenfell_only_with_gandalf_and_not_onto_figures():
    position = "T..../.1.../..o../..2../o...T"
    state = ENGINE.from_position(position, players=2, hands=[["gandalf-7", "gimli-8", "eomer-8"], ["gimli-7"]])
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "jump", "card": "gimli-8", "to": [5, 1]})
    assert err.value.code == "no_schattenfell"
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, 0, {"type": "jump", "card": "gandalf-7", "to": [4, 3]})
    assert err.value.code == "jump_onto_figure"
    # the jump to 2/3 closes a pincer with 2 on 4/3 around the orc on 3/3
    new, _events = ENGINE.apply(state, 0, {"type": "jump", "card": "gandalf-7", "to": [2, 3]})
    assert len(new["captured"][0]) == 1 and new["captured"][1] == []
    new, _ = ENGINE.apply(state, 0, {"type": "jump", "card": "gandalf-7", "to": [5, 1]})
    assert len(new["captured"][0]) == 1


def test_hero_pile_is_reshuffled_from_the_discards_when_used_up():
    state = placed(2)
    state["hero_discard"] = state["hero_pile"]
    state["hero_pile"] = []
    seat = ENGINE.current_seats(state)[0]
    new, events = ENGINE.apply(state, seat, ENGINE.default_action(state, seat))
    assert len(new["hands"][seat]) == 3
    assert any(e.data.get("kind") == "reshuffle" for e in events)
    assert len(new["hero_pile"]) + len(new["hero_discard"]) + sum(len(h) for h in new["hands"]) == 32


# ------------------------------------------------------------------ Ents and events


def ent_game(position, ent_values, hands=None, ent=0):
    """A game where the orcs on ``position`` carry exactly the tiles listed (value, ent) in reading order."""
    state = ENGINE.from_position(position, players=2, hands=hands or [["gimli-8", "legolas-8", "eomer-8"], ["gimli-7"]])
    ent_ids = [i for i, t in enumerate(DATA.tiles) if t.ent]
    plain = {v: [i for i, t in enumerate(DATA.tiles) if t.value == v and not t.ent] for v in (1, 2, 3)}
    state["supply"] = list(range(len(DATA.tiles)))
    for field, want in zip(parse(position).fields("o"), ent_values, strict=True):
        tile = ent_ids.pop() if want == "ent" else plain[want].pop()
        state["tiles"][f"{field[0]},{field[1]}"] = tile
        state["supply"].remove(tile)
    state["ent"] = ent
    return state


def test_an_ent_tile_moves_the_ent_one_step_and_draws_an_event_card():
    position = "T..../1oo../...../..2../....T"
    state = ent_game(position, ["ent", 3])
    top = state["event_pile"][0]
    new, events = ENGINE.apply(state, 0, {"type": "move", "card": "gimli-8", "figure": 0, "path": [[2, 2], [2, 3]]})
    assert new["ent"] == 1
    assert new["events_done"] == [top] and new["event_pile"] == state["event_pile"][1:]
    kinds = [e.data.get("kind") for e in events]
    assert kinds.index("reveal") < kinds.index("ent") < kinds.index("event")
    assert sum(DATA.tiles[t].value for t in new["captured"][0]) == 4


def test_orcs_beaten_by_an_event_go_back_to_the_supply_unrevealed():
    amon_hen = sorted(DATA.areas["amon-hen"].fields)
    state = ENGINE.from_position(
        ENGINE.data.empty_position(), players=2, hands=[["gimli-8", "legolas-8", "eomer-8"], ["gimli-7"]]
    )
    grid = parse(state["position"])
    for field in amon_hen[:2]:
        grid.set(*field, "o")
    grid.set(1, 2, "1")
    grid.set(1, 3, "o")
    grid.set(8, 18, "2")
    state = ent_game(grid.dump(), ["ent", 2, 2])  # reading order: 1/3 first
    state["event_pile"] = ["rastplatz", *[e for e in state["event_pile"] if e != "rastplatz"]]
    returned = [state["tiles"][f"{r},{c}"] for r, c in amon_hen[:2]]
    new, events = ENGINE.apply(state, 0, {"type": "move", "card": "gimli-8", "figure": 0, "path": [[1, 3]]})
    event = next(e for e in events if e.data.get("kind") == "event")
    assert event.data["card"] == "rastplatz" and len(event.data["fields"]) == 2
    assert not set(returned) & set(new["captured"][0] + new["captured"][1])  # nobody gets them
    assert "fields" in event.data and all("value" not in f for f in event.data["fields"])  # unrevealed
    assert len(new["captured"][0]) == 1
    assert all(parse(new["position"]).get(*f) == "." for f in amon_hen[:2])
    assert tiles_total(new) == 150


@pytest.mark.parametrize("event_id", sorted(DATA.events))
def test_every_event_card_keeps_the_tiles_and_never_touches_figures(event_id):
    state = placed(3, variant="doppelte-ringe")  # one field of Amon Hen stays free, next to a figure
    grid = parse(state["position"])
    for area in DATA.areas.values():  # some orcs in every area, so clearing has something to do
        for field in [f for f in sorted(area.fields) if grid.get(*f) == "."][:2]:
            put_orc(state, grid, field)
    figures = grid.figures()
    supply, on_board = len(state["supply"]), grid.cells.count("o")
    event = apply_event(state, grid, DATA, event_id)
    effect = DATA.events[event_id]["effect"]
    moved = len(event.data["fields"])
    if effect in ("clear_area", "clear_around"):
        assert moved > 0 and len(state["supply"]) == supply + moved and grid.cells.count("o") == on_board - moved
    else:
        assert len(state["supply"]) == supply - moved and grid.cells.count("o") == on_board + moved
    assert grid.figures() == figures
    assert len(state["supply"]) + len(state["tiles"]) + sum(len(c) for c in state["captured"]) == 150


def test_the_ent_on_the_last_field_draws_no_event_and_the_most_hero_points_win():
    position = "T..../1oo../...../..2../....T"
    state = ent_game(position, ["ent", 2], ent=DATA.ent_last - 1)
    state["captured"][1] = [i for i, t in enumerate(DATA.tiles) if t.value == 1 and not t.ent][:2]
    for t in state["captured"][1]:
        state["supply"].remove(t)
    pile = list(state["event_pile"])
    new, _events = ENGINE.apply(state, 0, {"type": "move", "card": "gimli-8", "figure": 0, "path": [[2, 2], [2, 3]]})
    assert new["ent"] == DATA.ent_last
    assert new["event_pile"] == pile  # no event card on the last step
    assert new["phase"] == "over" and ENGINE.current_seats(new) == []
    result = ENGINE.result(new)
    assert result.winners == [0] and result.scores == {0: 3, 1: 2}
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(new, 1, {"type": "move", "card": "gimli-7", "path": []})
    assert err.value.code == "game_over"


def test_a_tie_in_hero_points_goes_to_the_player_with_more_tiles():
    position = "T..../1oo../...../..2../....T"
    state = ent_game(position, ["ent", 2], ent=DATA.ent_last - 1)
    three = next(i for i, t in enumerate(DATA.tiles) if t.value == 3)
    state["captured"][1] = [three]  # 3 points in one tile; seat 0 gets 1 + 2 = 3 points in two tiles
    state["supply"].remove(three)
    new, _ = ENGINE.apply(state, 0, {"type": "move", "card": "gimli-8", "figure": 0, "path": [[2, 2], [2, 3]]})
    assert ENGINE.result(new).winners == [0]


def test_event_cards_are_exactly_used_up_when_the_ent_arrives():
    assert len(DATA.events) == 14 and DATA.ent_last == 15  # 15 steps, the last one without a card
    assert sum(t.ent for t in DATA.tiles) >= DATA.ent_last
    assert {e["pile"] for e in DATA.events.values()} == {1, 2, 3}


# ------------------------------------------------------------------ losing


LOST = "/".join(
    [
        "T.....",
        "oo....",
        "oooo..",
        ".o.ooo",
        ".....T",
    ]
)


def test_an_unbroken_orthogonal_chain_between_the_towers_loses_for_everyone():
    state = ENGINE.from_position(LOST.replace("T.....", "T....2") + "", players=2)
    state["figures"][0] = []
    events = ENGINE._check_chain(state, parse(state["position"]))
    assert state["phase"] == "over" and events[0].data["reason"] == "chain"
    result = ENGINE.result(state)
    assert result.winners == []


def test_diagonal_links_do_not_count():
    corner = LOST.replace(".o.ooo", ".o..oo").replace("oooo..", "ooo.o.")
    state = ENGINE.from_position(corner.replace("T.....", "T....2"), players=2)
    assert ENGINE._check_chain(state, parse(state["position"])) == []


def test_a_figure_in_the_chain_breaks_it():
    broken = LOST.replace("oooo..", "oo1o..").replace("T.....", "T....2")
    state = ENGINE.from_position(broken, players=2)
    assert ENGINE._check_chain(state, parse(state["position"])) == []
    assert state["phase"] == "play"


def test_the_orc_card_that_closes_the_chain_ends_the_game():
    position = "/".join(["..........", "........oT", ".....ooooo", "oooooo....", "o.........", "T.....1..2"])
    state = ENGINE.from_position(position, players=2)
    state["figures"] = [[[6, 7]], [[6, 10]]]
    with_orc_pile(state, "isengart-4")
    ENGINE._orc_card(state)
    assert state["position"].split("/")[3] == "ooooooooo."
    assert state["phase"] == "over" and state["result"]["reason"] == "chain"


# ------------------------------------------------------------------ views, copies, replays


def test_views_hide_hands_piles_tiles_and_the_generator():
    state = placed(3)
    spectator = ENGINE.view(state, None)
    text = json.dumps(spectator)
    assert spectator["hand"] is None
    assert "rng" not in text and '"s":' not in text
    for seat in range(3):
        view = ENGINE.view(state, seat)
        assert [c["id"] for c in view["hand"]] == state["hands"][seat]
        dumped = json.dumps(view)
        for other in range(3):
            if other != seat:
                for card in set(state["hands"][other]) - set(state["hands"][seat]):
                    assert card not in dumped
        for card in state["hero_pile"]:
            assert card not in dumped
        assert "tiles" not in view and "supply" not in view
        assert view["position"] == state["position"]
    assert spectator["board"]["rows"] == 8 and spectator["board"]["columns"] == 18
    assert {a["name"] for a in spectator["board"]["areas"]} == {
        "Amon Hen",
        "Fangorn",
        "Edoras",
        "Minas Tirith",
        "Helms Klamm",
        "Rohan-Ebene",
    }


def test_apply_never_mutates_its_input_and_the_state_survives_json():
    state = placed(2)
    frozen = json.dumps(state, sort_keys=True)
    seat = ENGINE.current_seats(state)[0]
    new, _ = ENGINE.apply(state, seat, ENGINE.default_action(state, seat))
    assert json.dumps(state, sort_keys=True) == frozen
    assert json.loads(json.dumps(new)) == new
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, seat, {"type": "fly"})
    assert json.dumps(state, sort_keys=True) == frozen


def test_replaying_the_moves_from_the_seed_gives_the_identical_state():
    def play(seed):
        state = ENGINE.setup(4, {"variant": "zweiter-ring"}, seed)
        moves = []
        for _ in range(30):
            if state["phase"] == "over":
                break
            seat = ENGINE.current_seats(state)[0]
            action = ENGINE.default_action(state, seat)
            moves.append((seat, action))
            state, _ = ENGINE.apply(state, seat, action)
        return state, moves

    state, moves = play(99)
    replay = ENGINE.setup(4, {"variant": "zweiter-ring"}, 99)
    for seat, action in moves:
        replay, _ = ENGINE.apply(replay, seat, action)
    assert replay == state
    assert play(100)[0] != state
