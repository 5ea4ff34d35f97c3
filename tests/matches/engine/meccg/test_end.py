"""Deck exhaustion, the council, the final score, hidden information and the tools with dice."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st


def exhaust_soon(game, seat, keep=1):
    """Leave ``keep`` cards in the play deck, the rest in the discard pile."""
    player = game.state["players"][seat]
    for iid in list(player["deck"][keep:]):
        st.move(game.state, iid, "discard")


def finish_turn(game):
    active = game.turn["active"]
    while game.state["stage"] == "play" and game.turn["active"] == active:
        game.next_phase()


def test_exhausted_deck_is_reshuffled_and_counted(game):
    exhaust_soon(game, 0, keep=0)
    discard = len(game.state["players"][0]["discard"])
    bag_end = game.find(0, "sites", "TW-372")
    st.move(game.state, bag_end, "discard")  # a site in the discard pile goes back to the location deck
    drawn = st.draw(game.state, 0)
    player = game.state["players"][0]
    assert drawn is not None
    assert player["exhausted"] == 1
    assert player["discard"] == []
    assert len(player["deck"]) == discard - 1
    assert game.state["inst"][bag_end]["zone"] == "sites"


def test_exhaustion_logged_when_drawing_in_play(game):
    game.to_phase("end")
    exhaust_soon(game, 0, keep=0)
    for _ in range(2):
        st.move(game.state, game.state["players"][0]["hand"][0], "discard")
    game.next_phase()
    assert game.state["players"][0]["exhausted"] == 1
    assert any("Spielstapel aufgebraucht (1. Mal)" in line for line in game.log())


def test_council_only_when_the_rulebook_allows(game):
    game.to_phase("end")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="call_council")
    assert error.value.code == "council_not_allowed"
    game.state["players"][0]["exhausted"] = 1  # once exhausted, but far from 25 points
    with pytest.raises(IllegalAction):
        game.do(0, type="call_council")
    game.state["players"][0]["exhausted"] = 2
    assert {"type": "call_council"} in game.engine.legal_actions(game.state, 0)
    game.do(0, type="call_council")
    game.trim()
    # The opponent gets a last turn, then the council meets.
    assert game.turn["active"] == 1 and game.state["stage"] == "play"
    finish_turn(game)
    assert game.state["stage"] == "council"
    assert game.engine.current_seats(game.state) == [0, 1]


def test_council_with_25_points_after_one_exhaustion(game, catalogue):
    game.to_phase("end")
    player = game.state["players"][0]
    player["exhausted"] = 1
    for code in ("TW-145", "TW-153", "TW-137", "TW-126", "TW-138", "TW-136", "TW-149", "TW-123", "TW-128"):
        game.state["cards"][code] = catalogue[code]
        st.new_instance(game.state, code, 0, "mp")  # 3+3+3+2+2+2+2+2+2 = 21, plus Aragorn 3, Bilbo 2 = 26
    assert sum(game.engine.marshalling_points(game.state, 0).__dict__[k] for k in ("characters",)) >= 25
    game.do(0, type="call_council")
    assert game.state["council"]["caller"] == 0


def test_game_ends_when_both_decks_are_exhausted_twice(game):
    for player in game.state["players"]:
        player["exhausted"] = 2
    finish_turn(game)  # seat 0 started the round: seat 1 still gets its turn
    assert game.state["stage"] == "play" and game.turn["active"] == 1
    finish_turn(game)
    assert game.state["stage"] == "council"


def test_council_corruption_checks_and_final_score(game):
    game.state["players"][0]["exhausted"] = 2
    game.to_phase("end")
    game.do(0, type="call_council")
    game.trim()
    finish_turn(game)
    assert game.engine.result(game.state) is None
    game.do(0, type="council_checks")
    with pytest.raises(IllegalAction):
        game.do(0, type="council_checks")
    game.do(1, type="council_checks")
    assert game.state["stage"] == "over"
    assert sum(1 for line in game.log() if line.startswith("Versuchungswurf für")) == 4
    result = game.engine.result(game.state)
    final = game.state["final"]
    assert set(result.scores) == {0, 1}
    # Hero: Aragorn II 3 + Bilbo 2 character points, the minion's characters 0 → doubled, then capped.
    hero = final["players"][0]
    assert hero["categories"]["characters"] in (0, 10)
    assert result.scores[0] == hero["total"]
    assert game.engine.current_seats(game.state) == []


def test_final_score_uses_the_scoring_rules(game, catalogue):
    state = game.state
    for code, zone in (("TW-198", "play"), ("TW-197", "mp")):
        state["cards"][code] = catalogue[code]
        st.new_instance(state, code, 0, zone)
    state["cards"]["TW-1"] = catalogue["TW-1"]
    st.give(state, st.new_instance(state, "TW-1", 1, "play"), 0, "mp")  # the minion's Abductor, defeated
    sheet = game.engine.marshalling_points(state, 0)
    assert sheet.characters == 5  # Aragorn II 3, Bilbo 2
    assert sheet.creatures_plain == 1  # Abductor defeated (in the marshalling point pile)
    assert sheet.allies == 1 and sheet.factions == 2


def test_unique_point_cards_in_the_opponents_hand_are_counted(game, catalogue):
    state = game.state
    state["cards"]["TW-120"] = catalogue["TW-120"]
    st.new_instance(state, "TW-120", 1, "hand")  # the minion holds an Aragorn II in hand
    assert game.engine.marshalling_points(state, 0).unique_in_opponent_hand == 1


# --- hidden information ------------------------------------------------------------------------------


def test_view_never_shows_the_opponents_hand_deck_order_or_the_generator(game):
    view = game.engine.view(game.state, 1)
    hero = view["players"][0]
    assert "hand" not in hero and hero["hand_count"] == 8
    assert "sites" not in hero and "sideboard" not in hero and "pool" not in hero
    assert "rng" not in view and "rng" not in str(view.keys())
    own = view["players"][1]
    assert len(own["hand"]) == 8
    hidden_codes = {game.state["inst"][i]["code"] for i in game.state["players"][0]["hand"]}
    visible = set(view["cards"])
    in_play = {game.state["inst"][i]["code"] for i in game.state["players"][0]["play"]}
    assert (
        not (hidden_codes - in_play - {game.state["inst"][i]["code"] for i in game.state["players"][1]["hand"]})
        & visible
    )
    spectator = game.engine.view(game.state, None)
    assert all("hand" not in p for p in spectator["players"])


# --- tools and dice ----------------------------------------------------------------------------------


def test_tools_only_on_own_cards_in_own_windows_and_logged(game):
    aragorn = game.companies(0)[0]["chars"][0]
    minion_char = game.companies(1)[0]["chars"][0]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="tap", card=minion_char)  # not the minion player's window
    assert error.value.code == "not_your_window"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="tap", card=minion_char)
    assert error.value.code == "not_yours"
    game.do(0, type="tap", card=aragorn)
    assert "Platz 1 tappt Aragorn II." in game.log()
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="tap", card=aragorn)
    assert error.value.code == "already_tapped"
    # Untapping, wounding, healing at will are gone: only as a request the opponent accepts.
    for kind in ("untap", "wound", "heal", "move_card"):
        with pytest.raises(IllegalAction) as error:
            game.do(0, type=kind, card=aragorn)
        assert error.value.code == "unknown_action"
    game.do(0, type="propose", change={"type": "untap", "card": aragorn}, note="Kartentext")
    assert game.engine.current_seats(game.state) == [1]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="next_phase")
    assert error.value.code == "request_open"
    game.do(1, type="answer", accept=False)
    assert game.state["inst"][aragorn]["tapped"] is True
    game.do(0, type="propose", change={"type": "untap", "card": aragorn})
    game.do(1, type="answer", accept=True)
    assert game.state["inst"][aragorn]["tapped"] is False
    assert "Platz 2 nimmt den Vorschlag an." in game.log()


def test_a_request_names_the_card_it_makes_public(game):
    card = game.state["players"][0]["deck"][0]
    name = game.card(card)["name_de"]
    events = game.do(0, type="propose", change={"type": "move_card", "card": card, "to": "hand"}, note="Suche")
    assert name in events[0].public.render()
    assert game.state["inst"][card]["zone"] == "deck"  # nothing moves before the answer
    game.do(1, type="answer", accept=True)
    assert game.state["inst"][card]["zone"] == "hand"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="propose", change={"type": "move_card", "card": card, "to": "nowhere"})
    assert error.value.code == "bad_zone"


def test_a_request_on_a_hidden_opponent_card_says_nothing_about_it(game):
    hidden = game.state["players"][1]["hand"][0]
    for change in ({"type": "wound", "card": hidden}, {"type": "move_card", "card": hidden, "to": "discard"}):
        with pytest.raises(IllegalAction) as error:
            game.do(0, type="propose", change=change)
        assert game.card(hidden)["name_de"] not in error.value.text.render()
    assert game.state.get("request") is None


def test_roll_input_checked(game):
    aragorn = game.companies(0)[0]["chars"][0]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="roll", kind="corruption", character=aragorn, modifier="viel")  # no modifier of one's own
    assert error.value.code == "no_self_modifier"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="roll", kind="würfeln", character=aragorn)
    assert error.value.code == "bad_roll"


def test_eliminated_avatar_counts_as_lost(game, catalogue):
    state = game.state
    state["cards"]["TW-156"] = catalogue["TW-156"]
    gandalf = st.new_instance(state, "TW-156", 0, "play")
    game.companies(0)[0]["chars"].append(gandalf)
    game.do(0, type="propose", change={"type": "move_card", "card": gandalf, "to": "out"})
    game.do(1, type="answer", accept=True)
    assert game.state["players"][0]["lost_avatar"] is True
    assert game.engine.marshalling_points(game.state, 0).lost_avatar is True


def test_unknown_action_and_wrong_stage(game):
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="zaubern")
    assert error.value.code == "unknown_action"
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="draft_stop")
    assert error.value.code == "wrong_stage"


def test_default_action_is_always_legal(game):
    for _ in range(30):
        if game.state["stage"] != "play":
            break
        seat = game.engine.current_seats(game.state)[0]
        game.do(seat, **game.engine.default_action(game.state, seat))
    assert game.turn["number"] >= 2


def test_drawing_the_last_card_exhausts_at_once(game):
    exhaust_soon(game, 0, keep=1)
    discarded = len(game.state["players"][0]["discard"])
    st.draw(game.state, 0)
    player = game.state["players"][0]
    assert player["exhausted"] == 1
    assert len(player["deck"]) == discarded and player["discard"] == []


def test_a_request_never_mills_the_deck_empty(game):
    game.to_phase("organization")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="propose", change={"type": "mill", "count": 200, "to": "discard"})
    assert error.value.code == "bad_number"
    exhaust_soon(game, 0, keep=3)
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="propose", change={"type": "mill", "count": 3, "to": "discard"})
    assert error.value.code == "deck_too_small"
    top = game.state["players"][0]["deck"][:2]
    game.do(0, type="propose", change={"type": "mill", "count": 2, "to": "discard"})
    events = game.do(1, type="answer", accept=True)
    assert game.state["players"][0]["exhausted"] == 0
    assert all(game.card(i)["name_de"] in events[-1].public.render() for i in top)
