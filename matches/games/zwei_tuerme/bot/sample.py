"""A full game state that agrees with a view: the hidden parts drawn at random from what is possible.

Used by the strong player to look ahead. Everything the view does not show is *invented* here from
the bot's own generator: the other hands, the order of the piles, the tiles under the orcs, the
engine's generator. The true hidden parts never reach this module.
"""

from __future__ import annotations

import random
from typing import Any

from matches.engine import rng

from .seen import Seen


def _tile_ids(seen: Seen) -> dict[tuple[int, bool], list[int]]:
    ids: dict[tuple[int, bool], list[int]] = {}
    for i, tile in enumerate(seen.data.tiles):
        ids.setdefault((tile.value, tile.ent), []).append(i)
    return ids


def sample_state(seen: Seen, chooser: random.Random) -> dict[str, Any]:
    view, data = seen.view, seen.data
    players = seen.players
    # tiles: the revealed ones by kind, the rest shuffled under the orcs and into the supply
    ids = _tile_ids(seen)
    captured = []
    for seat in view["seats"]:
        captured.append([ids[(t["value"], t["ent"])].pop() for t in seat["captured"] or ()])
    pool = [i for kind in sorted(ids) for i in ids[kind]]
    chooser.shuffle(pool)
    # another seat's face-down tiles: as many as it holds, drawn from the unseen ones
    for seat in view["seats"]:
        if seat["captured"] is None:
            captured[seat["seat"]] = [pool.pop() for _ in range(min(seat["tiles"], len(pool)))]
    tiles = {}
    for i, cell in enumerate(seen.grid.cells):
        if cell == "o":
            tiles[f"{i // seen.grid.columns + 1},{i % seen.grid.columns + 1}"] = pool.pop()
    # hero cards: mine are known, the open discard pile too; the rest anywhere unseen
    mine = [c.id for c in seen.hand]
    top = [c["id"] for c in view.get("hero_discard_pile") or view["hero_discard"]]
    unseen = sorted(set(data.heroes) - set(mine) - set(top))
    chooser.shuffle(unseen)
    hands = []
    for seat in view["seats"]:
        if seat["seat"] == seen.me:
            hands.append(list(mine))
        else:
            hands.append([unseen.pop() for _ in range(min(seat["hand_size"], len(unseen)))])
    sizes = view["pile_sizes"]
    hero_pile = [unseen.pop() for _ in range(min(sizes["heroes"], len(unseen)))]
    hero_discard = unseen + top
    orc_pile, orc_discard = _orc_cards(view, data, chooser)
    event_pile, events_done = _event_cards(view, data, chooser)
    return {
        "game": view["game"],
        "players": players,
        "variant": view["variant"],
        "rng": rng.new(chooser.getrandbits(63)),
        "position": view["position"],
        "tiles": tiles,
        "supply": pool,
        "captured": captured,
        "figures": [list(seat["figures"]) for seat in view["seats"]],
        "hands": hands,
        "hero_pile": hero_pile,
        "hero_discard": hero_discard,
        "orc_pile": orc_pile,
        "orc_discard": orc_discard,
        "event_pile": event_pile,
        "events_done": events_done,
        "ent": view["ent"],
        "phase": view["phase"],
        "turn": view["turn"],
        "placing": [],
        "turns": view["turns"],
        "last_orc": view["last_orc_card"],
        "last_event": (view["last_event"] or {}).get("id"),
        "last_move": view["last_move"],
        "result": None,
    }


def _orc_cards(view: dict[str, Any], data, chooser: random.Random) -> tuple[list[str], list[str]]:
    """The open discard pile as the view shows it; the pile is the other cards in a random order."""
    sizes = view["pile_sizes"]
    if "orc_discard" in view:
        discard = list(view["orc_discard"])
        pile = sorted(set(data.orc_cards) - set(discard))
        chooser.shuffle(pile)
        return pile, discard
    # an older view without the open pile: only the last card played is placed
    last = (view["last_orc_card"] or {}).get("card")
    cards = sorted(data.orc_cards)
    chooser.shuffle(cards)
    if last in cards and sizes["orcs"] < len(cards):
        cards.remove(last)
        cards.append(last)
    return cards[: sizes["orcs"]], cards[sizes["orcs"] :]


def _event_cards(view: dict[str, Any], data, chooser: random.Random) -> tuple[list[str], list[str]]:
    """Event cards: those read aloud are known; the rest lie pile 1 on top, 3 at the bottom."""
    done = list(view.get("events_done") or [])
    left = view["pile_sizes"]["events"]
    events = []
    for number in (1, 2, 3):
        group = sorted(e for e, card in data.events.items() if card["pile"] == number and e not in done)
        chooser.shuffle(group)
        events += group
    if "events_done" in view:
        return events[len(events) - left :] if left else [], done
    return (events[len(events) - left :], events[: len(events) - left]) if left else ([], events)
