"""Site rules (issue 19 point 3): automatic attacks from the card data, items only where the site allows
them, hoard items only at hoards, allies and factions at their printed sites, on-guard cards revealed
only as hazards the rules allow."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import sites
from matches.games.meccg.engine import state as st


@pytest.fixture
def game(table):
    table.start()
    return table


def test_automatic_attacks_read_from_the_site(catalogue):
    moria = sites.automatic_attacks(catalogue["TW-413"], "hero")
    assert [(a["race"], a["strikes"], a["prowess"], a["detainment"]) for a in moria] == [("Orcs", 4, 7, False)]
    shelob = sites.automatic_attacks(catalogue["LE-402"], "minion")
    assert [(a["race"], a["strikes"], a["prowess"]) for a in shelob] == [("Orcs", 2, 8), ("Spider", 1, 16)]
    # "Men - each character faces 1 strike with 7 prowess (detainment against covert company)"
    cameth = sites.automatic_attacks(catalogue["LE-358"], "minion")
    assert cameth[0]["each_character"] is True and cameth[0]["detainment"] is True


def test_items_only_where_the_site_allows_them(catalogue):
    black_mace, goblin_gate = catalogue["LE-299"], catalogue["LE-378"]
    assert sites.item_problem(black_mace, goblin_gate) == "kind"  # greater item; minor and gold ring only
    assert sites.item_problem(catalogue["TW-244"], catalogue["TW-421"]) == "kind"  # Glamdring at Rivendell
    assert sites.item_problem(catalogue["TW-244"], catalogue["TW-413"]) is None  # Glamdring at Moria
    arkenstone = catalogue["LE-418"]  # a hoard item
    assert sites.item_problem(arkenstone, catalogue["LE-392"]) == "hoard"  # Moria: no hoard
    assert sites.is_hoard(catalogue["LE-387"]) and sites.item_problem(arkenstone, catalogue["LE-387"]) is None


def test_allies_and_factions_at_their_printed_sites(catalogue):
    hillmen, gollum = catalogue["TW-257"], catalogue["TW-246"]
    assert sites.named_site_problem(hillmen, catalogue["TW-408"])  # Lórien
    assert not sites.named_site_problem(hillmen, catalogue["TW-379"])  # Cameth Brin
    assert not sites.named_site_problem(gollum, catalogue["TW-398"])  # Goblin-gate
    assert hillmen["influence_target"] == 9


def at_site(game, code):
    """Test setup: the hero company stands at ``code`` in its site phase."""
    game.to_phase("site")
    site = game.find(0, "sites", code)
    st.move(game.state, site, "play")
    game.companies(0)[0]["site"] = site
    return game.companies(0)[0]


def test_entering_a_site_starts_its_automatic_attack(game):
    company = at_site(game, "TW-413")  # Moria: Orcs, 4 strikes, prowess 7
    game.do(0, type="enter_site")
    attack = game.state["attack"]
    assert (attack["source"], attack["strikes"], attack["prowess"], attack["detainment"]) == ("auto", 4, 7, False)
    assert game.engine.current_seats(game.state) == [0]
    game.engine._roll2d6 = lambda state: (6, 6)
    for _ in range(6):
        if not game.state["attack"]:
            break
        seat = game.engine.current_seats(game.state)[0]
        game.do(seat, **game.engine.default_action(game.state, seat))
    assert game.state["attack"] is None
    assert all(game.state["inst"][c]["zone"] == "play" for c in company["chars"])
    assert any(line.startswith("Angriff auf") and "4 Hiebe" in line for line in game.log())
    assert game.state["players"][0]["mp"] == []  # an automatic attack scores nothing


def test_on_guard_resource_is_never_revealed_and_a_creature_only_when_keyable(game, catalogue):
    company = at_site(game, "TW-436")  # Weathertop {R}, Information only, Wolves 2 strikes
    for code in ("TW-257", "TW-20", "TW-14"):  # Hillmen (a resource), Cave-drake {R}, Barrow-wight (no {R})
        game.state["cards"][code] = catalogue[code]
        iid = st.new_instance(game.state, code, 1, "play")
        game.state["inst"][iid]["face_down"] = True
        company["on_guard"].append(iid)
    hillmen, drake, wight = company["on_guard"]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_on_guard", card=drake)
    assert error.value.code in ("reveal_phase", "not_your_window")
    game.engine._roll2d6 = lambda state: (6, 6)
    game.do(0, type="enter_site")
    while game.state["attack"]:
        seat = game.engine.current_seats(game.state)[0]
        game.do(seat, **game.engine.default_action(game.state, seat))
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_on_guard", card=hillmen)
    assert error.value.code == "not_a_hazard"
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_on_guard", card=wight)
    assert error.value.code == "not_keyable"
    game.do(1, type="reveal_on_guard", card=drake)
    assert game.state["chain"][0]["key"]["kind"] in ("site_type", "site")
    game.do(0, type="pass")
    game.do(1, type="pass")
    assert game.state["attack"]["name"] == catalogue["TW-20"]["name_de"]
