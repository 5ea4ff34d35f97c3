"""The combat windows open to cards (issue 29; seeds/003 "Zuweisung der Hiebe", "Abwicklung der Hiebe",
"Konstitutionswurf"): before strikes are assigned the defender may cancel the attack; before a strike resolves
the attacker plays further hazards on it and the defender resources ("Außerdem kann der Verteidiger
Unterstützungskarten spielen. Dabei darf pro Hieb nur eine Unterstützungskarte gespielt werden, die einen Beruf
erfordert"); the cards take effect as the table reads their scripts, and the log shows them in the arithmetic."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

from .conftest import (
    HAZARDS,
    HERO_POOL,
    HERO_RESOURCES,
    HERO_SITES,
    MINION_POOL,
    MINION_RESOURCES,
    MINION_SITES,
    Table,
    deck,
    dice,
)

DODGE, BLOCK, RISKY_BLOW, CONCEALMENT, HALFLING = "TW-209", "TW-199", "TW-319", "TW-204", "TW-253"
DARK_QUARRELS, PASSION_OF_WRATH, CAVE_DRAKE, BRIGANDS, ORC_PATROL = "TW-207", "TD-53", "TW-20", "TW-17", "TW-5"


def start(engine, seed):
    table = Table(engine, seed=seed, card_text=True)
    extra = [RISKY_BLOW, CONCEALMENT, HALFLING, DARK_QUARRELS, "TW-354"]  # TW-354 True Fána: no script
    hero = deck("hero", HERO_POOL, [*HERO_RESOURCES, *HAZARDS, *extra] * 2, HERO_SITES)
    minion = deck("minion", MINION_POOL, [*MINION_RESOURCES, *HAZARDS, PASSION_OF_WRATH] * 3, MINION_SITES)
    table.choose_decks(hero, minion)
    table.draft(["TW-120", "TW-131", None], ["LE-11", "LE-18", None])
    table.do(1, type="starting_site", site="Minas Morgul")
    table.do(0, type="start_done")
    table.do(1, type="start_done")
    return table


@pytest.fixture
def game(engine):
    """Aragorn and Bilbo (hero, seat 0, at turn first) against Gorbag and Lagduf."""
    return next(t for t in (start(engine, seed) for seed in range(1, 40)) if t.turn["active"] == 0)


def to_hand(game, seat, code):
    iid = next(
        i for zone in ("deck", "discard") for i in game.state["players"][seat][zone] if game.card(i)["code"] == code
    )
    st.move(game.state, iid, "hand", top=True)
    return iid


def clear_hand(game, seat):
    """Only the cards a test puts there: nothing else in hand may open a window."""
    for iid in list(game.state["players"][seat]["hand"]):
        st.move(game.state, iid, "deck")


def to_bag_end(game):
    """Aragorn and Bilbo move Rivendell → Bag End ({w}{w}{f}); the minion player's hand emptied."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", "TW-372"), kind="starter")
    game.to_phase("long_event")
    game.do(0, type="next_phase")
    clear_hand(game, 0)
    clear_hand(game, 1)
    return game.companies(0)[0]


def creature_attacks(game, code, keyed=None):
    creature = to_hand(game, 1, code)
    game.do(1, type="play_card", card=creature, keyed=keyed or {"kind": "region_type", "symbol": "w"})
    game.do(0, type="pass")
    game.do(1, type="pass")
    return creature


def test_dodge_before_the_strike_keeps_the_character_untapped_and_lowers_his_body(game):
    aragorn, _bilbo = to_bag_end(game)["chars"]
    dodge = to_hand(game, 0, DODGE)
    creature_attacks(game, BRIGANDS)  # 2 strikes, prowess 8: no card for the window before the strikes
    assert game.state["attack"].get("window") is None
    game.do(0, type="assign_strike", character=aragorn)
    game.do(0, type="assign_done")
    game.do(0, type="resolve_strike", character=aragorn)
    # The attacker holds nothing for this strike (passed by himself); the defender holds Dodge: the table waits.
    assert game.state["attack"]["window"]["name"] == "strike"
    assert game.engine.current_seats(game.state) == [0]
    types = {a["type"] for a in game.engine.legal_actions(game.state, 0)}
    assert {"play_card", "pass"} <= types and "resolve_strike" not in types
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="next_phase")
    assert error.value.code == "attack_open"
    dice(game, (1, 1), (6, 5))  # 6 + 2 = 8: ineffectual; then Bilbo's strike
    game.do(0, type="play_card", card=dodge)
    assert game.state["inst"][dodge]["zone"] == "discard"
    assert not game.state["inst"][aragorn]["tapped"]  # Dodge: he did not tap against the strike
    log = game.log()
    assert any("Ausweichen wirkt" in line for line in log), log
    assert any(line.startswith("Hieb gegen Aragorn II") and "tappt nicht (Kartentext) ±0" in line for line in log)
    assert game.state["effects"] == []  # the strike is over: its effects with it


def test_dodge_lowers_the_body_for_the_body_check_after_a_wound(game):
    aragorn, _bilbo = to_bag_end(game)["chars"]
    dodge = to_hand(game, 0, DODGE)
    creature_attacks(game, CAVE_DRAKE)  # 2 strikes, prowess 10; "Attacker chooses": two strikes on two characters
    assert set(game.state["attack"]["assigned"]) == {aragorn, _bilbo}  # assigned by the table, as forced
    game.do(0, type="resolve_strike", character=aragorn)
    dice(game, (1, 1), (4, 5))  # 6 + 2 = 8 < 10: wounded; body check 9 against 9 − 1 = 8: eliminated
    game.do(0, type="play_card", card=dodge)
    line = next(line for line in game.log() if line.startswith("Konstitutionswurf für Aragorn II"))
    assert "gegen Konstitution 9 − Ausweichen 1 = 8: eliminiert" in line, line
    assert game.state["inst"][aragorn]["zone"] == "out"


def test_risky_blow_shows_in_the_strike_arithmetic_and_only_for_a_warrior(game):
    aragorn, bilbo = to_bag_end(game)["chars"]
    blow = to_hand(game, 0, RISKY_BLOW)
    creature_attacks(game, BRIGANDS)
    game.do(0, type="assign_strike", character=bilbo)
    game.do(0, type="assign_done")
    dice(game, (6, 6))
    game.do(0, type="resolve_strike", character=bilbo)
    # Bilbo is no warrior: Risky Blow has no target on his strike, so the table does not ask (no window).
    assert game.state["attack"].get("window") is None
    dice(game, (1, 1))
    game.do(0, type="resolve_strike", character=aragorn)
    assert game.state["attack"]["window"]["name"] == "strike"
    game.do(0, type="play_card", card=blow)
    line = next(line for line in game.log() if line.startswith("Hieb gegen Aragorn II"))
    assert "Kampfgeschick 6 + Riskanter Schlag 3 = 9 + Wurf 1+1" in line, line
    assert "= 11 gegen 8" in line, line


def test_one_skill_card_per_strike(game):
    aragorn, _bilbo = to_bag_end(game)["chars"]
    blow = to_hand(game, 0, RISKY_BLOW)
    block = to_hand(game, 0, BLOCK)
    creature_attacks(game, BRIGANDS)
    game.do(0, type="assign_strike", character=aragorn)
    game.do(0, type="assign_done")
    game.do(0, type="resolve_strike", character=aragorn)
    game.do(0, type="play_card", card=blow)  # the chain resolves (the attacker holds nothing to answer)
    # The window goes on (the attacker passes by himself), but a second skill card is not allowed on this strike.
    assert game.state["attack"].get("window") is None or game.engine.current_seats(game.state) != [0]
    assert game.state["inst"][block]["zone"] == "hand"


def test_concealment_cancels_the_attack_before_strikes_are_assigned(game):
    aragorn, _bilbo = to_bag_end(game)["chars"]
    concealment = to_hand(game, 0, CONCEALMENT)
    creature = creature_attacks(game, BRIGANDS)
    assert game.state["attack"]["window"]["name"] == "attack"
    assert game.engine.current_seats(game.state) == [0]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="assign_strike", character=aragorn)  # strikes come after the window
    assert error.value.code == "attack_open"
    scout = aragorn  # Aragorn II: Warrior/Scout/Ranger
    game.do(0, type="play_card", card=concealment, target={"kind": "character", "id": scout})
    assert game.state["attack"] is None
    assert game.state["inst"][scout]["tapped"]  # the cost
    assert game.state["inst"][creature]["zone"] == "discard"  # cancelled: no marshalling points
    assert creature not in game.state["players"][0]["mp"]


def test_concealment_needs_an_untapped_scout_of_the_attacked_company(game):
    aragorn, bilbo = to_bag_end(game)["chars"]
    concealment = to_hand(game, 0, CONCEALMENT)
    game.state["inst"][aragorn]["tapped"] = True
    game.state["inst"][bilbo]["tapped"] = True
    creature_attacks(game, BRIGANDS)
    assert game.state["attack"].get("window") is None  # nobody could pay the cost: no window
    assert game.state["inst"][concealment]["zone"] == "hand"


def test_dark_quarrels_cancels_only_orc_troll_or_man_attacks(game):
    to_bag_end(game)
    quarrels = to_hand(game, 0, DARK_QUARRELS)
    creature_attacks(game, CAVE_DRAKE)  # a Dragon: Dark Quarrels has nothing to cancel (no Gates of Morning)
    assert game.state["attack"].get("window") is None
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=quarrels)
    assert error.value.code in ("not_your_window", "not_now", "attack_open")


def test_the_attacker_plays_a_hazard_on_the_strike(game, catalogue):
    aragorn, _bilbo = to_bag_end(game)["chars"]
    creature_attacks(game, CAVE_DRAKE)
    wrath = to_hand(game, 1, PASSION_OF_WRATH)
    game.do(0, type="resolve_strike", character=aragorn)  # the attacker chose: a strike on each (forced)
    assert game.state["attack"]["window"] == {"name": "strike", "seat": 1, "passes": 0}
    dice(game, (3, 3), (2, 2))  # 6 + 6 = 12 against 10 + 2 = 12: ineffectual
    game.do(1, type="play_card", card=wrath)
    line = next(line for line in game.log() if line.startswith("Hieb gegen Aragorn II"))
    wrath_name = catalogue[PASSION_OF_WRATH]["name_de"]
    assert f"gegen 10 + {wrath_name} 2 = 12: Hieb erfolglos" in line, line


def test_halfling_strength_untaps_bilbo_before_his_strike(game):
    aragorn, bilbo = to_bag_end(game)["chars"]
    strength = to_hand(game, 0, HALFLING)
    game.state["inst"][bilbo]["tapped"] = True
    creature_attacks(game, BRIGANDS)
    # Halfling Strength could already untap him before the strikes: the defender is asked.
    assert game.state["attack"]["window"]["name"] == "attack"
    game.do(0, type="pass")
    game.do(0, type="assign_strike", character=aragorn)  # the attacker has no choice: Bilbo gets the other
    dice(game, (6, 6))
    game.do(0, type="resolve_strike", character=aragorn)
    assert game.state["attack"]["window"]["name"] == "strike"  # he could untap Bilbo now, too
    game.do(0, type="pass")
    game.do(0, type="resolve_strike", character=bilbo)
    assert game.state["attack"]["window"]["name"] == "strike"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=strength, mode=1)  # healing only in the organisation phase
    assert error.value.code == "not_now"
    dice(game, (6, 6))
    game.do(0, type="play_card", card=strength, mode=0, target={"kind": "character", "id": bilbo})
    line = next(line for line in game.log() if line.startswith("Hieb gegen Bilbo"))
    assert "getappt" not in line, line  # untapped before his strike: no −1


def test_halfling_strength_adds_four_to_one_corruption_check(game):
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    strength = to_hand(game, 0, HALFLING)
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=strength, mode=2, target={"kind": "character", "id": aragorn})
    assert error.value.code == "bad_target"  # Hobbit only
    game.do(0, type="play_card", card=strength, mode=2, target={"kind": "character", "id": bilbo})
    game.do(1, type="pass")
    game.do(0, type="pass")
    assert game.state["effects"][0]["stat"] == "corruption"
    dice(game, (1, 1))
    game.do(0, type="corruption_check", character=bilbo)
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Bilbo"))
    assert "Kraft der Halblinge +4" in line, line
    assert game.state["effects"] == []  # one check: used up


def test_a_card_the_table_does_not_carry_out_is_no_answer_in_a_combat_window(game):
    aragorn, _bilbo = to_bag_end(game)["chars"]
    to_hand(game, 0, DODGE)
    stealth = to_hand(game, 0, "TW-354")
    creature_attacks(game, BRIGANDS)
    game.do(0, type="assign_strike", character=aragorn)
    game.do(0, type="assign_done")
    game.do(0, type="resolve_strike", character=aragorn)
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=stealth)
    assert error.value.code == "not_scripted"


def test_dodge_is_not_played_outside_a_strike(game):
    game.to_phase("organization")
    dodge = to_hand(game, 0, DODGE)
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=dodge)
    assert error.value.code == "not_now"
    assert game.state["inst"][dodge]["zone"] == "hand"
