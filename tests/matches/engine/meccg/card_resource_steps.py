"""Steps shared by the scenarios of the resource cards (issue 30, round 2): the cards the tests use, a
creature keyed as needed, strikes assigned, a turn over, a long route, a faction attempt at Bag End."""

from matches.games.meccg.engine import scripts
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.movement import MAX_REGIONS, _adjacent, canonical_region

from .card_plays import give, play, settle
from .conftest import dice

HOBBITS, BAG_END, ELROND, GANDALF, LURE, HOARMURATH = "TW-258", "TW-372", "TW-145", "TW-156", "TW-60", "LE-53"
BARLIMAN, EXCLUDED = "TW-125", {"Wizard": GANDALF, "Ringwraith": "LE-52"}  # mind 1; a Wizard, a Ringwraith


BIFUR = "TW-130"  # a Dwarf


def _codes(*names):
    return sorted(c for c, e in scripts.load().items() if e["name"] in names)


def _turn_over(game):
    game.to_phase("end")
    game.next_phase()


def _long_route(state, origin, sites, length=MAX_REGIONS + 1):
    """A route of ``length`` regions (no region twice) from the origin to one of these sites."""
    graph = _adjacent(state["regions"], "hero")
    start = canonical_region(state["regions"], st.info(state, origin)["region"])
    goals = {canonical_region(state["regions"], st.info(state, s)["region"]): s for s in sites}
    paths = [[start]]
    while paths:
        path = paths.pop()
        if len(path) == length:
            if path[-1] in goals:
                return goals[path[-1]], path
            continue
        paths += [[*path, nxt] for nxt in sorted(graph.get(path[-1], ())) if nxt not in path]
    raise AssertionError("no long route in the test deck")


def _agent(game, catalogue, code, face_down=False):
    """An agent of the opponent in play (as agents.py keeps it: ``inst["agent"]``)."""
    iid = give(game, catalogue, 1, code, "play")
    game.state["inst"][iid].update(agent={"site": None, "since": 0}, face_down=face_down)
    return iid


def _at_bag_end_with_hobbits(game, catalogue, influencer):
    """The company at Bag End in its site phase; ``influencer`` plays Hobbits; the check's log line."""
    game.to_phase("site")
    company = game.companies(0)[0]
    site = game.find(0, "sites", BAG_END)
    st.move(game.state, site, "play")
    company.update(site=site, entered=True)
    hobbits = give(game, catalogue, 0, HOBBITS)
    dice(game, (2, 2))
    game.do(0, type="play_card", card=hobbits, character=influencer)
    settle(game)
    return next(line for line in game.log() if line.startswith("Beeinflussung von"))


def _assign(game, *chars):
    """One strike to each (the table assigns them itself where the defender has no choice)."""
    for who in chars:
        if who not in game.state["attack"]["assigned"]:
            game.do(0, type="assign_strike", character=who)


def _check_points(game, who):
    dice(game, (6, 6))
    game.do(0, type="corruption_check", character=who)
    line = next(line for line in reversed(game.log()) if line.startswith("Versuchungswurf für"))
    return int(line.split(" gegen ")[1].split(" ")[0])


def _attack_keyed(game, catalogue, code, keyed):
    """The hazard player's creature attacks the moving company, keyed as given (a Key)."""
    game.engine._key_creature = lambda state, info, group, announced, at_site=False: keyed
    creature = give(game, catalogue, 1, code)
    play(game, 1, creature, keyed=keyed.to_json())
    return creature


def _site_named(catalogue, name):
    return next(c for c, i in catalogue.items() if i["type"] == "Site" and i["name_en"] == name)
