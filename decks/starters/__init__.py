"""Starter decks (issue 31): one deck per alignment that a newcomer can take into a first match without building
anything — legal by the tournament deck check (a test checks each against every opponent), built from cards the
MECCG table carries out by itself (characters, items that score, the combat cards it has scripts for, creatures for
every region type), so a first game needs no proposals.

The decks are plain text files beside this module, in the format the deck editor reads (``# Anfangscharaktere``,
``# Charaktere``, ``# Unterstützung``, ``# Gefahren``, ``# Orte``), each card line naming its card number
(``3 Ork-Patrouille (TW-74)``): the editor's parser reads them for users; ``entries()`` reads them without a
database (free play, the bench). A test keeps both readings equal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


def gettext_noop(message: str) -> str:
    """Marks a German text for the catalogue (pure Python: free play reads these decks without Django)."""
    return message


HERE = Path(__file__).parent
HEADINGS = {
    "anfangscharaktere": "pool",
    "charaktere": "characters",
    "unterstützung": "resources",
    "gefahren": "hazards",
    "orte": "sites",
    "reservestapel": "sideboard",
}
_LINE = re.compile(r"^(?:(?P<n>\d+)\s+)?(?P<name>.+?)\s+\((?P<code>[A-Z]{2}-\d+[a-z]?)\)\s*$")


@dataclass(frozen=True)
class Starter:
    slug: str
    name: str  # German, marked for the catalogue
    alignment: str  # decks.models.DeckAlignment value
    fallen_wizard: str
    description: str  # German, marked for the catalogue

    @property
    def path(self) -> Path:
        return HERE / f"{self.slug}.txt"

    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


STARTERS = (
    Starter(
        "helden",
        gettext_noop("Startdeck Helden: Die Gemeinschaft aus Bruchtal"),
        "Hero",
        "",
        gettext_noop(
            "Aragorn, Legolas und Gimli ziehen von Bruchtal aus zu Ruinen und Höhlen; Waffen und Rüstungen bringen "
            "Punkte, Ausweichen, Abwehr und Riskanter Schlag helfen im Kampf, Kreaturen für jede Route."
        ),
    ),
    Starter(
        "schergen",
        gettext_noop("Startdeck Schergen: Die Orks von Minas Morgul"),
        "Minion",
        "",
        gettext_noop(
            "Gorbag und Shagrat führen die Orks von Minas Morgul und Dol Guldur; Speere und Panzer bringen Punkte, "
            "Gewagter Hieb und Streit der Orks helfen im Kampf, Kreaturen für die Wege der Helden."
        ),
    ),
    Starter(
        "gefallener-zauberer",
        gettext_noop("Startdeck Gefallener Zauberer: Saruman in den Weißen Türmen"),
        "Fallen-wizard",
        "Saruman",
        gettext_noop(
            "Saruman sammelt Hobbits, Zwerge und Menschen in den Weißen Türmen und reist über Regionen; Gegenstände "
            "beider Seiten, die Kampfkarten der Helden und der Schergen."
        ),
    ),
    Starter(
        "balrog",
        gettext_noop("Startdeck Balrog: Aus den Tiefen Morias"),
        "Balrog",
        "",
        gettext_noop(
            "Azog und Bolg ziehen mit dem Balrog aus Moria; Trolle als Verbündete, Speere und Panzer, Gewagter Hieb "
            "und Streit der Orks im Kampf."
        ),
    ),
)
BY_SLUG = {s.slug: s for s in STARTERS}


def get(slug: str) -> Starter | None:
    return BY_SLUG.get(slug)


def entries(slug: str) -> list[list]:
    """``[[code, quantity, part], …]`` of a starter deck, read from its file (no database needed)."""
    part = None
    found: list[list] = []
    for number, raw in enumerate(BY_SLUG[slug].text().splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            part = HEADINGS.get(line.lstrip("# ").casefold(), part)
            continue
        match = _LINE.match(line)
        if match is None or part is None:
            raise ValueError(f"{slug}.txt, Zeile {number}: {raw!r}")
        found.append([match["code"], int(match["n"] or 1), part])
    return found
