"""The second half of the effects a scripted card carries out (``effects_apply.py`` has the first): checks and
rolls the table makes, the hazard limit, protections of a company for the turn, environments (issue 30)."""

from __future__ import annotations

from matches.engine.base import State, gettext_noop

from . import state as st
from .effects_apply import APPLY_HANDLERS
from .effects_state import add, face_up_in_play
from .effects_state import name_of as _name
from .log_text import part, signed


def _company_of_link(state: State, link: dict) -> dict | None:
    target = link["target"]
    if target["kind"] == "company":
        return st.company(state, target["id"])
    if target["kind"] == "character":
        return st.company_of(state, target["id"])
    attack = state.get("attack")
    if attack:
        return st.company(state, attack["company"])
    turn = state.get("turn") or {}
    return st.company(state, turn["company"]) if turn.get("company") else None


def _corruption_check(ops, state, link, info, effect, events):
    who = link["target"].get("id") if effect["who"] == "target" else link.get("actor")
    if not who or state["inst"].get(who, {}).get("zone") != "play":
        return None
    add(state, link, info, who, "corruption", effect["by"], "check")
    ops._corruption_check(state, state["inst"][who]["owner"], who, events)
    return part(
        gettext_noop("Versuchungswurf für %(character)s (%(value)s)"),
        character=_name(state, who),
        value=signed(effect["by"]),
    )


def _hazard_limit(ops, state, link, info, effect, events):
    group = _company_of_link(state, link)
    if group is None:
        return None
    turn = state.get("turn") or {}
    floor = effect.get("min", 0)
    if turn.get("phase") == "movement" and turn.get("company") == group["id"] and group.get("limit") is not None:
        group["limit"] = max(floor, group["limit"] + effect["by"])
    else:  # read when the company's movement/hazard phase fixes its limit (``limit_change``)
        add(state, link, info, group["id"], "hazard_limit", effect["by"], "turn", min=floor)
    return part(gettext_noop("Gefahrenlimit %(value)s"), value=signed(effect["by"]))


def limit_change(state: State, group: dict) -> int:
    """The hazard-limit changes cards made to this company earlier in the turn (hazard_phase reads them)."""
    found = [e for e in state.get("effects") or () if e["target"] == group["id"] and e["stat"] == "hazard_limit"]
    return sum(e["by"] for e in found)


def _protect(ops, state, link, info, effect, events):
    group = _company_of_link(state, link)
    if group is None:
        return None
    add(state, link, info, group["id"], "protect", 0, "turn", what=effect["what"])
    if effect["what"] == "creatures":
        return part(gettext_noop("keine Gefahrenkreaturen gegen diese Gemeinschaft in dieser Runde"))
    return part(gettext_noop("Angriffe von Gefahrenkreaturen gegen diese Gemeinschaft in dieser Runde abgebrochen"))


def _no_site_phase(ops, state, link, info, effect, events):
    group = _company_of_link(state, link)
    if group is None:
        return None
    add(state, link, info, group["id"], "no_site_phase", 0, "turn")
    return part(gettext_noop("die Gemeinschaft tut in ihrer Ortsphase nichts"))


def _roll(ops, state, link, info, effect, events):
    who = link["target"].get("id")
    owner = state["inst"][who]["owner"] if who else link["seat"]
    if effect["plus"] == "none":
        extra = 0
        what = gettext_noop("nichts")
    elif effect["plus"] == "mind":
        extra = st.info(state, who)["mind"] or 0
        what = gettext_noop("Geisteskraft")
    else:
        extra = max(0, st.GENERAL_INFLUENCE - st.general_influence_used(state, owner))
        what = gettext_noop("freier allgemeiner Einfluss")
    dice = ops._roll2d6(state)
    total = sum(dice) + extra
    hit = total < effect["below"] if "below" in effect else total > effect["above"]
    if hit:
        for then in effect["then"]:
            APPLY_HANDLERS[then["do"]](ops, state, link, info, then, events)
    return part(
        gettext_noop("Wurf %(a)s+%(b)s + %(what)s %(extra)s = %(total)s, nötig %(need)s: %(outcome)s"),
        a=dice[0],
        b=dice[1],
        what=part(what),
        extra=extra,
        total=total,
        need=f"< {effect['below']}" if "below" in effect else f"> {effect['above']}",
        outcome=part(gettext_noop("trifft") if hit else gettext_noop("ohne Wirkung")),
    )


def _environment(ops, state, link, info, effect, events):
    """ "When Doors of Night is played, all resource environment cards in play are immediately discarded."""
    other = "Resource" if effect["side"] == "hazard" else "Hazard"
    gone = [
        iid
        for iid, found in list(face_up_in_play(state))
        if found.get("environment") and found["type"] == other and iid != link["card"]
    ]
    for iid in gone:
        st.move(state, iid, "discard")
    return part(
        gettext_noop("Umweltkarten der anderen Seite abgeworfen: %(cards)s"),
        cards=[_name(state, i) for i in gone] or "–",
    )


MORE_HANDLERS = {
    "corruption_check": _corruption_check,
    "hazard_limit": _hazard_limit,
    "protect": _protect,
    "no_site_phase": _no_site_phase,
    "roll": _roll,
    "environment": _environment,
}
