"""Agents as hazards (issue 19; seeds/003 "Schlüsselbegriffe: Agenten", "Agenten als Gefahren", "Ortsphase").
Dice are fixed per test by replacing the engine's roller on this engine instance."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

from .conftest import dice


def in_hand(game, catalogue, seat, code):
    game.state["cards"][code] = catalogue[code]
    return st.new_instance(game.state, code, seat, "hand")


def to_turn(game, number, phase):
    while not (game.turn["number"] == number and game.turn["phase"] == phase):
        game.next_phase()


def test_a_hero_plays_an_agent_face_down_against_the_limit_and_it_attacks_a_minion_company_as_detainment(
    game, catalogue
):
    """ "Helden- und Balrog-Spieler dürfen auch Agenten als Gefahren verwenden." "Ein Agent wird in der
    Bewegungs-/Gefahrenphase verdeckt und ungetappt ausgespielt (zählt gegen das Gefahrenlimit). Er befindet
    sich dann an einem seiner Heimatorte." In the site phase: "Jeder gegnerische Agent, der sich am selben Ort
    befindet, darf die Gemeinschaft angreifen"; "War der Agent bei Ankündigung des Angriffs verdeckt und befindet
    sich an seinem Heimatort: +5 und +1 auf Konstitution"; "Ein Angriff eines Agenten gegen Schergen- oder
    Balrogspieler ist immer ein Verhörangriff"; "Der Agent wird verwundet, wenn mindestens einer seiner Hiebe
    fehlschlägt." """
    to_turn(game, 2, "movement")  # the minion's company stays at Minas Morgul
    company = game.companies(1)[0]
    golodhros = in_hand(game, catalogue, 0, "DM-14")  # prowess 5, body 9; home Minas Morgul, Cirith Ungol, …
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=golodhros)
    assert error.value.code == "not_playable"
    before = company["hazards"]
    characters = game.engine.marshalling_points(game.state, 0).characters
    events = game.do(0, type="play_agent", card=golodhros)
    company = game.companies(1)[0]  # the engine returns a new state
    card = game.state["inst"][golodhros]
    assert (card["zone"], card["face_down"], card["tapped"], card["agent"]["site"]) == ("play", True, False, None)
    assert company["hazards"] == before + 1
    assert [e.public.render() for e in events] == ["Platz 1 spielt einen Agenten verdeckt aus."]
    seen = game.engine.view(game.state, 1)
    assert {"hidden": True, "agent": True, "site_cards": 0} in seen["players"][0]["agents"]
    assert "DM-14" not in str(seen)
    to_turn(game, 2, "site")
    game.do(1, type="enter_site")
    # No automatic attack at the Darkhaven: the table waits for the hazard player's agent.
    assert game.engine.current_seats(game.state) == [0]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="next_phase")
    assert error.value.code == "agent_window_open"
    offered = [a["type"] for a in game.engine.choices(game.state, 0)]
    assert offered == ["agent_attack", "pass"]
    game.do(0, type="agent_attack", card=golodhros)
    attack = game.state["attack"]
    assert (attack["source"], attack["strikes"], attack["prowess"], attack["body"]) == ("agent", 1, 10, 10)
    assert attack["detainment"] is True and attack.get("key") is None
    assert not card_of(game, golodhros)["face_down"] and card_of(game, golodhros)["agent"]["site"] == "Minas Morgul"
    # revealed by the attack: named in the log, with the face-down-at-home modifiers the table applied
    assert any("deckt den Agenten Golodhros auf" in line for line in game.log())
    assert any("Golodhros greift an" in line and "verdeckt am Heimatort +5" in line for line in game.log())
    gorbag = game.companies(1)[0]["chars"][0]
    game.do(1, type="assign_strike", character=gorbag)
    dice(game, (6, 6))
    game.do(1, type="resolve_strike", character=gorbag)  # the strike fails: no body check (detainment)
    assert game.state["attack"] is None
    agent = card_of(game, golodhros)
    assert (agent["zone"], agent["wounded"]) == ("play", True)
    # Face up on the hero's table it is still a hazard: its 3 character points are nobody's.
    assert game.engine.marshalling_points(game.state, 0).characters == characters
    assert not any(line.startswith("Konstitutionswurf gegen den Angriff") for line in game.log())
    # "In jeder Ortsphase darf jeder Agent nur einmal angreifen": the table does not wait again.
    assert not game.state["turn"].get("agent_window")
    assert game.engine.current_seats(game.state) == [1]


def card_of(game, iid):
    return game.state["inst"][iid]


def test_an_agent_whose_strike_is_defeated_is_the_defenders_kill_points(game, catalogue):
    """ "Der Agent wird eliminiert, wenn alle seine Hiebe besiegt werden. In diesem Fall erhält der Gegner die
    Siegpunkte, die als Siegpunkte für Kreaturen zählen." Against a hero company it is no detainment; agents that
    are hazard cards (*Lobelia Sackheim-Beutlin*) are played by any player."""
    company = game.companies(0)[0]
    game.to_phase("organization")
    game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", "TW-372"), kind="starter")
    to_turn(game, 1, "movement")
    lobelia = in_hand(game, catalogue, 1, "DM-28")  # prowess 0, body 9, 1 kill point; home Bag End, Bree
    game.do(1, type="play_agent", card=lobelia)
    to_turn(game, 1, "site")
    game.do(0, type="enter_site")  # Bag End: no automatic attack
    assert game.engine.current_seats(game.state) == [1]
    game.do(1, type="agent_attack", card=lobelia)
    attack = game.state["attack"]
    assert (attack["prowess"], attack["body"], attack["detainment"]) == (5, 10, False)
    aragorn = game.companies(0)[0]["chars"][0]
    game.do(0, type="assign_strike", character=aragorn)
    dice(game, (6, 6), (6, 5))  # Aragorn 6 + 12 > 5; body check 11 > 10: defeated
    game.do(0, type="resolve_strike", character=aragorn)
    assert game.state["attack"] is None
    assert lobelia in game.state["players"][0]["mp"]
    sheet = game.engine.marshalling_points(game.state, 0)
    assert sheet.creatures_plain == 1
    assert game.engine.marshalling_points(game.state, 1).creatures_plain == 0


def test_agent_actions_once_per_round_against_the_limit_and_only_for_agents_already_in_play(game, catalogue):
    """ "Ein Agent, der bereits zu Beginn des gegnerischen Zuges im Spiel war, kann in jeder Runde genau eine der
    folgenden Handlungen durchführen. Jede dieser Handlungen zählt 1 gegen das Gefahrenlimit": Enttappen,
    Heilen ("in den getappten Zustand versetzt"), Verdecken. Revealing: "zählt nicht zum Gefahrenlimit"; an agent
    that has not moved "erscheint an einem seiner Heimatorte"."""
    to_turn(game, 1, "movement")
    lobelia = in_hand(game, catalogue, 1, "DM-28")
    game.do(1, type="play_agent", card=lobelia)
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="agent_action", card=lobelia, kind="hide")
    assert error.value.code == "agent_too_new"
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_agent", card=lobelia, site="Moria")
    assert error.value.code == "not_home_site"
    hazards = game.companies(0)[0]["hazards"]
    game.do(1, type="reveal_agent", card=lobelia, site="Bree")
    assert game.companies(0)[0]["hazards"] == hazards  # revealing is free
    assert card_of(game, lobelia)["agent"]["site"] == "Bree" and not card_of(game, lobelia)["face_down"]
    to_turn(game, 3, "movement")
    company = game.companies(0)[0]
    card_of(game, lobelia)["wounded"] = True
    hazards = company["hazards"]
    game.do(1, type="agent_action", card=lobelia, kind="heal")
    assert (card_of(game, lobelia)["wounded"], card_of(game, lobelia)["tapped"]) == (False, True)
    assert game.companies(0)[0]["hazards"] == hazards + 1
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="agent_action", card=lobelia, kind="untap")
    assert error.value.code == "agent_acted"


def test_a_minion_player_does_not_play_agent_characters_as_hazards(game, catalogue):
    """Agent characters are hazards only for hero and Balrog players; minion and Fallen-wizard players use them
    as characters ("Agenten als Charaktere")."""
    to_turn(game, 1, "movement")
    bill = in_hand(game, catalogue, 1, "DM-3")
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_agent", card=bill)
    assert error.value.code == "agent_not_hazard"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_agent", card=in_hand(game, catalogue, 0, "DM-14"))
    assert error.value.code == "agent_phase"  # not in one's own movement/hazard phase


def test_an_agent_moves_to_a_site_in_the_same_or_an_adjacent_region_lays_its_site_cards_and_goes_back(game, catalogue):
    """ "Bewegung. Ein Agent kann sich zu einem Ort (der im Ortsstapel verfügbar ist) bewegen, der in derselben
    oder einer angrenzenden Region seines aktuellen Aufenthaltsortes liegt … Dies darf keine Version eines
    Helden-Zufluchtsorts … sein. Der Ort wird verdeckt neben den Agent und auf evtl. bereits vorhandene Orte
    gelegt, wenn der Agent verdeckt ist. … Nachdem sich ein Agent bewegt hat, wird er getappt." Revealing a
    moved agent: "werden alle bis auf die letzte Ortskarte (aktueller Aufenthaltsort) zurück in den Ortsstapel
    gelegt." "Ein Agent kann sich alternativ zum zuvor besuchten Ort zurückbegeben; in diesem Fall wird die
    zuletzt neben ihn gespielte Ortskarte entfernt." Returning home: "Liegt der Agent offen aus, muss aber die
    Ortskarte seines Heimatortes liegen bleiben bzw. neu zu ihm gelegt werden. Der Agent wird in diesem Fall
    nicht getappt." """
    to_turn(game, 1, "movement")
    lobelia = in_hand(game, catalogue, 1, "DM-28")  # home Bag End (The Shire), Bree (Arthedain)
    game.do(1, type="play_agent", card=lobelia)
    weathertop = game.find(1, "sites", "AS-169")  # Arthedain
    bree = game.find(1, "sites", "LE-356")  # Arthedain
    morgul = game.find(1, "sites", "LE-367")  # Dol Guldur, Southern Mirkwood: far away
    rivendell = st.new_instance(game.state, "TW-421", 1, "sites")  # Rhudaur, next to Arthedain, a hero haven
    to_turn(game, 3, "movement")
    hazards = game.companies(0)[0]["hazards"]
    for site, code in ((morgul, "agent_too_far"), (rivendell, "agent_site_forbidden")):
        with pytest.raises(IllegalAction) as error:
            game.do(1, type="agent_action", card=lobelia, kind="move", site=site)
        assert error.value.code == code
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="agent_action", card=lobelia, kind="back")
    assert error.value.code == "agent_not_moved"
    game.do(1, type="agent_action", card=lobelia, kind="move", site=weathertop)
    agent = card_of(game, lobelia)
    assert (agent["agent"]["site"], agent["agent"]["cards"], agent["tapped"]) == ("Weathertop", [weathertop], True)
    assert card_of(game, weathertop)["face_down"] and weathertop not in game.state["players"][1]["sites"]
    assert game.companies(0)[0]["hazards"] == hazards + 1
    seen = game.engine.view(game.state, 0)
    assert {"hidden": True, "agent": True, "site_cards": 1} in seen["players"][1]["agents"]
    assert "AS-169" not in str(seen)  # the face-down site card stays secret
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="agent_action", card=lobelia, kind="move", site=bree)
    assert error.value.code == "agent_acted"
    to_turn(game, 5, "movement")
    game.do(1, type="agent_action", card=lobelia, kind="move", site=bree)  # on the Weathertop card
    assert card_of(game, lobelia)["agent"]["cards"] == [weathertop, bree]
    game.do(1, type="reveal_agent", card=lobelia)
    agent = card_of(game, lobelia)
    assert (agent["face_down"], agent["agent"]["site"], agent["agent"]["cards"]) == (False, "Bree", [bree])
    assert weathertop in game.state["players"][1]["sites"] and not card_of(game, bree)["face_down"]
    shown = next(a for a in game.engine.view(game.state, 0)["players"][1]["agents"] if not a.get("hidden"))
    assert [c["code"] for c in shown["attached"]] == ["LE-356"]
    to_turn(game, 7, "movement")
    game.do(1, type="agent_action", card=lobelia, kind="back")
    agent = card_of(game, lobelia)
    assert (agent["agent"]["site"], agent["agent"]["cards"], agent["tapped"]) == ("Weathertop", [], True)
    assert bree in game.state["players"][1]["sites"]  # the last card laid went back to the location deck
    to_turn(game, 9, "movement")
    assert not card_of(game, lobelia)["tapped"]  # untapped in its player's untap phase
    with pytest.raises(IllegalAction) as error:  # face up it needs the Bag End card, which the deck lacks
        game.do(1, type="agent_action", card=lobelia, kind="home", site="Bag End")
    assert error.value.code == "site_unavailable"
    game.do(1, type="agent_action", card=lobelia, kind="home", site="Bree")
    agent = card_of(game, lobelia)
    assert (agent["agent"]["site"], agent["agent"]["cards"], agent["tapped"]) == ("Bree", [bree], False)


def test_an_agent_revealed_without_its_site_card_is_discarded_at_the_end_of_the_turn(game, catalogue):
    """ "Hat er sich noch nicht bewegt, so erscheint er an einem seiner Heimatorte und erhält die entsprechende
    Ortskarte … Ist die entsprechende Ortskarte nicht verfügbar, wird der Agent am Ende der Runde abgeworfen."
    The hero's location deck has no Minas Morgul; the minion's has Bree."""
    to_turn(game, 2, "movement")
    golodhros = in_hand(game, catalogue, 0, "DM-14")
    game.do(0, type="play_agent", card=golodhros)
    game.do(0, type="reveal_agent", card=golodhros, site="Minas Morgul")
    assert card_of(game, golodhros)["zone"] == "play" and card_of(game, golodhros)["agent"]["doomed"]
    to_turn(game, 3, "untap")
    assert card_of(game, golodhros)["zone"] == "discard"
    assert "Der Agent Golodhros wird abgeworfen: Die Ortskarte Minas Morgul fehlt." in game.log()
    to_turn(game, 3, "movement")
    lobelia = in_hand(game, catalogue, 1, "DM-28")
    game.do(1, type="play_agent", card=lobelia)
    game.do(1, type="reveal_agent", card=lobelia, site="Bree")
    bree = card_of(game, lobelia)["agent"]["cards"]
    assert [game.state["inst"][c]["code"] for c in bree] == ["LE-356"]
    to_turn(game, 4, "untap")
    assert card_of(game, lobelia)["zone"] == "play"


def test_a_face_down_agent_is_not_in_play_for_uniqueness_but_a_face_up_one_is(game, catalogue):
    """ "Ein verdeckt liegender Agent befindet sich hinsichtlich Einzigartigkeit nicht im Spiel." The minion
    player may bring Golodhros into play as a character ("nur an ihrem Heimatort") while the hero's Golodhros
    lies face down; revealed, the hero's would be a second copy of a unique card: it cannot be revealed (and so
    cannot attack)."""
    to_turn(game, 2, "movement")
    agent = in_hand(game, catalogue, 0, "DM-14")
    game.do(0, type="play_agent", card=agent)
    to_turn(game, 4, "organization")
    character = in_hand(game, catalogue, 1, "DM-14")
    game.do(1, type="play_character", card=character, company=game.companies(1)[0]["id"])  # at Minas Morgul
    assert card_of(game, character)["zone"] == "play"
    to_turn(game, 4, "movement")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="reveal_agent", card=agent, site="Minas Morgul")
    assert error.value.code == "unique_in_play"
    to_turn(game, 4, "site")
    game.do(1, type="enter_site")
    assert not game.state["turn"].get("agent_window")  # the hidden Golodhros cannot attack
