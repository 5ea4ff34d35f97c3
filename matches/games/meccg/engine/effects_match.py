"""The conditions of a card script (``requires``, ``actor``): on a character, on its company, on the attack and
on the table (issue 30). Plain functions over the state."""

from __future__ import annotations

from matches.engine.base import State

from . import state as st
from .cardinfo import avatar_kind
from .effects_hazards import attack_by, attack_without, bears_kind, company_without, dest_has_auto
from .effects_resources import character_ok as resource_character_ok
from .effects_state import doors_of_night, in_play, race_keys


def character_ok(state: State, iid: str, want: dict) -> bool:
    """A character (in play) meets ``skill``, ``race``, ``not_race``, ``untapped``, ``wounded``, ``unwounded``,
    ``mind_max``, ``bears``, ``company_size_max``."""
    card = state["inst"][iid]
    info = st.info(state, iid)
    if "skill" in want and want["skill"] not in info["skills"].casefold():
        return False
    races = race_keys(info["race"])
    if "race" in want and not races & race_keys(",".join(want["race"])):
        return False
    if "not_race" in want and races & race_keys(",".join(want["not_race"])):
        return False
    if want.get("untapped") and (card["tapped"] or card["wounded"]):
        return False
    if want.get("wounded") and not card["wounded"]:
        return False
    if want.get("unwounded") and card["wounded"]:
        return False
    if "mind_max" in want and (info["mind"] or 0) > want["mind_max"]:
        return False
    if "bears" in want:
        kinds = [st.info(state, i)["subtype"] for i in st.attached(state, iid)]
        if not any(word in kind for kind in kinds for word in want["bears"]):
            return False
    if "bears_kind" in want and not bears_kind(state, iid, want["bears_kind"]):
        return False
    if "not_bears" in want:
        names = {st.info(state, i)["name_en"] for i in st.attached(state, iid)}
        if names & set(want["not_bears"]):
            return False
    if want.get("avatar_company"):
        group = st.company_of(state, iid)
        if group is None or not any(avatar_kind(st.info(state, c)) for c in group["chars"]):
            return False
    if "company_chars_max" in want:
        group = st.company_of(state, iid)
        if group is None or len(group["chars"]) > want["company_chars_max"]:
            return False
    if "company_size_max" in want:
        group = st.company_of(state, iid)
        if group is None or st.company_size(state, group["chars"]) > want["company_size_max"]:
            return False
    return resource_character_ok(state, iid, want)


def _route_symbols(group: dict) -> list[str]:
    route = group.get("route") if group.get("dest") else None
    if not route:
        return []
    return [t.strip("{}") for t in route.get("types") or ()]


def company_ok(state: State, group: dict | None, want: dict) -> bool:
    """The company meets ``moving``, ``route_has``, ``route_count``, ``site_type``, ``alignment``."""
    if "dest_auto_attack" in want and not dest_has_auto(state, group):  # Tidings of Bold Spies
        return False
    if "company_without" in want and not company_without(state, group, want["company_without"]):
        return False
    words = {"moving", "route_has", "route_count", "site_type", "alignment"} & want.keys()
    if not words:
        return True
    if group is None:
        return False
    moving = bool(group.get("dest"))
    if "moving" in want and moving != want["moving"]:
        return False
    symbols = _route_symbols(group)
    if "route_has" in want and not set(symbols) & set(want["route_has"]):
        return False
    if "route_count" in want and symbols.count(want["route_count"]["symbol"]) < want["route_count"]["n"]:
        return False
    if "site_type" in want:
        site = st.info(state, group["dest"] or group["site"]) if (group["dest"] or group["site"]) else None
        kind = (site or {}).get("site_type", "").strip("{}")
        if kind not in want["site_type"]:
            return False
    return not ("alignment" in want and state["players"][group["owner"]]["alignment"] not in want["alignment"])


def table_ok(state: State, want: dict) -> bool:
    """The attack and the table meet ``attack_race``, ``attack_card``, ``attack_source``, ``in_play``,
    ``not_in_play``, ``doors_of_night``."""
    attack = state.get("attack")
    races = race_keys((attack or {}).get("race") or "")
    if "attack_race" in want and not races & race_keys(",".join(want["attack_race"])):
        return False
    if "attack_card" in want:
        made_by = st.info(state, attack["card"])["name_en"] if attack and attack.get("card") else ""
        if not any(made_by.startswith(name) for name in want["attack_card"]):
            return False
    if "attack_source" in want and (not attack or attack.get("source") != want["attack_source"]):
        return False
    if "phase" in want and (state.get("turn") or {}).get("phase") not in want["phase"]:
        return False
    if "in_play" in want and not in_play(state, want["in_play"]):
        return False
    if "not_in_play" in want and in_play(state, want["not_in_play"]):
        return False
    if "attack_without" in want and not attack_without(state, want["attack_without"]):
        return False
    if "attack_by" in want and not attack_by(state, want["attack_by"]):
        return False
    return not ("doors_of_night" in want and doors_of_night(state) != want["doors_of_night"])
