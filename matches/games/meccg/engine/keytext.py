"""What creature and site cards say about keying, read from their English text (seed 003 "Kreaturen",
"Verhöre"): the named regions and sites a creature may be keyed to beyond its printed symbols, the
companies it may be played against, detainment printed on the card, and what a site's text allows.
Pure, no Django; used by ``keying``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cardinfo import Info, key

# "Verhöre": the conditions hold against minion and Balrog companies only. A Fallen-wizard's overt
# companies "sind bezüglich der Regeln für Verhörangriffe keine Schergengemeinschaften" (Gefallene Zauberer).
DETAINED = ("minion", "balrog")

SYMBOL = re.compile(r"\{([a-zA-Z])\}")
_SKIP = re.compile(
    r"\b(as a (?:short|long|permanent)-event|on the same turn|has faced|moving from|moving in|"
    r"that has|hazard creatures? (?:may|can)|alternatively|when keyed|additionally)\b",
    re.IGNORECASE,
)
# "May be played keyed to wilderness [{w}] after any Orc … attack" (Carrion Birds), "May be played following
# any Orc attack" (Wolf-riders): the keying is what comes before; the preceding attack is a condition of play
# the calculator cannot see (docs/meccg.md).
_AFTER_ATTACK = re.compile(r"\s+(?:after|following) (?:any|an?) .*$", re.IGNORECASE)
# The Great Goblin: "May also be played on a company moving from Rivendell to Lórien or from Lórien to Rivendell."
_MOVING = re.compile(r"\bfrom ([A-Z][^.]*?) to ([A-Z][^.]*?)(?= or from\b|\.|$)")
# "Only two Wildernesses [{w}] in site path are required if Doors of Night is in play" (True Fire-drake).
_REQUIRED = re.compile(
    r"\b(one|two|three|four|\d+) [^\[\].]*?\[\{([a-z])\}\] in site path (?:are|is) required", re.IGNORECASE
)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!])\s*(?=[A-Z(]|$)", text or "") if s.strip()]


def _condition_met(sentence: str, doors_of_night: bool) -> bool:
    low = sentence.casefold()
    if "if doors of night is not in play" in low:
        return not doors_of_night
    if "if doors of night is in play" in low:
        return doors_of_night
    return True


def _items(phrase: str) -> list[str]:
    phrase = re.split(r",?\s+and only if\b|\s+\(", phrase, maxsplit=1)[0]
    return [p.strip(" .") for p in _LIST_SPLIT.split(phrase) if p.strip(" .")]


@dataclass
class CardKeying:
    """The keying a creature's text adds to its printed symbols."""

    places: list[str] = field(default_factory=list)  # named regions or sites ("keyed to X", "played at X")
    region_types: list[str] = field(default_factory=list)  # "keyed to Shadow-lands [{s}]"
    site_types: list[str] = field(default_factory=list)  # "Only playable at a Shadow-hold [{S}]"
    # Sites in regions: (region names or region-type symbols, allowed site types or (), non-Haven only)
    sites_in: list[tuple[list[str], tuple[str, ...], bool]] = field(default_factory=list)
    under_deeps: bool = False
    # Sites by their path: (site types, [(region type, at least n), …] any of which suffices), as in
    # "at a Ruins & Lairs [{R}] that has two Wildernesses [{w}] or one Coastal Sea [{c}] in its site path".
    by_path: list[tuple[tuple[str, ...], list[tuple[str, int]]]] = field(default_factory=list)
    # Sites named by their link to an Under-deeps site ("at all of its adjacent sites", "at any adjacent site
    # of The Sulfur-deeps"; "*": of any Under-deeps site) and "surface site thereof" (seed 003 "Unterirdische
    # Orte": the first site an Under-deeps card lists as adjacent is its surface site).
    adjacent_of: list[str] = field(default_factory=list)
    surface_sites: bool = False
    # Moves the text allows outright: "on a company moving from Rivendell to Lórien" → [("Rivendell", "Lórien")].
    moves: list[tuple[str, str]] = field(default_factory=list)
    # "Only two Wildernesses [{w}] in site path are required": the printed count replaced.
    required: dict[str, int] = field(default_factory=dict)


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "a": 1, "an": 1}
_BY_PATH = re.compile(r"\bat an? (.+?) that has (.+?) in its site path", re.IGNORECASE)


def _by_path(sentence: str, found: CardKeying) -> bool:
    match = _BY_PATH.search(sentence)
    if not match:
        return False
    site_types = tuple(s for s in SYMBOL.findall(match.group(1)) if s.isupper())
    needs = [
        (symbol, _NUMBERS.get(count.casefold(), int(count) if count.isdigit() else 1))
        for count, symbol in re.findall(r"\b(\w+)\s+[^\[\]]*?\[\{([a-z])\}\]", match.group(2))
    ]
    if needs:
        found.by_path.append((site_types, needs))
    return True


def _place_items(phrase: str, found: CardKeying, previous: list[str]) -> None:
    for item in _items(phrase):
        low = item.casefold()
        symbols = SYMBOL.findall(item)
        if "adjacent site" in low:
            of = re.search(r"adjacent sites? of (?:any )?(.+)$", item, re.IGNORECASE)
            if of and "under-deeps site" in of.group(1).casefold():
                found.adjacent_of.append("*")
            elif of:
                found.adjacent_of.append(of.group(1).strip())
            elif previous:  # "at The Under-gates and at all of its adjacent sites"
                found.adjacent_of.append(previous[-1])
        elif "surface site" in low:
            found.surface_sites = True
        elif "under-deeps site" in low:
            found.under_deeps = True
        elif symbols:
            for symbol in symbols:
                (found.region_types if symbol.islower() else found.site_types).append(symbol)
        else:
            found.places.append(re.sub(r"^(?:at|to|the region of)\s+", "", item, flags=re.IGNORECASE))


def creature_keying(creature: Info, doors_of_night: bool = False) -> CardKeying:
    """Read "may (also) be played keyed to …", "at sites in these regions", "played at <site>" from the
    creature's text (seed 003 "Kreaturen": the card names the region types, regions, site types and sites)."""
    found = CardKeying()
    for sentence in _sentences(creature.get("key_text", "")):
        if not _condition_met(sentence, doors_of_night):
            continue
        required = _REQUIRED.search(sentence)
        if required:
            found.required[required.group(2)] = _NUMBERS.get(required.group(1).casefold(), 0) or (
                int(required.group(1)) if required.group(1).isdigit() else 1
            )
            continue
        if re.search(r"\bon a company moving from\b", sentence, re.IGNORECASE):
            found.moves.extend((a.strip(), b.strip()) for a, b in _MOVING.findall(sentence))
            continue
        sentence = _AFTER_ATTACK.sub("", sentence)
        if _by_path(sentence, found) or _SKIP.search(sentence):
            continue
        last_regions: list[str] = []
        for clause in re.split(r";|\s+(?:and|or) (?=at\b)|\s+and (?=to sites\b)|\s+or (?=keyed to\b)", sentence):
            low = clause.casefold()
            these = re.search(r"\b(?:at|to)\s+(.*?)\bin (?:these|this) regions?\b", clause, re.IGNORECASE)
            named_in = re.search(
                r"\b(?:at|to)\s+(.*?)\bin (?:the following regions:\s*|(?!these|this)\b)(.+)$", clause, re.IGNORECASE
            )
            keyed = re.search(r"\bkeyed to\s+(.+)$", clause, re.IGNORECASE)
            played = re.search(r"(?:\b(?:played|playable)\s+|^\s*(?:or\s+|and\s+)?)at\s+(.+)$", clause, re.IGNORECASE)
            if these:
                kind = these.group(1)
                site_types = tuple(s for s in SYMBOL.findall(kind) if s.isupper())
                found.sites_in.append((list(last_regions), site_types, "non-haven" in kind.casefold()))
            elif named_in and "site" in named_in.group(1).casefold() + low:
                kind = named_in.group(1)
                site_types = tuple(s for s in SYMBOL.findall(kind) if s.isupper())
                regions = [re.sub(r"^any\s+", "", r) for r in _items(named_in.group(2))]
                found.sites_in.append((regions, site_types, "non-haven" in kind.casefold()))
            elif keyed:
                before = len(found.places), len(found.region_types)
                for item in _items(keyed.group(1)):
                    symbols = [s for s in SYMBOL.findall(item) if s.islower()]
                    if symbols or "coastal sea" in item.casefold():
                        found.region_types.extend(symbols or ["c"])
                    else:
                        found.places.append(item)
                last_regions = found.places[before[0] :] + found.region_types[before[1] :]
            elif played:
                before = len(found.places)
                _place_items(played.group(1), found, last_regions)
                last_regions = found.places[before:]
    return found


def restricted(creature: Info, alignment: str) -> bool:
    """Creatures whose text limits them to some companies ("playable only against minion companies")."""
    text = creature.get("key_text", "").casefold()
    if re.search(r"playable only against (?:an? )?(?:overt )?minion compan", text):
        return alignment not in DETAINED
    if re.search(r"playable only against hero compan", text):
        return alignment != "hero"
    if "no effect on a minion player" in text:
        return alignment in DETAINED
    if "cannot be played if your opponent is a balrog player" in text:
        return alignment == "balrog"
    return False


def races(creature: Info) -> set[str]:
    races = set()
    for race in (creature.get("race") or "").split(","):
        word = key(race)
        races.add("man" if word in ("men", "man") else word.removesuffix("s"))
    return races


def is_nazgul(creature: Info) -> bool:
    return "nazgul" in races(creature)


def text_detainment(creature: Info, alignment: str) -> bool:
    """ "Verhöre": an attack is detainment where its card says so ("detainment against hero companies",
    "against covert and hero companies"; a Fallen-wizard's companies count as covert here)."""
    # Not the attack a permanent-event side makes ("Additionally, any company moving in … faces a Spider attack
    # … (detainment against minion companies)", Spider of the Môrlat).
    text = " ".join(s for s in _sentences(creature.get("key_text", "")) if not re.search(r"\bfaces an? ", s))
    for match in re.finditer(r"detainment(?: and [^.;()]*?)? against ([a-z ,]+?) compan", text, re.I):
        groups = set(re.findall(r"hero|covert|minion|overt", match.group(1).casefold()))
        if ("hero" in groups and alignment == "hero") or ("covert" in groups and alignment == "fallen-wizard"):
            return True
        if "minion" in groups and alignment in DETAINED:
            return True
    return False


# --- what the site card says ----------------------------------------------------------------------------


def site_allows(site: Info, creature: Info, text_region_types: list[str] | tuple[str, ...] = ()) -> bool:
    """ "Kreaturen": the site card's text may allow a creature ("Any Undead creature may be keyed to this
    site", "Any man hazard creature can be played here", "Creatures keyed to Coastal Sea …")."""
    for sentence in _sentences(site.get("special", "")):
        low = sentence.casefold()
        if not re.search(r"\b(?:may|can)\b.*\bbe (?:played|keyed)\b", low) or "attack normally" in low:
            continue
        if not re.search(r"this site|\bhere\b|the site", low):
            continue
        except_part = re.search(r"\(except ([^)]*)\)", sentence)
        if except_part and key(creature["name_en"]) in key(except_part.group(1)):
            continue
        if "hazard creatures may always" in low:
            return True
        # "Creatures keyed to Coastal Sea(s) may be keyed to this site": printed {c}, or {c} by the card's text.
        if "coastal sea" in low and (
            "c" in SYMBOL.findall(creature.get("key_symbols", "")) or "c" in text_region_types
        ):
            return True
        words = set()
        for word in re.findall(r"[\w'’-]+", sentence):
            word = key(word)
            words.add("man" if word in ("men", "man") else word.removesuffix("s"))
        if races(creature) & words:
            return True
    return False


def site_detainment_rule(site: Info) -> str:
    special = site.get("special", "").casefold()
    if re.search(r"non-nazg[uû]l creatures (?:keyed to|played at) this site attack normally", special):
        return "normal_unless_nazgul"
    if re.search(r"creatures (?:keyed to|played at) this site attack normally", special):
        return "normal"
    if re.search(r"creatures keyed to this site are detainment", special):
        return "detainment"
    return ""
