"""Form fields of the no-JavaScript page: strings in, the engine's action out (no rules here)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import Action, IllegalAction, gettext_noop

INT_FIELDS = ("prowess", "body", "support", "modifier", "points")
TEXT_FIELDS = ("card", "character", "company", "site", "kind", "to", "under")


def parse(fields: dict[str, Any]) -> Action:
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
