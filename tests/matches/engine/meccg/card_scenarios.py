"""Scenarios of the card-text tests (issue 30), part 1: events in one's own phases and in an attack; the shared
steps (a creature attacks, an attack is fought through)."""

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import effects, scripts
from matches.games.meccg.engine.offers import fill_form

from .card_plays import any_key, give, in_play_for, play, refused, settle
from .conftest import dice
from .test_card_windows import creature_attacks, to_bag_end

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
    """Both sides take the first combat move the table offers until the attack is over (a plan's form with its
    defaults; ``stay``: every character it may keeps untapped)."""
    kinds = (
        "defend",
        "attacker_plan",
        "resolve_strike",
        "attacker_strike",
        "assign_strike",
        "assign_done",
        "resolve_all",
        "take_done",
        "pass",
    )
    for _ in range(60):
        if not game.state["attack"]:
            return
        seat = game.engine.current_seats(game.state)[0]
        legal = [a for a in game.engine.legal_actions(game.state, seat) if a.get("type") in kinds and "label" in a]
        for entry in sorted(legal, key=lambda a: kinds.index(a["type"])):
            values = {
                f["name"]: [o["value"] for o in f["options"][: f["min"]]]
                for f in entry.get("form", ())
                if f.get("kind") == "pick" and f.get("min") and f.get("default") is None
            }
            untapped = next((f for f in entry.get("form", ()) if f["name"] == "untapped"), None)
            if stay and untapped:
                values["untapped"] = [o["value"] for o in untapped["options"]]
            move = fill_form(entry, values)
            if move["type"] == "resolve_strike" and stay:
                move["stay_untapped"] = True
            try:
                game.do(seat, **move)
            except IllegalAction:
                continue
            break
    raise AssertionError(f"the attack did not end: {game.state['attack']}")


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
    assert any("endet mit der Runde" in line for line in game.log())  # the end is logged


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
