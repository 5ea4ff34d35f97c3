"""The project's corrections of German card names the card data gets wrong.

The list is cards/data/corrections/german_names.toml (outside the board games' card files, which the
board-game importer reads).

A correction lives in the card's German-text layer (``GermanCardText.name``), so it has a history like the
editors' texts and a re-import of the shared data never undoes it: the importer reads these names
(``corrected_names``) instead of the data's. Each entry is applied once, as a version noted with its reason;
an entry whose card no longer has the English name or the wrong German name it expects is skipped and
reported (the data may have been fixed upstream), and a name an editor set by hand is left alone.
"""

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.db import transaction

from .models import Card, GermanCardText

DATA_FILE = Path(__file__).parent / "data" / "corrections" / "german_names.toml"


@dataclass(frozen=True)
class NameCorrection:
    code: str
    english: str
    data: str  # the German name the card data prints
    name: str  # the card's German name
    reason: str


@cache
def corrections() -> tuple[NameCorrection, ...]:
    rows = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))["name"]
    return tuple(NameCorrection(**row) for row in rows)


def corrected_names() -> dict[str, str]:
    """{code: German name} of every card whose German name is corrected in its German-text layer."""
    return dict(GermanCardText.objects.exclude(name="").values_list("card__code", "name"))


def data_name(card: Card) -> str:
    """The German name the card data prints (the importer's choice: the English one where it has none).

    Cards without the data's names (the board games' own cards) keep the name they have."""
    names = card.names if isinstance(card.names, dict) else {}
    if not names:
        return card.name_de
    return names.get("de") or names.get("en") or card.name_en


def _note(correction: NameCorrection) -> str:
    # Stored with the version, like an editor's note; the project's data file is its author.
    note = f"Name korrigiert: „{correction.data}“ → „{correction.name}“ ({correction.reason})"
    return note[:200]


@transaction.atomic
def apply(log=lambda message: None) -> int:
    """Write each correction not yet applied into its card's German-text layer; returns how many were written."""
    cards = {card.code: card for card in Card.objects.filter(code__in=[c.code for c in corrections()])}
    written = 0
    for correction in corrections():
        card = cards.get(correction.code)
        if card is None or " ".join(card.name_en.split()) != correction.english:
            log(f"Namenskorrektur {correction.code} übersprungen: Karte „{correction.english}“ nicht gefunden")
            continue
        german = GermanCardText.objects.select_for_update().filter(card=card).first()
        if german is not None and german.name:
            continue  # applied before, or an editor named the card: theirs stands
        if data_name(card) != correction.data:
            log(f"Namenskorrektur {correction.code} übersprungen: die Daten nennen nicht mehr „{correction.data}“")
            continue
        german = german or GermanCardText(card=card)
        german.name, german.note, german.updated_by = correction.name, _note(correction), None
        german._history_user = None
        german.save()
        Card.objects.filter(pk=card.pk).update(name_de=correction.name)
        written += 1
    if written:
        log(f"Deutsche Namen korrigiert: {written}")
    return written
