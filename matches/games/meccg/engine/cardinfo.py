"""Plain card facts the engine needs, built from a Council of Elrond card record.

``from_record`` takes the record's parts (code, names, type, alignment, attributes) as plain data,
so the Django side can feed it ``cards.Card`` rows and the tests the JSON file itself.
"""

from __future__ import annotations

import html as htmllib
import re
import unicodedata
from typing import Any

Info = dict[str, Any]

AVATAR_RACES = {"Wizard", "Ringwraith", "Fallen-wizard", "Balrog"}


def _int(raw) -> int | None:
    if raw is None:
        return None
    match = re.match(r"\s*([+-]?\d+)", str(raw))
    return int(match.group(1)) if match else None


def _text(raw) -> str:
    if isinstance(raw, dict):
        return raw.get("en") or next(iter(raw.values()), "") or ""
    return raw or ""


def key(name: str) -> str:
    """Spelling-proof comparison key: 'Ûdun' and 'Udûn' are the same region in the data."""
    plain = unicodedata.normalize("NFKD", name or "").encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "", plain.casefold())


def _haven_paths(attrs: dict) -> dict[str, str]:
    """'haven1': 'Lórien - {w}{b}{w}{w}' → {'Lórien': '{w}{b}{w}{w}'}; unnamed paths are left out."""
    paths = {}
    for field in ("haven1", "haven2"):
        raw = attrs.get(field) or ""
        if " - " in raw:
            name, path = raw.rsplit(" - ", 1)
            paths[name.strip()] = path.strip()
    return paths


def from_record(code: str, names: dict, card_type: str, alignment: str, attrs: dict, text: str = "") -> Info:
    race = attrs.get("race") or ""
    info: Info = {
        "code": code,
        "name_de": names.get("de") or names.get("en") or code,
        "name_en": names.get("en") or names.get("de") or code,
        "type": card_type,
        "subtype": attrs.get("subtype") or "",
        "alignment": alignment or "",
        "unique": bool(attrs.get("unique")),
        "race": race,
        "skills": attrs.get("skills") or "",
        "mind": _int(attrs.get("mind")),
        "di": _int(attrs.get("directInfluence")),
        "prowess": _int(attrs.get("prowess")),
        "body": _int(attrs.get("body")),
        "corruption": _int(attrs.get("corruption")),
        "mp": _int(attrs.get("marshallingPoints")),
        "mp_type": attrs.get("marshallingPointsType") or "",
        # "2*": kill points that only minion and balrog players score (Punkte: Kreaturen).
        "mp_starred": "*" in str(attrs.get("marshallingPoints") or ""),
        "home_site": _text(attrs.get("homeSite")),
        "avatar": bool(attrs.get("avatar")) or (card_type == "Character" and race in AVATAR_RACES),
        "agent": bool(attrs.get("agent")),
    }
    if card_type == "Site":
        info.update(
            region=attrs.get("region") or "",
            site_type=attrs.get("siteType") or "",
            haven=attrs.get("haven") or "",
            site_path=attrs.get("sitePath") or "",
            havens=_haven_paths(attrs),
            draw=_int(attrs.get("draw")) or 1,
            draw_opponent=_int(attrs.get("drawOpponent")) or 1,
            under_deeps=bool(attrs.get("underDeeps")),
        )
        if attrs.get("adjacent"):
            # Under-deeps sites: "Moria (0), The Gem-deeps (6), …" → the names; the first is the surface site.
            info["adjacent_sites"] = [
                re.sub(r"\s*\(\d+\)\s*$", "", name).strip() for name in attrs["adjacent"].split(",") if name.strip()
            ]
    if card_type == "Region":
        info.update(
            region_type=attrs.get("regionType") or "",
            adjacent=[name.strip() for name in (attrs.get("moveTo") or "").split(",") if name.strip()],
        )
    info.update(keying_facts(card_type, attrs, text))
    info.update(table_facts(card_type, attrs, text))
    return info


def from_json_record(record: dict) -> Info:
    return from_record(
        record["id"],
        record["name"],
        record["type"],
        record.get("alignment", ""),
        record["attributes"],
        _text(record.get("text")),
    )


# --- facts for keying (engine/keying.py) ----------------------------------------------------------

_TAG = re.compile(r"<[^>]+>")
_SITE_PATH_FROM = re.compile(r"Site Path From ([^:<]+?)\s*:\s*((?:\{[a-zA-Z]\}\s*)+)", re.IGNORECASE)


_AHUNT = re.compile(r"Any company moving in (.+?) faces one Dragon attack", re.IGNORECASE)
_AHUNT_MORE = re.compile(r"If Doors of Night is in play, this attack also affects:?\s*(.+?)\.(?:\s|$)", re.IGNORECASE)
_AT_HOME = re.compile(r"Unless .+? Ahunt is in play, .+? has an additional automatic-attack", re.IGNORECASE)
_KEYING_WORDS = re.compile(
    r"keyed|played at|playable at|detainment|playable only|no effect on a minion|opponent is a balrog|site path|"
    r"moving from",
    re.IGNORECASE,
)


def plain_text(html: str) -> str:
    """Card text without markup, on one line ('<p><i>Undead.</i> One strike.</p>' → 'Undead. One strike.').
    Entities are decoded: the database keeps the text sanitised ("Wold &amp; Foothills")."""
    return re.sub(r"\s+", " ", htmllib.unescape(_TAG.sub(" ", html or ""))).strip()


def keying_facts(card_type: str, attrs: dict, text: str = "") -> Info:
    """What keying reads besides the common facts: a creature's printed keying symbols (``playable``) and
    its English text (named regions and sites it may be keyed to, detainment); a site's ``special`` text
    (creatures it allows, detainment) and its haven paths where the data gives them without the haven's
    name (the minion havens: the names are in the card text, "Site Path From Minas Morgul: …")."""
    facts: Info = {}
    plain = plain_text(text)
    if "Creature" in (attrs.get("subtype") or ""):
        facts["key_symbols"] = attrs.get("playable") or ""
        # Only the sentences keying reads (the state carries every card's facts: keep it small).
        sentences = re.split(r"(?<=[.!])\s*(?=[A-Z(]|$)", plain)
        facts["key_text"] = " ".join(s.strip() for s in sentences if _KEYING_WORDS.search(s))
    ahunt = _AHUNT.search(plain) if card_type == "Hazard" else None
    if ahunt and "Long-event" in (attrs.get("subtype") or ""):
        # A Dragon Ahunt: "Any company moving in A, B and/or C faces one Dragon attack (considered a hazard
        # creature attack)" (seed 003 "Drachen": such attacks count as creature attacks). Keying reads it as a
        # Dragon keyed to those regions; ``ahunt`` lets the calculator take it for a creature.
        more = _AHUNT_MORE.search(plain)
        facts.update(
            ahunt=True,
            race="Dragon",
            key_symbols="",
            key_text=f"May be played keyed to {ahunt.group(1).replace('and/or', 'and')}."
            + (f" If Doors of Night is in play, may also be played keyed to {more.group(1)}." if more else ""),
        )
    elif card_type == "Hazard" and _AT_HOME.search(plain):
        facts["at_home"] = True  # "Unless Smaug Ahunt is in play, The Lonely Mountain has an additional …"
    if card_type == "Site":
        facts["special"] = attrs.get("special") or ""
        facts["auto_attack"] = attrs.get("autoAttack") or ""
        named = [(m.group(1).strip(), re.sub(r"\s+", "", m.group(2))) for m in _SITE_PATH_FROM.finditer(plain)]
        unnamed = [attrs.get(f) for f in ("haven1", "haven2") if attrs.get(f) and " - " not in attrs.get(f)]
        if named and unnamed:
            # The minion havens' data give the paths without the havens' names; the printed text names them
            # and stands where the two differ: Carn Dûm and Dol Guldur print {d}{b}{d}{s} / {s}{d}{b}{d}
            # (Angmar, Gundabad, Anduin Vales {b}, Southern Mirkwood by the region cards), the data {s} for {b}.
            facts["havens"] = {**dict(named), **_haven_paths(attrs)}
    return facts


def region_map(infos) -> dict[str, dict]:
    """Region name → {'type', 'adjacent'} from the region cards (one entry per region name)."""
    regions = {}
    for info in infos:
        if info["type"] == "Region":
            regions.setdefault(info["name_en"], {"type": info["region_type"], "adjacent": list(info["adjacent"])})
    return regions


# --- facts about one card -------------------------------------------------------------------------


def is_hazard(info: Info) -> bool:
    return info["type"] == "Hazard"


def is_creature(info: Info) -> bool:
    return "Creature" in info["subtype"]


def is_short_event(info: Info) -> bool:
    return info["subtype"].split("/")[0] == "Short-event" or info["subtype"] == "Short-event"


def is_long_event(info: Info) -> bool:
    return info["subtype"] == "Long-event"


def is_site_resource(info: Info) -> bool:
    """Items, allies and factions: played at a site by tapping a character (site phase)."""
    return info["type"] == "Resource" and any(word in info["subtype"] for word in ("Item", "Ally", "Faction"))


def is_minor_item(info: Info) -> bool:
    return info["subtype"] == "Minor Item"


def is_haven(info: Info) -> bool:
    return info["type"] == "Site" and info.get("site_type") == "{H}"


def half_size(info: Info) -> bool:
    """Hobbits and orc scouts count half towards company size (Organisationsphase)."""
    race = info["race"].casefold()
    return race == "hobbit" or ("orc" in race and "scout" in info["skills"].casefold())


def avatar_kind(info: Info) -> str:
    return info["race"] if info["type"] == "Character" and info["race"] in AVATAR_RACES else ""


def influence_cost(info: Info) -> int:
    """Mind counted against influence; avatars have none."""
    return info["mind"] or 0


# --- facts for the table's combat and site rules (issue 19) ---------------------------------------------

# "+2 direct influence against Elves and Elf factions" (a character's text; factions.py applies it).
DI_AGAINST = re.compile(r"([+-]\d+) (?:to )?direct influence against ([^.;]+)", re.IGNORECASE)
_PLAYABLE_AT = re.compile(r"Playable (?:only )?at ([^.]+?)(?:\s+if\b|\s+by\b|\.|$)", re.IGNORECASE)


def table_facts(card_type: str, attrs: dict, text: str = "") -> Info:
    """Strikes of creatures, keywords (hoard items, rings), a site's item rules and automatic attacks, and
    the sites an ally or faction names ("Playable at Goblin-gate or Moria")."""
    facts: Info = {
        "keywords": [str(k) for k in attrs.get("keywords") or []],
        "stage_points": _int(attrs.get("stagePoints")),
    }
    if attrs.get("strikes") is not None:
        facts["strikes"] = _int(attrs.get("strikes"))
        if "each" in str(attrs["strikes"]):
            facts["strikes_each"] = True  # "Each character in the company faces one strike" (1/each)
    if card_type in ("Hazard", "Resource") and re.match(r"\s*Environment\.", plain_text(text)):
        facts["environment"] = True  # Doors of Night, Gates of Morning, Twilight's targets
    if card_type == "Site":
        facts["site_playable"] = attrs.get("playable") or ""
        facts["auto_attack"] = attrs.get("autoAttack") or ""
    subtype = attrs.get("subtype") or ""
    if card_type == "Character":
        plain = plain_text(text)
        mod = re.search(r"corruption checks? (?:are |is )?modified by ([+-]\d+)", plain, re.IGNORECASE) or re.search(
            r"([+-]\d+) to all (?:of (?:his|her) )?corruption checks", plain, re.IGNORECASE
        )
        facts["corruption_mod"] = int(mod.group(1)) if mod else 0
        # "-3 marshalling points if eliminated" (Aragorn II): counted by the score once the character is.
        lost = re.search(r"([+-]\d+) marshalling points? if eliminated", plain, re.IGNORECASE)
        facts["mp_if_eliminated"] = int(lost.group(1)) if lost else 0
        facts["di_text"] = " ".join(m.group(0) for m in DI_AGAINST.finditer(plain))
        facts["leader"] = bool(re.search(r"\bLeader\.", plain))  # a Balrog's leaders (Foe Dismayed)
        uses = re.search(r"Can use ([^.]*)\.", plain)  # "Can use shadow-magic and spirit-magic", "Can use sorcery"
        facts["magic"] = re.findall(r"sorcery|[\w]+-magic", uses.group(1).casefold()) if uses else []
    if subtype == "Faction":
        plain = plain_text(text)
        target = re.search(r"influence check is greater than (\d+)", plain, re.IGNORECASE)
        facts["influence_target"] = int(target.group(1)) if target else None
        if re.search(r"Once in play, the number required to influence this faction is 0", plain, re.IGNORECASE):
            facts["zero_in_play"] = True
        standard = re.search(r"Standard Modifications:(.*)", plain, re.IGNORECASE)
        other = re.search(r"Any other \w+ faction \([+-]\d+[^)]*\)", plain, re.IGNORECASE)
        facts["faction_text"] = other.group(0) if other else ""
        facts["standard_mods"] = [
            [m.group(1).strip(), int(m.group(2))]
            for m in re.finditer(r"([A-Za-zÀ-ÿ -]+?)\s*\(([+-]\d+)\)", standard.group(1) if standard else "")
        ]
    if card_type == "Resource" and "Item" in subtype:
        # "Weapon.", "Armor.", "Shield.", "Helmet.", "Palantír." head the text: what a site's footnote asks for
        # ("Items (minor, major*) *-weapon, armor, shield, or helmet only").
        words = re.findall(r"\b(Weapon|Armou?r|Shield|Helmet|Palant[íi]r)\.", plain_text(text), re.IGNORECASE)
        facts["item_words"] = sorted({key(w).replace("armour", "armor") for w in words})
        facts["bonuses"] = item_bonuses(attrs, text)
    if card_type == "Resource" and subtype in ("Short-event", "Permanent-event", "Permanent-event/Short-event"):
        plain = plain_text(text)
        facts["magic_card"] = bool(re.match(r"\s*(?:Unique\.\s*)?Magic\.", plain))  # Akhôrahil Unleashed
        # Information: "Sage only during the site phase at an untapped site where Information is playable. Tap
        # the sage and the site."
        if re.search(r"(?:where|at which) Information is playable", plain, re.IGNORECASE) and re.search(
            r"Tap the \w+ and (?:the )?site", plain, re.IGNORECASE
        ):
            facts["information"] = "sage" if re.search(r"\bSage only\b", plain, re.IGNORECASE) else "any"
    if card_type == "Resource" and (subtype in ("Ally", "Faction") or "Item" in subtype):
        plain = plain_text(text)
        match = _PLAYABLE_AT.search(plain)
        if match:
            where = re.sub(r"\b(?:any |an? )?tapped or untapped ", "any ", match.group(1).split(";")[0])
            facts["play_sites"] = [part.strip() for part in re.split(r",\s*(?:or\s+)?|\s+or\s+", where) if part.strip()]
        # "playable even if the site is tapped" (Bill the Pony), "Playable at a tapped or untapped Barad-dûr".
        facts["tapped_site_ok"] = bool(re.search(r"even if the site is tapped|tapped or untapped", plain, re.I))
    return facts


# --- an item's prowess and body bonuses, with their limits (issue 29) -----------------------------------------

_NON_STATIC = re.compile(
    r"\b(?:tap|discard|when|whenever|instead|if (?:the |its )?bearer|playable|cannot|against detainment|if you|each|"
    r"all characters|until|once restored|restored|failed strikes?|strikes? against)\b",
    re.IGNORECASE,
)
_BONUS = re.compile(
    r"(?P<by>[+-] ?\d+) (?:to )?(?:(?:a|an) (?P<race>[A-Z][\w-]+)[’']s |(?:the )?bearer[’']s )?(?P<stat>prowess|body)"
    r"(?: and direct influence)?"
    r"(?P<alt> \([+-] ?\d+ (?:if held by|for) (?:a|an) [A-Z][\w-]+\))?"
    r"(?: \([+-] ?\d+ if [^()]*\))?"
    r"(?: \(?to a maximum of (?P<max>\d+|double[^)]*?)\)?)?"
    r"(?P<against> \([^()]*? against (?:an? )?[^()]*\))?",
)
_ALT_RACE = re.compile(r"([+-] ?\d+) (?:if held by|for) (?:a|an) ([A-Z][\w-]+)")
_AGAINST = re.compile(
    r"\((?:(?P<by>[+-] ?\d+)(?: to)?(?: prowess| body)? )?(?:to )?a maximum of (?P<max>\d+)(?: and [^()]*?)? "
    r"against (?:an? )?(?P<races>[^()]+?)(?: strike| attacks?)?\)"
)
_HELD = re.compile(
    r"(?P<by>[+-] ?\d+) (?P<stat>prowess|body) if held by (?:a|an) (?P<race>[A-Z][\w-]+)"
    r"(?: \(to a maximum of (?P<max>\d+)\))?"
)
_ALREADY = re.compile(
    r"If the bearer is already an? (?P<skill>\w+), he gets (?P<by>[+-] ?\d+) to (?P<stat>prowess|body)"
)
_PARENS_FOR = re.compile(r"Values in parentheses (?:and brackets )?apply to an? (\w+) bearer", re.IGNORECASE)


def _signed_int(text: str) -> int:
    return int(text.replace(" ", ""))


def item_bonuses(attrs: dict, text: str) -> list[dict]:
    """The static prowess/body bonuses an item's text prints, each ``{"stat", "by", "max", "skill", "race",
    "against"}``: "+3 to prowess to a maximum of 8 (a maximum of 9 against Orcs)" gives +3 (max 8) and, against
    Orcs, +3 (max 9); "+2 to a Hobbit's prowess", "(+4 if held by a Dwarf)" a bonus for that race; "Warrior
    only:" one for warriors. ``max`` "double" is twice the bearer's printed value. Bonuses that need an action
    (tap, discard) or a condition the table does not know are not static and left out. Where the text names
    none, the data's "+N" is taken (without a limit; "+N(M)" with M for the race the text names)."""
    plain = plain_text(text)
    found: list[dict] = []
    for sentence in re.split(r"(?<=\.)\s+", plain):
        skill = None
        only = re.match(r"(\w+) only(?: \([^)]*\))?:\s*", sentence)
        if only:
            if only.group(1).casefold() != "warrior":
                continue
            skill, sentence = "warrior", sentence[only.end() :]
        already = _ALREADY.search(sentence)
        if already:
            found.append(_bonus(already["stat"], _signed_int(already["by"]), None, already["skill"].casefold()))
            continue
        for clause in re.split(r";\s*", sentence):
            if not _NON_STATIC.search(clause):
                found += _clause_bonuses(clause, skill)
    for stat in ("prowess", "body"):
        if not any(b["stat"] == stat for b in found):
            found += _data_bonus(attrs, stat, plain)
    return found


def _bonus(stat: str, by: int, cap, skill=None, race=None, against=None) -> dict:
    return {"stat": stat, "by": by, "max": cap, "skill": skill, "race": race, "against": against}


def _clause_bonuses(clause: str, skill: str | None) -> list[dict]:
    held = _HELD.search(clause)
    if held:
        cap = int(held["max"]) if held["max"] else None
        return [_bonus(held["stat"], _signed_int(held["by"]), cap, skill, [held["race"]])]
    found = []
    for match in _BONUS.finditer(clause):
        cap = match["max"]
        cap = "double" if cap and cap.startswith("double") else (int(cap) if cap else None)
        base = _bonus(match["stat"], _signed_int(match["by"]), cap, skill, [match["race"]] if match["race"] else None)
        found.append(base)
        if match["alt"]:
            alt = _ALT_RACE.search(match["alt"])
            found.append({**base, "by": _signed_int(alt.group(1)), "race": [alt.group(2)]})
        against = _AGAINST.search(match["against"] or "")
        if against:
            races = [w.strip() for w in re.split(r",| or | and ", against["races"]) if w.strip()]
            by = _signed_int(against["by"]) if against["by"] else base["by"]
            found.append({**base, "by": by, "max": int(against["max"]), "against": races})
    return found


def _data_bonus(attrs: dict, stat: str, plain: str) -> list[dict]:
    raw = str(attrs.get(stat) or "")
    match = re.match(r"\s*([+-]\d+)\s*(?:\(\s*([+-]?\d+)\s*\))?", raw)
    if not match or (int(match.group(1)) == 0 and not match.group(2)):
        return []
    found = [_bonus(stat, int(match.group(1)), None)] if int(match.group(1)) else []
    race = _PARENS_FOR.search(plain)
    if match.group(2) and race:
        found.append(_bonus(stat, int(match.group(2)), None, None, [race.group(1)]))
    return found
