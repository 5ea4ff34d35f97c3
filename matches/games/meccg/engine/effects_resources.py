"""Vocabulary for resource cards (issue 30, round 2): influence checks with a warrior's prowess (Muster,
Threats), a flattery attempt against an attack (Flatter a Foe), a company that may not move this turn (Hiding),
no creatures keyed to regions against a company moving to a Ruins & Lairs (Down Down to Goblin-town), an extra
region for a company's movement (Cram, Strange Rations), returning hazard permanent-events on a company to their
player's hand (Wizard Uncloaked); and the conditions ``influencing``, ``tapped`` and ``own_in_play``.

The handlers are called by ``effects_resolve`` like those of ``effects_apply``/``effects_more``; the rules call
the hooks at the end (movement planning, the hazard play, the region count)."""

from __future__ import annotations

from matches.engine import rng
from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import scripts, stats, uniqueness
from . import state as st
from .cardinfo import avatar_kind, key
from .common import part, signed
from .effects_apply import _cancel_attack
from .effects_more import _hazard_limit
from .effects_state import add, race_keys, use
from .effects_state import name_of as _name

RESOURCE_WORDS = {
    "influence_prowess": gettext_noop("Kampfgeschick zum Einflusswurf"),
    "flatter": gettext_noop("Schmeichelversuch"),
    "no_move": gettext_noop("bewegt sich nicht"),
    "no_region_creatures": gettext_noop("keine Kreaturen über Regionen"),
    "extra_region": gettext_noop("eine Region mehr"),
    "return_hazard_events": gettext_noop("Gefahren-Dauerereignisse zurück"),
    "bring_character": gettext_noop("Charakter ins Spiel bringen"),
    "best_of_two": gettext_noop("zwei Würfe, der bessere gilt"),
    "withdraw_agent": gettext_noop("Agent abwerfen oder auf die Hand"),
    "discard_on_guard": gettext_noop("Karte auf der Lauer abwerfen"),
    "direct_influence": gettext_noop("direkter Einfluss"),
    "defender_chooses": gettext_noop("Verteidiger weist die Hiebe zu"),
    "cancel_to_hand": gettext_noop("Angriff abbrechen, Kreatur auf die Hand"),
    "attach": gettext_noop("auf die Karte legen"),
    "company_modify": gettext_noop("Kampfgeschick der Gemeinschaft"),
    "return_commands": gettext_noop("andere Befehle auf die Hand"),
    "return_self": gettext_noop("Karte auf die Hand zurück"),
    "mark_attack": gettext_noop("einmal je Angriff"),
    "influence_character": gettext_noop("Einflusswurf gegen einen Charakter"),
    "cancel_auto_attacks": gettext_noop("automatische Angriffe abbrechen"),
    "strikes_fail": gettext_noop("alle Hiebe scheitern"),
    "failed_faction_to_deck": gettext_noop("misslungen: Heer in den Spielstapel"),
}

# "This influence check is successful if the result is greater than: 10 against a Dragon; 11 against Men or
# Drakes; 12 against Trolls, Orcs, Elves and Giants." (Flatter a Foe)
FLATTERY = {"dragon": 10, "man": 11, "drake": 11, "troll": 12, "orc": 12, "elf": 12, "giant": 12}


def _group(state: State, link: dict) -> dict | None:
    target = link["target"]
    if target["kind"] == "company":
        return st.company(state, target["id"])
    if target["kind"] == "character":
        return st.company_of(state, target["id"])
    return None


def _influence_prowess(ops, state, link, info, effect, events):
    """ "modified by adding the warrior's prowess to a maximum modifier of +5" (Muster); with ``instead_of_di``
    "does not use his unused direct influence … Instead he uses his prowess, to a maximum modifier of +6"
    (Threats): the prowess minus the unused direct influence the check will add."""
    who = link["target"]["id"]
    by = min(stats.prowess(state, who), effect["max"])
    if effect.get("instead_of_di"):
        by -= max(0, st.direct_influence_free(state, who))
    add(state, link, info, who, "influence", by, "check")
    template = (
        gettext_noop("%(character)s: Kampfgeschick statt freiem direktem Einfluss (%(value)s) für den Einflusswurf")
        if effect.get("instead_of_di")
        else gettext_noop("%(character)s: %(value)s auf den Einflusswurf (Kampfgeschick)")
    )
    return part(template, character=_name(state, who), value=signed(by))


def _flatter(ops, state, link, info, effect, events):
    """ "Character makes an influence check (modified by his unused direct influence and +2 if a diplomat). If
    successful, the attack is canceled and the hazard limit for the character's company is decreased by two." """
    who = link["target"]["id"]
    attack = state.get("attack")
    need = min((FLATTERY[r] for r in race_keys((attack or {}).get("race") or "") if r in FLATTERY), default=None)
    if attack is None or need is None:
        return None
    character = st.info(state, who)
    diplomat = 2 if "diplomat" in character["skills"].casefold() else 0
    free = max(0, st.direct_influence_free(state, who))
    cards = sum(value for _, value in use(state, who, "influence"))  # New Friendship …: "any one influence check"
    dice = ops._roll2d6(state)
    total = sum(dice) + free + diplomat + cards
    success = total > need
    if success:
        _cancel_attack(ops, state, link, info, effect, events)
        _hazard_limit(ops, state, link, info, {"by": -2}, events)
    return part(
        gettext_noop(
            "Schmeichelversuch von %(character)s: Wurf %(a)s+%(b)s + freier direkter Einfluss %(di)s + Diplomat "
            "%(diplomat)s + Karten %(cards)s = %(total)s, nötig mehr als %(need)s: %(outcome)s"
        ),
        character=character["name_de"],
        a=dice[0],
        b=dice[1],
        di=free,
        diplomat=diplomat,
        cards=signed(cards),
        total=total,
        need=need,
        outcome=part(
            gettext_noop("gelungen, Angriff abgebrochen, Gefahrenlimit −2") if success else gettext_noop("misslungen")
        ),
    )


def _no_move(ops, state, link, info, effect, events):
    group = _group(state, link)
    if group is None:
        return None
    add(state, link, info, group["id"], "no_move", 0, "turn")
    return part(gettext_noop("die Gemeinschaft darf sich in dieser Runde nicht bewegen"))


def _no_region_creatures(ops, state, link, info, effect, events):
    group = _group(state, link)
    if group is None:
        return None
    add(state, link, info, group["id"], "no_region_creatures", 0, "turn")
    return part(
        gettext_noop(
            "zieht die Gemeinschaft zu Ruinen & Horten, dürfen keine Kreaturen über Regionen gegen sie gespielt werden"
        )
    )


def _extra_region(ops, state, link, info, effect, events):
    group = _group(state, link)
    if group is None:
        return None
    add(state, link, info, group["id"], "extra_region", effect.get("by", 1), "turn")
    return part(gettext_noop("die Gemeinschaft darf in dieser Runde eine Region mehr durchqueren"))


def _return_hazard_events(ops, state, link, info, effect, events):
    """ "Return all hazard permanent-events on characters in your Wizard's company to opponent's hand." """
    group = _group(state, link)
    chars = set(group["chars"]) if group else set()
    back = [
        iid
        for player in state["players"]
        for iid in list(player["play"])
        if state["inst"][iid]["on"] in chars
        and st.info(state, iid)["type"] == "Hazard"
        and "Permanent-event" in st.info(state, iid)["subtype"]
    ]
    names = [_name(state, iid) for iid in back]
    for iid in back:
        st.move(state, iid, "hand")
    return part(gettext_noop("auf die Hand des Gegners zurück: %(cards)s"), cards=names or "–")


# --- a character brought into play by a card (A Chance Meeting, We Have Come to Kill) -----------------------


def _bring_effect(mode: dict) -> dict | None:
    """The conditions of a ``bring_character`` play (``requires.can_bring``: ``not_race``, ``influence``
    ``any``/``direct``); None when the mode brings no character."""
    if not any(e["do"] == "bring_character" for e in mode["effects"]):
        return None
    return mode["requires"].get("can_bring", {})


def _bringable(state: State, iid: str, effect: dict) -> bool:
    info = st.info(state, iid)
    if info["type"] != "Character" or (
        effect.get("not_race") and race_keys(info["race"]) & race_keys(",".join(effect["not_race"]))
    ):
        return False
    return not uniqueness.clash(state, info)


def controller_for(state: State, group: dict, iid: str, effect: dict) -> str | bool | None:
    """Who controls the character brought into ``group``: None (general influence), a character of the company
    (direct influence), or False (nobody has enough unused influence, or the company is full). Decision: the
    table takes general influence where the card allows it and it is enough (and the avatar is not elsewhere),
    else the character of the company with the most unused direct influence."""
    info = st.info(state, iid)
    mind = info["mind"] or 0
    if st.company_size(state, [*group["chars"], iid]) > st.MAX_COMPANY_SIZE:
        return False
    avatar = st.avatar_in_play(state, group["owner"])
    general = effect.get("influence", "any") == "any" and (avatar is None or avatar in group["chars"])
    if general and st.general_influence_used(state, group["owner"]) + mind <= st.GENERAL_INFLUENCE:
        return None
    leaders = [c for c in group["chars"] if state["inst"][c]["controller"] is None]
    best = max(leaders, key=lambda c: st.direct_influence_free(state, c), default=None)
    return best if best and st.direct_influence_free(state, best) >= mind else False


def pick_options(state: State, seat: int, mode: dict) -> list[str] | None:
    """The characters in hand a ``bring_character`` play may name (one button each); None: no such effect."""
    effect = _bring_effect(mode)
    if effect is None:
        return None
    hand = state["players"][seat]["hand"]
    return [iid for iid in hand if _bringable(state, iid, effect)][:8]


def checked_pick(state: State, seat: int, mode: dict, raw) -> list[str] | None:
    """The character a ``bring_character`` play names, checked (None: no such effect)."""
    effect = _bring_effect(mode)
    if effect is None:
        return None
    picks = raw if isinstance(raw, list) else [raw]
    if len(picks) != 1 or picks[0] not in pick_options(state, seat, mode):
        raise IllegalAction(
            "bad_pick",
            gettext_noop("„pick“: ein Charakter aus deiner Hand, den %(what)s ins Spiel bringen darf."),
            what=part(RESOURCE_WORDS["bring_character"]),
        )
    return picks


def _bring_character(ops, state, link, info, effect, events):
    """ "A character may be brought into play under general or direct influence (if you have enough unused)
    at …. This does not count against the one character per turn limit." """
    group = _group(state, link)
    iid = next(iter(link.get("pick") or ()), None)
    effect = _bring_effect(scripts.script(info["code"])["modes"][link["script"]])
    ready = group and iid and state["inst"][iid]["zone"] == "hand" and _bringable(state, iid, effect)
    controller = controller_for(state, group, iid, effect) if ready else False
    if controller is False:
        return part(gettext_noop("kein Charakter kommt ins Spiel (Einfluss, Gemeinschaft oder Karte fehlt)"))
    st.move(state, iid, "play")
    group["chars"].append(iid)
    state["inst"][iid]["controller"] = controller
    if avatar_kind(st.info(state, iid)):
        state["turn"]["avatar_played"] = iid
    how = (
        part(gettext_noop("allgemeiner Einfluss"))
        if controller is None
        else part(gettext_noop("direkter Einfluss von %(leader)s"), leader=_name(state, controller))
    )
    return part(gettext_noop("%(character)s kommt ins Spiel (%(how)s)"), character=_name(state, iid), how=how)


def can_bring(state: State, seat: int, group: dict | None, want: dict) -> bool:
    """Some character in hand could be brought into this company now."""
    return bool(group) and any(
        _bringable(state, iid, want) and controller_for(state, group, iid, want) is not False
        for iid in state["players"][seat]["hand"]
    )


def _best_of_two(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    add(state, link, info, who, "best_of_two", 0, "strike")
    return part(
        gettext_noop("%(character)s würfelt den Hieb zweimal, der bessere Wurf gilt"), character=_name(state, who)
    )


def _withdraw_agent(ops, state, link, info, effect, events):
    """ "If the agent has a mind of 5 or less, it is discarded. If its mind is 6 or greater, return the agent to
    its owner's hand." """
    who = link["target"]["id"]
    name = _name(state, who)
    if (st.info(state, who)["mind"] or 0) <= 5:
        st.move(state, who, "discard")
        return part(gettext_noop("%(card)s abgeworfen"), card=name)
    st.move(state, who, "hand")
    return part(gettext_noop("%(card)s auf die Hand seines Spielers zurück"), card=name)


def _discard_on_guard(ops, state, link, info, effect, events):
    """ "Alternatively, an on-guard card is discarded": the opponent's (first) card on guard at the company."""
    group = _group(state, link)
    found = [i for i in (group or {}).get("on_guard", ()) if state["inst"][i]["owner"] != link["seat"]]
    if not found:
        return None
    group["on_guard"].remove(found[0])
    st.move(state, found[0], "discard")
    return part(gettext_noop("eine Karte auf der Lauer abgeworfen: %(card)s"), card=_name(state, found[0]))


def _direct_influence(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    add(state, link, info, who, "direct_influence", effect["by"], effect["until"])
    return part(
        gettext_noop("%(character)s %(value)s direkter Einfluss bis zum Ende der Runde"),
        character=_name(state, who),
        value=signed(effect["by"]),
    )


def _defender_chooses(ops, state, link, info, effect, events):
    """ "remove the effect of an attack … that states: 'attacker chooses defending characters'" """
    attack = state.get("attack")
    if attack:
        attack["attacker_chooses"] = False
    return part(gettext_noop("der Verteidiger weist die Hiebe zu"))


def _cancel_to_hand(ops, state, link, info, effect, events):
    """ "cancel a hazard creature attack … and put the creature's card back into its player's hand" """
    attack = state.get("attack")
    creature = (attack or {}).get("card")
    _cancel_attack(ops, state, link, info, effect, events)
    if creature and state["inst"][creature]["zone"] != "hand":
        st.move(state, creature, "hand")
    return part(gettext_noop("%(card)s auf die Hand seines Spielers"), card=_name(state, creature))


def _attach(ops, state, link, info, effect, events):
    """A permanent-event played on a card in play lies on it (and leaves play with it)."""
    state["inst"][link["card"]]["on"] = link["target"]["id"]
    return part(
        gettext_noop("%(card)s liegt auf %(target)s"), card=info["name_de"], target=_name(state, link["target"]["id"])
    )


def _company_modify(ops, state, link, info, effect, events):
    """ "+1 prowess against an attack for all characters in … company" (Foe Dismayed)."""
    attack = state.get("attack")
    group = st.company(state, attack["company"]) if attack else _group(state, link)
    for who in (group or {}).get("chars", ()):
        add(state, link, info, who, effect["stat"], effect["by"], effect["until"])
    return part(
        gettext_noop("alle Charaktere der Gemeinschaft %(value)s %(stat)s"),
        value=signed(effect["by"]),
        stat=part(gettext_noop("Kampfgeschick") if effect["stat"] == "prowess" else gettext_noop("Konstitution")),
    )


def _return_commands(ops, state, link, info, effect, events):
    """ "Return all other command cards on target leader to your hand when this card is played." """
    who = link["target"]["id"]
    back = [
        i
        for i in st.attached(state, who)
        if i != link["card"] and "Command" in (st.info(state, i).get("keywords") or ())
    ]
    for iid in back:
        st.move(state, iid, "hand")
    return part(gettext_noop("andere Befehle auf die Hand: %(cards)s"), cards=[_name(state, i) for i in back] or "–")


def _return_self(ops, state, link, info, effect, events):
    """ "You may return this card to your hand during any organization phase." """
    if state["inst"][link["card"]]["zone"] == "play":
        st.move(state, link["card"], "hand")
    return part(gettext_noop("%(card)s auf die Hand zurück"), card=info["name_de"])


def _mark_attack(ops, state, link, info, effect, events):
    """ "Cannot be duplicated against a given attack": the attack remembers the card (``not_this_attack``)."""
    attack = state.get("attack")
    if attack is not None:
        attack.setdefault("marked", []).append(info["name_en"])
    return None


def _influence_character(ops, state, link, info, effect, events):
    """ "+5 to an influence check against a character by a diplomat" (Old Friendship): used by the next attempt
    on an opponent's character (influence.py), not by a faction's check."""
    who = link["target"]["id"]
    add(state, link, info, who, "influence_character", effect["by"], "check")
    return part(
        gettext_noop("%(character)s %(value)s auf den nächsten Einflusswurf gegen einen Charakter"),
        character=_name(state, who),
        value=signed(effect["by"]),
    )


def _cancel_auto_attacks(ops, state, link, info, effect, events):
    """ "cancel all automatic-attacks at a site against the bearer's company, any influence attempts against
    factions at the site this turn are modified by +2" (Blasting Fire)."""
    attack = state.get("attack")
    group = st.company(state, attack["company"]) if attack else None
    if attack is None or group is None:
        return None
    attack["queue"] = [queued for queued in attack.get("queue") or () if queued.get("source") != "auto"]
    add(state, link, info, group["id"], "faction_bonus", 2, "turn")
    _cancel_attack(ops, state, link, info, effect, events)
    return part(
        gettext_noop("automatische Angriffe abgebrochen; +2 auf Einflussversuche gegen Heere hier in dieser Runde")
    )


def _strikes_fail(ops, state, link, info, effect, events):
    """ "cause all strikes from all attacks of a … creature keyed to a site to fail (resulting body checks for the
    creature are modified by -2)": for this creature's attacks this turn."""
    attack = state.get("attack")
    if not attack or not attack.get("card"):
        return None
    add(state, link, info, attack["card"], "strikes_fail", effect.get("by", -2), "turn")
    return part(gettext_noop("alle Hiebe von %(card)s scheitern"), card=_name(state, attack["card"]))


def _failed_faction_to_deck(ops, state, link, info, effect, events):
    who = link["target"]["id"]
    add(state, link, info, who, "failed_faction_to_deck", 0, "turn")
    return part(gettext_noop("misslingt der Einflusswurf, wird das Heer in den Spielstapel gemischt"))


RESOURCE_HANDLERS = {
    "influence_prowess": _influence_prowess,
    "flatter": _flatter,
    "no_move": _no_move,
    "no_region_creatures": _no_region_creatures,
    "extra_region": _extra_region,
    "return_hazard_events": _return_hazard_events,
    "bring_character": _bring_character,
    "best_of_two": _best_of_two,
    "withdraw_agent": _withdraw_agent,
    "discard_on_guard": _discard_on_guard,
    "direct_influence": _direct_influence,
    "defender_chooses": _defender_chooses,
    "cancel_to_hand": _cancel_to_hand,
    "attach": _attach,
    "company_modify": _company_modify,
    "return_commands": _return_commands,
    "return_self": _return_self,
    "mark_attack": _mark_attack,
    "influence_character": _influence_character,
    "cancel_auto_attacks": _cancel_auto_attacks,
    "strikes_fail": _strikes_fail,
    "failed_faction_to_deck": _failed_faction_to_deck,
}


# --- conditions (``requires``) ------------------------------------------------------------------------------


def character_ok(state: State, iid: str, want: dict) -> bool:
    """``tapped``; ``char_name`` (his English name); ``at_site_name`` (his company's site); ``influencing``: the
    character is the one attempting to influence a faction now (a faction he plays waits on the chain)."""
    if want.get("tapped") and not state["inst"][iid]["tapped"]:
        return False
    if "char_name" in want and st.info(state, iid)["name_en"] not in want["char_name"]:
        return False
    if want.get("leader") and not is_leader(st.info(state, iid)):
        return False
    if "magic" in want and not uses_magic(st.info(state, iid), want["magic"]):
        return False
    if "at_site_name" in want:
        group = st.company_of(state, iid)
        site = st.info(state, group["site"])["name_en"] if group and group.get("site") else ""
        if site not in want["at_site_name"]:
            return False
    if want.get("influencing"):
        return any(
            link.get("bearer") == iid and st.info(state, link["card"])["subtype"] == "Faction"
            for link in state["chain"]
        )
    return True


def is_leader(info: dict) -> bool:
    """A leader ("Leader." among the card's keywords) or The Balrog."""
    return info["name_en"] == "The Balrog" or bool(info.get("leader"))


def uses_magic(info: dict, kind: str) -> bool:
    """ "a sorcery-using character": "Can use sorcery" in the card data, or a Ringwraith (the cards' "Unless he
    is a Ringwraith, he makes a corruption check" has him play them)."""
    return kind in (info.get("magic") or ()) or "ringwraith" in race_keys(info["race"])


def _own_in_play(state: State, seat: int, names: list[str]) -> bool:
    wanted = {key(n) for n in names}
    return any(
        key(st.info(state, iid)["name_en"]) in wanted and not state["inst"][iid]["face_down"]
        for iid in state["players"][seat]["play"]
    )


def target_ok(state: State, seat: int, target: dict, want: dict) -> bool:
    """``own_in_play``/``not_own_in_play``: a face-up card of these names among the player's own cards in play
    (or none: "Cannot be duplicated by a given player"); ``deck_min`` (cards
    in the play deck); ``not_this_turn`` (no effect of a card of these names in force this turn); ``agent``: the card
    target is an agent (face up: only those are targets); on a company target ``at_site_type`` (the site it is
    at, not the one it moves to), ``can_bring`` (a character in hand could join it now) and ``on_guard`` (the
    opponent has a card on guard at it)."""
    if "own_in_play" in want and not _own_in_play(state, seat, want["own_in_play"]):
        return False
    if "not_own_in_play" in want and _own_in_play(state, seat, want["not_own_in_play"]):
        return False
    if "deck_min" in want and len(state["players"][seat]["deck"]) < want["deck_min"]:
        return False
    if "not_this_turn" in want and any(  # "Cannot be duplicated on a given turn": its effects are still in force
        e["card"] in state["inst"] and st.info(state, e["card"])["name_en"] in want["not_this_turn"]
        for e in state.get("effects") or ()
    ):
        return False
    attack = state.get("attack") or {}
    if "attacker_chooses" in want and bool(attack.get("attacker_chooses")) != want["attacker_chooses"]:
        return False
    if want.get("not_site_keyed") and (attack.get("key") or {}).get("kind") not in ("region", "region_type"):
        return False  # "not keyed to a site": a creature attack keyed to a region (type)
    if "not_on_target" in want and target["kind"] == "card":  # "Cannot be duplicated on a given faction"
        names = set(want["not_on_target"])
        if any(st.info(state, i)["name_en"] in names for i in st.attached(state, target["id"])):
            return False
    if want.get("company_leader"):
        group = st.company(state, attack["company"]) if attack else None
        if target["kind"] == "character":
            group = st.company_of(state, target["id"])
        if group is None or not any(is_leader(st.info(state, c)) for c in group["chars"]):
            return False
    if want.get("not_auto") and attack.get("source") == "auto":
        return False
    if want.get("site_keyed") and (attack.get("key") or {}).get("kind") not in ("site", "site_type"):
        return False
    if "not_attack_race" in want and race_keys(attack.get("race") or "") & race_keys(",".join(want["not_attack_race"])):
        return False
    if "not_this_attack" in want and set(want["not_this_attack"]) & set(attack.get("marked") or ()):
        return False
    if want.get("agent") and not (target["kind"] == "card" and state["inst"][target["id"]].get("agent")):
        return False
    if not {"at_site_type", "can_bring", "on_guard"} & want.keys():
        return True
    group = st.company(state, target.get("id") or "") if target["kind"] == "company" else None
    if group is None or not group.get("site"):
        return False
    if want.get("on_guard") and not any(state["inst"][i]["owner"] != seat for i in group["on_guard"]):
        return False
    if "at_site_type" in want and st.info(state, group["site"])["site_type"].strip("{}") not in want["at_site_type"]:
        return False
    return "can_bring" not in want or can_bring(state, seat, group, want["can_bring"])


# --- hooks the rules call -----------------------------------------------------------------------------------


def _effect(state: State, group_id: str, stat: str) -> dict | None:
    return next((e for e in state.get("effects") or () if e["target"] == group_id and e["stat"] == stat), None)


def refuse_movement(state: State, group: dict) -> None:
    """ "Scout's company may not move to another site this turn" (Hiding)."""
    found = _effect(state, group["id"], "no_move")
    if found:
        raise IllegalAction(
            "may_not_move",
            gettext_noop("%(card)s: diese Gemeinschaft darf sich in dieser Runde nicht bewegen."),
            card=found["name"],
        )


def refuse_keyed(state: State, group: dict, keyed) -> None:
    """ "If the company moves to a Ruins & Lairs, no hazard creatures may be played (by type or name) keyed to
    regions against his company" (Down Down to Goblin-town): read when the creature is keyed."""
    found = _effect(state, group["id"], "no_region_creatures")
    if not found or getattr(keyed, "kind", None) not in ("region", "region_type") or not group.get("dest"):
        return
    if st.info(state, group["dest"]).get("site_type", "").strip("{}") == "R":
        raise IllegalAction(
            "protected",
            gettext_noop(
                "%(card)s: gegen diese Gemeinschaft dürfen keine Kreaturen über Regionen gespielt werden, da sie "
                "zu Ruinen & Horten zieht."
            ),
            card=found["name"],
        )


def extra_regions(state: State, group: dict) -> int:
    """How many more regions the company's movement may cross this turn (Cram: "play an additional region"; Noble
    Steed: "If each character in a company controls a Noble Steed (or Bill the Pony or Shadowfax), the company may
    move up to two additional regions")."""
    found = sum(
        e["by"] for e in state.get("effects") or () if e["target"] == group["id"] and e["stat"] == "extra_region"
    )
    allies = {c: [i for i in _borne(state, c) if st.info(state, i)["type"] == "Resource"] for c in group["chars"]}
    for ally in {i for mine in allies.values() for i in mine}:
        steed = card_facts(state, ally).get("steed_regions")
        names = set(steed["steeds"]) if steed else set()
        if steed and all(any(st.info(state, i)["name_en"] in names for i in mine) for mine in allies.values()):
            return found + steed["by"]
    return found


def strike_roll(ops, state: State, iid: str, mods: list) -> tuple[int, int]:
    """The strike's roll: "obtains two random values against it, choosing the one to use" (Swift Strokes).
    Decision: the table takes the higher one (a higher roll is always the better one for the defender); the
    other is logged with the modifications."""
    dice = ops._roll2d6(state)
    found = next((e for e in state.get("effects") or () if e["target"] == iid and e["stat"] == "best_of_two"), None)
    if found is None:
        return dice
    other = ops._roll2d6(state)
    better, worse = (dice, other) if sum(dice) >= sum(other) else (other, dice)
    mods.append(
        part(gettext_noop("%(card)s: zweiter Wurf %(a)s+%(b)s verworfen"), card=found["name"], a=worse[0], b=worse[1])
    )
    return better


# --- direct influence from card text (items, events) --------------------------------------------------------


def card_facts(state: State, iid: str) -> dict:
    """The printed text of a static card (item, ally) the table reads: its entry's ``item`` words."""
    found = scripts.entry(st.info(state, iid)["code"]) if state.get("card_text", True) else None
    return (found or {}).get("item") or {}


_item_text = card_facts


def _borne(state: State, bearer: str) -> list[str]:
    return [i for i in st.attached(state, bearer) if state["inst"][i]["zone"] == "play"]


def direct_influence_bonus(state: State, leader: str) -> int:
    """What card text adds to a character's direct influence in every use (controlling followers, influence
    attempts): "+2 to direct influence" on an item he bears (High Helm), "+6 direct influence until the end of
    the turn" (Vilya), "-2 to leader's direct influence (to a minimum of 0)" of an event on him."""
    if leader not in state["inst"]:
        return 0
    found = sum(
        e["by"] for e in state.get("effects") or () if e["target"] == leader and e["stat"] == "direct_influence"
    )
    for iid in _borne(state, leader):
        found += sum(b["by"] for b in _item_text(state, iid).get("direct_influence", ()) if "against" not in b)
        found += sum(_bearer_di(state, iid))
    # "-2 to leader's direct influence (to a minimum of 0)" (I'll Report You)
    return max(found, -(st.info(state, leader)["di"] or 0))


def _bearer_di(state: State, iid: str) -> list[int]:
    """``bearer_di`` of a resolved permanent-event lying on the character."""
    if state["inst"][iid]["face_down"] or not state["inst"][iid].get("resolved") or not state.get("card_text", True):
        return []
    found = scripts.entry(st.info(state, iid)["code"])
    return [e["by"] for e in (found or {}).get("while_in_play") or () if e["do"] == "bearer_di"]


def faction_influence(state: State, bearer: str, faction: dict) -> list[tuple[str, int]]:
    """(card name, value) of the items whose "+N to direct influence against factions" (or against factions of
    a race: "against Elves and Elf factions") counts in this faction's influence check, and of the allies in
    the company with "+2 to any influence attempt by a character in his company against a Wolf faction"."""
    group = st.company_of(state, bearer)
    company = [(iid, "company_influence") for c in (group["chars"] if group else ()) for iid in _borne(state, c)]
    found = [
        (e["name"], e["by"])
        for e in state.get("effects") or ()
        if group and e["target"] == group["id"] and e["stat"] == "faction_bonus"
    ]
    for iid, word in [(iid, "direct_influence") for iid in _borne(state, bearer)] + company:
        for bonus in _item_text(state, iid).get(word, ()):
            against = {word.casefold() for word in bonus.get("against", ())}
            if "factions" in against or race_keys(faction.get("race") or "") & race_keys(",".join(against)):
                found.append((st.info(state, iid)["name_de"], bonus["by"]))
    return found


def refuse_duplicate(state: State, item: dict, bearer: str) -> None:
    """ "Cannot be duplicated on a given character" (or "in a given company"): not played on, or given to, a
    character bearing one (in a company with one); "May only be borne by a character with a prowess of 6 or
    more" (Thong of Fire)."""
    found = scripts.entry(item["code"]) if state.get("card_text", True) else None
    facts = (found or {}).get("item") or {}
    if "min_prowess" in facts and stats.prowess(state, bearer) < facts["min_prowess"]:
        raise IllegalAction(
            "bearer_too_weak",
            gettext_noop("%(card)s darf nur ein Charakter mit Kampfgeschick %(n)s oder mehr tragen."),
            card=item["name_de"],
            n=facts["min_prowess"],
        )
    group = st.company_of(state, bearer)
    holders = (group["chars"] if group else [bearer]) if facts.get("one_per_company") else [bearer]
    if not (facts.get("one_per_character") or facts.get("one_per_company")):
        return
    if any(st.info(state, i)["name_en"] == item["name_en"] for who in holders for i in _borne(state, who)):
        raise IllegalAction(
            "duplicated_on_character",
            gettext_noop(
                "%(card)s: %(character)s oder seine Gemeinschaft hat schon eine (kann nicht verdoppelt werden)."
            ),
            card=item["name_de"],
            character=_name(state, bearer),
        )


def shield_takes_wound(ops, state: State, iid: str, events: list) -> bool:
    """ "If a strike against the bearer is successful, he is not wounded. Instead, the attacker makes a roll—if
    this result is greater than 6, discard Sable Shield." True: the shield took the wound (no body check)."""
    shield = next((i for i in _borne(state, iid) if _item_text(state, i).get("no_wound")), None)
    if shield is None:
        return False
    above = _item_text(state, shield)["no_wound"]["discard_above"]
    dice = ops._roll2d6(state)
    lost = sum(dice) > above
    if lost:
        st.move(state, shield, "discard")
    template = (
        gettext_noop(
            "%(card)s: %(character)s wird nicht verwundet; Wurf des Angreifers %(a)s+%(b)s > %(need)s: "
            "%(card)s wird abgeworfen."
        )
        if lost
        else gettext_noop(
            "%(card)s: %(character)s wird nicht verwundet; Wurf des Angreifers %(a)s+%(b)s, nicht über %(need)s."
        )
    )
    params = {"card": st.info(state, shield)["name_de"], "character": _name(state, iid), "a": dice[0], "b": dice[1]}
    events.append(Event(Text(template, {**params, "need": above}), data={"kind": "log"}))
    return True


def ring_test_bonus(state: State, group: dict | None) -> list[tuple[str, int]]:
    """(card name, value) of the items in the company that modify a gold ring test (Scroll of Isildur: "When a
    gold ring is tested in a company with the Scroll of Isildur, the result of the roll is modified by +2")."""
    found = []
    for member in (group or {}).get("chars", ()):
        for iid in _borne(state, member):
            if "ring_test" in _item_text(state, iid):
                found.append((st.info(state, iid)["name_de"], _item_text(state, iid)["ring_test"]))
    return found


# --- marshalling and corruption points from card text --------------------------------------------------------


def _held_by(state: State, iid: str) -> dict | None:
    """An item's "If held by a Dwarf, …" values when its bearer is of that race (Durin's Axe)."""
    held = _item_text(state, iid).get("held_by")
    bearer = state["inst"][iid].get("on")
    if not held or bearer not in state["inst"] or st.info(state, bearer)["type"] != "Character":
        return None
    return held if race_keys(st.info(state, bearer)["race"]) & race_keys(held["race"]) else None


def corruption_points(state: State, iid: str) -> int:
    """A card's corruption points on its bearer ("If held by a Dwarf, … 3 corruption points")."""
    held = _held_by(state, iid)
    return held["corruption"] if held and "corruption" in held else st.info(state, iid)["corruption"] or 0


def printed_points(state: State, iid: str) -> int:
    """A card's marshalling points ("If held by a Dwarf, 4 marshalling points")."""
    held = _held_by(state, iid)
    return held["mp"] if held and "mp" in held else st.info(state, iid)["mp"] or 0


def points_worth(state: State, seat: int, info: dict, points: int) -> int:
    """What a scoring card is worth under the player's events in play: "Your characters and allies that normally
    give 2 or more marshalling points are each worth 2 marshalling points" (Great Patron)."""
    for effect in _continuous_of(state, "points_worth", (seat,)):
        if info["mp_type"] in effect["kinds"] and (info["mp"] or 0) >= effect["at_least"]:
            points = effect["worth"]
    return points


def _continuous_of(state: State, word: str, seats=(0, 1)):
    """The ``while_in_play`` effects ``word`` of the scripted events these players have in play (resolved)."""
    if not state.get("card_text", True):
        return
    for seat in seats:
        for iid in state["players"][seat]["play"]:
            if state["inst"][iid]["face_down"] or not state["inst"][iid].get("resolved"):
                continue
            found = scripts.entry(st.info(state, iid)["code"])
            for effect in (found or {}).get("while_in_play") or ():
                if effect["do"] == word:
                    yield effect


def extra_draws(state: State, group: dict) -> int:
    """ "Each moving company may draw an extra card for each region less than four in its site path" (A Short
    Rest): more cards the moving player may draw in the company's movement/hazard phase."""
    regions = len((group.get("route") or {}).get("types") or ())
    if not regions:
        return 0  # no site path (Under-deeps movement): nothing to count
    return sum(max(0, effect["regions_below"] - regions) for effect in _continuous_of(state, "extra_draws"))


def after_wound(state: State, iid: str, events: list) -> None:
    """ "Discard this ally if its controlling character is wounded" (Great Bats, Regiment of Black Crows)."""
    for ally in _borne(state, iid):
        if card_facts(state, ally).get("discard_if_wounded"):
            st.move(state, ally, "discard")
            events.append(
                Event(
                    Text(
                        gettext_noop("%(card)s wird abgeworfen: %(character)s ist verwundet."),
                        {"card": st.info(state, ally)["name_de"], "character": _name(state, iid)},
                    ),
                    data={"kind": "log"},
                )
            )


def deck_exhausted(state: State) -> None:
    """ "Discard when any play deck is exhausted" (Tribute Garnered): called when a play deck is exhausted."""
    if not state.get("card_text", True):
        return
    for player in state["players"]:
        for iid in list(player["play"]):
            if state["inst"][iid]["face_down"] or not state["inst"][iid].get("resolved"):
                continue
            found = scripts.entry(st.info(state, iid)["code"])
            if any(e["do"] == "discard_on_exhaust" for e in (found or {}).get("while_in_play") or ()):
                st.move(state, iid, "discard")


def attempt_influence(state: State, who: str, target: dict) -> list[tuple[str, int]]:
    """(card name, value) that card text adds to an influence attempt on an opponent's card: against a faction
    the items and allies of ``faction_influence``; against a character "+2 to direct influence used against an
    Elf character" (Elf-stone) and "+5 to an influence check against a character" (Old Friendship)."""
    if target["subtype"] == "Faction":
        return faction_influence(state, who, target)
    if target["type"] != "Character":
        return []
    found = use(state, who, "influence_character")
    for iid in _borne(state, who):
        for bonus in _item_text(state, iid).get("direct_influence", ()):
            against = race_keys(",".join(w for w in bonus.get("against", ()) if w.casefold() != "factions"))
            if against & race_keys(target["race"]):
                found.append((st.info(state, iid)["name_de"], bonus["by"]))
    return found


def strike_fails(ops, state: State, iid: str, events: list) -> bool:
    """The strike against ``iid`` fails without a roll (Liquid Fire on the attacking creature)."""
    found = _failing(state, state["attack"])
    if found is None:
        return False
    state["inst"][iid]["tapped"] = True  # he faced the strike
    events.append(
        Event(
            Text(
                gettext_noop("Hieb gegen %(character)s: %(card)s lässt ihn scheitern."),
                {"character": _name(state, iid), "card": found["name"]},
            ),
            data={"kind": "log"},
        )
    )
    return True


def _failing(state: State, attack: dict) -> dict | None:
    creature = attack.get("card")
    return next(
        (e for e in state.get("effects") or () if creature and e["target"] == creature and e["stat"] == "strikes_fail"),
        None,
    )


def strike_body(state: State, attack: dict) -> list[tuple[str, int]]:
    """(card name, value) of the weapons of the character facing the strike that modify the strike's body in its
    body check: "-2 to strike's body against a Dragon or Drake strike" (Wormsbane)."""
    failing = _failing(state, attack)
    found = [(failing["name"], failing["by"])] if failing else []
    for iid in _borne(state, attack.get("strike") or ""):
        for bonus in card_facts(state, iid).get("strike_body", ()):
            against = bonus.get("against")
            if not against or race_keys(attack.get("race") or "") & race_keys(",".join(against)):
                found.append((st.info(state, iid)["name_de"], bonus["by"]))
    return found


def no_stay_penalty(state: State, iid: str) -> bool:
    """ "Warrior only: … if bearer chooses not to tap against a strike, he receives no prowess penalty" (Thong of
    Fire): an item he bears says so and he has the skill."""
    skills = st.info(state, iid)["skills"].casefold()
    return any(
        card_facts(state, i).get("no_stay_penalty") in skills
        for i in _borne(state, iid)
        if card_facts(state, i).get("no_stay_penalty")
    )


def faction_failed(state: State, iid: str, bearer: str) -> None:
    """A faction's influence check failed: discarded, or "If the check is not successful, shuffle the faction
    into your play deck" (The Dark Power, for the next check of its character this turn)."""
    marked = [e for e in state.get("effects") or () if e["target"] == bearer and e["stat"] == "failed_faction_to_deck"]
    if not marked:
        st.move(state, iid, "discard")
        return
    state["effects"].remove(marked[0])
    st.move(state, iid, "deck")
    rng.shuffle(state["rng"], state["players"][state["inst"][iid]["owner"]]["deck"])
