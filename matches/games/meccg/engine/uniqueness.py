"""Unique cards across the table (issue 29; seeds/003 "Einzigartig": "Einzigartige Karten … dürfen nur einmal im
Spiel sein"): one card of a unique name at a time, whoever plays it and in whatever version (the hero and the
minion Palantír of Minas Tirith are one card), counting the chain (a card played is in play), an eliminated
character (out of play, or in the opponent's marshalling point pile after company combat: "der Charakter darf
auch nicht von einem anderen Spieler erneut gespielt werden"). A face-down agent is not in play for uniqueness
("Ein verdeckt liegender Agent befindet sich hinsichtlich Einzigartigkeit nicht im Spiel").
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from .cardinfo import Info, key


def clash(state: State, info: Info) -> bool:
    """Whether a card of this unique name (and kind: a character is not its agent's or a creature's namesake
    for this rule unless it is a character too) is already in play or gone for good."""
    if not info["unique"]:
        return False
    name = key(info["name_en"])
    for other in state["inst"].values():
        other_info = state["cards"][other["code"]]
        if key(other_info["name_en"]) != name or other_info["type"] != info["type"]:
            continue
        if other.get("agent") is not None and other["face_down"]:
            continue
        zone = other["zone"]
        eliminated = info["type"] == "Character" and (
            zone == "out" or (zone == "mp" and other.get("holder", other["owner"]) != other["owner"])
        )
        if zone == "play" or eliminated:
            return True
    return False


def check(state: State, info: Info) -> None:
    if clash(state, info):
        raise IllegalAction(
            "unique_in_play",
            gettext_noop("%(card)s ist einzigartig und schon im Spiel (oder aus dem Spiel)."),
            card=info["name_de"],
        )
