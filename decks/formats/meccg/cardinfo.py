"""Plain card data for the check, built once from ``cards.models.Card`` rows."""

import re
from dataclasses import dataclass

from . import names, overrides

AVATAR_RACES = {"Wizard", "Ringwraith", "Fallen-wizard", "Balrog"}
_DRAGON_MANIFESTATION = re.compile(r"\b(ahunt|at home)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class CardInfo:
    code: str
    name_de: str
    name_en: str
    set_code: str
    card_type: str
    subtype: str = ""
    alignment: str = ""
    is_unique: bool = False
    race: str = ""
    keywords: tuple[str, ...] = ()
    mind: int | None = None
    direct_influence: int | None = None
    marshalling_points: int | None = None
    site_type: str = ""
    is_agent: bool = False
    is_avatar: bool = False
    specific: str = ""
    under_deeps: bool = False
    playable_as_resource: bool = False
    playable_as_hazard: bool = False
    stage_points: int | None = None
    text_rules: overrides.Overrides = overrides.NONE

    @property
    def identity(self) -> tuple[str, str]:
        """What counts as 'the same card' for the copy limits: one name in one alignment.

        Reprints in later sets (Zwielicht TW/LE, Höhlendrache TW/LE) share it, also where the
        German names differ (Ghule/Guhle) or the data has stray spaces (Hobgoblins TD-30); the
        hero and minion versions of an item or site do not (the book lets both be built in).
        """
        return " ".join((self.name_en or self.name_de).split()).casefold(), self.alignment

    @property
    def label(self) -> str:
        return f"{self.name_de} ({self.code})"

    @property
    def avatar_kind(self) -> str:
        """'Wizard', 'Ringwraith', 'Fallen-wizard', 'Balrog' for avatars, else ''."""
        if self.card_type != "Character":
            return ""
        if self.is_avatar or self.race in AVATAR_RACES:
            return self.race if self.race in AVATAR_RACES else ""
        return ""

    @property
    def is_item(self) -> bool:
        return self.card_type == "Resource" and "Item" in self.subtype

    @property
    def is_minor_item(self) -> bool:
        return self.card_type == "Resource" and "Minor Item" in self.subtype

    @property
    def is_hoard_item(self) -> bool:
        return "Hoard Item" in self.keywords

    @property
    def is_starting_item(self) -> bool:
        """May go with the starting company: an item, or a card whose text says "in lieu of a minor item"."""
        return self.card_type == "Resource" and (self.is_item or self.text_rules.starting_minor_item)

    @property
    def is_haven_type(self) -> bool:
        return self.card_type == "Site" and self.site_type == "{H}"

    @property
    def is_army(self) -> bool:
        return "Army" in self.subtype or "Army" in self.keywords

    @property
    def is_stage_permanent(self) -> bool:
        """A Fallen-wizard (Stage) permanent-event: may start with the character draft."""
        return self.card_type == "Resource" and self.alignment == "Stage" and self.subtype == "Permanent-event"

    @property
    def is_faction(self) -> bool:
        return self.card_type == "Resource" and "Faction" in self.subtype

    @property
    def creature_weight(self) -> float:
        """What a hazard counts toward the 12 creatures (Spielstapel, Errata List)."""
        if self.card_type != "Hazard" and not self.is_agent:
            return 0.0
        if self.is_agent:
            return 0.5
        if self.code in names.codes("half_creatures"):
            return 0.5
        kinds = self.subtype.split("/")
        if "Spawn" in self.keywords and kinds != ["Creature"]:
            # Reading: "Spawn" means the Spawn permanent-events (Ungolliants Brut …); a plain
            # creature that carries the Spawn keyword (Durins Fluch) is a whole creature.
            return 0.5
        if "Creature" in kinds:
            return 0.5 if len(kinds) > 1 else 1.0
        if _DRAGON_MANIFESTATION.search(self.name_en or ""):
            return 0.5
        return 0.0


def from_card(card) -> CardInfo:
    """Build a CardInfo from a Card row (its card_set must be loaded)."""
    attrs = card.attributes or {}
    return CardInfo(
        code=card.code,
        name_de=card.name_de,
        name_en=card.name_en,
        set_code=card.card_set.code,
        card_type=card.card_type,
        subtype=card.subtype or "",
        alignment=card.alignment or "",
        is_unique=card.is_unique,
        race=card.race or "",
        keywords=tuple(card.keywords or ()),
        mind=card.mind,
        direct_influence=card.direct_influence,
        marshalling_points=card.marshalling_points,
        site_type=card.site_type or "",
        is_agent=card.is_agent,
        is_avatar=card.is_avatar,
        specific=card.specific or "",
        under_deeps=bool(attrs.get("underDeeps")),
        playable_as_resource=bool(attrs.get("playableAsResource")),
        playable_as_hazard=bool(attrs.get("playableAsHazard")),
        stage_points=_number(attrs.get("stagePoints")),
        text_rules=overrides.read(getattr(card, "text_en", ""), attrs),
    )


def _number(value) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None
