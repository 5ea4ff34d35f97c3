"""Reading a typed-in MECCG score sheet (API body or calculator form) into the engine's ``Sheet``.

The arithmetic lives in ``matches.games.meccg.engine.scoring``; this module only checks the input and
says in German what is wrong and where (``players[1].items``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .engine import scoring

# Per-category bounds: far above any real game, low enough that no sum can overflow anything.
MIN_POINTS = -999
MAX_POINTS = 999

POINT_FIELDS = (
    "characters",
    "special",
    "items",
    "allies",
    "factions",
    "creatures_plain",
    "creatures_starred",
)
COUNT_FIELDS = ("unique_in_opponent_hand",)
FLAG_FIELDS = ("lost_avatar", "ring_victory")
PLAYER_FIELDS = ("alignment", *POINT_FIELDS, *COUNT_FIELDS, *FLAG_FIELDS)

FIELD_LABELS = {
    "alignment": gettext_lazy("Gesinnung"),
    "characters": gettext_lazy("Charaktere"),
    "special": gettext_lazy("Besonderes"),
    "items": gettext_lazy("Gegenstände"),
    "allies": gettext_lazy("Verbündete"),
    "factions": gettext_lazy("Heere"),
    "creatures_plain": gettext_lazy("Kreaturen ohne *"),
    "creatures_starred": gettext_lazy("Kreaturen mit *"),
    "unique_in_opponent_hand": gettext_lazy("Einzigartige Punktekarten auf der Hand des Gegners"),
    "lost_avatar": gettext_lazy("Avatar verloren"),
    "ring_victory": gettext_lazy("Sieg durch die Ring-Bedingung"),
}

CATEGORY_LABELS = {
    "characters": gettext_lazy("Charaktere"),
    "special": gettext_lazy("Besonderes"),
    "items": gettext_lazy("Gegenstände"),
    "allies": gettext_lazy("Verbündete"),
    "factions": gettext_lazy("Heere"),
    "creatures": gettext_lazy("Kreaturen"),
}

ALIGNMENT_LABELS = {
    "hero": gettext_lazy("Held"),
    "minion": gettext_lazy("Scherge"),
    "fallen-wizard": gettext_lazy("Gefallener Zauberer"),
    "balrog": gettext_lazy("Balrog"),
}
# Loose spellings people type: German names, underscores, any case.
_ALIGNMENT_ALIASES = {
    "hero": "hero",
    "held": "hero",
    "helden": "hero",
    "minion": "minion",
    "scherge": "minion",
    "schergen": "minion",
    "fallenwizard": "fallen-wizard",
    "gefallenerzauberer": "fallen-wizard",
    "gefallenezauberer": "fallen-wizard",
    "balrog": "balrog",
}


class SheetError(Exception):
    """Bad input: ``field`` is the path of the offending field, ``message`` German."""

    def __init__(self, code: str, field: str, message: str):
        self.code = code
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


@dataclass(frozen=True)
class Calculation:
    decks: int
    sheets: tuple[scoring.Sheet, scoring.Sheet]
    scores: tuple[scoring.Score, scoring.Score]

    def to_json(self) -> dict:
        return {"players": [score.to_json() for score in self.scores]}


def alignment_value(raw) -> str | None:
    if not isinstance(raw, str):
        return None
    return _ALIGNMENT_ALIASES.get(re.sub(r"[\s\-_]+", "", raw.casefold()))


def _alignment_choices() -> str:
    return ", ".join(f"{value} ({label})" for value, label in ALIGNMENT_LABELS.items())


def _int(raw, path: str, low: int, high: int) -> int:
    # JSON numbers only (and whole-number strings from forms); true/false or 2.5 are not points.
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise SheetError("invalid_number", path, _("%(field)s muss eine ganze Zahl sein.") % {"field": path})
    if isinstance(raw, str):
        if not re.fullmatch(r"\s*[-+]?\d{1,6}\s*", raw):
            raise SheetError("invalid_number", path, _("%(field)s muss eine ganze Zahl sein.") % {"field": path})
        raw = int(raw)
    if not low <= raw <= high:
        raise SheetError(
            "out_of_range",
            path,
            _("%(field)s muss zwischen %(low)s und %(high)s liegen.") % {"field": path, "low": low, "high": high},
        )
    return raw


def _flag(raw, path: str) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.casefold() in ("true", "false", "ja", "nein", "1", "0"):
        return raw.casefold() in ("true", "ja", "1")
    if isinstance(raw, int) and raw in (0, 1):
        return bool(raw)
    raise SheetError("invalid_flag", path, _("%(field)s muss true oder false sein.") % {"field": path})


def parse_player(data, index: int) -> scoring.Sheet:
    path = f"players[{index}]"
    if not isinstance(data, dict):
        raise SheetError("invalid_player", path, _("%(field)s muss ein Objekt sein.") % {"field": path})
    unknown = sorted(set(data) - set(PLAYER_FIELDS))
    if unknown:
        field = f"{path}.{unknown[0]}"
        raise SheetError(
            "unknown_field",
            field,
            _("%(field)s ist kein bekanntes Feld. Erlaubt sind: %(fields)s.")
            % {"field": field, "fields": ", ".join(PLAYER_FIELDS)},
        )
    if "alignment" not in data:
        field = f"{path}.alignment"
        raise SheetError(
            "required",
            field,
            _("%(field)s fehlt. Erlaubt sind: %(choices)s.") % {"field": field, "choices": _alignment_choices()},
        )
    alignment = alignment_value(data["alignment"])
    if alignment is None:
        field = f"{path}.alignment"
        raise SheetError(
            "invalid_choice",
            field,
            _("%(field)s: „%(value)s“ ist keine Gesinnung. Erlaubt sind: %(choices)s.")
            % {"field": field, "value": data["alignment"], "choices": _alignment_choices()},
        )
    values: dict = {"alignment": alignment}
    for name in POINT_FIELDS:
        values[name] = _int(data.get(name, 0), f"{path}.{name}", MIN_POINTS, MAX_POINTS)
    for name in COUNT_FIELDS:
        values[name] = _int(data.get(name, 0), f"{path}.{name}", 0, MAX_POINTS)
    for name in FLAG_FIELDS:
        values[name] = _flag(data.get(name, False), f"{path}.{name}")
    return scoring.Sheet(**values)


def parse(data) -> tuple[int, tuple[scoring.Sheet, scoring.Sheet]]:
    """The deck count and both sheets of a request body; raises SheetError naming the field."""
    if not isinstance(data, dict):
        raise SheetError(
            "invalid_body",
            "",
            _("Der Inhalt der Anfrage ist falsch: Erwartet wird ein JSON-Objekt mit „decks“ und „players“."),
        )
    unknown = sorted(set(data) - {"decks", "players"})
    if unknown:
        raise SheetError(
            "unknown_field",
            unknown[0],
            _("%(field)s ist kein bekanntes Feld. Erlaubt sind: decks, players.") % {"field": unknown[0]},
        )
    decks = data.get("decks", 2)
    if isinstance(decks, bool) or not isinstance(decks, int | str) or str(decks).strip() not in {"1", "2", "3", "4"}:
        raise SheetError(
            "invalid_decks",
            "decks",
            _("decks muss die Zahl der Decks im Spiel sein: 1, 2, 3 oder 4 (nicht „%(value)s“).") % {"value": decks},
        )
    decks = int(decks)
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise SheetError(
            "invalid_players", "players", _("players muss eine Liste mit genau zwei Spielern (Objekten) sein.")
        )
    sheets = (parse_player(players[0], 0), parse_player(players[1], 1))
    if sheets[0].ring_victory and sheets[1].ring_victory:
        raise SheetError(
            "two_ring_victories",
            "players[1].ring_victory",
            _(
                "players[0].ring_victory und players[1].ring_victory: Nur ein Spieler kann durch die "
                "Ring-Bedingung gewinnen."
            ),
        )
    return decks, sheets


def calculate(data) -> Calculation:
    """Parse and score a sheet; raises SheetError for bad input."""
    decks, sheets = parse(data)
    return Calculation(decks, sheets, scoring.score(sheets, decks))
