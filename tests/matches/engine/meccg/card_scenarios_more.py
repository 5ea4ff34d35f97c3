"""Scenarios of the card-text tests (issue 30), part 2: hazards on the moving company, events in play, abilities,
triggers, creatures and static cards."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import effects, scripts

from .card_plays import any_key, give, in_play_for, play, refused, settle
from .card_scenarios import BRIGANDS, BY_RACE, attacks, finish_attack
from .conftest import dice
from .test_card_windows import to_bag_end

# --- hazards on the moving company ------------------------------------------------------------------------------


def hazard_on_character(game, catalogue, code):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    name = scripts.entry(code)["name"]
    card = give(game, catalogue, 1, code)
    if name == "Dragon-sickness":
        assert refused(game, 1, card, target={"kind": "character", "id": bilbo}) == "bad_target"  # no major item
        sword = give(game, catalogue, 0, "TW-244", "play")  # Glamdring
        game.state["inst"][sword]["on"] = aragorn
        dice(game, (6, 6))
        play(game, 1, card, target={"kind": "character", "id": aragorn})
        assert any(line.startswith("Versuchungswurf für Aragorn II") for line in game.log())
    elif name == "Darkness Under Tree":
        assert refused(game, 1, card, target={"kind": "character", "id": aragorn}) == "bad_target"  # a Dúnadan
    else:  # Call of Home
        dice(game, (1, 1))  # 2 + unused general influence (20 − 9 − 5 = 6) = 8 < 10: back to the hand
        sword = give(game, catalogue, 0, "TW-244", "play")
        game.state["inst"][sword]["on"] = aragorn
        play(game, 1, card, target={"kind": "character", "id": aragorn})
        assert game.state["inst"][aragorn]["zone"] == "hand"
        assert game.state["inst"][sword]["on"] == bilbo  # the item passed on
    assert game.companies(0)[0]["hazards"] == 1


def darkness_under_tree(game, catalogue, code):
    to_bag_end(game)
    orc = give(game, catalogue, 0, "LE-18", "play")  # Lagduf as a hero's orc: the text reads the race
    game.state["companies"][0]["chars"].append(orc)
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card, target={"kind": "character", "id": orc}) == "bad_target"  # no Doors of Night
    in_play_for(game, catalogue, 1, "TW-28")
    play(game, 1, card, target={"kind": "character", "id": orc})
    assert game.state["inst"][orc]["tapped"]


def muster_disperses(game, catalogue, code):
    to_bag_end(game)
    faction = give(game, catalogue, 0, "TW-311", "play")  # Rangers of the North
    card = give(game, catalogue, 1, code)
    dice(game, (1, 1))  # 2 + 6 = 8 < 11
    play(game, 1, card, target={"kind": "card", "id": faction})
    assert game.state["inst"][faction]["zone"] == "discard"


def no_site_phase(game, catalogue, code):
    company = to_bag_end(game)  # Rivendell → Bag End: {w}{w}{f}
    card = give(game, catalogue, 1, code)
    if "c" in scripts.entry(code)["modes"][0]["requires"]["route_has"]:
        assert refused(game, 1, card) == "bad_target"  # no Coastal Sea on the route
        company["route"]["types"].append("{c}")
    play(game, 1, card)
    game.to_phase("site")
    code_ = refused_enter(game)
    assert code_ == "no_site_phase"


def refused_enter(game):
    try:
        game.do(0, type="enter_site")
    except Exception as exc:  # IllegalAction
        return exc.code
    return None


def sorrows(game, catalogue, code):
    to_bag_end(game)
    long_event = in_play_for(game, catalogue, 0, "TD-95")  # A Short Rest: a resource long-event
    card = give(game, catalogue, 1, code)
    play(game, 1, card, mode=0, target={"kind": "card", "id": long_event})
    assert game.state["inst"][long_event]["zone"] == "discard"


def environment_hazard(game, catalogue, code):
    to_bag_end(game)
    gates = in_play_for(game, catalogue, 0, "TW-243")
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    assert game.state["inst"][gates]["zone"] == "discard"
    from matches.games.meccg.engine import effects

    assert effects.doors_of_night(game.state)
    assert refused(game, 1, give(game, catalogue, 1, code)) == "bad_target"  # "Cannot be duplicated"


def twilight(game, catalogue, code):
    company = to_bag_end(game)
    doors = in_play_for(game, catalogue, 1, "TW-28")
    card = give(game, catalogue, 1, code)
    play(game, 1, card, mode=0, target={"kind": "card", "id": doors})
    assert game.state["inst"][doors]["zone"] == "discard"
    assert game.companies(0)[0]["hazards"] == company["hazards"] == 0  # "does not count against the hazard limit"
    other = give(game, catalogue, 1, code)
    assert refused(game, 1, other, mode=0) == "bad_target"  # no environment left in play
    gates = give(game, catalogue, 0, "TW-243")  # an environment declared earlier in the same chain
    game.state["cards"]["TW-243"] = catalogue["TW-243"]
    game.do(0, type="play_card", card=gates)
    game.do(1, type="play_card", card=other, mode=1, target={"kind": "link", "id": gates})
    settle(game)
    assert game.state["inst"][gates]["zone"] == "discard"


def attack_bonus(game, catalogue, code):
    company = to_bag_end(game)
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    assert game.state["inst"][card]["zone"] == "play"
    bonus = scripts.entry(code)["while_in_play"][0]
    race = bonus["races"][0]
    if bonus.get("source") == "auto":  # "All Orc and Troll automatic-attacks": a creature attack gets nothing
        attacks(game, catalogue, BY_RACE[race])
        assert game.state["attack"]["prowess"] == game.card(game.state["attack"]["card"])["prowess"]
        finish_attack(game)
        auto = {"name": "Orks", "race": "Orcs", "strikes": 2, "prowess": 6, "body": None, "detainment": False}
        game.engine._start_attack(game.state, game.companies(0)[0], {**auto, "card": None, "source": "auto"}, [])
        attack = game.state["attack"]
        assert (attack["prowess"], attack["strikes"]) == (6 + bonus["prowess"], 2 + bonus["strikes"])
    else:
        attacks(game, catalogue, BY_RACE[race])
        attack = game.state["attack"]
        printed = game.card(attack["card"])
        assert attack["prowess"] == printed["prowess"] + bonus["prowess"]
        assert any(game.card(card)["name_de"] + ": der Angriff erhält" in line for line in game.log())
    if bonus.get("discard_when_defeated"):
        beaten = {**game.state["attack"], "assigned": {company["chars"][0]: 0}, "defeated": 1}
        effects.after_attack(game.engine, game.state, beaten, [])
        assert game.state["inst"][card]["zone"] == "discard"  # "Discard this card when such an attack is defeated"


def nazgul(game, catalogue, code):
    company = to_bag_end(game)
    aragorn, _bilbo = company["chars"]
    card = give(game, catalogue, 1, code)
    play(game, 1, card, mode=0)  # as a permanent-event (with ``keyed`` it would be the creature)
    assert game.state["inst"][card]["zone"] == "play" and game.companies(0)[0]["hazards"] == 1
    ability = scripts.entry(code)["abilities"][0]
    assert refused_use(game, 0, card) == "not_usable"  # not the hazard player's card
    extra = {}
    if ability["target"] == "any_character":
        extra["target"] = {"kind": "character", "id": aragorn}
    if any(e["do"] == "fetch" for e in ability["effects"]):
        dead = give(game, catalogue, 1, BRIGANDS, "discard")
        extra["pick"] = [dead]
    if ability["target"] == "attack":
        assert refused_use(game, 1, card) == "not_usable"  # no attack yet
        game.companies(0)[0]["limit"] = 4  # room for the creature and the tapping
        attacks(game, catalogue, BRIGANDS)
        strikes = game.state["attack"]["strikes"]
    game.do(1, type="use_card", card=card, ability=0, **extra)
    settle(game)
    assert game.state["inst"][card]["zone"] == "discard"  # "becomes a short-event"
    assert game.companies(0)[0]["hazards"] == (3 if ability["target"] == "attack" else 2)  # tapping counts
    if "target" in extra and ability["target"] == "any_character":
        assert game.state["inst"][aragorn]["tapped"]
    if "pick" in extra:
        assert game.state["inst"][extra["pick"][0]]["zone"] == "hand"
    if ability["target"] == "attack":
        assert game.state["attack"]["strikes"] == strikes + 1


def refused_use(game, seat, iid, **action):
    with pytest.raises(IllegalAction) as error:
        game.do(seat, type="use_card", card=iid, **action)
    return error.value.code


def mouth_of_sauron(game, catalogue, code):
    to_bag_end(game)
    dead = give(game, catalogue, 1, BRIGANDS, "discard")
    card = give(game, catalogue, 1, code)
    play(game, 1, card, mode=0, pick=[dead])  # as a short-event
    assert game.state["inst"][dead]["zone"] == "hand" and game.state["inst"][card]["zone"] == "discard"
    creature = give(game, catalogue, 1, code)
    any_key(game)
    play(game, 1, creature, keyed={"kind": "region_type", "symbol": "w"})  # as a creature
    assert game.state["attack"]["card"] == creature and game.state["attack"]["strikes"] == 1


def paste(game, catalogue, code):
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    item = give(game, catalogue, 0, code, "play")
    game.state["inst"][item]["on"] = aragorn
    assert refused_use(game, 0, item, target={"kind": "character", "id": bilbo}) == "not_usable"  # nobody wounded
    game.state["inst"][bilbo].update(wounded=True, tapped=True)
    game.do(0, type="use_card", card=item, target={"kind": "character", "id": bilbo})
    settle(game)
    assert not game.state["inst"][bilbo]["wounded"] and not game.state["inst"][bilbo]["tapped"]
    assert game.state["inst"][item]["zone"] == "discard"


def river(game, catalogue, code):
    company = to_bag_end(game)
    aragorn, _bilbo = company["chars"]  # Aragorn II: a ranger
    card = give(game, catalogue, 1, code)
    play(game, 1, card)
    assert game.state["inst"][card]["zone"] == "play"  # on the company for the turn
    game.to_phase("site")
    assert refused_enter(game) == "no_site_phase"
    elsewhere = give(game, catalogue, 0, "TW-120", "play")  # a ranger in another company does not help
    game.state["companies"].append({**game.companies(0)[0], "id": "g99", "chars": [elsewhere], "dest": None})
    with pytest.raises(IllegalAction):
        game.do(0, type="use_card", card=card, actor=elsewhere)
    game.do(0, type="use_card", card=card, actor=aragorn)  # "A ranger in such a company may tap to cancel"
    settle(game)
    assert game.state["inst"][aragorn]["tapped"] and game.state["inst"][card]["zone"] == "discard"
    game.do(0, type="enter_site")  # the effect is gone
    # Without the ranger's tapping the effect ends with the turn.
    other = give(game, catalogue, 1, code, "play")
    game.state["inst"][other].update(resolved=True, turn_card=True, on=company["id"])
    game.to_phase("end")
    game.next_phase()
    assert game.state["inst"][other]["zone"] == "discard"


def seized(game, catalogue, code):
    company = to_bag_end(game)  # Rivendell → Bag End: {w}{w}{f}, no Shadow-land
    _aragorn, bilbo = company["chars"]
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card, target={"kind": "character", "id": bilbo}) == "bad_target"
    game.companies(0)[0]["route"]["types"].append("{s}")
    dice(game, (1, 1))  # 2 + mind 5 = 7 < 12
    play(game, 1, card, target={"kind": "character", "id": bilbo})
    groups = game.companies(0)
    assert len(groups) == 2
    home = next(g for g in groups if bilbo in g["chars"])
    assert home["dest"] is None and home["site"] == company["site"]  # back at the site of origin


def friend_or_three(game, catalogue, code):
    game.to_phase("organization")
    _aragorn, bilbo = game.companies(0)[0]["chars"]
    card = give(game, catalogue, 0, code)
    play(game, 0, card, mode=0, target={"kind": "character", "id": bilbo})
    dice(game, (1, 1))
    game.do(0, type="corruption_check", character=bilbo)
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Bilbo"))
    assert f"{game.card(card)['name_de']} +2" in line, line  # two characters in his company


def lure(game, catalogue, code):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    entry = scripts.entry(code)
    trigger = entry["triggers"][0]
    card = give(game, catalogue, 1, code)
    if entry["name"] == "Lure of Nature":
        assert refused(game, 1, card, target={"kind": "character", "id": bilbo}) == "bad_target"  # a Hobbit
    play(game, 1, card, target={"kind": "character", "id": aragorn})
    assert game.state["inst"][card]["on"] == aragorn
    second = give(game, catalogue, 1, code)
    assert refused(game, 1, second, target={"kind": "character", "id": aragorn}) == "bad_target"  # not twice
    dice(game, *[(6, 6)] * 6)
    game.next_phase()  # the movement/hazard phase ends: two Wildernesses on the route
    checks = [line for line in game.log() if "Versuchungswurf für Aragorn II" in line and "Versuchungspunkte" in line]
    assert len(checks) == (2 if trigger["when"] == "movement_end" else 0)
    assert any("gegen 2 Versuchungspunkte" in line for line in checks) or trigger["when"] != "movement_end"
    if trigger["when"] == "untap_end":  # at a Haven at the end of his untap phase
        rivendell = next(i for i in game.state["inst"] if game.state["inst"][i]["code"] == "TW-421")
        game.companies(0)[0]["site"] = rivendell
        while game.turn["active"] != 0 or game.turn["phase"] != "organization":
            game.next_phase()
        name = game.card(card)["name_de"]
        assert any(line.startswith(f"{name}: Versuchungswurf für Aragorn II") for line in game.log())
    # The removal: "the character may tap to attempt to remove this card … greater than N"
    while game.turn["active"] != 0 or game.turn["phase"] != "organization":
        game.next_phase()
    bearer = game.state["inst"][card]["on"]
    game.state["inst"][bearer]["tapped"] = False
    dice(game, (6, 6))
    game.do(0, type="use_card", card=card)
    settle(game)
    assert game.state["inst"][card]["zone"] == "discard" and game.state["inst"][bearer]["tapped"]


def alone(game, catalogue, code):
    company = to_bag_end(game)
    aragorn, _bilbo = company["chars"]
    card = give(game, catalogue, 1, code)
    play(game, 1, card, target={"kind": "character", "id": aragorn})
    assert refused(game, 1, give(game, catalogue, 1, code), target={"kind": "character", "id": aragorn}) == "bad_target"
    regions = len(game.companies(0)[0]["route"]["regions"])
    dice(game, *[(6, 6)] * 6)
    game.next_phase()  # "a corruption check at the end of his movement/hazard phase for each region he moved through"
    name = game.card(card)["name_de"]
    checks = [line for line in game.log() if line.startswith("Versuchungswurf für Aragorn II")]
    assert len(checks) == regions >= 1
    assert all(f"{name} +2" in line for line in checks), checks  # "+ the number of characters in his company"
    for code_ in ("TW-145", "TW-127"):  # Elrond and Beregond join: four characters
        extra = give(game, catalogue, 0, code_, "play")
        game.companies(0)[0]["chars"].append(extra)
    game.next_phase()
    assert game.state["inst"][card]["zone"] == "discard"  # "Discard this card if his company has 4 or more"


def power_built(game, catalogue, code):
    to_bag_end(game)
    card = in_play_for(game, catalogue, 1, code)
    limit = game.companies(0)[0]["limit"]
    game.do(1, type="use_card", card=card, ability=0, target={"kind": "company", "id": game.companies(0)[0]["id"]})
    settle(game)
    assert game.companies(0)[0]["limit"] == limit + 1 and game.state["inst"][card]["tapped"]
    assert game.companies(0)[0]["hazards"] == 0  # tapping it does not count against the limit
    game.do(1, type="use_card", card=card, ability=1)  # "use two against a company's hazard limit to untap"
    settle(game)
    assert not game.state["inst"][card]["tapped"] and game.companies(0)[0]["hazards"] == 2
    game.state["inst"][card]["tapped"] = True
    while game.turn["active"] != 1:
        game.next_phase()
    assert game.state["inst"][card]["tapped"]  # "does not untap during your untap phase"


def snowstorm(game, catalogue, code):
    company = to_bag_end(game)  # {w}{w}{f}
    card = give(game, catalogue, 1, code)
    assert refused(game, 1, card) == "bad_target"  # "Playable if Doors of Night is in play"
    in_play_for(game, catalogue, 1, "TW-28")
    play(game, 1, card)
    game.next_phase()  # the end of the movement/hazard phase
    group = game.companies(0)[0]
    assert group["site"] == company["site"] and group["dest"] is None  # back at the site of origin


# --- creatures and static cards ---------------------------------------------------------------------------------


def creature(game, catalogue, code):
    aragorn, bilbo = to_bag_end(game)["chars"]
    text = scripts.entry(code)["creature"]
    any_key(game)
    card = give(game, catalogue, 1, code)
    play(game, 1, card, keyed={"kind": "region_type", "symbol": "w"})
    attack = game.state["attack"]
    info = catalogue[code]
    assert attack["card"] == card and attack["prowess"] == info["prowess"] and attack["race"] == info["race"]
    if attack.get("window"):
        game.do(0, type="pass")
    if text.get("attacker_chooses") and info["strikes"] < 2:
        assert game.engine.current_seats(game.state) == [1]  # the hazard player assigns
    elif not text.get("attacker_chooses") and game.state["attack"]["stage"] == "defender":
        assert game.engine.current_seats(game.state) == [0]
    if "wounded_check" in text:
        dice(game, *[(1, 1)] * 40)  # each strike wounds; each body check holds
        finish_attack(game)
        assert any(line.startswith("Versuchungswurf für") for line in game.log())
    if text.get("tap_all_after"):
        attack = dict(game.state["attack"])
        assert not game.state["inst"][aragorn]["tapped"]
        effects.after_attack(game.engine, game.state, attack, [])  # the attack is over, not canceled
        assert game.state["inst"][aragorn]["tapped"] and game.state["inst"][bilbo]["tapped"]
        before = {c: game.state["inst"][c]["tapped"] for c in (aragorn, bilbo)}
        game.state["inst"][aragorn]["tapped"] = False
        effects.after_attack(game.engine, game.state, {**attack, "canceled": True}, [])
        assert not game.state["inst"][aragorn]["tapped"] and before  # "Unless the attack is canceled"


def static_card(game, catalogue, code):
    """Items, allies and factions whose whole text the table reads from the card facts: the facts are there."""
    info = catalogue[code]
    kind = scripts.entry(code)["static"]
    if kind == "item" and scripts.entry(code)["abilities"]:
        paste(game, catalogue, code)
    elif kind == "item":
        assert info["bonuses"], code
        seat = 1 if info["alignment"] == "Minion" else 0
        aragorn = game.companies(seat)[0]["chars"][0]  # Aragorn II or Gorbag: warriors
        item = give(game, catalogue, seat, code, "play")
        game.state["inst"][item]["on"] = aragorn
        from matches.games.meccg.engine import stats

        assert stats.modifiers(game.state, aragorn, "prowess") or stats.modifiers(game.state, aragorn, "body")
    elif kind == "faction":
        assert info["influence_target"] is not None and info["play_sites"]
    elif kind == "ally":
        assert info["play_sites"]
    else:
        from matches.games.meccg.engine.council import is_war_council

        assert is_war_council(info)
