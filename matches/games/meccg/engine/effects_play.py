"""Where a scripted card may be played, on what and by whom (issue 30): the windows, the targets, the actors and
the (target, actor) pairs a mode allows now. ``effects.py`` builds the plays and the buttons on it; abilities of
cards in play (``effects_abilities.py``) use the same functions."""

from __future__ import annotations

from matches.engine.base import State, gettext_noop

from . import effects_hazards, effects_state, scripts, windows
from . import state as st
from .effects_apply import EFFECT_WORDS, STAT_NAMES
from .effects_match import character_ok, company_ok, table_ok
from .effects_resources import RESOURCE_WORDS
from .effects_resources import pick_options as resource_pick_options
from .effects_resources import target_ok as resource_target_ok

OWN_PHASES = scripts.OWN_PHASES


CARD_WINDOWS = ("attack", "strike", "body_check")
OWN_PHASES = scripts.OWN_PHASES
NO_ANY = ("request", "trim", "deck", "draft", "start", "council", "over")


def play_window(state: State) -> str:
    """The window a card would be played in now: a chain's answers belong to the window it began in."""
    if state["chain"]:
        return state.get("chain_window") or "chain"
    return windows.current(state).name


def side_seat(state: State, window: str, hazard: bool) -> int | None:
    """Who plays a card of this side in this window (None: nobody)."""
    turn = state.get("turn")
    if window in CARD_WINDOWS:
        attack = state.get("attack")
        if not attack:
            return None
        return attack["attacker"] if hazard else attack["defender"]
    if not turn or window not in OWN_PHASES:
        return None
    if hazard:
        return 1 - turn["active"] if window == "movement" else None
    return turn["active"]


def _may_play(state: State, seat: int, hazard: bool, mode: dict, window: str) -> bool:
    if "any" in mode["play"] and state["stage"] == "play" and state.get("turn") and window not in NO_ANY:
        return True
    return window in mode["play"] and side_seat(state, window, hazard) == seat


def window_company(state: State, window: str) -> dict | None:
    """The company cards of this window are about: the attacked one, or the one whose phase it is."""
    if state.get("attack") and (window in CARD_WINDOWS or state["attack"]):
        return st.company(state, state["attack"]["company"])
    turn = state.get("turn")
    if turn and turn.get("company"):
        return st.company(state, turn["company"])
    return None


def _targets(state: State, seat: int, hazard: bool, mode: dict, window: str) -> list[dict]:
    kind = mode["target"]
    attack = state.get("attack")
    if kind == "none":
        return [{"kind": "table"}]
    if kind == "attack":
        return [{"kind": "attack"}] if attack else []
    if kind == "striked":
        return [{"kind": "character", "id": attack["strike"]}] if attack and attack.get("strike") else []
    if kind == "card":
        return [{"kind": "card", "id": iid} for iid, _ in effects_state.face_up_in_play(state)]
    if kind == "link":
        return [{"kind": "link", "id": link["card"]} for link in state["chain"]]
    if kind == "any_character":
        return [{"kind": "character", "id": iid} for s in (0, 1) for iid in st.characters_in_play(state, s)]
    group = window_company(state, window)
    if kind == "company":
        if hazard or attack or (window != "organization" and group):
            return [{"kind": "company", "id": group["id"]}] if group else []
        return [{"kind": "company", "id": c["id"]} for c in state["companies"] if c["owner"] == seat]
    if kind == "attacked" or hazard:
        chars = list(group["chars"]) if group else []
    elif group and window in ("movement", "site"):
        chars = list(group["chars"])
    else:
        chars = st.characters_in_play(state, seat)
    return [{"kind": "character", "id": iid} for iid in chars]


def _card_ok(state: State, seat: int, target: dict, want: dict) -> bool:
    iid = target["id"]
    if target["kind"] == "link":
        if not any(link["card"] == iid for link in state["chain"]):
            return False
    elif state["inst"].get(iid, {}).get("zone") != "play":
        return False
    info = st.info(state, iid)
    if "type" in want and info["type"] != want["type"]:
        return False
    if info["type"] in ("Site", "Region") or (info["type"] == "Character" and want.get("type") != "Character"):
        return False
    if "subtype" in want and not any(word in info["subtype"] for word in want["subtype"]):
        return False
    if "environment" in want and bool(info.get("environment")) != want["environment"]:
        return False
    if "name" in want and info["name_en"] not in want["name"]:
        return False
    owner = state["inst"][iid]["owner"]
    return not ("side" in want and (owner == seat) != (want["side"] == "own"))


def _target_ok(state: State, seat: int, target: dict, requires: dict) -> bool:
    if not table_ok(state, requires) or not resource_target_ok(state, seat, target, requires):
        return False
    kind = target["kind"]
    if kind in ("card", "link"):
        return _card_ok(state, seat, target, requires["card"])
    if kind == "company":
        return company_ok(state, st.company(state, target["id"]), requires)
    if kind == "character":
        iid = target["id"]
        return character_ok(state, iid, requires) and company_ok(state, st.company_of(state, iid), requires)
    group = window_company(state, play_window(state))
    return company_ok(state, group, requires) if group else not _company_words(requires)


def _company_words(requires: dict) -> bool:
    return bool({"moving", "route_has", "route_count", "site_type", "alignment"} & requires.keys())


def _actors(state: State, seat: int, mode: dict, target: dict, window: str) -> list[str | None]:
    if "actor" not in mode:
        return [None]
    group = window_company(state, window) if window in CARD_WINDOWS or state.get("attack") else None
    if target["kind"] == "character" and st.company_of(state, target["id"]):
        own_target = state["inst"][target["id"]]["owner"] == seat
        group = st.company_of(state, target["id"]) if own_target else group
    if target["kind"] == "company":
        found = st.company(state, target["id"])
        group = found if found and found["owner"] == seat else group
    chars = list(group["chars"]) if group and group["owner"] == seat else st.characters_in_play(state, seat)
    tap = "tap_actor" in mode["cost"]
    return [
        iid
        for iid in chars
        if character_ok(state, iid, mode["actor"])
        and not (tap and (state["inst"][iid]["tapped"] or state["inst"][iid]["wounded"]))
    ]


def _usable(state: State, seat: int, hazard: bool, mode: dict, window: str) -> list[tuple[dict, str | None]]:
    """(target, actor) pairs this mode may be played on now (empty: not playable)."""
    if not _may_play(state, seat, hazard, mode, window):
        return []
    if "discard" in mode and not effects_hazards.pick_rule(state, seat, mode)[0]:
        return []  # nothing in hand to discard for it
    if window == "strike" and not hazard and mode["requires"].get("skill") and _skill_card_played(state):
        return []  # "pro Hieb nur eine Unterstützungskarte …, die einen Beruf erfordert"
    tap_target = "tap_target" in mode["cost"]
    found = []
    for target in _targets(state, seat, hazard, mode, window):
        if not _target_ok(state, seat, target, mode["requires"]):
            continue
        if tap_target and (state["inst"][target["id"]]["tapped"] or state["inst"][target["id"]]["wounded"]):
            continue
        found += [(target, actor) for actor in _actors(state, seat, mode, target, window)]
    return found


def _skill_card_played(state: State) -> bool:
    attack = state.get("attack")
    return bool(attack and attack.get("skill_card") == attack.get("strike"))


def _hazard(info: dict) -> bool:
    return info["type"] == "Hazard"


def uses(state: State, seat: int, iid: str) -> list[tuple[int, dict, list[tuple[dict, str | None]]]]:
    """(mode index, mode, (target, actor) pairs) for every use of a scripted hand card possible now."""
    info = st.info(state, iid)
    script = scripts.script(info["code"], state)
    if script is None:
        return []
    window = play_window(state)
    found = []
    for index, mode in enumerate(script["modes"]):
        pairs = _usable(state, seat, _hazard(info), mode, window)
        if pairs:
            found.append((index, mode, pairs))
    return found


def any_time(state: State, seat: int, iid: str) -> bool:
    """A card of the ``any`` window playable now by its holder (Twilight): outside the phase rules."""
    window = play_window(state)
    return any("any" in mode["play"] and window not in mode["play"] for _, mode, _ in uses(state, seat, iid))


def _wanted(raw) -> str | None:
    if isinstance(raw, dict):
        return raw.get("id")
    return raw if isinstance(raw, str) else None


def _pick_options(state: State, seat: int, mode: dict) -> list[str | None]:
    from .effects_apply import fetchable

    fetch = next((e for e in mode["effects"] if e["do"] == "fetch"), None)
    if fetch is None:
        rule = effects_hazards.pick_rule(state, seat, mode)  # a hand card discarded as the cost
        if rule and rule[2] and rule[0]:
            return rule[0][:8]
        found = resource_pick_options(state, seat, mode)  # a character brought into play (A Chance Meeting)
        return [None] if found is None else found
    seen, found = set(), []
    for iid in fetchable(state, seat, fetch):
        code = state["inst"][iid]["code"]
        if code not in seen:
            seen.add(code)
            found.append(iid)
    return found[:8] or [None]


def _effect_word(effect: dict) -> dict:
    from .log_text import part, signed

    if effect["do"] == "modify":
        return part(
            gettext_noop("%(stat)s %(value)s"), stat=part(STAT_NAMES[effect["stat"]]), value=signed(effect["by"])
        )
    return part({**EFFECT_WORDS, **RESOURCE_WORDS}[effect["do"]])
