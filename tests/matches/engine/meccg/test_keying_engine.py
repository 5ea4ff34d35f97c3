"""The engine keys creatures with the calculator's module (issue 19 point 2: "The engine uses the same module:
a creature that cannot be keyed as announced is refused, with the same message"). Seed 003 "Kreaturen"."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.cardinfo import region_map
from matches.games.meccg.engine.keying import key_creature


def hand_card(game, seat, code):
    iid = game.find(seat, "deck", code)
    st.move(game.state, iid, "hand", top=True)
    return iid


def to_bag_end(game):
    """Aragorn and Bilbo move Rivendell → Bag End by starter movement (Rhudaur, The Shire: {w}{w}{f}, {F})."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", "TW-372"), kind="starter")
    game.to_phase("long_event")
    game.do(0, type="next_phase")
    return game.companies(0)[0]


def calculator(catalogue, creature):
    return key_creature(
        catalogue, creature, "hero", "Rivendell", "Bag End", "starter", region_map=region_map(catalogue.values())
    )


def test_a_creature_without_any_key_is_refused_with_the_calculators_message(game, catalogue):
    to_bag_end(game)
    wight = hand_card(game, 1, "TW-14")  # Barrow-wight {s}{d}{S}{D}
    before = game.state["players"][1]["hand"][:]
    with pytest.raises(IllegalAction) as refused:
        game.do(1, type="play_card", card=wight)
    expected = calculator(catalogue, "TW-14")
    assert expected.playable is False
    assert refused.value.code == "not_keyable"
    # Word for word the calculator's message (the same Text: the same sentence in every language).
    assert refused.value.text.render() == expected.message.render()
    assert refused.value.text == expected.message
    assert game.state["players"][1]["hand"] == before  # nothing happened


def test_a_wrong_announcement_is_refused_and_names_what_is_possible(game, catalogue):
    to_bag_end(game)
    drake = hand_card(game, 1, "TW-20")  # Cave-drake {w}{w}{R}: {w} twice on the route, Bag End no ruins
    expected = calculator(catalogue, "TW-20")
    assert [k.to_json() for k in expected.keys] == [{"kind": "region_type", "symbol": "w", "detainment": False}]
    for wrong in (
        {"kind": "site_type", "symbol": "R"},
        {"kind": "region_type", "symbol": "f"},
        {"kind": "region", "name": "The Shire"},
        {"kind": "site", "name": "Bag End"},
    ):
        with pytest.raises(IllegalAction) as refused:
            game.do(1, type="play_card", card=drake, keyed=wrong)
        assert refused.value.code == "not_keyable"
        assert expected.message.render() in refused.value.text.render()
    game.do(1, type="play_card", card=drake, keyed={"kind": "region_type", "symbol": "{w}"})
    assert game.state["chain"][0]["key"] == expected.keys[0].to_json()


def test_the_engine_takes_the_calculators_key_for_a_named_region(game, catalogue):
    to_bag_end(game)
    game.state["cards"]["AS-8"] = catalogue["AS-8"]
    folk = st.new_instance(game.state, "AS-8", 1, "hand")  # Durin's Folk {w}{b}, "… keyed to The Shire"
    expected = calculator(catalogue, "AS-8")
    assert {(k.kind, k.symbol or k.name, k.detainment) for k in expected.keys} == {
        ("region_type", "w", True),
        ("region", "The Shire", True),  # "Detainment … against hero companies"
    }
    game.do(1, type="play_card", card=folk, keyed={"kind": "region", "name": "the shire"})
    assert game.state["chain"][0]["key"] == {"kind": "region", "name": "The Shire", "detainment": True}
