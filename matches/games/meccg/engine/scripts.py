"""Card text as data (issue 29, extended by the card-text issue): each carried-out card's effect as a short
script in a small vocabulary, read once from ``matches/games/meccg/cardtext/*.toml`` and validated.

A script (one TOML table per card, keyed by the card's id) says **when** the card may be played (``play``:
the windows of the move table), **on what** (``target`` with ``requires``), **what it costs** (``cost``) and
**what it does** (``effects``, each with a duration in ``until``). A card with several uses lists ``modes``,
each a script of its own; the play names the one meant (``mode``). Every script cites the card's own text
(``text``, checked against the card data by the tests), so a reader can hold one against the other.

The vocabulary (what the interpreter in ``effects.py`` carries out):

- ``play``: windows — own phases ``organization``, ``long_event``, ``movement``, ``site``, ``end``
  (``movement`` is, for a hazard, the moving company's movement/hazard phase, within its hazard limit),
  ``any_phase`` (all own phases); in an attack ``attack`` (declared, before strikes are assigned),
  ``strike`` (before a strike resolves), ``body_check`` (before a body check). A card played while a chain is
  open is an answer in the window the chain was started in.
- ``target``: ``none``; ``character`` (a character in play on the card's side: own for a resource, the
  moving/attacked company's for a hazard); ``attacked`` (a character of the attacked company); ``striked``
  (the character facing the strike); ``attack`` (the running attack); ``company`` (the company whose phase
  it is, or the attacked one).
- ``requires``: conditions on the target — ``skill``, ``race`` (a list: any of them), ``untapped``,
  ``wounded``; on the attack ``attack_race`` (any of the races) and ``attack_card`` (made by a card whose
  English name begins with one of these: "a manifestation of Smaug"); ``in_play`` (a card of one of these
  English names lies face up on the table).
- ``cost``: ``tap_target`` (the target must be untapped and taps).
- ``effects``: ``cancel_attack``; ``cancel_strike``; ``no_tap`` (the target does not tap against the strike);
  ``tap``, ``untap``, ``heal`` (wounded → untapped and well), ``wound``; ``modify`` with ``stat`` and ``by``:
  a character's ``prowess``, ``body``, ``corruption`` (its corruption checks); the attack's
  ``attack_prowess`` and ``strikes`` (before strikes are assigned); one strike's ``strike_prowess`` and
  ``strike_body`` (the strike being resolved); ``halve_strikes`` (to half of the original number, rounded
  up); ``draw`` with ``n``.
- ``until``: ``strike`` (the end of the strike), ``attack``, ``turn``, ``check`` (used up by the next check
  of that kind, at the latest at the end of the turn).
- ``skill_card``: a resource that needs a skill counts against "pro Hieb nur eine Unterstützungskarte …, die
  einen Beruf erfordert" (set automatically when ``requires.skill`` is given).

The engine needs no Django to read them: ``load()`` is called once (the app's ``ready`` and the tests), a
broken file fails at start-up with the card and the place named.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

import jsonschema

CARDTEXT_DIR = Path(__file__).resolve().parents[1] / "cardtext"

PLAY_WINDOWS = (
    "organization",
    "long_event",
    "movement",
    "site",
    "end",
    "any_phase",
    "attack",
    "strike",
    "body_check",
)
OWN_PHASES = ("organization", "long_event", "movement", "site", "end")
TARGETS = ("none", "character", "attacked", "striked", "attack", "company")
STATS = ("prowess", "body", "corruption", "attack_prowess", "strikes", "strike_prowess", "strike_body")
DURATIONS = ("strike", "attack", "turn", "check")
SKILLS = ("warrior", "scout", "ranger", "sage", "diplomat")
EFFECTS = (
    "cancel_attack",
    "cancel_strike",
    "no_tap",
    "tap",
    "untap",
    "heal",
    "wound",
    "modify",
    "halve_strikes",
    "draw",
)

_WORDS = {"type": "array", "items": {"type": "string"}, "minItems": 1}
_EFFECT = {
    "type": "object",
    "properties": {
        "do": {"enum": list(EFFECTS)},
        "stat": {"enum": list(STATS)},
        "by": {"type": "integer", "minimum": -20, "maximum": 20},
        "until": {"enum": list(DURATIONS)},
        "n": {"type": "integer", "minimum": 1, "maximum": 10},
    },
    "required": ["do"],
    "additionalProperties": False,
    "allOf": [
        {"if": {"properties": {"do": {"const": "modify"}}}, "then": {"required": ["stat", "by", "until"]}},
        {"if": {"properties": {"do": {"const": "draw"}}}, "then": {"required": ["n"]}},
    ],
}
_MODE = {
    "type": "object",
    "properties": {
        "play": {"type": "array", "items": {"enum": list(PLAY_WINDOWS)}, "minItems": 1},
        "target": {"enum": list(TARGETS)},
        "requires": {
            "type": "object",
            "properties": {
                "skill": {"enum": list(SKILLS)},
                "race": _WORDS,
                "untapped": {"type": "boolean"},
                "wounded": {"type": "boolean"},
                "attack_race": _WORDS,
                "attack_card": _WORDS,
                "in_play": _WORDS,
            },
            "additionalProperties": False,
        },
        "cost": {"type": "array", "items": {"enum": ["tap_target"]}},
        "effects": {"type": "array", "items": _EFFECT, "minItems": 1},
    },
    "required": ["play", "effects"],
    "additionalProperties": False,
}
SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "text": {"type": "string", "minLength": 1},
        "modes": {"type": "array", "items": _MODE, "minItems": 1},
        **_MODE["properties"],
    },
    "required": ["name", "text"],
    "additionalProperties": False,
    "oneOf": [{"required": ["modes"], "not": {"required": ["play"]}}, {"required": ["play", "effects"]}],
}


class ScriptError(ValueError):
    """A card script that does not follow the vocabulary: the file, the card and what is wrong."""


def _normalise(code: str, raw: dict[str, Any]) -> dict[str, Any]:
    modes = raw.get("modes") or [{k: v for k, v in raw.items() if k not in ("name", "text")}]
    out = []
    for mode in modes:
        mode = dict(mode)
        mode.setdefault("target", "none")
        mode.setdefault("requires", {})
        mode.setdefault("cost", [])
        if "any_phase" in mode["play"]:
            mode["play"] = sorted({*mode["play"], *OWN_PHASES} - {"any_phase"})
        if "tap_target" in mode["cost"] and mode["target"] in ("none", "attack", "company"):
            raise ScriptError(f"{code}: 'tap_target' needs a character target")
        strikes = any(e["do"] == "halve_strikes" or e.get("stat") == "strikes" for e in mode["effects"])
        if strikes and mode["play"] != ["attack"]:
            # "Nachdem die Hiebe zugewiesen sind, dürfen keine Karten mehr gespielt werden, die die Anzahl der
            # Hiebe modifizieren."
            raise ScriptError(f"{code}: a change of the number of strikes is played only in the 'attack' window")
        out.append(mode)
    return {"code": code, "name": raw["name"], "text": raw["text"], "modes": out}


def parse(text: str, source: str = "<string>") -> dict[str, dict[str, Any]]:
    """The scripts of one TOML document, validated and normalised (every card as a list of modes)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScriptError(f"{source}: {exc}") from exc
    scripts = {}
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for code, raw in data.items():
        errors = sorted(validator.iter_errors(raw), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(p) for p in errors[0].path) or "(card)"
            raise ScriptError(f"{source}: {code}: {where}: {errors[0].message}")
        scripts[code] = _normalise(code, raw)
    return scripts


@functools.cache
def load(directory: Path = CARDTEXT_DIR) -> dict[str, dict[str, Any]]:
    """Every card script by card id (read once per process)."""
    scripts: dict[str, dict[str, Any]] = {}
    for path in sorted(directory.glob("*.toml")):
        found = parse(path.read_text(encoding="utf-8"), path.name)
        clash = scripts.keys() & found.keys()
        if clash:
            raise ScriptError(f"{path.name}: scripted twice: {', '.join(sorted(clash))}")
        scripts.update(found)
    return scripts


def script(code: str, state: dict | None = None) -> dict[str, Any] | None:
    """The script of a card; None when it has none or the match carries out no card text (``card_text``)."""
    if state is not None and not state.get("card_text", True):
        return None
    return load().get(code)
