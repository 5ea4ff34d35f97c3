"""Issue 31: the hazard player's hazards for a company in one submission, played in order as the phase comes back to
the company (after the moving player's answers and each attack), each checked against the limit and the keying; the
cards he discards first; how his excess strikes go on."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

from .conftest import Table, dice

BAG_END = "TW-372"
CAVE_DRAKE = "TW-20"  # {w}{w}{R}: keyed to the two wildernesses of the way to Bag End
BRIGANDS = "TW-17"  # {b}{w}
BARROW_WIGHT = "TW-14"  # {s}{d}{S}{D}: no key on the way to Bag End
WILDERNESS = {"kind": "region_type", "symbol": "w"}


@pytest.fixture
def auto(engine):
    table = Table(engine, auto=True)
    table.start()
    return table


def hand_card(table, seat, code):
    iid = table.find(seat, "deck", code)
    st.move(table.state, iid, "hand", top=True)
    return iid


def to_bag_end(table, **plan):
    """The hero's company plans the way to Bag End (with ``plan``'s standing answers) and its movement begins."""
    company = table.companies(0)[0]
    site = table.find(0, "sites", BAG_END)
    table.do(0, type="plan_movement", company=company["id"], site=site, kind="starter", **plan)
    while table.turn["phase"] != "movement":
        table.do(0, type="next_phase")
    return company


def defend_all(table):
    """The defender's one submission: every untapped character takes a strike."""
    attack = table.state["attack"]
    group = table.engine._attack_group(table.state)
    free = [c for c in group["chars"] if not table.state["inst"][c]["tapped"]]
    table.do(attack["defender"], type="defend", strikes=free[: attack["left"]])


def test_a_batch_is_one_submission_and_the_table_plays_each_hazard_when_the_phase_comes_back(auto):
    drake, brigands = hand_card(auto, 1, CAVE_DRAKE), hand_card(auto, 1, BRIGANDS)
    company = to_bag_end(auto, answers="creatures")
    plays = [
        {"type": "play_card", "card": drake, "keyed": WILDERNESS},
        {"type": "play_card", "card": brigands, "keyed": WILDERNESS},
    ]
    dice(auto, *[(6, 6)] * 8)
    auto.do(1, type="hazards", plays=plays, done=True)
    # A creature on his company: the mover, holding short events, may answer (his standing answer allows it).
    assert auto.state["chain"] and auto.state["priority"] == 0
    auto.do(0, type="pass")
    # The drake attacks first; the brigands wait in the batch, seen only by their player.
    attack = auto.state["attack"]
    assert attack["card"] == drake and auto.state["inst"][brigands]["zone"] == "hand"
    assert [p["card"] for p in auto.state["companies"][0]["batch"]["plays"]] == [brigands]
    mine, theirs = auto.engine.view(auto.state, 1), auto.engine.view(auto.state, 0)
    assert [c["id"] for c in mine["companies"][0]["batch"]] == [brigands]
    assert "batch" not in theirs["companies"][0] and brigands not in str(theirs)
    defend_all(auto)  # the attack ends: the table plays the brigands at once, without asking the hazard player
    assert auto.state["chain"][0]["card"] == brigands
    auto.do(0, type="pass")
    assert auto.state["attack"]["card"] == brigands
    defend_all(auto)
    # Both attacks over, the hazard player done by his batch, the mover by his standing answer: the company arrives.
    assert auto.state["attack"] is None
    assert auto.turn["phase"] != "movement" or auto.turn.get("company") != company["id"]
    log = " ".join(auto.log())
    assert "legt die Gefahren für diese Gemeinschaft fest" in log and "spielt keine weiteren Gefahren" in log
    assert "Reihenfolge" not in log  # the order was told only to its player (a private text)


def test_a_batch_over_the_limit_or_with_an_unkeyable_creature_is_refused_whole(auto):
    cards = [hand_card(auto, 1, code) for code in (CAVE_DRAKE, BRIGANDS, BRIGANDS)]
    to_bag_end(auto)
    before = auto.state
    too_many = [{"type": "play_card", "card": c, "keyed": WILDERNESS} for c in cards]
    with pytest.raises(IllegalAction) as error:
        auto.engine.apply(before, 1, {"type": "hazards", "plays": too_many})
    assert error.value.code == "hazard_limit"
    wight = hand_card(auto, 1, BARROW_WIGHT)
    plays = [{"type": "play_card", "card": cards[0], "keyed": WILDERNESS}, {"type": "play_card", "card": wight}]
    with pytest.raises(IllegalAction) as error:
        auto.engine.apply(auto.state, 1, {"type": "hazards", "plays": plays})
    assert error.value.code == "not_keyable"
    twice = [{"type": "on_guard", "card": cards[0]}, {"type": "on_guard", "card": cards[1]}]
    with pytest.raises(IllegalAction) as error:
        auto.engine.apply(auto.state, 1, {"type": "hazards", "plays": twice})
    assert error.value.code == "one_on_guard"
    assert auto.state["companies"][0]["hazards"] == 0 and "batch" not in auto.state["companies"][0]


def test_a_queued_hazard_the_rules_refuse_by_then_is_left_out_and_its_player_told(auto):
    drake, brigands = hand_card(auto, 1, CAVE_DRAKE), hand_card(auto, 1, BRIGANDS)
    to_bag_end(auto, answers="creatures")
    dice(auto, *[(6, 6)] * 8)
    auto.do(
        1,
        type="hazards",
        plays=[
            {"type": "play_card", "card": drake, "keyed": WILDERNESS},
            {"type": "play_card", "card": brigands, "keyed": WILDERNESS},
        ],
    )
    # Meanwhile the brigands leave his hand (as a card's text could make them): the queued play is refused then.
    auto.do(0, type="pass")
    st.move(auto.state, brigands, "discard")
    defend_all(auto)
    events = auto.events
    skipped = [e for e in events if e.private.get(1) and "wird nicht gespielt" in e.private[1].render()]
    assert skipped and "lässt eine festgelegte Gefahr aus" in skipped[0].public.render()
    assert not skipped[0].private.get(0)


def test_the_hazard_players_discard_list_trims_his_hand_by_itself(auto):
    to_bag_end(auto, answers="creatures")
    hand = list(auto.state["players"][1]["hand"])  # his draw for the move is in it
    assert len(hand) > 8
    auto.do(1, type="hazards", plays=[], discard=hand[:3], done=True)
    # The company arrives, both refill or trim to eight: his list did his part, nobody asked him.
    excess = len(hand) - 8
    assert [i for i in hand if auto.state["inst"][i]["zone"] == "discard"] == hand[:excess]
    assert len(auto.state["players"][1]["hand"]) == 8
    assert 1 not in auto.engine.current_seats(auto.state)


def test_excess_strikes_and_remaining_strikes_follow_the_attackers_standing_answer(auto):
    """With "spread" the table puts the remaining strikes on the weakest characters and spreads the excess."""
    orcs = {"name": "Orks", "race": "Orcs", "strikes": 4, "prowess": 7, "body": None, "detainment": False}
    to_bag_end(auto)
    auto.do(1, type="hazards", plays=[], excess="spread", done=False)
    group = auto.companies(0)[0]
    aragorn, bilbo = group["chars"]
    auto.state["inst"][bilbo]["tapped"] = True
    auto.engine._start_attack(auto.state, group, orcs, [])
    dice(auto, (6, 6), (6, 6))
    auto.do(0, type="defend", strikes=[aragorn])
    # Bilbo took the last character's strike by the rules; two excess strikes, one on each: no question asked.
    lines = [line for line in auto.log() if line.startswith("Hieb gegen")]
    assert len(lines) == 2 and all("überzählige Hiebe −1" in line for line in lines), lines
    assert auto.state["attack"] is None
