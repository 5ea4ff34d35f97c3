"""Card text as data (issue 29, extended by issue 30): each card's text as a short script in a small vocabulary,
read once from ``matches/games/meccg/cardtext/*.toml`` and validated at start-up.

Every entry is one TOML table keyed by the card's id and cites the card's own English text (``text``, checked
against the card data by the tests). An entry is one of four kinds:

- an **event script** (``play`` … or ``modes``): the table carries the card out (``effects.py``);
- a **creature** (``creature = { … }``): the creature's printed text is carried out by the table's combat and
  keying — race, strikes, prowess, keying, detainment come from the card data; ``attacker_chooses`` ("Attacker
  chooses defending characters"), ``wounded_check`` ("each character wounded by … makes a corruption check
  modified by −N") and ``tap_all_after`` ("all untapped characters … are tapped following this attack") here;
- a **static** card (``static = "<reader>"``): an item, ally or faction whose whole text the table reads from
  the card facts (``item`` bonuses with their limits, ``faction`` influence number and standard modifications,
  ``ally`` sites, ``site`` where it is playable); the value names the reader;
- a **proposal** (``proposal = "<German note>"``): a card the vocabulary cannot (yet) express in full; it is
  played as before and its effect proposed to the opponent. The note says what is left to the proposal.

An event script says **when** (``play``), **on what** (``target`` with ``requires``; ``actor``: the own
character who performs it), **what it costs** (``cost``) and **what it does** (``effects``, with a duration in
``until``); a permanent or long event lists what holds while it is in play (``while_in_play``). A card with
several uses lists ``modes``; the play names one (``mode``).

The vocabulary (what the interpreter in ``effects*.py`` carries out):

- ``play``: windows — own phases ``organization``, ``long_event``, ``movement``, ``site``, ``end``
  (``movement`` is, for a hazard, the moving company's movement/hazard phase, within its hazard limit),
  ``any_phase`` (all own phases); in an attack ``attack`` (before strikes are assigned), ``strike`` (before a
  strike resolves), ``body_check``; ``any`` (any phase or window of either player's turn, by the card's holder,
  not against the hazard limit: Twilight). A card played while a chain is open answers in the window the chain
  began in. ``limit = false``: a hazard that does not count against the hazard limit.
- ``target``: ``none``; ``character`` (own for a resource; the moving/attacked company's for a hazard);
  ``attacked``; ``striked``; ``attack``; ``company``; ``card`` (a card in play matching ``requires.card``);
  ``link`` (a card declared earlier in the chain matching ``requires.card``).
- ``requires``: on a character — ``skill``, ``race``, ``not_race``, ``untapped``, ``wounded``, ``unwounded``,
  ``mind_max``, ``bears`` (item subtypes), ``company_size_max``; on the company — ``moving``, ``route_has``
  (region symbols, any), ``route_count`` ({symbol, n}), ``site_type`` (its site, or destination when moving),
  ``alignment`` (of the company's player); on the attack — ``attack_race``, ``attack_card``,
  ``attack_source`` (``creature``/``auto``); on the table — ``in_play``, ``not_in_play`` (card names),
  ``doors_of_night`` (true/false); ``card`` — a filter for ``card``/``link`` targets: ``type``, ``subtype``
  (any), ``environment``, ``name``, ``side`` (``own``/``opponent``).
- ``actor``: requirements for the own character who performs the card (``skill``, ``race``, ``untapped``, …,
  in the company concerned when there is one); ``cost``: ``tap_target``, ``tap_actor``.
- ``effects`` (each ``do``): ``cancel_attack``; ``cancel_strike``; ``no_tap``; ``tap``, ``untap``, ``heal``,
  ``wound`` (the target); ``modify`` (``stat``, ``by``, ``until``); ``halve_strikes``; ``draw`` (``n``);
  ``fetch`` (``from`` sideboard/discard, ``to`` deck/hand, ``kinds``, ``n``: the player picks them with the
  play, ``pick``); ``discard_target`` (a card in play); ``cancel_link`` (a card in the chain);
  ``corruption_check`` (``who`` target/actor, ``by``); ``remove_self`` (out of the game);
  ``hazard_limit`` (``by``: the company's limit this turn); ``protect`` (``what``: ``creatures`` — no hazard
  creature may be played on the company this turn — or ``creature_attacks`` — its hazard creature attacks are
  canceled); ``no_site_phase`` (the company does nothing in its site phase this turn); ``roll`` (2W6 + ``plus``:
  ``mind``/``unused_gi``; below ``below``: ``then`` — ``return_to_hand`` or ``discard_target``);
  ``environment`` (``side``: the environment cards of the other side in play are discarded).
- ``while_in_play`` (permanent and long events): ``attack_bonus`` (``races``, ``prowess``, ``strikes``,
  ``source``; ``doors``: other values while Doors of Night is in play), ``company_stat`` (``stat``, ``by``: each
  character of the company the card is on), ``doors_of_night`` (Doors of Night counts as in play).
- ``until``: ``strike``, ``attack``, ``turn``, ``check`` (used up by the next check of that kind).
- Round 2 (hazards): the creature words, triggers, effects and continuous words documented in
  ``effects_hazards.py`` and ``effects_hazards_events.py`` (docs/meccg.md, "Round 2, hazards").

The engine needs no Django to read them: ``load()`` is called once (the app's ``ready`` and the tests), a
broken file fails at start-up with the card and the place named.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

import jsonschema

from .scripts_schema import OWN_PHASES, SCHEMA

CARDTEXT_DIR = Path(__file__).resolve().parents[1] / "cardtext"
KINDS = ("event", "creature", "static", "proposal")


class ScriptError(ValueError):
    """A card script that does not follow the vocabulary: the file, the card and what is wrong."""


def _normalise_mode(code: str, mode: dict[str, Any]) -> dict[str, Any]:
    mode = dict(mode)
    mode.setdefault("target", "none")
    mode.setdefault("requires", {})
    mode.setdefault("cost", [])
    mode.setdefault("limit", True)
    if "any_phase" in mode["play"]:
        mode["play"] = sorted({*mode["play"], *OWN_PHASES} - {"any_phase"})
    if "tap_target" in mode["cost"] and mode["target"] not in ("character", "attacked", "striked"):
        raise ScriptError(f"{code}: 'tap_target' needs a character target")
    if {"tap_self", "discard_self", "tap_bearer"} & set(mode["cost"]) and "user" not in mode:
        raise ScriptError(f"{code}: 'tap_self', 'discard_self' and 'tap_bearer' are costs of an ability")
    if "tap_actor" in mode["cost"] and "actor" not in mode:
        raise ScriptError(f"{code}: 'tap_actor' needs an 'actor'")
    if mode["target"] in ("card", "link") and "card" not in mode["requires"]:
        raise ScriptError(f"{code}: a '{mode['target']}' target needs 'requires.card'")
    strikes = any(e["do"] == "halve_strikes" or e.get("stat") == "strikes" for e in mode["effects"])
    if strikes and not set(mode["play"]) <= {"attack"}:
        # "Nachdem die Hiebe zugewiesen sind, dürfen keine Karten mehr gespielt werden, die die Anzahl der
        # Hiebe modifizieren."
        raise ScriptError(f"{code}: a change of the number of strikes is played only in the 'attack' window")
    return mode


def _normalise(code: str, raw: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"code": code, "name": raw["name"], "text": raw["text"], "note": raw.get("note", "")}
    # Abilities of the card in play ("Tap to …", "Discard to …"): used with ``use_card``; not against the
    # hazard limit unless the text says so (``limit = true``).
    entry["abilities"] = [
        _normalise_mode(code, {"limit": False, "user": "owner", **ability}) for ability in raw.get("abilities", ())
    ]
    if "proposal" in raw:
        return {**entry, "kind": "proposal", "note": raw["proposal"], "modes": []}
    if "creature" in raw:
        return {**entry, "kind": "creature", "creature": raw["creature"], "modes": []}
    if "static" in raw:
        # an item's influence text (issue 30, round 2): "+2 to direct influence [against factions]", "Cannot be
        # duplicated on a given character" (effects_resources reads them)
        words = (
            "direct_influence",
            "one_per_character",
            "no_wound",
            "ring_test",
            "held_by",
            "not_attacked",
            "discard_if_wounded",
            "one_per_company",
            "company_influence",
            "no_strike_at_site",
            "steed_regions",
            "strike_body",
            "no_stay_penalty",
            "min_prowess",
        )
        item = {word: raw[word] for word in words if word in raw}
        return {**entry, "kind": "static", "static": raw["static"], "modes": [], "item": item}
    skip = ("name", "text", "note", "while_in_play", "abilities", "triggers", "as_creature")
    modes = raw.get("modes") or [{k: v for k, v in raw.items() if k not in skip}]
    out = [_normalise_mode(code, mode) for mode in modes]
    extra = {"while_in_play": raw.get("while_in_play", []), "triggers": raw.get("triggers", [])}
    if "as_creature" in raw:  # a creature/permanent-event card's creature text (effects_hazards)
        extra["as_creature"] = raw["as_creature"]
    return {**entry, "kind": "event", "modes": out, **extra}


def parse(text: str, source: str = "<string>") -> dict[str, dict[str, Any]]:
    """The entries of one TOML document, validated and normalised (an event as a list of modes)."""
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
    """Every entry by card id (read once per process)."""
    scripts: dict[str, dict[str, Any]] = {}
    for path in sorted(directory.glob("*.toml")):
        found = parse(path.read_text(encoding="utf-8"), path.name)
        clash = scripts.keys() & found.keys()
        if clash:
            raise ScriptError(f"{path.name}: scripted twice: {', '.join(sorted(clash))}")
        scripts.update(found)
    return scripts


def entry(code: str) -> dict[str, Any] | None:
    """The entry of a card of any kind (None: not looked at yet)."""
    return load().get(code)


def carried_out(code: str) -> bool:
    """Whether the table carries out the card's whole text."""
    found = load().get(code)
    return bool(found) and found["kind"] != "proposal"


def script(code: str, state: dict | None = None) -> dict[str, Any] | None:
    """The event script of a card; None when it has none (creatures, static cards, proposals) or the match
    carries out no card text (``card_text``)."""
    if state is not None and not state.get("card_text", True):
        return None
    found = load().get(code)
    return found if found and found["kind"] == "event" else None


def abilities(code: str, state: dict | None = None) -> list[dict[str, Any]]:
    """The abilities of a card in play (any kind of entry; none when card text is off)."""
    if state is not None and not state.get("card_text", True):
        return []
    found = load().get(code)
    return found["abilities"] if found else []


def creature(code: str, state: dict | None = None) -> dict[str, Any]:
    """A creature's printed special text the table reads (``{}`` when none or card text is off)."""
    if state is not None and not state.get("card_text", True):
        return {}
    found = load().get(code)
    return found["creature"] if found and found["kind"] == "creature" else {}
