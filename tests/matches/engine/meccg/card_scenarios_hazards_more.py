"""Scenarios of the hazard card-text tests (issue 30, round 2), part 2: checks at the end of a turn, a Dragon at home,
a company sent back, the hand, an attack made stronger, keys opened by an attack, a hand card as a cost, copied
automatic-attacks, Maia manifestations, a cancelled search."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import effects, scripts
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.strikes import prowess_of

from .card_plays import give, in_play_for, play, refused, settle
from .card_scenarios import finish_attack
from .card_scenarios_hazards import BARROW_WIGHT, BRIGANDS, attack_with, pass_window
from .conftest import dice
from .test_card_windows import clear_hand, to_bag_end


def turn_end_checks(game, catalogue, code):
    """ "Playable only on a minion. At the end of each of his turns, target minion makes a corruption check for each
    item his company bears that he does not bear. For each check, modify the roll by subtracting the corruption of
    that item."; removed by a roll greater than 5 in his organization phase."""
    aragorn, _bilbo = to_bag_end(game)["chars"]
    card = give(game, catalogue, 0, code)
    assert refused(game, 1, give(game, catalogue, 1, code), target={"kind": "character", "id": aragorn}) == (
        "bad_target"
    )  # a hero
    while game.turn["active"] != 1 or game.turn["phase"] != "movement":
        game.next_phase()
    clear_hand(game, 0)
    st.move(game.state, card, "hand")
    gorbag, lagduf = game.companies(1)[0]["chars"][:2]
    play(game, 0, card, target={"kind": "character", "id": gorbag})
    assert game.state["inst"][card]["on"] == gorbag
    own = give(game, catalogue, 1, "TW-300", "play")  # borne by Gorbag himself: no check
    game.state["inst"][own]["on"] = gorbag
    for code_ in ("TW-300", "TW-206"):  # two items borne by Lagduf: two checks
        item = give(game, catalogue, 1, code_, "play")
        game.state["inst"][item]["on"] = lagduf
    name = game.card(card)["name_de"]
    dice(game, *[(6, 6)] * 20)
    while game.turn["active"] == 1:
        game.next_phase()
    log = game.log()
    starts = [i for i, line in enumerate(log) if line == f"{name}: Versuchungswurf für Gorbag."]
    assert len(starts) == 2, log[-12:]
    checks = sorted(log[i + 1] for i in starts)
    palantir = catalogue["TW-300"]["corruption"]
    assert f"{name} −{palantir}" in checks[-1] or f"{name} −{palantir}" in checks[0], checks
    assert all(line.startswith("Versuchungswurf für Gorbag") for line in checks)


def dragon_at_home(game, catalogue, code):
    """ "Unless Daelomin Ahunt is in play, Dancing Spire has an additional automatic-attack: Dragon — 3 strikes at
    14/8. In addition, you may discard this card from play during opponent's movement/hazard phase (not counting
    against the hazard limit) to increase the hazard limit against one company by two."."""
    to_bag_end(game)
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    effect = scripts.entry(code)["while_in_play"][0]
    while game.turn["phase"] != "site":
        game.next_phase()
    spire = give(game, catalogue, 0, "TW-383", "play")  # Dancing Spire (hero): no automatic-attack printed
    game.companies(0)[0]["site"] = spire
    game.do(0, type="enter_site")
    first = game.state["attack"]  # the printed Dragon — 2 strikes with 11 prowess, then the card's
    assert (first["strikes"], first["prowess"]) == (2, 11) and len(first["queue"]) == 1
    extra = first["queue"][0]
    assert extra["name"] == game.card(card)["name_de"] and extra["source"] == "auto"
    values = (extra["race"], extra["strikes"], extra["prowess"], extra["body"])
    assert values == (effect["race"], effect["strikes"], effect["prowess"], effect["body"])
    dice(game, *[(6, 6)] * 40)
    finish_attack(game)
    ahunt = in_play_for(game, catalogue, 1, "TD-10")  # Daelomin Ahunt in play: no such attack
    assert effects.site_auto_attacks(game.state, game.card(spire), [], []) == []
    st.move(game.state, ahunt, "discard")
    assert len(effects.site_auto_attacks(game.state, game.card(spire), [], [])) == 1
    while game.turn["active"] != 0 or game.turn["phase"] != "movement":
        game.next_phase()
    group = game.companies(0)[0]
    limit, hazards = group["limit"], group["hazards"]
    game.do(1, type="use_card", card=card, ability=0, target={"kind": "company", "id": group["id"]})
    settle(game)
    assert game.companies(0)[0]["limit"] == limit + 2 and game.companies(0)[0]["hazards"] == hazards
    assert game.state["inst"][card]["zone"] == "discard"


def company_returns(game, catalogue, code):
    """ "Alternatively, playable as a short-event against a moving hero company. Unless the company contains Beorn
    or an untapped warrior with prowess greater than 4, it must return to its site of origin."."""
    company = to_bag_end(game)
    aragorn = company["chars"][0]
    origin = company["site"]
    target = {"kind": "company", "id": company["id"]}
    first, second = give(game, catalogue, 1, code), give(game, catalogue, 1, code)
    dest = company["dest"]
    company["dest"] = None
    assert refused(game, 1, first, target=target, mode=0) == "bad_target"  # not moving
    company["dest"] = dest
    play(game, 1, first, target=target, mode=0)  # Aragorn II: an untapped warrior with prowess 6
    assert not [e for e in game.state.get("effects") or () if e["stat"] == "return_to_origin"]
    assert any("Aragorn II hält die Gemeinschaft" in line for line in game.log())
    game.state["inst"][aragorn]["tapped"] = True
    play(game, 1, second, target=target, mode=0)
    game.next_phase()  # the end of the movement/hazard phase
    group = game.companies(0)[0]
    assert group["site"] == origin and group["dest"] is None


def restack(game, catalogue, code):
    """ "Reveal your hand to opponent. Place all non-hazard cards from your hand off to the side. Draw cards from your
    play deck until your hand size is reached. Place the non-hazard cards … face down on top of your play deck in any
    order you choose."."""
    to_bag_end(game)
    card = give(game, catalogue, 1, code)
    hazard = give(game, catalogue, 1, BARROW_WIGHT)
    first, second = give(game, catalogue, 1, "TW-206"), give(game, catalogue, 1, "LE-1")  # two resources
    assert refused(game, 1, card, pick=[hazard]) == "bad_pick"  # only the non-hazard cards are ordered
    play(game, 1, card, pick=[second, first])  # the second on top
    player = game.state["players"][1]
    assert player["deck"][:2] == [second, first]
    assert hazard in player["hand"] and len(player["hand"]) == st.HAND_SIZE
    assert first not in player["hand"] and second not in player["hand"]
    name = game.card(card)["name_de"]
    shown = next(line for line in game.log() if line.startswith(f"{name}: die Hand wird gezeigt"))
    assert game.card(hazard)["name_de"] in shown and game.card(first)["name_de"] in shown
    assert game.state["inst"][card]["zone"] == "discard"


def shield_attack(game, catalogue, code):
    """ "Playable on an automatic-attack or an attack from Shelob … The attack receives +1 strike, +1 prowess, and -2
    body. The first attempt to cancel this attack instead cancels the effects of this card. Cannot be duplicated on
    a given attack."."""
    to_bag_end(game)
    card, second = give(game, catalogue, 1, code), give(game, catalogue, 1, code)
    dice(game, *[(6, 6)] * 40)
    attack_with(game, catalogue, BRIGANDS)  # a hazard creature's attack (Men): not playable on it
    assert not effects.uses(game.state, 1, card)
    assert refused(game, 1, card) in ("not_now", "bad_target", "attack_open")
    pass_window(game)
    finish_attack(game)
    game.companies(0)[0]["limit"] = 5
    attack_with(game, catalogue, "BA-13")  # Shelob's Brood: not Shelob
    assert not effects.uses(game.state, 1, card)
    pass_window(game)
    finish_attack(game)
    attack_with(game, catalogue, "TW-86")  # an attack from Shelob
    assert effects.uses(game.state, 1, card)
    pass_window(game)
    finish_attack(game)
    auto = {"name": "Orks", "race": "Orcs", "strikes": 2, "prowess": 6, "body": 9, "detainment": False}
    game.engine._start_attack(game.state, game.companies(0)[0], {**auto, "card": None, "source": "auto"}, [])
    play(game, 1, card)
    attack = game.state["attack"]
    assert (attack["strikes"], prowess_of(attack), attack["body"]) == (3, 7, 7)
    assert not effects.uses(game.state, 1, second)  # not twice on this attack
    assert refused(game, 1, second) in ("not_now", "bad_target", "attack_open")
    events = []
    game.engine._cancel_attack(game.state, events)  # the first attempt to cancel the attack
    attack = game.state["attack"]
    assert attack and not attack.get("canceled")
    assert (attack["strikes"], prowess_of(attack), attack["body"]) == (2, 6, 9)
    name = game.card(card)["name_de"]
    assert any(name in e.public.render() and "Abbruch" in e.public.render() for e in events)
    game.engine._cancel_attack(game.state, [])  # the second one cancels it
    assert game.state["attack"] is None


def faced_keys(game, catalogue, code):
    """ "Maia hazard creatures may be keyed to Border-holds [{B}] or Ruins & Lairs [{R}] against any company that has
    faced Dwarven Travelers this turn."."""
    company = to_bag_end(game)
    company["dest"] = give(game, catalogue, 0, "TW-375", "play")  # moving to Barrow-downs [{R}]
    game.companies(0)[0]["limit"] = 5
    maia = give(game, catalogue, 1, "AS-11")  # Gandalf the White Rider (Maia)
    at_ruins = {"kind": "site_type", "symbol": "R"}
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=maia, keyed=at_ruins)
    assert error.value.code == "not_keyable"
    card = attack_with(game, catalogue, code)
    pass_window(game)
    canceled = {**game.state["attack"], "canceled": True}
    effects.effects_hazards.faced(game.state, canceled)  # a canceled attack is not faced
    assert not [e for e in game.state.get("effects") or () if e["stat"] == "faced_keys"]
    dice(game, *[(6, 6)] * 40)
    finish_attack(game)
    del game.engine._key_creature  # the table's own keying again
    brigands = give(game, catalogue, 1, BRIGANDS)  # Men: no Maia
    with pytest.raises(IllegalAction):
        game.do(1, type="play_card", card=brigands, keyed=at_ruins)
    play(game, 1, maia, keyed=at_ruins)
    assert game.state["attack"]["card"] == maia and game.card(card)["name_en"] == "Dwarven Travelers"


def discards_for_it(game, catalogue, code):
    """ "Playable on a non-Wizard character moving with at least two Wildernesses [{w}] in his site path if you
    discard any Undead hazard creature from your hand (show opponent) … roll and adds character's mind. If the result
    is less than 13, that character splits off … returns to his original company's site of origin."."""
    company = to_bag_end(game)  # Rivendell → Bag End: {w}{w}{f}
    aragorn, bilbo = company["chars"]
    card = give(game, catalogue, 1, code)
    target = {"kind": "character", "id": bilbo}
    assert not effects.uses(game.state, 1, card)  # no Undead creature in hand
    assert refused(game, 1, card, target=target) in ("bad_pick", "not_now", "bad_target")
    wight, brigands = give(game, catalogue, 1, BARROW_WIGHT), give(game, catalogue, 1, BRIGANDS)
    buttons = effects.play_candidates(game.state, 1, card)  # one per Undead creature it may discard
    assert buttons and {tuple(b["pick"]) for b in buttons} == {(wight,)}
    assert refused(game, 1, card, target=target, pick=[brigands]) == "bad_pick"  # Men, not Undead
    assert refused(game, 1, card, target=target) == "bad_pick"  # nothing named to discard
    dice(game, (3, 3), (1, 1))  # Aragorn: 6 + mind 9 = 15: stays; Bilbo: 2 + 5 = 7 < 13
    play(game, 1, card, target={"kind": "character", "id": aragorn}, pick=[wight])
    assert game.state["inst"][wight]["zone"] == "discard" and len(game.companies(0)) == 1
    assert any(game.card(wight)["name_de"] in line and "abgeworfen" in line for line in game.log())
    second = give(game, catalogue, 1, code)
    play(game, 1, second, target=target, pick=[give(game, catalogue, 1, BARROW_WIGHT)])
    groups = game.companies(0)
    assert len(groups) == 2
    home = next(g for g in groups if bilbo in g["chars"])
    assert home["dest"] is None and home["site"] == company["site"]  # back at the site of origin


def copies_site_attacks(game, catalogue, code):
    """ "Playable on a company moving to a site with an automatic-attack. This card creates one or more attacks on the
    company, the total of which duplicates exactly (including modifications) all automatic-attacks at the site. These
    attacks must be faced immediately and are not considered automatic-attacks."."""
    company = to_bag_end(game)  # Bag End: no automatic-attack
    target = {"kind": "company", "id": company["id"]}
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card, target=target) == "bad_target"
    company["dest"] = give(game, catalogue, 0, "TW-374", "play")  # Barad-dûr: Orcs 4/7, Trolls 3/9
    force = in_play_for(game, catalogue, 1, "DM-83")  # Redoubled Force: Orc and Troll automatic-attacks +3/+2
    play(game, 1, card, target=target)
    attack = game.state["attack"]
    assert attack["source"] != "auto" and game.turn["phase"] == "movement"  # faced now, not automatic-attacks
    assert (attack["race"], attack["strikes"], attack["prowess"]) == ("Orcs", 4 + 3, 7 + 2)
    assert [(a["race"], a["strikes"], a["prowess"]) for a in attack["queue"]] == [("Trolls", 3 + 3, 9 + 2)]
    auto = {"race": "Orcs", "source": attack["source"]}
    assert not [n for n, _ in effects.attack_bonus(game.state, auto) if n == game.card(force)["name_de"]]


def maia(game, catalogue, code):
    """A Maia manifestation: as a creature "-3 prowess against hero companies"; as a permanent-event its effect
    (Gandalf the White Rider: "the hazard limit against all overt minion companies is increased by one"; Saruman the
    Wise: "all ring items give one additional corruption point"), "Discard when any play deck is exhausted",
    "Discard this card if <Wizard> comes into play"."""
    to_bag_end(game)
    creature = attack_with(game, catalogue, code)
    attack = game.state["attack"]
    assert attack["card"] == creature and attack["prowess"] == catalogue[code]["prowess"] - 3  # a hero company
    name = game.card(creature)["name_de"]
    assert any(line.startswith(f"{name}: der Angriff erhält −3 Kampfgeschick") for line in game.log())
    pass_window(game)
    dice(game, *[(6, 6)] * 40)
    finish_attack(game)
    del game.engine._key_creature
    while game.turn["active"] != 1 or game.turn["phase"] != "movement":
        game.next_phase()
    clear_hand(game, 0)
    gorbag = game.companies(1)[0]["chars"][0]
    ring = give(game, catalogue, 1, "TW-196", "play")  # Beautiful Gold Ring (1 corruption point)
    game.state["inst"][ring]["on"] = gorbag
    group = game.companies(1)[0]
    limit = group["limit"]
    card = give(game, catalogue, 0, code)
    play(game, 0, card, mode=0)
    assert game.state["inst"][card]["zone"] == "play"
    words = {e["do"] for e in scripts.entry(code)["while_in_play"]}
    wizard = next(e["names"][0] for e in scripts.entry(code)["while_in_play"] if e["do"] == "discard_if_in_play")
    if "limit_bonus" in words:
        assert game.companies(1)[0]["limit"] == limit + 1  # a minion company, in its movement/hazard phase
    if "ring_corruption" in words:
        events = []
        game.engine._corruption_check(game.state, 1, gorbag, events)
        assert any("gegen 2 Versuchungspunkte" in e.public.render() for e in events)  # the ring's 1, +1
    # "Discard this card if <Wizard> comes into play": its effects end at once, the card goes when a phase begins.
    wizard_card = give(game, catalogue, 0, next(c for c in ("TW-156", "TW-181") if catalogue[c]["name_en"] == wizard))
    st.move(game.state, wizard_card, "play")
    assert effects.effects_hazards.limit_bonus(game.state, group) == 0
    assert effects.extra_corruption(game.state, gorbag) == []
    effects.phase_begins(game.engine, game.state, "site", events := [])
    assert game.state["inst"][card]["zone"] == "discard"
    # "Discard when any play deck is exhausted": a second copy, a deck drawn empty.
    st.move(game.state, wizard_card, "discard")
    again = give(game, catalogue, 0, code)
    st.move(game.state, card, "out")
    play(game, 0, again, mode=0)
    limit = game.companies(1)[0]["limit"]
    player = game.state["players"][1]
    for iid in list(player["deck"]):
        st.move(game.state, iid, "discard")
    game.engine._draw_cards(game.state, 1, 1, events := [])
    assert game.state["inst"][again]["zone"] == "discard"
    if "limit_bonus" in words:
        assert game.companies(1)[0]["limit"] == limit - 1


def cancels_search(game, catalogue, code):
    """ "… automatically canceled which allow a [minion] player to search through or look at any portion of his play
    deck or discard pile …" (Lady of the Golden Wood; Bane of the Ithil-stone, which has no effect on a minion player
    and doubles the corruption points of Palantíri); "Discard when any play deck is exhausted"."""
    aragorn = to_bag_end(game)["chars"][0]
    card = give(game, catalogue, 1, code)
    play(
        game, 1, card, **({"mode": 0} if catalogue[code]["type"] == "Hazard" and catalogue[code].get("strikes") else {})
    )
    assert game.state["inst"][card]["zone"] == "play"
    effect = next(e for e in scripts.entry(code)["while_in_play"] if e["do"] == "cancel_search")
    hit = 0 if state_alignment(game, 0) in effect["alignments"] else 1
    spared = 1 - hit
    fetch = {"do": "fetch", "from": ["sideboard", "discard"], "to": "hand", "kinds": ["resource"], "n": 1}
    handler = effects.effects_hazards.HAZARD_HANDLERS["fetch"]
    for seat in (hit, spared):
        lost, kept = (
            give(game, catalogue, seat, "TW-206", "discard"),
            give(game, catalogue, seat, "TW-206", "sideboard"),
        )
        link = {"seat": seat, "card": card, "target": {"kind": "table"}}
        handler(game.engine, game.state, {**link, "pick": [lost]}, game.card(card), fetch, [])
        assert game.state["inst"][lost]["zone"] == ("discard" if seat == hit else "hand")
        handler(game.engine, game.state, {**link, "pick": [kept]}, game.card(card), fetch, [])
        assert game.state["inst"][kept]["zone"] == "hand"  # the sideboard is no play deck
    if any(e["do"] == "palantir_double" for e in scripts.entry(code)["while_in_play"]):
        stone = give(game, catalogue, 0, "TW-300", "play")  # Palantír of Orthanc: 2 corruption points
        game.state["inst"][stone]["on"] = aragorn
        dice(game, (6, 6))
        game.engine._corruption_check(game.state, 0, aragorn, events := [])
        assert any("gegen 4 Versuchungspunkte" in e.public.render() for e in events)
    for iid in list(game.state["players"][0]["deck"]):
        st.move(game.state, iid, "discard")
    game.engine._draw_cards(game.state, 0, 1, [])
    assert game.state["inst"][card]["zone"] == "discard"


def state_alignment(game, seat):
    return game.state["players"][seat]["alignment"]


def equal_body(game, catalogue, code):
    """ "If the body check for a non-Wizard, non-Ringwraith character wounded by Giant Spiders equals his body, the
    character is discarded"."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    attack_with(game, catalogue, code)
    body = game.card(aragorn)["body"]
    dice(game, (body - 7, 7), (1, 1))  # equal to his body: discarded; Bilbo's 2: only wounded
    game.engine._body_check(game.state, aragorn, 0, events := [])
    assert game.state["inst"][aragorn]["zone"] == "discard"
    assert any(game.card(aragorn)["name_de"] in e.public.render() and "abgeworfen" in e.public.render() for e in events)
    game.engine._body_check(game.state, bilbo, 0, [])
    assert game.state["inst"][bilbo]["zone"] == "play"
    wraith = give(game, catalogue, 0, "LE-50", "play")  # a Ringwraith: not discarded by it
    assert not effects.body_equal_discards(game.state, wraith, 9, 9, [])


def at_home_items(game, catalogue, code):
    """ "Unless <Dragon> Ahunt is in play, <site> has an additional automatic-attack … In addition, each <greater or
    major> item gives an additional corruption point." / "… each moving company draws one less card to a minimum of
    one at the start of its movement/hazard phase"."""
    aragorn = to_bag_end(game)["chars"][0]
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    words = {e["do"]: e for e in scripts.entry(code)["while_in_play"]}
    attack = words["site_attack"]
    site = next(i for c, i in catalogue.items() if i["name_en"] == attack["site"] and i["type"] == "Site")
    found = effects.site_auto_attacks(game.state, site, [], [])
    assert [(a["race"], a["strikes"], a["prowess"], a["body"]) for a in found] == [
        (attack["race"], attack["strikes"], attack["prowess"], attack["body"])
    ]
    if "draw_less" in words:  # one less card, to a minimum of one (none stays none)
        assert [effects.company_draws(game.state, n, []) for n in (3, 2, 1, 0)] == [2, 1, 1, 0]
    if "item_corruption" in words:
        points = words["item_corruption"]
        kind = points["subtypes"][0]
        item_code = next(c for c, i in sorted(catalogue.items()) if i["subtype"] == kind and i["corruption"])
        item = give(game, catalogue, 0, item_code, "play")
        game.state["inst"][item]["on"] = aragorn
        dice(game, (6, 6))
        game.engine._corruption_check(game.state, 0, aragorn, events := [])
        wanted = f"gegen {catalogue[item_code]['corruption'] + points['by']} Versuchungspunkte"
        assert any(wanted in e.public.render() for e in events), [e.public.render() for e in events]
    ahunt = next(c for c, i in catalogue.items() if i["name_en"] == attack["unless_in_play"][0])
    in_play_for(game, catalogue, 1, ahunt)
    assert effects.site_auto_attacks(game.state, site, [], []) == []


def nothing_to_eat(game, catalogue, code):
    """ "Playable on a minion company at or moving to a Free-hold [{F}] or Border-hold [{B}], or playable on a hero
    company at or moving to a Shadow-hold [{S}] or Dark-hold [{D}]. The prowess and body of each character in the
    company is modified by -1. Discard this card during its organization phase if the company is at a Haven … Cannot be
    duplicated on a given company."."""
    from matches.games.meccg.engine import stats

    company = to_bag_end(game)  # a hero company moving to a Free-hold
    aragorn = company["chars"][0]
    target = {"kind": "company", "id": company["id"]}
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card, target=target) == "bad_target"
    company["dest"] = give(game, catalogue, 0, "TW-380", "play")  # Carn Dûm [{D}]
    prowess, body = stats.prowess(game.state, aragorn), stats.body(game.state, aragorn)
    play(game, 1, card, target=target)
    assert (stats.prowess(game.state, aragorn), stats.body(game.state, aragorn)) == (prowess - 1, body - 1)
    assert refused(game, 1, give(game, catalogue, 1, code), target=target) == "bad_target"  # not twice
    dice(game, *[(6, 6)] * 20)
    while game.turn["active"] != 1:
        game.next_phase()
    assert game.state["inst"][card]["zone"] == "play"  # at Carn Dûm: no Haven
    rivendell = next(i for i in game.state["inst"] if game.state["inst"][i]["code"] == "TW-421")
    game.companies(0)[0]["site"] = rivendell
    while game.turn["active"] != 0 or game.turn["phase"] != "organization":
        game.next_phase()
    assert game.state["inst"][card]["zone"] == "discard"
    assert stats.prowess(game.state, aragorn) == prowess


def overt_minion_only(game, catalogue, code):
    """ "Two strikes (playable only against an overt minion company). Attacker chooses defending characters." — the
    table's keying refuses it against a hero company; against others the generic creature scenario plays it."""
    to_bag_end(game)
    card = give(game, catalogue, 1, code)
    with pytest.raises(IllegalAction) as error:
        game.do(1, type="play_card", card=card, keyed={"kind": "region_type", "symbol": "w"})
    assert error.value.code == "not_keyable"
    assert scripts.entry(code)["creature"]["attacker_chooses"]


def maia_in_play(game, catalogue, code):
    """Radagast the Tamer / Alatar the Hunter: as a creature "-3 prowess against hero companies" (Alatar: "Attacker
    chooses defending characters"); as a permanent-event "all companies moving in Southern Mirkwood, … have their
    hazard limit increased by one" / "all Maia attacks: receive +1 prowess and +1 strike and attacker chooses
    defending characters"; "Discard when any play deck is exhausted"; "Discard this card if <Wizard> comes into
    play"."""
    company = to_bag_end(game)
    creature = attack_with(game, catalogue, code)
    attack = game.state["attack"]
    assert attack["card"] == creature and attack["prowess"] == catalogue[code]["prowess"] - 3
    assert bool(attack.get("attacker_chooses")) == bool(
        scripts.entry(code).get("as_creature", {}).get("attacker_chooses")
    )
    pass_window(game)
    dice(game, *[(6, 6)] * 40)
    finish_attack(game)
    card = give(game, catalogue, 1, code)
    play(game, 1, card, mode=0)
    words = {e["do"]: e for e in scripts.entry(code)["while_in_play"]}
    if "limit_bonus" in words:
        regions = words["limit_bonus"]["regions"]
        assert effects.effects_hazards.limit_bonus(game.state, company) == 0  # Rivendell → Bag End
        moving = {**company, "route": {**company["route"], "regions": ["Anduin Vales", regions[0]]}}
        assert effects.effects_hazards.limit_bonus(game.state, moving) == 1
    if "race_attacks" in words:
        game.companies(0)[0]["limit"] = 5
        maia = attack_with(game, catalogue, "AS-11")  # Gandalf the White Rider (Maia), not attacker-chooses
        attack = game.state["attack"]
        assert attack["card"] == maia and attack["attacker_chooses"]
        assert attack["prowess"] == catalogue["AS-11"]["prowess"] - 3 + 1
        assert attack["strikes"] == catalogue["AS-11"]["strikes"] + 1
    wizard = words["discard_if_in_play"]["names"][0]
    st.move(
        game.state, give(game, catalogue, 0, next(c for c, i in catalogue.items() if i["name_en"] == wizard)), "play"
    )
    effects.phase_begins(game.engine, game.state, "site", [])
    assert game.state["inst"][card]["zone"] == "discard"
