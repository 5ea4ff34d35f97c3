"""Issue 31: standing answers — a company's player says in advance that he answers only creatures played on it, enters
its site and lets its site phase end when nothing is left to play there; he sees them, revokes them, and they never
take a choice from his opponent."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

from .conftest import Table
from .test_batches import BAG_END, CAVE_DRAKE, WILDERNESS, hand_card, to_bag_end

AROUSE_DENIZENS = "TW-6"  # a hazard short event
DODGE = "TW-209"  # a resource short event (card text off in these tables: it could answer anything)


@pytest.fixture
def auto(engine):
    table = Table(engine, auto=True)
    table.start()
    return table


def test_answering_only_creatures_lets_a_hazard_event_resolve_without_asking_the_mover(auto):
    hand_card(auto, 0, DODGE)
    event = hand_card(auto, 1, AROUSE_DENIZENS)
    company = to_bag_end(auto, answers="creatures")
    assert auto.turn["done"][0] is True  # done by itself in its movement/hazard phase
    assert auto.engine.current_seats(auto.state) == [1]  # the hazard player keeps his choice
    auto.do(
        1,
        type="hazards",
        plays=[{"type": "play_card", "card": event, "target": {"kind": "company", "id": company["id"]}}],
    )
    assert auto.state["chain"] == []  # resolved: the mover was not asked although he holds Dodge
    assert auto.state["inst"][event]["zone"] == "discard"


def test_without_the_standing_answer_the_mover_is_asked_and_with_it_he_is_asked_for_a_creature(auto):
    hand_card(auto, 0, DODGE)
    drake = hand_card(auto, 1, CAVE_DRAKE)
    to_bag_end(auto, answers="creatures")
    auto.do(1, type="hazards", plays=[{"type": "play_card", "card": drake, "keyed": WILDERNESS}])
    assert auto.state["chain"] and auto.engine.current_seats(auto.state) == [0]  # a creature: he may answer


def test_a_standing_answer_is_its_owners_to_see_and_to_revoke(auto):
    company = to_bag_end(auto, answers="creatures", enter=True, leave=True)
    assert auto.engine.view(auto.state, 0)["companies"][0]["plan"] == {
        "answers": "creatures",
        "enter": True,
        "leave": True,
    }
    assert "plan" not in auto.engine.view(auto.state, 1)["companies"][0]
    private = [e.private[0].render() for e in auto.events if 0 in e.private]
    assert any(line.startswith("Stehende Antworten für Aragorn II in Bruchtal") for line in private), private
    assert not any(1 in e.private and "Stehende" in e.private[1].render() for e in auto.events)
    auto.do(0, type="standing", company=company["id"], answers="always", enter=False, leave=False)
    assert "plan" not in auto.state["companies"][0]
    with pytest.raises(IllegalAction) as error:
        auto.do(1, type="standing", company=company["id"], answers="creatures")
    assert error.value.code == "bad_company"


def arrive_at_bag_end(table, **plan):
    """The hero holds only Dodge (an event, nothing that needs a site); the company moves to Bag End and arrives."""
    for iid in list(table.state["players"][0]["hand"]):
        st.move(table.state, iid, "discard")
    hand_card(table, 0, DODGE)
    to_bag_end(table, **plan)
    table.do(1, type="pass")
    while table.turn["active"] == 0 and table.engine.current_seats(table.state) != [0]:
        seat = table.engine.current_seats(table.state)[0]
        table.do(seat, type="discard", cards=table.state["players"][seat]["hand"][8:])


def test_entering_and_leaving_the_site_by_standing_answer(auto):
    arrive_at_bag_end(auto, answers="creatures", enter=True, leave=True)
    log = " ".join(auto.log())
    # Bag End: entered at once; nothing there needs the site (Dodge may wait for a later phase): the phase ends.
    assert "Aragorn II, Bilbo betreten Beutelsend." in log
    assert "Aragorn II in Beutelsend: in dieser Ortsphase ist nichts mehr zu tun." in log
    assert auto.turn["phase"] != "site"


def test_without_leave_an_event_in_hand_keeps_the_site_phase_open(auto):
    arrive_at_bag_end(auto, answers="creatures", enter=True)
    assert auto.turn["phase"] == "site" and auto.state["companies"][0]["entered"]
    assert auto.engine.current_seats(auto.state) == [0]


def test_the_end_of_the_organisation_phase_gives_companies_that_stay_their_standing_answer(auto):
    company = auto.companies(0)[0]
    auto.do(0, type="next_phase", answers="creatures", leave=True)
    assert auto.state["companies"][0]["plan"] == {"answers": "creatures", "enter": False, "leave": True}
    assert company["id"] == auto.state["companies"][0]["id"]


def test_a_movement_plan_may_end_the_organisation_phase(auto):
    company = auto.companies(0)[0]
    site = auto.find(0, "sites", BAG_END)
    auto.do(0, type="plan_movement", company=company["id"], site=site, kind="starter", done=True)
    assert auto.turn["phase"] == "movement"
