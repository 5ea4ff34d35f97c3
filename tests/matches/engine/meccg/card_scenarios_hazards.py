"""Scenarios of the hazard card-text tests (issue 30, round 2), part 1: the creatures' further text, corruption cards
that check when an item is gained or after an influence attempt, forced checks, events in play that change attacks,
sites and movement; the shared steps (a creature attacks, the card window passes)."""

from matches.games.meccg.engine import effects, scripts
from matches.games.meccg.engine.strikes import prowess_of

from .card_plays import any_key, give, in_play_for, play, refused, settle
from .card_scenarios import finish_attack
from .conftest import dice
from .test_card_windows import clear_hand, to_bag_end

BARROW_WIGHT, BRIGANDS, ADUNAPHEL_RW = "TW-14", "TW-17", "LE-50"


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
    effects.after_strike(game.state, attack, prowess, events := [])
    assert game.state["inst"][low]["tapped"]
    assert any(game.card(card)["name_de"] in e.public.render() for e in events)
    attack["strike"] = high  # mind above the strike's prowess: he stays untapped
    effects.after_strike(game.state, attack, prowess, [])
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
    # The removal: he taps and rolls; 5 is not "greater than 5", 6 is.
    for roll, zone in (((2, 3), "play"), ((3, 3), "discard")):
        game.state["inst"][aragorn]["tapped"] = False
        dice(game, roll)
        game.do(0, type="use_card", card=card)
        settle(game)
        assert (game.state["inst"][card]["zone"], game.state["inst"][aragorn]["tapped"]) == (zone, True)


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
