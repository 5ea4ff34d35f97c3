"""The modifications of a faction's influence check (seeds/003 "Heere": "Zu einem Würfelwurf wird sein freier
direkter Einfluss sowie weitere Boni oder Mali, wie sie auf der Charakter- bzw. Heereskarte angegeben sind,
addiert … Ist das Ergebnis größer als der auf der Heereskarte angegebene Wert, so wird das Heer ausgespielt").

Read from the English card texts in the data:

- the faction's "Standard Modifications: Elves (-2), Dwarves (+2)": a race (plural, "Men", "Dúnedain", "other
  Dwarves") applies to an influencing character of that race (a Fallen-wizard counts as a Wizard: "Karten, die
  sich auf einen Zauberer beziehen, gelten ebenso für einen Gefallenen Zauberer"); any other name is a faction
  ("Orcs of Angmar (+2)") and applies while the influencing player has that faction in play; "Any other Orc
  faction (-2; applied only once)" once for any other Orc faction in play; "if Radagast is your Wizard (+3)"
  while the player's avatar in play is that one;
- the character's "+2 direct influence against Elves and Elf factions", "… against the Rangers of the North
  faction", "… against any faction playable at Dunnish Clan-hold", "… and factions that can be played in
  Anfalas, …": applies where the faction is named, is of that race, or is playable at that site / in that region.

Decision: conditions the table cannot read ("Men with home sites in the regions listed above") count nothing;
a card effect beyond these is a request (a visible modifier).
"""

from __future__ import annotations

import re

from .cardinfo import DI_AGAINST, Info, key

RACES = {
    "wizard": "wizard",
    "man": "man",
    "men": "man",
    "dunadan": "dunadan",
    "dunedain": "dunadan",
    "elf": "elf",
    "elves": "elf",
    "dwarf": "dwarf",
    "dwarves": "dwarf",
    "hobbit": "hobbit",
    "hobbits": "hobbit",
    "orc": "orc",
    "orcs": "orc",
    "troll": "troll",
    "trolls": "troll",
    "wose": "wose",
    "woses": "wose",
}


def name_key(name: str) -> str:
    """'Orcs of the Red Eye' and 'Orcs of Red Eye', 'Morgul Orcs' and 'Morgul-orcs' are one faction."""
    return key(re.sub(r"\bthe\b", " ", name, flags=re.IGNORECASE))


def race_key(race: str) -> str:
    plain = key(race)
    if plain in ("wizards", "fallenwizard"):
        return "wizard"
    return RACES.get(plain, plain)


def _race_of_words(words: str) -> str | None:
    """'other Dwarves' → 'dwarf'; 'Men' → 'man'; a faction's name → None."""
    words = re.sub(r"^(?:other|any)\s+", "", words.strip(), flags=re.IGNORECASE)
    return RACES.get(key(words))


def standard_modifications(
    faction: Info, character: Info, own_factions: list[Info], avatar: Info | None
) -> list[tuple[str, int]]:
    """(what, value) of every standard modification that applies (faction card)."""
    found = []
    character_race = race_key(character["race"])
    others = [f for f in own_factions if name_key(f["name_en"]) != name_key(faction["name_en"])]
    for name, value in faction.get("standard_mods") or []:
        wizard = re.match(r"if (.+?) is your Wizard", name, re.IGNORECASE)
        if wizard:
            if avatar is not None and key(avatar["name_en"]).startswith(key(wizard.group(1))):
                found.append((name, value))
            continue
        race = _race_of_words(name)
        if race is not None:
            if race == character_race:
                found.append((name, value))
            continue
        if any(name_key(f["name_en"]) == name_key(name) for f in others):
            found.append((name, value))
    text = faction.get("faction_text") or ""
    other_orc = re.search(r"Any other Orc faction \(([+-]\d+)", text, re.IGNORECASE)
    if other_orc and any(race_key(f["race"]) == "orc" for f in others):
        found.append(("Orc faction", int(other_orc.group(1))))
    return found


def character_modifications(character: Info, faction: Info, site: Info | None) -> list[tuple[str, int]]:
    """(what, value) of the character's own "+N direct influence against …" that fits the faction."""
    found = []
    faction_race = race_key(faction["race"])
    faction_name = name_key(faction["name_en"])
    play_sites = {name_key(s) for s in faction.get("play_sites") or []}
    for value, target in DI_AGAINST.findall(character.get("di_text") or ""):
        target_key = name_key(target)
        fits = faction_name and faction_name in target_key
        for race_word in re.findall(r"(\w[\w-]*) factions?", target, re.IGNORECASE):
            fits = fits or RACES.get(key(race_word)) == faction_race
        site_named = re.search(r"faction playable at (.+)$", target, re.IGNORECASE)
        if site_named and name_key(site_named.group(1)) in play_sites:
            fits = True
        regions = re.search(r"factions that can be played in (.+)$", target, re.IGNORECASE)
        if regions and site is not None:
            names = {name_key(r) for r in re.split(r",\s*(?:and\s+)?|\s+and\s+", regions.group(1)) if r.strip()}
            fits = fits or name_key(site.get("region") or "") in names
        if fits:
            found.append((target.strip(), int(value)))
    return found
