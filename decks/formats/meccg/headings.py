"""The headings of a deck list (German and English, GCCG and NetMECCG): which part of the deck each
names, and the headings an export writes."""

from .card_index import normalize
from .model import CHARACTERS, HAZARDS, POOL, RESOURCES, SIDEBOARD, SITES

AUTO = "auto"
NOTES = "notes"  # GCCG's "Notes" section: free text up to the next heading


_ALIGNMENT_MARKS = {"H": "Hero", "M": "Minion", "F": "Fallen-wizard", "B": "Balrog"}


POOL_OR_CHARACTERS = "pool-or-characters"  # "Character Pool": see _part_of_heading
# The 10 cards a General Opponent list may add to its sideboard against a Fallen-wizard ("Handelt es sich
# beim Gegner um einen Gefallener Zauberer-Spieler, darf der Reservestapel um 10 Karten erweitert werden"):
# NetMECCG's [anti-FW], GCCG's "Sideboard vs. fw". A deck here has one sideboard, so these cards are read
# (a wrong name is an error) but not taken into the deck.
VS_FALLEN_WIZARD = "sideboard-vs-fallen-wizard"
_HEADERS = {
    POOL: [
        "pool",
        "anfangscharaktere",
        "startcharaktere",
        "starting characters",
        "starting pool",
        "start",
        "starter",
        "starting",
        "starting company",
        "starting companies",
        "startgemeinschaft",
        "character draft",
        "draft",
        "characters draft",
        "draft characters",
        "pool of starting characters",
        "minor items",
        "starting items",
        "starting minor items",
        "starting resources",
        "startgegenstande",
        "geringere gegenstande",
    ],
    POOL_OR_CHARACTERS: ["character pool", "characters pool", "charakterpool"],
    CHARACTERS: [
        "charaktere",
        "characters",
        "spielstapel-charaktere",
        "character",
        "chars",
        "other characters",
        "weitere charaktere",
        "characters in deck",
        "in deck",
        "wizard",
        "wizards",
        "zauberer",
        "ringwraith",
        "ringwraiths",
        "ringgeist",
        "ringgeister",
        "fallen wizard",
        "avatar",
        "avatare",
        "avatars",
    ],
    RESOURCES: [
        "unterstutzung",
        "unterstutzungen",
        "unterstutzungskarten",
        "unterstutzungsdeck",
        "resources",
        "resource",
        "ressourcen",
        "mp resources",
        "other resources",
        "resource events",
    ],
    HAZARDS: [
        "gefahren",
        "gefahrenkarten",
        "gefahrendeck",
        "hazards",
        "hazard",
        "hazard creatures",
        "hazard events",
        "creatures",
        "kreaturen",
    ],
    SITES: ["orte", "ortsstapel", "ortskarten", "sites", "site", "location deck", "locations", "site deck"],
    SIDEBOARD: [
        "reservestapel",
        "reserve",
        "reservedeck",
        "sideboard",
        "side board",
        "sb",
        "sidebord",
        "sidebar",
        "sideboard resources",
        "sideboard hazards",
        "sideboard characters",
    ],
    AUTO: ["deck", "spielstapel", "play deck", "playdeck", "main deck", "main", "deck list", "decklist", "deckliste"],
    NOTES: ["notes", "notizen", "anmerkungen", "kommentar", "comments"],
    VS_FALLEN_WIZARD: [
        "anti-fw",
        "anti fw",
        "sideboard vs. fw",
        "sideboard vs fw",
        "sideboard vs. fallen-wizard",
        "sideboard vs. fallen wizard",
        "reservestapel gegen gefallene zauberer",
    ],
}
HEADER_WORDS = {normalize(word): part for part, words in _HEADERS.items() for word in words}

EXPORT_HEADERS = {
    POOL: "Anfangscharaktere",
    CHARACTERS: "Charaktere",
    RESOURCES: "Unterstützung",
    HAZARDS: "Gefahren",
    SITES: "Orte",
    SIDEBOARD: "Reservestapel",
}
PART_ORDER = [POOL, CHARACTERS, RESOURCES, HAZARDS, SITES, SIDEBOARD]
