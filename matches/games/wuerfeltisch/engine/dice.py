"""Dice expressions such as ``2W6``, ``W20+3``, ``3d6-2`` (W and d both mean a die)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from matches.engine.base import IllegalAction, gettext_noop

MAX_DICE = 20
MAX_SIDES = 100
MAX_MODIFIER = 100

_EXPRESSION = re.compile(r"^\s*(\d*)\s*[wWdD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class DiceExpression:
    count: int
    sides: int
    modifier: int

    def __str__(self) -> str:
        text = f"{self.count if self.count > 1 else ''}W{self.sides}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


def parse(text: str) -> DiceExpression:
    """Parse a dice expression; raises IllegalAction with a German message naming the problem."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction("dice_missing", gettext_noop("Bitte gib einen Wurf an, z. B. 2W6 oder W20+3."))
    match = _EXPRESSION.match(text)
    if not match:
        raise IllegalAction(
            "dice_syntax",
            gettext_noop("„%(text)s“ ist kein Würfelausdruck. Beispiele: W6, 2W6, W20+3, 3W6-2."),
            text=text[:40],
        )
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    if not 1 <= count <= MAX_DICE:
        raise IllegalAction(
            "dice_count",
            gettext_noop("Höchstens %(max)d Würfel auf einmal (angegeben: %(count)d)."),
            max=MAX_DICE,
            count=count,
        )
    if not 2 <= sides <= MAX_SIDES:
        raise IllegalAction(
            "dice_sides",
            gettext_noop("Ein Würfel hat 2 bis %(max)d Seiten (angegeben: %(sides)d)."),
            max=MAX_SIDES,
            sides=sides,
        )
    if abs(modifier) > MAX_MODIFIER:
        raise IllegalAction(
            "dice_modifier", gettext_noop("Der Zuschlag darf höchstens ±%(max)d sein."), max=MAX_MODIFIER
        )
    return DiceExpression(count, sides, modifier)
