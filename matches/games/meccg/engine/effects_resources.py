"""Vocabulary for resource cards (issue 30, round 2): what their effects do (``RESOURCE_HANDLERS``, called by
``effects_resolve`` like those of ``effects_apply``/``effects_more``; ``RESOURCE_WORDS`` for the buttons) and the
hooks the rules call for them (movement planning, the hazard play after keying, the strike roll, the score, the
draw allowance, a play deck's exhaustion, a failed faction). The conditions are ``effects_resource_match``, the
words of static items and allies ``effects_resource_facts``; both are re-exported here, the one module the rules
import for round 2."""

from __future__ import annotations

from matches.engine import rng
from matches.engine.base import IllegalAction, State, gettext_noop

from . import scripts
from . import state as st
from .cardinfo import avatar_kind
from .effects_apply import _cancel_attack
from .effects_more import _hazard_limit
from .effects_resource_facts import (
    after_wound,
    attempt_influence,
    card_facts,
    corruption_points,
    direct_influence_bonus,
    extra_regions,
    faction_influence,
    no_stay_penalty,
    printed_points,
    refuse_duplicate,
    ring_test_bonus,
    shield_takes_wound,
    strike_body,
    strike_fails,
)
from .effects_resource_match import (
    _bring_effect,
    _bringable,
    can_bring,
    character_ok,
    checked_pick,
    controller_for,
    is_leader,
    pick_options,
    target_ok,
    uses_magic,
)
from .effects_state import add, race_keys, use
from .effects_state import name_of as _name
from .log_text import part, signed

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
    "discard_events": gettext_noop("Ereignisse abwerfen"),
    "fetch_magic": gettext_noop("Magiekarte auf die Hand"),
    "take_from_top": gettext_noop("eine der obersten Karten auf die Hand"),
    "fetch_named": gettext_noop("Karte auf die Hand"),
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
    (Threats): valued when the check is made (``faction_influence``, with the prowess the rules pass)."""
    who = link["target"]["id"]
    add(state, link, info, who, "influence_prowess", effect["max"], "check", instead_of_di=effect.get("instead_of_di"))
    template = (
        gettext_noop(
            "%(character)s: Kampfgeschick statt freiem direktem Einfluss (höchstens %(value)s) für den Einflusswurf"
        )
        if effect.get("instead_of_di")
        else gettext_noop("%(character)s: Kampfgeschick (höchstens %(value)s) auf den Einflusswurf")
    )
    return part(template, character=_name(state, who), value=signed(effect["max"]))


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


def _discard_events(ops, state, link, info, effect, events):
    """ "All Nazgûl events are discarded" (Wizard's River-horses): every hazard of these races lying on the table
    as an event (not a creature attacking)."""
    wanted = race_keys(",".join(effect["races"]))
    gone = [
        iid
        for player in state["players"]
        for iid in list(player["play"])
        if not state["inst"][iid]["face_down"]
        and st.info(state, iid)["type"] == "Hazard"
        and "event" in st.info(state, iid)["subtype"].casefold()
        and race_keys(st.info(state, iid)["race"] or "") & wanted
        and not (state.get("attack") and state["attack"].get("card") == iid)
    ]
    names = [_name(state, iid) for iid in gone]
    for iid in gone:
        st.move(state, iid, "discard")
    return part(gettext_noop("abgeworfen: %(cards)s"), cards=names or "–")


def _fetch_magic(ops, state, link, info, effect, events):
    """ "You may take a magic card from your play deck or discard pile to your hand (reshuffle play deck if
    searched)" (``fetch_magic``), "take the Fortress of the Towers card …" (``fetch_named``): the card named with
    the play."""
    iid = next(iter(link.get("pick") or ()), None)
    if iid is None or state["inst"][iid]["zone"] not in ("deck", "discard"):
        return part(gettext_noop("keine Karte genommen"))
    searched = state["inst"][iid]["zone"] == "deck"
    st.move(state, iid, "hand")
    if searched:
        rng.shuffle(state["rng"], state["players"][link["seat"]]["deck"])
    return part(gettext_noop("%(card)s auf die Hand"), card=_name(state, iid))


def _take_from_top(ops, state, link, info, effect, events):
    """ "reveal up to 8 cards from the top of your play deck. Choose one to put into your hand and shuffle the
    remaining ones into your play deck": the card named with the play (``pick``); the revealed ones are logged."""
    deck = state["players"][link["seat"]]["deck"]
    shown = deck[: effect["n"]]
    iid = next(iter(link.get("pick") or ()), None)
    if iid in shown:
        st.move(state, iid, "hand")
    rng.shuffle(state["rng"], deck)
    return part(
        gettext_noop("aufgedeckt: %(cards)s; %(card)s auf die Hand, der Spielstapel gemischt"),
        cards=[_name(state, i) for i in shown] or "–",
        card=_name(state, iid) if iid in shown else "–",
    )


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
    "discard_events": _discard_events,
    "fetch_magic": _fetch_magic,
    "take_from_top": _take_from_top,
    "fetch_named": _fetch_magic,
}


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


def deck_exhausted(state: State) -> None:
    """ "Discard when any play deck is exhausted" (Tribute Garnered): called when a play deck is exhausted."""
    if not state.get("card_text", True):
        return
    from .effects_hazards_events import limit_lost

    gone = []
    for player in state["players"]:
        for iid in list(player["play"]):
            if state["inst"][iid]["face_down"] or not state["inst"][iid].get("resolved"):
                continue
            found = scripts.entry(st.info(state, iid)["code"])
            if any(e["do"] == "discard_on_exhaust" for e in (found or {}).get("while_in_play") or ()):
                gone.append(iid)
    limit_lost(state, gone)  # a company in its movement/hazard phase loses the hazard limit they gave it
    for iid in gone:
        st.move(state, iid, "discard")


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


__all__ = [
    "RESOURCE_HANDLERS",
    "RESOURCE_WORDS",
    "after_wound",
    "attempt_influence",
    "can_bring",
    "card_facts",
    "character_ok",
    "checked_pick",
    "controller_for",
    "corruption_points",
    "deck_exhausted",
    "direct_influence_bonus",
    "extra_draws",
    "extra_regions",
    "faction_failed",
    "faction_influence",
    "is_leader",
    "no_stay_penalty",
    "pick_options",
    "points_worth",
    "printed_points",
    "refuse_duplicate",
    "refuse_keyed",
    "refuse_movement",
    "ring_test_bonus",
    "shield_takes_wound",
    "strike_body",
    "strike_fails",
    "strike_roll",
    "target_ok",
    "uses_magic",
]


st.DECK_EXHAUSTED.append(deck_exhausted)  # called by state.exhaust
