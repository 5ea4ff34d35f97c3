"""Helpers over the JSON game state: card instances, zones, companies, influence.

Every card in the game is an *instance* (``state["inst"][iid]``) with its card code, owner and
zone; ordered zones (hand, play deck, …) are lists of instance ids per player. Nothing here
checks whose turn it is; the engine does that before calling these.
"""

from __future__ import annotations

import math
from typing import Any

from matches.engine import rng

from .cardinfo import Info, avatar_kind, half_size, influence_cost

State = dict[str, Any]

# Zones a player owns as lists; "play" holds every card on the table (companies, attached, events).
ZONES = ("pool", "hand", "deck", "discard", "sideboard", "mp", "out", "sites", "play", "aside", "drafted")
GENERAL_INFLUENCE = 20
HAND_SIZE = 8
MAX_COMPANY_SIZE = 7
STARTING_CHARACTER_LIMIT = {"hero": 5, "fallen-wizard": 5, "minion": 6, "balrog": 6}


def info(state: State, iid: str) -> Info:
    return state["cards"][state["inst"][iid]["code"]]


ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
ID_LENGTH = 6


def new_card_id(state: State) -> str:
    """A random instance id from the match's own id generator (issue 19: ids reveal nothing).

    The ids come from a second seeded stream (``state["ids"]``, set up from the match's seed), so that
    adding cards never shifts the dice; like ``state["rng"]`` it never leaves the server."""
    if "ids" not in state:  # a match started before issue 19
        state["ids"] = rng.new(rng.below(state["rng"], 1 << 62))
    while True:
        iid = "k" + "".join(ID_ALPHABET[rng.below(state["ids"], len(ID_ALPHABET))] for _ in range(ID_LENGTH))
        if iid not in state["inst"]:
            return iid


def new_instance(state: State, code: str, owner: int, zone: str) -> str:
    iid = new_card_id(state)
    state["inst"][iid] = {
        "code": code,
        "owner": owner,
        "zone": zone,
        "tapped": False,
        "wounded": False,
        "on": None,
        "controller": None,
        "face_down": False,
    }
    state["players"][owner][zone].append(iid)
    return iid


def move(state: State, iid: str, zone: str, *, top: bool = False) -> None:
    """Move a card to another zone of its owner; leaving play detaches it and frees its followers."""
    card = state["inst"][iid]
    state["players"][card.pop("holder", card["owner"])][card["zone"]].remove(iid)
    player = state["players"][card["owner"]]
    if card["zone"] == "play" and zone != "play":
        leave_play(state, iid)
    card["zone"] = zone
    if top:
        player[zone].insert(0, iid)
    else:
        player[zone].append(iid)


def give(state: State, iid: str, seat: int, zone: str) -> None:
    """Put a card into another player's zone (a defeated creature into the defender's marshalling point
    pile, seeds/003 "Besiegen eines Angriffs"); ``holder`` remembers whose list holds it."""
    move(state, iid, zone)
    card = state["inst"][iid]
    if seat != card["owner"]:
        state["players"][card["owner"]][zone].remove(iid)
        state["players"][seat][zone].append(iid)
        card["holder"] = seat


def leave_play(state: State, iid: str) -> None:
    card = state["inst"][iid]
    card.update(tapped=False, wounded=False, on=None, controller=None, face_down=False)
    card.pop("mods", None)
    for company in state["companies"]:
        if iid in company["chars"]:
            company["chars"].remove(iid)
    for other_id, other in state["inst"].items():
        if other["controller"] == iid:
            other["controller"] = None  # a follower whose leader left goes under general influence
        if other["on"] == iid and other["zone"] == "play" and other_id != iid:
            move(state, other_id, "discard")  # cards on a discarded character go with it
    state["companies"] = [c for c in state["companies"] if c["chars"]]


def attached(state: State, iid: str) -> list[str]:
    return [other for other, card in state["inst"].items() if card["on"] == iid and card["zone"] == "play"]


def company_of(state: State, iid: str) -> dict | None:
    return next((c for c in state["companies"] if iid in c["chars"]), None)


def company(state: State, cid: str) -> dict | None:
    return next((c for c in state["companies"] if c["id"] == cid), None)


def new_company(state: State, owner: int, site: str | None) -> dict:
    cid = f"g{state['next_id']}"
    state["next_id"] += 1
    group = {
        "id": cid,
        "owner": owner,
        "site": site,
        "chars": [],
        "dest": None,
        "route": None,
        "limit": None,
        "hazards": 0,
        "on_guard": [],
        "entered": False,
        "drawn": [0, 0],
    }
    state["companies"].append(group)
    return group


def company_size(state: State, chars: list[str]) -> int:
    """Characters count 1, hobbits and orc scouts ½, rounded up (Organisationsphase)."""
    halves = sum(1 if half_size(info(state, iid)) else 2 for iid in chars)
    return math.ceil(halves / 2)


def hazard_limit(state: State, group: dict) -> int:
    return max(2, company_size(state, group["chars"]))


def characters_in_play(state: State, seat: int) -> list[str]:
    return [iid for c in state["companies"] if c["owner"] == seat for iid in c["chars"]]


def general_influence_used(state: State, seat: int, extra: Info | None = None) -> int:
    used = sum(
        influence_cost(info(state, iid))
        for iid in characters_in_play(state, seat)
        if state["inst"][iid]["controller"] is None
    )
    return used + (influence_cost(extra) if extra else 0)


# Card text that changes the rules of this module, registered by the effects modules (which import this one):
# what items and events add to a character's direct influence; what happens when a play deck is exhausted.
DIRECT_INFLUENCE_BONUSES: list = []
DECK_EXHAUSTED: list = []


def direct_influence_free(state: State, leader: str) -> int:
    followers = [iid for iid, card in state["inst"].items() if card["controller"] == leader and card["zone"] == "play"]
    printed = (info(state, leader)["di"] or 0) + sum(bonus(state, leader) for bonus in DIRECT_INFLUENCE_BONUSES)
    return printed - sum(influence_cost(info(state, iid)) for iid in followers)


def avatar_in_play(state: State, seat: int) -> str | None:
    return next((iid for iid in characters_in_play(state, seat) if avatar_kind(info(state, iid))), None)


def site_info(state: State, group: dict) -> Info | None:
    return info(state, group["site"]) if group["site"] else None


def draw(state: State, seat: int, events_out: list | None = None) -> str | None:
    """Draw the top card of the play deck. Drawing the last card exhausts the deck at once (reshuffled,
    counted); a deck found empty (emptied by a card effect) is exhausted before drawing."""
    player = state["players"][seat]
    if not player["deck"]:
        exhaust(state, seat)
        if events_out is not None:
            events_out.append(("exhausted", seat))
        if not player["deck"]:
            return None
    iid = player["deck"][0]
    move(state, iid, "hand")
    if not player["deck"]:  # "aufgebraucht, sobald die letzte Karte gezogen worden ist"
        exhaust(state, seat)
        if events_out is not None:
            events_out.append(("exhausted", seat))
    return iid


def exhaust(state: State, seat: int) -> None:
    """ "Aufbrauchen des Spielstapels": sites back to the location deck, discard pile shuffled as new deck."""
    player = state["players"][seat]
    player["exhausted"] += 1
    for iid in list(player["discard"]):
        if info(state, iid)["type"] == "Site":
            move(state, iid, "sites")
    for iid in list(player["discard"]):
        move(state, iid, "deck")
    rng.shuffle(state["rng"], player["deck"])
    for hook in DECK_EXHAUSTED:  # card text: "Discard when any play deck is exhausted"
        hook(state)
