"""Small rules actions for card text: tapping an own card as a cost, showing a hand card, rolling the dice.

Everything else a card's text does is a proposal the opponent answers (``proposals``)."""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import state as st
from .corruption import no_self_modifiers
from .mixin_base import Base


class FreeActionsMixin(Base):
    def _window(self, state: State, seat: int) -> None:
        """A player acts only in their own windows (issue 19): the seats the engine waits for."""
        self._stage(state, "play")
        if seat not in self.current_seats(state):
            raise IllegalAction("not_your_window", gettext_noop("Gerade bist du nicht an der Reihe."))

    def _do_tap(self, state, seat, action, events):
        """Tap an own untapped card in play as the cost of its text (sites tap only by the rules)."""
        self._window(state, seat)
        iid = self._own(state, seat, action.get("card"), "play")
        inst = state["inst"][iid]
        info = st.info(state, iid)
        if info["type"] == "Site" or inst["face_down"]:
            raise IllegalAction("tap_site", gettext_noop("Orte werden nur durch die Regeln getappt."))
        if inst["tapped"] or inst["wounded"]:
            raise IllegalAction("already_tapped", gettext_noop("%(card)s ist schon getappt."), card=info["name_de"])
        inst["tapped"] = True
        self._log(events, gettext_noop("%(player)s tappt %(card)s."), seat, card=info["name_de"])

    def _do_reveal(self, state, seat, action, events):
        """Show a card from one's own hand (it stays there); face-down cards are revealed only by the rules."""
        self._stage(state, "play", "council")
        iid = self._own(state, seat, action.get("card"), "hand")
        self._log(events, gettext_noop("%(player)s zeigt %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_roll(self, state, seat, action, events):
        """Dice only by the server, modifiers only from the state (issue 29): a plain 2W6 for card text, or a
        corruption check (the table's; as ``corruption_check``). Influence checks are rolled by the table when
        a faction is played or an opponent's card is influenced (``influence``)."""
        self._window(state, seat)
        self._no_chain(state)
        no_self_modifiers(action)
        kind = action.get("kind")
        if kind == "dice":
            dice = self._roll2d6(state)
            self._log(
                events,
                gettext_noop("%(player)s würfelt 2W6 für einen Karteneffekt: %(a)s+%(b)s = %(total)s."),
                seat,
                a=dice[0],
                b=dice[1],
                total=sum(dice),
            )
            return
        if kind == "corruption":
            iid = self._own_character(state, seat, action.get("character"))
            support = self._support_for(state, seat, iid, action.get("support"))
            self._corruption_check(state, seat, iid, events, support)
            return
        raise IllegalAction(
            "bad_roll",
            gettext_noop(
                "Würfe: „dice“ (2W6 für Kartentext) oder „corruption“; Beeinflussungen würfelt der Tisch beim "
                "Ausspielen eines Heeres und mit „influence“, Hiebe und Konstitutionswürfe im Angriff."
            ),
        )
