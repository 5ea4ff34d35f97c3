"""The base of every mixin of ``MeccgEngine``: the small checks and helpers each concern uses (the stage, a
seat's own cards, the active player, log lines, numbers from a move, the dice)."""

from __future__ import annotations

from matches.engine import rng
from matches.engine.base import Event, IllegalAction, State, counted, gettext_noop

from . import state as st
from .cardinfo import avatar_kind
from .constants import PHASE_NAMES, ZONE_NAMES
from .log_text import _text, part


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
