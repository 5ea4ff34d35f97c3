"""Abilities of cards in play (issue 30): "Tap to cancel …", "Discard to heal …", a Nazgûl permanent-event
"tapped during the opponent's movement/hazard phase", a corruption card's "may tap to attempt to remove this
card". A script lists them as ``abilities`` (modes with the costs ``tap_self``, ``discard_self``,
``tap_bearer``); the move ``use_card`` puts one on the chain like a card played, and it resolves through the
same interpreter (``effects_apply``)."""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import effects_play, scripts
from . import state as st


def bearer_of(state: State, iid: str) -> str | None:
    """The character a card lies on (an item, a corruption card), or None."""
    on = state["inst"][iid].get("on")
    return on if on in state["inst"] and st.info(state, on)["type"] == "Character" else None


def user_seat(state: State, iid: str, ability: dict) -> int | None:
    if ability["user"] == "company":  # a card lying on a company (River): that company's player
        group = st.company(state, state["inst"][iid].get("on") or "")
        return group["owner"] if group else None
    if ability["user"] == "bearer":
        bearer = bearer_of(state, iid)
        return state["inst"][bearer]["owner"] if bearer else None
    return state["inst"][iid]["owner"]


def _costs_ok(state: State, iid: str, ability: dict) -> bool:
    card = state["inst"][iid]
    if "tap_self" in ability["cost"] and card["tapped"]:
        return False
    if any(e["do"] == "untap_self" for e in ability["effects"]) and not card["tapped"]:
        return False
    if "tap_bearer" in ability["cost"]:
        bearer = bearer_of(state, iid)
        if bearer is None or state["inst"][bearer]["tapped"] or state["inst"][bearer]["wounded"]:
            return False
    if ability["limit"]:
        turn = state.get("turn") or {}
        group = st.company(state, turn["company"]) if turn.get("company") else None
        if group is None or group.get("limit") is None or group["hazards"] + int(ability["limit"]) > group["limit"]:
            return False
    return True


def ability_uses(state: State, seat: int, iid: str) -> list[tuple[int, dict, list[tuple[dict, str | None]]]]:
    """(index, ability, (target, actor) pairs) of a card in play whose abilities ``seat`` may use now."""
    card = state["inst"][iid]
    if card["zone"] != "play" or card["face_down"]:
        return []
    info = st.info(state, iid)
    window = effects_play.play_window(state)
    found = []
    for index, ability in enumerate(scripts.abilities(info["code"], state)):
        if user_seat(state, iid, ability) != seat or not _costs_ok(state, iid, ability):
            continue
        hazard = info["type"] == "Hazard" and ability["user"] == "owner"
        pairs = effects_play._usable(state, seat, hazard, ability, window)
        if ability["requires"].get("with_bearer"):
            group = st.company_of(state, bearer_of(state, iid) or "")
            pairs = [(t, a) for t, a in pairs if group and t.get("id") in group["chars"]]
        if ability["requires"].get("is_bearer"):  # "Discard to untap bearer" (Cram)
            pairs = [(t, a) for t, a in pairs if t.get("id") == bearer_of(state, iid)]
        if ability["requires"].get("bearer_attacked"):  # "an attack against his company" (an ally's)
            group = st.company_of(state, bearer_of(state, iid) or "")
            attack = state.get("attack")
            pairs = pairs if group and attack and attack["company"] == group["id"] else []
        if ability["requires"].get("bearer_or_self"):  # "a strike … against its bearer or itself"
            pairs = [(t, a) for t, a in pairs if t.get("id") in (iid, bearer_of(state, iid))]
        if ability["requires"].get("both_struck"):  # "the War-warg and its controlling character are both targets"
            assigned = (state.get("attack") or {}).get("assigned") or {}
            pairs = pairs if iid in assigned and bearer_of(state, iid) in assigned else []
        if ability.get("actor") and ability["user"] == "company":  # "A ranger in such a company"
            group = st.company(state, card.get("on") or "")
            pairs = [(t, a) for t, a in pairs if group and a in group["chars"]]
        if pairs:
            found.append((index, ability, pairs))
    return found


def _cards_in_play(state: State) -> list[str]:
    return [iid for player in state["players"] for iid in player["play"]]


def holds_ability(state: State, seat: int) -> bool:
    return any(ability_uses(state, seat, iid) for iid in _cards_in_play(state))


def choose(state: State, seat: int, iid: str, action: dict) -> tuple[int, dict, dict, str | None]:
    """The ability, target and actor of a ``use_card``, checked."""
    wanted_index = action.get("ability", 0)
    wanted_target = effects_play._wanted(action.get("target"))
    for index, ability, pairs in ability_uses(state, seat, iid):
        if index != wanted_index:
            continue
        for target, actor in pairs:
            named = wanted_target is not None and ability["target"] not in ("none", "attack", "striked")
            if named and target.get("id") != wanted_target:
                continue
            if action.get("actor") is not None and actor != action["actor"]:
                continue
            return index, ability, target, actor
    raise IllegalAction(
        "not_usable",
        gettext_noop("%(card)s kann jetzt nicht so genutzt werden (Kartentext: %(text)s)."),
        card=st.info(state, iid)["name_de"],
        text=(scripts.entry(st.info(state, iid)["code"]) or {}).get("text", "")[:200],
    )


def pay(state: State, iid: str, ability: dict, events: list[Event]) -> None:
    """The ability's own costs (tapping the card or its bearer, discarding the card)."""
    card = state["inst"][iid]
    if "tap_self" in ability["cost"]:
        card["tapped"] = True
    if "tap_bearer" in ability["cost"]:
        state["inst"][bearer_of(state, iid)]["tapped"] = True
    if "discard_self" in ability["cost"]:
        st.move(state, iid, "discard")
    if ability["limit"]:  # "counts against the hazard limit" (``limit = 2``: "use two against …")
        turn = state["turn"]
        st.company(state, turn["company"])["hazards"] += int(ability["limit"])


def candidates(state: State, seat: int) -> list[dict]:
    """One button per ability, target and actor usable now: "Adûnaphel nutzen → Aragorn II (tappen)"."""
    from .effects_play import _effect_word, _pick_options

    out = []
    for iid in _cards_in_play(state):
        for index, ability, pairs in ability_uses(state, seat, iid):
            what = [_effect_word(effect) for effect in ability["effects"]]
            for target, actor in pairs[:12]:
                action: dict = {"type": "use_card", "card": iid, "ability": index}
                if target["kind"] in ("character", "company", "card", "link"):
                    action["target"] = target
                if actor:
                    action["actor"] = actor
                name = st.info(state, target["id"])["name_de"] if target.get("id") in state["inst"] else ""
                label = Text(
                    gettext_noop("%(card)s nutzen → %(target)s (%(effects)s)")
                    if name
                    else gettext_noop("%(card)s nutzen (%(effects)s)"),
                    {"card": st.info(state, iid)["name_de"], "target": name, "effects": what},
                ).to_json()
                cards = [iid] + [x for x in (target.get("id"), actor) if x and x in state["inst"]]
                for pick in _pick_options(state, seat, ability):
                    extra = {"pick": [pick]} if pick else {}
                    out.append({**action, **extra, "label": label, "cards": cards})
    return out
