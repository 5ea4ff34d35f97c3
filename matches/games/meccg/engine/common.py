"""Small checks and helpers every part of the engine uses."""

from __future__ import annotations

from collections.abc import Callable

from matches.engine import rng
from matches.engine.base import Event, IllegalAction, State, Text, counted, gettext_noop

from . import state as st
from .cardinfo import avatar_kind, key

PHASES = ("untap", "organization", "long_event", "movement", "site", "end")
PHASE_NAMES = {
    "untap": gettext_noop("Enttapphase"),
    "organization": gettext_noop("Organisationsphase"),
    "long_event": gettext_noop("Langfristige-Ereignisse-Phase"),
    "movement": gettext_noop("Bewegungs-/Gefahrenphase"),
    "site": gettext_noop("Ortsphase"),
    "end": gettext_noop("Abschlussphase"),
}
ALIGNMENTS = {"hero": "hero", "minion": "minion", "fallen-wizard": "fallen-wizard", "balrog": "balrog"}
# Starting sites by alignment (Spielvorbereitung, Startort(e)); fallen wizard: also any ruin ({R}) in
# Rhudaur or Arthedain.
STARTING_SITES = {
    "hero": ["Rivendell"],
    "minion": ["Minas Morgul", "Dol Guldur"],
    "fallen-wizard": ["The White Towers"],
    "balrog": ["Moria", "The Under-gates"],
}
FW_RUIN_REGIONS = {key("Rhudaur"), key("Arthedain")}
# Card alignments whose sites a player's companies use ("Orte": each alignment its own site cards).
SITE_ALIGNMENT = {"hero": "Hero", "minion": "Minion", "fallen-wizard": "Fallen-wizard", "balrog": "Balrog"}
ZONE_NAMES = {
    "hand": gettext_noop("Hand"),
    "deck": gettext_noop("Spielstapel"),
    "discard": gettext_noop("Abwurfstapel"),
    "sideboard": gettext_noop("Reservestapel"),
    "mp": gettext_noop("Siegpunktstapel"),
    "out": gettext_noop("aus dem Spiel"),
}
COUNCIL_POINTS = 25
SHARED_KEYS = ("cards", "regions")
MAX_STARTING_ITEMS = 2
MAX_DECK_CHARACTERS = 10

DeckChecker = Callable[[dict, str], list[str]]


def _no_check(deck: dict, opponent_alignment: str) -> list[str]:
    return []


def _text(template: str, **params) -> Text:
    return Text(template, params)


def part(template: str, **params) -> dict:
    """A piece of a log text in the reader's language: a marked German template (``gettext_noop``) with its
    own parameters, passed as a parameter of another text (``base.with_names`` renders it; a list of parts
    is joined by commas)."""
    return Text(template, params).to_json()


def region_name(state: State, name: str) -> str:
    """A region by its German name where the card data has one (states from before issue 31: the English)."""
    return (state.get("regions") or {}).get(name, {}).get("name_de") or name


def signed(value: int) -> str:
    """+2, −1, ±0: a modifier as the log prints it (no words, the same in every language)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"


class Base:
    @staticmethod
    def _stage(state: State, *stages: str) -> None:
        if state["stage"] not in stages:
            raise IllegalAction("wrong_stage", gettext_noop("Das ist in diesem Abschnitt der Partie nicht möglich."))

    def _own(self, state: State, seat: int, iid, zone: str | None = None, what: str = "card") -> str:
        if not isinstance(iid, str) or iid not in state["inst"]:
            raise IllegalAction("unknown_card", gettext_noop("Diese Karte gibt es in der Partie nicht."))
        inst = state["inst"][iid]
        if inst["owner"] != seat:
            raise IllegalAction("not_yours", gettext_noop("Das ist nicht deine Karte."))
        if zone and inst["zone"] != zone:
            raise IllegalAction(
                "wrong_zone",
                gettext_noop("%(card)s liegt nicht dort, wo es diese Aktion verlangt (%(zone)s)."),
                card=st.info(state, iid)["name_de"],
                zone=part(ZONE_NAMES.get(zone, zone)),
            )
        return iid

    def _own_character(self, state: State, seat: int, iid) -> str:
        self._own(state, seat, iid, "play")
        if not st.company_of(state, iid):
            raise IllegalAction("not_character", gettext_noop("Das ist kein Charakter in einer deiner Gemeinschaften."))
        return iid

    def _require_active(self, state: State, seat: int, *phases: str) -> dict:
        self._stage(state, "play")
        turn = state["turn"]
        if seat != turn["active"]:
            raise IllegalAction("not_your_turn", gettext_noop("Du bist nicht am Zug."))
        if phases and turn["phase"] not in phases:
            raise IllegalAction(
                "wrong_phase",
                gettext_noop("Das ist in der %(phase)s nicht erlaubt."),
                phase=part(PHASE_NAMES[turn["phase"]]),
            )
        self._no_chain(state)
        self._no_trim(state)
        return turn

    @staticmethod
    def _no_chain(state: State) -> None:
        if state["chain"]:
            raise IllegalAction(
                "chain_open",
                gettext_noop("Erst muss die laufende Kette abgehandelt werden: Karte als Antwort spielen oder passen."),
            )

    @staticmethod
    def _no_trim(state: State) -> None:
        if state["turn"] and state["turn"].get("trim") and any(len(p["hand"]) > st.HAND_SIZE for p in state["players"]):
            raise IllegalAction("trim_first", gettext_noop("Erst müssen alle Hände auf acht Karten abgeworfen werden."))

    def _current_company(self, state: State) -> dict | None:
        turn = state["turn"]
        if not turn or turn["phase"] not in ("movement", "site") or turn.get("company") is None:
            return None
        return st.company(state, turn["company"])

    def _log(self, events: list[Event], template: str, seat: int | None = None, **params) -> None:
        if seat is not None:
            params["seat"] = seat  # the framework shows the seat's player name (base.with_names)
        events.append(Event(_text(template, **params), data={"kind": "log"}))

    @staticmethod
    def _name(state: State, iid: str) -> str:
        return st.info(state, iid)["name_de"]

    def _company_label(self, state: State, group: dict) -> str:
        """The company's characters, as the subject of a log line (its verb agrees: ``_log_company``)."""
        names = [st.info(state, i)["name_de"] for i in group["chars"]]
        return ", ".join(names) or group["id"]

    def _company_name(self, state: State, group: dict | None) -> dict | str:
        """ "Aragorn II in Bruchtal": a company named by its leading character (the avatar, else the highest mind)
        and its site, as players name it (issue 31) — for buttons and the board, never its id."""
        if group is None:
            return "–"
        chars = group["chars"]
        site = st.info(state, group["site"])["name_de"] if group["site"] else "–"
        if not chars:
            return part(gettext_noop("Gemeinschaft in %(site)s"), site=site)

        def rank(iid: str) -> tuple:
            info = st.info(state, iid)
            return bool(avatar_kind(info)), info["mind"] or 0, -chars.index(iid)

        lead = st.info(state, max(chars, key=rank))["name_de"]
        return part(gettext_noop("%(character)s in %(site)s"), character=lead, site=site)

    def _log_company(self, events: list[Event], state: State, forms: tuple[str, str], group: dict, **params) -> None:
        """A log line whose subject is the company's characters: "Aragorn II zieht …", "Aragorn II, Faramir ziehen …"
        (``forms``: ``ngettext_noop`` singular and plural, chosen by the number of characters)."""
        text = counted(forms, company=self._company_label(state, group), count=len(group["chars"]), **params)
        events.append(Event(text, data={"kind": "log"}))

    def _number(self, action: dict, name: str, default: int = 0, low: int = -50, high: int = 50) -> int:
        value = action.get(name, default)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise IllegalAction(
                "bad_number",
                gettext_noop("„%(field)s“ muss eine ganze Zahl zwischen %(low)s und %(high)s sein."),
                field=name,
                low=low,
                high=high,
            )
        return value

    def _roll2d6(self, state: State) -> tuple[int, int]:
        return rng.roll(state["rng"], 6), rng.roll(state["rng"], 6)
