"""Company against company (seeds/003 "Kämpfe zwischen Gemeinschaften", its "Zuweisung der Hiebe" and
"Abwicklung der Hiebe"): who pairs which characters in which order, excess strikes as −1 put on by the
attacker strike by strike, −3 to stay untapped on both sides, support for the defending character only,
body checks on both sides and kill points for the opponent. Dice are fixed per test (test_combat.dice)."""

import pytest

from matches.engine.base import IllegalAction, Text
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.company_combat import may_fight

from .test_combat import add_card, dice


def at_rivendell(game):
    """Test setup: the minion company (Gorbag, Lagduf) stands at Rivendell with the hero company (Aragorn,
    Bilbo); the hero player is in the site phase and has entered the site."""
    minion = game.companies(1)[0]
    minion["site"] = game.companies(0)[0]["site"]
    game.to_phase("site")
    game.do(0, type="enter_site")
    return game.companies(0)[0]["chars"], minion


def offered(game, seat):
    """The concrete moves offered to ``seat`` (labels rendered); each one is accepted by the engine."""
    moves = [a for a in game.engine.legal_actions(game.state, seat) if "label" in a]
    for action in moves:
        game.engine.apply(game.state, seat, {k: v for k, v in action.items() if k not in ("label", "cards")})
    return [Text.from_json(a["label"]).render() for a in moves]


def test_defender_pairs_first_then_attacker_untapped_then_defender_the_rest(game):
    """ "Zuerst weist der Verteidiger seinen ungetappten Charakteren Hiebe (also gegnerische Charaktere) zu.
    Dann verteilt der Angreifer für jeden seiner noch ungetappten … Charaktere einen verteidigenden …
    Charakter zu. Dann weist wiederum der Verteidiger alle übrigen Hiebe seinen übrigen Charakteren zu." """
    (aragorn, bilbo), minion = at_rivendell(game)
    gorbag, lagduf = minion["chars"]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="attack_company", company=game.companies(0)[0]["id"])
    assert error.value.code in ("not_your_turn", "not_your_window")
    game.do(0, type="attack_company", company=minion["id"])
    attack = game.state["attack"]
    assert (attack["versus"], attack["strikes"], attack["defender"], attack["stage"]) == (True, 2, 1, "defender")
    assert game.engine.current_seats(game.state) == [1]
    with pytest.raises(IllegalAction) as error:  # the attacker's turn comes second
        game.do(0, type="assign_strike", character=gorbag, by=aragorn)
    assert error.value.code == "not_your_window"
    game.do(1, type="assign_strike", character=gorbag, by=bilbo)  # Gorbag chooses to face Bilbo
    game.do(1, type="assign_done")  # Lagduf is left for the attacker
    assert game.state["attack"]["stage"] == "attacker" and game.engine.current_seats(game.state) == [0]
    with pytest.raises(IllegalAction):  # the attacker may not stop: each untapped character gets an opponent
        game.do(0, type="assign_done")
    game.do(0, type="assign_strike", character=lagduf, by=aragorn)
    assert game.state["attack"]["by"] == {gorbag: bilbo, lagduf: aragorn}
    assert game.state["attack"]["stage"] == "resolve"


def test_the_defender_not_the_table_pairs_the_remaining_tapped_characters(game):
    (aragorn, bilbo), minion = at_rivendell(game)
    gorbag, lagduf = minion["chars"]
    for iid in (aragorn, bilbo, gorbag, lagduf):
        game.state["inst"][iid]["tapped"] = True  # nobody untapped: steps 1 and 2 have nobody to pair
    game.do(0, type="attack_company", company=minion["id"])
    attack = game.state["attack"]
    assert attack["stage"] == "rest" and attack["by"] == {}
    assert game.engine.current_seats(game.state) == [1]  # the defender chooses, not the table in order
    offered = {(a["character"], a["by"]) for a in game.engine.legal_actions(game.state, 1) if a.get("by")}
    assert offered == {(d, a) for d in (gorbag, lagduf) for a in (aragorn, bilbo)}
    game.do(1, type="assign_strike", character=gorbag, by=bilbo)
    # One of each left: nothing to choose, the table pairs them.
    assert game.state["attack"]["by"] == {gorbag: bilbo, lagduf: aragorn}
    assert game.state["attack"]["stage"] == "resolve"


def test_excess_strikes_are_put_on_strike_by_strike_and_the_attacker_may_stay_untapped(game, catalogue):
    """ "Gibt es mehr angreifende als verteidigende Charaktere verteilt der Angreifer die überschüssigen Hiebe
    als -1 Modifikationen"; per strike: "Der Angreifer darf (wenn noch vorhanden), -1 Modifikationen …
    verteilen. Der angreifende Charakter kann -3 auf Kampfgeschick erhalten, um nicht zu tappen." """
    (_aragorn, bilbo), minion = at_rivendell(game)
    gorbag, lagduf = minion["chars"]
    gollum = add_card(game, catalogue, "TW-246", 0, bilbo)  # an ally counts as a character: 3 strikes
    game.do(0, type="attack_company", company=minion["id"])
    assert game.state["attack"]["strikes"] == 3
    game.do(1, type="assign_strike", pairs=[[gorbag, gollum], [lagduf, bilbo]])
    attack = game.state["attack"]
    assert (attack["stage"], attack["excess_left"]) == ("resolve", 1)  # Aragorn is left over: one −1
    game.do(1, type="resolve_strike", character=gorbag)  # the defender picks the strike …
    assert game.state["attack"]["stage"] == "strike_attacker"  # … the attacker decides first
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="resolve_strike", character=gorbag, support=[lagduf])
    assert error.value.code == "not_your_window"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="attacker_strike", excess=2)
    assert error.value.code == "bad_excess"
    assert offered(game, 0) == [
        "Gollum bleibt ungetappt (−3)",
        "Gollum tappt, −1 für Gorbag",
        "Gollum bleibt ungetappt (−3), −1 für Gorbag",
        "Gollum tappt",  # the default comes last
    ]
    assert offered(game, 1) == []
    game.do(0, type="attacker_strike", excess=1, stay_untapped=True)
    assert "Hieb gegen Gorbag würfeln, Gorbag bleibt ungetappt (−3)" in offered(game, 1)
    assert game.state["attack"]["stage"] == "strike_defender" and game.engine.current_seats(game.state) == [1]
    dice(game, (3, 3), (6, 6))  # Gorbag 6 + 6 − 1 = 11; Gollum 2 + 12 − 3 = 11: a tie, nothing happens
    game.do(1, type="resolve_strike")
    log = game.log()
    assert any(line.startswith("Gorbag: Kampfgeschick 6 + Wurf 3+3 (überzählige Hiebe −1)") for line in log), log
    assert any(line.startswith("Gollum: Kampfgeschick 2 + Wurf 6+6 (bleibt ungetappt −3)") for line in log), log
    assert "Gleichstand: Der Hieb bleibt ohne Wirkung." in log
    assert not game.state["inst"][gollum]["tapped"] and game.state["inst"][gorbag]["tapped"]
    # Lagduf against Bilbo: no excess left, Bilbo untapped: the attacker still chooses (tap or −3).
    game.do(1, type="resolve_strike", character=lagduf)
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="attacker_strike", excess=1)
    assert error.value.code == "bad_excess"
    game.do(0, type="attacker_strike")
    dice(game, (6, 6), (1, 1), (6, 6))  # Lagduf 5 + 12 = 17, Bilbo 1 + 2 = 3: wounded, body 12 > 9: eliminated
    game.do(1, type="resolve_strike")
    assert game.state["attack"] is None
    # "… gibt seinem Gegner Tötungs-Siegpunkte (zählt wie Punkte durch Kreaturen)": Bilbo in the minion's pile.
    assert game.state["inst"][bilbo]["zone"] == "mp" and bilbo in game.state["players"][1]["mp"]
    assert game.engine.marshalling_points(game.state, 1).creatures_starred == game.card(bilbo)["mp"] == 2
    assert game.state["inst"][gollum]["zone"] == "discard"  # his ally left with him


def test_support_for_the_defending_character_only_and_body_check_of_the_attacker(game):
    """ "Jeder Charakter oder Verbündeter, der nicht Ziel eines Hiebes ist, darf getappt werden und gibt +1
    auf das Kampfgeschick des verteidigenden Charakters"; the loser, attacker or defender, is wounded and
    makes a body check; an eliminated attacker gives the defender kill points."""
    (aragorn, bilbo), minion = at_rivendell(game)
    gorbag, lagduf = minion["chars"]
    st.move(game.state, bilbo, "discard")  # test setup: Aragorn attacks alone, one strike
    game.do(0, type="attack_company", company=minion["id"])
    game.do(1, type="assign_strike", character=gorbag, by=aragorn)
    assert game.state["attack"]["stage"] == "resolve"  # Lagduf stays without a strike
    with pytest.raises(IllegalAction) as error:  # the attacker decides before the defender's support
        game.do(1, type="resolve_strike", character=gorbag, support=[lagduf])
    assert error.value.code == "attacker_first"
    game.do(1, type="resolve_strike", character=gorbag)
    game.do(0, type="attacker_strike")
    with pytest.raises(IllegalAction) as error:  # no support from the attacking company
        game.do(1, type="resolve_strike", support=[aragorn])
    assert error.value.code == "bad_support"
    dice(game, (5, 5), (1, 1), (6, 6))  # Gorbag 6 + 10 + 1 = 17; Aragorn 6 + 2 = 8: wounded, body 12 > 9
    game.do(1, type="resolve_strike", support=[lagduf])
    log = game.log()
    assert any(line.startswith("Gorbag: Kampfgeschick 6 + Wurf 5+5 (Unterstützung +1)") for line in log), log
    assert game.state["inst"][lagduf]["tapped"]
    assert any(line.startswith("Konstitutionswurf für Aragorn II: 6+6") for line in log), log
    assert aragorn in game.state["players"][1]["mp"]
    assert game.engine.marshalling_points(game.state, 1).creatures_starred == 3  # Aragorn's 3 points


def test_a_beaten_defender_is_eliminated_and_scores_for_the_attacker(game):
    (aragorn, bilbo), minion = at_rivendell(game)
    gorbag, lagduf = minion["chars"]
    game.do(0, type="attack_company", company=minion["id"])
    game.do(1, type="assign_strike", pairs=[[gorbag, aragorn], [lagduf, bilbo]])
    game.do(1, type="resolve_strike", character=gorbag)
    game.do(0, type="attacker_strike")
    dice(game, (1, 1), (6, 6), (6, 6))  # Gorbag 6 + 2 = 8, Aragorn 6 + 12 = 18; Gorbag's body check 12 > 9
    game.do(1, type="resolve_strike")
    assert gorbag in game.state["players"][0]["mp"]
    sheet = game.engine.marshalling_points(game.state, 0)
    assert sheet.creatures_plain == game.card(gorbag)["mp"] == 2  # kill points, whatever the star
    assert game.state["attack"]["stage"] == "resolve"
    game.do(1, type="resolve_strike", character=lagduf)
    game.do(0, type="attacker_strike")
    dice(game, (3, 3), (1, 1), (1, 1))  # Lagduf 5 + 6 = 11, Bilbo 1 + 2 = 3: wounded, body check 2: stays
    game.do(1, type="resolve_strike")
    assert game.state["attack"] is None
    assert game.state["inst"][bilbo]["wounded"] and game.state["inst"][bilbo]["zone"] == "play"
    with pytest.raises(IllegalAction) as error:  # no influence attempt after a company combat
        game.do(0, type="influence", character=aragorn, target=lagduf)
    assert error.value.code == "influence_done"


def test_who_may_attack_whom():
    """Opposite alignments fight; "Offene Gemeinschaften eines Gefallenen Zauberers dürfen jede Gemeinschaft
    angreifen und von jeder Gemeinschaft angegriffen werden" (overt: with an Orc or Troll in it)."""
    cards = {"orc": {"race": "Orc"}, "man": {"race": "Man"}, "elf": {"race": "Elf"}}

    def state(first, second):
        return {
            "players": [{"alignment": first}, {"alignment": second}],
            "inst": {"a": {"code": "man"}, "b": {"code": "orc"}, "c": {"code": "elf"}},
            "cards": cards,
        }

    covert, overt, elves = (
        {"owner": 0, "chars": ["a"]},
        {"owner": 0, "chars": ["a", "b"]},
        {"owner": 1, "chars": ["c"]},
    )
    assert may_fight(state("hero", "minion"), covert, elves)
    assert may_fight(state("balrog", "fallen-wizard"), covert, elves)
    assert not may_fight(state("hero", "hero"), covert, elves)
    assert not may_fight(state("fallen-wizard", "hero"), covert, elves)
    assert may_fight(state("fallen-wizard", "hero"), overt, elves)
    assert may_fight(state("hero", "fallen-wizard"), elves | {"owner": 0}, overt | {"owner": 1})
