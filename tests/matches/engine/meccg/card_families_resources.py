"""Scenarios of the card-text tests for resource cards, round 2 of issue 30 (``RESOURCE_FAMILIES``, read by
``test_card_scripts``): each card played from its own text — the effect in its window, wrong targets and
timings refused, an effect for the turn gone when the turn is over."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import effects, scripts, stats, uniqueness
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.keying import Key
from matches.games.meccg.engine.log_text import signed

from .card_families_resources_more import (
    akhorahil_unleashed,
    blackbole,
    blasting_fire,
    dark_power,
    elf_stone,
    eye_never_sleeping,
    foe_dismayed,
    great_patron,
    held_by_dwarf,
    liquid_fire,
    noble_steed,
    old_friendship,
    overt_allies,
    report_you,
    river_horses,
    short_rest,
    thong_of_fire,
    tormented_earth,
    tribute,
    war_warg,
    warg_king,
    wormsbane,
)
from .card_plays import any_key, give, in_play_for, play, refused, settle
from .card_resource_steps import (
    BAG_END,
    BARLIMAN,
    ELROND,
    EXCLUDED,
    GANDALF,
    HOARMURATH,
    HOBBITS,
    LURE,
    _agent,
    _assign,
    _at_bag_end_with_hobbits,
    _codes,
    _long_route,
    _turn_over,
)
from .card_scenarios import BRIGANDS, BY_RACE, attacks, finish_attack
from .card_scenarios_more import refused_use
from .conftest import dice
from .test_card_windows import creature_attacks, to_bag_end


def influence_with_prowess(game, catalogue, code):
    """Muster, Threats: played on the warrior whose faction waits on the chain; the check counts his prowess
    (to the card's maximum; Threats: instead of his unused direct influence)."""
    effect = scripts.entry(code)["modes"][0]["effects"][0]
    game.to_phase("site")
    company = game.companies(0)[0]
    site = game.find(0, "sites", BAG_END)
    st.move(game.state, site, "play")
    company.update(site=site, entered=True)
    aragorn, bilbo = company["chars"]
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}) == "bad_target"  # no attempt yet
    hobbits = give(game, catalogue, 0, HOBBITS)
    game.do(0, type="play_card", card=hobbits, character=aragorn)
    game.do(1, type="pass")
    assert refused(game, 0, card, target={"kind": "character", "id": bilbo}) == "bad_target"  # no warrior
    free = max(0, st.direct_influence_free(game.state, aragorn))
    expected = min(stats.prowess(game.state, aragorn), effect["max"]) - (free if effect.get("instead_of_di") else 0)
    dice(game, (2, 2))
    game.do(0, type="play_card", card=card, target={"kind": "character", "id": aragorn})
    settle(game)
    line = next(line for line in game.log() if line.startswith("Beeinflussung von"))
    assert f"{game.card(card)['name_de']} {signed(expected)}" in line, line
    assert not effects.has(game.state, aragorn, "influence")  # used by this one check


def flatters(game, catalogue, code):
    """Flatter a Foe: an influence check against the attack's race; success cancels it and lowers the hazard
    limit by two, failure leaves it; another race: no use."""
    company = to_bag_end(game)
    company["limit"] = 5  # three creatures in this test
    aragorn, bilbo = company["chars"]
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}) == "not_now"
    any_key(game)
    attacks(game, catalogue, BY_RACE["Wolf"])  # not a type the card lists
    assert not effects.uses(game.state, 0, card)
    dice(game, *[(6, 6)] * 30)
    finish_attack(game)
    attacks(game, catalogue, BRIGANDS)  # Men: more than 11
    dice(game, (1, 1), *[(6, 6)] * 30)
    play(game, 0, card, target={"kind": "character", "id": bilbo})
    assert game.state["attack"] is not None and any("misslungen" in line for line in game.log())
    finish_attack(game)
    second = give(game, catalogue, 0, code)  # in hand when the attack starts: its window opens
    attacker = attacks(game, catalogue, BRIGANDS)
    limit = game.companies(0)[0]["limit"]
    dice(game, (6, 6))
    play(game, 0, second, target={"kind": "character", "id": aragorn})
    assert game.state["attack"] is None and game.state["inst"][attacker]["zone"] == "discard"
    assert game.companies(0)[0]["limit"] == max(0, limit - 2)


def hiding(game, catalogue, code):
    """Hiding: a scout whose company is not moving; it may not plan a move, and hazard creature attacks on it
    are canceled this turn."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    elrond = give(game, catalogue, 0, ELROND, "play")  # no scout
    company["chars"].append(elrond)
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": elrond}) == "bad_target"
    bilbo = company["chars"][1]
    play(game, 0, card, target={"kind": "character", "id": bilbo})
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="plan_movement", company=company["id"], site=game.find(0, "sites", BAG_END), kind="starter")
    assert error.value.code == "may_not_move"
    game.to_phase("long_event")
    game.do(0, type="next_phase")
    any_key(game)
    creature_attacks(game, BRIGANDS)
    assert game.state["attack"] is None and any("bricht den Angriff ab" in line for line in game.log())
    _turn_over(game)
    assert not [e for e in game.state["effects"] if e["stat"] in ("no_move", "protect")]


def goblin_town(game, catalogue, code):
    """Down Down to Goblin-town: on a moving company; moving to a Ruins & Lairs, no creature keyed to a region
    may be played on it (one keyed to the site may)."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "company", "id": company["id"]}) == "bad_target"  # not moving
    ruins = next(s for s in game.state["players"][0]["sites"] if st.info(game.state, s)["site_type"].strip("{}") == "R")
    game.do(0, type="plan_movement", company=company["id"], site=ruins, kind="region")
    play(game, 0, card, target={"kind": "company", "id": company["id"]})
    game.to_phase("long_event")
    game.do(0, type="next_phase")
    creature = give(game, catalogue, 1, BRIGANDS)
    any_key(game)  # keyed to a region type
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=creature, keyed={"kind": "region_type", "symbol": "w"})
    assert error.value.code == "protected"
    game.engine._key_creature = lambda state, info, group, announced, at_site=False: Key("site_type", "R")
    game.do(1, type="play_card", card=creature, keyed={"kind": "site_type", "symbol": "R"})
    settle(game)
    assert game.state["attack"] and game.state["attack"]["card"] == creature


def rations(game, catalogue, code):
    """Cram, Strange Rations: discard to untap the bearer (only him, only tapped); or, in the organization
    phase, discard so that his company's movement may cross one region more."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn, bilbo = company["chars"]
    item = give(game, catalogue, 0, code, "play")
    game.state["inst"][item]["on"] = aragorn
    assert refused_use(game, 0, item, ability=0, target={"kind": "character", "id": aragorn}) == "not_usable"
    game.state["inst"][bilbo]["tapped"] = True
    assert refused_use(game, 0, item, ability=0, target={"kind": "character", "id": bilbo}) == "not_usable"
    game.state["inst"][aragorn]["tapped"] = True
    game.do(0, type="use_card", card=item, ability=0, target={"kind": "character", "id": aragorn})
    settle(game)
    assert not game.state["inst"][aragorn]["tapped"] and game.state["inst"][item]["zone"] == "discard"
    site, route = _long_route(game.state, company["site"], game.state["players"][0]["sites"])
    move = {"type": "plan_movement", "company": company["id"], "site": site, "kind": "region", "route": route}
    with pytest.raises(IllegalAction) as error:
        game.do(0, **move)
    assert error.value.code == "too_many_regions"
    second = give(game, catalogue, 0, code, "play")
    game.state["inst"][second]["on"] = aragorn
    game.do(0, type="use_card", card=second, ability=1, target={"kind": "character", "id": aragorn})
    settle(game)
    game.do(0, **move)
    assert game.companies(0)[0]["dest"] == site and game.state["inst"][second]["zone"] == "discard"
    game.do(0, type="cancel_movement", company=company["id"])
    _turn_over(game)
    assert not [e for e in game.state["effects"] if e["stat"] == "extra_region"]


def uncloaked(game, catalogue, code):
    """Wizard Uncloaked: played on a Wizard; the hazard permanent-events on his company's characters go back
    to the opponent's hand, the Wizard makes a corruption check −2."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn, bilbo = company["chars"]
    gandalf = give(game, catalogue, 0, GANDALF, "play")
    company["chars"].append(gandalf)
    lure = in_play_for(game, catalogue, 1, LURE, on=bilbo)
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}) == "bad_target"  # no Wizard
    dice(game, (6, 6))
    play(game, 0, card, target={"kind": "character", "id": gandalf})
    assert game.state["inst"][lure]["zone"] == "hand" and lure in game.state["players"][1]["hand"]
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Gandalf"))
    assert "−2" in line, line


def unleashed(game, catalogue, code):
    """Hoarmûrath Unleashed: only with your own Hoarmûrath in play; cancels an attack on your company."""
    to_bag_end(game)
    card = give(game, catalogue, 0, code)
    any_key(game)
    give(game, catalogue, 1, HOARMURATH, "play")  # the opponent's is not "your Ringwraith"
    dice(game, *[(6, 6)] * 30)
    creature_attacks(game, BRIGANDS)
    assert not effects.uses(game.state, 0, card)
    assert refused(game, 0, card) in ("attack_open", "bad_target")
    finish_attack(game)
    give(game, catalogue, 0, HOARMURATH, "play")
    attacker = creature_attacks(game, BRIGANDS)
    play(game, 0, card)
    assert game.state["attack"] is None and game.state["inst"][attacker]["zone"] == "discard"


def brings_character(game, catalogue, code):
    """A Chance Meeting, We Have Come to Kill: at a site of the listed types, in the site phase too, a character
    from hand joins the company (direct influence only, or general influence first), not counting as the
    character of the turn; not at another site, not a character of an excluded race."""
    want = scripts.entry(code)["modes"][0]["requires"]
    game.to_phase("long_event")
    game.do(0, type="next_phase")  # the company's movement/hazard phase: not "at a site"
    card = give(game, catalogue, 0, code)
    barliman = give(game, catalogue, 0, BARLIMAN)
    target = {"kind": "company", "id": game.companies(0)[0]["id"]}
    assert refused(game, 0, card, target=target, pick=[barliman]) == "not_now"
    game.to_phase("site")
    company = game.companies(0)[0]
    company["entered"] = True
    assert refused(game, 0, card, target=target, pick=[barliman]) == "bad_target"  # Rivendell: a Haven
    site = next(
        s
        for s in game.state["players"][0]["sites"]
        if st.info(game.state, s)["site_type"].strip("{}") in want["at_site_type"]
    )
    st.move(game.state, site, "play")
    company["site"] = site
    excluded = give(game, catalogue, 0, EXCLUDED[want["can_bring"]["not_race"][0]])
    assert refused(game, 0, card, target=target, pick=[excluded]) == "bad_pick"
    play(game, 0, card, target=target, pick=[barliman])
    company = game.companies(0)[0]
    assert barliman in company["chars"] and game.state["inst"][barliman]["zone"] == "play"
    controller = game.state["inst"][barliman]["controller"]
    if want["can_bring"].get("influence") == "direct":
        assert controller in company["chars"]
    else:
        assert controller is None  # enough general influence
    assert not game.state["turn"]["char_played"]  # "does not count against the one character per turn limit"


def swift_strokes(game, catalogue, code):
    """Swift Strokes: on a warrior's strike (not before, not a Hobbit's); +1 prowess and two rolls, the better
    one used; over with the strike."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    any_key(game)
    card = give(game, catalogue, 0, code)
    dice(game, *[(6, 6)] * 4)
    creature_attacks(game, BRIGANDS)
    game.do(0, type="assign_strike", character=aragorn)
    game.do(0, type="assign_strike", character=bilbo)
    assert refused(game, 0, card) in ("not_now", "not_your_window", "attack_open")  # no strike yet
    assert not effects.uses(game.state, 0, card)
    game.do(0, type="resolve_strike", character=bilbo)  # Bilbo is no warrior: no window opens for the card
    bilbo_line = next(line for line in game.log() if line.startswith("Hieb gegen Bilbo"))
    assert game.card(card)["name_de"] not in bilbo_line and game.state["inst"][card]["zone"] == "hand"
    game.do(0, type="resolve_strike", character=aragorn)
    dice(game, (1, 1), (5, 6), *[(6, 6)] * 4)
    game.do(0, type="play_card", card=card)
    settle(game)
    line = next(line for line in game.log() if line.startswith("Hieb gegen Aragorn II"))
    assert "Wurf 5+6" in line and "zweiter Wurf 1+1 verworfen" in line and game.card(card)["name_de"] in line, line
    assert not [e for e in game.state["effects"] if e["target"] == aragorn and e["until"] == "strike"]


def withdrawn(game, catalogue, code):
    """Withdrawn to Mordor: a face-up agent of mind 5 or less is discarded, of 6 or more goes back to its
    player's hand; no other card and no face-down agent; or the opponent's card on guard at the company."""
    game.to_phase("organization")
    small, big = _agent(game, catalogue, "DM-3"), _agent(game, catalogue, "DM-1")  # Bill Ferny 3, Anarin 7
    hidden = _agent(game, catalogue, "DM-6", face_down=True)
    doors = in_play_for(game, catalogue, 1, "TW-28")  # Doors of Night: no agent
    cards = [give(game, catalogue, 0, code) for _ in range(2)]
    for wrong in (doors, hidden):
        assert refused(game, 0, cards[0], mode=0, target={"kind": "card", "id": wrong}) == "bad_target"
    assert refused(game, 0, cards[0], mode=2, target={"kind": "company", "id": game.companies(0)[0]["id"]}) == (
        "bad_target"  # nothing on guard
    )
    play(game, 0, cards[0], mode=0, target={"kind": "card", "id": small})
    play(game, 0, cards[1], mode=0, target={"kind": "card", "id": big})
    assert game.state["inst"][small]["zone"] == "discard"
    assert big in game.state["players"][1]["hand"]
    company = to_bag_end(game)
    guard = give(game, catalogue, 1, BRIGANDS)
    game.do(1, type="on_guard", card=guard)
    cards.append(give(game, catalogue, 0, code))
    play(game, 0, cards[2], mode=2, target={"kind": "company", "id": company["id"]})
    assert game.state["inst"][guard]["zone"] == "discard" and game.companies(0)[0]["on_guard"] == []


def influence_items(game, catalogue, code):
    """High Helm: +2 direct influence in every use; Blazon of the Eye, Horn of Anor: +2 only against factions,
    and not two on one character."""
    entry = scripts.entry(code)
    general = not any("against" in b for b in entry["item"]["direct_influence"])
    aragorn, bilbo = game.companies(0)[0]["chars"]
    before = st.direct_influence_free(game.state, aragorn)
    item = give(game, catalogue, 0, code, "play")
    game.state["inst"][item]["on"] = aragorn
    assert st.direct_influence_free(game.state, aragorn) == before + (2 if general else 0)
    if entry["item"].get("one_per_character"):
        game.to_phase("organization")
        other = give(game, catalogue, 0, code, "play")
        game.state["inst"][other]["on"] = bilbo
        with pytest.raises(IllegalAction) as error:
            game.do(0, type="transfer_item", card=other, character=aragorn)
        assert error.value.code == "duplicated_on_character"
        st.move(game.state, other, "discard")
    line = _at_bag_end_with_hobbits(game, catalogue, aragorn)
    if general:
        assert f"freier direkter Einfluss {before + 2}" in line, line
    else:
        assert f"{game.card(item)['name_de']} +2" in line and f"freier direkter Einfluss {before}" in line, line


def vilya(game, catalogue, code):
    """Vilya: on Elrond; +4 prowess, +2 body, +6 direct influence for the turn, a corruption check −3; at
    Rivendell (play deck of 5 or more) three resources from the discard pile into the play deck; once a turn."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    elrond = give(game, catalogue, 0, ELROND, "play")
    company["chars"].append(elrond)
    dodge = give(game, catalogue, 0, "TW-209", "discard")
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}) == "bad_target"  # not Elrond
    rivendell = company["site"]
    company["site"] = game.find(0, "sites", BAG_END)
    assert refused(game, 0, card, mode=0, target={"kind": "character", "id": elrond}, pick=[dodge]) == "bad_target"
    company["site"] = rivendell
    prowess, body = stats.prowess(game.state, elrond), stats.body(game.state, elrond)
    di = st.direct_influence_free(game.state, elrond)
    dice(game, (6, 6))
    play(game, 0, card, mode=0, target={"kind": "character", "id": elrond}, pick=[dodge])
    assert game.state["inst"][dodge]["zone"] == "deck"
    assert (stats.prowess(game.state, elrond), stats.body(game.state, elrond)) == (prowess + 4, body + 2)
    assert st.direct_influence_free(game.state, elrond) == di + 6
    assert any(line.startswith("Versuchungswurf für Elrond") and "−3" in line for line in game.log())
    second = give(game, catalogue, 0, code)
    assert refused(game, 0, second, mode=1, target={"kind": "character", "id": elrond}) == "bad_target"
    _turn_over(game)
    assert st.direct_influence_free(game.state, elrond) == di and stats.prowess(game.state, elrond) == prowess


def sable_shield(game, catalogue, code):
    """Sable Shield: a successful strike against the bearer does not wound him; the attacker rolls, above 6 the
    shield is discarded."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    game.companies(0)[0]["limit"] = 4
    shield = give(game, catalogue, 0, code, "play")
    game.state["inst"][shield]["on"] = aragorn
    any_key(game)
    for attacker_roll, kept in (((2, 3), True), ((6, 6), False)):
        attacks(game, catalogue, BY_RACE["Orc"])  # Hobgoblins: two strikes, prowess 10
        _assign(game, aragorn, bilbo)
        dice(game, (1, 1), attacker_roll, *[(6, 6)] * 10)
        game.do(0, type="resolve_strike", character=aragorn)
        line = next(line for line in reversed(game.log()) if "wird nicht verwundet" in line)
        assert f"{attacker_roll[0]}+{attacker_roll[1]}" in line, line
        assert not game.state["inst"][aragorn]["wounded"]
        assert (game.state["inst"][shield]["zone"] == "play") is kept
        finish_attack(game)
    attacks(game, catalogue, BY_RACE["Orc"])  # without the shield: wounded
    _assign(game, aragorn, bilbo)
    dice(game, (1, 1), (1, 1), *[(6, 6)] * 10)  # the strike succeeds, the body check keeps him
    game.do(0, type="resolve_strike", character=aragorn)
    assert game.state["inst"][aragorn]["wounded"], game.log()[-6:]


def ring_scroll(game, catalogue, code):
    """Scroll of Isildur: a gold ring tested in its company gets +2 (not in another company)."""
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    ring = give(game, catalogue, 0, "TW-231", "play")  # Fair Gold Ring
    game.state["inst"][ring]["on"] = bilbo
    scroll = give(game, catalogue, 0, code, "play")
    game.state["inst"][scroll]["on"] = aragorn
    dice(game, (3, 4))
    game.do(0, type="ring_test", card=ring)
    line = next(line for line in reversed(game.log()) if line.startswith("Ringtest"))
    assert "Modifikator +2 = 9" in line, line
    game.state["inst"][scroll]["on"] = None
    st.move(game.state, scroll, "discard")
    dice(game, (3, 4))
    game.do(0, type="ring_test", card=ring)
    line = next(line for line in reversed(game.log()) if line.startswith("Ringtest"))
    assert "Modifikator ±0 = 7" in line, line


def manifested_faction(game, catalogue, code):
    """Petty-dwarves (the hero's): influence check above 10 at The Worthy Hills, Elves −2, Dwarves +2 (the card
    facts); one manifestation in play at a time: the minion's Petty-dwarves in play makes it unplayable."""
    info = catalogue[code]
    assert info["influence_target"] == 10 and info["play_sites"] == ["The Worthy Hills"]
    assert sorted(info["standard_mods"]) == [["Dwarves", 2], ["Elves", -2]]
    assert not uniqueness.clash(game.state, info)
    other = next(c for c, i in catalogue.items() if i["name_en"] == info["name_en"] and c != code)
    in_play_for(game, catalogue, 1, other)
    assert uniqueness.clash(game.state, info)


def eyes_of_mandos(game, catalogue, code):
    """Eyes of Mandos: on Pallando (not another character, not a tapped one) in the organization phase; he taps,
    one of the 8 top cards of the play deck (not a deeper one) goes to the hand, the deck is shuffled."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    pallando = give(game, catalogue, 0, "TW-175", "play")
    company["chars"].append(pallando)
    deck = game.state["players"][0]["deck"]
    assert len(deck) > 10
    card = give(game, catalogue, 0, code)
    target = {"kind": "character", "id": pallando}
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}, pick=[deck[0]]) == "bad_target"
    assert refused(game, 0, card, target=target, pick=[deck[10]]) == "bad_pick"
    chosen = deck[3]
    play(game, 0, card, target=target, pick=[chosen])
    assert chosen in game.state["players"][0]["hand"] and game.state["inst"][pallando]["tapped"]
    assert any("aufgedeckt:" in line for line in game.log())
    assert refused(game, 0, give(game, catalogue, 0, code), target=target) == "bad_target"  # Pallando is tapped


def keys_white_towers(game, catalogue, code):
    """Keys to the White Towers: in the organization phase its bearer's player takes Fortress of the Towers from
    the play deck (not another card), or discards the opponent's Fortress of the Towers (not his own)."""
    game.to_phase("organization")
    aragorn = game.companies(0)[0]["chars"][0]
    keys = give(game, catalogue, 0, code, "play")
    game.state["inst"][keys]["on"] = aragorn
    fortress = give(game, catalogue, 0, "WH-69", "deck")
    other = game.state["players"][0]["deck"][0]
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="use_card", card=keys, ability=0, pick=[other])
    assert error.value.code == "bad_pick"
    game.do(0, type="use_card", card=keys, ability=0, pick=[fortress])
    settle(game)
    assert fortress in game.state["players"][0]["hand"]
    own = in_play_for(game, catalogue, 0, "WH-69")
    assert refused_use(game, 0, keys, ability=1, target={"kind": "card", "id": own}) == "not_usable"
    theirs = in_play_for(game, catalogue, 1, "WH-69")
    game.do(0, type="use_card", card=keys, ability=1, target={"kind": "card", "id": theirs})
    settle(game)
    assert game.state["inst"][theirs]["zone"] == "discard" and game.state["inst"][own]["zone"] == "play"


RESOURCE_FAMILIES = {
    influence_with_prowess: _codes("Muster", "Threats"),
    flatters: _codes("Flatter a Foe"),
    hiding: _codes("Hiding"),
    goblin_town: _codes("Down Down to Goblin-town"),
    rations: _codes("Cram", "Strange Rations"),
    uncloaked: _codes("Wizard Uncloaked"),
    unleashed: _codes("Hoarmûrath Unleashed"),
    brings_character: _codes("A Chance Meeting", "We Have Come to Kill"),
    swift_strokes: _codes("Swift Strokes"),
    withdrawn: _codes("Withdrawn to Mordor"),
    influence_items: _codes("High Helm", "Blazon of the Eye", "Horn of Anor"),
    vilya: _codes("Vilya"),
    sable_shield: _codes("Sable Shield"),
    ring_scroll: ["TW-323"],
    held_by_dwarf: _codes("Durin’s Axe"),
    great_patron: _codes("Great Patron"),
    overt_allies: _codes("Great Bats", "Regiment of Black Crows"),
    warg_king: _codes("The Warg-king"),
    short_rest: _codes("A Short Rest"),
    tribute: _codes("Tribute Garnered"),
    foe_dismayed: _codes("Foe Dismayed"),
    report_you: _codes("I’ll Report You"),
    tormented_earth: _codes("The Tormented Earth"),
    eye_never_sleeping: _codes("Eye Never Sleeping"),
    old_friendship: _codes("Old Friendship"),
    elf_stone: _codes("Elf-stone"),
    war_warg: _codes("War-warg"),
    blackbole: _codes("Blackbole"),
    noble_steed: _codes("Noble Steed"),
    wormsbane: _codes("Wormsbane"),
    blasting_fire: _codes("Blasting Fire"),
    liquid_fire: _codes("Liquid Fire"),
    thong_of_fire: _codes("Thong of Fire"),
    dark_power: _codes("The Dark Power"),
    river_horses: _codes("Wizard’s River-horses"),
    akhorahil_unleashed: _codes("Akhôrahil Unleashed"),
    manifested_faction: ["AS-61"],
    eyes_of_mandos: _codes("Eyes of Mandos"),
    keys_white_towers: _codes("Keys to the White Towers"),
}


RESOURCE_CODES = {code for found in RESOURCE_FAMILIES.values() for code in found}
