"""Strikes and body checks (seeds/003 "Zuweisung der Hiebe", "Abwicklung der Hiebe", "Konstitutionswurf")."""

from __future__ import annotations

from matches.engine.base import State, gettext_noop

from . import state as st
from .cardinfo import avatar_kind
from .common import Base


class CombatMixin(Base):
    def _strike(self, state, seat, iid, action, modifier, events):
        card = state["inst"][iid]
        info = st.info(state, iid)
        prowess = self._number(action, "prowess", 0, 0, 40)
        creature_body = action.get("body")
        creature_body = None if creature_body is None else self._number(action, "body", 0, 0, 40)
        support = self._number(action, "support", 0, 0, 10)
        stay = bool(action.get("stay_untapped"))
        mods = []
        total_mod = modifier + support
        if card["wounded"]:
            total_mod -= 2
            mods.append("verwundet −2")
        elif card["tapped"]:
            total_mod -= 1
            mods.append("getappt −1")
        if stay and not card["tapped"]:
            total_mod -= 3
            mods.append("bleibt ungetappt −3")
        if support:
            mods.append(f"Unterstützung +{support}")
        if modifier:
            mods.append(f"Modifikator {modifier:+d}")
        dice = self._roll2d6(state)
        total = (info["prowess"] or 0) + sum(dice) + total_mod
        if not stay:
            card["tapped"] = True
        if total > prowess:
            outcome = gettext_noop("Hieb besiegt")
        elif total == prowess:
            outcome = gettext_noop("Hieb erfolglos, ohne Wirkung")
        else:
            outcome = gettext_noop("Hieb erfolgreich: Charakter verwundet")
        self._log(
            events,
            gettext_noop(
                "Hieb gegen %(card)s: Kampfgeschick %(prowess)s + Wurf %(a)s+%(b)s (%(mods)s) = %(total)s gegen "
                "%(attack)s: %(outcome)s."
            ),
            card=info["name_de"],
            prowess=info["prowess"] or 0,
            a=dice[0],
            b=dice[1],
            mods=", ".join(mods) or "–",
            total=total,
            attack=prowess,
            outcome=outcome,
        )
        if total < prowess:
            was_wounded = card["wounded"]
            card["wounded"] = True
            self._body_check(state, iid, 1 if was_wounded else 0, events)
        elif total > prowess and creature_body is not None:
            dice = self._roll2d6(state)
            beaten = sum(dice) > creature_body
            self._log(
                events,
                gettext_noop("Konstitutionswurf des Angreifers: %(a)s+%(b)s gegen %(body)s: %(outcome)s."),
                a=dice[0],
                b=dice[1],
                body=creature_body,
                outcome=gettext_noop("eliminiert") if beaten else gettext_noop("übersteht"),
            )

    def _body_check(self, state, iid, modifier, events):
        info = st.info(state, iid)
        dice = self._roll2d6(state)
        total = sum(dice) + modifier
        eliminated = total > (info["body"] or 0)
        self._log(
            events,
            gettext_noop(
                "Konstitutionswurf für %(card)s: %(a)s+%(b)s, Modifikator %(mod)s = %(total)s gegen %(body)s: "
                "%(outcome)s."
            ),
            card=info["name_de"],
            a=dice[0],
            b=dice[1],
            mod=modifier,
            total=total,
            body=info["body"] or 0,
            outcome=gettext_noop("eliminiert") if eliminated else gettext_noop("verwundet"),
        )
        if eliminated:
            self._eliminate(state, iid)

    def _eliminate(self, state: State, iid: str) -> None:
        owner = state["inst"][iid]["owner"]
        if avatar_kind(st.info(state, iid)):
            state["players"][owner]["lost_avatar"] = True
        st.move(state, iid, "out")
