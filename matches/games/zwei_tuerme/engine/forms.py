"""``parse_form``: the no-JavaScript move form (typed fields) as an action."""

from __future__ import annotations

import re

from matches.engine.base import Action, IllegalAction, gettext_noop

_PAIR = re.compile(r"(\d+)\s*[,/]\s*(\d+)")
# between two fields: spaces, dashes, arrows, semicolons
_SEPARATOR = re.compile(r"^[\s\-–—>→;|]*$")


def parse_path(text: str) -> list[list[int]]:
    """``"5,3 5,4 4,4"`` or ``"5/3 – 5/4"`` as ``[[5, 3], [5, 4], [4, 4]]``; German error on bad input."""
    text = (text or "").strip()
    fields = []
    position = 0
    for match in _PAIR.finditer(text):
        between = text[position : match.start()]
        if not _SEPARATOR.match(between):
            raise IllegalAction(
                "path_syntax",
                gettext_noop(
                    "Der Weg ist nicht lesbar bei „%(part)s“ (Zeichen %(at)s): "
                    "erwartet werden Felder wie „5,3 5,4“ oder „5/3 – 5/4“."
                ),
                part=between.strip(),
                at=position + 1,
            )
        fields.append([int(match.group(1)), int(match.group(2))])
        position = match.end()
    rest = text[position:]
    if not _SEPARATOR.match(rest):
        raise IllegalAction(
            "path_syntax",
            gettext_noop(
                "Der Weg ist nicht lesbar bei „%(part)s“ (Zeichen %(at)s): "
                "erwartet werden Felder wie „5,3 5,4“ oder „5/3 – 5/4“."
            ),
            part=rest.strip(),
            at=position + 1,
        )
    return fields


def parse_form(fields: dict[str, str]) -> Action:
    """The action typed in the move form.

    Fields: ``type`` (``move``, ``jump`` or ``place``; default ``move``), ``card`` (hero card id),
    ``figure`` (``0``/``1``, two-player games), ``path`` (typed fields; for a jump or a placement
    the one target field, also accepted in ``to``).
    """
    kind = (fields.get("type") or "move").strip()
    if kind not in ("move", "jump", "place"):
        raise IllegalAction(
            "action_type",
            gettext_noop("Unbekannte Zugart „%(type)s“; möglich sind place, move und jump."),
            type=kind,
        )
    path = parse_path(fields.get("path") or fields.get("to") or "")
    action: Action = {"type": kind}
    if kind in ("jump", "place"):
        if len(path) != 1:
            raise IllegalAction(
                "target_count",
                gettext_noop("Für einen Sprung oder das Aufstellen gib genau ein Zielfeld an (z. B. „5,3“)."),
            )
        action["to"] = path[0]
    else:
        action["path"] = path
    if kind != "place":
        card = (fields.get("card") or "").strip()
        if not card:
            raise IllegalAction("card_missing", gettext_noop("Wähle eine Heldenkarte aus."))
        action["card"] = card
        figure = (fields.get("figure") or "").strip()
        if figure:
            if not figure.isdigit():
                raise IllegalAction(
                    "figure_unknown",
                    gettext_noop("Die Figur muss eine Zahl sein (0 oder 1), nicht „%(figure)s“."),
                    figure=figure,
                )
            action["figure"] = int(figure)
    return action
