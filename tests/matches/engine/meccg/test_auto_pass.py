"""Issue 19 point 6: phases and passes without a choice go by themselves; 'wait'; every offered move is legal."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.offers import fill_form

from .conftest import Table


@pytest.fixture
def auto(engine):
    table = Table(engine, auto=True)
    table.start()
    return table


def hand_card(table, seat, code):
    iid = table.find(seat, "deck", code)
    st.move(table.state, iid, "hand", top=True)
    return iid


def test_the_untap_phase_passes_by_itself_and_says_so(auto):
    assert auto.turn["phase"] == "organization"
    assert any("Nichts zu tun: Die Enttapphase endet von selbst." in line for line in auto.log())


def test_hand_driven_tables_keep_every_phase(engine):
    table = Table(engine, auto=False)
    table.start()
    assert table.turn["phase"] == "untap"
    with pytest.raises(IllegalAction) as error:
        engine.setup(2, {"auto_phases": "ja"}, 1)
    assert error.value.code == "options"


def test_a_site_phase_at_a_haven_and_an_end_phase_without_council_pass(auto):
    # From organisation, staying at Rivendell: long-event (no resource long-event in hand?), movement with
    # nothing to play for either side, site phase at a haven, end phase: on to the opponent's turn.
    for iid in list(auto.state["players"][1]["hand"]):  # the minion player holds no hazards now
        st.move(auto.state, iid, "discard")
    for iid in list(auto.state["players"][0]["hand"]):
        st.move(auto.state, iid, "discard")
    auto.do(0, type="next_phase")
    log = " ".join(auto.log())
    assert "keine Ortsphase" in log
    assert (auto.turn["active"], auto.turn["phase"]) == (1, "organization")  # one move for the whole turn


def test_wait_makes_the_mover_done_until_something_is_played(auto):
    auto.do(0, type="wait")
    company = auto.companies(0)[0]
    wolves = hand_card(auto, 1, "TW-25")
    auto.do(0, type="plan_movement", company=company["id"], site=auto.find(0, "sites", "TW-372"), kind="starter")
    while auto.turn["phase"] != "movement":
        auto.do(0, type="next_phase")
    assert auto.turn["done"][0] is True  # waiting: done by itself
    assert auto.turn["done"][1] is False  # the hazard player holds hazards
    auto.do(1, type="on_guard", card=wolves)
    assert auto.turn["done"][0] is True  # placing a card on guard plays nothing on the company


def filled(entry):
    """The move of a list entry; a form filled in with the least it asks for (issue 31: offers.py)."""
    values = {}
    for field in entry.get("form", ()):
        if field["kind"] == "pick":
            values[field["name"]] = [o["value"] for o in field["options"][: field["min"]]]
        elif field["kind"] == "number":
            values[field["name"]] = field["min"]
        elif field["kind"] == "counts":
            values[field["name"]] = {}
        elif field["kind"] == "one" and field.get("default") is None:
            values[field["name"]] = field["options"][0]["value"]
    return fill_form(entry, values)


def test_every_offered_move_is_accepted_and_labelled(auto):
    for _ in range(25):
        if auto.state["stage"] != "play":
            break
        seat = auto.engine.current_seats(auto.state)[0]
        offered = [a for a in auto.engine.legal_actions(auto.state, seat) if "label" in a]
        assert offered, auto.turn
        for action in offered:
            assert action["label"]
            auto.engine.apply(auto.state, seat, filled(action))
        auto.do(seat, **auto.engine.default_action(auto.state, seat))


def test_a_request_cancels_the_running_attack(table):
    table.start()
    group = table.companies(0)[0]
    table.engine._start_attack(
        table.state,
        group,
        {"name": "Orks", "race": "Orcs", "strikes": 2, "prowess": 7, "body": None, "detainment": False},
        [],
    )
    table.do(0, type="propose", change={"type": "cancel_attack"}, note="Gollum")
    table.do(1, type="answer", accept=True)
    assert table.state["attack"] is None
    assert table.state["players"][0]["mp"] == []


def test_undo_the_own_last_move_by_request(table):
    table.start()
    table.to_phase("organization")
    company = table.companies(0)[0]
    bag_end = table.find(0, "sites", "TW-372")
    rng_before = dict(table.state["rng"])
    table.do(0, type="plan_movement", company=company["id"], site=bag_end, kind="starter")
    assert table.companies(0)[0]["dest"] == bag_end
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="propose", change={"type": "undo"})  # not the minion player's move
    assert error.value.code == "nothing_to_undo"
    table.do(0, type="propose", change={"type": "undo"}, note="falscher Ort")
    table.do(1, type="answer", accept=True)
    assert table.companies(0)[0]["dest"] is None
    assert table.state["inst"][bag_end]["zone"] == "sites"
    assert table.state["rng"] == rng_before  # no roll happened; the generator is never rewound
    assert any("den eigenen letzten Zug zurücknehmen (plan_movement)" in line for line in table.log())
    with pytest.raises(IllegalAction):
        table.do(0, type="propose", change={"type": "undo"})  # once
