"""MECCG results you can trust (issue 29), each rule from seed 003's sentences, and the cheats of the review
refused with a German message: the score by the star rule, rolls without self-declared modifiers, item bonuses
with their limits, special items at their own sites, uniqueness across the table, Sauron's War Council."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import scoring, stats
from matches.games.meccg.engine import state as st

# --- "Punkte" ----------------------------------------------------------------------------------------------


def defeated(game, catalogue, code, by):
    """A creature of the other player, defeated by ``by``'s company: in ``by``'s marshalling point pile."""
    game.state["cards"][code] = catalogue[code]
    iid = st.new_instance(game.state, code, 1 - by, "play")
    st.give(game.state, iid, by, "mp")
    return iid


def creatures(game, seat):
    return scoring.raw_categories(game.engine.marshalling_points(game.state, seat))["creatures"]


def test_a_minion_scores_only_starred_creatures(game, catalogue):
    """ "Für Schergen- und Balrog-Spieler zählen nur die Karten mit * Siegpunkte." The review's pile: Wargs ×3,
    Orc-patrol, Wolves, Giant, Cave-drake — none starred: 0 (the table counted 7)."""
    for code in ("TW-109", "TW-109", "TW-109", "TW-74", "TW-114", "TW-39", "TW-20"):
        defeated(game, catalogue, code, 1)
    assert creatures(game, 1) == 0
    defeated(game, catalogue, "AS-8", 1)  # Durin's Folk, 2*
    assert creatures(game, 1) == 2


def test_a_hero_scores_only_unstarred_creatures(game, catalogue):
    """ "Kreaturen zählen für Helden- und Gefallener Zauberer-Spieler nur dann Siegpunkte, wenn sie kein * im
    Siegpunktfenster haben." """
    for code in ("TW-109", "TW-74", "TW-20"):
        defeated(game, catalogue, code, 0)
    defeated(game, catalogue, "AS-10", 0)  # Galadhrim, 2*: nothing for a hero
    assert creatures(game, 0) == 3


def test_the_final_score_of_the_reviews_game_follows_the_book(game, catalogue):
    """The review's first match: the minion's pile of seven unstarred creatures gave 12:14 (tournament 2:4)."""
    for code in ("TW-109", "TW-109", "TW-109", "TW-74", "TW-114", "TW-39", "TW-20"):
        defeated(game, catalogue, code, 1)
    sheets = (game.engine.marshalling_points(game.state, 0), game.engine.marshalling_points(game.state, 1))
    minion = scoring.score(sheets)[1]
    assert minion.categories["creatures"] == 0


def test_a_character_killed_in_company_combat_counts_for_either_side(game, catalogue):
    """ "Ein Charakter, dessen Konstitutionswurf misslingt, wird eliminiert und gibt seinem Gegner Tötungs-Siegpunkte
    (zählt wie Punkte durch Kreaturen)." Decision: no * window on a character; counted for a minion too."""
    aragorn = game.companies(0)[0]["chars"][0]
    st.give(game.state, aragorn, 1, "mp")
    assert creatures(game, 1) == 3


def test_aragorn_eliminated_costs_his_player_three_points(game):
    """Aragorn II: "-3 marshalling points if eliminated"."""
    before = game.engine.marshalling_points(game.state, 0).characters  # Aragorn 3 + Bilbo 2
    aragorn = game.companies(0)[0]["chars"][0]
    game.engine._eliminate(game.state, aragorn)
    assert game.engine.marshalling_points(game.state, 0).characters == before - 3 - 3


def test_unique_deduction_only_for_own_scoring_characters_and_resources(game, catalogue):
    """ "Für jede einzigartige Charakter- oder Unterstützungskarte, die einem Spieler Siegpunkte gibt und die sein
    Gegner noch … auf der Hand hat": a defeated unique creature in one's pile is neither."""
    defeated(game, catalogue, "TW-80", 0)  # Smaug (unique dragon), 5 points in the hero's pile
    game.state["cards"]["TW-80"] = catalogue["TW-80"]
    st.new_instance(game.state, "TW-80", 1, "hand")
    assert game.engine.marshalling_points(game.state, 0).unique_in_opponent_hand == 0
    st.new_instance(game.state, "TW-120", 1, "hand")  # Aragorn II in the minion's hand: −1 for the hero
    assert game.engine.marshalling_points(game.state, 0).unique_in_opponent_hand == 1


# --- rolls: no modifier of one's own ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "corruption_check", "modifier": 10},
        {"type": "roll", "kind": "corruption", "modifier": 50, "points": 0},
        {"type": "roll", "kind": "influence", "modifier": 50, "target": 0},
        {"type": "roll", "kind": "corruption", "points": 0},
    ],
)
def test_a_player_adds_no_modifier_to_his_own_roll(game, action):
    game.to_phase("organization")
    aragorn = game.companies(0)[0]["chars"][0]
    before = dict(game.state["rng"])
    with pytest.raises(IllegalAction) as error:
        game.do(0, character=aragorn, **action)
    assert error.value.code == "no_self_modifier"
    assert "Tisch" in error.value.text.render()
    assert game.state["rng"] == before  # nothing rolled


def test_an_influence_roll_of_ones_own_is_gone(game):
    game.to_phase("organization")
    aragorn = game.companies(0)[0]["chars"][0]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="roll", kind="influence", character=aragorn)
    assert error.value.code == "bad_roll"


def test_a_corruption_modifier_only_by_an_accepted_proposal(game):
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    game.do(0, type="propose", change={"type": "modifier", "card": bilbo, "stat": "corruption", "value": 2})
    game.do(1, type="answer", accept=True)
    game.engine._roll2d6 = lambda state: (1, 1)
    game.do(0, type="corruption_check", character=bilbo)
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Bilbo"))
    assert "Kartentext +2" in line and "= 8 gegen" in line, line  # 2 + Bilbo's +4 + 2
    assert "mods" not in game.state["inst"][bilbo] or not game.state["inst"][bilbo]["mods"].get("corruption")
    assert aragorn


# --- items ("+3 to prowess to a maximum of 8") -----------------------------------------------------------


def bear(game, catalogue, code, bearer):
    game.state["cards"][code] = catalogue[code]
    iid = st.new_instance(game.state, code, 0, "play")
    game.state["inst"][iid]["on"] = bearer
    return iid


def test_item_bonuses_stop_at_their_maximum(game, catalogue):
    aragorn, bilbo = game.companies(0)[0]["chars"]
    bear(game, catalogue, "TW-244", aragorn)  # Glamdring: +3 to a maximum of 8 (9 against Orcs)
    assert stats.prowess(game.state, aragorn) == 8
    assert stats.prowess(game.state, aragorn, against="Orcs") == 9
    assert stats.prowess(game.state, aragorn, against="Trolls") == 8
    bear(game, catalogue, "TW-254", aragorn)  # Hauberk: Warrior only, +2 body to a maximum of 9
    assert stats.body(game.state, aragorn) == 9
    bear(game, catalogue, "TW-333", bilbo)  # Sting: +2 to a Hobbit's prowess to a maximum of 8
    assert stats.prowess(game.state, bilbo) == 3


def test_a_warrior_only_bonus_not_for_others(game, catalogue):
    aragorn, bilbo = game.companies(0)[0]["chars"]
    bear(game, catalogue, "TW-336", bilbo)  # Sword of Gondolin: Warrior only
    assert stats.prowess(game.state, bilbo) == 1
    bear(game, catalogue, "TW-336", aragorn)
    assert stats.prowess(game.state, aragorn) == 8


# --- special items and uniqueness ------------------------------------------------------------------------


def at_site(game, catalogue, code):
    game.state["cards"][code] = catalogue[code]
    site = st.new_instance(game.state, code, 0, "play")
    game.to_phase("site")
    company = game.companies(0)[0]
    company["site"] = site
    company["entered"] = True
    return company


def test_a_special_item_only_at_its_own_site(game, catalogue):
    """Palantír of Minas Tirith: "Playable only at Minas Tirith" (the review played it at Bree)."""
    company = at_site(game, catalogue, "TW-378")  # Bree
    aragorn = company["chars"][0]
    game.state["cards"]["TW-299"] = catalogue["TW-299"]
    palantir = st.new_instance(game.state, "TW-299", 0, "hand")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=palantir, character=aragorn)
    assert error.value.code == "wrong_site_for_card"
    assert "Minas Tirith" in error.value.text.render()
    at_site(game, catalogue, "TW-412")  # Minas Tirith
    game.do(0, type="play_card", card=palantir, character=aragorn)
    assert game.state["chain"][0]["card"] == palantir


def test_a_unique_item_once_across_the_table_in_either_version(game, catalogue):
    """ "Einzigartige Karten": the hero and the minion Palantír of Minas Tirith are one card."""
    company = at_site(game, catalogue, "TW-412")
    aragorn, bilbo = company["chars"]
    bear(game, catalogue, "LE-333", bilbo)  # the minion version, already in play
    game.state["cards"]["TW-299"] = catalogue["TW-299"]
    palantir = st.new_instance(game.state, "TW-299", 0, "hand")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=palantir, character=aragorn)
    assert error.value.code == "unique_in_play"


def test_a_unique_faction_the_opponent_has_in_play(game, catalogue):
    company = at_site(game, catalogue, "TW-378")  # Bree: Rangers of the North
    aragorn = company["chars"][0]
    game.state["cards"]["TW-311"] = catalogue["TW-311"]
    st.new_instance(game.state, "TW-311", 1, "play")  # the opponent's Rangers of the North
    rangers = st.new_instance(game.state, "TW-311", 0, "hand")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=rangers, character=aragorn)
    assert error.value.code == "unique_in_play"


# --- Sauron's War Council ---------------------------------------------------------------------------------


def to_minion_end(game):
    """The minion player's end phase, his deck exhausted twice: he may call the council."""
    while not (game.turn["active"] == 1 and game.turn["phase"] == "end"):
        game.next_phase()
    game.state["players"][1]["exhausted"] = 2


def test_a_minion_calls_the_council_only_with_saurons_war_council(game, catalogue):
    """ "Schergen- und Balrog-Spieler müssen zum Einberufen des Rates außerdem die Karte Saurons Kriegsrat
    spielen." """
    to_minion_end(game)
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="call_council")
    assert error.value.code == "war_council"
    game.state["cards"]["LE-235"] = catalogue["LE-235"]
    call = st.new_instance(game.state, "LE-235", 1, "hand")
    game.do(1, type="call_council")
    assert game.state["inst"][call]["zone"] == "discard"
    assert game.state["council"]["caller"] == 1 and game.state["council"]["last_turn"] == 0


def test_a_hero_plays_saurons_war_council_as_a_hazard(game, catalogue):
    """ "… so kann er Saurons Kriegsrat als Gefahrenkarte gegen einen Schergen- oder Balrogspieler einsetzen, um das
    Einberufen des Rates am Ende von dessen Runde zu bewirken." """
    while not (game.turn["active"] == 1 and game.turn["phase"] == "movement"):
        game.next_phase()
    game.state["cards"]["LE-235"] = catalogue["LE-235"]
    call = st.new_instance(game.state, "LE-235", 0, "hand")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=call)  # the hero may not call the council yet
    assert error.value.code == "council_not_allowed"
    game.state["players"][0]["exhausted"] = 2
    game.do(0, type="play_card", card=call)
    assert game.state["council"] == {"caller": 1, "last_turn": 0, "done": [False, False]}
    assert game.state["inst"][call]["zone"] == "discard"
