"""A scripted card resolves (issues 29, 30): each effect of its mode (or ability) through the handler tables of
``effects_apply`` and ``effects_more``, logged in the reader's language with its duration."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from matches.engine.base import Event, State, Text, gettext_noop

from . import scripts
from . import state as st
from .effects_apply import APPLY_HANDLERS, _modify
from .effects_hazards import HAZARD_HANDLERS
from .effects_more import MORE_HANDLERS
from .effects_resources import RESOURCE_HANDLERS

if TYPE_CHECKING:
    from .shared import Table

HANDLERS = {**APPLY_HANDLERS, **MORE_HANDLERS, **HAZARD_HANDLERS, **RESOURCE_HANDLERS}


def _log(events: list[Event], template: str, **params: Any) -> None:
    events.append(Event(Text(template, params), data={"kind": "log"}))


def _target_gone(state: State, link: dict) -> bool:
    target = link["target"]
    if target["kind"] in ("character", "card"):
        return state["inst"].get(target["id"], {}).get("zone") != "play"
    if target["kind"] == "company":
        return st.company(state, target["id"]) is None
    if target["kind"] == "link":
        return not any(other["card"] == target["id"] for other in state["chain"])
    return False


def resolve(ops: Table, state: State, link: dict, events: list[Event]) -> None:
    """The scripted card of ``link`` takes effect (``ops``: the engine's declared steps)."""
    info = st.info(state, link["card"])
    if "ability" in link:
        mode = scripts.abilities(info["code"])[link["ability"]]
    else:
        mode = scripts.script(info["code"])["modes"][link["script"]]
    if _target_gone(state, link):
        _log(
            events,
            gettext_noop("%(card)s bleibt ohne Wirkung: das Ziel ist nicht mehr im Spiel."),
            card=info["name_de"],
        )
        return
    done = []
    for effect in mode["effects"]:
        text = _apply(ops, state, link, info, effect, events)
        if text:
            done.append(text)
    if done:
        _log(events, gettext_noop("%(card)s wirkt: %(effects)s."), card=info["name_de"], effects=done)


def _apply(ops: Table, state: State, link: dict, info: dict, effect: dict, events: list[Event]) -> dict | None:
    kind = effect["do"]
    handler = HANDLERS.get(kind)
    if handler is not None:
        return handler(ops, state, link, info, effect, events)
    return _modify(state, link, info, effect)
