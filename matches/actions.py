"""Checking an action against its engine's schema (``Engine.action_schema()``, see engine/base.py) before
a move is stored: an unknown type or field, a value of the wrong kind, too long, too many items or too
many bytes is refused with a German message naming the place. Engines without a schema get the byte cap
and the ``type`` check only.

The engine's mini-schema (plain data, engine/base.py) is compiled to a JSON Schema once per action type and
checked with ``jsonschema``; of the errors it finds, the one met first walking the action in its own order is
reported (a field before the fields after it, a list's size before its items), in German."""

from __future__ import annotations

import functools
import json
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from jsonschema import Draft202012Validator, ValidationError, validators

from .errors import MatchError

# Bytes of the action as compact UTF-8 JSON: the default, and the most any engine may allow.
MAX_ACTION_BYTES = 2048
MAX_ACTION_BYTES_CEILING = 16384
MAX_DEPTH = 8

_KIND_NAMES = {  # by JSON Schema type; translated where they are used
    "string": gettext_noop("ein Text"),
    "integer": gettext_noop("eine ganze Zahl"),
    "boolean": gettext_noop("true oder false"),
    "null": "null",
    "array": gettext_noop("eine Liste"),
    "object": gettext_noop("ein JSON-Objekt"),
}
_JSON_TYPES = {"str": "string", "int": "integer", "bool": "boolean", "null": "null", "list": "array"}
_TOO_DEEP = {"not": {}}  # a place deeper than MAX_DEPTH: nothing fits there

# JSON Schema counts 1.0 as an integer; a move's numbers are Python ints (and never booleans).
_Validator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    ),
)


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
    fields = {k: v for k, v in action.items() if k != "type"}
    validator = _validator(json.dumps(types[kind], sort_keys=True))
    errors = list(validator.iter_errors(fields))
    if errors:
        raise _message(min(errors, key=functools.partial(_position, _order(fields))), validator.schema)


@functools.lru_cache(maxsize=512)
def _validator(fields_spec: str) -> Draft202012Validator:
    """The JSON Schema of one action type's fields (the spec as JSON text: the cache's key)."""
    return _Validator(_fields_schema(json.loads(fields_spec), 0))


def _fields_schema(fields: dict, depth: int) -> dict:
    properties = {name: _compile(spec, depth + 1) for name, spec in fields.items()}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _compile(spec: dict, depth: int) -> dict:
    """One mini-schema spec (engine/base.py) as JSON Schema; ``depth``: the place's nesting in the action."""
    if depth > MAX_DEPTH:
        return _TOO_DEEP
    kind = spec["kind"]
    if kind == "any_of":
        return {"anyOf": [_compile(option, depth) for option in spec["options"]]}
    if kind == "object":
        return _fields_schema(spec["fields"], depth)
    if kind == "map":
        return {
            "type": "object",
            "additionalProperties": _compile(spec["values"], depth + 1),
            "maxProperties": spec["max_items"],
            "propertyNames": {"maxLength": spec["key_length"]},
        }
    compiled: dict[str, Any] = {"type": _JSON_TYPES[kind]}
    if kind == "str":
        compiled["maxLength"] = spec["max_length"]
    elif kind == "int":
        compiled.update(minimum=spec["min"], maximum=spec["max"])
    elif kind == "list":
        compiled.update(items=_compile(spec["items"], depth + 1), maxItems=spec["max_items"])
    return compiled


def _order(value: Any, path: tuple = ()) -> dict[tuple, int]:
    """Every place in the action (its path) → its rank in a depth-first walk in the action's own order."""
    ranks = {path: 0}
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in children:
        for place in _order(item, (*path, key)):
            ranks[place] = len(ranks)
    return ranks


# Of the errors at one place: what the walk checks first (an unknown name, the depth, the kind, then sizes).
_STEP = {"additionalProperties": 0, "not": 1, "type": 2, "anyOf": 2}


def _position(ranks: dict[tuple, int], error: ValidationError) -> tuple[int, int]:
    return ranks.get(_place(error), len(ranks)), _STEP.get(error.validator, 3)


def _place(error: ValidationError) -> tuple:
    """The path of the place an error is reported at (an unknown field: its own, not its object's)."""
    path = tuple(error.path)
    if error.validator == "additionalProperties":
        known = error.schema.get("properties", {})
        return (*path, next(name for name in error.instance if name not in known))
    return path


def _where(path: tuple, schema: dict) -> str:
    """``action.field[2].key``: object fields by name, list items by index, a map's keys cut to 40."""
    where = "action"
    for key in path:
        if isinstance(key, int):
            where, schema = f"{where}[{key}]", schema.get("items", {})
        elif "properties" in schema:
            where, schema = f"{where}.{key}", schema["properties"].get(key, {})
        else:
            where, schema = f"{where}.{key[:40]}", schema.get("additionalProperties", {})
    return where


def _message(error: ValidationError, root: dict) -> MatchError:
    path = _place(error)
    where = _where(path, root)
    check, at = error.validator, error.schema
    if check == "additionalProperties":
        allowed = ", ".join(sorted(at.get("properties", {}))) or _("keine")
        place = where[:80]
        return _refuse(
            "action_field_unknown",
            _("Unbekanntes Feld „%(field)s“ im Zug. Erlaubt: %(allowed)s.") % {"field": place, "allowed": allowed},
            place,
        )
    if check == "not":
        return _refuse(
            "action_too_deep", _("Der Zug ist zu tief verschachtelt (bei „%(field)s“).") % {"field": where}, where
        )
    if check == "anyOf":
        names = _(" oder ").join(_(_KIND_NAMES[o["type"]]) for o in at["anyOf"] if o.get("type") in _KIND_NAMES)
        return _refuse(
            "action_field_type",
            _("„%(field)s“ muss %(kind)s sein (oder ist zu lang).") % {"field": where, "kind": names},
            where,
        )
    if check == "type":
        return _refuse(
            "action_field_type",
            _("„%(field)s“ muss %(kind)s sein.") % {"field": where, "kind": _(_KIND_NAMES[at["type"]])},
            where,
        )
    return _size_message(error, where, root)


def _size_message(error: ValidationError, where: str, root: dict) -> MatchError:
    check, at, value = error.validator, error.schema, error.instance
    if check == "maxLength" and "propertyNames" not in error.absolute_schema_path:
        return _refuse(
            "action_field_too_long",
            _("„%(field)s“ ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
            % {"field": where, "length": len(value), "max": at["maxLength"]},
            where,
        )
    if check in ("minimum", "maximum"):
        return _refuse(
            "action_field_range",
            _("„%(field)s“ muss zwischen %(min)d und %(max)d liegen.")
            % {"field": where, "min": at["minimum"], "max": at["maximum"]},
            where,
        )
    if check == "maxItems":
        return _refuse(
            "action_field_too_long",
            _("„%(field)s“ hat zu viele Einträge (%(count)d, höchstens %(max)d).")
            % {"field": where, "count": len(value), "max": at["maxItems"]},
            where,
        )
    # a map: too many entries (maxProperties) or a key too long (propertyNames)
    limit = at["maxProperties"] if check == "maxProperties" else _map_limit(root, error.absolute_schema_path)
    return _refuse(
        "action_field_too_long",
        _("„%(field)s“ hat zu viele oder zu lange Einträge (höchstens %(max)d).") % {"field": where, "max": limit},
        where,
    )


def _map_limit(root: dict, schema_path) -> int:
    """The most entries of the map whose key an error of its ``propertyNames`` found too long."""
    schema: Any = root
    for step in list(schema_path)[:-2]:  # down to the map: its path without "propertyNames", "maxLength"
        schema = schema[step]
    return schema["maxProperties"]
