"""Loose spellings of the deck choice values: any case, German names, with or without hyphen.

The API keeps its canonical values (``Hero``, ``hazards``, …) but accepts what a person types;
an unknown value is answered with the full list of what is possible.
"""

import re

from django.utils import translation

from .formats.meccg.card_index import normalize
from .models import DeckAlignment, FallenWizard, Part, Visibility

# Besides each value and its (German) label.
ALIASES = {
    DeckAlignment: {
        DeckAlignment.HERO: ["Held", "Heroes"],
        DeckAlignment.MINION: ["Scherge", "Minions"],
        DeckAlignment.FALLEN_WIZARD: ["Gefallene Zauberer", "Zauberer"],
    },
    Part: {
        Part.POOL: ["Startcharaktere", "Pool"],
        Part.CHARACTERS: ["Charaktere"],
        Part.RESOURCES: ["Unterstützungen", "Ressourcen"],
        Part.SITES: ["Ortsstapel"],
        Part.SIDEBOARD: ["Reserve"],
    },
    Visibility: {
        Visibility.UNLISTED: ["ungelistet", "nicht gelistet"],
        Visibility.PUBLIC: ["oeffentlich"],
    },
    FallenWizard: {},
}


def _key(text: str) -> str:
    # "Fallen-wizard", "fallen wizard", "FALLEN_WIZARD" and "Gefallener-Zauberer" are all the same key.
    return re.sub(r"[\s\-_]+", "", normalize(text))


def _lookup(choices) -> dict[str, str]:
    # German labels whatever the request's language, plus the labels in that language.
    with translation.override("de"):
        german = [str(label) for label in choices.labels]
    table = {}
    for (value, label), label_de in zip(choices.choices, german, strict=True):
        for name in (value, label_de, str(label), *ALIASES.get(choices, {}).get(value, [])):
            table.setdefault(_key(name), value)
    return table


def resolve(choices, raw) -> str | None:
    """The canonical value for a loosely typed one, or None if it matches nothing."""
    if not isinstance(raw, str):
        return None
    return _lookup(choices).get(_key(raw))


def listing(choices) -> str:
    """'Hero (Helden), Minion (Schergen), …' for error messages."""
    return ", ".join(
        value if str(label).casefold() == value.casefold() else f"{value} ({label})" for value, label in choices.choices
    )
