"""Every card the table carries out is played here from its own text (issue 30): the effect happens in the right
window, illegal targets and timings are refused, continuous effects end when they should. One scenario per
card family, parametrised over the cards of the family (each card's own script is what is played)."""

import json
from pathlib import Path

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import effects, scripts
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.cardinfo import plain_text

from .card_plays import any_key, give, in_play_for, play, refused, settle
from .conftest import dice
from .test_card_windows import clear_hand, creature_attacks, start, to_bag_end

CARDS_JSON = Path(__file__).resolve().parents[5] / "shared" / "data" / "meccg" / "cards.json"
BRIGANDS, CAVE_DRAKE = "TW-17", "TW-20"
BY_RACE = {
    "Man": BRIGANDS,
    "Orc": "LE-77",
    "Troll": "AS-22",
    "Wolf": "LE-68",
    "Animal": "BA-11",
    "Spider": "BA-13",
    "Undead": "TW-14",
    "Dragon": CAVE_DRAKE,
    "Drake": "DM-109",
    "Elf": "LE-69",
}


def attacks(game, catalogue, code):
    """The hazard player plays a creature on the moving company (keyed by ``any_key``), the chain resolves."""
    any_key(game)
    creature = give(game, catalogue, 1, code)
    play(game, 1, creature, keyed={"kind": "region_type", "symbol": "w"})
    return creature


def finish_attack(game, stay=False):
    """Both sides take the first combat move the table offers until the attack is over."""
    kinds = ("resolve_strike", "attacker_strike", "assign_strike", "assign_done", "resolve_all", "take_done", "pass")
    for _ in range(60):
        if not game.state["attack"]:
            return
        seat = game.engine.current_seats(game.state)[0]
        legal = [a for a in game.engine.legal_actions(game.state, seat) if a.get("type") in kinds and "label" in a]
        for move in sorted(legal, key=lambda a: kinds.index(a["type"])):
            move = {k: v for k, v in move.items() if k not in ("label", "cards")}
            if move["type"] == "resolve_strike" and stay:
                move["stay_untapped"] = True
            try:
                game.do(seat, **move)
            except IllegalAction:
                continue
            break
    raise AssertionError(f"the attack did not end: {game.state['attack']}")


@pytest.fixture
def game(engine):
    """Aragorn and Bilbo (hero, seat 0, at turn first) against Gorbag and Lagduf (as in test_card_windows)."""
    return next(t for t in (start(engine, seed) for seed in range(1, 40)) if t.turn["active"] == 0)


def codes(*names):
    return sorted(c for c, e in scripts.load().items() if e["name"] in names)


def carried():
    return sorted(c for c, e in scripts.load().items() if e["kind"] != "proposal")


# --- the data ---------------------------------------------------------------------------------------------------


def test_every_entry_cites_its_card_text_and_name():
    raw = json.loads(CARDS_JSON.read_text(encoding="utf-8"))
    cards = {k: c for s in raw.values() for k, c in s["cards"].items()}
    for code, entry in scripts.load().items():
        assert entry["text"] == plain_text(cards[code]["text"]["en"]), code
        assert entry["name"] == cards[code]["name"]["en"], code
        assert cards[code]["type"] in ("Resource", "Hazard"), code


def test_the_most_played_cards_all_have_an_entry():
    path = CARDS_JSON.parent / "most_played.tsv"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    missing = [row[1] for row in rows if scripts.entry(row[1]) is None]
    assert missing == []
    assert sum(1 for row in rows[:200] if scripts.carried_out(row[1])) >= 55  # see docs/meccg.md for the list


def test_every_carried_out_card_has_a_scenario():
    covered = set()
    for family in FAMILIES.values():
        covered |= set(family)
    assert set(carried()) - covered == set()


# --- short events in one's own phases ----------------------------------------------------------------------------


def draws_three(game, catalogue, code):
    game.to_phase("organization")
    card = give(game, catalogue, 0, code)
    hand = len(game.state["players"][0]["hand"])
    play(game, 0, card)
    assert len(game.state["players"][0]["hand"]) == hand - 1 + 3
    assert game.state["inst"][card]["zone"] == "out"  # "remove this card from the game"


def fetches(game, catalogue, code):
    entry = scripts.entry(code)
    mode = next(i for i, m in enumerate(entry["modes"]) if any(e["do"] == "fetch" for e in m["effects"]))
    fetch = next(e for e in entry["modes"][mode]["effects"] if e["do"] == "fetch")
    hazard = "hazard" in fetch["kinds"]
    seat = 1 if hazard else 0
    if hazard:
        to_bag_end(game)
    else:
        game.to_phase("organization")
    wanted = give(game, catalogue, seat, "TW-14" if hazard else "TW-209", fetch["from"][-1])
    wrong = give(game, catalogue, seat, "TW-209" if hazard else "TW-14", fetch["from"][-1])
    card = give(game, catalogue, seat, code)
    actor = {}
    if entry["modes"][mode].get("actor"):  # Ancient Secrets: "Tap your Ringwraith"
        ringwraith = give(game, catalogue, 0, "LE-52", "play")
        game.state["companies"][0]["chars"].append(ringwraith)
        actor = {"actor": ringwraith}
    assert refused(game, seat, card, mode=mode, pick=[wrong], **actor) == "bad_pick"
    play(game, seat, card, mode=mode, pick=[wanted], **actor)
    assert game.state["inst"][wanted]["zone"] == "deck"
    assert game.state["inst"][wrong]["zone"] == fetch["from"][-1]


def discards_a_hazard_event(game, catalogue, code):
    game.to_phase("organization")
    entry = scripts.entry(code)
    mode = next(i for i, m in enumerate(entry["modes"]) if m["target"] == "card")
    lure = in_play_for(game, catalogue, 1, "TW-60", on=game.companies(0)[0]["chars"][1])  # Lure of the Senses
    environment = in_play_for(game, catalogue, 1, "TW-28")  # Doors of Night: an environment
    if "Gates of Morning" in (entry["modes"][mode]["requires"].get("in_play") or ()):
        in_play_for(game, catalogue, 0, "TW-243")
    card = give(game, catalogue, 0, code)
    actor = entry["modes"][mode].get("actor")
    extra = {}
    if actor and actor.get("race") == ["Ringwraith"]:
        ringwraith = give(game, catalogue, 0, "LE-52", "play")
        game.state["companies"][0]["chars"].append(ringwraith)
        extra["actor"] = ringwraith
    if scripts.entry(code)["modes"][mode]["requires"]["card"].get("environment") is False:
        assert refused(game, 0, card, mode=mode, target={"kind": "card", "id": environment}, **extra) == "bad_target"
    dice(game, (6, 6))
    play(game, 0, card, mode=mode, target={"kind": "card", "id": lure}, **extra)
    assert game.state["inst"][lure]["zone"] == "discard"
    if actor and actor.get("skill") == "sage":
        bilbo = game.companies(0)[0]["chars"][1]
        assert game.state["inst"][bilbo]["tapped"]  # the sage tapped
        assert any("Versuchungswurf für Bilbo" in line for line in game.log())


def untaps(game, catalogue, code):
    game.to_phase("organization")
    _aragorn, bilbo = game.companies(0)[0]["chars"]
    entry = scripts.entry(code)
    if entry["name"] == "Angband Revisited":
        balrog = give(game, catalogue, 0, "BA-3", "play")
        game.state["companies"][0]["chars"].append(balrog)
    elif entry["name"] == "And Forth He Hastened":  # Gandalf: the Wizard in the company
        gandalf = give(game, catalogue, 0, "TW-156", "play")
        game.state["companies"][0]["chars"].append(gandalf)
    target = bilbo
    game.state["inst"][target]["tapped"] = True
    card = give(game, catalogue, 0, code)
    if entry["name"] == "Hundreds of Butterflies":
        assert refused(game, 0, card, target={"kind": "character", "id": target}) in ("not_now", "bad_target")
        to_bag_end(game)
        card = give(game, catalogue, 0, code)
        game.state["inst"][target]["tapped"] = True
        limit = game.companies(0)[0]["limit"]
        play(game, 0, card, target={"kind": "character", "id": target})
        assert game.companies(0)[0]["limit"] == limit + 1
    else:
        play(game, 0, card, mode=0, target={"kind": "character", "id": target})
    assert not game.state["inst"][target]["tapped"]


def protects(game, catalogue, code):
    game.to_phase("organization")
    aragorn, bilbo = game.companies(0)[0]["chars"]
    card = give(game, catalogue, 0, code)
    name = scripts.entry(code)["name"]
    assert (
        refused(game, 0, card, target={"kind": "character", "id": aragorn if name == "x" else "nobody"}) == "bad_target"
    )
    play(game, 0, card, target={"kind": "character", "id": bilbo})  # Bilbo: a scout (Aragorn too)
    any_key(game)
    if name == "Hide in Dark Places":
        company = to_bag_end(game)  # planned after the card: the text asks only when it is played
        creature_attacks(game, BRIGANDS)
        assert game.state["attack"] is None and any("bricht den Angriff ab" in line for line in game.log())
        return
    if name in ("Stealth", "Sneakin’"):
        assert name != "Stealth" or game.state["inst"][bilbo]["tapped"]  # "Tap a scout"
    company = to_bag_end(game)
    creature = give(game, catalogue, 1, BRIGANDS)
    with pytest.raises(Exception) as error:
        game.do(1, type="play_card", card=creature, keyed={"kind": "region_type", "symbol": "w"})
    assert getattr(error.value, "code", "") == "protected"
    assert company["hazards"] == 0
    game.to_phase("end")
    game.next_phase()  # the next turn: "this turn" is over
    assert not [e for e in game.state["effects"] if e["stat"] == "protect"]


def friendship(game, catalogue, code):
    game.to_phase("organization")
    company = game.companies(0)[0]
    diplomat = give(game, catalogue, 0, "TW-145", "play")  # Elrond: Warrior/Sage/Diplomat
    company["chars"].append(diplomat)
    bilbo = company["chars"][1]
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, mode=0, target={"kind": "character", "id": bilbo}) == "bad_target"  # no diplomat
    play(game, 0, card, mode=1, target={"kind": "character", "id": bilbo}, actor=diplomat)
    dice(game, (1, 1))
    game.do(0, type="corruption_check", character=bilbo)
    line = next(line for line in game.log() if line.startswith("Versuchungswurf für Bilbo"))
    assert "+2" in line and game.state["effects"] == []


def gifts(game, catalogue, code):
    game.to_phase("organization")
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, target={"kind": "character", "id": game.companies(0)[0]["chars"][0]}) == "not_now"


def environment_resource(game, catalogue, code):
    game.to_phase("organization")
    doors = in_play_for(game, catalogue, 1, "TW-28")
    card = give(game, catalogue, 0, code)
    play(game, 0, card)
    assert game.state["inst"][doors]["zone"] == "discard"  # "all environment hazard cards … discarded"
    assert game.state["inst"][card]["zone"] == "play"
    second = give(game, catalogue, 0, code)
    assert refused(game, 0, second) == "bad_target"  # "Cannot be duplicated"


# --- in an attack ---------------------------------------------------------------------------------------------


def cancels_attack(game, catalogue, code):
    entry = scripts.entry(code)
    mode = next(i for i, m in enumerate(entry["modes"]) if any(e["do"] == "cancel_attack" for e in m["effects"]))
    races = entry["modes"][mode]["requires"].get("attack_race") or ["Man"]
    other = next(BY_RACE[r] for r in ("Dragon", "Man") if r not in races)
    aragorn, _bilbo = to_bag_end(game)["chars"]
    card = give(game, catalogue, 0, code)
    assert refused(game, 0, card, mode=mode) in ("not_now", "bad_target")  # no attack: not now
    if entry["modes"][mode]["requires"].get("attack_race"):
        attacks(game, catalogue, other)  # the wrong race: the card has no use, so no window opens for it
        assert not effects.uses(game.state, 0, card)
        finish_attack(game)
    attacker = attacks(game, catalogue, BY_RACE[races[0]])
    assert game.state["attack"]["window"]["name"] == "attack"
    target = {"kind": "character", "id": aragorn}
    game.do(0, type="play_card", card=card, mode=mode, target=target)
    settle(game)
    assert game.state["attack"] is None
    assert game.state["inst"][attacker]["zone"] == "discard"
    if entry["name"] in ("Escape", "Diversion"):
        assert game.state["inst"][aragorn]["wounded"]


def in_strike(game, catalogue, code):
    entry = scripts.entry(code)
    aragorn, bilbo = to_bag_end(game)["chars"]
    any_key(game)
    hazard = entry["modes"][0]["requires"].get("attack_race") == ["Dragon"]
    card = give(game, catalogue, 1 if hazard else 0, code)
    creature_attacks(game, CAVE_DRAKE if hazard else BRIGANDS)
    if not hazard:
        game.do(0, type="assign_strike", character=aragorn)
        game.do(0, type="assign_strike", character=bilbo)
    assert refused(game, 1 if hazard else 0, card) in ("not_now", "not_your_window", "attack_open")  # not yet
    game.do(0, type="resolve_strike", character=aragorn)
    assert game.state["attack"]["window"]["name"] == "strike"
    dice(game, (1, 1), (6, 6), (6, 6))
    game.do(1 if hazard else 0, type="play_card", card=card, mode=0)
    line = next(line for line in game.log() if line.startswith("Hieb gegen Aragorn II"))
    name = game.card(card)["name_de"]
    effects = entry["modes"][0]["effects"]
    if any(e["do"] == "no_tap" for e in effects):
        assert "tappt nicht (Kartentext)" in line, line
    if any(e.get("stat") in ("prowess", "strike_prowess") for e in effects):
        assert name in line, line
    assert not any(e["until"] == "strike" for e in game.state["effects"] if e["target"] == aragorn)


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


FAMILIES = {
    draws_three: codes("Dark Tryst"),
    fetches: codes("Smoke Rings", "Weigh All Things to a Nicety", "An Unexpected Outpost", "Longbottom Leaf"),
    discards_a_hazard_event: codes("Voices of Malice", "Marvels Told", "Ancient Secrets", "The Cock Crows"),
    untaps: codes("Halfling Strength", "And Forth He Hastened", "Angband Revisited", "Hundreds of Butterflies"),
    protects: codes("Stealth", "Sneakin’", "Hide in Dark Places"),
    friendship: codes("New Friendship"),
    gifts: codes("Gifts as Given of Old"),
    environment_resource: codes("Gates of Morning"),
    cancels_attack: codes(
        "Concealment",
        "A Nice Place to Hide",
        "Crept Along Cleverly",
        "Many Turns and Doublings",
        "Dark Quarrels",
        "Orc Quarrels",
        "Escape",
        "Diversion",
    ),
    in_strike: codes("Dodge", "Block", "Risky Blow", "Bold Thrust", "Under His Blow", "Passion of Wrath"),
    hazard_on_character: codes("Call of Home", "Dragon-sickness"),
    darkness_under_tree: codes("Darkness Under Tree"),
    muster_disperses: codes("Muster Disperses"),
    no_site_phase: codes("Lost in Free-domains", "Lost at Sea"),
    sorrows: codes("Many Sorrows Befall"),
    environment_hazard: codes("Doors of Night"),
    twilight: codes("Twilight"),
    attack_bonus: codes("Chill Them with Fear", "Wake of War", "Redoubled Force", "Rank upon Rank"),
    nazgul: codes("Adûnaphel", "Ûvatha the Horseman", "Hoarmûrath of Dír"),
    mouth_of_sauron: codes("Mouth of Sauron"),
    river: codes("River"),
    seized: codes("Seized by Terror"),
    friend_or_three: codes("A Friend or Three"),
    lure: codes("Lure of the Senses", "Lure of Nature"),
    alone: codes("Alone and Unadvised"),
    power_built: codes("Power Built by Waiting"),
    snowstorm: codes("Snowstorm"),
    creature: sorted(c for c, e in scripts.load().items() if e["kind"] == "creature"),
    static_card: sorted(c for c, e in scripts.load().items() if e["kind"] == "static"),
}
CASES = [(family, code) for family, found in FAMILIES.items() for code in found]


@pytest.mark.parametrize(("family", "code"), CASES, ids=[f"{f.__name__}-{c}" for f, c in CASES])
def test_the_card_does_what_its_text_says(game, catalogue, family, code):
    clear_hand(game, 0)
    clear_hand(game, 1)
    family(game, catalogue, code)
    assert st.info(game.state, next(iter(game.state["inst"])))  # the state is still whole
