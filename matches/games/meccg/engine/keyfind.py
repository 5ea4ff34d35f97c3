"""Finding what a keying request names, and its route (seed 003 "Orte", "Bewegung", "Unterirdische Orte").

Cards by card number or English/German name (case and diacritics do not matter), the site version a
company of an alignment uses, regions by name or card number, and the route of a move — starter, region or
under-deeps — with a :class:`KeyingError` that names the request field and the broken rule. Pure, no
Django; used by ``keying``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from matches.engine.base import IllegalAction, gettext_noop

from .cardinfo import Info, is_creature, key
from .movement import canonical_region, region_route, starter_route


class KeyingError(IllegalAction):
    """A request the calculator cannot answer; ``field`` is the request field that is wrong."""

    def __init__(self, code: str, message: str, field: str, **params: Any):
        super().__init__(code, message, **params)
        self.field = field


# --- finding cards and regions ------------------------------------------------------------------------

# Seed 003 "Orte": which site versions a company may use, in the order the calculator picks them for a name.
# Heroes hero sites, minions minion sites; a Fallen-wizard his own sites always, and for the rest the hero
# version (his covert companies "müssen für Orte, die keine Ruinen sind, stets die Heldenversion benutzen";
# the minion version only where no hero version exists); a Balrog player his own sites, then the minion ones.
SITE_VERSIONS = {
    "hero": ("hero",),
    "minion": ("minion",),
    "fallen-wizard": ("fallen-wizard", "hero", "minion"),
    "balrog": ("balrog", "minion"),
}
MAX_NAME = 200  # longer input is no card name


def _site_preference(alignment: str) -> tuple[str, ...]:
    return SITE_VERSIONS.get(alignment, ())


def _alias(name: str) -> str:
    """ "“Bert” (Bûrat)" → "Bert", "Mûmak (Oliphant)" → "Mûmak": the name without its parenthesis."""
    return re.sub(r"\s*\([^)]*\)", "", name or "").strip()


_INDEXES: list[tuple[dict, int, dict[str, Any]]] = []


def _indexes(cards: dict[str, Info]) -> dict[str, Any]:
    """Look-ups built once per card dict (the Django side hands in the same catalogue until the cards change):
    ``names``: comparison key → {code: rank} (0 English name, 1 German name, 2 a name without its parenthesis);
    ``links``: an Under-deeps site's key → the keys of its adjacent sites (all versions together);
    ``surfaces``: the keys of the surface sites (the first adjacent site of an Under-deeps site)."""
    for held, size, index in _INDEXES:
        if held is cards and size == len(cards):
            return index
    names: dict[str, dict[str, int]] = {}
    links: dict[str, set[str]] = {}
    surfaces: set[str] = set()
    for code, card in cards.items():
        for rank, name in (
            (0, card["name_en"]),
            (1, card["name_de"]),
            (2, _alias(card["name_en"])),
            (2, _alias(card["name_de"])),
        ):
            name_key = key(name)
            if name_key and rank < names.setdefault(name_key, {}).get(code, 9):
                names[name_key][code] = rank
        adjacent = card.get("adjacent_sites") or []
        if card["type"] == "Site" and card.get("under_deeps") and adjacent:
            links.setdefault(key(card["name_en"]), set()).update(key(n) for n in adjacent)
            surfaces.add(key(adjacent[0]))
    index = {"names": names, "links": links, "surfaces": surfaces}
    _INDEXES.insert(0, (cards, len(cards), index))
    del _INDEXES[4:]
    return index


def _name_index(cards: dict[str, Info]) -> dict[str, dict[str, int]]:
    return _indexes(cards)["names"]


def site_links(cards: dict[str, Info]) -> dict[str, Any]:
    """``{"links": …, "surfaces": …}`` of :func:`_indexes` for ``keys_for``."""
    index = _indexes(cards)
    return {"links": index["links"], "surfaces": index["surfaces"]}


def _lookup(cards: dict[str, Info], text: str, wanted) -> tuple[list[Info], bool]:
    """(cards for which ``wanted`` holds, best name match first; whether the name fits any card at all)."""
    ranked = _name_index(cards).get(key(text), {})
    found = sorted(ranked.items(), key=lambda item: (item[1], item[0]))
    fitting = [cards[code] for code, _rank in found if wanted(cards[code])]
    return fitting, bool(found)


def _find(cards: dict[str, Info], ref: Any, wanted, prefer: tuple[str, ...] = ()) -> tuple[Info | None, bool]:
    """(card, found_any): the card with this code or English/German name for which ``wanted`` holds;
    ``found_any`` tells a name of some other kind of card from an unknown name."""
    text = str(ref or "").strip()
    if not text or len(text) > MAX_NAME:
        return None, False
    exact = cards.get(text) or cards.get(text.upper())
    if exact is not None:
        return (exact if wanted(exact) else None), True
    fitting, found = _lookup(cards, text, wanted)
    if not fitting:
        return None, found
    best = _name_index(cards)[key(text)]
    top = min(best[c["code"]] for c in fitting)
    fitting = [c for c in fitting if best[c["code"]] == top]
    rank = {align: i for i, align in enumerate(prefer)}
    fitting.sort(key=lambda c: (rank.get(c["alignment"].casefold(), len(rank)), c["code"]))
    return fitting[0], True


def _keyable(card: Info) -> bool:
    """A creature, or a Dragon Ahunt (its attack "considered a hazard creature attack", cardinfo)."""
    return is_creature(card) or bool(card.get("ahunt"))


def find_creature(cards: dict[str, Info], ref: Any) -> Info:
    if not str(ref or "").strip():
        raise KeyingError("creature_missing", gettext_noop("Gib die Kreatur an (Kartennummer oder Name)."), "creature")
    card, found = _find(cards, ref, _keyable)
    if card is None and found and _find(cards, ref, lambda c: bool(c.get("agent")))[0] is not None:
        raise KeyingError(
            "not_creature",
            gettext_noop(
                "„%(card)s“ ist ein Agent, keine Kreatur: Angriffe von Agenten werden weder einer Region noch "
                "einem Ort zugeordnet (gegen Schergen- und Balrog-Gemeinschaften sind sie immer Verhöre)."
            ),
            "creature",
            card=str(ref),
        )
    if card is None and found and _find(cards, ref, lambda c: bool(c.get("at_home")))[0]:
        raise KeyingError(
            "not_creature",
            gettext_noop(
                "„%(card)s“ ist keine Kreatur: Ein Drache daheim gibt seinem Hort einen zusätzlichen automatischen "
                "Angriff, der keiner Reiseroute zugeordnet wird (der Drache auf der Jagd greift Gemeinschaften in "
                "seinen Regionen an)."
            ),
            "creature",
            card=str(ref),
        )
    if card is None and found:
        raise KeyingError(
            "not_creature",
            gettext_noop("„%(card)s“ ist keine Kreatur: Nur Kreaturen werden einer Reiseroute zugeordnet."),
            "creature",
            card=str(ref),
        )
    if card is None:
        raise KeyingError(
            "unknown_creature", gettext_noop("Die Karte „%(card)s“ ist unbekannt."), "creature", card=_short(ref)
        )
    return card


def _short(ref: Any) -> str:
    text = str(ref)
    return text if len(text) <= MAX_NAME else text[:MAX_NAME] + "…"


def _is_site(card: Info) -> bool:
    return card["type"] == "Site"


def find_site(cards: dict[str, Info], ref: Any, alignment: str, field_name: str) -> Info:
    """The version of the site a company of ``alignment`` uses (seed 003 "Orte"). A name picks the site, the
    alignment its version; a card number of a version the company may not use counts as that site's name.
    Card data misspell some German names (two versions of one site with each other's German name): a German
    name means the site most of its bearers are; a tie goes to the hero card's English name."""
    text = str(ref or "").strip()
    if not text:
        raise KeyingError("site_missing", gettext_noop("Gib den Ort an (Kartennummer oder Name)."), field_name)
    exact = (cards.get(text) or cards.get(text.upper())) if len(text) <= MAX_NAME else None
    if exact is not None:
        if not _is_site(exact):
            raise KeyingError("not_site", gettext_noop("„%(site)s“ ist keine Ortskarte."), field_name, site=text)
        if exact["alignment"].casefold() in _site_preference(alignment):
            return exact
        english = key(exact["name_en"])
    else:
        fitting, found = _lookup(cards, text, _is_site) if len(text) <= MAX_NAME else ([], False)
        if not fitting:
            message = (
                gettext_noop("„%(site)s“ ist keine Ortskarte.")
                if found
                else gettext_noop("Der Ort „%(site)s“ ist unbekannt.")
            )
            raise KeyingError("not_site" if found else "unknown_site", message, field_name, site=_short(text))
        ranks = _name_index(cards)[key(text)]
        top = min(ranks[c["code"]] for c in fitting)
        votes = Counter(key(c["name_en"]) for c in fitting if ranks[c["code"]] == top)
        hero_names = {key(c["name_en"]) for c in fitting if c["alignment"].casefold() == "hero"}
        english = max(votes, key=lambda name: (votes[name], name in hero_names, name))
    versions = [cards[code] for code, rank in _name_index(cards).get(english, {}).items() if rank == 0]
    for alignment_name in _site_preference(alignment):
        usable = sorted(
            (c for c in versions if _is_site(c) and c["alignment"].casefold() == alignment_name),
            key=lambda c: c["code"],
        )
        if usable:
            return usable[0]
    raise KeyingError(
        "site_not_for_alignment",
        gettext_noop(
            "Von „%(site)s“ gibt es keine Ortskarte, die eine Gemeinschaft dieser Ausrichtung benutzen darf "
            "(Helden nur Heldenorte, Schergen nur Schergenorte)."
        ),
        field_name,
        site=text,
    )


def region_names(cards: dict[str, Info]) -> dict[str, str]:
    """Comparison key of every region's English and German name → the English name."""
    index = _indexes(cards)
    if "regions" not in index:
        names = {}
        for name_key, codes in index["names"].items():
            region = next((cards[code] for code in codes if cards[code]["type"] == "Region"), None)
            if region is not None:
                names[name_key] = region["name_en"]
        index["regions"] = names
    return index["regions"]


def german_name(cards: dict[str, Info], english: str, card_type: str) -> str:
    """The German name of the region or site with this English name (the English name if none)."""
    codes = _name_index(cards).get(key(english), {})
    found = sorted(code for code, rank in codes.items() if rank == 0 and cards[code]["type"] == card_type)
    return cards[found[0]]["name_de"] if found else english


# --- the route --------------------------------------------------------------------------------------


def _types(route_types: list[str]) -> list[str]:
    return [t.strip("{}") for t in route_types]


def _region_name(cards: dict[str, Info], regions_map: dict[str, dict], name: str) -> str | None:
    card = cards.get(name.strip()) or cards.get(name.strip().upper())
    if card is not None:
        return card["name_en"] if card["type"] == "Region" else None
    return region_names(cards).get(key(name)) or canonical_region(regions_map, name)


def _under_deeps_adjacent(cards: dict[str, Info], origin: Info, destination: Info) -> bool:
    """Seed 003 "Unterirdische Orte": an Under-deeps site is adjacent to its surface site (the first one its
    card lists) and to the other Under-deeps sites on its card; movement goes only between adjacent sites."""
    links = _indexes(cards)["links"]
    a, b = key(origin["name_en"]), key(destination["name_en"])
    return b in links.get(a, set()) or a in links.get(b, set())


def build_route(
    cards: dict[str, Info],
    regions_map: dict[str, dict],
    origin: Info,
    destination: Info,
    alignment: str,
    movement: str | None,
    regions: list | None,
    *,
    balrog_company: bool = False,
) -> tuple[str, dict | None]:
    """("starter"|"region"|"under-deeps", route) by seed 003 "Bewegung"; KeyingError names the broken rule."""
    if key(origin["name_en"]) == key(destination["name_en"]):
        raise KeyingError(
            "same_site", gettext_noop("Ausgangs- und Zielort sind derselbe Ort; ohne Bewegung ist „to“ leer."), "to"
        )
    if regions is not None and not isinstance(regions, list):
        raise KeyingError("bad_regions", gettext_noop("„regions“ ist eine Liste von Regionen."), "regions")
    # "Bewegung": to or from an Under-deeps site the company moves underground, without a route;
    # creatures can then only be keyed to the destination.
    if origin.get("under_deeps") or destination.get("under_deeps"):
        # Whatever movement and regions the request names: the move is under-deeps movement (no route).
        if not _under_deeps_adjacent(cards, origin, destination):
            raise KeyingError(
                "sites_not_adjacent",
                gettext_noop(
                    "%(origin)s und %(destination)s sind laut Ortskarten nicht benachbart: Unterirdisch bewegt "
                    "sich eine Gemeinschaft nur zu einem benachbarten Ort."
                ),
                "to",
                origin=origin["name_de"],
                destination=destination["name_de"],
            )
        return "under-deeps", None
    if movement is None:
        movement = "region" if regions else "starter"
    if movement == "starter":
        if regions:
            raise KeyingError(
                "regions_for_starter",
                gettext_noop(
                    "Bei Bewegung nach Grundregeln ergibt sich die Reiseroute aus der Ortskarte: „regions“ bleibt "
                    "leer (nur bei „region“ angeben)."
                ),
                "regions",
            )
        try:
            return "starter", starter_route(origin, destination, alignment)
        except IllegalAction as exc:
            raise KeyingError(exc.code, exc.text.template, "movement", **exc.text.params) from exc
    if movement != "region":
        raise KeyingError(
            "bad_movement",
            gettext_noop("Die Bewegungsart ist „starter“ (Grundregeln), „region“ (über Regionen) oder leer."),
            "movement",
        )
    if not regions:
        raise KeyingError(
            "regions_missing",
            gettext_noop(
                "Bei Bewegung über Regionen gib in „regions“ alle durchquerten Regionen an, von der Region des "
                "Ausgangsortes bis zu der des Zielortes."
            ),
            "regions",
        )
    route = []
    for name in regions:
        canonical = _region_name(cards, regions_map, str(name)) if len(str(name)) <= MAX_NAME else None
        if canonical is None:
            raise KeyingError(
                "unknown_region_name", gettext_noop("„%(name)s“ ist keine Region."), "regions", name=_short(name)
            )
        route.append(canonical)
    try:
        # "Bewegung": B — the Balrog's own company may not use region movement (a Balrog player's other
        # companies may; the calculator cannot see the Balrog, the engine passes it).
        return "region", region_route(regions_map, origin, destination, alignment, route, balrog_company=balrog_company)
    except IllegalAction as exc:
        raise KeyingError(exc.code, exc.text.template, "regions", **exc.text.params) from exc
