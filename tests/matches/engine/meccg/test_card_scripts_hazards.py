"""Hazard cards carried out in round 2 of issue 30, each played from its own text: the creatures' further printed
text ("+4 prowess versus Ringwraiths", "must tap … following the strike", "all other Undead attacks … for the rest
of the turn", "May not be played against a company containing a character with Bree as a home site") and the
corruption cards that check "each time a character in his company gains an item". The families are also read by
``test_card_scripts.test_every_carried_out_card_has_a_scenario``."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import effects, scripts
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.strikes import prowess_of

from .card_plays import any_key, give, in_play_for, play, refused, settle
from .card_scenarios import finish_attack
from .conftest import dice
from .test_card_windows import clear_hand, start, to_bag_end

BARROW_WIGHT, BRIGANDS, ADUNAPHEL_RW = "TW-14", "TW-17", "LE-50"


@pytest.fixture
def game(engine):
    """Aragorn II and Bilbo (hero, seat 0, at turn first) against Gorbag and Lagduf."""
    return next(t for t in (start(engine, seed) for seed in range(1, 40)) if t.turn["active"] == 0)


def codes(*names):
    return sorted(c for c, e in scripts.load().items() if e["name"] in names)


def attack_with(game, catalogue, code):
    """The hazard player's creature attacks the company moving to Bag End (keyed to a Wilderness)."""
    any_key(game)
    card = give(game, catalogue, 1, code)
    play(game, 1, card, keyed={"kind": "region_type", "symbol": "w"})
    return card


def pass_window(game):
    """Both pass in the attack's card window (the defender first, or the attacker holding a card for it)."""
    while game.state["attack"] and game.state["attack"].get("window"):
        game.do(game.engine.current_seats(game.state)[0], type="pass")


def join(game, catalogue, code):
    """A further character of the hero's company (put there by the test)."""
    iid = give(game, catalogue, 0, code, "play")
    game.companies(0)[0]["chars"].append(iid)
    return iid


# --- creatures ------------------------------------------------------------------------------------------------


def prowess_versus(game, catalogue, code):
    """ "+4 prowess versus Ringwraiths": the strike against a Ringwraith, not against Aragorn."""
    aragorn, _bilbo = to_bag_end(game)["chars"]
    wraith = join(game, catalogue, ADUNAPHEL_RW)
    versus = scripts.entry(code)["creature"]["prowess_vs"]
    card = attack_with(game, catalogue, code)
    pass_window(game)
    attack = game.state["attack"]
    printed = catalogue[code]["prowess"]
    assert attack["card"] == card and attack["prowess"] == printed
    attack["strike"] = aragorn
    assert prowess_of(attack, game.state) == printed  # not a Ringwraith
    attack["strike"] = None
    game.do(0, type="assign_strike", character=wraith)
    if game.state["attack"]["stage"] != "resolve":
        game.do(0, type="assign_done")
    dice(game, *[(6, 6)] * 4)
    game.do(0, type="resolve_strike", character=wraith)
    settle(game)
    if game.state["attack"] and game.state["attack"]["stage"] == "strike_defender":
        game.do(0, type="resolve_strike", character=wraith)
    line = next(line for line in game.log() if line.startswith("Hieb gegen Adûnaphel"))
    name = game.card(card)["name_de"]
    assert f"{printed} + {name} {versus['by']} = {printed + versus['by']}" in line, line


def taps_after_strike(game, catalogue, code):
    """ "Any character facing a strike whose mind is equal to or lower than the strike's prowess must tap if
    untapped following the strike (unless the strike is canceled)"."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    card = attack_with(game, catalogue, code)
    pass_window(game)
    attack = game.state["attack"]
    assert attack["attacker_chooses"] and attack["tap_if_mind"]
    prowess = prowess_of(attack, game.state)
    low, high = sorted((aragorn, bilbo), key=lambda c: game.card(c)["mind"])
    assert game.card(low)["mind"] <= prowess < game.card(high)["mind"]
    # The strike was faced untapped (its roll kept him untapped): the creature's text taps him.
    attack["strike"] = low
    effects.after_strike(game.state, attack, events := [])
    assert game.state["inst"][low]["tapped"]
    assert any(game.card(card)["name_de"] in e.public.render() for e in events)
    attack["strike"] = high  # mind above the strike's prowess: he stays untapped
    effects.after_strike(game.state, attack, [])
    assert not game.state["inst"][high]["tapped"]
    attack["strike"] = None
    # Through the table: the attacker assigns the strike to the low-mind character, who stays untapped (−3) and
    # beats it; the creature's text taps him all the same.
    game.state["inst"][low]["tapped"] = False
    game.do(1, type="assign_strike", character=low)
    if game.state["attack"]["stage"] != "resolve":
        game.do(1, type="assign_done")
    dice(game, *[(6, 6)] * 4)
    game.do(0, type="resolve_strike", character=low, stay_untapped=True)
    settle(game)
    assert any(line.startswith("Hieb gegen") and "bleibt ungetappt −3" in line for line in game.log())
    assert game.state["inst"][low]["tapped"]


def company_bonus(game, catalogue, code):
    """ "Unless Chill Douser's attack is canceled, all other Undead attacks against the company for the rest of the
    turn receive +1 strike and +1 prowess"."""
    to_bag_end(game)
    bonus = scripts.entry(code)["creature"]["company_bonus"]
    card = attack_with(game, catalogue, code)
    pass_window(game)
    canceled = {**game.state["attack"], "canceled": True}
    effects.after_attack(game.engine, game.state, canceled, [])
    assert not [e for e in game.state.get("effects") or () if e["stat"] == "company_attacks"]  # canceled: none
    dice(game, *[(6, 6)] * 40)
    finish_attack(game)
    group = game.companies(0)[0]
    assert effects.effects_hazards.company_attack_bonus(game.state, {"race": "Men"}, group) == []  # Undead only
    game.companies(0)[0]["limit"] = 5
    wight = attack_with(game, catalogue, BARROW_WIGHT)
    pass_window(game)
    attack = game.state["attack"]
    assert attack["card"] == wight
    assert attack["prowess"] == catalogue[BARROW_WIGHT]["prowess"] + bonus["prowess"]
    assert attack["strikes"] == catalogue[BARROW_WIGHT]["strikes"] + bonus["strikes"]
    name = game.card(card)["name_de"]
    assert any(line.startswith(f"{name}: der Angriff erhält +1 Kampfgeschick") for line in game.log())
    finish_attack(game)
    effects.turn_over(game.state, [])  # "for the rest of the turn"
    assert effects.effects_hazards.company_attack_bonus(game.state, {"race": "Undead"}, group) == []


def not_home_site(game, catalogue, code):
    """ "May not be played against a company containing a character with Bree as a home site" (Aragorn II)."""
    to_bag_end(game)
    any_key(game)
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card, keyed={"kind": "region_type", "symbol": "w"}) == "not_against_home_site"
    assert game.state["inst"][card]["zone"] == "hand" and game.companies(0)[0]["hazards"] == 0
    aragorn = game.companies(0)[0]["chars"][0]
    game.state["cards"][game.state["inst"][aragorn]["code"]] = {**game.card(aragorn), "home_site": "Rivendell"}
    play(game, 1, card, keyed={"kind": "region_type", "symbol": "w"})
    assert game.state["attack"]["card"] == card


# --- corruption cards -------------------------------------------------------------------------------------------


def item_gained(game, catalogue, code):
    """ "Target character receives 2 corruption points and makes a corruption check each time a character in his
    company gains an item"; the bearer may tap in his organization phase to roll it off (greater than 5)."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card, target={"kind": "character", "id": bilbo}) == "bad_target"  # a Hobbit
    play(game, 1, card, target={"kind": "character", "id": aragorn})
    assert game.state["inst"][card]["on"] == aragorn and catalogue[code]["corruption"] == 2
    assert refused(game, 1, give(game, catalogue, 1, code), target={"kind": "character", "id": aragorn}) == (
        "bad_target"
    )
    while game.turn["active"] != 0 or game.turn["phase"] != "organization":
        game.next_phase()
    clear_hand(game, 1)
    dagger = give(game, catalogue, 0, "TW-206", "play")  # Dagger of Westernesse, borne by Bilbo
    game.state["inst"][dagger]["on"] = bilbo
    name = game.card(card)["name_de"]
    before = len([line for line in game.log() if line.startswith(f"{name}: Versuchungswurf für Aragorn II")])
    dice(game, (6, 6), (6, 6))
    game.do(0, type="transfer_item", card=dagger, character=aragorn)  # Bilbo's check, then Aragorn gains it
    assert game.state["inst"][dagger]["on"] == aragorn
    after = [line for line in game.log() if line.startswith(f"{name}: Versuchungswurf für Aragorn II")]
    assert len(after) == before + 1
    points = 2 + (catalogue["TW-206"]["corruption"] or 0)  # the Lure's 2 and the dagger he has gained
    log = game.log()
    lure_line = max(i for i, line in enumerate(log) if line.startswith(f"{name}: Versuchungswurf für Aragorn II"))
    assert log[lure_line + 1].startswith("Versuchungswurf für Aragorn II"), log[lure_line:]
    assert f"gegen {points} Versuchungspunkte" in log[lure_line + 1], log[lure_line + 1]
    # An item gained outside his company: no check.
    gorbag = game.companies(1)[0]["chars"][0]
    effects.item_gained(game.engine, game.state, give(game, catalogue, 1, "TW-206", "play"), gorbag, [])
    assert len([line for line in game.log() if line.startswith(f"{name}: Versuchungswurf")]) == before + 1
    # The removal: he taps and rolls more than 5.
    game.state["inst"][aragorn]["tapped"] = False
    dice(game, (3, 3))
    game.do(0, type="use_card", card=card)
    settle(game)
    assert game.state["inst"][card]["zone"] == "discard" and game.state["inst"][aragorn]["tapped"]


def influence_check(game, catalogue, code):
    """ "The next non-Hobbit character to make a successful influence attempt … must immediately make a corruption
    check modified by -4. Discard this card after this corruption check."."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    assert game.state["inst"][card]["zone"] == "play"
    name = game.card(card)["name_de"]
    effects.influence_succeeded(game.engine, game.state, bilbo, [])  # a Hobbit: nothing
    assert game.state["inst"][card]["zone"] == "play"
    faction = give(game, catalogue, 0, "TW-279", "play")  # Men of Lamedon (7): Aragorn influences them
    events = []
    dice(game, (6, 6), (3, 3))
    game.engine._influence_faction(game.state, {"seat": 0, "card": faction, "bearer": aragorn}, events)
    log = [e.public.render() for e in events]
    assert any(line.startswith("Beeinflussung von") and "gelungen" in line for line in log), log
    at = log.index(f"{name}: Versuchungswurf für Aragorn II.")
    assert log[at + 1].startswith("Versuchungswurf für Aragorn II") and f"{name} −4" in log[at + 1], log
    assert game.state["inst"][card]["zone"] == "discard"  # "Discard this card after this corruption check"
    assert not [e for e in game.state.get("effects") or () if e["card"] == card]  # the −4 is used up


def check_discard_instead(game, catalogue, code):
    """ "Playable on a non-Wizard, non-Ringwraith character bearing a Palantír, greater item, or ring that is not a
    gold ring … corruption check modified by -2. If the character would normally be eliminated … he is instead
    discarded"."""
    aragorn, bilbo = to_bag_end(game)["chars"]
    ring = give(game, catalogue, 0, "TW-196", "play")  # Beautiful Gold Ring: a gold ring
    game.state["inst"][ring]["on"] = bilbo
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card, target={"kind": "character", "id": aragorn}) == "bad_target"  # bears nothing
    assert refused(game, 1, card, target={"kind": "character", "id": bilbo}) == "bad_target"  # a gold ring
    palantir = give(game, catalogue, 0, "TW-300", "play")  # Palantír of Orthanc
    game.state["inst"][palantir]["on"] = aragorn
    dice(game, (1, 1))  # 2 − 2 against 2 corruption points: eliminated by the rules
    play(game, 1, card, target={"kind": "character", "id": aragorn})
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Aragorn II"))
    assert "−2" in line and "abgeworfen statt eliminiert" in line, line
    assert game.state["inst"][aragorn]["zone"] == "discard"  # not out of the game
    assert not game.state["inst"][aragorn].get("discard_if_eliminated")
    assert game.state["inst"][palantir]["zone"] == "discard"  # his cards with him


def duplicate_auto(game, catalogue, code):
    """ "All Undead attacks receive +1 strike and +1 prowess. All Undead automatic-attacks are duplicated … Discard
    this card when an Undead attack is defeated. Cannot be duplicated."."""
    company = to_bag_end(game)
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    assert refused(game, 1, give(game, catalogue, 1, code)) == "bad_target"  # cannot be duplicated
    game.next_phase()  # the movement/hazard phase ends: the site phase
    while game.turn["phase"] != "site":
        game.next_phase()
    barrow = give(game, catalogue, 0, "TW-375", "play")  # Barrow-downs: Undead — 1 strike, 8 prowess
    game.companies(0)[0]["site"] = barrow
    clear_hand(game, 1)
    game.do(0, type="enter_site")
    attack = game.state["attack"]
    assert (attack["race"], attack["prowess"], attack["strikes"]) == ("Undead", 9, 2)
    assert [a["name"] for a in attack["queue"]] == [attack["name"]]  # faced twice
    orcs = {"name": "Orks", "race": "Orcs", "strikes": 2, "prowess": 6}
    assert effects.duplicated_auto_attacks(game.state, [orcs], []) == [orcs]  # Undead only
    beaten = {**attack, "assigned": {company["chars"][0]: 0}, "defeated": 2, "strikes": 2}
    effects.after_attack(game.engine, game.state, beaten, [])
    assert game.state["inst"][card]["zone"] == "discard"
    assert effects.duplicated_auto_attacks(game.state, [attack], []) == [attack]  # it is gone: once


def foul_fumes(game, catalogue, code):
    """ "Each moving company that has a Shadow-land [{s}] or a Dark-domain [{d}] in its site path must return to its
    site of origin unless it contains a ranger … if Doors of Night is in play, each non-Haven site in play with a
    Shadow-land or a Dark-domain in its site path is tapped. This card has no effect on a minion player."."""
    company = to_bag_end(game)
    aragorn = company["chars"][0]
    company["route"] = {**company["route"], "types": ["{w}", "{d}", "{f}"]}
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    assert refused(game, 1, give(game, catalogue, 1, code)) == "bad_target"  # cannot be duplicated
    effect = scripts.entry(code)["while_in_play"][0]
    assert effects.effects_hazards.spared(game.state, company, effect)  # Aragorn II is a ranger
    assert effects.effects_hazards.spared(game.state, game.companies(1)[0], effect)  # a minion player
    info = game.card(aragorn)
    game.state["cards"][info["code"]] = {**info, "skills": "Warrior, Scout"}  # no ranger now
    origin, dest = company["site"], company["dest"]
    game.next_phase()  # the end of the movement/hazard phase
    group = game.companies(0)[0]
    assert group["site"] == origin and group["dest"] is None
    name = game.card(card)["name_de"]
    assert f"{name}: die Gemeinschaft kehrt zu ihrem Ausgangsort zurück." in game.log()
    assert game.state["inst"][dest]["zone"] != "play"
    # Doors of Night: a non-Haven site in play with a Dark-domain in its site path is tapped.
    carn_dum = give(game, catalogue, 0, "TW-380", "play")  # Carn Dûm: {w}{s}
    group["dest"] = carn_dum
    effects.phase_begins(game.engine, game.state, "site", events := [])
    assert not game.state["inst"][carn_dum]["tapped"]  # not without Doors of Night
    in_play_for(game, catalogue, 1, "TW-28")
    effects.phase_begins(game.engine, game.state, "site", events)
    assert game.state["inst"][carn_dum]["tapped"] and not game.state["inst"][origin]["tapped"]  # Rivendell: a Haven


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


HAZARD_FAMILIES = {
    prowess_versus: codes("Elf-lord Revealed in Wrath"),
    taps_after_strike: codes("Wisp of Pale Sheen"),
    company_bonus: codes("Chill Douser"),
    not_home_site: codes("Arthadan Rangers"),
    item_gained: codes("Lure of Expedience"),
    influence_check: codes("Lure of Power"),
    check_discard_instead: codes("The Roving Eye"),
    duplicate_auto: codes("The Moon Is Dead"),
    foul_fumes: codes("Foul Fumes"),
    turn_end_checks: codes("Covetous Thoughts"),
    dragon_at_home: codes("Daelomin at Home"),
    company_returns: codes("Beorning Skin-changers"),
    restack: codes("Revealed to all Watchers"),
    shield_attack: codes("Unabated in Malice"),
    faced_keys: codes("Dwarven Travelers"),
    discards_for_it: codes("Faces of the Dead"),
    copies_site_attacks: codes("Tidings of Bold Spies"),
    maia: codes("Gandalf the White Rider", "Saruman the Wise"),
    cancels_search: codes("Lady of the Golden Wood", "Bane of the Ithil-stone"),
}
CASES = [(family, code) for family, found in HAZARD_FAMILIES.items() for code in found]


@pytest.mark.parametrize(("family", "code"), CASES, ids=[f"{f.__name__}-{c}" for f, c in CASES])
def test_the_hazard_does_what_its_text_says(game, catalogue, family, code):
    clear_hand(game, 0)
    clear_hand(game, 1)
    family(game, catalogue, code)
    assert st.info(game.state, next(iter(game.state["inst"])))  # the state is still whole
