"""A character's or ally's modified prowess and body (seeds/003 "Abwicklung der Hiebe", "Konstitutionswurf",
"Gegenstände: Einschränkungen").

What the table knows: the printed value, the "+N" prowess and body printed on the items it bears, and the
modifiers an accepted request put on it (card text the table does not read, visible to both players).
Decision: a printed item modifier applies in full (card texts that cap it, "to a maximum of 9", are left
to a request). Items lose their abilities on a Ringwraith or Balrog, on a character of the other
alignment (hero ↔ minion item), and on a Fallen-wizard's orc or troll.
"""

from __future__ import annotations

from matches.engine.base import Text, gettext_noop

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


def modifiers(state: State, iid: str, stat: str) -> list[tuple[str, int]]:
    """(source name, value) of every modifier to ``stat`` ("prowess" or "body") the table knows."""
    found = []
    for other in st.attached(state, iid):
        info = st.info(state, other)
        if is_item(info) and info.get(stat) and item_works(state, other, iid):
            found.append((info["name_de"], info[stat]))
    mod = (state["inst"][iid].get("mods") or {}).get(stat)
    if mod:
        found.append((CARD_TEXT, mod))
    return found


def prowess(state: State, iid: str) -> int:
    return (st.info(state, iid)["prowess"] or 0) + sum(v for _, v in modifiers(state, iid, "prowess"))


def body(state: State, iid: str) -> int:
    return (st.info(state, iid)["body"] or 0) + sum(v for _, v in modifiers(state, iid, "body"))


def describe(state: State, iid: str, stat: str) -> str | dict:
    """ "5 + Glamdring 3 = 8" for the log: a text (JSON) the reader gets in their language, or the bare number."""
    base = st.info(state, iid)[stat] or 0
    mods = modifiers(state, iid, stat)
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
        found += [a for a in st.attached(state, iid) if is_ally(st.info(state, a))]
    return found
