"""The query language's fields and the German/English value tables (values.toml)."""

import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

TEXT, ENUM, NUMBER, FLAG, OPTION, KEYED = "text", "enum", "number", "flag", "option", "keyed"


@dataclass(frozen=True)
class FieldSpec:
    key: str  # canonical name used by the compiler
    kind: str
    table: str = ""  # values.toml section for ENUM and table-assisted TEXT fields
    column: str = ""  # model field for NUMBER


SPECS = [
    (("name",), FieldSpec("name", TEXT)),
    (("typ", "type"), FieldSpec("type", ENUM, "card_type")),
    (("untertyp", "subtype"), FieldSpec("subtype", TEXT, "subtype")),
    (("ausrichtung", "align", "alignment"), FieldSpec("alignment", ENUM, "alignment")),
    (("set",), FieldSpec("set", TEXT)),
    (("spiel", "game"), FieldSpec("game", TEXT)),
    (("rasse", "race"), FieldSpec("race", TEXT, "race")),
    (("fertigkeit", "fertigkeiten", "skill", "skills"), FieldSpec("skill", TEXT, "skill")),
    (("text",), FieldSpec("text", TEXT)),
    (("heimat", "heimatort", "home"), FieldSpec("home", TEXT)),
    (("region",), FieldSpec("region", TEXT)),
    (("ort", "ortstyp", "site"), FieldSpec("site_type", ENUM, "site_type")),
    # the region and site symbols a creature is playable at (cards/query/keyed.py)
    (("schluessel", "keyed", "key", "gebunden"), FieldSpec("keyed", KEYED)),
    (("ist", "is"), FieldSpec("is", FLAG)),
    (("geist", "mind"), FieldSpec("mind", NUMBER, column="mind")),
    (("einfluss", "di"), FieldSpec("di", NUMBER, column="direct_influence")),
    (("kampf", "kampfkraft", "prowess"), FieldSpec("prowess", NUMBER, column="prowess")),
    (("koerper", "körper", "koerperkraft", "körperkraft", "body"), FieldSpec("body", NUMBER, column="body")),
    (("versuchung", "corruption"), FieldSpec("corruption", NUMBER, column="corruption")),
    (("sp", "mp", "siegpunkte"), FieldSpec("mp", NUMBER, column="marshalling_points")),
    (("sort", "sortierung"), FieldSpec("sort", OPTION)),
    (("order", "reihenfolge"), FieldSpec("order", OPTION)),
]
FIELDS: dict[str, FieldSpec] = {alias: spec for aliases, spec in SPECS for alias in aliases}
# canonical numeric key -> model field
NUMBER_COLUMNS = {spec.key: spec.column for _aliases, spec in SPECS if spec.kind == NUMBER}

# is:/ist: values and the bare word that means the same.
FLAGS = {"unique": "unique", "einzigartig": "unique", "agent": "agent", "avatar": "avatar"}
BARE_FLAGS = {"einzigartig": "unique"}

# sort: value -> ordering key understood by the selector.
SORT_KEYS = {
    "name": "name",
    "englisch": "name_en",
    "name_en": "name_en",
    "geist": "mind",
    "mind": "mind",
    "einfluss": "di",
    "di": "di",
    "kampf": "prowess",
    "prowess": "prowess",
    "koerper": "body",
    "body": "body",
    "versuchung": "corruption",
    "corruption": "corruption",
    "sp": "mp",
    "mp": "mp",
    "set": "set",
    "typ": "type",
    "type": "type",
    "code": "code",
    "relevanz": "relevance",
    "relevance": "relevance",
}
ORDER_KEYS = {"asc": "asc", "auf": "asc", "aufsteigend": "asc", "desc": "desc", "ab": "desc", "absteigend": "desc"}


def normalise(word: str) -> str:
    """Lower-case, umlauts as ae/oe/ue/ss, other accents dropped, spaces as hyphens."""
    word = word.strip().lower()
    for src, dst in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        word = word.replace(src, dst)
    word = unicodedata.normalize("NFKD", word)
    word = "".join(ch for ch in word if not unicodedata.combining(ch))
    return "-".join(word.replace("_", " ").split())


@cache
def tables() -> dict:
    with open(Path(__file__).with_name("values.toml"), "rb") as fh:
        return tomllib.load(fh)


def lookup(table: str, value: str):
    """The stored value(s) for a German or English word, or None if the table does not know it."""
    return tables()[table].get(normalise(value))


def known_values(table: str) -> list[str]:
    return sorted(tables()[table])
