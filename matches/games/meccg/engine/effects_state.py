"""Effects in force (issue 29, extended by issue 30): the effects a resolved card left with a duration
(``state["effects"]``), and the continuous effects of the permanent and long events in play (their scripts'
``while_in_play``). Plain functions over the state; the rules that must read them call in here (stats,
combat's attack, the hazard limit, keying's Doors of Night).

An effect with a duration is ``{"card", "name", "target", "stat", "by", "until"}`` (``stat`` ``no_tap`` for a
character that does not tap against its strike; ``protect``/``no_site_phase`` on a company), public to both
players; ``expire`` ends them.
"""

from __future__ import annotations

from matches.engine.base import State

from . import scripts
from . import state as st
from .cardinfo import key
from .factions import race_key


def race_keys(race: str) -> set[str]:
    """'Orcs,Men' → {'orc', 'man'}; 'Drake' → {'drake'} (singular keys, as ``factions.race_key`` gives them)."""
    found = set()
    for word in (race or "").replace("/", ",").split(","):
        plain = race_key(word)
        if plain.endswith("ves"):
            plain = plain[:-3] + "f"  # Elves → elf, Dwarves → dwarf
        elif plain == "men":
            plain = "man"
        elif plain.endswith("s") and plain not in ("undead",):
            plain = plain[:-1]
        found.add(plain)
    return found - {""}


def face_up_in_play(state: State):
    """(iid, info) of every face-up card on the table."""
    for player in state["players"]:
        for iid in player["play"]:
            if not state["inst"][iid]["face_down"]:
                yield iid, st.info(state, iid)


def in_play(state: State, names: list[str]) -> bool:
    wanted = {key(n) for n in names}
    if "doorsofnight" in wanted and doors_of_night(state):
        return True
    return any(key(info["name_en"]) in wanted for _, info in face_up_in_play(state))


def _continuous(state: State):
    """(iid, effect) of every ``while_in_play`` effect of a scripted event in play (card text on)."""
    if not state.get("card_text", True):
        return
    for iid, info in face_up_in_play(state):
        found = scripts.entry(info["code"])
        if found and found["kind"] == "event" and state["inst"][iid].get("resolved"):
            for effect in found.get("while_in_play") or ():
                yield iid, effect


def doors_of_night(state: State) -> bool:
    """Doors of Night in play (or a card that makes it count as in play, "Peril Returned" without Gates)."""
    names = {key(info["name_en"]) for _, info in face_up_in_play(state)}
    if "doorsofnight" in names:
        return True
    return any(e["do"] == "doors_of_night" for _, e in _continuous(state)) and "gatesofmorning" not in names


# --- effects with a duration ------------------------------------------------------------------------------


def modifiers(state: State, target: str, stat: str) -> list[tuple[str, int]]:
    """(card name, value) of the effects in force on ``target``'s ``stat``: those with a duration and, for a
    character's prowess or body, the continuous ``company_stat`` of events on its company."""
    found = [(e["name"], e["by"]) for e in state.get("effects") or () if e["target"] == target and e["stat"] == stat]
    if stat == "corruption" and target in state["inst"]:
        group = st.company_of(state, target)
        for iid, effect in _continuous(state):
            if effect["do"] == "bearer_corruption" and state["inst"][iid]["on"] == target and group:
                found.append((st.info(state, iid)["name_de"], len(group["chars"])))
    if stat == "strike_prowess":
        found += _versus_race(state, target)  # "+4 prowess versus Ringwraiths" (a creature's text)
    if stat in ("prowess", "body") and target in state["inst"]:
        group = st.company_of(state, target)
        for iid, effect in _continuous(state):
            if effect["do"] == "company_stat" and effect["stat"] == stat and group:
                on = state["inst"][iid]["on"]
                if on == group["id"] or on in group["chars"]:
                    found.append((st.info(state, iid)["name_de"], effect["by"]))
    return found


def _versus_race(state: State, target: str) -> list[tuple[str, int]]:
    """(creature name, value) of a creature's "+N prowess versus <race>" (``prowess_vs``, effects_hazards) on the
    strike against ``target``."""
    attack = state.get("attack") or {}
    versus = attack.get("prowess_vs")
    if not versus or attack.get("strike") != target or target not in state["inst"]:
        return []
    if not race_keys(st.info(state, target)["race"]) & race_keys(",".join(versus["races"])):
        return []
    return [(attack["name"], versus["by"])]


def has(state: State, target: str, stat: str) -> bool:
    return any(e["target"] == target and e["stat"] == stat for e in state.get("effects") or ())


def use(state: State, target: str, stat: str) -> list[tuple[str, int]]:
    """The ``check`` effects on a check that happens now: counted once, then gone."""
    found = modifiers(state, target, stat)
    state["effects"] = [
        e
        for e in state.get("effects") or ()
        if not (e["target"] == target and e["stat"] == stat and e["until"] == "check")
    ]
    return found


def expire(state: State, *untils: str) -> None:
    """End the effects of these durations ("turn" also ends the unused "check" effects)."""
    if "turn" in untils:
        untils = (*untils, "check", "strike", "attack")
    if state.get("effects"):
        state["effects"] = [e for e in state["effects"] if e["until"] not in untils]


# --- hooks the rules call ---------------------------------------------------------------------------------


def attack_bonus(state: State, attack: dict) -> list[tuple[str, dict]]:
    """(card name, {"prowess", "strikes"}) of the continuous effects on an attack of this race and source."""
    races = race_keys(attack.get("race") or "")
    doors = doors_of_night(state)
    found = []
    for iid, effect in _continuous(state):
        if effect["do"] != "attack_bonus":
            continue
        if not races & race_keys(",".join(effect.get("races") or ())):
            continue
        if effect.get("source") and effect["source"] != attack.get("source"):
            continue
        if effect.get("not_source") and effect["not_source"] == attack.get("source"):
            continue
        if effect.get("only_doors") and not doors:
            continue
        values = {"prowess": effect.get("prowess", 0), "strikes": effect.get("strikes", 0)}
        if doors and effect.get("doors"):
            values.update(effect["doors"])
        found.append((st.info(state, iid)["name_de"], values))
        if effect.get("discard_when_defeated"):
            attack.setdefault("discard_if_beaten", []).append(iid)
    return found


def stays_tapped(state: State, iid: str) -> bool:
    """ "This card does not untap during your untap phase" (Power Built by Waiting)."""
    found = scripts.entry(st.info(state, iid)["code"]) if state.get("card_text", True) else None
    return bool(found) and any(e["do"] == "no_untap" for e in found.get("while_in_play") or ())


def company_protected(state: State, company_id: str, what: str) -> str | None:
    """The card name of an effect this turn that protects the company (``creatures``/``creature_attacks``)."""
    return next(
        (
            e["name"]
            for e in state.get("effects") or ()
            if e["target"] == company_id and e["stat"] == "protect" and e.get("what") == what
        ),
        None,
    )


def no_site_phase(state: State, company_id: str) -> str | None:
    """The card name that makes the company do nothing in its site phase this turn."""
    return next(
        (e["name"] for e in state.get("effects") or () if e["target"] == company_id and e["stat"] == "no_site_phase"),
        None,
    )


def add(state: State, link: dict, info: dict, target, stat: str, by: int, until: str, **extra) -> None:
    """An effect with a duration, in force from now (``link``: the card's link on the chain)."""
    state.setdefault("effects", []).append(
        {"card": link["card"], "name": info["name_de"], "target": target, "stat": stat, "by": by, "until": until}
        | extra
    )


def name_of(state: State, iid: str | None) -> str:
    return st.info(state, iid)["name_de"] if iid and iid in state["inst"] else "–"
