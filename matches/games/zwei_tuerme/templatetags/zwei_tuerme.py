"""Drawing data for the Zwei Türme board include: coordinates and German labels from a view dict."""

import json
from dataclasses import dataclass

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches.games.zwei_tuerme.engine.movement import SYMBOL_NAMES

register = template.Library()

CELL = 40  # px per field in the SVG's own units
MARGIN = 24  # room for the column and row numbers
TRACK = 56  # height of the Ent track below the board
SEAT_FILLS = ("#2e7d32", "#c62828", "#1565c0", "#f9a825")
TOWER_SHAPE = ((8, 36), (14, 6), (20, 2), (26, 6), (32, 36))
SEAT_INK = ("#ffffff", "#ffffff", "#ffffff", "#1f1d1a")


def _color(seat: int) -> str:
    return _(("Grün", "Rot", "Blau", "Gelb")[seat])


def _field_label(r: int, c: int, char: str, tower: str | None) -> str:
    where = _("Feld %(field)s") % {"field": f"{r}/{c}"}
    if char == "o":
        return _("%(where)s: Ork") % {"where": where}
    if char in "1234":
        return _("%(where)s: Figur von %(color)s") % {"where": where, "color": _color(int(char) - 1)}
    if char == "T":
        return _("%(where)s: Turm %(name)s") % {"where": where, "name": tower or ""}
    if char == "#":
        return _("%(where)s: kein Spielfeld") % {"where": where}
    return _("%(where)s: frei") % {"where": where}


def _last_marks(view: dict) -> dict[tuple, list[str]]:
    """The last move on the board: its start, path, the orcs it beat or pincered, the orcs that came in."""
    marks: dict[tuple, list[str]] = {}

    def add(fields, cls):
        for f in fields or []:
            marks.setdefault(tuple(f), []).append(cls)

    last = view.get("last_move")
    if last:
        add([last["from"]], "zt-last-from")
        add(last.get("path"), "zt-last-path")
        add(last.get("captured"), "zt-last-captured")
        for pincer in last.get("pincers") or []:
            add(pincer.get("fields"), "zt-last-pincered")
    orc_card = view.get("last_orc_card")
    if orc_card:
        add(orc_card.get("fields"), "zt-new-orc")
    return marks


def _last_label(classes: list[str]) -> str:
    words = {
        "zt-last-from": _("Start des letzten Zuges"),
        "zt-last-path": _("Weg des letzten Zuges"),
        "zt-last-captured": _("im letzten Zug geschlagen"),
        "zt-last-pincered": _("im letzten Zug in der Zange geschlagen"),
        "zt-new-orc": _("neuer Ork"),
    }
    return ", ".join(words[c] for c in classes if c in words)


@register.simple_tag
def zt_board(view: dict, highlight=None, path=None, marks=None, last=False) -> dict:
    """Everything board.html draws. ``highlight``: reachable fields; ``path``: a move's fields;
    ``marks``: {"captured": [...], "pincered": [...]} for the chosen move; ``last``: mark the last move."""
    rows_text = view["position"].split("/")
    rows, columns = len(rows_text), len(rows_text[0])
    board = view.get("board") or {}
    marks = marks or {}
    fields = _Marks(
        highlight={tuple(f) for f in highlight or []},
        path=[tuple(f) for f in path or []],
        captured={tuple(f) for f in marks.get("captured", [])},
        pincered={tuple(f) for f in marks.get("pincered", [])},
        last=_last_marks(view) if last else {},
    )
    cells, orcs, figures, towers = _pieces(rows_text, board, fields)
    height = MARGIN + rows * CELL + 8
    track, ent = _track(board, view.get("ent"), columns, height), view.get("ent")
    if track:
        height += TRACK
    return {
        "width": MARGIN + columns * CELL + 8,
        "height": height,
        "cell": CELL,
        "cells": cells,
        "orcs": orcs,
        "figures": figures,
        "towers": towers,
        "areas": _areas(board, rows, columns),
        "track": track,
        "ent": ent,
        "col_labels": [{"x": MARGIN + (c - 1) * CELL + CELL // 2, "n": c} for c in range(1, columns + 1)],
        "row_labels": [{"y": MARGIN + (r - 1) * CELL + CELL // 2 + 4, "n": r} for r in range(1, rows + 1)],
        "summary": _summary(rows, columns, len(orcs), figures, board.get("ent_track"), ent),
        "marked_last": bool(fields.last),
        "position": view["position"],
    }


@dataclass
class _Marks:
    """The fields board.html marks: reachable, a move's path, captured and pincered orcs, the last move."""

    highlight: set
    path: list
    captured: set
    pincered: set
    last: dict


def _pieces(rows_text: list[str], board: dict, marks: _Marks) -> tuple[list, list, list, list]:
    """The board's cells (classes, label, keyboard focus), orcs, figures and towers."""
    tower_names = {tuple(t["field"]): t["name"] for t in board.get("towers", [])}
    cells, orcs, figures, towers = [], [], [], []
    first_focus = True
    for r, row in enumerate(rows_text, start=1):
        for c, char in enumerate(row, start=1):
            x, y = MARGIN + (c - 1) * CELL, MARGIN + (r - 1) * CELL
            focusable = char not in "#T"
            cells.append(
                {
                    "r": r,
                    "c": c,
                    "x": x,
                    "y": y,
                    "cls": " ".join(_cell_classes(r, c, char, marks)),
                    "label": _cell_label(r, c, char, tower_names, marks),
                    "char": char,
                    # one tab stop for the whole board (roving tabindex, arrow keys inside: zt-board.js)
                    "focusable": focusable,
                    "tabindex": (0 if first_focus else -1) if focusable else None,
                    "pick": (r, c) in marks.highlight,
                    "step": marks.path.index((r, c)) + 1 if (r, c) in marks.path else None,
                }
            )
            if focusable:
                first_focus = False
            cx, cy = x + CELL // 2, y + CELL // 2
            if char == "o":
                orcs.append({"cx": cx, "cy": cy})
            elif char in "1234":
                seat = int(char) - 1
                figures.append(
                    {"cx": cx, "cy": cy, "fill": SEAT_FILLS[seat], "ink": SEAT_INK[seat], "char": char, "r": r, "c": c}
                )
            elif char == "T":
                name = tower_names.get((r, c), _("Turm"))
                points = " ".join(f"{x + dx},{y + dy}" for dx, dy in TOWER_SHAPE)
                towers.append({"name": name, "points": points, "cx": cx, "y": y})
    return cells, orcs, figures, towers


def _cell_classes(r: int, c: int, char: str, marks: _Marks) -> list[str]:
    classes = ["zt-field"]
    if char == "#":
        classes.append("zt-hole")
    if (r, c) in marks.highlight:
        classes.append("zt-reachable")
    if (r, c) in marks.path:
        classes.append("zt-path")
    if (r, c) in marks.captured:
        classes.append("zt-captured")
    if (r, c) in marks.pincered:
        classes.append("zt-pincered")
    return classes + marks.last.get((r, c), [])


def _cell_label(r: int, c: int, char: str, tower_names: dict, marks: _Marks) -> str:
    label = _field_label(r, c, char, tower_names.get((r, c)))
    if (r, c) in marks.last:
        label += " (" + _last_label(marks.last[(r, c)]) + ")"
    return label


def _areas(board: dict, rows: int, columns: int) -> list[dict]:
    """Each named area's frame and label position (fields outside the board left out)."""
    areas = []
    for area in board.get("areas", []):
        fields = [tuple(f) for f in area["fields"] if 1 <= f[0] <= rows and 1 <= f[1] <= columns]
        if not fields:
            continue
        top, bottom = min(f[0] for f in fields), max(f[0] for f in fields)
        left, right = min(f[1] for f in fields), max(f[1] for f in fields)
        areas.append(
            {
                "name": area["name"],
                "key": area["key"],
                "x": MARGIN + (left - 1) * CELL + 2,
                "y": MARGIN + (top - 1) * CELL + 2,
                "w": (right - left + 1) * CELL - 4,
                "h": (bottom - top + 1) * CELL - 4,
                "tx": MARGIN + (left - 1) * CELL + 5,
                "ty": MARGIN + (top - 1) * CELL + 12,
            }
        )
    return areas


def _track(board: dict, ent, columns: int, top: int) -> list[dict]:
    """The Ent track below the board (empty without one): a circle per step, the Ent's marked."""
    ent_track = board.get("ent_track")
    if not ent_track:
        return []
    track = []
    length = ent_track["length"]
    step = min(CELL, (columns * CELL) // max(1, length))
    for i in range(length):
        cls = "zt-track"
        if i == 0:
            cls += " zt-track-start"
        if i == length - 1:
            cls += " zt-track-last"
        if i == ent:
            cls += " zt-track-ent"
        track.append({"cx": MARGIN + i * step + step // 2, "cy": top + TRACK // 2, "cls": cls, "i": i})
    return track


def _summary(rows: int, columns: int, orcs: int, figures: list, ent_track, ent) -> str:
    """The board in one sentence for screen readers: its size, the orcs, the figures, the Ent."""
    figure_text = ", ".join(
        _("%(color)s auf %(field)s") % {"color": _color(int(f["char"]) - 1), "field": f"{f['r']}/{f['c']}"}
        for f in figures
    )
    summary = ngettext(
        "Spielplan mit %(rows)s Reihen und %(columns)s Spalten, %(orcs)s Ork.",
        "Spielplan mit %(rows)s Reihen und %(columns)s Spalten, %(orcs)s Orks.",
        orcs,
    ) % {"rows": rows, "columns": columns, "orcs": orcs}
    if figure_text:
        summary += " " + _("Figuren: %(list)s.") % {"list": figure_text}
    if ent_track and ent is not None:
        summary += " " + _("Der Ent steht auf Feld %(n)s von %(last)s der Laufleiste.") % {
            "n": ent,
            "last": ent_track["length"] - 1,
        }
    return summary


@register.filter
def zt_json(value) -> str:
    """JSON for a data attribute (the template escapes it)."""
    return json.dumps(value, separators=(",", ":"))


@register.filter
def zt_symbol(symbol: str) -> str:
    """The German words for a hero card's direction symbol."""
    words = SYMBOL_NAMES.get(symbol, symbol)
    return _(words)


@register.simple_tag
def zt_own_figures(view: dict) -> list[dict]:
    """The viewer's figures with their field label."""
    seat = view.get("viewer")
    return [
        {**f, "label": f"{f['field'][0]}/{f['field'][1]}"}
        for f in view.get("figures", [])
        if seat is not None and f["seat"] == seat
    ]


@register.filter
def zt_side(side: str) -> str:
    """Where orcs come in: "von Isengart (links)" / "von Mordor (rechts)"."""
    from matches.games.zwei_tuerme.engine.events import SIDES

    return _(SIDES.get(side, side))


@register.filter
def zt_values(captured) -> str:
    """The own beaten orcs' values, "3 + 2 + 0"."""
    return " + ".join(str(t["value"]) for t in captured or [])


@register.filter
def zt_can_jump(hand) -> bool:
    """Whether a card in the hand has the Schattenfell (only then is "Zugart" a choice to offer)."""
    return any(card.get("schattenfell") for card in hand or [])
