"""The position notation: rows top to bottom separated by ``/``, one character a field.

``.`` empty, ``o`` orc, ``1``–``4`` a figure of seat 0–3, ``T`` a tower field, ``#`` no field.
Coordinates are ``(row, column)``, 1-based, row 1 at the top, column 1 at the left (Isengart).
"""

from __future__ import annotations

from dataclasses import dataclass

from matches.engine.base import IllegalAction, gettext_noop

Field = tuple[int, int]

EMPTY, ORC, TOWER, HOLE = ".", "o", "T", "#"
FIGURES = "1234"
SYMBOLS = EMPTY + ORC + TOWER + HOLE + FIGURES
_ALLOWED = frozenset(SYMBOLS)
MAX_SIDE = 30  # larger is no board but a mistake (and would make the analysis slow)


@dataclass
class Grid:
    """A mutable rectangle of fields; ``cells`` is flat, row by row."""

    rows: int
    columns: int
    cells: list[str]

    def inside(self, r: int, c: int) -> bool:
        return 1 <= r <= self.rows and 1 <= c <= self.columns

    def get(self, r: int, c: int) -> str:
        return self.cells[(r - 1) * self.columns + (c - 1)]

    def set(self, r: int, c: int, value: str) -> None:
        self.cells[(r - 1) * self.columns + (c - 1)] = value

    def copy(self) -> Grid:
        return Grid(self.rows, self.columns, list(self.cells))

    def dump(self) -> str:
        w = self.columns
        return "/".join("".join(self.cells[i * w : (i + 1) * w]) for i in range(self.rows))

    def fields(self, symbol: str) -> list[Field]:
        w = self.columns
        return [(i // w + 1, i % w + 1) for i, cell in enumerate(self.cells) if cell == symbol]

    def figures(self) -> list[tuple[Field, int]]:
        """Every figure on the board with its seat (0-based)."""
        w = self.columns
        return [((i // w + 1, i % w + 1), int(cell) - 1) for i, cell in enumerate(self.cells) if cell in FIGURES]


def parse(position: object) -> Grid:
    """The grid of a position string; IllegalAction with a German message saying what is wrong."""
    if not isinstance(position, str) or not position.strip():
        raise IllegalAction(
            "position_empty",
            gettext_noop("Die Stellung fehlt: erwartet werden Reihen aus Zeichen, getrennt durch „/“."),
        )
    rows = position.strip().split("/")
    width = len(rows[0])
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise IllegalAction(
            "position_too_large",
            gettext_noop("Die Stellung ist zu groß: höchstens %(max)s Reihen und %(max)s Spalten."),
            max=MAX_SIDE,
        )
    cells: list[str] = []
    for r, row in enumerate(rows, start=1):
        if not row:
            raise IllegalAction("position_row_empty", gettext_noop("Reihe %(row)s der Stellung ist leer."), row=r)
        if len(row) != width:
            raise IllegalAction(
                "position_row_length",
                gettext_noop(
                    "Reihe %(row)s der Stellung hat %(length)s Felder, Reihe 1 aber %(width)s: "
                    "alle Reihen müssen gleich lang sein."
                ),
                row=r,
                length=len(row),
                width=width,
            )
        if not _ALLOWED.issuperset(row):
            c, char = next((c, ch) for c, ch in enumerate(row, start=1) if ch not in SYMBOLS)
            raise IllegalAction(
                "position_symbol",
                gettext_noop(
                    "Unbekanntes Zeichen „%(char)s“ in Reihe %(row)s, Spalte %(column)s der Stellung "
                    "(erlaubt: . o 1 2 3 4 T #)."
                ),
                char=char,
                row=r,
                column=c,
            )
        cells.extend(row)
    return Grid(len(rows), width, cells)


def parse_field(value: object, name: str = "Feld") -> Field:
    """``[r, c]`` (list or tuple of two ints) as a field tuple; German error otherwise."""
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise IllegalAction(
        "field_format",
        gettext_noop("„%(name)s“ muss ein Feld [Reihe, Spalte] aus zwei ganzen Zahlen sein."),
        name=name,
    )
