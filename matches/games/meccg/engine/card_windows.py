"""The card windows of an attack (issue 29; seeds/003 "Zuweisung der Hiebe", "Abwicklung der Hiebe",
"Konstitutionswurf"): before strikes are assigned (``attack``), before each strike resolves (``strike``) and
before a body check (``body_check``) the players may play the cards whose script names that window.

A window is ``state["attack"]["window"] = {"name", "seat", "passes"}``: the seat holding priority plays a card
(it starts a chain, the opponent may answer, the chain resolves) or passes; when both have passed in a row the
window closes and the attack goes on. A seat that holds no card it could play there passes by itself, so a
window nobody can use costs no move ("never ask a player who has no legal answer"). Who is asked first:
the defender before strikes are assigned (to cancel the attack), the attacker before a strike and before a
body check ("Vor der Abwicklung eines Hiebes kann der Angreifer weitere Gefahrenkarten spielen").
"""

from __future__ import annotations

from matches.engine.base import Event, State, gettext_noop

from . import effects
from .log_text import part
from .mixin_base import Base

WINDOW_NAMES = {
    "attack": gettext_noop("vor dem Zuweisen der Hiebe"),
    "strike": gettext_noop("vor dem Hieb"),
    "body_check": gettext_noop("vor dem Konstitutionswurf"),
}


class CardWindowsMixin(Base):
    def _open_card_window(self, state: State, name: str, first: int, events: list[Event]) -> None:
        """Open a card window of the running attack; it closes (and the attack goes on) at once when nobody
        could play a card in it."""
        state["attack"]["window"] = {"name": name, "seat": first, "passes": 0}
        if not state["chain"]:
            self._card_window_step(state, events)

    def _card_window_step(self, state: State, events: list[Event]) -> None:
        """Pass for each seat that cannot play anything here; close the window after two passes in a row."""
        attack = state.get("attack")
        window = attack and attack.get("window")
        while window:
            seat = window["seat"]
            if effects.holds_playable(state, seat):
                return  # this seat decides
            window["passes"] += 1
            if window["passes"] >= 2:
                self._close_card_window(state, events)
                return
            window["seat"] = 1 - seat

    def _pass_card_window(self, state: State, seat: int, events: list[Event]) -> None:
        window = state["attack"]["window"]
        self._log(
            events,
            gettext_noop("%(player)s passt (%(window)s)."),
            seat,
            window=part(WINDOW_NAMES[window["name"]]),
        )
        window["passes"] += 1
        if window["passes"] >= 2:
            self._close_card_window(state, events)
            return
        window["seat"] = 1 - seat
        self._card_window_step(state, events)

    def _after_chain(self, state: State, last_seat: int | None, events: list[Event]) -> None:
        """A chain played inside an attack has resolved: its window goes on (the other player may answer with
        a new chain), or the attack does when a card ended the strike."""
        attack = state.get("attack")
        if not attack:
            return
        window = attack.get("window")
        if window:
            window["passes"] = 0
            window["seat"] = 1 - last_seat if last_seat is not None else window["seat"]
            self._card_window_step(state, events)
        elif attack.pop("advance", False):
            self._advance_attack(state, events)

    def _close_card_window(self, state: State, events: list[Event]) -> None:
        attack = state["attack"]
        name = attack.pop("window")["name"]
        if name == "attack":
            # "Attacker chooses defending characters": the hazard player assigns every strike.
            attack["stage"] = "attacker" if attack.get("attacker_chooses") else "defender"
            self._advance_attack(state, events)
        elif name == "strike":
            self._after_strike_cards(state, events)
        else:
            self._roll_pending_body(state, events)
