"""Issue 31: whole decisions as one entry with a form — a company's movement plan offers only reachable destinations
(with route and keys), the company by its leading character and site; discarding is one multi-card choice."""

import pytest

from matches.engine.base import IllegalAction, Text
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.offers import fill_form

from .conftest import Table


@pytest.fixture
def auto(engine):
    table = Table(engine, auto=True)
    table.start()
    return table


def plan_entry(table, seat=0):
    (entry,) = [
        a for a in table.engine.legal_actions(table.state, seat) if a["type"] == "plan_movement" and "form" in a
    ]
    return entry


def test_the_movement_plan_offers_exactly_the_reachable_destinations(auto):
    entry = plan_entry(auto)
    to = next(f for f in entry["form"] if f["name"] == "to")
    offered = {(o["value"]["site"], o["value"]["kind"]) for o in to["options"]}
    accepted = set()
    for site in auto.state["players"][0]["sites"]:
        for kind in ("starter", "region"):
            try:
                auto.engine.apply(auto.state, 0, fill_form(entry, {"to": {"site": site, "kind": kind}}))
            except IllegalAction:
                continue
            accepted.add((site, kind))
    assert offered and offered <= accepted  # nothing offered is refused after sending
    name = {site: st.info(auto.state, site)["name_en"] for site in auto.state["players"][0]["sites"]}
    assert {(name[s], k) for s, k in accepted} == {(name[s], k) for s, k in offered}  # a second copy: offered once
    assert len(offered) < 2 * len(set(name.values()))  # unreachable destinations are left out


def test_a_destination_shows_its_route_and_keys_and_the_company_its_name(auto):
    entry = plan_entry(auto)
    assert Text.from_json(entry["label"]).render() == "Aragorn II in Bruchtal: Reise planen"
    labels = [Text.from_json(o["label"]).render() for o in entry["form"][0]["options"]]
    bag_end = next(label for label in labels if label.startswith("Beutelsend"))
    assert bag_end == "Beutelsend – Grundregeln: Rhudaur, Das Auenland ({w}{w}{f})", labels
    assert all("g1" not in label for label in labels)
    fields = {f["name"]: f for f in entry["form"]}
    assert set(fields) == {"to", "draws", "answers", "enter", "leave", "discard", "done"} - (
        set() if "draws" in fields else {"draws"}
    )
    assert fields["done"]["default"] is True  # the only company: planning it may end the phase


def test_discarding_down_to_eight_is_one_choice_of_several_cards(auto):
    auto.state["turn"]["trim"] = True
    hand = auto.state["players"][0]["hand"]
    for iid in auto.state["players"][0]["deck"][:3]:
        st.move(auto.state, iid, "hand")
    (entry,) = [a for a in auto.engine.legal_actions(auto.state, 0) if a["type"] == "discard" and "form" in a]
    field = entry["form"][0]
    assert (field["min"], field["max"], len(field["options"])) == (3, 3, 11)
    assert Text.from_json(entry["label"]).render() == "Auf acht Handkarten: 3 Karten abwerfen"
    auto.do(0, **fill_form(entry, {"cards": hand[:3]}))
    assert len(auto.state["players"][0]["hand"]) == 8


def test_one_button_per_move_and_no_duplicate(auto):
    """ "Weiter (Phase beenden)" beside "Phase beenden", "Passen" twice: each move is offered once."""
    seen = auto.engine.legal_actions(auto.state, 0)
    concrete = [(a["type"], Text.from_json(a["label"]).render()) for a in seen if "label" in a]
    assert len(concrete) == len(set(concrete))
    assert ("next_phase", "Organisationsphase beenden") in concrete
    assert not [label for kind, label in concrete if kind == "pass"]
