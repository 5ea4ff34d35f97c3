"""Scenarios of the card-text tests for resource cards, round 2 of issue 30, part 2: marshalling and
corruption points, allies, long and permanent events, weapons (``RESOURCE_FAMILIES`` in
``card_families_resources``)."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import (
    effects,
    effects_abilities,
    effects_resources,
    scripts,
    sites,
    stats,
    strikes,
)
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.keying import Key
from matches.games.meccg.engine.movement import MAX_REGIONS

from .card_plays import give, in_play_for, play, refused, settle
from .card_resource_steps import (
    BAG_END,
    BIFUR,
    ELROND,
    GANDALF,
    HOBBITS,
    _assign,
    _attack_keyed,
    _check_points,
    _long_route,
    _site_named,
    _turn_over,
)
from .card_scenarios import BRIGANDS, BY_RACE, attacks, finish_attack
from .card_scenarios_more import refused_use
from .conftest import dice
from .test_card_windows import to_bag_end


def held_by_dwarf(game, catalogue, code):
    """Durin's Axe: +2 prowess, 2 marshalling and 2 corruption points; held by a Dwarf +4 (to 9), 4 and 3."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    bifur = give(game, catalogue, 0, BIFUR, "play")
    company["chars"].append(bifur)
    held = scripts.entry(code)["item"]["held_by"]
    axe = give(game, catalogue, 0, code, "play")
    for bearer, dwarf in ((aragorn, False), (bifur, True)):
        game.state["inst"][axe]["on"] = bearer
        base = st.info(game.state, bearer)["prowess"]
        assert stats.prowess(game.state, bearer) == min(base + (4 if dwarf else 2), 9)
        items = game.engine.marshalling_points(game.state, 0).items
        assert items == (held["mp"] if dwarf else game.card(axe)["mp"])
        assert _check_points(game, bearer) == (held["corruption"] if dwarf else game.card(axe)["corruption"])


def great_patron(game, catalogue, code):
    """Great Patron: the player's characters (and allies) of 2 or more marshalling points are worth 2 while it is
    in play; not a second one."""
    game.to_phase("organization")
    normal = [game.card(c)["mp"] or 0 for c in st.characters_in_play(game.state, 0)]
    assert game.engine.marshalling_points(game.state, 0).characters == sum(normal)
    card = give(game, catalogue, 0, code)
    play(game, 0, card)
    assert game.state["inst"][card]["zone"] == "play"
    worth = sum(2 if mp >= 2 else mp for mp in normal)
    assert worth < sum(normal)  # Aragorn II: 3 marshalling points
    assert game.engine.marshalling_points(game.state, 0).characters == worth
    assert refused(game, 0, give(game, catalogue, 0, code)) == "bad_target"  # not duplicated by a player
    st.move(game.state, card, "discard")
    assert game.engine.marshalling_points(game.state, 0).characters == sum(normal)


def overt_allies(game, catalogue, code):
    """Great Bats, Regiment of Black Crows: not attacked, not two in a company, discarded when the controlling
    character is wounded; tapped against an attack on his company: the defender assigns the strikes of an
    "attacker chooses" attack (Bats) or a creature attack keyed to a region is canceled and the creature goes
    back to its player's hand (Crows)."""
    bats = scripts.entry(code)["name"] == "Great Bats"
    company = to_bag_end(game)
    company["limit"] = 5
    aragorn, bilbo = company["chars"]
    ally = give(game, catalogue, 0, code, "play")
    game.state["inst"][ally]["on"] = aragorn
    assert ally not in stats.fighters(game.state, game.companies(0)[0])  # "May not be attacked"
    with pytest.raises(IllegalAction) as error:
        effects_resources.refuse_duplicate(game.state, catalogue[code], bilbo)
    assert error.value.code == "duplicated_on_character"
    keyed = Key("region_type", "w") if bats else Key("site_type", "R")
    _attack_keyed(game, catalogue, BY_RACE["Orc"], keyed)  # no "attacker chooses"; for the Crows keyed to the site
    assert not effects_abilities.ability_uses(game.state, 0, ally)
    _assign(game, aragorn, bilbo)
    dice(game, (1, 1), (1, 1), *[(6, 6)] * 10)
    game.do(0, type="resolve_strike", character=aragorn)
    assert game.state["inst"][aragorn]["wounded"] and game.state["inst"][ally]["zone"] == "discard"
    finish_attack(game)
    second = give(game, catalogue, 0, code, "play")
    game.state["inst"][second]["on"] = bilbo
    creature = _attack_keyed(game, catalogue, "TW-5" if bats else BRIGANDS, Key("region_type", "w"))
    game.do(0, type="use_card", card=second)
    settle(game)
    assert game.state["inst"][second]["tapped"]
    if bats:  # Ambusher: "Attacker chooses defending characters" no more
        assert game.state["attack"] and not game.state["attack"].get("attacker_chooses")
    else:
        assert game.state["attack"] is None and creature in game.state["players"][1]["hand"]


def warg_king(game, catalogue, code):
    """The Warg-king: tapped, cancels a Wolf or Animal attack on his company (not a Man's); +2 to influence
    attempts of his company against Wolf factions (not others)."""
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    king = give(game, catalogue, 0, code, "play")
    game.state["inst"][king]["on"] = aragorn
    attacks(game, catalogue, BRIGANDS)
    assert not effects_abilities.ability_uses(game.state, 0, king)
    dice(game, *[(6, 6)] * 10)
    finish_attack(game)
    game.state["inst"][king].update(tapped=False, wounded=False)  # he may have faced a strike of the Men
    wolves = attacks(game, catalogue, BY_RACE["Wolf"])
    game.do(0, type="use_card", card=king)
    settle(game)
    assert game.state["attack"] is None and game.state["inst"][wolves]["zone"] == "discard"
    name = game.card(king)["name_de"]
    assert effects_resources.faction_influence(game.state, bilbo, catalogue["LE-272"]) == [(name, 2)]  # Wargs
    assert effects_resources.faction_influence(game.state, bilbo, catalogue[HOBBITS]) == []


def short_rest(game, catalogue, code):
    """A Short Rest: played in the long-event phase (not before); a moving company may draw one more card for
    each region less than four in its site path; discarded at its player's next long-event phase."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card) == "long_event_phase"  # a long-event: only in the long-event phase
    bag_end = game.find(0, "sites", BAG_END)
    game.do(0, type="plan_movement", company=company["id"], site=bag_end, kind="starter")
    regions = len(game.companies(0)[0]["route"]["types"])
    game.to_phase("long_event")
    play(game, 0, card)
    assert game.state["inst"][card]["zone"] == "play"
    game.do(0, type="next_phase")
    assert game.turn["allowance"][0] == game.card(bag_end)["draw"] + max(0, 4 - regions)
    assert regions < 4  # the test counts a real extra card
    for _ in range(2):  # the opponent's turn, then his own long-event phase
        game.to_phase("end")
        game.next_phase()
    game.to_phase("long_event")
    assert game.state["inst"][card]["zone"] == "discard"


def tribute(game, catalogue, code):
    """Tribute Garnered: on one of the player's factions (not another card, not twice on one); one more
    miscellaneous marshalling point; discarded when a play deck is exhausted."""
    game.to_phase("organization")
    hobbits = in_play_for(game, catalogue, 0, HOBBITS)
    theirs = in_play_for(game, catalogue, 1, "LE-272")  # the opponent's faction
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "card", "id": theirs}) == "bad_target"
    before = game.engine.marshalling_points(game.state, 0).special
    play(game, 0, card, target={"kind": "card", "id": hobbits})
    assert game.state["inst"][card]["on"] == hobbits
    assert game.engine.marshalling_points(game.state, 0).special == before + 1
    assert refused(game, 0, give(game, catalogue, 0, code), target={"kind": "card", "id": hobbits}) == "bad_target"
    st.exhaust(game.state, 1)  # any play deck
    assert game.state["inst"][card]["zone"] == "discard"
    assert game.engine.marshalling_points(game.state, 0).special == before


def foe_dismayed(game, catalogue, code):
    """Foe Dismayed (the Balrog's): +1 prowess for every character of a leader's company against an attack, for
    that attack; or +3 to an influence attempt by a leader (not by another)."""
    company = to_bag_end(game)
    game.state["players"][0]["alignment"] = "balrog"  # moving by the starter rules was planned as a hero
    card = give(game, catalogue, 0, code)
    attacks(game, catalogue, BRIGANDS)  # no leader in the company: no use
    assert not effects.uses(game.state, 0, card)
    dice(game, *[(6, 6)] * 20)
    finish_attack(game)
    azog = give(game, catalogue, 0, "BA-2", "play")  # a leader
    company = game.companies(0)[0]
    company["chars"].append(azog)
    attacks(game, catalogue, BRIGANDS)
    play(game, 0, card, mode=0)
    assert all(effects.has(game.state, c, "prowess") for c in company["chars"])
    dice(game, *[(6, 6)] * 20)
    finish_attack(game)
    assert not any(effects.has(game.state, c, "prowess") for c in company["chars"])
    game.to_phase("site")
    game.companies(0)[0]["entered"] = True
    bilbo = company["chars"][1]
    second = give(game, catalogue, 0, code)
    assert refused(game, 0, second, mode=1, target={"kind": "character", "id": bilbo}) == "bad_target"
    play(game, 0, second, mode=1, target={"kind": "character", "id": azog})
    assert effects.modifiers(game.state, azog, "influence") == [(game.card(second)["name_de"], 3)]


def report_you(game, catalogue, code):
    """I'll Report You: on a leader in the organization phase (not on another character); other command cards
    on him go back to the hand; −2 to his direct influence (not below 0), +1 prowess to his company; back to the
    hand in an organization phase (not in another phase)."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    leader = give(game, catalogue, 0, "BA-9", "play")  # Umagaur: "Leader.", direct influence 2
    company["chars"].append(leader)
    older = in_play_for(game, catalogue, 0, code, on=leader)  # another command card on him
    game.state["inst"][older]["resolved"] = False  # not in force: only the new one counts below
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}) == "bad_target"
    prowess = stats.prowess(game.state, aragorn)
    printed = game.card(leader)["di"] or 0
    assert printed >= 2  # the −2 shows
    play(game, 0, card, target={"kind": "character", "id": leader})
    assert game.state["inst"][older]["zone"] == "hand" and game.state["inst"][card]["on"] == leader
    assert st.direct_influence_free(game.state, leader) == max(0, printed - 2)
    assert stats.prowess(game.state, aragorn) == prowess + 1
    game.next_phase()
    assert refused_use(game, 0, card) == "not_usable"  # only in an organization phase
    for _ in range(2):
        _turn_over(game)
    game.to_phase("organization")
    game.do(0, type="use_card", card=card)
    settle(game)
    assert game.state["inst"][card]["zone"] == "hand" and stats.prowess(game.state, aragorn) == prowess


def tormented_earth(game, catalogue, code):
    """The Tormented Earth: a sorcery-using character (not another) facing a creature attack: −3 to the attack
    (once per attack) or the attack canceled, a corruption check −4; not against an automatic-attack."""
    company = to_bag_end(game)
    aragorn = company["chars"][0]
    sorcerer = give(game, catalogue, 0, "DM-15", "play")  # The Grimburgoth: "Can use sorcery"
    company["chars"].append(sorcerer)
    first, second, third = (give(game, catalogue, 0, code) for _ in range(3))
    attacks(game, catalogue, BRIGANDS)
    assert refused(game, 0, first, mode=0, target={"kind": "character", "id": aragorn}) == "bad_target"
    dice(game, *[(6, 6)] * 4)
    play(game, 0, first, mode=1, target={"kind": "character", "id": sorcerer})
    assert game.state["attack"]["prowess_mod"] == -3
    assert any(line.startswith("Versuchungswurf für") and "−4" in line for line in game.log())
    assert refused(game, 0, second, mode=1, target={"kind": "character", "id": sorcerer}) == "bad_target"
    play(game, 0, second, mode=0, target={"kind": "character", "id": sorcerer})
    assert game.state["attack"] is None
    game.to_phase("site")
    moria = game.find(0, "sites", "TW-413")
    st.move(game.state, moria, "play")
    game.companies(0)[0]["site"] = moria
    game.do(0, type="enter_site")
    assert game.state["attack"]["source"] == "auto" and not effects.uses(game.state, 0, third)


def eye_never_sleeping(game, catalogue, code):
    """Eye Never Sleeping: only if the player is Sauron (The Lidless Eye or Sauron in play); cancels a hazard
    creature attack."""
    company = to_bag_end(game)
    company["limit"] = 4
    card = give(game, catalogue, 0, code)
    attacks(game, catalogue, BRIGANDS)
    assert not effects.uses(game.state, 0, card)  # not Sauron
    dice(game, *[(6, 6)] * 20)
    finish_attack(game)
    in_play_for(game, catalogue, 0, "LE-203")  # The Lidless Eye: "You are Sauron"
    creature = attacks(game, catalogue, BRIGANDS)
    play(game, 0, card)
    assert game.state["attack"] is None and game.state["inst"][creature]["zone"] == "discard"


def old_friendship(game, catalogue, code):
    """Old Friendship: +5 to the next influence check of a diplomat against a character (not against a faction);
    or +4 to a corruption check of a character in a diplomat's company."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    elrond = give(game, catalogue, 0, ELROND, "play")  # a diplomat
    company["chars"].append(elrond)
    bilbo = company["chars"][1]
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, mode=0, target={"kind": "character", "id": bilbo}) == "bad_target"
    play(game, 0, card, mode=0, target={"kind": "character", "id": elrond})
    name = game.card(card)["name_de"]
    assert effects_resources.faction_influence(game.state, elrond, catalogue[HOBBITS]) == []
    assert effects_resources.attempt_influence(game.state, elrond, catalogue["LE-11"]) == [(name, 5)]  # Gorbag
    assert effects_resources.attempt_influence(game.state, elrond, catalogue["LE-11"]) == []  # used
    second = give(game, catalogue, 0, code)
    play(game, 0, second, mode=1, target={"kind": "character", "id": bilbo}, actor=elrond)
    dice(game, (1, 1))
    game.do(0, type="corruption_check", character=bilbo)
    line = next(line for line in reversed(game.log()) if line.startswith("Versuchungswurf für Bilbo"))
    assert "+4" in line, line


def elf_stone(game, catalogue, code):
    """Elf-stone: +2 to direct influence against an Elf character or an Elf faction (not others); not two on a
    character."""
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    stone = give(game, catalogue, 0, code, "play")
    game.state["inst"][stone]["on"] = aragorn
    name = game.card(stone)["name_de"]
    elves = next(c for c, i in catalogue.items() if i["subtype"] == "Faction" and "elf" in effects.race_keys(i["race"]))
    assert effects_resources.faction_influence(game.state, aragorn, catalogue[elves]) == [(name, 2)]
    assert effects_resources.faction_influence(game.state, aragorn, catalogue[HOBBITS]) == []
    assert effects_resources.attempt_influence(game.state, aragorn, catalogue[ELROND]) == [(name, 2)]  # an Elf
    assert effects_resources.attempt_influence(game.state, aragorn, catalogue["LE-11"]) == []  # an Orc
    other = give(game, catalogue, 0, code, "play")
    game.state["inst"][other]["on"] = bilbo
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="transfer_item", card=other, character=aragorn)
    assert error.value.code == "duplicated_on_character"


def war_warg(game, catalogue, code):
    """War-warg: when it and its controlling character both face strikes of one attack, it taps to give him +2
    body for that attack (not when only he does)."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    warg = give(game, catalogue, 0, code, "play")
    game.state["inst"][warg]["on"] = aragorn
    body = stats.body(game.state, aragorn)
    dice(game, *[(6, 6)] * 20)
    attacks(game, catalogue, BY_RACE["Orc"])
    _assign(game, aragorn, bilbo)
    assert not effects_abilities.ability_uses(game.state, 0, warg)
    finish_attack(game)
    for who in (aragorn, bilbo):
        game.state["inst"][who].update(tapped=False, wounded=False)  # the defender assigns to untapped ones
    attacks(game, catalogue, BY_RACE["Orc"])
    _assign(game, aragorn, warg)
    game.do(0, type="resolve_strike", character=aragorn)
    assert game.state["attack"]["window"]["name"] == "strike"
    game.do(0, type="use_card", card=warg, target={"kind": "character", "id": aragorn})
    settle(game)
    assert game.state["inst"][warg]["tapped"] and stats.body(game.state, aragorn) == body + 2
    finish_attack(game)
    assert stats.body(game.state, aragorn) == body


def blackbole(game, catalogue, code):
    """Blackbole: playable at the sites of Western, Heart of and Southern Mirkwood but Dol Guldur; faces no strike
    at a site or from an automatic-attack (but a creature's on the road)."""
    ally = catalogue[code]
    assert not sites.named_site_problem(ally, catalogue[_site_named(catalogue, "Woodmen-town")])
    assert sites.named_site_problem(ally, catalogue[_site_named(catalogue, "Dol Guldur")])
    assert sites.named_site_problem(ally, catalogue["TW-421"])  # Rivendell
    aragorn = to_bag_end(game)["chars"][0]
    bole = give(game, catalogue, 0, code, "play")
    game.state["inst"][bole]["on"] = aragorn
    attacks(game, catalogue, BRIGANDS)
    assert bole in stats.fighters(game.state, game.companies(0)[0])
    dice(game, *[(6, 6)] * 30)
    finish_attack(game)
    game.to_phase("site")
    moria = game.find(0, "sites", "TW-413")
    st.move(game.state, moria, "play")
    game.companies(0)[0]["site"] = moria
    game.do(0, type="enter_site")
    assert game.state["attack"]["source"] == "auto"
    assert bole not in stats.fighters(game.state, game.companies(0)[0])


def noble_steed(game, catalogue, code):
    """Noble Steed: two more regions when each character controls a steed (Bill the Pony counts); tapped, cancels
    a strike against its bearer (not against another character)."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn, bilbo = company["chars"]
    steed = give(game, catalogue, 0, code, "play")
    game.state["inst"][steed]["on"] = aragorn
    site, route = _long_route(game.state, company["site"], game.state["players"][0]["sites"], MAX_REGIONS + 2)
    move = {"type": "plan_movement", "company": company["id"], "site": site, "kind": "region", "route": route}
    with pytest.raises(IllegalAction) as error:
        game.do(0, **move)  # Bilbo has no steed
    assert error.value.code == "too_many_regions"
    pony = give(game, catalogue, 0, next(c for c, i in catalogue.items() if i["name_en"] == "Bill the Pony"), "play")
    game.state["inst"][pony]["on"] = bilbo
    game.do(0, **move)
    game.do(0, type="cancel_movement", company=company["id"])
    game.state["inst"][pony]["on"] = None
    st.move(game.state, pony, "discard")
    to_bag_end(game)
    attacks(game, catalogue, BY_RACE["Orc"])
    _assign(game, aragorn, bilbo)
    dice(game, *[(6, 6)] * 30)
    game.do(0, type="resolve_strike", character=bilbo)  # not its bearer: no window for the steed
    assert not game.state["inst"][steed]["tapped"]
    game.do(0, type="resolve_strike", character=aragorn)
    game.do(0, type="use_card", card=steed, target={"kind": "character", "id": aragorn})
    settle(game)
    assert game.state["inst"][steed]["tapped"]
    assert any("Hieb gegen Aragorn II abgebrochen" in line for line in game.log())


def wormsbane(game, catalogue, code):
    """Wormsbane: +2 prowess (to 9); against a Dragon or Drake +4 (to 12) and −2 to the strike's body in its body
    check (not against others)."""
    game.to_phase("organization")
    aragorn = game.companies(0)[0]["chars"][0]
    base = game.card(aragorn)["prowess"]
    worm = give(game, catalogue, 0, code, "play")
    game.state["inst"][worm]["on"] = aragorn
    assert stats.prowess(game.state, aragorn, against="Men") == min(base + 2, 9)
    assert stats.prowess(game.state, aragorn, against="Drake") == min(base + 4, 12)
    name = game.card(worm)["name_de"]
    assert effects_resources.strike_body(game.state, {"strike": aragorn, "race": "Dragon"}) == [(name, -2)]
    assert effects_resources.strike_body(game.state, {"strike": aragorn, "race": "Men"}) == []
    attack = {"strike": aragorn, "race": "Drake", "prowess": 10, "body": 8}
    assert strikes.describe_strike(attack, game.state, "body")["params"]["total"] == 6  # shown in the log


def blasting_fire(game, catalogue, code):
    """Blasting Fire: discarded, cancels the automatic-attacks at the site on the bearer's company (not a creature's
    attack), and influence attempts against factions there get +2 this turn."""
    aragorn = to_bag_end(game)["chars"][0]
    fire = give(game, catalogue, 0, code, "play")
    game.state["inst"][fire]["on"] = aragorn
    attacks(game, catalogue, BRIGANDS)
    assert not effects_abilities.ability_uses(game.state, 0, fire)
    dice(game, *[(6, 6)] * 30)
    finish_attack(game)
    game.to_phase("site")
    moria = game.find(0, "sites", "TW-413")
    st.move(game.state, moria, "play")
    game.companies(0)[0]["site"] = moria
    game.do(0, type="enter_site")
    assert game.state["attack"]["source"] == "auto"
    game.do(0, type="use_card", card=fire)
    settle(game)
    assert game.state["attack"] is None and game.state["inst"][fire]["zone"] == "discard"
    name = game.card(fire)["name_de"]
    assert effects_resources.faction_influence(game.state, aragorn, catalogue[HOBBITS]) == [(name, 2)]
    _turn_over(game)
    assert effects_resources.faction_influence(game.state, aragorn, catalogue[HOBBITS]) == []


def liquid_fire(game, catalogue, code):
    """Liquid Fire: discarded against a creature keyed to a site (not to a region), every strike of it fails
    without a roll; the creature is defeated."""
    company = to_bag_end(game)
    company["limit"] = 4
    aragorn, bilbo = company["chars"]
    fire = give(game, catalogue, 0, code, "play")
    game.state["inst"][fire]["on"] = aragorn
    _attack_keyed(game, catalogue, BRIGANDS, Key("region_type", "w"))
    assert not effects_abilities.ability_uses(game.state, 0, fire)
    dice(game, *[(6, 6)] * 30)
    finish_attack(game)
    for who in (aragorn, bilbo):
        game.state["inst"][who].update(tapped=False, wounded=False)
    creature = _attack_keyed(game, catalogue, BY_RACE["Orc"], Key("site_type", "R"))
    game.do(0, type="use_card", card=fire)
    settle(game)
    assert game.state["inst"][fire]["zone"] == "discard"
    _assign(game, aragorn, bilbo)
    dice(game, (1, 1), (1, 1), (1, 1), (1, 1))  # rolls that would lose
    game.do(0, type="resolve_strike", character=aragorn)
    game.do(0, type="resolve_strike", character=bilbo)
    assert sum("lässt ihn scheitern" in line for line in game.log()) == 2
    assert not game.state["inst"][aragorn]["wounded"] and not game.state["inst"][bilbo]["wounded"]
    finish_attack(game)
    assert game.state["inst"][creature]["zone"] == "mp"  # defeated


def thong_of_fire(game, catalogue, code):
    """Thong of Fire: borne only by a character of prowess 6 or more; a warrior bearer who stays untapped against
    a strike takes no −3."""
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    thong = give(game, catalogue, 0, code, "play")
    game.state["inst"][thong]["on"] = aragorn
    with pytest.raises(IllegalAction) as error:
        game.do(0, type="transfer_item", card=thong, character=bilbo)  # Bilbo: prowess 1
    assert error.value.code == "bearer_too_weak"
    to_bag_end(game)
    attacks(game, catalogue, BY_RACE["Orc"])
    _assign(game, aragorn, bilbo)
    dice(game, *[(6, 6)] * 10)
    game.do(0, type="resolve_strike", character=aragorn, stay_untapped=True)
    line = next(line for line in game.log() if line.startswith("Hieb gegen Aragorn II"))
    assert "tappt nicht (Kartentext) ±0" in line and "−3" not in line, line
    assert not game.state["inst"][aragorn]["tapped"]


def dark_power(game, catalogue, code):
    """The Dark Power: only if the player is Sauron; +3 to the faction's influence check of the character whose
    faction waits on the chain; failed, the faction is shuffled into the play deck, not discarded."""
    game.to_phase("site")
    company = game.companies(0)[0]
    site = game.find(0, "sites", BAG_END)
    st.move(game.state, site, "play")
    company.update(site=site, entered=True)
    aragorn = company["chars"][0]
    card = give(game, catalogue, 0, code)
    hobbits = give(game, catalogue, 0, HOBBITS)
    game.do(0, type="play_card", card=hobbits, character=aragorn)
    game.do(1, type="pass")
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}) == "bad_target"  # not Sauron
    in_play_for(game, catalogue, 0, "LE-203")  # The Lidless Eye
    dice(game, (1, 1))
    game.do(0, type="play_card", card=card, target={"kind": "character", "id": aragorn})
    settle(game)
    line = next(line for line in game.log() if line.startswith("Beeinflussung von"))
    assert f"{game.card(card)['name_de']} +3" in line and "misslungen" in line, line
    assert game.state["inst"][hobbits]["zone"] == "deck"


def river_horses(game, catalogue, code):
    """Wizard's River-horses: played by a Wizard (not another), the Nazgûl events are discarded (not other hazard
    events), the Wizard makes a corruption check −2; or it cancels an attack on a Wizard alone in his company."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    gandalf = give(game, catalogue, 0, GANDALF, "play")
    company["chars"].append(gandalf)
    nazgul = next(c for c, i in catalogue.items() if i["name_en"] == "Adûnaphel" and i["type"] == "Hazard")
    event = in_play_for(game, catalogue, 1, nazgul)
    doors = in_play_for(game, catalogue, 1, "TW-28")
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, mode=0, target={"kind": "character", "id": aragorn}) == "bad_target"
    dice(game, (6, 6))
    play(game, 0, card, mode=0, target={"kind": "character", "id": gandalf})
    assert game.state["inst"][event]["zone"] == "discard" and game.state["inst"][doors]["zone"] == "play"
    assert any(line.startswith("Versuchungswurf für Gandalf") and "−2" in line for line in game.log())
    company = to_bag_end(game)
    company["limit"] = 4
    second = give(game, catalogue, 0, code)
    attacks(game, catalogue, BRIGANDS)
    assert not effects.uses(game.state, 0, second)  # Gandalf is not alone
    dice(game, *[(6, 6)] * 30)
    finish_attack(game)
    others = [c for c in game.companies(0)[0]["chars"] if c != gandalf]
    game.companies(0)[0]["chars"] = [gandalf]
    st.new_company(game.state, 0, game.companies(0)[0]["site"])["chars"].extend(others)
    creature = attacks(game, catalogue, BRIGANDS)
    play(game, 0, second, mode=1, target={"kind": "character", "id": gandalf})
    assert game.state["attack"] is None and game.state["inst"][creature]["zone"] == "discard"


def akhorahil_unleashed(game, catalogue, code):
    """Akhôrahil Unleashed: played on Akhôrahil (not another character); a magic card from the play deck or the
    discard pile (not another card) into the hand."""
    game.to_phase("organization")
    company = game.companies(0)[0]
    aragorn = company["chars"][0]
    akhorahil = give(game, catalogue, 0, "LE-51", "play")
    company["chars"].append(akhorahil)
    magic = give(game, catalogue, 0, "AS-102", "deck")  # The Tormented Earth: "Magic. Sorcery."
    dodge = give(game, catalogue, 0, "TW-209", "discard")
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": aragorn}, pick=[magic]) == "bad_target"
    assert refused(game, 0, card, target={"kind": "character", "id": akhorahil}, pick=[dodge]) == "bad_pick"
    play(game, 0, card, target={"kind": "character", "id": akhorahil}, pick=[magic])
    assert magic in game.state["players"][0]["hand"] and game.state["inst"][dodge]["zone"] == "discard"
