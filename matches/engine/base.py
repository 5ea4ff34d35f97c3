"""The engine protocol: plain data in, plain data out, no Django.

A *state* is a JSON-serialisable dict (it is stored in ``Match.state``), an *action* a JSON dict
sent by a client (``{"type": ...}`` plus fields), an *event* a :class:`Event`. ``apply`` never
mutates the state it is given: it returns a new one, or raises :class:`IllegalAction` and the
caller keeps the old state.

German texts are marked with :func:`gettext_noop` so that ``makemessages`` collects them; the
framework translates them when it renders (``Text.render(gettext)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
Action = dict[str, Any]


def gettext_noop(text: str) -> str:
    """Marks a German text for the catalogue; the framework translates it when it renders."""
    return text


def seat_label(seat: Any, names: dict[int, str], translate=lambda s: s) -> str:
    if isinstance(seat, int) and seat in names:
        return names[seat]
    return translate("Platz %(n)s") % {"n": seat + 1 if isinstance(seat, int) else seat}


# Parameters whose value is itself a marked German word (``color``, ``partner_color``, ``side``): the
# reader gets it in their language.
TRANSLATED_PARAMS = ("color", "side")


def is_text_json(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("template"), str)


def with_names(params: dict[str, Any], names: dict[int, str], translate=lambda s: s, ntranslate=None) -> dict[str, Any]:
    """Engines pass seat numbers, the reader sees names: ``seat`` → ``player``, ``X_seat`` → ``X_player``,
    a list ``X_seats`` → ``X_players`` (joined by commas). Seats without a name read "Platz N".

    A parameter may itself be a text (``Text(...).to_json()``, e.g. a marked word or a list of modifiers with
    their own numbers): it is rendered in the reader's language too; a list of texts is joined by commas."""
    params = dict(params)
    for key, value in list(params.items()):
        if is_text_json(value):
            params[key] = Text.from_json(value).render(translate, names, ntranslate)
        elif isinstance(value, list) and value and all(is_text_json(v) for v in value):
            params[key] = ", ".join(Text.from_json(v).render(translate, names, ntranslate) for v in value)
        if key.endswith(TRANSLATED_PARAMS) and isinstance(value, str):
            params[key] = translate(value)  # a marked word (gettext_noop), e.g. a seat's colour
        if key == "seat":
            params["player"] = seat_label(value, names, translate)
        elif key.endswith("_seat"):
            params[key[: -len("seat")] + "player"] = seat_label(value, names, translate)
        elif key.endswith("_seats") and isinstance(value, list):
            joined = ", ".join(seat_label(s, names, translate) for s in value)
            params[key[: -len("seats")] + "players"] = joined or translate("niemand")
    return params


@dataclass(frozen=True)
class Text:
    """A German template with ``%(name)s`` parameters, rendered late in the reader's language.

    A text that prints a count names its plural form and the parameter that holds the count
    (``Text("%(count)s Ork", {"count": n}, plural="%(count)s Orks", count="count")``); the framework
    renders it through ``ngettext`` so that every language gets its own plural forms."""

    template: str
    params: dict[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: str | None = None

    def render(self, translate=lambda s: s, names: dict[int, str] | None = None, ntranslate=None) -> str:
        """The text in the reader's language. Seat parameters get player names (see ``with_names``)."""
        if self.plural is not None:
            n = self.params.get(self.count or "count", 0)
            n = n if isinstance(n, int) else 0
            if ntranslate is not None:
                text = ntranslate(self.template, self.plural, n)
            else:
                text = translate(self.template if n == 1 else self.plural)
        else:
            text = translate(self.template)
        return text % with_names(self.params, names or {}, translate, ntranslate) if self.params else text

    def to_json(self) -> dict[str, Any]:
        data = {"template": self.template, "params": dict(self.params)}
        if self.plural is not None:
            data["plural"], data["count"] = self.plural, self.count or "count"
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Text:
        return cls(data["template"], dict(data.get("params") or {}), data.get("plural"), data.get("count"))


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Marks a German singular/plural pair for the catalogue (``Text(*pair, ...)`` takes them apart)."""
    return singular, plural


def counted(forms: tuple[str, str], count_key: str = "count", **params: Any) -> Text:
    """A text with a plural: ``counted(ngettext_noop("%(count)s Ork", "%(count)s Orks"), count=n)``."""
    return Text(forms[0], params, plural=forms[1], count=count_key)


class IllegalAction(Exception):
    """The action is not allowed now. ``code`` is stable for clients, ``message`` is German."""

    def __init__(self, code: str, message: str, *, plural_form: str | None = None, count_key: str = "count", **params):
        """``plural_form``: the message's plural (chosen by the parameter ``count_key`` through ngettext)."""
        self.code = code
        self.text = Text(message, params, plural=plural_form, count=count_key if plural_form else None)
        super().__init__(f"{code}: {self.text.render()}")


@dataclass
class Event:
    """What happened: a public text for everyone, private texts per seat, structured data."""

    public: Text
    private: dict[int, Text] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    """The end of a match. ``winners`` may be empty (everyone lost); ``scores`` per seat."""

    winners: list[int]
    reason: Text
    scores: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason.to_json(),
            "scores": {str(seat): score for seat, score in self.scores.items()},
        }


# --- action schemas ------------------------------------------------------------------------------------
# ``Engine.action_schema()`` (optional) describes the actions an engine accepts, as plain data:
#     {"max_bytes": 2048, "types": {"<type>": {"<field>": <spec>, ...}, ...}}
# A spec is one of the dicts the helpers below build. The framework (matches/actions.py) refuses,
# before a move is stored, an unknown type, an unknown field, a value of the wrong kind and anything
# too long or too big; whether the action is legal stays the engine's business (``apply``).


def Str(max_length: int = 100) -> dict[str, Any]:
    return {"kind": "str", "max_length": max_length}


def Int(low: int = -(2**31), high: int = 2**31 - 1) -> dict[str, Any]:
    return {"kind": "int", "min": low, "max": high}


def Bool() -> dict[str, Any]:
    return {"kind": "bool"}


def Null() -> dict[str, Any]:
    return {"kind": "null"}


def List(items: dict[str, Any], max_items: int = 50) -> dict[str, Any]:
    return {"kind": "list", "items": items, "max_items": max_items}


def Obj(fields: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "object", "fields": fields}


def Map(values: dict[str, Any], max_items: int = 50, key_length: int = 60) -> dict[str, Any]:
    """An object with keys of the sender's choosing (e.g. card ids), each value of one kind."""
    return {"kind": "map", "values": values, "max_items": max_items, "key_length": key_length}


def AnyOf(*options: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "any_of", "options": list(options)}


class Engine(Protocol):
    slug: str
    name: str  # German, marked with gettext_noop
    min_players: int
    max_players: int

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A new game for seats ``0 .. players-1``; raises IllegalAction for bad options."""

    def current_seats(self, state: State) -> list[int]:
        """The seats that may act now (empty once the game is over)."""

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Actions ``seat`` may send now; may be a summary where the list would be huge."""

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The new state and what happened; raises IllegalAction and leaves ``state`` untouched."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator). Never the generator or others' secrets."""

    def result(self, state: State) -> Result | None:
        """The result once the game is over, else None."""

    def default_action(self, state: State, seat: int) -> Action:
        """A deterministic legal action for a seat whose time ran out."""

    # Optional: def action_schema(self) -> dict[str, Any]  (see "action schemas" above)
