"""Deck choice, the character draft and the preparations before turn 1 (Spielvorbereitung)."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine.engine import MeccgEngine

from .conftest import Table, hero_deck, minion_deck


def test_only_two_players(engine):
    with pytest.raises(IllegalAction):
        engine.setup(3, {}, 1)


def test_illegal_deck_cannot_be_used(catalogue):
    def check(deck, opponent):
        return ["Zu wenige Gefahren."] if deck["alignment"] == "minion" else []

    table = Table(MeccgEngine(lambda: catalogue, check))
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="choose_deck", deck=minion_deck())
    assert error.value.code == "deck_illegal"
    assert "Zu wenige Gefahren" in error.value.text.render()


def test_deck_checked_against_the_opponents_alignment(catalogue):
    seen = []

    def check(deck, opponent):
        seen.append((deck["alignment"], opponent))
        # This hero deck holds hazards that are forbidden against minions.
        return ["Gegen Schergen verboten."] if deck["alignment"] == "hero" and opponent == "minion" else []

    table = Table(MeccgEngine(lambda: catalogue, check))
    table.do(0, type="choose_deck", deck=hero_deck())
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="choose_deck", deck=minion_deck())
    assert error.value.code == "opponent_deck_illegal"
    assert ("hero", "") in seen and ("minion", "hero") in seen and ("hero", "minion") in seen
    assert table.state["stage"] == "deck"


def test_deck_entries_must_be_known_cards(table):
    bad = {"alignment": "hero", "entries": [["XX-1", 1, "pool"]]}
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="choose_deck", deck=bad)
    assert error.value.code == "bad_entry"
    with pytest.raises(IllegalAction):
        table.do(0, type="choose_deck", deck={"alignment": "hero", "entries": [["TW-120", 1]]})


def test_draft_starts_when_both_decks_are_chosen(table):
    table.do(0, type="choose_deck", deck=hero_deck())
    assert table.state["stage"] == "deck"
    assert table.engine.current_seats(table.state) == [1]
    table.do(1, type="choose_deck", deck=minion_deck())
    assert table.state["stage"] == "draft"
    assert len(table.state["players"][0]["pool"]) == 7


def test_draft_picks_are_face_down_until_both_have_chosen(table):
    table.choose_decks()
    aragorn = table.find(0, "pool", "TW-120")
    table.do(0, type="draft_pick", card=aragorn)
    other_view = table.engine.view(table.state, 1)
    assert other_view["players"][0]["picked"] is True
    assert "pick" not in other_view["players"][0]
    assert "TW-120" not in str(other_view)
    assert table.engine.view(table.state, 0)["players"][0]["pick"]["code"] == "TW-120"
    assert table.engine.current_seats(table.state) == [1]
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="draft_pick", card=table.find(0, "pool", "TW-131"))
    assert error.value.code == "draft_waiting"
    table.do(1, type="draft_pick", card=table.find(1, "pool", "LE-11"))
    assert [table.card(i)["name_en"] for i in table.state["players"][0]["drafted"]] == ["Aragorn II"]
    assert [table.card(i)["name_en"] for i in table.state["players"][1]["drafted"]] == ["Gorbag"]
    assert "TW-120" in str(table.engine.view(table.state, 1))


def test_identical_picks_are_set_aside(table):
    # Both decks hold Bofur's namesake? Use the same hero deck twice: both pick Aragorn II.
    table.do(0, type="choose_deck", deck=hero_deck())
    table.do(1, type="choose_deck", deck=hero_deck())
    table.do(0, type="draft_pick", card=table.find(0, "pool", "TW-120"))
    table.do(1, type="draft_pick", card=table.find(1, "pool", "TW-120"))
    assert table.state["players"][0]["drafted"] == []
    assert table.state["players"][1]["drafted"] == []
    assert len(table.state["players"][0]["aside"]) == 1
    assert any("zur Seite gelegt" in line for line in table.log())


def test_draft_refuses_a_pick_that_passes_twenty_general_influence(table):
    table.choose_decks()
    # Elrond 10 + Faramir 5 = 15: Aragorn II (9) would make 24, Beregond (2) still fits.
    table.draft(["TW-145", "TW-149"], ["LE-11", "LE-18"])
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="draft_pick", card=table.find(0, "pool", "TW-120"))
    assert error.value.code == "draft_influence"
    assert "20" in error.value.text.render()
    assert table.state["players"][0]["stopped"] is False
    table.do(0, type="draft_pick", card=table.find(0, "pool", "TW-127"))


def test_draft_stops_a_player_with_no_pick_left_below_twenty(table):
    table.choose_decks()
    # Elrond 10 + Aragorn II 9 = 19: every other pool character (at least 2) passes 20.
    table.draft(["TW-145", "TW-120"], ["LE-11", "LE-18"])
    assert table.state["players"][0]["stopped"] is True
    assert table.engine.legal_actions(table.state, 0) == []
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="draft_pick", card=table.find(0, "pool", "TW-131"))
    assert error.value.code == "draft_stopped"


def test_draft_stops_at_the_character_limit(table):
    table.choose_decks()
    # Hero limit 5: Bilbo 5, Frodo 5, Beregond 2, Bofur 2, Faramir 5 = 19 influence, five characters.
    table.draft(
        ["TW-131", "TW-152", "TW-127", "TW-132", "TW-149"],
        ["LE-25", "LE-23", "LE-7", "LE-3", None],
    )
    player = table.state["players"][0]
    assert len(player["drafted"]) == 5
    assert player["stopped"] is True
    assert table.engine._pick_problem(table.state, 0, table.find(0, "pool", "TW-120"))[0] == "draft_limit"


def test_draft_ends_when_both_stop_and_only_drafters_continue(table):
    table.choose_decks()
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="draft_stop")  # no character yet: only when confirmed
    assert error.value.code == "draft_empty"
    table.do(1, type="draft_stop", empty=True)
    assert table.engine.current_seats(table.state) == [0]
    table.do(0, type="draft_pick", card=table.find(0, "pool", "TW-120"))
    assert [table.card(i)["name_en"] for i in table.state["players"][0]["drafted"]] == ["Aragorn II"]
    table.do(0, type="draft_stop")
    assert table.state["stage"] == "start"


def test_starting_sites_by_alignment(table):
    table.choose_decks()
    table.draft(["TW-120", None], ["LE-11", None])
    assert table.state["players"][0]["start_site"] == "Rivendell"  # heroes: only Rivendell
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="start_done")
    assert error.value.code == "no_starting_site"
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="starting_site", site="Rivendell")
    assert "Minas Morgul" in error.value.text.render()
    table.do(1, type="starting_site", site="dol guldur")
    table.do(0, type="start_done")
    table.do(1, type="start_done")
    sites = {c["owner"]: table.card(c["site"])["name_en"] for c in table.state["companies"]}
    assert sites == {0: "Rivendell", 1: "Dol Guldur"}


def test_up_to_two_non_unique_minor_items(table):
    table.choose_decks()
    table.draft(["TW-120", None], ["LE-11", None])
    aragorn = table.state["players"][0]["drafted"][0]
    daggers = [i for i in table.state["players"][0]["deck"] if table.state["inst"][i]["code"] == "TW-206"]
    cloak = table.find(0, "deck", "TW-225")
    stone = table.find(0, "deck", "TW-224")
    pony = table.find(0, "deck", "TW-198")
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="starting_item", card=pony, character=aragorn)
    assert error.value.code == "not_minor_item"
    table.do(0, type="starting_item", card=daggers[0], character=aragorn)
    table.do(0, type="starting_item", card=cloak, character=aragorn)
    with pytest.raises(IllegalAction) as error:
        table.do(0, type="starting_item", card=stone, character=aragorn)
    assert error.value.code == "too_many_items"
    assert table.state["inst"][cloak]["on"] == aragorn


def test_game_begins_shuffled_with_eight_cards_and_a_rolled_first_player(table):
    table.start()
    assert table.state["stage"] == "play"
    assert [len(p["hand"]) for p in table.state["players"]] == [8, 8]
    assert any(line.startswith("Wurf um den Start") for line in table.log())
    assert table.turn == {**table.turn, "number": 1, "phase": "untap"}
    # The deck order differs from the deck list: it was shuffled by the server.
    listed = [c for c, _, part in hero_deck()["entries"] if part == "resources"]
    in_order = [
        table.state["inst"][i]["code"] for i in table.state["players"][0]["hand"] + table.state["players"][0]["deck"]
    ]
    assert sorted(in_order) == sorted(listed)
    assert in_order != listed


def test_same_seed_same_game(engine):
    first, second = Table(engine, 5), Table(engine, 5)
    first.start()
    second.start()
    assert first.state == second.state
