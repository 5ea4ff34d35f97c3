"""Tools for card text the engine does not know: tapping, wounding, moving a card, showing a card,
rolling the dice."""

from __future__ import annotations

from matches.engine import rng
from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import state as st
from .cardinfo import avatar_kind
from .common import ZONE_NAMES, Base


class ToolsMixin(Base):
    def _tool_card(self, state: State, seat: int, action: dict) -> str:
        self._stage(state, "play")
        self._no_chain(state)
        return self._own(state, seat, action.get("card"), "play")

    def _do_tap(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid]["tapped"] = True
        self._log(events, gettext_noop("%(player)s tappt %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_untap(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid].update(tapped=False, wounded=False)
        self._log(events, gettext_noop("%(player)s enttappt %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_wound(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid]["wounded"] = True
        self._log(events, gettext_noop("%(player)s verwundet %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_heal(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid].update(wounded=False, tapped=True)
        self._log(
            events,
            gettext_noop("%(player)s heilt %(card)s (jetzt getappt)."),
            seat,
            card=st.info(state, iid)["name_de"],
        )

    def _do_move_card(self, state, seat, action, events):
        """Move an own card between hand, play deck, discard, sideboard, marshalling pile, out of play."""
        self._stage(state, "play")
        self._no_chain(state)
        zone = action.get("to")
        if not isinstance(zone, str) or zone not in ZONE_NAMES:
            raise IllegalAction(
                "bad_zone",
                gettext_noop("Ziel ist eines von: hand, deck, discard, sideboard, mp, out."),
            )
        if action.get("card") is None and action.get("from") == "deck":
            # Card effects that draw or mill: the top ``count`` cards of the play deck, unseen before.
            count = self._number(action, "count", 1, 1, 200)
            deck = state["players"][seat]["deck"]
            moved = 0
            for _ in range(count):
                if not deck:
                    break
                st.move(state, deck[0], zone)
                moved += 1
            self._log(
                events,
                gettext_noop("%(player)s legt %(n)s Karten vom Spielstapel nach %(zone)s."),
                seat,
                n=moved,
                zone=ZONE_NAMES[zone],
            )
            if not deck:
                # Decision: a deck emptied by a card effect counts as used up just like one drawn empty.
                st.exhaust(state, seat)
                self._log(
                    events,
                    gettext_noop(
                        "%(player)s hat den Spielstapel aufgebraucht (%(n)s. Mal); der Abwurfstapel wird gemischt."
                    ),
                    seat,
                    n=state["players"][seat]["exhausted"],
                )
            return
        iid = self._own(state, seat, action.get("card"))
        card = state["inst"][iid]
        if card["zone"] in ("pool", "aside", "drafted"):
            raise IllegalAction("bad_source", gettext_noop("Diese Karte kann jetzt nicht bewegt werden."))
        info = st.info(state, iid)
        was_avatar = card["zone"] == "play" and avatar_kind(info)
        source = card["zone"]
        st.move(state, iid, zone)
        if zone == "deck" and action.get("shuffle"):
            rng.shuffle(state["rng"], state["players"][seat]["deck"])
        if was_avatar and zone == "out":
            state["players"][seat]["lost_avatar"] = True
        public = zone in ("discard", "mp", "out") or source in ("play", "discard", "mp", "out")
        template = gettext_noop("%(player)s legt %(card)s von %(source)s nach %(zone)s.")
        params = {"seat": seat, "source": ZONE_NAMES.get(source, source), "zone": ZONE_NAMES[zone]}
        events.append(
            Event(
                Text(template, {**params, "card": info["name_de"] if public else gettext_noop("eine Karte")}),
                private={seat: Text(template, {**params, "card": info["name_de"]})},
            )
        )

    def _do_reveal(self, state, seat, action, events):
        self._stage(state, "play", "council")
        iid = self._own(state, seat, action.get("card"))
        state["inst"][iid]["face_down"] = False
        self._log(events, gettext_noop("%(player)s zeigt %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_roll(self, state, seat, action, events):
        """Dice only by the server: strike, body check, corruption check, influence attempt."""
        self._stage(state, "play")
        self._no_chain(state)
        kind = action.get("kind")
        iid = self._own_character(state, seat, action.get("character"))
        modifier = self._number(action, "modifier")
        if kind == "strike":
            self._strike(state, seat, iid, action, modifier, events)
        elif kind == "body":
            self._body_check(state, iid, modifier, events)
        elif kind == "corruption":
            points = action.get("points")
            if points is not None:
                points = self._number(action, "points", 0, 0, 99)
            self._corruption_check(state, seat, iid, modifier, points, events)
        elif kind == "influence":
            target = self._number(action, "target", 0, 0, 99)
            dice = self._roll2d6(state)
            di = st.info(state, iid)["di"] or 0
            total = sum(dice) + di + modifier
            success = total > target
            self._log(
                events,
                gettext_noop(
                    "Beeinflussung durch %(card)s: Wurf %(a)s+%(b)s, direkter Einfluss %(di)s, Modifikator %(mod)s = "
                    "%(total)s gegen %(target)s: %(outcome)s."
                ),
                card=st.info(state, iid)["name_de"],
                a=dice[0],
                b=dice[1],
                di=di,
                mod=modifier,
                total=total,
                target=target,
                outcome=gettext_noop("gelungen") if success else gettext_noop("misslungen"),
            )
        else:
            raise IllegalAction("bad_roll", gettext_noop("Würfe: „strike“, „body“, „corruption“ oder „influence“."))
