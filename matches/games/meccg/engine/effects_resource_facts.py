"""What the table reads from a static resource's own entry words (issue 30, round 2): items' and allies' direct
influence, marshalling and corruption points, strikes they change, what may bear them; and the hooks the rules
call for them (``state.direct_influence_free``, the faction check, influence attempts, strikes, the score,
corruption points, the ring test, the movement's regions)."""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import scripts
from . import state as st
from .effects_state import name_of as _name
from .effects_state import race_keys, use


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


def faction_influence(state: State, bearer: str, faction: dict, prowess: int | None = None) -> list[tuple[str, int]]:
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
    for effect in [e for e in state.get("effects") or () if e["target"] == bearer and e["stat"] == "influence_prowess"]:
        if prowess is None:
            continue  # valued only in a faction's own check, where the rules pass the prowess
        state["effects"].remove(effect)  # "an influence check": this one
        value = min(prowess, effect["by"])
        if effect.get("instead_of_di"):  # Threats: the prowess instead of the unused direct influence it adds
            value -= max(0, st.direct_influence_free(state, bearer))
        found.append((effect["name"], value))
    for iid, word in [(iid, "direct_influence") for iid in _borne(state, bearer)] + company:
        for bonus in _item_text(state, iid).get(word, ()):
            against = {word.casefold() for word in bonus.get("against", ())}
            if "factions" in against or race_keys(faction.get("race") or "") & race_keys(",".join(against)):
                found.append((st.info(state, iid)["name_de"], bonus["by"]))
    return found


def refuse_duplicate(state: State, item: dict, bearer: str, prowess: int = 0) -> None:
    """ "Cannot be duplicated on a given character" (or "in a given company"): not played on, or given to, a
    character bearing one (in a company with one); "May only be borne by a character with a prowess of 6 or
    more" (Thong of Fire)."""
    found = scripts.entry(item["code"]) if state.get("card_text", True) else None
    facts = (found or {}).get("item") or {}
    if "min_prowess" in facts and prowess < facts["min_prowess"]:  # ``prowess``: the bearer's, from the rules
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


st.DIRECT_INFLUENCE_BONUSES.append(direct_influence_bonus)  # read by state.direct_influence_free
