"""The six phases, playing characters, companies and movement (Spielzugübersicht, Bewegung)."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

PHASE_ORDER = ["untap", "organization", "long_event", "movement", "site", "end"]


@pytest.fixture
def game(table):
    table.start()
    assert table.turn["active"] == 0  # seed 1: the hero player starts
    return table


def hand_card(table, seat, code):
    """Put a specific card into the hand (from the deck) for a test."""
    iid = table.find(seat, "deck", code)
    st.move(table.state, iid, "hand", top=True)  # first in hand: trimming discards from the end
    return iid


def test_phases_run_in_order_and_each_change_is_logged(game):
    seen = [game.turn["phase"]]
    for _ in range(5):
        game.next_phase()
        seen.append(game.turn["phase"])
    assert seen == PHASE_ORDER
    game.next_phase()
    assert game.turn["active"] == 1 and game.turn["phase"] == "untap" and game.turn["number"] == 2
    log = game.log()
    for name in (
        "Enttapphase",
        "Organisationsphase",
        "Langfristige-Ereignisse-Phase",
        "Bewegungs-/Gefahrenphase",
        "Ortsphase",
        "Abschlussphase",
    ):
        assert f"{name} von Platz 1." in log


def test_only_the_active_player_moves_the_phase_on(game):
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="next_phase")
    assert error.value.code == "not_your_turn"
    assert game.engine.current_seats(game.state) == [0]


def test_untap_phase_untaps_and_heals_at_a_haven(game):
    aragorn = game.companies(0)[0]["chars"][0]
    game.to_phase("organization")
    game.do(0, type="propose", change={"type": "wound", "card": aragorn})
    game.do(1, type="answer", accept=True)
    for _ in range(6):
        game.next_phase()  # through the opponent's turn back to our untap phase
    while game.turn["active"] != 0:
        game.next_phase()
    card = game.state["inst"][aragorn]
    assert (card["wounded"], card["tapped"]) == (False, True)  # healed at Rivendell: wounded → tapped


def test_play_character_only_in_the_organisation_phase_once_per_turn(game):
    faramir = hand_card(game, 0, "TW-143")  # Elladan, home Rivendell
    company = game.companies(0)[0]["id"]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_character", card=faramir, company=company)
    assert error.value.code == "wrong_phase"
    game.to_phase("organization")
    game.do(0, type="play_character", card=faramir, company=company)
    assert faramir in game.companies(0)[0]["chars"]
    beorn = hand_card(game, 0, "TW-126")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_character", card=beorn, company=company)
    assert error.value.code == "character_played"


def test_character_only_at_a_haven_or_home_site(game, catalogue):
    game.to_phase("organization")
    game.state["cards"]["TW-127"] = catalogue["TW-127"]
    beregond = st.new_instance(game.state, "TW-127", 0, "hand")  # home: Minas Tirith
    bree = game.find(0, "sites", "TW-378")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_character", card=beregond, site=bree)
    assert error.value.code == "wrong_site"
    assert "Minas Tirith" in error.value.text.render()
    lorien = game.find(0, "sites", "TW-408")  # a haven: allowed, a new company there
    game.do(0, type="play_character", card=beregond, site=lorien)
    assert len(game.companies(0)) == 2
    assert game.card(game.companies(0)[1]["site"])["name_en"] == "Lórien"


def test_general_influence_is_accounted(game):
    game.to_phase("organization")
    used = st.general_influence_used(game.state, 0)
    assert used == 9 + 5  # Aragorn II, Bilbo
    beorn = hand_card(game, 0, "TW-126")  # mind 7: 21 > 20
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_character", card=beorn, company=game.companies(0)[0]["id"])
    assert error.value.code == "general_influence"
    aragorn = game.companies(0)[0]["chars"][0]
    # Under Aragorn's direct influence (3) Beorn (7) does not fit either.
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_character", card=beorn, company=game.companies(0)[0]["id"], under=aragorn)
    assert error.value.code == "direct_influence"


def test_direct_influence_follower(game):
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    elladan = hand_card(game, 0, "TW-143")  # mind 4 > Aragorn's DI 3
    with pytest.raises(IllegalAction):
        game.do(0, type="play_character", card=elladan, company=company["id"], under=aragorn)
    game.do(0, type="play_character", card=elladan, company=company["id"])
    assert game.state["inst"][elladan]["controller"] is None


def test_company_size_at_most_seven_hobbits_count_half(game, catalogue):
    state = game.state
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    for code in ("TW-127", "TW-132", "TW-130", "TW-141", "TW-142", "TW-133", "TW-152"):
        state["cards"][code] = catalogue[code]
    # Aragorn 1 + Bilbo ½ + five dwarves/men 5 = 6½ → 7.
    for code in ("TW-127", "TW-132", "TW-130", "TW-141", "TW-142"):
        iid = st.new_instance(state, code, 0, "play")
        company["chars"].append(iid)
        state["inst"][iid]["controller"] = aragorn  # keep influence out of the way
    assert st.company_size(state, company["chars"]) == 7
    frodo = st.new_instance(state, "TW-152", 0, "hand")
    bombur = st.new_instance(state, "TW-133", 0, "hand")
    assert st.company_size(state, [*company["chars"], frodo]) == 7  # two hobbits: 7 exactly
    assert st.company_size(state, [*company["chars"], bombur]) == 8
    game.to_phase("organization")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_character", card=bombur, company=company["id"])
    assert error.value.code == "company_full"
    game.do(0, type="play_character", card=frodo, company=company["id"])
    assert frodo in game.companies(0)[0]["chars"]


def test_avatar_rules(game, catalogue):
    game.to_phase("organization")
    state = game.state
    state["cards"]["TW-156"] = catalogue["TW-156"]
    gandalf = st.new_instance(state, "TW-156", 0, "hand")
    game.do(0, type="play_character", card=gandalf, company=game.companies(0)[0]["id"])  # Rivendell: allowed
    assert st.avatar_in_play(game.state, 0) == gandalf
    # Next turn a new character must join Gandalf's company or come under direct influence.
    game.next_phase()
    while not (game.turn["active"] == 0 and game.turn["phase"] == "organization"):
        game.next_phase()
    beregond = st.new_instance(game.state, "TW-127", 0, "hand")
    game.state["cards"]["TW-127"] = catalogue["TW-127"]
    lorien = game.find(0, "sites", "TW-408")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_character", card=beregond, site=lorien)
    assert error.value.code == "avatar_company"


def test_playing_cards_by_phase(game):
    clear_skies = hand_card(game, 0, "TW-203")  # a long-event resource
    game.to_phase("organization")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=clear_skies)
    assert error.value.code == "long_event_phase"
    game.to_phase("long_event")
    game.do(0, type="play_card", card=clear_skies)
    game.do(1, type="pass")
    game.do(0, type="pass")
    assert game.state["inst"][clear_skies]["zone"] == "play"
    # The hazard player cannot play a hazard outside the movement/hazard phase.
    hazard = hand_card(game, 1, "TW-22")
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=hazard)
    assert error.value.code == "not_your_turn" or error.value.code == "hazard_phase"


def test_own_long_events_are_discarded_in_the_next_long_event_phase(game):
    clear_skies = hand_card(game, 0, "TW-203")
    game.to_phase("long_event")
    game.do(0, type="play_card", card=clear_skies)
    game.do(1, type="pass")
    game.do(0, type="pass")
    game.next_phase()
    while not (game.turn["active"] == 0 and game.turn["phase"] == "long_event"):
        assert game.state["inst"][clear_skies]["zone"] == "play"
        game.next_phase()
    assert game.state["inst"][clear_skies]["zone"] == "discard"


def test_site_phase_resources_need_the_site_entered_and_a_character_to_tap(game):
    dagger = hand_card(game, 0, "TW-206")
    game.to_phase("site")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=dagger)
    assert error.value.code == "not_entered"
    game.do(0, type="enter_site")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    with pytest.raises(IllegalAction) as error:  # Rivendell: no items at a haven
        game.do(0, type="play_card", card=dagger, target={"kind": "character", "id": aragorn})
    assert error.value.code == "item_not_playable"
    # The company stands at Moria instead (test setup): minor to greater items and gold rings there.
    moria = game.find(0, "sites", "TW-413")
    st.move(game.state, moria, "play")
    game.companies(0)[0]["site"] = moria
    game.companies(0)[0]["entered"] = True
    game.do(0, type="play_card", card=dagger, target={"kind": "character", "id": aragorn})
    assert game.state["inst"][aragorn]["tapped"] is True and game.state["inst"][moria]["tapped"] is True
    game.do(1, type="pass")
    game.do(0, type="pass")
    assert game.state["inst"][dagger]["on"] == aragorn
    # One more minor item after the site was tapped, by another character; then no more.
    second = hand_card(game, 0, "TW-206")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=second, character=aragorn)
    assert error.value.code == "bearer_tapped"
    game.do(0, type="play_card", card=second, character=bilbo)
    game.do(1, type="pass")
    game.do(0, type="pass")
    assert game.state["inst"][second]["on"] == bilbo
    assert game.companies(0)[0]["minor_extra"] is True


def test_hand_size_restored_at_the_end_of_the_turn(game):
    game.to_phase("end")
    extra = game.state["players"][0]["deck"][:2]
    for iid in extra:
        st.move(game.state, iid, "hand")
    game.do(0, type="next_phase")
    assert game.engine.current_seats(game.state) == [0]
    with pytest.raises(IllegalAction):
        game.do(0, type="next_phase")
    game.trim()
    assert len(game.state["players"][0]["hand"]) == 8
    assert game.turn["active"] == 1
