"""Where the game stands, as one named *window* and the seats the table waits for (issue 29).

The move table (``moves.py``) says in which windows each move is legal; this module reads the window off the
state. One function decides it, in the order in which things interrupt each other: the stage of the match,
an open proposal, a chain of effects (also one played inside an attack), a running attack by its step, the
agents' attack window, the window before an automatic attack, trimming hands, then the phase of the turn.

Windows of an attack (seeds/003 "Angriffe (Kämpfe)"):

- ``attack``: the attack is declared, strikes are not yet assigned: the defender may cancel it, the attacker
  play hazards on it ("Nachdem die Hiebe zugewiesen sind, dürfen keine Karten mehr gespielt werden, die die
  Anzahl der Hiebe modifizieren");
- ``assign``: strikes are assigned (defender, then attacker);
- ``resolve``: the defender chooses the next strike, the attacker puts excess strikes on it, the defender
  decides on support and staying untapped, the table rolls;
- ``strike``: cards before the chosen strike resolves ("Vor der Abwicklung eines Hiebes kann der Angreifer
  weitere Gefahrenkarten spielen … Außerdem kann der Verteidiger Unterstützungskarten spielen");
- ``body_check``: a body check is about to be rolled (cards that modify it);
- ``takeover``: the items of an eliminated character pass on.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import state as st

PHASE_WINDOWS = ("untap", "organization", "long_event", "movement", "site", "end")
STAGE_WINDOWS = ("deck", "draft", "start", "council", "over")
COMBAT_WINDOWS = ("attack", "assign", "strike", "resolve", "body_check", "takeover")
# Every window; the order is the documentation's.
WINDOWS = (
    *STAGE_WINDOWS,
    *PHASE_WINDOWS,
    "before_auto_attack",
    "agent_attack",
    "chain",
    *COMBAT_WINDOWS,
    "trim",
    "request",
)
ATTACKER_STAGES = ("attacker", "excess", "strike_attacker")
# The attack's internal step → its window.
STAGE_TO_WINDOW = {
    "cards": "attack",
    "defender": "assign",
    "attacker": "assign",
    "rest": "assign",
    "resolve": "resolve",
    "strike_attacker": "resolve",
    "strike_defender": "resolve",
    "body": "body_check",
    "takeover": "takeover",
}


@dataclass(frozen=True)
class Window:
    name: str
    seats: tuple[int, ...]


def attack_seat(state: dict) -> int | None:
    """Whose step it is in the running attack (a card window: the seat holding priority in it)."""
    attack = state.get("attack")
    if not attack:
        return None
    cards = attack.get("window")
    if cards:
        return cards["seat"]
    if attack["stage"] == "takeover" and attack["takeover"].get("seat") is not None:
        return attack["takeover"]["seat"]
    return attack["attacker"] if attack["stage"] in ATTACKER_STAGES else attack["defender"]


def attack_window(attack: dict) -> str:
    cards = attack.get("window")
    return cards["name"] if cards else STAGE_TO_WINDOW.get(attack["stage"], "assign")


def current(state: dict) -> Window:
    stage = state["stage"]
    players = state["players"]
    if stage == "deck":
        return Window(stage, tuple(s for s in (0, 1) if players[s]["alignment"] is None))
    if stage == "draft":
        return Window(stage, tuple(s for s in (0, 1) if not players[s]["stopped"] and players[s]["pick"] is None))
    if stage == "start":
        return Window(stage, tuple(s for s in (0, 1) if not players[s]["start_done"]))
    if stage == "council":
        return Window(stage, tuple(s for s in (0, 1) if not state["council"]["done"][s]))
    if stage != "play":
        return Window("over", ())
    if state.get("request"):
        return Window("request", (1 - state["request"]["seat"],))  # a proposal waits for its answer
    if state["chain"]:
        return Window("chain", (state["priority"],))
    attack = state.get("attack")
    if attack:
        return Window(attack_window(attack), (attack_seat(state),))
    turn = state["turn"]
    if turn.get("agent_window"):
        return Window("agent_attack", (1 - turn["active"],))  # an agent may attack the company (agents.py)
    if turn.get("auto_attack_window"):
        return Window("before_auto_attack", (1 - turn["active"],))  # on-guard cards before it (site.py)
    trim = tuple(s for s in (0, 1) if len(players[s]["hand"]) > st.HAND_SIZE and turn.get("trim"))
    if trim:
        return Window("trim", trim)
    if turn["phase"] == "movement" and turn.get("company") and st.company(state, turn["company"]):
        return Window("movement", tuple(s for s in (0, 1) if not turn["done"][s]))
    return Window(turn["phase"], (turn["active"],))
