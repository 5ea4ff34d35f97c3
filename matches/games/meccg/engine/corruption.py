"""Corruption checks (seeds/003 "Versuchung", "Versuchungswürfe")."""

from __future__ import annotations

from matches.engine.base import gettext_noop

from . import state as st
from .cardinfo import avatar_kind
from .common import Base


class CorruptionMixin(Base):
    def _corruption_check(self, state, seat, iid, modifier, points, events):
        info = st.info(state, iid)
        kind = avatar_kind(info)
        if kind in ("Ringwraith", "Balrog"):
            self._log(events, gettext_noop("%(card)s macht keinen Versuchungswurf."), card=info["name_de"])
            return
        if points is None:
            points = sum(st.info(state, i)["corruption"] or 0 for i in st.attached(state, iid))
        dice = self._roll2d6(state)
        total = sum(dice) + modifier
        alignment = state["players"][seat]["alignment"]
        race = info["race"].casefold()
        if total > points:
            outcome = gettext_noop("bestanden")
        elif total >= points - 1:
            only_tap = (
                alignment == "minion"
                or kind == "Fallen-wizard"
                or (alignment == "fallen-wizard" and ("orc" in race or "troll" in race))
            )
            if kind == "Wizard":
                outcome = gettext_noop("nicht bestanden: eliminiert")
                self._eliminate(state, iid)
            elif only_tap:
                outcome = gettext_noop("nicht bestanden: getappt")
                state["inst"][iid]["tapped"] = True
            else:
                outcome = gettext_noop("nicht bestanden: abgeworfen")
                st.move(state, iid, "discard")
        else:
            outcome = gettext_noop("nicht bestanden: eliminiert")
            self._eliminate(state, iid)
        self._log(
            events,
            gettext_noop(
                "Versuchungswurf für %(card)s: %(a)s+%(b)s, Modifikator %(mod)s = %(total)s gegen "
                "%(points)s Versuchungspunkte: %(outcome)s."
            ),
            card=info["name_de"],
            a=dice[0],
            b=dice[1],
            mod=modifier,
            total=total,
            points=points,
            outcome=outcome,
        )
