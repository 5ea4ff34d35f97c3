"""Site rules (issue 19 point 3): automatic attacks from the card data, items only where the site allows
them, hoard items only at hoards, allies and factions at their printed sites, on-guard cards revealed
only as hazards the rules allow."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import sites
from matches.games.meccg.engine import state as st


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
    """ "Der Gegner kann eine auf die Lauer gelegte Kreatur vor dem automatischen Angriff aufdecken, die - sofern am
    Ort spielbar - die Gemeinschaft nach dem automatischen Angriff angreift. Eine solche Kreatur zählt nicht als
    automatischer Angriff." """
    company = at_site(game, "TW-436")  # Weathertop {R}, Information only, Wolves 2 strikes
    for code in ("TW-257", "TW-20", "TW-14"):  # Hillmen (a resource), Cave-drake {R}, Barrow-wight (no {R})
        game.state["cards"][code] = catalogue[code]
        iid = st.new_instance(game.state, code, 1, "play")
        game.state["inst"][iid]["face_down"] = True
        company["on_guard"].append(iid)
    hillmen, drake, wight = company["on_guard"]
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_on_guard", card=drake)
    assert error.value.code in ("reveal_phase", "not_your_window", "wrong_phase")
    game.engine._roll2d6 = lambda state: (6, 6)
    game.do(0, type="enter_site")
    # Before the automatic attack the hazard player may reveal the keyable creature: the table waits for him.
    assert game.state["attack"] is None
    assert game.engine.current_seats(game.state) == [1]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=game.state["players"][0]["hand"][0])
    assert error.value.code == "on_guard_window"
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_on_guard", card=hillmen)
    assert error.value.code == "not_a_hazard"
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_on_guard", card=wight)
    assert error.value.code == "not_keyable"
    game.do(1, type="reveal_on_guard", card=drake)
    attack = game.state["attack"]
    assert attack["source"] == "auto" and attack["queue"][-1]["card"] == drake  # after the automatic attack
    while game.state["attack"] and game.state["attack"]["source"] == "auto":
        seat = game.engine.current_seats(game.state)[0]
        game.do(seat, **game.engine.default_action(game.state, seat))
    assert game.state["attack"]["name"] == catalogue["TW-20"]["name_de"]
    assert game.state["attack"]["key"]["kind"] in ("site_type", "site")


def test_no_window_before_an_automatic_attack_without_a_creature_on_guard(game, catalogue):
    at_site(game, "TW-436")
    game.do(0, type="enter_site")
    assert game.state["attack"]["source"] == "auto"  # straight into the automatic attack
    assert game.companies(0)[0]["entered"]


def test_an_on_guard_creature_is_not_revealed_after_the_automatic_attack(game, catalogue):
    at_site(game, "TW-436")
    game.do(0, type="enter_site")  # no creature on guard yet: the automatic attack at once
    while game.state["attack"]:
        seat = game.engine.current_seats(game.state)[0]
        game.do(seat, **game.engine.default_action(game.state, seat))
    company = game.companies(0)[0]
    game.state["cards"]["TW-20"] = catalogue["TW-20"]
    drake = st.new_instance(game.state, "TW-20", 1, "play")
    game.state["inst"][drake]["face_down"] = True
    company["on_guard"].append(drake)
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="reveal_on_guard", card=drake)
    assert error.value.code == "creature_before_auto_attack"


# --- the footnotes of a site's items ("Items (minor, major*) *-weapon, armor, shield, or helmet only") -------


def test_a_starred_item_kind_only_for_what_the_footnote_names(catalogue):
    """ "Ortsphase": an item only "am Ort spielbar"; the site card's footnote narrows the starred kind."""
    cameth_brin = catalogue["LE-358"]  # Items (minor, major*) *-weapon, armor, shield, or helmet only
    assert sites.item_problem(catalogue["LE-301"], cameth_brin) is None  # Black-mail Coat: Armor
    assert sites.item_problem(catalogue["TW-244"], cameth_brin) is None  # Glamdring: Weapon
    assert sites.item_problem(catalogue["TW-322"], cameth_brin) == "footnote"  # Sapling of the White Tree
    assert sites.item_problem(catalogue["TW-351"], cameth_brin) == "footnote"  # Torque of Hues
    tolfalas = catalogue["TW-433"]  # Items (minor, major, greater*) *-Scroll of Isildur only
    assert sites.item_problem(catalogue["TW-323"], tolfalas) is None
    assert sites.item_problem(catalogue["TW-289"], tolfalas) == "footnote"  # Narsil, a greater item
    assert sites.item_problem(catalogue["TW-244"], tolfalas) is None  # a major item is not starred there
    cairn = catalogue["TW-409"]  # *-Palantíri only
    assert sites.item_problem(catalogue["TW-296"], cairn) is None  # Palantír of Amon Sûl
    assert sites.item_problem(catalogue["TW-345"], cairn) == "footnote"  # The Mithril-coat
    bag_end = catalogue["LE-350"]  # minion Bag End: greater*, *-hero item only
    assert sites.item_problem(catalogue["TW-345"], bag_end) is None
    assert sites.item_problem(catalogue["LE-325"], bag_end) == "footnote"


def test_a_greater_item_refused_at_a_site_whose_footnote_excludes_it(game, catalogue):
    game.state["cards"]["TW-433"] = catalogue["TW-433"]
    st.new_instance(game.state, "TW-433", 0, "sites")  # Tolfalas, into the test deck's location deck
    company = at_site(game, "TW-433")
    aragorn = company["chars"][0]
    company["entered"] = True
    game.state["cards"]["TW-289"] = catalogue["TW-289"]
    narsil = st.new_instance(game.state, "TW-289", 0, "hand")
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=narsil, character=aragorn)
    assert error.value.code == "item_not_playable"
    assert not game.state["inst"][aragorn]["tapped"] and narsil in game.state["players"][0]["hand"]


# --- faction influence ("Heere") ------------------------------------------------------------------------


def test_standard_modifications_by_race_and_by_factions_in_play(catalogue):
    from matches.games.meccg.engine import factions

    def mods(faction, character, own=(), avatar=None):
        found = factions.standard_modifications(
            catalogue[faction], catalogue[character], [catalogue[c] for c in own], avatar and catalogue[avatar]
        )
        return sum(v for _, v in found)

    assert mods("TW-258", "TW-131") == 4  # Hobbits: Hobbits (+4), Bilbo is a Hobbit
    assert mods("TW-258", "TW-120") == 0  # Aragorn is not
    assert mods("TW-278", "TW-124") == 1  # Men of Dorwinion: Men (+1) for a Man (Bard Bowman)
    assert mods("TW-211", "TW-120") == -1  # Dunlendings: Dúnedain (−1) for Aragorn, not "Dunlendings" as "Du…"
    assert mods("LE-278", "LE-11") == 0  # Orcs of Moria: faction names, not an Orc's race
    assert mods("LE-278", "LE-11", own=["LE-265"]) == 2  # … with Goblins of Goblin-gate in play: +2
    assert mods("LE-277", "LE-11", own=["LE-281"]) == -2  # "Orcs of Red Eye (-2)" names Orcs of the Red Eye
    assert mods("LE-291", "LE-11", own=["LE-278"]) == -2  # Uruk-hai: any other Orc faction (−2, once)
    assert mods("LE-291", "LE-11", own=["LE-278", "LE-265"]) == -2
    assert mods("TW-222", "TW-145") == 0  # Easterlings: Dúnedain (−2); Elrond is an Elf


def test_a_characters_own_influence_bonus_against_a_faction(catalogue):
    from matches.games.meccg.engine import factions

    def mods(character, faction, site=None):
        found = factions.character_modifications(catalogue[character], catalogue[faction], site and catalogue[site])
        return sum(v for _, v in found)

    assert mods("TW-120", "TW-311") == 2  # Aragorn II: +2 against the Rangers of the North
    assert mods("TW-120", "TW-197") == 0  # … not against Beornings
    assert mods("AS-2", "LE-278") == 2  # Mauhúr: +2 against Orcs and Orc factions
    assert mods("AS-2", "LE-268") == 0  # … not against Hill Trolls
    assert mods("AS-4", "LE-263") == 3  # Perchen: any faction playable at Dunnish Clan-hold (Dunlendings)


def test_a_faction_influence_check_counts_the_standard_modification(game, catalogue):
    """ "Heere": 2W6 + unused direct influence + modifications > the faction's number. Hobbits (8) by Bilbo at
    Bag End: Hobbits (+4)."""
    company = at_site(game, "TW-372")  # Bag End
    bilbo = company["chars"][1]
    company["entered"] = True
    game.state["cards"]["TW-258"] = catalogue["TW-258"]
    hobbits = st.new_instance(game.state, "TW-258", 0, "hand")
    game.engine._roll2d6 = lambda state: (2, 2)  # 4 + DI + 4 > 8 only with the +4
    game.do(0, type="play_card", card=hobbits, character=bilbo)
    game.do(1, type="pass")
    if game.state["chain"]:
        game.do(0, type="pass")
    di = max(0, st.direct_influence_free(game.state, bilbo))
    line = next(line for line in game.log() if line.startswith("Beeinflussung von"))
    assert "Standardmodifikation Hobbits +4" in line and f"= {4 + di + 4} gegen 8" in line, line
    assert game.state["inst"][hobbits]["zone"] == "play"
    assert game.state["inst"][bilbo]["tapped"]


def test_information_only_by_a_sage_at_an_untapped_site_where_information_is_playable(game, catalogue):
    """Dreams of Lore: "Sage only during the site phase at an untapped site where Information is playable. Tap
    the sage and the site." ("Ortsphase": an event playable at the site taps a character and the site.)"""
    company = at_site(game, "TW-413")  # Moria: items only, no Information
    game.state["cards"]["TW-210"] = catalogue["TW-210"]
    dreams = st.new_instance(game.state, "TW-210", 0, "hand")
    aragorn, bilbo = company["chars"]
    company["entered"] = True
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=dreams, character=bilbo)
    assert error.value.code == "no_information"
    site = game.find(0, "sites", "TW-436")  # Weathertop: Information
    st.move(game.state, site, "play")
    company["site"] = site
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="play_card", card=dreams, character=aragorn)  # no sage
    assert error.value.code == "not_a_sage"
    assert not game.state["inst"][aragorn]["tapped"] and not game.state["inst"][site]["tapped"]
    game.do(0, type="play_card", card=dreams, character=bilbo)
    assert game.state["inst"][bilbo]["tapped"] and game.state["inst"][site]["tapped"]
    game.do(1, type="pass")
    if game.state["chain"]:
        game.do(0, type="pass")
    assert game.state["inst"][dreams]["zone"] == "play" and game.state["inst"][dreams]["on"] == bilbo
