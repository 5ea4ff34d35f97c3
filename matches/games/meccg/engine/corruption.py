"""Corruption checks, passing items and ring tests (seeds/003 "Versuchung", "Versuchungswürfe", "Gegenstände",
"Ringe").

A corruption check: 2W6 + the character's printed modifier (Bilbo: +4) + 1 for each character of the same
company who taps in support + the effects of scripted cards in force on it (Halfling Strength's +4, used up by
the check) + an accepted proposal's modifier, against the sum of the corruption points of the cards it bears.
Issue 29: no player adds a modifier or chooses the points of their own check; both come from the state.
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import effects, effects_resources, stats
from . import state as st
from .cardinfo import avatar_kind, is_haven
from .log_text import part, signed
from .mixin_base import Base


class CorruptionMixin(Base):
    def _support_for(self, state: State, seat: int, iid: str, support) -> list[str]:
        """Characters of the same company, untapped, tapping to give +1 ("Ein Charakter kann tappen, um eine +1
        Modifikation auf den Versuchungswurf eines anderen Charakters in seiner Gemeinschaft zu geben")."""
        if support is None:
            return []
        group = st.company_of(state, iid)
        if not isinstance(support, list) or len(set(map(str, support))) != len(support):
            raise IllegalAction("bad_support", gettext_noop("„support“ ist eine Liste verschiedener Charaktere."))
        for helper in support:
            if helper == iid or group is None or helper not in group["chars"]:
                raise IllegalAction(
                    "bad_support", gettext_noop("Unterstützen kann nur ein anderer Charakter derselben Gemeinschaft.")
                )
            card = state["inst"][helper]
            if card["tapped"] or card["wounded"]:
                raise IllegalAction("support_tapped", gettext_noop("Ein Helfer muss ungetappt sein."))
        return list(support)

    def _corruption_check(self, state, seat, iid, events, support=()):
        info = st.info(state, iid)
        kind = avatar_kind(info)
        if kind in ("Ringwraith", "Balrog"):
            self._log(events, gettext_noop("%(card)s macht keinen Versuchungswurf."), card=info["name_de"])
            return True
        points = sum(effects_resources.corruption_points(state, i) for i in st.attached(state, iid))
        points += sum(n for _, n in effects.extra_corruption(state, iid))  # Saruman the Wise: rings +1 each
        for helper in support:
            state["inst"][helper]["tapped"] = True
        printed = info.get("corruption_mod") or 0
        cards = effects.use(state, iid, "corruption")
        accepted = (state["inst"][iid].get("mods") or {}).pop("corruption", 0)
        if accepted:
            cards.append((stats.CARD_TEXT, accepted))
        modifier = sum(v for _, v in cards)
        dice = self._roll2d6(state)
        total = sum(dice) + modifier + printed + len(support)
        alignment = state["players"][seat]["alignment"]
        race = info["race"].casefold()
        passed = total > points
        if passed:
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
        elif effects.discard_instead(state, iid):  # The Roving Eye: "he is instead discarded"
            outcome = gettext_noop("nicht bestanden: abgeworfen statt eliminiert")
            st.move(state, iid, "discard")
        else:
            outcome = gettext_noop("nicht bestanden: eliminiert")
            self._eliminate(state, iid)
        self._log(
            events,
            gettext_noop(
                "Versuchungswurf für %(card)s: %(a)s+%(b)s, Kartenmodifikator %(printed)s, Unterstützung +%(support)s, "
                "weitere Modifikatoren: %(mods)s = %(total)s gegen %(points)s Versuchungspunkte: %(outcome)s."
            ),
            card=info["name_de"],
            a=dice[0],
            b=dice[1],
            printed=signed(printed),
            support=len(support),
            mods=[_named(name, value) for name, value in cards] or "–",
            total=total,
            points=points,
            outcome=part(outcome),
        )
        return passed

    def _do_corruption_check(self, state, seat, action, events):
        """A corruption check a card asks for, with tapping support; rolled by the server, every modifier from
        the state (a further one only by an accepted proposal)."""
        self._window(state, seat)
        self._no_chain(state)
        no_self_modifiers(action)
        iid = self._own_character(state, seat, action.get("character"))
        support = self._support_for(state, seat, iid, action.get("support"))
        self._corruption_check(state, seat, iid, events, support)

    def _do_transfer_item(self, state, seat, action, events):
        """Organisation phase: an item passes to another character at the same site after the giver's
        corruption check ("Versuchungswürfe": "bevor er in der Organisationsphase einen Gegenstand weitergibt")."""
        self._require_active(state, seat, "organization")
        item = self._own(state, seat, action.get("card"), "play")
        giver = state["inst"][item]["on"]
        if not stats.is_item(st.info(state, item)) or giver is None or not st.company_of(state, giver):
            raise IllegalAction("not_an_item", gettext_noop("Das ist kein Gegenstand eines deiner Charaktere."))
        taker = self._own_character(state, seat, action.get("character"))
        here = st.info(state, st.company_of(state, giver)["site"])["name_en"]
        there = st.info(state, st.company_of(state, taker)["site"])["name_en"]
        if taker == giver or here != there:
            raise IllegalAction(
                "transfer_site", gettext_noop("Gegenstände gehen nur an einen anderen Charakter am selben Ort.")
            )
        effects_resources.refuse_duplicate(state, st.info(state, item), taker, stats.prowess(state, taker))
        support = self._support_for(state, seat, giver, action.get("support"))
        if self._corruption_check(state, seat, giver, events, support) and state["inst"][item]["zone"] == "play":
            state["inst"][item]["on"] = taker
            effects.item_gained(self, state, item, taker, events)
            self._log(
                events,
                gettext_noop("%(giver)s gibt %(item)s an %(taker)s."),
                giver=st.info(state, giver)["name_de"],
                item=st.info(state, item)["name_de"],
                taker=st.info(state, taker)["name_de"],
            )

    def _do_ring_test(self, state, seat, action, events):
        """ "Ringe": a gold ring is tested by a roll, its modifier from the rules (a Fallen-wizard's −1; −2 in the
        company of a Ringwraith or Balrog, or of a minion or Balrog company at a haven — "Abschlussphase");
        replacing it by the special ring the result allows is the card's text (a request)."""
        self._window(state, seat)
        no_self_modifiers(action)
        ring = self._own(state, seat, action.get("card"), "play")
        info = st.info(state, ring)
        if info["subtype"] != "Gold Ring Item":
            raise IllegalAction("not_gold_ring", gettext_noop("Getestet wird ein Goldener Ring im Spiel."))
        modifier = 0
        alignment = state["players"][seat]["alignment"]
        if alignment == "fallen-wizard":
            modifier -= 1
        group = st.company_of(state, state["inst"][ring]["on"]) if state["inst"][ring]["on"] else None
        if group and (
            any(avatar_kind(st.info(state, c)) in ("Ringwraith", "Balrog") for c in group["chars"])
            or (alignment in ("minion", "balrog") and group["site"] and is_haven(st.info(state, group["site"])))
        ):
            modifier -= 2
        modifier += sum(value for _, value in effects_resources.ring_test_bonus(state, group))  # Scroll of Isildur
        dice = self._roll2d6(state)
        self._log(
            events,
            gettext_noop("Ringtest für %(card)s: %(a)s+%(b)s, Modifikator %(mod)s = %(total)s."),
            card=info["name_de"],
            a=dice[0],
            b=dice[1],
            mod=signed(modifier),
            total=sum(dice) + modifier,
        )


def no_self_modifiers(action: dict) -> None:
    """Issue 29: a player does not add modifiers to their own rolls, nor choose the points or the target."""
    for name in ("modifier", "points", "target"):
        if action.get(name) is not None:
            raise IllegalAction(
                "no_self_modifier",
                gettext_noop(
                    "„%(field)s“ bestimmt der Tisch aus den Karten im Spiel; eine weitere Modifikation schlägt man "
                    "dem Gegner vor (Korrektur vorschlagen)."
                ),
                field=name,
            )


def _named(name: str, value: int) -> dict:
    """ "Kraft der Halblinge +4" (a card text word for an accepted proposal's modifier)."""
    label = part(stats.CARD_TEXT) if name == stats.CARD_TEXT else name
    return part(gettext_noop("%(name)s %(value)s"), name=label, value=signed(value))
