"""Checking an action against its engine's schema (``Engine.action_schema()``, see engine/base.py) before
a move is stored: an unknown type or field, a value of the wrong kind, too long, too many items or too
many bytes is refused with a German message naming the place. Engines without a schema get the byte cap
and the ``type`` check only."""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .errors import MatchError

# Bytes of the action as compact UTF-8 JSON: the default, and the most any engine may allow.
MAX_ACTION_BYTES = 2048
MAX_ACTION_BYTES_CEILING = 16384
MAX_DEPTH = 8

_KIND_NAMES = {  # translated where they are used
    "str": gettext_noop("ein Text"),
    "int": gettext_noop("eine ganze Zahl"),
    "bool": gettext_noop("true oder false"),
    "null": "null",
    "list": gettext_noop("eine Liste"),
    "object": gettext_noop("ein JSON-Objekt"),
    "map": gettext_noop("ein JSON-Objekt"),
}


def _refuse(code: str, message: str, where: str) -> MatchError:
    return MatchError(code, message, {"field": where})


def check(engine, action: Any) -> None:
    """Raise MatchError (400) unless ``action`` fits ``engine``'s schema and the byte cap."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise _refuse("action_invalid", _("Ein Zug muss ein JSON-Objekt mit dem Feld „type“ sein."), "action")
    schema = engine.action_schema() if hasattr(engine, "action_schema") else {}
    limit = min(int(schema.get("max_bytes") or MAX_ACTION_BYTES), MAX_ACTION_BYTES_CEILING)
    size = len(json.dumps(action, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass"))
    if size > limit:
        raise MatchError(
            "action_too_large",
            _("Der Zug ist zu groß (%(size)d Bytes, höchstens %(limit)d).") % {"size": size, "limit": limit},
            {"field": "action", "size": size, "limit": limit},
        )
    types = schema.get("types")
    if not types:
        return
    kind = action["type"]
    if kind not in types:
        raise _refuse(
            "action_type_unknown",
            _("Unbekannte Zugart „%(type)s“. Möglich: %(choices)s.")
            % {"type": kind[:40], "choices": ", ".join(sorted(types))},
            "action.type",
        )
    _check_fields(types[kind], {k: v for k, v in action.items() if k != "type"}, "action", 0)


def _check_fields(fields: dict, value: dict, where: str, depth: int) -> None:
    for name, item in value.items():
        place = f"{where}.{name}"
        if name not in fields:
            allowed = ", ".join(sorted(fields)) or _("keine")
            raise _refuse(
                "action_field_unknown",
                _("Unbekanntes Feld „%(field)s“ im Zug. Erlaubt: %(allowed)s.")
                % {"field": place[:80], "allowed": allowed},
                place[:80],
            )
        _check_value(fields[name], item, place, depth + 1)


def _check_value(spec: dict, value: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise _refuse(
            "action_too_deep", _("Der Zug ist zu tief verschachtelt (bei „%(field)s“).") % {"field": where}, where
        )
    kind = spec["kind"]
    if kind == "any_of":
        for option in spec["options"]:
            try:
                _check_value(option, value, where, depth)
            except MatchError:
                continue
            return
        names = _(" oder ").join(_(_KIND_NAMES[o["kind"]]) for o in spec["options"] if o["kind"] in _KIND_NAMES)
        raise _refuse(
            "action_field_type",
            _("„%(field)s“ muss %(kind)s sein (oder ist zu lang).") % {"field": where, "kind": names},
            where,
        )
    if not _is_kind(kind, value):
        raise _refuse(
            "action_field_type",
            _("„%(field)s“ muss %(kind)s sein.") % {"field": where, "kind": _(_KIND_NAMES[kind])},
            where,
        )
    if kind == "str" and len(value) > spec["max_length"]:
        raise _refuse(
            "action_field_too_long",
            _("„%(field)s“ ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
            % {"field": where, "length": len(value), "max": spec["max_length"]},
            where,
        )
    if kind == "int" and not spec["min"] <= value <= spec["max"]:
        raise _refuse(
            "action_field_range",
            _("„%(field)s“ muss zwischen %(min)d und %(max)d liegen.")
            % {"field": where, "min": spec["min"], "max": spec["max"]},
            where,
        )
    if kind == "list":
        if len(value) > spec["max_items"]:
            raise _refuse(
                "action_field_too_long",
                _("„%(field)s“ hat zu viele Einträge (%(count)d, höchstens %(max)d).")
                % {"field": where, "count": len(value), "max": spec["max_items"]},
                where,
            )
        for index, item in enumerate(value):
            _check_value(spec["items"], item, f"{where}[{index}]", depth + 1)
    if kind == "object":
        _check_fields(spec["fields"], value, where, depth)
    if kind == "map":
        if len(value) > spec["max_items"] or any(len(k) > spec["key_length"] for k in value):
            raise _refuse(
                "action_field_too_long",
                _("„%(field)s“ hat zu viele oder zu lange Einträge (höchstens %(max)d).")
                % {"field": where, "max": spec["max_items"]},
                where,
            )
        for key, item in value.items():
            _check_value(spec["values"], item, f"{where}.{key[:40]}", depth + 1)


def _is_kind(kind: str, value: Any) -> bool:
    if kind == "str":
        return isinstance(value, str)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if kind == "list":
        return isinstance(value, list)
    if kind in ("object", "map"):
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    return False
