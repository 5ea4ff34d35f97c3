"""Issue 19, integrity: ids reveal nothing, hidden cards stay hidden, nobody acts in another's window,
and every card that becomes public is named in the public log the moment it does."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import state as st

from .conftest import Table, hero_deck, minion_deck


def visible_cards(view):
    """Every card dict with an id in a seat's view (own hand and sites included)."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            if "id" in node and "code" in node:
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk({k: v for k, v in view.items() if k != "cards"})
    return found


def opponent_cards_seen(table, viewer):
    view = table.engine.view(table.state, viewer)
    return {c["id"] for c in visible_cards(view) if table.state["inst"][c["id"]]["owner"] != viewer}


def assert_all_named(table):
    log = " ".join(table.log())
    for viewer in (0, 1):
        for iid in opponent_cards_seen(table, viewer):
            name = table.card(iid)["name_de"]
            assert name in log, f"{name} is visible to seat {viewer + 1} but was never named in the log"


def play_some_turns(table, steps=120):
    """Deck choice to several turns: both sides play a character, move, play hazards; check after each step."""
    table.choose_decks()
    assert_all_named(table)
    table.draft(["TW-120", "TW-131", None], ["LE-11", "LE-18", None])
    assert_all_named(table)
    table.do(1, type="starting_site", site="Minas Morgul")
    table.do(0, type="start_done")
    table.do(1, type="start_done")
    assert_all_named(table)
    for _ in range(steps):
        if table.state["stage"] != "play":
            break
        seat = table.engine.current_seats(table.state)[0]
        table.do(seat, **table.engine.default_action(table.state, seat))
        assert_all_named(table)


def test_card_ids_are_random_per_match_and_follow_no_deck_order(engine):
    one, two = Table(engine, seed=1), Table(engine, seed=2)
    one.choose_decks()
    two.choose_decks()
    ids_one = list(one.state["inst"])
    ids_two = list(two.state["inst"])
    assert set(ids_one).isdisjoint(ids_two) or len(set(ids_one) & set(ids_two)) < 3
    # Sorted ids say nothing about the deck list: the order of codes by id is not the order of entry.
    codes_by_id = [one.state["inst"][i]["code"] for i in sorted(ids_one)]
    codes_by_entry = [one.state["inst"][i]["code"] for i in ids_one]
    assert codes_by_id != codes_by_entry
    assert all(i.startswith("k") and len(i) == 7 for i in ids_one)
    # Random letters and digits, not numbers counted up (one id in 4096 may happen to be all digits).
    assert sum(i[1:].isdigit() for i in ids_one) < len(ids_one) / 10
    # Same seed, same ids (replaying the move log rebuilds the same state).
    again = Table(engine, seed=1)
    again.choose_decks()
    assert list(again.state["inst"]) == ids_one


def test_every_card_made_public_is_named_in_the_log(engine):
    play_some_turns(Table(engine, auto=True))


def test_no_hidden_card_reaches_the_opponents_view(engine):
    table = Table(engine, auto=True)
    table.start()
    for _ in range(60):
        if table.state["stage"] != "play":
            break
        for viewer in (0, 1):
            view = table.engine.view(table.state, viewer)
            other = table.state["players"][1 - viewer]
            secret = set(other["hand"]) | set(other["deck"]) | set(other["sideboard"]) | set(other["sites"])
            secret |= {i for i in other["play"] if table.state["inst"][i]["face_down"]}
            assert not secret & {c["id"] for c in visible_cards(view)}
            assert "rng" not in str(view) and "'ids'" not in str(view)
        seat = table.engine.current_seats(table.state)[0]
        table.do(seat, **table.engine.default_action(table.state, seat))


def test_the_opponent_cannot_act_in_my_windows(engine):
    table = Table(engine, auto=True)
    table.start()
    table.to_phase("organization")
    mine = table.companies(0)[0]["chars"][0]
    theirs = table.companies(1)[0]["chars"][0]
    for action in (
        {"type": "tap", "card": theirs},
        {"type": "roll", "kind": "dice"},
        {"type": "roll", "kind": "corruption", "character": theirs},
        {"type": "next_phase"},
        {"type": "play_character", "card": table.state["players"][1]["hand"][0]},
    ):
        with pytest.raises(IllegalAction) as error:
            table.do(1, **action)
        assert error.value.code in ("not_your_window", "not_your_turn"), action
    # Nor on my cards in any window: a request is the only way, and I answer it.
    table.do(1, type="propose", change={"type": "wound", "card": mine}, note="Kartentext")
    assert table.engine.current_seats(table.state) == [0]
    with pytest.raises(IllegalAction) as error:
        table.do(1, type="answer", accept=True)
    assert error.value.code == "own_request"
    table.do(0, type="answer", accept=False)
    assert table.state["inst"][mine]["wounded"] is False


def test_nothing_moves_from_a_hidden_zone_without_an_accepted_request(engine):
    table = Table(engine, auto=True)
    table.start()
    table.to_phase("organization")
    card = table.state["players"][0]["deck"][0]
    with pytest.raises(IllegalAction):
        table.do(0, type="move_card", card=card, to="hand")
    table.do(0, type="propose", change={"type": "move_card", "card": card, "to": "hand"})
    table.do(1, type="answer", accept=False)
    assert table.state["inst"][card]["zone"] == "deck"
    sideboard = minion_deck()
    assert sideboard and hero_deck()


def test_the_whole_game_names_every_public_card_and_hides_every_secret(engine):
    """The issue's whole-game script on the engine: after every move, every card a seat can see of the
    other's was named in the public log, and no hidden card (hand, decks, face-down) is in the other's view."""
    from matches.games.meccg.scenario import EngineDriver, Script

    class Checked(EngineDriver):
        log: list = []

        def submit(self, seat, action):
            events = self.apply(seat, action)
            self.log.extend(e.public.render() for e in events)
            text = " ".join(self.log)
            for viewer in (0, 1):
                view = self.engine.view(self._state, viewer)
                other = self._state["players"][1 - viewer]
                seen = {c["id"] for c in visible_cards(view)}
                secret = set(other["hand"]) | set(other["deck"]) | set(other["sideboard"]) | set(other["sites"])
                secret |= {i for i in other["play"] if self._state["inst"][i]["face_down"]}
                assert not secret & seen, action
                for iid in seen:
                    if self._state["inst"][iid]["owner"] != viewer:
                        name = self._state["cards"][self._state["inst"][iid]["code"]]["name_de"]
                        assert name in text, (name, action)

    driver = Checked(engine)
    script = Script(driver, driver.seats)
    script.run()
    assert driver.state()["stage"] == "over"


def test_an_item_is_never_played_for_free_as_an_answer_in_a_chain(engine, catalogue):
    """ "Ortsphase": an item, ally, faction or Information is played by tapping a character (and the site) of
    the company whose site phase it is; never as a link in a chain that skips the cost, by either player."""
    table = Table(engine)
    table.start()
    table.to_phase("site")
    company = table.companies(0)[0]
    aragorn = company["chars"][0]
    for code in ("TW-413",):  # test setup: the hero company stands at Moria (items up to gold rings)
        site = table.find(0, "sites", code)
        st.move(table.state, site, "play")
        company["site"] = site
    company["entered"] = True
    for code in ("TW-244", "TW-209"):
        table.state["cards"][code] = catalogue[code]
    glamdring = st.new_instance(table.state, "TW-244", 0, "hand")
    event = st.new_instance(table.state, "TW-209", 0, "hand")  # Dodge, a short event, opens a chain
    theirs = st.new_instance(table.state, "TW-244", 1, "hand")
    table.do(0, type="play_card", card=event)
    with pytest.raises(IllegalAction) as error:  # the opponent answers with an item on nobody's tap
        table.do(1, type="play_card", card=theirs, target={"kind": "character", "id": aragorn})
    assert error.value.code == "not_in_chain"
    table.do(1, type="pass")
    if table.state["chain"]:
        with pytest.raises(IllegalAction) as error:  # nor the active player, in their own chain
            table.do(0, type="play_card", card=glamdring, target={"kind": "character", "id": aragorn})
        assert error.value.code == "not_in_chain"
    assert not table.state["inst"][aragorn]["tapped"] and not table.state["inst"][company["site"]]["tapped"]
    assert glamdring in table.state["players"][0]["hand"]
