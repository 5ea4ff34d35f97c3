"""Card text that acts by itself at a moment of the turn (issue 30): "makes a corruption check at the end of his
untap phase if at a Haven", "… at the end of his movement/hazard phase for each Wilderness in his company's site
path" (the scripts' ``triggers``), and what ends with the turn ("until the end of the turn"; a short event that
stays on its company for the turn, River)."""

from __future__ import annotations

from matches.engine.base import Event, State, Text, gettext_noop

from . import scripts
from . import state as st
from .cardinfo import is_haven
from .effects_state import add, expire


def _log(events: list[Event], template: str, **params) -> None:
    events.append(Event(Text(template, params), data={"kind": "log"}))


def turn_over(state: State, events: list[Event]) -> None:
    """A new turn begins: effects "until the end of the turn" end (logged); cards kept for the turn are
    discarded."""
    for effect in state.get("effects") or ():
        if effect["until"] in ("turn", "check"):
            target = effect["target"]
            _log(
                events,
                gettext_noop("Die Wirkung von %(card)s auf %(target)s endet mit der Runde."),
                card=effect["name"],
                target=st.info(state, target)["name_de"] if target in state["inst"] else "–",
            )
    expire(state, "turn")
    for player in state["players"]:
        for iid in list(player["play"]):
            if state["inst"][iid].get("turn_card"):
                state["inst"][iid].pop("turn_card")
                st.move(state, iid, "discard")
                _log(events, gettext_noop("%(card)s endet mit der Runde."), card=st.info(state, iid)["name_de"])


def _triggered(state: State, when: str):
    """(iid, bearer, trigger) of every resolved card in play on a character with a trigger ``when``."""
    if not state.get("card_text", True):
        return
    for player in state["players"]:
        for iid in list(player["play"]):
            card = state["inst"][iid]
            bearer = card.get("on")
            if not card.get("resolved") or bearer not in state["inst"]:
                continue
            found = scripts.entry(st.info(state, iid)["code"]) or {}
            for trigger in found.get("triggers") or ():
                if trigger["when"] == when:
                    yield iid, bearer, trigger


def _check(ops, state: State, iid: str, bearer: str, events: list[Event]) -> None:
    if state["inst"][bearer]["zone"] != "play":
        return
    _log(
        events,
        gettext_noop("%(card)s: Versuchungswurf für %(character)s."),
        card=st.info(state, iid)["name_de"],
        character=st.info(state, bearer)["name_de"],
    )
    ops._corruption_check(state, state["inst"][bearer]["owner"], bearer, events)


def discard_crowded(state: State, events: list[Event]) -> None:
    """ "Discard this card if his company has 4 or more characters" (checked whenever a phase begins and when a
    movement/hazard phase ends)."""
    from .effects_state import _continuous

    for iid, effect in list(_continuous(state)):
        if effect["do"] != "discard_if_company" or state["inst"][iid]["zone"] != "play":
            continue
        group = st.company_of(state, state["inst"][iid].get("on") or "")
        if group and len(group["chars"]) >= effect["chars_min"]:
            st.move(state, iid, "discard")
            _log(events, gettext_noop("%(card)s wird abgeworfen (Kartentext)."), card=st.info(state, iid)["name_de"])


def _return_to_origin(state: State, group: dict, events: list[Event]) -> None:
    """ "Each moving company with a Wilderness [{w}] in its site path must return to its site of origin"
    (Snowstorm): at the end of its movement/hazard phase it stays where it came from."""
    from .effects_state import _continuous

    route = group.get("route") if group.get("dest") else None
    symbols = {t.strip("{}") for t in (route or {}).get("types") or ()}
    for iid, effect in list(_continuous(state)):
        if effect["do"] == "return_to_origin" and symbols & set(effect.get("route_has") or ()) and group["dest"]:
            st.move(state, group["dest"], "sites")
            group.update(dest=None, route=None)
            _log(
                events,
                gettext_noop("%(card)s: die Gemeinschaft kehrt zu ihrem Ausgangsort zurück."),
                card=st.info(state, iid)["name_de"],
            )
            return


def phase_begins(ops, state: State, phase: str, events: list[Event]) -> None:
    """A phase begins; the organization phase: the untap phase is over ("at the end of his untap phase")."""
    discard_crowded(state, events)
    if phase != "organization":
        return
    active = state["turn"]["active"]
    for iid, bearer, trigger in list(_triggered(state, "untap_end")):
        if state["inst"][bearer]["owner"] != active:
            continue
        group = st.company_of(state, bearer)
        if trigger.get("at_haven") and not (group and group["site"] and is_haven(st.info(state, group["site"]))):
            continue
        _check(ops, state, iid, bearer, events)


def movement_over(ops, state: State, group: dict, events: list[Event]) -> None:
    """The company's movement/hazard phase ends: checks "for each Wilderness [{w}] in his company's site path"."""
    discard_crowded(state, events)
    _return_to_origin(state, group, events)
    route = group.get("route") if group.get("dest") else None
    symbols = [t.strip("{}") for t in (route or {}).get("types") or ()]
    for iid, bearer, trigger in list(_triggered(state, "movement_end")):
        if bearer not in group["chars"] or state["inst"][iid]["zone"] != "play":
            continue
        # "for each region he moved through" (the route's regions) or each region type of the site path
        times = len((route or {}).get("regions") or ()) if trigger["per"] == "region" else symbols.count(trigger["per"])
        for _ in range(times):
            _check(ops, state, iid, bearer, events)


def stay_for_turn(state: State, link: dict) -> None:
    """A short event whose effect lies on its company for the turn (River): kept on the table until then."""
    card = state["inst"][link["card"]]
    card.update(resolved=True, turn_card=True)
    if link["target"]["kind"] in ("company", "character"):
        card["on"] = link["target"]["id"]


def lift(state: State, link: dict) -> list[dict]:
    """The effects a card put in force end (a ranger taps to cancel River's effect)."""
    gone = [e for e in state.get("effects") or () if e["card"] == link["card"]]
    state["effects"] = [e for e in state.get("effects") or () if e["card"] != link["card"]]
    return gone


__all__ = ["add", "lift", "movement_over", "phase_begins", "stay_for_turn", "turn_over"]
