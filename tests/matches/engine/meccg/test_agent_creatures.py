"""Creatures played through an agent (issue 19; seeds/003 "Agenten als Gefahren", "Handlungen von Agenten":
"Ausspielen von Kreaturen") and the agent buttons (engine.choices)."""

import pytest

from matches.engine.base import IllegalAction, Text
from matches.games.meccg.engine import agent_creatures
from matches.games.meccg.engine import state as st

from .test_agents import card_of, in_hand, to_turn


def lobelia_at_bree(game, catalogue):
    """Turn 1: the minion player plays Lobelia (home Bag End, Bree) against the hero and reveals her at Bree."""
    to_turn(game, 1, "movement")
    lobelia = in_hand(game, catalogue, 1, "DM-28")
    game.do(1, type="play_agent", card=lobelia)
    game.do(1, type="reveal_agent", card=lobelia, site="Bree")
    return lobelia


def move_hero_to(game, code, number):
    to_turn(game, number, "organization")
    company = game.companies(0)[0]
    game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", code), kind="starter")
    to_turn(game, number, "movement")
    return game.companies(0)[0]


def refused(game, seat, **action):
    with pytest.raises(IllegalAction) as error:
        game.do(seat, **action)
    return error.value.code


def test_an_agent_at_its_home_site_taps_to_play_a_creature_keyed_to_nothing_against_the_limit(game, catalogue):
    """ "Alternativ kann ein offen ausliegender Agent auch an seinem Heimatort getappt werden, wenn sich eine
    Gemeinschaft dorthin bewegt oder dort befindet, und diese mit Kreaturen angreifen. Jeder solche
    Kreaturenangriff wird weder einer Region noch einem Ort zugeordnet und zählt jeweils zum Gefahrenlimit. …
    Handelt es sich um einen Grenzort, dürfen Menschen, Zwerge, Elben, Dúnedain, Hobbits, Orks und Nazgûl gespielt
    werden." Bree is a Border-hold; Brigands (Men) may come, Wargs (Wolves) and Ghosts (Undead) may not. Only an
    agent in play since before the turn acts ("Ein Agent, der bereits zu Beginn des gegnerischen Zuges im Spiel
    war")."""
    lobelia = lobelia_at_bree(game, catalogue)
    brigands = in_hand(game, catalogue, 1, "TW-17")
    assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=brigands) == "agent_too_new"
    company = move_hero_to(game, "TW-378", 3)  # Rivendell → Bree
    brigands = in_hand(game, catalogue, 1, "TW-17")  # (the hand was trimmed to eight at the end of turn 2)
    for code in ("TW-109", "TW-37"):  # Wargs, Ghosts
        other = in_hand(game, catalogue, 1, code)
        assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=other) == (
            "agent_creature_race"
        )
    assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=lobelia) == "wrong_zone"
    hazards = company["hazards"]
    game.do(1, type="agent_action", card=lobelia, kind="creature", creature=brigands)
    company = game.companies(0)[0]
    assert company["hazards"] == hazards + 1  # the action and its creature count 1 together
    assert card_of(game, lobelia)["tapped"]
    link = game.state["chain"][-1]
    assert (link["card"], link["target"], link["key"]["kind"]) == (
        brigands,
        {"kind": "company", "id": company["id"]},
        "agent",
    )
    assert (
        "Der Agent Lobelia Sackheim-Beutlin tappt: Gesetzlose greift an, keinem Ort und keiner Region zugeordnet."
        in (game.log())
    )
    game.do(0, type="pass")  # neither answers: the chain resolves and the creature attacks
    game.do(1, type="pass")
    attack = game.state["attack"]
    assert (attack["card"], attack["source"], attack["strikes"], attack["detainment"]) == (
        brigands,
        "creature",
        2,
        False,
    )
    assert attack["key"] == {"kind": "agent", "name": "Lobelia Sackville-Baggins", "detainment": False}


def test_the_agent_must_be_face_up_untapped_and_where_the_company_is_or_goes(game, catalogue):
    """ "Ein offen ausliegender Agent …, kann getappt werden, um eine Gemeinschaft, die sich an diesem Ort befindet
    oder dorthin bewegt, … anzugreifen." A face-down agent, a tapped one, or one at another site cannot."""
    to_turn(game, 1, "movement")
    lobelia = in_hand(game, catalogue, 1, "DM-28")
    game.do(1, type="play_agent", card=lobelia)
    company = move_hero_to(game, "TW-378", 3)
    brigands = in_hand(game, catalogue, 1, "TW-17")
    assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=brigands) == "agent_face_down"
    game.do(1, type="reveal_agent", card=lobelia, site="Bag End")  # the other home site
    assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=brigands) == "agent_elsewhere"
    card_of(game, lobelia)["agent"]["site"] = "Bree"
    card_of(game, lobelia)["tapped"] = True
    assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=brigands) == "agent_tapped"
    card_of(game, lobelia)["tapped"] = False
    company = game.companies(0)[0]  # the engine returns a new state with every move
    company["hazards"] = company["limit"]
    assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=brigands) == "hazard_limit"
    assert card_of(game, brigands)["zone"] == "hand" and not card_of(game, lobelia)["tapped"]


def test_at_a_ruin_away_from_home_only_a_non_unique_creature_of_the_automatic_attacks_race(game, catalogue):
    """ "Ein offen ausliegender Agent, der sich an einer Ruine, einem Schattenhort oder einem Hort der Dunkelheit
    befindet, kann getappt werden …: Die Kreatur darf nicht einzigartig sein und muss dem Typ des automatischen
    Angriffes an diesem Ort (auf der Ortskarte des Gegners) entsprechen." Weathertop (Ruins & Lairs): "Wolves -
    2 strikes with 6 prowess". Lobelia walks there from Bree (an agent action in round 3)."""
    lobelia = lobelia_at_bree(game, catalogue)
    to_turn(game, 3, "movement")
    game.do(1, type="agent_action", card=lobelia, kind="move", site=game.find(1, "sites", "AS-169"))
    assert card_of(game, lobelia)["agent"]["site"] == "Weathertop"
    company = move_hero_to(game, "TW-436", 5)  # Rivendell → Weathertop; Lobelia untapped in round 4
    wargs = in_hand(game, catalogue, 1, "TW-109")
    for code, error in (("TW-74", "agent_creature_race"), ("TW-85", "agent_creature_unique")):  # Orcs; Rogrog
        creature = in_hand(game, catalogue, 1, code)
        assert refused(game, 1, type="agent_action", card=lobelia, kind="creature", creature=creature) == error
    offered = [a for a in game.engine.choices(game.state, 1) if a.get("kind") == "creature"]
    assert [a["creature"] for a in offered] == [wargs]
    game.do(1, type="agent_action", card=lobelia, kind="creature", creature=wargs)
    assert game.state["chain"][-1]["card"] == wargs and game.companies(0)[0]["hazards"] == company["hazards"] + 1


def test_the_seeds_race_lists_by_site_type_and_the_automatic_attack():
    """The two sentences as pure rules: at Moria ({S}, Orcs) away from home a non-unique Orc only; at a home site
    of type {S} also Nazgûl, Trolls and Undead — unique ones too (the home-site sentence names no uniqueness)."""
    moria = {"name_de": "Moria", "site_type": "{S}", "auto_attack": "Orcs - 4 strikes with 7 prowess"}
    orc = {"name_de": "Orkpatrouille", "race": "Orcs", "unique": False}
    goblin = {"name_de": "Der Große Ork", "race": "Orcs", "unique": True}
    ghouls = {"name_de": "Ghule", "race": "Undead", "unique": False}
    agent_creatures.check_creature(orc, moria, "hero", home=False)
    for creature, error in ((goblin, "agent_creature_unique"), (ghouls, "agent_creature_race")):
        with pytest.raises(IllegalAction) as caught:
            agent_creatures.check_creature(creature, moria, "hero", home=False)
        assert caught.value.code == error
    agent_creatures.check_creature(ghouls, moria, "hero", home=True)
    agent_creatures.check_creature(goblin, moria, "hero", home=True)
    haven = {"name_de": "Minas Morgul", "site_type": "{H}", "auto_attack": ""}
    with pytest.raises(IllegalAction) as caught:
        agent_creatures.check_creature(orc, haven, "hero", home=False)
    assert caught.value.code == "agent_site_type"
    with pytest.raises(IllegalAction) as caught:  # a haven is none of the seed's site types
        agent_creatures.check_creature(orc, haven, "hero", home=True)
    assert caught.value.code == "agent_creature_race"
    free = {"name_de": "Beutelsend", "site_type": "{F}", "auto_attack": ""}
    agent_creatures.check_creature({"name_de": "Briganten", "race": "Men", "unique": False}, free, "hero", home=True)
    with pytest.raises(IllegalAction):
        agent_creatures.check_creature(orc, free, "hero", home=True)  # Orcs only from a Border-hold on


def agent_buttons(game, seat):
    """The agent moves engine.choices offers, as (type, kind, label rendered in German)."""
    agent_types = ("play_agent", "reveal_agent", "agent_action")
    return [a for a in game.engine.choices(game.state, seat) if a["type"] in agent_types]


def label(action):
    return Text.from_json(action["label"]).render()


def test_the_agent_buttons_offer_each_legal_agent_move_and_the_engine_accepts_every_one(game, catalogue):
    """Issue 19 point 6 ("a move is a click, never a typed id") for the agents: playing one, revealing it at a
    home site, its actions with the legal sites ("zu einem Ort …, der in derselben oder einer angrenzenden Region
    … liegt"; home to a site whose card is available) and a creature through it. Every offered move is accepted
    by the engine as it stands; the hero (at turn) is offered none."""
    to_turn(game, 1, "movement")
    lobelia = in_hand(game, catalogue, 1, "DM-28")
    offered = agent_buttons(game, 1)
    assert [(a["type"], label(a)) for a in offered] == [
        ("play_agent", "Lobelia Sackheim-Beutlin als Agent verdeckt ausspielen")
    ]
    assert agent_buttons(game, 0) == []
    game.do(1, **{k: v for k, v in offered[0].items() if k not in ("label", "cards")})
    offered = agent_buttons(game, 1)
    assert sorted(label(a) for a in offered) == [
        "Lobelia Sackheim-Beutlin aufdecken (in Bag End)",
        "Lobelia Sackheim-Beutlin aufdecken (in Bree)",
    ]  # no agent action yet: she came into play in this turn
    bree = next(a for a in offered if a.get("site") == "Bree")
    game.do(1, **{k: v for k, v in bree.items() if k not in ("label", "cards")})
    company = move_hero_to(game, "TW-378", 3)
    for card in list(game.state["players"][1]["hand"]):  # a known hand: the drawn cards back to the deck
        st.move(game.state, card, "deck")
    brigands = in_hand(game, catalogue, 1, "TW-17")
    in_hand(game, catalogue, 1, "TW-109")  # Wargs: not at a Border-hold, so no button
    offered = agent_buttons(game, 1)
    weathertop = game.find(1, "sites", "AS-169")
    assert sorted(label(a) for a in offered) == sorted(
        [
            "Agent Lobelia Sackheim-Beutlin verdecken",
            "Lobelia Sackheim-Beutlin zieht nach Wetterspitze",
            "Lobelia Sackheim-Beutlin kehrt heim nach Bree",
            "Gesetzlose durch Lobelia Sackheim-Beutlin spielen",
        ]
    )
    assert next(a for a in offered if a.get("kind") == "move")["site"] == weathertop
    for action in offered:  # each is a legal move from this position
        state, _events = game.engine.apply(
            game.state, 1, {k: v for k, v in action.items() if k not in ("label", "cards")}
        )
        assert state["turn"]["agent_actions"] == [lobelia]
    creature = next(a for a in offered if a.get("kind") == "creature")
    assert creature["cards"] == [brigands, lobelia]
    game.do(1, **{k: v for k, v in creature.items() if k not in ("label", "cards")})
    assert game.companies(0)[0]["hazards"] == company["hazards"] + 1
    # The hero's choices while the chain waits: no organisation moves outside his organisation phase.
    assert not any(a["type"] in ("plan_movement", "move_character") for a in game.engine.choices(game.state, 0))
