"""Plain data the check works on: a deck description in, a result out."""

from dataclasses import dataclass, field

from .cardinfo import CardInfo

HERO, MINION, FALLEN_WIZARD, BALROG = "Hero", "Minion", "Fallen-wizard", "Balrog"
ALIGNMENTS = (HERO, MINION, FALLEN_WIZARD, BALROG)
FALLEN_WIZARDS = ("Alatar", "Gandalf", "Pallando", "Radagast", "Saruman")

POOL, CHARACTERS, RESOURCES, HAZARDS, SITES, SIDEBOARD = (
    "pool",
    "characters",
    "resources",
    "hazards",
    "sites",
    "sideboard",
)
PARTS = (POOL, CHARACTERS, RESOURCES, HAZARDS, SITES, SIDEBOARD)

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True, slots=True)
class Entry:
    card: CardInfo
    quantity: int
    part: str


@dataclass(slots=True)
class DeckDescription:
    entries: list[Entry]
    alignment: str
    fallen_wizard: str = ""
    opponent_alignment: str = ""


@dataclass(slots=True)
class Problem:
    rule: str
    severity: str
    title: str
    message: str
    cards: list[str]  # card codes
    heading: str
    within: str | None
    section: str = ""

    def as_dict(self, section_url: str | None = None) -> dict:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "title": self.title,
            "message": self.message,
            "section": self.section,
            "cards": self.cards,
            "section_url": section_url,
        }


@dataclass(slots=True)
class CheckResult:
    legal: bool
    problems: list[Problem] = field(default_factory=list)
    summary: dict = field(default_factory=dict)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == WARNING]
