"""Issue 31: combat in one submission per side — the defender's strikes, support, staying untapped and cards for the
strikes together, the attacker's remaining and excess strikes together; the server rolls every die; the rules' order
(defender assigns, attacker the rest, each strike in the defender's order, the attacker's −1s before its window)."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

from .conftest import Table, dice

ORCS = {"name": "Orks", "race": "Orcs", "strikes": 2, "prowess": 7, "body": None, "detainment": False}
DODGE = "TW-209"
DAGGER = "TW-206"  # an item: no card for a strike


def table_with(engine, card_text=False):
    table = Table(engine, auto=True, card_text=card_text)
    table.start()
    return table


def attack(table, **changes):
    group = table.companies(0)[0]
    table.engine._start_attack(table.state, group, {**ORCS, **changes}, [])
    return group["chars"]


def strike_lines(table):
    return [line for line in table.log() if line.startswith("Hieb gegen")]


def test_the_defenders_plan_resolves_the_whole_attack_in_one_submission(engine):
    table = table_with(engine)
    aragorn, bilbo = attack(table)
    dice(table, (6, 6), (6, 6))
    table.do(0, type="defend", strikes=[bilbo, aragorn])
    lines = strike_lines(table)
    assert [line.split(":")[0] for line in lines] == ["Hieb gegen Bilbo", "Hieb gegen Aragorn II"]  # his order
    assert table.state["attack"] is None
    assert "Platz 1 legt die Verteidigung fest." in table.log()


def test_support_and_staying_untapped_are_part_of_the_plan(engine):
    table = table_with(engine)
    aragorn, bilbo = attack(table, strikes=1)
    dice(table, (6, 6))
    table.do(0, type="defend", strikes=[aragorn], untapped=[aragorn], support={aragorn: [bilbo]})
    (line,) = strike_lines(table)
    assert "bleibt ungetappt −3" in line and "Unterstützung +1" in line, line
    assert table.state["inst"][bilbo]["tapped"] and not table.state["inst"][aragorn]["tapped"]


def test_a_planned_card_is_played_before_its_strike(engine):
    table = table_with(engine, card_text=True)
    dodge = table.find(0, "deck", DODGE)
    st.move(table.state, dodge, "hand")
    aragorn, _bilbo = attack(table, strikes=1)
    dice(table, (6, 6))
    planned = {"card": dodge, "for": aragorn, "window": "strike"}
    table.do(0, type="defend", strikes=[aragorn], cards=[planned])
    log = " ".join(table.log())
    assert "Ausweichen" in log and "tappt nicht" in log, log
    assert table.state["inst"][dodge]["zone"] == "discard" and table.state["attack"] is None
    assert not table.state["inst"][aragorn]["tapped"]  # Dodge: he does not tap against the strike


def test_a_card_that_cannot_be_played_before_that_strike_is_refused(engine):
    table = table_with(engine, card_text=True)
    dagger = table.find(0, "deck", DAGGER)
    st.move(table.state, dagger, "hand")
    aragorn, _bilbo = attack(table, strikes=1)
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="defend", strikes=[aragorn], cards=[{"card": dagger, "for": aragorn}])
    assert error.value.code == "card_not_for_strike"


def test_excess_strikes_ask_the_attacker_once_for_all_strikes(engine):
    table = table_with(engine)
    aragorn, bilbo = attack(table, strikes=4)
    table.do(0, type="defend", strikes=[aragorn, bilbo])
    attack_ = table.state["attack"]
    assert (attack_["stage"], attack_["excess_left"]) == ("excess", 2)
    assert table.engine.current_seats(table.state) == [1]
    (plan,) = [a for a in table.engine.legal_actions(table.state, 1) if a["type"] == "attacker_plan" and "form" in a]
    assert [f["name"] for f in plan["form"]] == ["excess"]
    dice(table, (6, 6), (6, 6))
    table.do(1, type="attacker_plan", excess={bilbo: 2})
    lines = strike_lines(table)
    assert "überzählige Hiebe −2" in next(line for line in lines if "Bilbo" in line.split(":")[0])
    assert "überzählige" not in next(line for line in lines if "Aragorn" in line.split(":")[0])
    assert table.state["attack"] is None


def test_plans_are_not_for_company_combat_nor_for_the_other_side(engine):
    table = table_with(engine)
    attack(table)
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="defend", strikes=[])
    assert error.value.code == "not_your_window"
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="attacker_plan")
    assert error.value.code == "not_your_window"
    table.state["attack"]["versus"] = True
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="defend")
    assert error.value.code == "not_for_versus"


def test_the_plan_stays_private_until_its_cards_are_played(engine):
    table = table_with(engine, card_text=True)
    dodge = table.find(0, "deck", DODGE)
    st.move(table.state, dodge, "hand")
    aragorn, bilbo = attack(table, strikes=4)
    table.do(0, type="defend", strikes=[aragorn, bilbo], cards=[{"card": dodge, "for": aragorn, "window": "strike"}])
    assert table.state["attack"]["stage"] == "excess"  # the attacker decides now: he must not see the plan
    seen = str(table.engine.view(table.state, 1)) + str(table.engine.legal_actions(table.state, 1))
    assert dodge not in seen and "defence" not in seen
