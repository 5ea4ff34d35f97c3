"""What a site card's data says (seeds/003 "Ortsphase", "Gegenstände", "Drachen und Drachenhorte",
"Unterirdische Orte", "Verbündete", "Heere"): its automatic attacks, the items playable there, hoards, and
the sites an ally or faction names. Pure functions over card Infos.
"""

from __future__ import annotations

import re

from .cardinfo import Info, key

# "Orcs - 3 strikes with 6 prowess", "Undead (1st attack) 4 strikes with 7 prowess (detainment)",
# "Men - each character faces 1 strike with 7 prowess (detainment against covert company)", "… 1 strike at 9".
_ATTACK = re.compile(
    r"^\s*(?:\((?:1st|2nd|3rd)\)\s*)?(?P<race>[^(\d;,]+?)\s*(?:\((?:\d\w+ attack|cannot be canceled)\)\s*)?"
    r"(?:[-–]\s+)?(?:\((?:\d\w+ attack|cannot be canceled)\)\s*)?"
    r"(?:(?P<each>each character faces )?(?P<strikes>\d+) strikes? (?:with|at) (?P<prowess>\d+)(?: prowess)?)"
    r"(?P<rest>.*)$",
    re.IGNORECASE,
)
_SPLIT = re.compile(r";\s*|,\s*(?=[A-Z][\w-]*(?: [A-Z][\w-]*)? - \d)")
ITEM_KINDS = {
    "Minor Item": "minor",
    "Major Item": "major",
    "Greater Item": "greater",
    "Gold Ring Item": "gold ring",
}


def automatic_attacks(site: Info, alignment: str) -> list[dict]:
    """The attacks printed on the site, in order. Detainment only where printed ("Verhöre": automatic attacks
    are detainment only when the site card says so). Decision: the "(2nd attack) Opponent may play … one
    creature from his hand" lines are the opponent's choice, not automatic: they are left to a request."""
    attacks = []
    for part in _SPLIT.split(site.get("auto_attack") or ""):
        match = _ATTACK.match(part)
        if not match:
            continue
        rest = match.group("rest").casefold()
        detainment = "detainment" in rest
        if "against covert company" in rest:
            detainment = alignment != "fallen-wizard"  # only Fallen-wizard companies can be overt here
        if "against overt company" in rest:
            detainment = detainment and alignment == "fallen-wizard"
            if "only" in rest and alignment != "fallen-wizard":
                continue
        attacks.append(
            {
                "name": match.group("race").strip(),
                "race": match.group("race").strip(),
                "strikes": int(match.group("strikes")),
                "prowess": int(match.group("prowess")),
                "body": None,
                "detainment": detainment,
                "each_character": bool(match.group("each")),
                "source": "auto",
                "card": None,
            }
        )
    return attacks


def item_kinds(site: Info) -> set[str]:
    """ "Information, Items (minor, major, greater*, gold ring)" → {"information", "minor", "major", …}."""
    text = (site.get("site_playable") or "").casefold()
    kinds = set()
    if "information" in text:
        kinds.add("information")
    match = re.search(r"items\s*\(([^)]*)\)", text)
    if match:
        kinds |= {part.strip(" *") for part in match.group(1).split(",") if part.strip(" *")}
    return kinds


def starred_kinds(site: Info) -> tuple[set[str], str]:
    """The kinds marked with * and what their footnote allows: "Items (minor, major*) *-weapon, armor, shield,
    or helmet only" → ({"major"}, "weapon, armor, shield, or helmet only")."""
    text = (site.get("site_playable") or "").casefold()
    match = re.search(r"items\s*\(([^)]*)\)", text)
    starred = {part.strip(" *") for part in match.group(1).split(",") if "*" in part} if match else set()
    note = re.search(r"\*\s*-\s*(.+)$", text)
    return starred, note.group(1).strip() if note else ""


def footnote_allows(item: Info, note: str) -> bool:
    """Whether ``item`` is one the footnote names: item words (weapon, armor, shield, helmet, Palantíri), a
    card by name (Scroll of Isildur), or "hero item only"."""
    words = set(item.get("item_words") or [])
    plain = key(note)
    if "heroitem" in plain:
        return item["alignment"].casefold() == "hero"
    if "palantir" in plain:
        return "palantir" in words or key(item["name_en"]).startswith("palantir")
    named = [w for w in ("weapon", "armor", "shield", "helmet") if w in plain]
    if named:
        return bool(words & set(named))
    return key(item["name_en"]) in plain


def is_hoard(site: Info) -> bool:
    """ "Drachen und Drachenhorte": a site with an automatic attack by a unique dragon, or whose text says
    it contains a hoard."""
    special = (site.get("special") or "").casefold()
    return "hoard" in special or bool(re.search(r"\bdragon\b", (site.get("auto_attack") or ""), re.IGNORECASE))


def item_problem(item: Info, site: Info) -> str | None:
    """Why ``item`` may not be played at ``site`` (None: it may). Special items (rings by a test, …) follow
    their own text and are not limited by the site's list."""
    kind = ITEM_KINDS.get(item["subtype"])
    if "Hoard Item" in item.get("keywords", []) and not is_hoard(site):
        return "hoard"
    if kind and kind not in item_kinds(site):
        return "kind"
    starred, note = starred_kinds(site)
    if kind in starred and not footnote_allows(item, note):
        return "footnote"
    return None


_SITE_TYPES = {"H": "{H}", "F": "{F}", "B": "{B}", "R": "{R}", "S": "{S}", "D": "{D}"}


def play_site(phrase: str, site: Info) -> tuple[bool, bool]:
    """Whether ``site`` is one of "Minas Tirith", "a Haven [{H}]", "any Under-deeps Dark-hold [{D}]", "any tapped
    or untapped non-Darkhaven Under-deeps site", "a site with a Dwarf automatic-attack" (a card's "Playable
    at …"), and whether the phrase allows a tapped site."""
    plain = phrase.casefold()
    tapped_ok = "tapped or untapped" in plain
    symbols = re.findall(r"\[\{(\w+)\}\]", phrase)
    if "under-deeps" in plain and not site.get("under_deeps"):
        return False, tapped_ok
    if "non-darkhaven" in plain and "darkhaven" in (site.get("special") or site.get("haven") or "").casefold():
        return False, tapped_ok
    if "automatic-attack" in plain:
        race = re.search(r"with an? (\w+) automatic-attack", phrase, re.IGNORECASE)
        found = bool(race) and race.group(1).casefold() in (site.get("auto_attack") or "").casefold()
        return found, tapped_ok
    if symbols:
        return site.get("site_type") in {_SITE_TYPES.get(s, s) for s in symbols}, tapped_ok
    if "under-deeps site" in plain:
        return True, tapped_ok
    name = re.sub(r"^(?:any |an? |the )?(?:tapped or untapped )?", "", phrase.strip(), flags=re.IGNORECASE)
    name = re.split(r"\s+and only\b|\s+\(", name)[0]
    return key(site["name_en"]) == key(name), tapped_ok


_REGIONS = re.compile(r"(?:any )?(non-Haven )?site in (.+)", re.IGNORECASE)


def named_site_problem(card: Info, site: Info) -> bool:
    """A card names the sites where it is playable ("Playable at Goblin-gate or Moria", "Playable only at Minas
    Tirith", "Playable at any Under-deeps Shadow-hold [{S}] or Ruins & Lairs [{R}]"): True when ``site`` is none
    of them. A type named after the first alternative keeps the first's qualifiers (Under-deeps)."""
    phrases = card.get("play_sites")
    if not phrases:
        return False  # Decision: no site printed in the data, nothing to check
    in_regions = _REGIONS.match(phrases[0])
    if in_regions:  # "any non-Haven site in Rohan, Southern Rhovanion, …", "(except Dol Guldur)"
        names = [in_regions.group(2), *phrases[1:]]
        excluded = {key(n) for p in names for n in re.findall(r"\(except ([^)]+)\)", p)}
        regions = {key(re.sub(r"\s*\(except [^)]+\)", "", n)) for n in names}
        haven = "haven" in (site.get("site_type") or "").casefold() or site.get("site_type") in ("H", "{H}")
        return (
            key(site.get("region") or "") not in regions
            or key(site["name_en"]) in excluded
            or bool(in_regions.group(1) and haven)
        )
    lead = phrases[0].casefold()
    for phrase in phrases:
        if "under-deeps" in lead and "under-deeps" not in phrase.casefold() and "[{" in phrase:
            phrase = "Under-deeps " + phrase
        if play_site(phrase, site)[0]:
            return False
    return True


def tapped_site_allowed(card: Info) -> bool:
    """ "Playable at a tapped or untapped Barad-dûr", "playable even if the site is tapped" (Bill the Pony)."""
    return bool(card.get("tapped_site_ok"))
