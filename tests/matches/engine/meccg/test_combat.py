"""Attacks resolved by the table (issue 19 point 4): keyed creatures, strike assignment, excess strikes,
support, modified prowess and body, detainment, allies, items taken over, the defeated creature scored by
the defender. Dice are fixed per test by replacing the engine's roller on this engine instance."""

import pytest

from matches.engine.base import IllegalAction, Text
from matches.games.meccg.engine import state as st

from .conftest import dice


def hand_card(game, seat, code):
    iid = game.find(seat, "deck", code)
    st.move(game.state, iid, "hand", top=True)
    return iid


def add_card(game, catalogue, code, seat, on):
    game.state["cards"][code] = catalogue[code]
    iid = st.new_instance(game.state, code, seat, "play")
    game.state["inst"][iid]["on"] = on
    return iid


def to_bag_end(game):
    """Aragorn and Bilbo move Rivendell → Bag End (route Rhudaur, The Shire: {w}{w}{f}, site {F})."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", "TW-372"), kind="starter")
    game.to_phase("long_event")
    game.do(0, type="next_phase")
    return game.companies(0)[0]


def play_creature(game, code, keyed=None):
    creature = hand_card(game, 1, code)
    action = {"type": "play_card", "card": creature}
    if keyed:
        action["keyed"] = keyed
    game.do(1, **action)
    game.do(0, type="pass")
    game.do(1, type="pass")
    return creature


def test_a_creature_that_cannot_be_keyed_is_refused_with_the_keying_message(game):
    to_bag_end(game)
    wight = hand_card(game, 1, "TW-14")  # Barrow-wight {s}{d}{S}{D}: nothing of it on {w}{w}{f} to a {F}
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=wight)
    assert error.value.code == "not_keyable"
    assert "Grabunhold" in error.value.text.render() or "Barrow" in error.value.text.render()
    drake = hand_card(game, 1, "TW-20")  # Cave-drake {w}{w}{R}: the route has {w} twice
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=drake, keyed={"kind": "site_type", "symbol": "R"})
    assert error.value.code == "not_keyable"
    game.do(1, type="play_card", card=drake, keyed={"kind": "region_type", "symbol": "w"})
    assert game.state["chain"][0]["key"] == {"kind": "region_type", "symbol": "w", "detainment": False}


def test_strikes_assigned_by_defender_then_forced_and_resolved_with_support(game):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    play_creature(game, "TW-17", {"kind": "region_type", "symbol": "w"})  # Brigands: 2 strikes, prowess 8
    attack = game.state["attack"]
    assert attack["stage"] == "defender" and game.engine.current_seats(game.state) == [0]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="assign_strike", character=aragorn)
    assert error.value.code == "not_your_window"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="next_phase")
    assert error.value.code == "attack_open"
    game.do(0, type="assign_strike", character=aragorn)
    game.do(0, type="assign_done")
    # One strike left, one character without a strike: the attacker has no choice, the table assigns it.
    assert game.state["attack"]["stage"] == "resolve"
    assert set(game.state["attack"]["assigned"]) == {aragorn, bilbo}
    dice(game, (3, 3))
    game.do(0, type="resolve_strike", character=aragorn)  # 6 + 6 = 12 > 8: beaten; Brigands have no body
    assert "Hieb gegen Aragorn II: Kampfgeschick 6 + Wurf 3+3 (–) = 12 gegen 8: Hieb abgewehrt." in game.log()
    dice(game, (4, 4))
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="resolve_strike", character=bilbo, support=[aragorn])  # Aragorn had a strike
    assert error.value.code == "bad_support"
    game.do(0, type="resolve_strike", character=bilbo)  # 1 + 8 = 9 > 8
    assert game.state["attack"] is None
    # Both strikes defeated: the creature goes to the DEFENDER's marshalling point pile.
    brigands = game.state["players"][0]["mp"]
    assert [game.card(i)["name_en"] for i in brigands] == ["Brigands"]
    assert game.engine.marshalling_points(game.state, 0).creatures_plain == 1
    assert any("Siegpunktstapel von Platz 1" in line for line in game.log())


def test_excess_strikes_are_put_on_strike_by_strike_before_each_strike(game, catalogue):
    """seeds/003 "Abwicklung der Hiebe": "Jeder Hieb wird einzeln durchgeführt. Vor der Abwicklung eines Hiebes
    kann der Angreifer … außerdem -1 Modifikationen auf das Kampfgeschick zuweisen, sofern noch überzählige
    Hiebe existieren." — after the defender has chosen the strike ("Reihenfolge …, über die der Verteidiger
    entscheidet"), before the defender's support and the roll."""
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    game.state["inst"][bilbo]["tapped"] = True
    group = game.companies(0)[0]
    game.engine._start_attack(
        game.state,
        group,
        {"name": "Orks", "race": "Orcs", "strikes": 4, "prowess": 7, "body": None, "detainment": False},
        [],
    )
    game.do(0, type="assign_strike", character=aragorn)
    # Bilbo is tapped: the defender cannot give him a strike; the attacker must (forced). Two strikes are
    # left over: nothing is put on anyone yet, the defender orders the strikes first.
    attack = game.state["attack"]
    assert (attack["stage"], attack["excess_left"], attack["assigned"]) == ("resolve", 2, {aragorn: 0, bilbo: 0})
    assert game.engine.current_seats(game.state) == [0]
    assert "resolve_all" not in [a["type"] for a in game.engine.choices(game.state, 0)]
    game.do(0, type="resolve_strike", character=bilbo)
    attack = game.state["attack"]
    assert (attack["stage"], attack["strike"]) == ("strike_attacker", bilbo)
    assert game.engine.current_seats(game.state) == [1]
    # Issue 31: the attacker's choice is one form (excess strikes per open strike, together at most those left).
    (plan,) = [a for a in game.engine.choices(game.state, 1) if a["type"] == "attacker_plan"]
    (excess,) = [f for f in plan["form"] if f["name"] == "excess"]
    assert (excess["kind"], excess["total"], [o["value"] for o in excess["options"]]) == ("counts", 2, [bilbo])
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="attacker_strike", excess=3)
    assert error.value.code == "bad_excess"
    dice(game, (4, 4))  # Bilbo: 1 + 8, tapped −1, one excess −1 = 7 against 7: ineffectual
    game.do(1, type="attacker_strike", excess=1)
    # Aragorn has a strike and Bilbo is tapped: the defender has no choice left, the strike is rolled at once.
    line = next(line for line in game.log() if line.startswith("Hieb gegen Bilbo"))
    assert "getappt −1" in line and "überzählige Hiebe −1" in line and "= 7 gegen 7" in line, line
    attack = game.state["attack"]
    assert (attack["stage"], attack["excess_left"]) == ("resolve", 1)
    # The last strike: the table puts the last excess strike on it (nothing else could help the attacker);
    # Aragorn is untapped, so the defender still decides (−3 to stay untapped) and rolls.
    dice(game, (2, 2))
    game.do(0, type="resolve_strike", character=aragorn)
    line = next(line for line in game.log() if line.startswith("Hieb gegen Aragorn"))
    assert "überzählige Hiebe −1" in line and "= 9 gegen 7" in line, line
    assert game.state["attack"] is None


def test_the_defender_decides_on_the_strike_after_the_attackers_excess_strikes(game, catalogue):
    """The defender's "-3, falls er vor der Durchführung des Wurfes nicht getappt wird" is decided after the
    attacker put his −1s on the strike ("Vor der Abwicklung eines Hiebes … -1 Modifikationen"): asked for
    with the choice of the strike, it is refused. (Support cannot meet excess strikes against a creature:
    "Hiebe müssen an so viele Charaktere wie möglich verteilt werden", so nobody is left to support.)"""
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Orks", "race": "Orcs", "strikes": 3, "prowess": 7, "body": None, "detainment": False},
        [],
    )
    game.do(0, type="assign_strike", characters=[aragorn, bilbo])
    assert game.state["attack"]["excess_left"] == 1
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="resolve_strike", character=aragorn, stay_untapped=True)
    assert error.value.code == "attacker_first"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="resolve_all")
    assert error.value.code == "attacker_first"
    game.do(0, type="resolve_strike", character=aragorn)
    game.do(1, type="attacker_strike", excess=0)  # kept for the other strike
    assert game.state["attack"]["stage"] == "strike_defender" and game.engine.current_seats(game.state) == [0]
    dice(game, (5, 5))
    game.do(0, type="resolve_strike", stay_untapped=True)  # 6 + 10 − 3 = 13 > 7
    line = next(line for line in game.log() if line.startswith("Hieb gegen Aragorn"))
    assert "bleibt ungetappt −3" in line and "überzählige" not in line and "= 13 gegen 7" in line, line
    assert not game.state["inst"][aragorn]["tapped"]
    dice(game, (5, 5))
    game.do(0, type="resolve_strike", character=bilbo)  # the last strike takes the excess −1
    line = next(line for line in game.log() if line.startswith("Hieb gegen Bilbo"))
    assert "überzählige Hiebe −1" in line and "= 10 gegen 7" in line, line
    assert game.state["attack"] is None


def test_body_check_against_the_modified_body_saved_by_an_item(game, catalogue):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    coat = add_card(game, catalogue, "TW-345", 0, bilbo)  # "+3 to body (to a maximum of 10)": Bilbo 9 → 10
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Troll", "race": "Troll", "strikes": 1, "prowess": 12, "body": None, "detainment": False},
        [],
    )
    game.do(0, type="assign_strike", character=bilbo)
    dice(game, (1, 1), (5, 5))  # strike 1+2 = 3 < 12: wounded; body check 10 is not above 10
    game.do(0, type="resolve_strike", character=bilbo)
    assert game.state["inst"][bilbo]["zone"] == "play" and game.state["inst"][bilbo]["wounded"]
    line = next(line for line in game.log() if line.startswith("Konstitutionswurf für Bilbo"))
    assert line.endswith("= 10 gegen Konstitution 9 + " + catalogue["TW-345"]["name_de"] + " 1 = 10: verwundet.")
    assert game.state["inst"][coat]["on"] == bilbo
    assert aragorn


def test_an_eliminated_characters_item_is_taken_over(game, catalogue):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    dagger = add_card(game, catalogue, "TW-206", 0, bilbo)
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Troll", "race": "Troll", "strikes": 1, "prowess": 12, "body": None, "detainment": False},
        [],
    )
    game.do(0, type="assign_strike", character=bilbo)
    dice(game, (1, 1), (6, 6))  # wounded, then 12 > 9: eliminated
    game.do(0, type="resolve_strike", character=bilbo)
    assert game.state["inst"][bilbo]["zone"] == "out"
    assert game.state["attack"]["stage"] == "takeover"
    game.do(0, type="take_item", card=dagger, character=aragorn)
    assert game.state["inst"][dagger]["on"] == aragorn
    assert game.state["attack"] is None


def test_detainment_only_taps(game):
    company = to_bag_end(game)
    aragorn, _bilbo = company["chars"]
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Wächter", "race": "Men", "strikes": 1, "prowess": 12, "body": 8, "detainment": True},
        [],
    )
    game.do(0, type="assign_strike", character=aragorn)
    dice(game, (1, 1))
    game.do(0, type="resolve_strike", character=aragorn)
    card = game.state["inst"][aragorn]
    assert card["tapped"] and not card["wounded"] and card["zone"] == "play"
    assert any("Verhör, der Charakter wird nur getappt" in line for line in game.log())


def test_a_strike_against_an_ally(game, catalogue):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    gollum = add_card(game, catalogue, "TW-246", 0, bilbo)
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Orks", "race": "Orcs", "strikes": 3, "prowess": 6, "body": None, "detainment": False},
        [],
    )
    game.do(0, type="assign_strike", character=gollum)  # allies count as characters in combat
    game.do(0, type="assign_done")
    assert set(game.state["attack"]["assigned"]) == {gollum, aragorn, bilbo}
    dice(game, (4, 4))
    game.do(0, type="resolve_strike", character=gollum)
    assert any(line.startswith("Hieb gegen Gollum: Kampfgeschick 2 + Wurf 4+4") for line in game.log())


def test_request_modifier_is_visible_and_counts_for_the_strike_with_support(game):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Orks", "race": "Orcs", "strikes": 1, "prowess": 9, "body": None, "detainment": False},
        [],
    )
    game.do(0, type="propose", change={"type": "modifier", "card": aragorn, "stat": "prowess", "value": 2})
    game.do(1, type="answer", accept=True)
    view = game.engine.view(game.state, 1)
    assert view["companies"][0]["characters"][0]["mods"] == {"prowess": 2}
    game.do(0, type="assign_strike", character=aragorn)
    dice(game, (1, 1))
    game.do(0, type="resolve_strike", character=aragorn, support=[bilbo])
    assert any(
        "Kampfgeschick 6 + Kartentext 2 = 8 + Wurf 1+1 (Unterstützung +1) = 11 gegen 9" in line for line in game.log()
    )
    assert game.state["inst"][bilbo]["tapped"]  # tapped to support
    assert "mods" not in game.state["inst"][aragorn]  # for one attack only


def test_each_key_of_a_creature_is_its_own_button(game):
    to_bag_end(game)
    drake = hand_card(game, 1, "TW-20")
    offered = [o for o in hazard_options(game) if o["value"]["card"] == drake and o["value"]["type"] == "play_card"]
    assert [o["value"]["keyed"] for o in offered] == [{"kind": "region_type", "symbol": "w"}]
    assert Text.from_json(offered[0]["label"]).render() == "Höhlendrache spielen (Wildnis {w})"
    wight = hand_card(game, 1, "TW-14")
    assert not [o for o in hazard_options(game) if o["value"]["card"] == wight and o["value"]["type"] == "play_card"]


def hazard_options(game):
    """The plays the hazard player's batch form offers (issue 31: one form for the company's hazards)."""
    (batch,) = [a for a in game.engine.legal_actions(game.state, 1) if a["type"] == "hazards" and "form" in a]
    return next(f for f in batch["form"] if f["name"] == "plays")["options"]
