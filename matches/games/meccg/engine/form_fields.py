"""Form fields of the no-JavaScript page: strings in, the engine's action out (no rules here)."""

from __future__ import annotations

import json
from typing import Any

from matches.engine.base import Action, IllegalAction, gettext_noop

INT_FIELDS = ("prowess", "body", "support", "modifier", "points")
TEXT_FIELDS = ("card", "character", "company", "site", "kind", "to", "under")


def parse(fields: dict[str, Any]) -> Action:
    if isinstance(fields.get("base"), str):
        return _filled(fields)
    kind = fields.get("type")
    if not isinstance(kind, str) or not kind:
        raise IllegalAction("bad_action", gettext_noop("Die Aktion muss ein Objekt mit „type“ sein."))
    action: dict[str, Any] = {"type": kind}
    for name in TEXT_FIELDS:
        value = fields.get(name)
        if isinstance(value, str) and value.strip():
            action[name] = value.strip()
    for name in INT_FIELDS:
        value = fields.get(name)
        if isinstance(value, str) and value.strip():
            try:
                action[name] = int(value)
            except ValueError as exc:
                raise IllegalAction(
                    "bad_number", gettext_noop("„%(field)s“ muss eine ganze Zahl sein."), field=name
                ) from exc
    if kind == "roll" and isinstance(fields.get("number"), str) and fields["number"].strip():
        try:
            action["target"] = int(fields["number"])
        except ValueError as exc:
            raise IllegalAction(
                "bad_number", gettext_noop("„%(field)s“ muss eine ganze Zahl sein."), field="number"
            ) from exc
    if isinstance(fields.get("route"), str) and fields["route"].strip():
        action["route"] = [part.strip() for part in fields["route"].split(",") if part.strip()]
    if fields.get("target_kind"):
        action["target"] = {"kind": fields["target_kind"], "id": fields.get("target_id") or None}
    for flag in ("stay_untapped", "shuffle", "empty"):
        if fields.get(flag):
            action[flag] = True
    if kind == "answer":
        action["accept"] = fields.get("accept") in ("1", "true", "ja")
    if kind == "propose":
        action["change"] = _change(fields)
        if isinstance(fields.get("note"), str):
            action["note"] = fields["note"].strip()
    return action


def _change(fields: dict[str, Any]) -> dict[str, Any]:
    """``change_type``, ``change_card``, ``change_to``, ``change_count``, ``change_stat``, ``change_value``."""
    change: dict[str, Any] = {}
    for name in ("type", "card", "to", "stat"):
        value = fields.get(f"change_{name}")
        if isinstance(value, str) and value.strip():
            change[name] = value.strip()
    for name in ("count", "value"):
        value = fields.get(f"change_{name}")
        if isinstance(value, str) and value.strip():
            try:
                change[name] = int(value)
            except ValueError as exc:
                raise IllegalAction(
                    "bad_number", gettext_noop("„%(field)s“ muss eine ganze Zahl sein."), field=name
                ) from exc
    return change


def _json(raw: str, field: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise IllegalAction("bad_field", gettext_noop("„%(field)s“ ist kein gültiger Wert."), field=field) from exc


def _filled(fields: dict[str, Any]) -> Action:
    """A move with a form (issue 31, offers.py): ``base`` is the move as listed (JSON), the form's fields come as
    ``f_<name>`` (one JSON value; of several — a flag's hidden default and its box — the last), ``s_<name>`` (a JSON
    object whose fields go into the move), ``l_<name>`` (a list of JSON values: ticked boxes, in the order given; an
    ``e_<name>`` marks the list so that nothing ticked is an empty list) and ``c_<name>__<key>`` (a number per key)."""
    action = _json(fields["base"], "base")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("bad_action", gettext_noop("Die Aktion muss ein Objekt mit „type“ sein."))
    for key, raw in fields.items():
        values = raw if isinstance(raw, list) else [raw]
        if key.startswith("f_") and values:
            action[key[2:]] = _json(values[-1], key[2:])
        elif key.startswith("s_") and values:
            value = _json(values[-1], key[2:])
            if isinstance(value, dict):
                action.update(value)  # a choice whose value fills several fields (a destination: site and kind)
        elif key.startswith("l_"):
            action[key[2:]] = [_json(v, key[2:]) for v in values if v != ""]
        elif key.startswith("c_") and "__" in key:
            name, _sep, item = key[2:].partition("__")
            number = _json(values[-1] or "0", name)
            if not isinstance(number, int) or isinstance(number, bool):
                raise IllegalAction("bad_number", gettext_noop("„%(field)s“ muss eine ganze Zahl sein."), field=name)
            if number:
                action.setdefault(name, {})[item] = number
    for key in [k for k in fields if k.startswith("e_")]:
        action.setdefault(key[2:], [])  # a pick field with nothing ticked is an empty list
    return action
