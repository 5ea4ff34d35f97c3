"""Keying (engine/keying.py) against the real card data: seed 003 "Kreaturen", "Bewegung", "Verhöre".

Plain pytest, no database: the ``catalogue`` fixture is every card of cards.json as engine Infos.
"""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine.cardinfo import region_map
from matches.games.meccg.engine.keying import (
    KeyingError,
    creature_keying,
    key_creature,
    keys_for,
    require_key,
)


@pytest.fixture(scope="module")
def regions(catalogue):
    return region_map(catalogue.values())


@pytest.fixture
def key(catalogue, regions):
    def _key(creature, alignment, origin, destination=None, movement=None, route=None, **options):
        return key_creature(
            catalogue, creature, alignment, origin, destination, movement, route, region_map=regions, **options
        )

    return _key


def as_set(keying):
    return {(k.kind, k.symbol or k.name, k.detainment) for k in keying.keys}


# --- "Kreaturen": region types, doubled types, site types, named regions, named sites -----------------------


def test_barrow_wight_is_not_keyable_to_wilderness_and_border_land_to_a_free_hold(key):
    # The game: Barrow-wight ({s}{d}{S}{D}) announced on Rhudaur – High Pass – Anduin Vales.
    keying = key(
        "Barrow-wight", "hero", "Rivendell", "Beorn's House", "region", ["Rhudaur", "High Pass", "Anduin Vales"]
    )
    assert keying.route == {"regions": ["Rhudaur", "High Pass", "Anduin Vales"], "region_types": ["w", "w", "b"]}
    assert keying.playable is False
    assert keying.keys == []
    assert "nicht zugeordnet" in keying.message.render()


def test_barrow_wight_keys_to_shadow_land_dark_domain_and_dark_hold(key):
    # Hero Lórien → Dol Guldur by starter movement: path {w}{b}{d}, Dol Guldur is a dark-hold {D}.
    keying = key("TW-14", "hero", "Lórien", "Dol Guldur", "starter")
    assert keying.route == {"regions": ["Wold & Foothills", "Southern Mirkwood"], "region_types": ["w", "b", "d"]}
    assert as_set(keying) == {("region_type", "d", False), ("site_type", "D", False)}


def test_cave_drake_needs_two_wildernesses(key):
    # {w}{w}{R}: a type printed twice must be in the route twice (not necessarily in a row).
    one = key("Cave-drake", "hero", "Bree", "Weathertop", "region", ["Arthedain"])
    assert one.route["region_types"] == ["w"]
    assert ("region_type", "w", False) not in as_set(one)
    two = key("Cave-drake", "hero", "Rivendell", "Lórien", "starter")  # Lórien's path from Rivendell {w}{w}{b}{w}
    assert two.route["region_types"] == ["w", "w", "b", "w"]
    assert as_set(two) == {("region_type", "w", False)}


def test_cave_drake_keys_to_ruins_also_when_the_company_stays(key):
    moving = key("Cave-drake", "hero", "Bree", "Weathertop", "region", ["Arthedain"])
    assert as_set(moving) == {("site_type", "R", False)}
    staying = key("Cave-drake", "hero", "Weathertop")
    assert staying.movement is None
    assert staying.route == {"regions": [], "region_types": []}
    assert as_set(staying) == {("site_type", "R", False)}
    # Not moving: no region keys, only the current site.
    assert as_set(key("Cave-drake", "hero", "Rivendell")) == set()


def test_wild_fell_beast_needs_two_shadow_lands(key):
    # Minion Dol Guldur → Minas Morgul: the haven path {s}{d}{d}{s}{d} has {s} twice.
    twice = key("Wild Fell Beast", "minion", "Dol Guldur", "Minas Morgul", "starter")
    assert twice.route["region_types"].count("s") == 2
    assert ("region_type", "s", False) in as_set(twice)
    once = key("Wild Fell Beast", "minion", "Carn Dûm", "Weathertop", "starter")  # {s}{w}
    assert once.keys == []


def test_named_region_keying_from_the_card_text(key):
    # Cave Worm: "May be played keyed to Redhorn Gate, High Pass, Gap of Isen, Angmar, …".
    keying = key("Cave Worm", "hero", "Rivendell", "Goblin-gate", "starter")
    assert keying.route["regions"] == ["Rhudaur", "High Pass"]
    assert as_set(keying) == {("region", "High Pass", False)}
    assert key("Cave Worm", "hero", "Goblin-gate").keys == []  # staying: no region of a route
    # The same creature on a route that misses its regions.
    assert key("Cave Worm", "hero", "Rivendell", "Bree", "starter").keys == []


def test_named_site_keying_and_sites_in_named_regions(key):
    # Huorn: "May also be played at Drúadan Forest, Old Forest, and Wellinghall."
    assert ("site", "Old Forest", False) in as_set(key("Huorn", "hero", "Rivendell", "Old Forest", "starter"))
    # Giant Spiders: "… at Ruins & Lairs, Shadow-holds, and Dark-holds in these regions" (Mirkwood).
    spiders = key("Giant Spiders", "hero", "Lórien", "Dol Guldur", "starter")
    assert ("site", "Dol Guldur", False) in as_set(spiders)
    assert ("region", "Southern Mirkwood", False) in as_set(spiders)
    # Beorning Toll: "at non-Haven sites in these regions" — never at a haven.
    assert key("Beorning Toll", "minion", "Goblin-gate").keys != []
    assert all(k.kind != "site" for k in key("Beorning Toll", "hero", "Lórien").keys)


def test_site_text_allows_a_creature(key):
    # Geann a-Lisch (hero): "Any man hazard creature can be played here." The Border-watch is Men {f}{b}{F}{B}.
    keying = key("The Border-watch", "hero", "Geann a-Lisch")
    assert ("site", "Geann a-Lisch", True) in as_set(keying)  # and its text: detainment against heroes
    # A Dragon is no Man: only its printed {R} fits the ruins, not the site's text.
    assert as_set(key("Cave-drake", "hero", "Geann a-Lisch")) == {("site_type", "R", False)}


def test_doors_of_night_conditions(key):
    # Smaug: at The Lonely Mountain; keyed to Withered Heath … only if Doors of Night is in play.
    plain = key(
        "Smaug",
        "hero",
        "Lórien",
        "The Lonely Mountain",
        "region",
        ["Wold & Foothills", "Anduin Vales", "Grey Mountain Narrows", "Northern Rhovanion"],
    )
    assert as_set(plain) == {("site", "The Lonely Mountain", False)}
    doors = key(
        "Smaug",
        "hero",
        "Lórien",
        "The Lonely Mountain",
        "region",
        ["Wold & Foothills", "Anduin Vales", "Grey Mountain Narrows", "Northern Rhovanion"],
        doors_of_night=True,
    )
    assert ("region", "Northern Rhovanion", False) in as_set(doors)


def test_playable_only_against_some_companies(key):
    # Elves upon Errantry {w}{w}{b}{f}: "playable only against minion companies".
    route = ("Rivendell", "Lórien", "starter")
    assert key("Elves upon Errantry", "hero", *route).playable is False
    assert "nicht gespielt" in key("Elves upon Errantry", "hero", *route).message.render()
    minion_route = ("Carn Dûm", "Bree", "region", ["Angmar", "Rhudaur", "Arthedain"])
    assert key("Elves upon Errantry", "minion", *minion_route).playable is True


def test_under_deeps_movement_keys_only_to_the_destination(key):
    keying = key("Shelob's Brood", "minion", "Moria", "The Under-gates", "region", ["Redhorn Gate"])
    # Regions named for a move into the Under-deeps are not a route: the move is under-deeps movement.
    assert keying.movement == "under-deeps"
    assert keying.route == {"regions": [], "region_types": []}
    assert as_set(keying) == {("site", "The Under-gates", False)}  # minion Under-gates: attack normally


# --- "Verhöre": detainment per alignment ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("alignment", "detained"), [("minion", True), ("balrog", True), ("hero", False), ("fallen-wizard", False)]
)
def test_dark_domain_detains_minion_and_balrog_companies(catalogue, regions, alignment, detained):
    creature = catalogue["TW-14"]  # Barrow-wight
    site = next(c for c in catalogue.values() if c["name_en"] == "Mount Gundabad" and c["alignment"] == "Minion")
    route = {"regions": ["Angmar", "Gundabad"], "types": ["{s}", "{d}"]}
    found = {(k.kind, k.symbol): k.detainment for k in keys_for(creature, alignment, site, route, regions, moving=True)}
    assert found[("region_type", "d")] is detained
    # Undead in a shadow-land: also detainment against minion and Balrog companies.
    assert found[("region_type", "s")] is detained
    # Mount Gundabad is a shadow-hold: "… einen Schattenort zielt".
    assert found[("site_type", "S")] is detained


def test_shadow_land_detains_only_orcs_trolls_undead_and_men(key):
    route = ("Carn Dûm", "Weathertop", "starter")  # {s}{w}, Weathertop is ruins
    assert ("region_type", "s", True) in as_set(key("Lawless Men", "minion", *route))
    assert ("region_type", "s", True) in as_set(key("Orc-watch", "minion", "Carn Dûm", "Mount Gundabad", "starter"))
    assert ("region_type", "s", False) in as_set(key("Dire Wolves", "minion", *route))
    assert ("region_type", "s", False) in as_set(
        key("Lawless Men", "hero", "Rivendell", "Mount Gram", "region", ["Rhudaur", "Angmar"])
    )


def test_nazgul_detain_minions_always_heroes_never(key):
    minion = key("Witch-king of Angmar", "minion", "Carn Dûm", "Mount Gram", "region", ["Angmar"])
    assert minion.keys and all(k.detainment for k in minion.keys)
    hero = key("Witch-king of Angmar", "hero", "Rivendell", "Mount Gram", "region", ["Rhudaur", "Angmar"])
    assert hero.keys and not any(k.detainment for k in hero.keys)
    wizard = key("Witch-king of Angmar", "fallen-wizard", "Rivendell", "Mount Gram", "region", ["Rhudaur", "Angmar"])
    assert wizard.keys and not any(k.detainment for k in wizard.keys)


def test_detainment_printed_on_the_creature(key):
    # Galadhrim: "Detainment and -2 prowess against hero companies."
    assert as_set(key("Galadhrim", "hero", "Rivendell", "Bree", "starter")) == {("region", "Rhudaur", True)}
    assert as_set(key("Galadhrim", "minion", "Carn Dûm", "Bree", "region", ["Angmar", "Rhudaur", "Arthedain"])) == {
        ("region", "Rhudaur", False)
    }
    # Arthadan Rangers: "detainment against covert and hero companies" — a Fallen-wizard's company is covert.
    rangers = key("Arthadan Rangers", "fallen-wizard", "Rivendell", "Bree", "region", ["Rhudaur", "Arthedain"])
    assert rangers.keys and all(k.detainment for k in rangers.keys)


def test_site_text_overrides_detainment(key):
    # Minion Goblin-gate: "Non-Nazgul creatures played at this site attack normally, not as detainment."
    assert as_set(key("Orc-patrol", "minion", "Goblin-gate")) == {("site_type", "S", False)}
    assert as_set(key("Ghosts", "minion", "Goblin-gate")) == {("site_type", "S", False)}
    # Balrog Moria (a haven): "Creatures keyed to this site are detainment." Watcher in the Water names Moria.
    watcher = key("Watcher in the Water", "balrog", "BA-93")
    assert as_set(watcher) == {("site", "Moria", True)}


# --- "Bewegung": routes the rules forbid --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "field"),
    [
        (("hero", "Rivendell", "Moria", "starter"), "no_starter_route", "movement"),
        (("hero", "Lórien", "Cirith Gorgor", "starter"), "starter_forbidden_region", "movement"),
        (("fallen-wizard", "Lórien", "Moria", "starter"), "starter_not_allowed", "movement"),
        (("hero", "Rivendell", "Goblin-gate", "region", ["Rhudaur", "Hollin", "High Pass"]), "not_adjacent", "regions"),
        (
            ("hero", "Rivendell", "Bree", "region", ["Rhudaur", "Hollin", "Rhudaur", "Arthedain"]),
            "region_twice",
            "regions",
        ),
        (("hero", "Rivendell", "Bree", "region", ["Hollin", "Arthedain"]), "route_ends", "regions"),
        (("hero", "Rivendell", "Bree", "region", ["Rhudaur", "Mordor", "Arthedain"]), "unknown_region_name", "regions"),
        (
            (
                "hero",
                "Rivendell",
                "Dol Guldur",
                "region",
                ["Rhudaur", "High Pass", "Anduin Vales", "Western Mirkwood", "Southern Mirkwood"],
            ),
            "too_many_regions",
            "regions",
        ),
        (
            ("minion", "Cirith Gorgor", "Dead Marshes", "region", ["Udûn", "Gorgoroth", "Dagorlad"]),
            "not_adjacent",
            "regions",
        ),
        (("hero", "Rivendell", "Rivendell", "starter"), "same_site", "to"),
        (("hero", "Rivendell", "Nirgendwo", "starter"), "unknown_site", "to"),
        (("hero", "Nirgendwo", None), "unknown_site", "from"),
        (("hero", "Rhudaur", None), "not_site", "from"),
        (("elf", "Rivendell", None), "bad_alignment", "alignment"),
        (("hero", "Rivendell", None, "starter"), "movement_without_destination", "movement"),
    ],
)
def test_forbidden_routes_raise_with_a_german_message(key, args, code, field):
    with pytest.raises(KeyingError) as caught:
        key("Cave-drake", *args)
    assert caught.value.code == code
    assert caught.value.field == field
    assert caught.value.text.render()


def test_the_balrogs_own_company_moves_over_no_regions(key):
    route = ("Moria", "Goblin-gate", "region", ["Redhorn Gate", "Hollin", "Rhudaur", "High Pass"])
    assert key("Orc-patrol", "balrog", *route).route["region_types"] == ["w", "w", "w", "w"]
    with pytest.raises(KeyingError) as caught:
        key("Orc-patrol", "balrog", *route, balrog_company=True)
    assert (caught.value.code, caught.value.field) == ("balrog_no_regions", "regions")


def test_udun_and_dagorlad_are_adjacent_for_minions(key):
    keying = key("Orc-patrol", "minion", "Cirith Gorgor", "Dead Marshes", "region", ["Udûn", "Dagorlad"])
    assert keying.route["region_types"] == ["d", "s"]
    with pytest.raises(KeyingError):
        key("Orc-patrol", "hero", "Cirith Gorgor", "Dead Marshes", "region", ["Udûn", "Dagorlad"])


@pytest.mark.parametrize(
    ("creature", "code"),
    [
        ("Nichtda", "unknown_creature"),
        ("Rivendell", "not_creature"),
        ("Gandalf", "not_creature"),
        ("TW-999", "unknown_creature"),
    ],
)
def test_unknown_card_or_no_creature(key, creature, code):
    with pytest.raises(KeyingError) as caught:
        key(creature, "hero", "Rivendell")
    assert caught.value.code == code
    assert caught.value.field == "creature"


def test_names_in_german_and_english_and_codes_any_case(key):
    german = key(
        "grabunhold",
        "minion",
        "dol guldur",
        "ORKSTADT",
        "region",
        ["Südlicher Düsterwald", "Anduin Vales", "High Pass"],
    )
    english = key(
        "LE-61", "minion", "Dol Guldur", "Goblin-gate", "region", ["Southern Mirkwood", "Anduin Vales", "High Pass"]
    )
    assert german.keys == english.keys
    assert german.route == english.route
    # The minion version of the site is picked for a minion company, the hero version for a hero company.
    assert english.destination == "LE-378"
    assert key("Orc-patrol", "hero", "Goblin-gate").origin == "TW-398"


def test_minion_haven_paths_named_in_the_card_text(catalogue):
    # The data gives Dol Guldur's (minion) haven paths without names; the text says "Site Path From Minas Morgul".
    dol_guldur = catalogue["LE-367"]
    assert dol_guldur["havens"]["Minas Morgul"] == "{s}{d}{d}{s}{d}"


def test_text_reading_of_creature_cards(catalogue):
    galadhrim = creature_keying(catalogue["AS-10"])
    assert galadhrim.places == ["Lindon", "Rhudaur", "Wold & Foothills", "Anfalas"]
    assert galadhrim.sites_in == [(["Lindon", "Rhudaur", "Wold & Foothills", "Anfalas"], (), True)]
    rats = creature_keying(catalogue["TD-49"])  # Morgul-rats: "at a Shadow-hold [{S}] or at a Dark-hold [{D}]"
    assert rats.site_types == ["S", "D"]
    # Pirates: "+2 prowess when keyed to Coastal Seas" is not a keying.
    assert creature_keying(catalogue["LE-88"]).region_types == []


def test_require_key_for_the_engine(key):
    keying = key(
        "Barrow-wight",
        "minion",
        "Dol Guldur",
        "Goblin-gate",
        "region",
        ["Southern Mirkwood", "Anduin Vales", "High Pass"],
    )
    assert require_key(keying, "region_type", "{d}").detainment is True
    assert require_key(keying, "site_type", "S").detainment is False
    with pytest.raises(IllegalAction) as caught:
        require_key(keying, "region_type", "w")
    assert caught.value.code == "not_keyable"
    assert "Grabunhold" in caught.value.text.render()


def test_api_shape(key):
    data = key("Cave-drake", "hero", "Lórien", "Moria", "starter").to_json()
    assert data == {
        "playable": True,
        "keys": [{"kind": "region_type", "symbol": "w", "detainment": False}],
        "route": {"regions": ["Wold & Foothills", "Redhorn Gate"], "region_types": ["w", "w"]},
        "message": "Höhlendrache kann zugeordnet werden: Wildnis {w}.",
    }


def test_agents_and_unkeyed_attacks(catalogue, regions):
    from matches.games.meccg.engine.keying import detainment

    agent = next(c for c in catalogue.values() if c["agent"])
    assert detainment(agent, "minion", None, None, regions) is True
    assert detainment(agent, "balrog", None, None, regions) is True
    assert detainment(agent, "hero", None, None, regions) is False
    nazgul = catalogue["TW-113"]  # Witch-king of Angmar
    assert detainment(nazgul, "minion", None, None, regions) is True
    assert detainment(catalogue["TW-20"], "minion", None, None, regions) is False  # Cave-drake, keyed to nothing


def test_automatic_attacks_detain_only_where_the_site_says_so(catalogue):
    from matches.games.meccg.engine.keying import auto_attack_detainment

    printed = [c for c in catalogue.values() if c["type"] == "Site" and "(detainment)" in c["auto_attack"]]
    assert printed
    assert all(auto_attack_detainment(c) for c in printed)
    # Hero Dol Guldur: Orcs and Trolls at a dark-hold, but no detainment printed.
    assert auto_attack_detainment(catalogue["TW-387"]) is False


def test_require_key_on_keys_for_the_engine_route(catalogue, regions):
    # What the engine has: the company's route as movement.region_route returns it.
    creature = catalogue["TW-20"]  # Cave-drake {w}{w}{R}
    site = catalogue["TW-436"]  # Weathertop, ruins
    route = {"kind": "region", "regions": ["Rhudaur", "Arthedain"], "types": ["{w}", "{w}"]}
    found = keys_for(creature, "hero", site, route, regions, moving=True)
    assert require_key(found, "region_type", "{w}").kind == "region_type"
    assert require_key(found, "site_type", "R").symbol == "R"
    with pytest.raises(IllegalAction) as caught:
        require_key(found, "region", "Rhudaur", creature)
    assert "Höhlendrache" in caught.value.text.render()


def test_rain_drake_at_ruins_by_their_site_path(key, catalogue):
    # "May also be played at a Ruins & Lairs [{R}] that has two Wildernesses [{w}] or one Coastal Sea [{c}]
    # in its site path." Weathertop (hero): {w}{w}; Bree is a border-hold.
    assert creature_keying(catalogue["TD-57"]).by_path == [(("R",), [("w", 2), ("c", 1)])]
    assert ("site", "Weathertop", False) in as_set(key("Rain-drake", "hero", "Weathertop"))
    assert key("Rain-drake", "hero", "Bree").keys == []


def test_an_agent_is_no_creature(key, catalogue):
    agent = next(c for c in catalogue.values() if c["agent"] and c["type"] == "Character")
    with pytest.raises(KeyingError) as caught:
        key(agent["code"], "minion", "Dol Guldur")
    assert caught.value.code == "not_creature"
    assert "Agent" in caught.value.text.render()
