"""Routes for starter movement and region movement ("Bewegung" in seeds/003).

Starter movement (Grundregeln): from a haven to a site whose card names that haven as its nearest
haven, or back, or between two havens named on each other's card; the route is the named regions of
both sites plus the region types on the site card's path. Region movement: at most four regions
from the origin's region to the destination's (both counted), each adjacent to the next by the
region cards, none twice. Alignment restrictions follow the rulebook (see ``check_*``).
"""

from __future__ import annotations

import re
from collections import deque
from itertools import pairwise

from matches.engine.base import IllegalAction, gettext_noop

from .cardinfo import Info, is_haven, key

MAX_REGIONS = 4
# Heroes may not move by starter movement to sites in these regions.
HERO_STARTER_FORBIDDEN = {key("Udûn"), key("Gorgoroth")}
# Minion players (not Balrog players) treat these two as adjacent.
MINION_EXTRA_ADJACENT = ("Udûn", "Dagorlad")
COASTAL = "{c}"


def path_types(path: str) -> list[str]:
    return re.findall(r"\{[a-zA-Z]\}", path or "")


# Region graphs by the region map they were built from (the map never changes during a game; the move list asks
# for routes to every site of a location deck).
_CACHE: dict[tuple[int, str], tuple[dict, object]] = {}


def _cached(regions: dict[str, dict], name: str, build):
    entry = _CACHE.get((id(regions), name))
    if entry is None or entry[0] is not regions:
        if len(_CACHE) > 32:
            _CACHE.clear()
        entry = (regions, build())
        _CACHE[(id(regions), name)] = entry
    return entry[1]


def _region_lookup(regions: dict[str, dict]) -> dict[str, str]:
    return _cached(regions, "lookup", lambda: {key(name): name for name in regions})


def canonical_region(regions: dict[str, dict], name: str) -> str | None:
    return _region_lookup(regions).get(key(name))


def starter_route(origin: Info, destination: Info, alignment: str) -> dict:
    """The route of a starter move, or IllegalAction saying why there is none."""
    if alignment in ("fallen-wizard", "balrog"):
        raise IllegalAction(
            "starter_not_allowed",
            gettext_noop("Gefallener-Zauberer- und Balrog-Gemeinschaften dürfen sich nicht nach Grundregeln bewegen."),
        )
    # The types in route order, origin first: a site card prints its path from its haven, a haven card its
    # "Site Path From <other haven>"; walked the other way the path reads backwards.
    path: list[str] = []
    if is_haven(origin) and key(destination.get("haven", "")) == key(origin["name_en"]):
        path = path_types(destination["site_path"])
    elif is_haven(destination) and key(origin.get("haven", "")) == key(destination["name_en"]):
        path = path_types(origin["site_path"])[::-1]
    elif is_haven(origin) and is_haven(destination):
        path = path_types(_haven_path(destination, origin)) or path_types(_haven_path(origin, destination))[::-1]
    if not path:
        raise IllegalAction(
            "no_starter_route",
            gettext_noop(
                "Keine Bewegung nach Grundregeln von %(origin)s nach %(destination)s: Einer der beiden Orte muss "
                "der Zufluchtsort sein, der auf der Karte des anderen als nächster Zufluchtsort steht."
            ),
            origin=origin["name_de"],
            destination=destination["name_de"],
        )
    if alignment == "hero" and key(destination["region"]) in HERO_STARTER_FORBIDDEN:
        raise IllegalAction(
            "starter_forbidden_region",
            gettext_noop("Helden dürfen sich nach Grundregeln nicht zu Orten in Udûn oder Gorgoroth bewegen."),
        )
    named = (
        [origin["region"]]
        if key(origin["region"]) == key(destination["region"])
        else [
            origin["region"],
            destination["region"],
        ]
    )
    return {"kind": "starter", "regions": named, "types": path}


def _haven_path(haven: Info, other: Info) -> str:
    """The path printed on ``haven``'s card from ``other`` ("Site Path From Lórien: {w}{b}{w}{w}"), or ""."""
    return next((p for name, p in haven.get("havens", {}).items() if key(name) == key(other["name_en"])), "")


def _adjacent(regions: dict[str, dict], alignment: str) -> dict[str, set[str]]:
    return _cached(regions, f"graph:{alignment}", lambda: _build_adjacent(regions, alignment))


def _build_adjacent(regions: dict[str, dict], alignment: str) -> dict[str, set[str]]:
    lookup = _region_lookup(regions)  # once, not per neighbour: the engine and the calculator call this often
    graph = {name: {lookup.get(key(n)) or n for n in data["adjacent"]} for name, data in regions.items()}
    # "[S] Die Regionen Udûn und Dagorlad gelten für Schergenspieler als benachbart" — not for Balrog players
    # ("für Schergenspieler (nicht Balrog)", Agenten: Bewegung).
    if alignment == "minion":
        a, b = (canonical_region(regions, n) for n in MINION_EXTRA_ADJACENT)
        if a and b:
            graph[a].add(b)
            graph[b].add(a)
    return graph


def shortest_regions(regions: dict[str, dict], start: str, goal: str, alignment: str, avoid_coast: bool) -> list[str]:
    """Breadth-first: the fewest regions from start to goal (both included), or [] if unreachable."""
    graph = _adjacent(regions, alignment)
    previous = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            route = []
            while here is not None:
                route.append(here)
                here = previous[here]
            return route[::-1]
        for nxt in sorted(graph.get(here, ())):
            if nxt in previous or (avoid_coast and regions[nxt]["type"] == COASTAL):
                continue
            previous[nxt] = here
            queue.append(nxt)
    return []


def region_route(
    regions: dict[str, dict],
    origin: Info,
    destination: Info,
    alignment: str,
    route: list[str] | None = None,
    *,
    balrog_company: bool = False,
    avoid_coast: bool = False,
    max_regions: int = MAX_REGIONS,
) -> dict:
    """Check (or find, if ``route`` is None) a region route; IllegalAction names the broken rule
    (``max_regions``: more with a card's "additional region", Cram)."""
    if balrog_company:
        raise IllegalAction(
            "balrog_no_regions", gettext_noop("Die Gemeinschaft des Balrog darf sich nicht über Regionen bewegen.")
        )
    start = canonical_region(regions, origin["region"])
    goal = canonical_region(regions, destination["region"])
    if not start or not goal:
        raise IllegalAction(
            "unknown_region",
            gettext_noop("Für %(site)s ist keine Region in den Kartendaten bekannt."),
            site=origin["name_de"] if not start else destination["name_de"],
        )
    if route is None:
        route = shortest_regions(regions, start, goal, alignment, avoid_coast)
        if not route:
            raise IllegalAction(
                "unreachable",
                gettext_noop("Von %(start)s führt kein Weg über Regionen nach %(goal)s."),
                start=start,
                goal=goal,
            )
    else:
        named = []
        for name in route:
            canonical = canonical_region(regions, str(name))
            if canonical is None:
                raise IllegalAction("unknown_region_name", gettext_noop("„%(name)s“ ist keine Region."), name=str(name))
            named.append(canonical)
        route = named
        if not route or route[0] != start or route[-1] != goal:
            raise IllegalAction(
                "route_ends",
                gettext_noop("Die Reiseroute muss in %(start)s beginnen und in %(goal)s enden."),
                start=start,
                goal=goal,
            )
        if len(set(route)) != len(route):
            raise IllegalAction(
                "region_twice", gettext_noop("Eine Reiseroute darf dieselbe Region nicht mehrmals enthalten.")
            )
        graph = _adjacent(regions, alignment)
        for here, nxt in pairwise(route):
            if nxt not in graph.get(here, ()):
                raise IllegalAction(
                    "not_adjacent",
                    gettext_noop("%(a)s und %(b)s sind laut Regionskarten nicht benachbart."),
                    a=here,
                    b=nxt,
                )
        if avoid_coast and any(regions[name]["type"] == COASTAL for name in route):
            raise IllegalAction(
                "coast_forbidden",
                gettext_noop("Gemeinschaften mit einem Ringgeist oder Balrog dürfen keine Küstengewässer durchqueren."),
            )
    if len(route) > max_regions:
        raise IllegalAction(
            "too_many_regions",
            gettext_noop("Die Reiseroute umfasst %(n)s Regionen; erlaubt sind höchstens %(max)s."),
            n=len(route),
            max=max_regions,
        )
    return {"kind": "region", "regions": route, "types": [regions[name]["type"] for name in route]}
