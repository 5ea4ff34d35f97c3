"""Creatures played through an agent (seeds/003 "Agenten als Gefahren", "Handlungen von Agenten": "Ausspielen
von Kreaturen"). Pure rules over card Infos; the table's action is ``agent_action`` with ``kind: "creature"``
(agents.py).

- "Ein offen ausliegender Agent, der sich an einer Ruine, einem Schattenhort oder einem Hort der Dunkelheit
  befindet, kann getappt werden, um eine Gemeinschaft, die sich an diesem Ort befindet oder dorthin bewegt, mit
  Kreaturen anzugreifen: Die Kreatur darf nicht einzigartig sein und muss dem Typ des automatischen Angriffes an
  diesem Ort (auf der Ortskarte des Gegners) entsprechen."
- "Alternativ kann ein offen ausliegender Agent auch an seinem Heimatort getappt werden, wenn sich eine
  Gemeinschaft dorthin bewegt oder dort befindet … Ist der Ort ein freier Ort, so dürfen Menschen, Zwerge, Elben,
  Dúnedain und Hobbits gespielt werden. Handelt es sich um einen Grenzort, dürfen Menschen, Zwerge, Elben,
  Dúnedain, Hobbits, Orks und Nazgûl gespielt werden. An Ruinen, Schattenhorten und Horten der Dunkelheit dürfen
  Orks, Nazgûl und Trolle gespielt werden. An Schattenhorten dürfen außerdem Untote gespielt werden."
- "Ein solcher Kreaturenangriff wird weder einer Region noch einem Ort zugeordnet und zählt jeweils zum
  Gefahrenlimit."

The site card is the company's own ("auf der Ortskarte des Gegners" — the opponent of the agent's player): its
current site, or its destination while it moves.
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, gettext_noop

from .cardinfo import Info
from .keytext import races
from .sites import automatic_attacks

LAIR_TYPES = ("R", "S", "D")  # Ruine, Schattenhort, Hort der Dunkelheit
_FREE = "Men, Dwarves, Elves, Dúnedain, Hobbits"
HOME_RACE_NAMES = {
    "F": _FREE,
    "B": f"{_FREE}, Orcs, Nazgûl",
    "R": "Orcs, Nazgûl, Trolls",
    "D": "Orcs, Nazgûl, Trolls",
    "S": "Orcs, Nazgûl, Trolls, Undead",
}
HOME_RACES = {kind: races({"race": names}) for kind, names in HOME_RACE_NAMES.items()}


def site_type(site: Info) -> str:
    return (site.get("site_type") or "").strip("{}")


def lair_race_names(site: Info, alignment: str) -> list[str]:
    """The races of the automatic attacks printed on the site card (at a Ruin, Shadow-hold or Dark-hold)."""
    if site_type(site) not in LAIR_TYPES:
        return []
    return [attack["race"] for attack in automatic_attacks(site, alignment)]


def lair_races(site: Info, alignment: str) -> set[str]:
    return races({"race": ", ".join(lair_race_names(site, alignment))}) - {""}


def check_creature(creature: Info, site: Info, alignment: str, *, home: bool) -> None:
    """Raises unless the creature may be played through an agent at ``site`` (the company's card for the
    agent's site; ``home``: it is one of the agent's home sites). Either sentence of the seed suffices."""
    kinds = races(creature)
    if not creature.get("unique") and kinds & lair_races(site, alignment):
        return  # "nicht einzigartig … dem Typ des automatischen Angriffes an diesem Ort entsprechen"
    if home and kinds & HOME_RACES.get(site_type(site), set()):
        return  # "an seinem Heimatort" by the site's type
    if not home and site_type(site) not in LAIR_TYPES:
        raise IllegalAction(
            "agent_site_type",
            gettext_noop(
                "Kreaturen spielt ein Agent nur an einer Ruine, einem Schattenhort oder einem Hort der Dunkelheit "
                "oder an seinem Heimatort."
            ),
        )
    if creature.get("unique") and not home:
        raise IllegalAction(
            "agent_creature_unique",
            gettext_noop("%(card)s ist einzigartig und kann nicht durch einen Agenten gespielt werden."),
            card=creature["name_de"],
        )
    raise IllegalAction(
        "agent_creature_race",
        gettext_noop("%(card)s (%(race)s) kann ein Agent in %(site)s nicht spielen; erlaubt: %(allowed)s."),
        card=creature["name_de"],
        race=creature.get("race") or "–",
        site=site["name_de"],
        allowed=", ".join(
            [*lair_race_names(site, alignment), *([HOME_RACE_NAMES.get(site_type(site), "")] if home else [])]
        ).strip(", ")
        or "–",
    )
