"""Keying a hazard creature to a company's route or site (seed 003: "Kreaturen", "Bewegung", "Verhöre").

Pure rules, no Django. Entry points:

``key_creature(cards, creature, alignment, origin, destination, movement, regions, *, region_map=None,
doors_of_night=False) -> Keying``
    Resolves the creature and both sites (card code or English/German name, case-insensitive), builds the
    company's route (``movement``: ``"starter"``, ``"region"`` with ``regions`` the regions crossed from the
    origin's region to the destination's, or ``None`` when ``destination`` is ``None``: the company stays
    and creatures are keyed to its current site) and returns every key the creature may be played on.
    Raises :class:`KeyingError` (an ``IllegalAction``; ``field`` names the request field) with a German
    message for an unknown card, site or region, a card that is no creature, or a route the rules forbid.

``keys_for(creature, alignment, site, route, region_map, *, moving, doors_of_night=False) -> list[Key]``
    The same for Infos the engine already has and a route as ``movement.starter_route``/``region_route``
    return it (``{"regions": [...], "types": ["{w}", ...]}``; ``None`` when not moving or under-deeps).

``require_key(keying, kind, value) -> Key``
    The engine's check when a hazard player announces a creature keyed to something: the matching key,
    or ``IllegalAction("not_keyable", …)`` with the calculator's message.

``cards`` maps card codes to ``cardinfo`` Infos (built with ``keying_facts``); the region map is
``cardinfo.region_map`` of the region cards (the engine keeps it as ``state["regions"]``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from matches.engine.base import IllegalAction, Text, gettext_noop

from .cardinfo import Info, is_haven, key
from .cardinfo import region_map as build_region_map
from .keyfind import (
    KeyingError,
    _types,
    build_route,
    find_creature,
    find_site,
    german_name,
    site_links,
)
from .keytext import (
    DETAINED,
    SYMBOL,
    CardKeying,
    creature_keying,
    is_nazgul,
    races,
    restricted,
    site_allows,
    site_detainment_rule,
    text_detainment,
)
from .movement import canonical_region, path_types

ALIGNMENTS = ("hero", "minion", "fallen-wizard", "balrog")
# "Verhöre": the conditions hold against minion and Balrog companies only. A Fallen-wizard's overt
# companies "sind bezüglich der Regeln für Verhörangriffe keine Schergengemeinschaften" (Gefallene Zauberer).
REGION_TYPES = {
    "w": gettext_noop("Wildnis"),
    "s": gettext_noop("Schattenland"),
    "d": gettext_noop("Dunkles Gebiet"),
    "b": gettext_noop("Grenzland"),
    "f": gettext_noop("Freies Gebiet"),
    "c": gettext_noop("Küstengewässer"),
}
SITE_TYPES = {
    "H": gettext_noop("Zufluchtsort"),
    "F": gettext_noop("Freie Feste"),
    "B": gettext_noop("Grenzfeste"),
    "R": gettext_noop("Ruinen und Höhlen"),
    "S": gettext_noop("Schattenfeste"),
    "D": gettext_noop("Dunkle Feste"),
}
# "Verhöre": Ork-, Troll-, Untoten- und Menschenangriffe in Schattenlanden.
SHADOW_RACES = {"orc", "troll", "undead", "man"}


@dataclass(frozen=True)
class Key:
    """One way to key the attack: ``kind`` is region_type|region|site_type|site."""

    kind: str
    symbol: str = ""  # region type w s d b f c, site type H F B R S D
    name: str = ""  # English region or site name
    detainment: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.kind in ("region_type", "site_type"):
            data["symbol"] = self.symbol
        else:
            data["name"] = self.name
        data["detainment"] = self.detainment
        return data

    def label(self, translate=lambda s: s, names: dict[str, str] | None = None) -> str:
        """The key as a reader sees it; ``names``: a region's or site's name on its German card."""
        if self.kind == "region_type":
            return f"{translate(REGION_TYPES.get(self.symbol, self.symbol))} {{{self.symbol}}}"
        if self.kind == "site_type":
            return f"{translate(SITE_TYPES.get(self.symbol, self.symbol))} {{{self.symbol}}}"
        return (names or {}).get(self.name, self.name)


@dataclass
class Keying:
    creature: str  # card code
    origin: str
    destination: str | None
    movement: str | None  # "starter", "region", "under-deeps" or None (not moving)
    playable: bool
    keys: list[Key]
    route: dict[str, list[str]] = field(default_factory=lambda: {"regions": [], "region_types": []})
    message: Text = field(default_factory=lambda: Text(""))
    names: dict[str, str] = field(default_factory=dict)  # English → German name of the keys' regions and sites

    def to_json(self, translate=lambda s: s) -> dict[str, Any]:
        message = self.message
        if self.keys and message.template == PLAYABLE:
            # The key labels in the reader's language ("Wildnis {w}", "… (Verhör)").
            message = Text(PLAYABLE, {**message.params, "keys": _labels(self.keys, translate, self.names)})
        return {
            "playable": self.playable,
            "keys": [k.to_json() for k in self.keys],
            "route": {"regions": list(self.route["regions"]), "region_types": list(self.route["region_types"])},
            "message": message.render(translate),
        }


def _is_dark_haven(site: Info) -> bool:
    return is_haven(site) and site["alignment"].casefold() in ("minion", "balrog")


def _site_type(site: Info) -> str:
    return site.get("site_type", "").strip("{}")


def detainment(
    creature: Info, alignment: str, key_: Key | None, site: Info | None, regions_map: dict[str, dict]
) -> bool:
    """Seed 003 "Verhöre" for an attack by ``creature`` (a creature or an agent) keyed by ``key_``
    (``None``: an attack keyed to nothing, e.g. an agent's). Not for automatic attacks: those are
    detainment only where the site card says so (see ``auto_attack_detainment``)."""
    if text_detainment(creature, alignment):
        return True
    if alignment == "fallen-wizard" and key_ is not None and key_.kind in ("site", "site_type") and site:
        # "Zauberer-Zufluchtsorte": rules on Darkhavens hold for a Fallen-wizard's Wizardhavens, so an attack
        # keyed to one is always detainment ("Dunkle Zufluchtsorte").
        return is_haven(site) and site["alignment"].casefold() == "fallen-wizard"
    if alignment not in DETAINED:
        return False
    nazgul = is_nazgul(creature)
    # "Angriffe von Agenten gegen Schergen- oder Balroggemeinschaften sind immer Verhörangriffe."
    if creature.get("agent") or (nazgul and key_ is None):
        return True
    if key_ is None or site is None:
        return False
    if key_.kind in ("site", "site_type"):
        rule = site_detainment_rule(site)
        if rule == "detainment":
            return True
        if rule == "normal":
            return False
        if rule == "normal_unless_nazgul":
            return nazgul
        # "Dunkle Zufluchtsorte": attacks keyed to a Darkhaven are always detainment.
        if nazgul or _is_dark_haven(site):
            return True
        # "… einen Dunklen Ort oder einen Schattenort zielt" — also when keyed to the site by name.
        return _site_type(site) in ("D", "S")
    if nazgul:
        return True
    if key_.kind == "region_type":
        region_type = key_.symbol
    else:
        region_type = regions_map.get(key_.name, {}).get("type", "").strip("{}")
    # "… auf ein Dunkles Reich …"; "Ork-, Troll-, Untote- oder Menschenangriffe in Schattenlanden".
    return region_type == "d" or (region_type == "s" and bool(races(creature) & SHADOW_RACES))


def auto_attack_detainment(site: Info, attack_text: str = "") -> bool:
    """ "Verhöre": the conditions above do not apply to automatic attacks; one is detainment only where
    the site card says so ("Men - 4 strikes with 9 prowess (detainment)"). ``attack_text`` is one
    attack of the site's ``autoAttack``; empty: any of them."""
    return "detainment" in (attack_text or site.get("auto_attack", "") or "").casefold()


# --- the keys ---------------------------------------------------------------------------------------------


def _region_of(name: str, regions_map: dict[str, dict]) -> str | None:
    return canonical_region(regions_map, name)


def keys_for(
    creature: Info,
    alignment: str,
    site: Info,
    route: dict | None,
    regions_map: dict[str, dict],
    *,
    moving: bool,
    doors_of_night: bool = False,
    origin: Info | None = None,
    links: dict[str, Any] | None = None,
) -> list[Key]:
    """Every key by seed 003 "Kreaturen". ``site`` is the destination (moving) or the current site;
    ``origin`` the site the company moves from (for texts like "on a company moving from Rivendell to
    Lórien"); ``links`` the Under-deeps adjacency of :func:`site_links` (texts like "at any adjacent site of
    The Sulfur-deeps")."""
    if restricted(creature, alignment):
        return []
    printed = SYMBOL.findall(creature.get("key_symbols", ""))
    text = creature_keying(creature, doors_of_night)
    keys: list[Key] = []
    if moving and route:
        route_types = Counter(_types(route.get("types", [])))
        need = Counter(s for s in printed if s.islower())
        # "Only two Wildernesses [{w}] in site path are required if Doors of Night is in play".
        need.update({s: n - need[s] for s, n in text.required.items() if s in need})
        # A region type printed twice must be in the route at least twice (not necessarily in a row).
        for symbol, count in need.items():
            if route_types[symbol] >= count:
                keys.append(Key("region_type", symbol=symbol))
        for symbol in dict.fromkeys(text.region_types):
            if route_types[symbol] >= 1 and symbol not in need:
                keys.append(Key("region_type", symbol=symbol))
        route_regions = {key(name): name for name in route.get("regions", [])}
        for place in text.places:
            name = route_regions.get(key(place))
            if name:
                keys.append(Key("region", name=_region_of(name, regions_map) or name))
    site_type = _site_type(site)
    if site_type and site_type in {s for s in printed if s.isupper()} | set(text.site_types):
        keys.append(Key("site_type", symbol=site_type))
    if _site_keyable(creature, text, site, regions_map, links):
        keys.append(Key("site", name=site["name_en"]))
    elif (
        moving
        and origin is not None
        and (key(origin["name_en"]), key(site["name_en"])) in {(key(a), key(b)) for a, b in text.moves}
    ):
        # The Great Goblin "may also be played on a company moving from Rivendell to Lórien": no region or
        # site of the route is named; the attack is keyed to the destination (docs/meccg.md).
        keys.append(Key("site", name=site["name_en"]))
    unique = list(dict.fromkeys(keys))
    return [Key(k.kind, k.symbol, k.name, detainment(creature, alignment, k, site, regions_map)) for k in unique]


def _site_keyable(
    creature: Info, text: CardKeying, site: Info, regions_map: dict[str, dict], links: dict[str, Any] | None
) -> bool:
    """Keyed to the named site: the creature names it or its region, or the site's text allows it."""
    name = key(site["name_en"])
    if any(key(place) == name for place in text.places):
        return True
    if text.under_deeps and site.get("under_deeps"):
        return True
    if links:
        if text.surface_sites and name in links["surfaces"]:
            return True
        for of in text.adjacent_of:
            if of == "*" and any(name in adjacent for adjacent in links["links"].values()):
                return True
            if of != "*" and name in links["links"].get(key(of), set()):
                return True
    path = Counter(t.strip("{}") for t in path_types(site.get("site_path", "")))
    for site_types, needs in text.by_path:
        if (not site_types or _site_type(site) in site_types) and any(path[t] >= n for t, n in needs):
            return True
    region = _region_of(site.get("region", ""), regions_map)
    region_type = regions_map.get(region, {}).get("type", "").strip("{}") if region else ""
    for names, site_types, non_haven in text.sites_in:
        if site_types and _site_type(site) not in site_types:
            continue
        if non_haven and is_haven(site):
            continue
        if any(key(n) == key(site.get("region", "")) or (len(n) == 1 and n == region_type) for n in names):
            return True
        if any("coastal sea" in n.casefold() and region_type == "c" for n in names):
            return True
    return site_allows(site, creature, text.region_types)


def key_creature(
    cards: dict[str, Info],
    creature: Any,
    alignment: str,
    origin: Any,
    destination: Any,
    movement: str | None,
    regions: list | None = None,
    *,
    region_map: dict[str, dict] | None = None,
    doors_of_night: bool = False,
    balrog_company: bool = False,
) -> Keying:
    """The keys of ``creature`` against a company of ``alignment`` moving from ``origin`` to
    ``destination`` (``None``: not moving). ``balrog_company``: the company is the Balrog's own (no region
    movement). See the module docstring; raises KeyingError."""
    if alignment not in ALIGNMENTS:
        raise KeyingError(
            "bad_alignment",
            gettext_noop("Die Ausrichtung ist „hero“, „minion“, „fallen-wizard“ oder „balrog“."),
            "alignment",
        )
    card = find_creature(cards, creature)
    here = find_site(cards, origin, alignment, "from")
    there = None if destination in (None, "") else find_site(cards, destination, alignment, "to")
    regions_map = region_map if region_map is not None else build_region_map(cards.values())
    if there is not None and key(there["name_en"]) == key(here["name_en"]) and movement in (None, "") and not regions:
        # "to" names the company's own site and no movement is given: the company stays ("Bewegung": it
        # "kann entweder an ihrem aktuellen Ort bleiben oder …"); with a movement it is a 400 (build_route).
        there = None
    if there is None:
        if movement not in (None, ""):
            raise KeyingError(
                "movement_without_destination",
                gettext_noop("Ohne Zielort bewegt sich die Gemeinschaft nicht; die Bewegungsart bleibt leer."),
                "movement",
            )
        if regions:
            raise KeyingError(
                "regions_without_destination",
                gettext_noop("Ohne Zielort bewegt sich die Gemeinschaft nicht; „regions“ bleibt leer."),
                "regions",
            )
        kind, route, site = None, None, here
    else:
        kind, route = build_route(
            cards, regions_map, here, there, alignment, movement or None, regions, balrog_company=balrog_company
        )
        site = there
    keys = keys_for(
        card,
        alignment,
        site,
        route,
        regions_map,
        moving=there is not None,
        doors_of_night=doors_of_night,
        origin=here,
        links=site_links(cards),
    )
    shown = {"regions": list(route["regions"]), "region_types": _types(route["types"])} if route else None
    # The message names regions and sites as the German cards do (the keys keep the English names).
    names = {
        k.name: site["name_de"] if k.kind == "site" else german_name(cards, k.name, "Region") for k in keys if k.name
    }
    return Keying(
        creature=card["code"],
        origin=here["code"],
        destination=there["code"] if there else None,
        movement=kind,
        playable=bool(keys),
        keys=keys,
        route=shown or {"regions": [], "region_types": []},
        message=_message(card, keys, site, there is not None, restricted(card, alignment), names),
        names=names,
    )


def _message(
    creature: Info, keys: list[Key], site: Info, moving: bool, restricted: bool, names: dict[str, str] | None = None
) -> Text:
    if restricted:
        return Text(
            gettext_noop(
                "%(creature)s darf laut Kartentext gegen eine Gemeinschaft dieser Ausrichtung nicht gespielt werden."
            ),
            {"creature": creature["name_de"]},
        )
    if not keys:
        template = (
            gettext_noop("%(creature)s kann dieser Reiseroute und %(site)s nicht zugeordnet werden.")
            if moving
            else gettext_noop("%(creature)s kann der Gemeinschaft in %(site)s nicht zugeordnet werden.")
        )
        return Text(template, {"creature": creature["name_de"], "site": site["name_de"]})
    return Text(PLAYABLE, {"creature": creature["name_de"], "keys": _labels(keys, names=names)})


PLAYABLE = gettext_noop("%(creature)s kann zugeordnet werden: %(keys)s.")
DETAINMENT_LABEL = gettext_noop("%(key)s (Verhör)")


def _labels(keys: list[Key], translate=lambda s: s, names: dict[str, str] | None = None) -> str:
    return ", ".join(
        translate(DETAINMENT_LABEL) % {"key": k.label(translate, names)} if k.detainment else k.label(translate, names)
        for k in keys
    )


def require_key(keying: Keying | list[Key], kind: str, value: str, creature: Info | None = None) -> Key:
    """The key the hazard player announced (``kind`` and a symbol like ``"d"``/``"{d}"`` or a name), or
    IllegalAction("not_keyable") with the calculator's message. ``keying`` is a Keying, or the list
    ``keys_for`` returned (then pass ``creature`` for the message)."""
    keys = keying.keys if isinstance(keying, Keying) else list(keying)
    for candidate in keys:
        if candidate.kind == kind and (
            candidate.symbol == str(value).strip("{}")
            if kind in ("region_type", "site_type")
            else key(candidate.name) == key(str(value))
        ):
            return candidate
    if isinstance(keying, Keying) and not keying.keys:
        # Not keyable at all: the calculator's own message, word for word.
        raise IllegalAction("not_keyable", keying.message.template, **keying.message.params)
    if isinstance(keying, Keying):
        raise IllegalAction(
            "not_keyable",
            gettext_noop("Die Kreatur kann so nicht zugeordnet werden. %(reason)s"),
            reason=keying.message.render(),
        )
    raise IllegalAction(
        "not_keyable",
        gettext_noop("%(creature)s kann so nicht zugeordnet werden. Möglich: %(keys)s."),
        creature=creature["name_de"] if creature else gettext_noop("Die Kreatur"),
        keys=", ".join(k.label() for k in keys) or gettext_noop("nichts"),
    )


__all__ = [
    "ALIGNMENTS",
    "CardKeying",
    "Key",
    "Keying",
    "KeyingError",
    "creature_keying",
    "detainment",
    "find_creature",
    "find_site",
    "key_creature",
    "keys_for",
    "path_types",
    "require_key",
    "site_allows",
    "site_links",
]
