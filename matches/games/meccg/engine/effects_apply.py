"""What a scripted card does when it resolves (issues 29, 30): each effect of its mode, logged in the reader's
language with its duration. The engine's own steps (cancelling an attack or a strike, drawing, a corruption
check, a roll) go through the operations ``shared.Table`` declares."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from matches.engine import rng
from matches.engine.base import Event, State, Text, counted, gettext_noop, ngettext_noop

from . import state as st
from .cardinfo import is_creature
from .effects_state import add, name_of
from .log_text import part, signed

if TYPE_CHECKING:
    pass

STAT_NAMES = {
    "prowess": gettext_noop("Kampfgeschick"),
    "body": gettext_noop("Konstitution"),
    "corruption": gettext_noop("Versuchungswurf"),
    "influence": gettext_noop("Einflusswurf"),
    "attack_prowess": gettext_noop("Kampfgeschick des Angriffs"),
    "strike_prowess": gettext_noop("Kampfgeschick des Hiebes"),
    "strike_body": gettext_noop("Konstitution des Hiebes"),
    "strikes": gettext_noop("Hiebe"),
}
UNTIL_NAMES = {
    "strike": gettext_noop("bis zum Ende des Hiebes"),
    "attack": gettext_noop("bis zum Ende des Angriffs"),
    "turn": gettext_noop("bis zum Ende der Runde"),
    "check": gettext_noop("für einen Wurf"),
}
EFFECT_WORDS = {
    "cancel_attack": gettext_noop("Angriff abbrechen"),
    "cancel_strike": gettext_noop("Hieb abbrechen"),
    "no_tap": gettext_noop("nicht tappen"),
    "tap": gettext_noop("tappen"),
    "untap": gettext_noop("enttappen"),
    "heal": gettext_noop("heilen"),
    "wound": gettext_noop("verwunden"),
    "halve_strikes": gettext_noop("Hiebe halbieren"),
    "draw": gettext_noop("Karten ziehen"),
    "fetch": gettext_noop("Karte zurückholen"),
    "discard_target": gettext_noop("Karte abwerfen"),
    "cancel_link": gettext_noop("Karte in der Kette aufheben"),
    "corruption_check": gettext_noop("Versuchungswurf"),
    "remove_self": gettext_noop("aus dem Spiel entfernen"),
    "hazard_limit": gettext_noop("Gefahrenlimit ändern"),
    "protect": gettext_noop("Schutz vor Kreaturen"),
    "no_site_phase": gettext_noop("keine Ortsphase"),
    "roll": gettext_noop("Wurf"),
    "environment": gettext_noop("Umwelt"),
    "return_to_hand": gettext_noop("auf die Hand zurück"),
    "stay": gettext_noop("bleibt im Spiel"),
    "discard_self": gettext_noop("Karte abwerfen"),
    "stay_turn": gettext_noop("bleibt für die Runde liegen"),
    "untap_self": gettext_noop("enttappen"),
    "lift": gettext_noop("Wirkung aufheben"),
    "split_to_origin": gettext_noop("zurück zum Ausgangsort"),
    "corruption_check_discard": gettext_noop("Versuchungswurf"),
    "company_returns": gettext_noop("zurück zum Ausgangsort"),
    "restack": gettext_noop("Hand zeigen und neu ziehen"),
    "shield_attack": gettext_noop("Angriff verstärken"),
    "copy_site_attacks": gettext_noop("Angriffe des Ortes"),
}
_SIMPLE = {
    "tap": gettext_noop("%(character)s getappt"),
    "untap": gettext_noop("%(character)s enttappt"),
    "heal": gettext_noop("%(character)s geheilt und ungetappt"),
    "wound": gettext_noop("%(character)s verwundet"),
}


_name = name_of


def _log(events: list[Event], template: str, **params: Any) -> None:
    events.append(Event(Text(template, params), data={"kind": "log"}))


def _cancel_attack(ops, state, link, info, effect, events):
    attack = state.get("attack")
    if attack:
        ops._cancel_attack(state, events)
        if not attack.get("canceled"):  # the attempt canceled a card on the attack instead (Unabated in Malice)
            return part(gettext_noop("Abbruch umgelenkt"))
    return part(gettext_noop("Angriff abgebrochen"))


def _cancel_strike(ops, state, link, info, effect, events):
    who = link["target"].get("id")
    attack = state.get("attack")
    if attack and attack.get("strike") == who:
        ops._cancel_strike(state, who, events)
    return part(gettext_noop("Hieb gegen %(character)s abgebrochen"), character=_name(state, who))


def _halve(ops, state, link, info, effect, events):
    attack = state.get("attack")
    if attack:
        half = -(-attack["strikes"] // 2)
        attack["left"] = max(0, attack["left"] - (attack["strikes"] - half))
        attack["strikes"] = half
    return part(gettext_noop("Hiebe halbiert (aufgerundet)"))


def _draw(ops, state, link, info, effect, events):
    ops._draw_cards(state, link["seat"], effect["n"], events)
    return counted(ngettext_noop("%(count)s Karte gezogen", "%(count)s Karten gezogen"), count=effect["n"]).to_json()


def _simple(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    card = state["inst"][who]
    kind = effect["do"]
    if kind == "tap":
        card["tapped"] = True
    elif kind == "untap":
        card["tapped"] = False
    elif kind == "heal":
        card.update(wounded=False, tapped=False)
    else:
        card["wounded"] = True
    return part(_SIMPLE[kind], character=_name(state, who))


def _no_tap(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    add(state, link, info, who, "no_tap", 0, "strike")
    return part(gettext_noop("%(character)s tappt nicht gegen den Hieb"), character=_name(state, who))


def _modify(state: State, link: dict, info: dict, effect: dict) -> dict:
    stat, by, until = effect["stat"], effect["by"], effect["until"]
    who = link["target"].get("id")
    if effect.get("per_character") and who:  # "+1 modification for each character in his company"
        group = st.company_of(state, who)
        by = by * len(group["chars"]) if group else by
    name = _name(state, who)
    attack = state.get("attack")
    if stat == "strikes" and attack:
        attack["strikes"] = max(1, attack["strikes"] + by)
        attack["left"] = max(0, attack["left"] + by)
    elif stat == "attack_prowess" and attack:
        attack["prowess_mod"] = attack.get("prowess_mod", 0) + by
    else:
        if stat.startswith("strike_") and attack and attack.get("strike"):
            who = attack["strike"]  # a strike's values: kept on the character facing it, for this strike
        add(state, link, info, who, stat, by, until)
    return part(
        gettext_noop("%(target)s %(value)s %(stat)s %(until)s"),
        target=name if name != "–" else part(gettext_noop("Angriff")),
        value=signed(by),
        stat=part(STAT_NAMES[stat]),
        until=part(UNTIL_NAMES[until]),
    )


# --- cards between zones -----------------------------------------------------------------------------------


def _kind_ok(info: dict, kinds: list[str]) -> bool:
    for kind in kinds:
        if kind == "resource" and info["type"] == "Resource":
            return True
        if kind == "hazard" and info["type"] == "Hazard":
            return True
        if kind == "character" and info["type"] == "Character":
            return True
        if kind == "creature" and info["type"] == "Hazard" and is_creature(info):
            return True
        if kind == "hazard_event" and info["type"] == "Hazard" and not is_creature(info):
            return True
    return False


def fetchable(state: State, seat: int, effect: dict) -> list[str]:
    """The cards a ``fetch`` may bring: of the kinds named, from the zones named."""
    player = state["players"][seat]
    return [
        iid
        for zone in effect["from"]
        for iid in player[zone]
        if state["inst"][iid]["owner"] == seat and _kind_ok(st.info(state, iid), effect["kinds"])
    ]


def _fetch(ops, state, link, info, effect, events):
    seat = link["seat"]
    allowed = set(fetchable(state, seat, effect))
    picked = [iid for iid in link.get("pick") or () if iid in allowed][: effect["n"]]
    for iid in picked:
        st.move(state, iid, effect["to"])
    if effect["to"] == "deck":
        rng.shuffle(state["rng"], state["players"][seat]["deck"])
    names = [_name(state, iid) for iid in picked] or "–"
    where = gettext_noop("in den Spielstapel (gemischt)") if effect["to"] == "deck" else gettext_noop("auf die Hand")
    return part(gettext_noop("%(cards)s %(where)s"), cards=names, where=part(where))


def _discard_target(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    st.move(state, who, "discard")
    return part(gettext_noop("%(card)s abgeworfen"), card=_name(state, who))


def _cancel_link(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    state["chain"] = [other for other in state["chain"] if other["card"] != who]
    if state["inst"][who]["zone"] == "play":
        st.move(state, who, "discard")
    return part(gettext_noop("%(card)s aufgehoben und abgeworfen"), card=_name(state, who))


def _return_to_hand(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    passed = _pass_best_item(state, who)
    st.move(state, who, "hand")
    if passed:
        item, to = passed
        return part(
            gettext_noop("%(card)s auf die Hand zurück (%(item)s geht an %(to)s)"),
            card=_name(state, who),
            item=_name(state, item),
            to=_name(state, to),
        )
    return part(gettext_noop("%(card)s auf die Hand zurück"), card=_name(state, who))


def _pass_best_item(state: State, who: str) -> tuple[str, str] | None:
    """Decision ("Any one item held by the removed character may automatically be transferred"): the table
    passes the item with the most marshalling points to the first unwounded character of his company."""
    if st.info(state, who)["type"] != "Character":
        return None
    group = st.company_of(state, who)
    others = [c for c in group["chars"] if c != who and not state["inst"][c]["wounded"]] if group else []
    items = [i for i in st.attached(state, who) if "Item" in st.info(state, i)["subtype"]]
    if not others or not items:
        return None
    best = max(items, key=lambda i: (st.info(state, i)["mp"] or 0, st.info(state, i)["corruption"] or 0))
    state["inst"][best]["on"] = others[0]
    return best, others[0]


def _stay_turn(ops, state, link, info, effect, events):
    from .effects_triggers import stay_for_turn

    stay_for_turn(state, link)
    return part(gettext_noop("%(card)s bleibt bis zum Ende der Runde liegen"), card=info["name_de"])


def _lift(ops, state, link, info, effect, events):
    from .effects_triggers import lift

    lift(state, link)
    return part(gettext_noop("die Wirkung von %(card)s ist aufgehoben"), card=info["name_de"])


def _split_to_origin(ops, state, link, info, effect, events):
    """ "That character splits off into a different company. This new company immediately returns to his
    original company's site of origin." Decision: a company of one character returns as a whole."""
    who = link["target"]["id"]
    group = st.company_of(state, who)
    if group is None or not group["dest"]:
        return None
    if len(group["chars"]) == 1:
        st.move(state, group["dest"], "sites")
        group.update(dest=None, route=None)
    else:
        group["chars"].remove(who)
        st.new_company(state, group["owner"], group["site"])["chars"].append(who)
    return part(gettext_noop("%(character)s kehrt zum Ausgangsort zurück"), character=_name(state, who))


def _untap_self(ops, state, link, info, effect, events):
    state["inst"][link["card"]]["tapped"] = False
    return part(gettext_noop("%(card)s enttappt"), card=info["name_de"])


def _stay(ops, state, link, info, effect, events):
    return part(gettext_noop("%(card)s bleibt im Spiel"), card=info["name_de"])


def _discard_self(ops, state, link, info, effect, events):
    if state["inst"][link["card"]]["zone"] == "play":
        st.move(state, link["card"], "discard")
    return part(gettext_noop("%(card)s abgeworfen"), card=info["name_de"])


def _remove_self(ops, state, link, info, effect, events):
    st.move(state, link["card"], "out")
    return part(gettext_noop("%(card)s aus dem Spiel entfernt"), card=info["name_de"])


APPLY_HANDLERS = {
    "cancel_attack": _cancel_attack,
    "cancel_strike": _cancel_strike,
    "halve_strikes": _halve,
    "draw": _draw,
    "tap": _simple,
    "untap": _simple,
    "heal": _simple,
    "wound": _simple,
    "no_tap": _no_tap,
    "fetch": _fetch,
    "discard_target": _discard_target,
    "cancel_link": _cancel_link,
    "return_to_hand": _return_to_hand,
    "remove_self": _remove_self,
    "stay": _stay,
    "discard_self": _discard_self,
    "stay_turn": _stay_turn,
    "untap_self": _untap_self,
    "lift": _lift,
    "split_to_origin": _split_to_origin,
}
