"""A character's or ally's modified prowess and body (seeds/003 "Abwicklung der Hiebe", "Konstitutionswurf",
"Gegenstände: Einschränkungen").

What the table knows: the printed value; the bonuses printed on the items it bears, read once from the item's
text with their limits and conditions (``cardinfo.item_bonuses``: "+3 to prowess to a maximum of 8 (a maximum
of 9 against Orcs)", "+2 to a Hobbit's prowess", "Warrior only"); the effects of scripted cards in force
(``effects.py``: Risky Blow's +3 for one strike); and the modifiers an accepted request put on it (card text
the table does not read, visible to both players). Items apply in the order they were played, each up to
its own maximum ("to a maximum of 8" raises the value to at most 8 and never lowers it). Items lose their
abilities on a Ringwraith or Balrog, on a character of the other alignment (hero ↔ minion item), and on a
Fallen-wizard's orc or troll.
"""

from __future__ import annotations

from matches.engine.base import Text, gettext_noop

from . import effects, scripts
from . import state as st
from .cardinfo import Info, avatar_kind

CARD_TEXT = gettext_noop("Kartentext")

State = dict


def is_item(info: Info) -> bool:
    return info["type"] == "Resource" and "Item" in info["subtype"]


def is_ally(info: Info) -> bool:
    return info["type"] == "Resource" and info["subtype"] == "Ally"


def item_works(state: State, item: str, bearer: str) -> bool:
    bearer_info = st.info(state, bearer)
    item_info = st.info(state, item)
    if avatar_kind(bearer_info) in ("Ringwraith", "Balrog"):
        return False
    owner = state["players"][state["inst"][bearer]["owner"]]["alignment"]
    alignment = item_info["alignment"].casefold()
    if owner == "hero" and alignment == "minion":
        return False
    if owner in ("minion", "balrog") and alignment == "hero":
        return False
    race = bearer_info["race"].casefold()
    return not (owner == "fallen-wizard" and ("orc" in race or "troll" in race))


def _applies(bonus: dict, bearer: Info, against: str | None) -> bool:
    if bonus["skill"] and bonus["skill"] not in bearer["skills"].casefold():
        return False
    if bonus["race"] and not effects.race_keys(bearer["race"]) & effects.race_keys(",".join(bonus["race"])):
        return False
    if bonus["against"]:
        return bool(against) and bool(effects.race_keys(against) & effects.race_keys(",".join(bonus["against"])))
    return True


def item_bonus(item: Info, bearer: Info, stat: str, running: int, against: str | None) -> int:
    """What ``item`` adds to ``stat`` now: its most specific bonus that applies (against the attack's race, then
    for the bearer's race, then the plain one), up to its maximum."""
    usable = [b for b in item.get("bonuses") or () if b["stat"] == stat and _applies(b, bearer, against)]
    if not usable:
        return 0
    bonus = max(usable, key=lambda b: (bool(b["against"]), bool(b["race"])))
    cap = bonus["max"]
    if cap == "double":
        cap = 2 * (bearer[stat] or 0)
    if bonus["by"] <= 0 or cap is None:
        return bonus["by"]
    return max(running, min(running + bonus["by"], cap)) - running


def modifiers(state: State, iid: str, stat: str, against: str | None = None) -> list[tuple[str, int]]:
    """(source name, value) of every modifier to ``stat`` ("prowess" or "body") the table knows; ``against``:
    the race of the attack the character faces (items with a bonus against it)."""
    found = []
    bearer = st.info(state, iid)
    running = bearer[stat] or 0
    for other in st.attached(state, iid):
        info = st.info(state, other)
        if is_item(info) and item_works(state, other, iid):
            value = item_bonus(info, bearer, stat, running, against)
            if value:
                found.append((info["name_de"], value))
                running += value
    found += effects.modifiers(state, iid, stat)
    mod = (state["inst"][iid].get("mods") or {}).get(stat)
    if mod:
        found.append((CARD_TEXT, mod))
    return found


def prowess(state: State, iid: str, against: str | None = None) -> int:
    return (st.info(state, iid)["prowess"] or 0) + sum(v for _, v in modifiers(state, iid, "prowess", against))


def body(state: State, iid: str) -> int:
    return (st.info(state, iid)["body"] or 0) + sum(v for _, v in modifiers(state, iid, "body"))


def describe(state: State, iid: str, stat: str, against: str | None = None) -> str | dict:
    """ "5 + Glamdring 3 = 8" for the log: a text (JSON) the reader gets in their language, or the bare number."""
    return describe_values(st.info(state, iid)[stat] or 0, modifiers(state, iid, stat, against))


def describe_values(base: int, mods: list[tuple[str, int]]) -> str | dict:
    if not mods:
        return str(base)
    parts = [
        Text(
            gettext_noop("+ %(name)s %(n)s") if v >= 0 else gettext_noop("− %(name)s %(n)s"),
            {"name": Text(name).to_json() if name == CARD_TEXT else name, "n": abs(v)},
        ).to_json()
        for name, v in mods
    ]
    return Text(
        gettext_noop("%(base)s %(parts)s = %(total)s"),
        {"base": base, "parts": parts, "total": base + sum(v for _, v in mods)},
    ).to_json()


def fighters(state: State, group: dict) -> list[str]:
    """Characters of the company and the allies they control: allies count as characters in combat."""
    found = []
    for iid in group["chars"]:
        found.append(iid)
        found += [a for a in st.attached(state, iid) if is_ally(st.info(state, a)) and not _not_attacked(state, a)]
    return found


def _not_attacked(state: State, ally: str) -> bool:
    """ "May not be attacked" (Great Bats): the ally is assigned no strike; "May not face any strike at a site or
    from an automatic-attack" (Blackbole)."""
    found = scripts.entry(st.info(state, ally)["code"]) if state.get("card_text", True) else None
    facts = (found or {}).get("item") or {}
    attack = state.get("attack") or {}
    at_site = attack.get("source") == "auto" or (state.get("turn") or {}).get("phase") == "site"
    return bool(facts.get("not_attacked") or (facts.get("no_strike_at_site") and at_site))
