"""Movement (starter and region, from the real card data), the hazard limit, chains, on-guard."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import movement
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.cardinfo import region_map


@pytest.fixture
def regions(catalogue):
    return region_map(catalogue.values())


def site(catalogue, code):
    return catalogue[code]


def hand_card(table, seat, code):
    iid = table.find(seat, "deck", code)
    st.move(table.state, iid, "hand", top=True)
    return iid


# --- pure route rules -----------------------------------------------------------------------------


def test_starter_route_from_haven_to_its_site(catalogue):
    route = movement.starter_route(site(catalogue, "TW-421"), site(catalogue, "TW-372"), "hero")  # Rivendell → Bag End
    assert route == {"kind": "starter", "regions": ["Rhudaur", "The Shire"], "types": ["{w}", "{w}", "{f}"]}


def test_starter_route_back_to_the_haven_and_between_havens(catalogue):
    # Seed 003 "Bewegung": the route's types in route order, origin first.
    back = movement.starter_route(
        site(catalogue, "TW-436"), site(catalogue, "TW-421"), "hero"
    )  # Weathertop → Rivendell
    assert back["types"] == ["{w}", "{w}"]
    # Bag End's path from Rivendell {w}{w}{f}, walked back: the Shire's {f} first.
    home = movement.starter_route(site(catalogue, "TW-372"), site(catalogue, "TW-421"), "hero")
    assert home == {"kind": "starter", "regions": ["The Shire", "Rhudaur"], "types": ["{f}", "{w}", "{w}"]}
    # Haven to haven: Lórien's "Site Path From Rivendell" {w}{w}{b}{w} (Rivendell prints it backwards).
    havens = movement.starter_route(site(catalogue, "TW-421"), site(catalogue, "TW-408"), "hero")  # Rivendell → Lórien
    assert havens["types"] == ["{w}", "{w}", "{b}", "{w}"]
    assert movement.starter_route(site(catalogue, "TW-408"), site(catalogue, "TW-421"), "hero")["types"] == [
        "{w}",
        "{b}",
        "{w}",
        "{w}",
    ]


def test_starter_route_refused_where_the_site_names_another_haven(catalogue):
    with pytest.raises(IllegalAction) as error:
        movement.starter_route(site(catalogue, "TW-421"), site(catalogue, "TW-413"), "hero")  # Moria's haven: Lórien
    assert error.value.code == "no_starter_route"


def test_starter_movement_not_for_fallen_wizards_and_balrogs(catalogue):
    for alignment in ("fallen-wizard", "balrog"):
        with pytest.raises(IllegalAction) as error:
            movement.starter_route(site(catalogue, "TW-421"), site(catalogue, "TW-372"), alignment)
        assert error.value.code == "starter_not_allowed"


def test_region_route_found_through_adjacent_regions(catalogue, regions):
    route = movement.region_route(regions, site(catalogue, "TW-421"), site(catalogue, "TW-413"), "hero")
    assert route["regions"] == ["Rhudaur", "Hollin", "Redhorn Gate"]
    assert route["types"] == ["{w}", "{w}", "{w}"]


def test_region_route_given_by_the_player_is_checked(catalogue, regions):
    rivendell, moria = site(catalogue, "TW-421"), site(catalogue, "TW-413")
    ok = movement.region_route(regions, rivendell, moria, "hero", ["Rhudaur", "Hollin", "Redhorn Gate"])
    assert len(ok["regions"]) == 3
    with pytest.raises(IllegalAction) as error:
        movement.region_route(regions, rivendell, moria, "hero", ["Rhudaur", "Redhorn Gate"])
    assert error.value.code == "not_adjacent"
    with pytest.raises(IllegalAction) as error:
        movement.region_route(
            regions, rivendell, moria, "hero", ["Rhudaur", "Hollin", "Rhudaur", "Hollin", "Redhorn Gate"]
        )
    assert error.value.code == "region_twice"
    with pytest.raises(IllegalAction) as error:
        movement.region_route(regions, rivendell, moria, "hero", ["Hollin", "Redhorn Gate"])
    assert error.value.code == "route_ends"
    with pytest.raises(IllegalAction) as error:
        movement.region_route(regions, rivendell, moria, "hero", ["Rhudaur", "Nirgendwo", "Redhorn Gate"])
    assert error.value.code == "unknown_region_name"


def test_region_route_longer_than_four_regions_refused(catalogue, regions):
    # Rivendell (Rhudaur) → Minas Tirith (Anórien) is far more than four regions.
    with pytest.raises(IllegalAction) as error:
        movement.region_route(regions, site(catalogue, "TW-421"), site(catalogue, "TW-412"), "hero")
    assert error.value.code == "too_many_regions"
    # Five regions written out, each adjacent: still too many.
    route = ["Rhudaur", "Cardolan", "Arthedain", "The Shire"]
    assert (
        len(
            movement.region_route(regions, site(catalogue, "TW-421"), site(catalogue, "TW-372"), "hero", route)[
                "regions"
            ]
        )
        == 4
    )
    with pytest.raises(IllegalAction) as error:
        movement.region_route(
            regions,
            site(catalogue, "TW-421"),
            site(catalogue, "TW-372"),
            "hero",
            ["Rhudaur", "Hollin", "Cardolan", "Arthedain", "The Shire"],
        )
    assert error.value.code == "too_many_regions"


def test_region_movement_alignment_rules(catalogue, regions):
    with pytest.raises(IllegalAction) as error:
        movement.region_route(
            regions, site(catalogue, "TW-421"), site(catalogue, "TW-413"), "balrog", balrog_company=True
        )
    assert error.value.code == "balrog_no_regions"
    # Udûn and Dagorlad are adjacent for minions only.
    udun, dagorlad = movement.canonical_region(regions, "Udûn"), "Dagorlad"
    assert movement.shortest_regions(regions, udun, dagorlad, "minion", False) == [udun, dagorlad]
    assert len(movement.shortest_regions(regions, udun, dagorlad, "hero", False)) != 2


# --- movement in a game -----------------------------------------------------------------------------


def test_declared_destination_is_face_down_for_the_opponent(game):
    game.to_phase("organization")
    company = game.companies(0)[0]
    bag_end = game.find(0, "sites", "TW-372")
    game.do(0, type="plan_movement", company=company["id"], site=bag_end, kind="starter")
    other = game.engine.view(game.state, 1)
    theirs = next(c for c in other["companies"] if c["id"] == company["id"])
    assert theirs["destination"] == {"hidden": True}
    assert theirs["route"] is None
    assert "TW-372" not in str(other)
    mine = next(c for c in game.engine.view(game.state, 0)["companies"] if c["id"] == company["id"])
    assert mine["destination"]["code"] == "TW-372"


def test_illegal_movement_refused_in_the_game(game):
    game.to_phase("organization")
    company = game.companies(0)[0]["id"]
    moria = game.find(0, "sites", "TW-413")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="plan_movement", company=company, site=moria, kind="starter")
    assert error.value.code == "no_starter_route"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="plan_movement", company=company, site=moria, kind="region", route=["Rhudaur", "Redhorn Gate"])
    assert error.value.code == "not_adjacent"
    game.do(0, type="plan_movement", company=company, site=moria, kind="region")
    assert game.companies(0)[0]["route"]["regions"] == ["Rhudaur", "Hollin", "Redhorn Gate"]


def test_movement_only_planned_in_the_organisation_phase(game):
    company = game.companies(0)[0]["id"]
    bag_end = game.find(0, "sites", "TW-372")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="plan_movement", company=company, site=bag_end, kind="starter")
    assert error.value.code == "wrong_phase"


def _move_to_bag_end(game):
    game.to_phase("organization")
    company = game.companies(0)[0]
    game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", "TW-372"), kind="starter")
    game.to_phase("long_event")
    game.do(0, type="next_phase")
    return game.companies(0)[0]


def test_movement_phase_reveals_the_site_fixes_the_hazard_limit_and_draws(game):
    hand_before = [len(p["hand"]) for p in game.state["players"]]
    company = _move_to_bag_end(game)
    assert game.turn["phase"] == "movement"
    assert company["limit"] == 2  # size 2 (Aragorn 1 + Bilbo ½ → 2), at least 2
    assert game.state["inst"][company["dest"]]["face_down"] is False
    assert game.engine.current_seats(game.state) == [0, 1]
    # Both drew the minimum of one card; Bag End allows 2 each.
    assert [len(p["hand"]) for p in game.state["players"]] == [n + 1 for n in hand_before]
    game.do(0, type="draw")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="draw")
    assert error.value.code == "draw_limit"
    assert any("Gefahrenlimit 2" in line for line in game.log())


def test_hazard_limit_enforced(game):
    company = _move_to_bag_end(game)
    hazards = [hand_card(game, 1, code) for code in ("TW-22", "TW-27", "TW-6")]
    for iid in hazards[:2]:
        game.do(1, type="play_card", card=iid, target={"kind": "company", "id": company["id"]})
        game.do(0, type="pass")
        game.do(1, type="pass")
    assert game.companies(0)[0]["hazards"] == 2
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=hazards[2], target={"kind": "company", "id": company["id"]})
    assert error.value.code == "hazard_limit"
    assert "(2)" in error.value.text.render()


def test_on_guard_counts_against_the_limit_and_stays_hidden(game):
    company = _move_to_bag_end(game)
    wolves = hand_card(game, 1, "TW-25")
    game.do(1, type="on_guard", card=wolves)
    assert game.companies(0)[0]["hazards"] == 1
    view = game.engine.view(game.state, 0)
    # Face down for the moving player: neither the card nor its id (issue 19: ids reveal nothing).
    assert [g for c in view["companies"] for g in c["on_guard"]] == [{"hidden": True}]
    assert wolves not in str(view) and "TW-25" not in str([c["on_guard"] for c in view["companies"]])
    own = game.engine.view(game.state, 1)
    assert [g["id"] for c in own["companies"] for g in c["on_guard"]] == [wolves]
    second = hand_card(game, 1, "TW-5")
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="on_guard", card=second)
    assert error.value.code == "one_on_guard"
    assert company["id"]


def test_active_player_cannot_play_hazards(game):
    _move_to_bag_end(game)
    own = hand_card(game, 0, "TW-22")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=own)
    assert error.value.code == "own_hazard"


def test_company_arrives_after_both_pass_and_hands_are_refilled(game):
    company = _move_to_bag_end(game)
    game.do(0, type="next_phase")
    assert game.turn["phase"] == "movement"
    game.do(1, type="pass")
    game.trim()
    assert game.turn["phase"] == "site"
    assert game.card(game.companies(0)[0]["site"])["name_en"] == "Bag End"
    assert game.state["inst"][game.find(0, "sites", "TW-421")]["zone"] == "sites"  # the haven back to the site deck
    assert [len(p["hand"]) for p in game.state["players"]] == [8, 8]
    assert company["id"] == game.companies(0)[0]["id"]
    # The verb agrees with the company's characters (issue 31): "Aragorn II erreicht …", "… , Bilbo erreichen …".
    verb = "erreicht" if len(game.companies(0)[0]["chars"]) == 1 else "erreichen"
    assert any(f"{verb} Beutelsend" in line for line in game.log())


# --- chains ------------------------------------------------------------------------------------------


def test_chain_resolves_last_in_first_out(game):
    company = _move_to_bag_end(game)
    clouds = hand_card(game, 1, "TW-22")  # hazard long-event
    block = hand_card(game, 0, "TW-209")  # a resource short-event as the answer
    game.do(1, type="play_card", card=clouds, target={"kind": "company", "id": company["id"]})
    assert game.engine.current_seats(game.state) == [0]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=hand_card(game, 1, "TW-27"))
    assert error.value.code == "no_priority"
    game.do(0, type="play_card", card=block)
    assert [link["card"] for link in game.state["chain"]] == [clouds, block]
    game.do(1, type="pass")
    game.do(0, type="pass")
    resolved = [line for line in game.log() if line.endswith("wird abgehandelt.")]
    assert resolved == ["Ausweichen wird abgehandelt.", "Sturmwolken wird abgehandelt."]
    assert game.state["chain"] == []
    assert game.state["inst"][block]["zone"] == "discard"  # a short event goes to the discard pile
    assert game.state["inst"][clouds]["zone"] == "play"


def test_creatures_cannot_answer_in_a_chain(game):
    company = _move_to_bag_end(game)
    clouds = hand_card(game, 1, "TW-22")
    game.do(1, type="play_card", card=clouds, target={"kind": "company", "id": company["id"]})
    game.do(0, type="pass")
    orcs = hand_card(game, 1, "TW-5")
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=orcs, target={"kind": "company", "id": company["id"]})
    assert error.value.code == "not_in_chain"


def test_auto_pass_keeps_the_game_moving(game):
    company = _move_to_bag_end(game)
    game.do(0, type="auto_pass")
    clouds = hand_card(game, 1, "TW-22")
    game.do(1, type="play_card", card=clouds, target={"kind": "company", "id": company["id"]})
    # Seat 0 passed automatically: seat 1 may add to the chain or pass to resolve it.
    assert game.state["priority"] == 1
    game.do(1, type="pass")
    assert game.state["chain"] == []
    assert any("passt automatisch" in line for line in game.log())
    # The hazard player's auto-pass ends the company's movement/hazard phase once the mover is done.
    game.do(1, type="auto_pass")
    game.do(0, type="next_phase")
    game.trim()
    assert game.turn["phase"] == "site"
