"""Issue 19 point 5: corruption checks with modifiers and support, passing items, influence attempts,
joining companies, the sideboard with an avatar in play, the draft without minor items, scoring rules."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

from .conftest import HAZARDS, HERO_POOL, HERO_RESOURCES, HERO_SITES, Table, deck, dice, minion_deck


def add_card(game, catalogue, code, seat, zone="play", on=None):
    game.state["cards"][code] = catalogue[code]
    iid = st.new_instance(game.state, code, seat, zone)
    game.state["inst"][iid]["on"] = on
    return iid


def test_corruption_check_with_the_printed_modifier_and_support(game, catalogue):
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    add_card(game, catalogue, "TW-254", 0, on=bilbo)  # Hauberk: 1 corruption point... and more below
    add_card(game, catalogue, "TW-244", 0, on=bilbo)  # Glamdring: 1 more
    dice(game, (1, 1))
    game.do(0, type="corruption_check", character=bilbo, support=[aragorn])
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Bilbo"))
    # 2 + Bilbo's printed +4 + 1 support = 7 against 2 points: passed.
    assert "Kartenmodifikator +4, Unterstützung +1" in line and "= 7 gegen 2 Versuchungspunkte: bestanden" in line
    assert game.state["inst"][aragorn]["tapped"]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="corruption_check", character=bilbo, support=[aragorn])
    assert error.value.code == "support_tapped"


def test_an_item_passes_after_the_givers_corruption_check(game, catalogue):
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    dagger = add_card(game, catalogue, "TW-206", 0, on=aragorn)
    dice(game, (3, 3))
    game.do(0, type="transfer_item", card=dagger, character=bilbo)
    assert game.state["inst"][dagger]["on"] == bilbo
    assert any(line.startswith("Versuchungswurf für Aragorn") for line in game.log())
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="transfer_item", card=dagger, character=aragorn)
    assert error.value.code in ("not_your_turn", "not_yours")


def test_minor_items_in_the_pool_are_never_draft_picks(engine):
    table = Table(engine)
    hero = deck("hero", [*HERO_POOL, "TW-206"], [*HERO_RESOURCES, *HAZARDS] * 2, HERO_SITES)
    table.choose_decks(hero, minion_deck())
    dagger = table.find(0, "pool", "TW-206")
    assert {"type": "draft_pick", "card": dagger} not in engine.legal_actions(table.state, 0)
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="draft_pick", card=dagger)
    assert error.value.code == "not_a_character"


def test_a_heros_minion_item_scores_half(game, catalogue):
    aragorn = game.companies(0)[0]["chars"][0]
    before = game.engine.marshalling_points(game.state, 0).items
    add_card(game, catalogue, "LE-341", 0, on=aragorn)  # Sable Shield, a minion major item
    mp = catalogue["LE-341"]["mp"]
    assert game.engine.marshalling_points(game.state, 0).items == before + -(-mp // 2)


def test_join_two_companies_at_the_same_site(game):
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    game.do(0, type="move_character", card=bilbo, company="new")
    assert len(game.companies(0)) == 2
    first, second = game.companies(0)
    game.do(0, type="join_company", company=second["id"], to=first["id"])
    assert [c["chars"] for c in game.companies(0)] == [[aragorn, bilbo]]


def test_influence_attempt_against_an_opponents_character_at_the_same_site(game):
    minion_company = game.companies(1)[0]
    gorbag = minion_company["chars"][0]
    # Test setup: the minion company stands at Rivendell too, and it is the hero's second turn.
    rivendell = game.companies(0)[0]["site"]
    minion_company["site"] = rivendell
    game.state["players"][0]["turns"] = 2
    game.to_phase("site")
    game.do(0, type="enter_site")
    aragorn = game.companies(0)[0]["chars"][0]
    dice(game, (6, 6), (1, 1))
    game.do(0, type="influence", character=aragorn, target=gorbag)
    line = next(line for line in game.log() if "abzuwerben" in line)
    assert "Ausrichtung 5" in line and "Geisteskraft" in line
    assert game.state["inst"][aragorn]["tapped"]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="influence", character=game.companies(0)[0]["chars"][1], target=gorbag)
    assert error.value.code in ("influence_done", "bad_target")


def test_sideboard_with_an_avatar_in_play(game, catalogue):
    gandalf = add_card(game, catalogue, "TW-156", 0)
    game.companies(0)[0]["chars"].append(gandalf)
    resource = add_card(game, catalogue, "TW-206", 0, zone="sideboard")
    hazard = add_card(game, catalogue, "TW-14", 1, zone="sideboard")
    # The opponent brings a hazard while the hero's turn has not reached its movement yet.
    game.do(1, type="sideboard", cards=[hazard], to="discard")
    assert game.state["inst"][hazard]["zone"] == "discard" and game.turn["sideboard_hazards"]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="sideboard", cards=[hazard], to="discard")
    assert error.value.code in ("sideboard_window", "wrong_zone")
    game.to_phase("organization")
    game.do(0, type="sideboard", cards=[resource], to="deck")
    assert game.state["inst"][resource]["zone"] == "deck" and game.state["inst"][gandalf]["tapped"]
    assert any("Reservestapel" in line and catalogue["TW-206"]["name_de"] in line for line in game.log())


def test_council_checks_with_support(game):
    aragorn, bilbo = game.companies(0)[0]["chars"]
    game.state["stage"] = "council"  # test setup: the council meets
    dice(game, (1, 1), (6, 6))
    game.do(0, type="council_checks", support={bilbo: [aragorn]})
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Bilbo"))
    assert "Unterstützung +1" in line
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="council_checks", support={"x": ["y"]})
    assert error.value.code == "bad_support"


def test_the_opponents_sideboard_hazards_halve_the_hazard_limit(game, catalogue):
    gandalf = add_card(game, catalogue, "TW-156", 0)
    game.companies(0)[0]["chars"].append(gandalf)
    hazard = add_card(game, catalogue, "TW-14", 1, zone="sideboard")
    game.do(1, type="sideboard", cards=[hazard], to="discard")
    game.to_phase("organization")
    company = game.companies(0)[0]
    game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", "TW-372"), kind="starter")
    game.to_phase("long_event")
    game.do(0, type="next_phase")
    assert game.companies(0)[0]["limit"] == 2  # size 3 → limit 3, halved and rounded up: 2
