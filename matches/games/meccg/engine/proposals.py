"""Requests ("Korrektur vorschlagen", issue 19): what the rules do not cover is proposed, never done.

A card's text the table does not know (untap a character, wound one, fetch a card from the play deck,
discard an item …) or a slip to be corrected becomes a *request*: one seat proposes a change, the
other accepts or declines it. Until it is answered, nothing else happens in the game (the answering
seat is the only one to move). Every card the change makes public is named in the log when it is
proposed, so the opponent judges it knowing what it is, and again when it is carried out.
"""

from __future__ import annotations

import copy

from matches.engine import rng
from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import state as st
from .cardinfo import avatar_kind
from .constants import ZONE_NAMES
from .log_text import part, signed
from .mixin_base import Base

CHANGES = ("tap", "untap", "wound", "heal", "move_card", "mill", "modifier", "cancel_attack", "undo")
PUBLIC_ZONES = ("play", "discard", "mp", "out")
MAX_NOTE = 200
CHANGE_TEXT = {
    "tap": gettext_noop("%(card)s tappen"),
    "untap": gettext_noop("%(card)s enttappen"),
    "wound": gettext_noop("%(card)s verwunden"),
    "heal": gettext_noop("%(card)s heilen (danach getappt)"),
    "move_card": gettext_noop("%(card)s von %(source)s nach %(zone)s legen"),
    "mill": gettext_noop("die obersten %(n)s Karten des Spielstapels nach %(zone)s legen"),
    "modifier": gettext_noop("%(card)s erhält %(value)s auf %(stat)s (Kartentext)"),
    "cancel_attack": gettext_noop("den laufenden Angriff abbrechen (Kartentext)"),
    "undo": gettext_noop("den eigenen letzten Zug zurücknehmen (%(move)s)"),
}
STATS = {
    "prowess": gettext_noop("Kampfgeschick"),
    "body": gettext_noop("Konstitution"),
    "corruption": gettext_noop("den nächsten Versuchungswurf"),
    "influence": gettext_noop("den nächsten Beeinflussungsversuch"),
}


class ProposalsMixin(Base):
    def _do_propose(self, state, seat, action, events):
        self._stage(state, "play")
        if state.get("request"):
            raise IllegalAction("request_open", gettext_noop("Es gibt schon einen offenen Vorschlag."))
        change = self._normalise_change(state, seat, action.get("change"))
        note = action.get("note") if isinstance(action.get("note"), str) else ""
        # Validate on a copy: a change that cannot be carried out is refused now, not after the answer.
        self._apply_change(copy.deepcopy(state), seat, change, [])
        state["request"] = {"seat": seat, "change": change, "note": note.strip()[:MAX_NOTE]}
        self._log(
            events,
            gettext_noop("%(player)s schlägt eine Korrektur vor: %(change)s. Begründung: %(note)s"),
            seat,
            change=self._change_text(state, change).to_json(),
            note=note.strip()[:MAX_NOTE] or "–",
        )

    def _do_answer(self, state, seat, action, events):
        request = state.get("request")
        if not request:
            raise IllegalAction("no_request", gettext_noop("Es gibt keinen offenen Vorschlag."))
        if request["seat"] == seat:
            raise IllegalAction("own_request", gettext_noop("Deinen eigenen Vorschlag beantwortet dein Gegner."))
        accept = action.get("accept")
        if not isinstance(accept, bool):
            raise IllegalAction("bad_answer", gettext_noop("„accept“ ist true (annehmen) oder false (ablehnen)."))
        state["request"] = None
        if not accept:
            self._log(events, gettext_noop("%(player)s lehnt den Vorschlag ab."), seat)
            return
        self._log(events, gettext_noop("%(player)s nimmt den Vorschlag an."), seat)
        self._apply_change(state, request["seat"], request["change"], events)

    def _do_withdraw(self, state, seat, action, events):
        request = state.get("request")
        if not request or request["seat"] != seat:
            raise IllegalAction("no_request", gettext_noop("Du hast keinen offenen Vorschlag."))
        state["request"] = None
        self._log(events, gettext_noop("%(player)s zieht den Vorschlag zurück."), seat)

    # --- the changes ---------------------------------------------------------------------------------

    def _normalise_change(self, state: State, seat: int, raw) -> dict:
        if not isinstance(raw, dict) or raw.get("type") not in CHANGES:
            raise IllegalAction(
                "bad_change",
                gettext_noop("Der Vorschlag braucht „change“ mit „type“: %(types)s."),
                types=", ".join(CHANGES),
            )
        change = {"type": raw["type"]}
        if raw["type"] == "mill":
            change["count"] = self._number(raw, "count", 1, 1, 10)
        elif raw["type"] == "undo":
            last = state.get("last")
            if not last or last["seat"] != seat:
                raise IllegalAction(
                    "nothing_to_undo", gettext_noop("Zurücknehmen lässt sich nur der eigene letzte Zug.")
                )
        elif raw["type"] == "cancel_attack":
            if not state.get("attack"):
                raise IllegalAction("no_attack", gettext_noop("Gerade läuft kein Angriff."))
        else:
            iid = raw.get("card")
            if not isinstance(iid, str) or iid not in state["inst"]:
                raise IllegalAction("unknown_card", gettext_noop("Diese Karte gibt es in der Partie nicht."))
            change["card"] = iid
        if raw["type"] in ("move_card", "mill"):
            zone = raw.get("to")
            if zone not in ZONE_NAMES:
                raise IllegalAction(
                    "bad_zone", gettext_noop("Ziel ist eines von: hand, deck, discard, sideboard, mp, out.")
                )
            change["to"] = zone
            change["shuffle"] = bool(raw.get("shuffle"))
        if raw["type"] == "modifier":
            if raw.get("stat") not in STATS:
                raise IllegalAction(
                    "bad_stat",
                    gettext_noop("Ein Modifikator gilt für „prowess“, „body“, „corruption“ oder „influence“."),
                )
            change["stat"] = raw["stat"]
            change["value"] = self._number(raw, "value", 0, -10, 10)
        return change

    def _change_text(self, state: State, change: dict) -> Text:
        kind = change["type"]
        params: dict = {}
        if "card" in change:
            inst = state["inst"][change["card"]]
            params["card"] = st.info(state, change["card"])["name_de"]
            params["source"] = part(ZONE_NAMES.get(inst["zone"], gettext_noop("Spiel")))
        if "to" in change:
            params["zone"] = part(ZONE_NAMES[change["to"]])
        if kind == "mill":
            params["n"] = change["count"]
        if kind == "modifier":
            params.update(value=signed(change["value"]), stat=part(STATS[change["stat"]]))
        if kind == "undo":
            params["move"] = (state.get("last") or {}).get("type", "–")
        return Text(CHANGE_TEXT[kind], params)

    def _apply_change(self, state: State, seat: int, change: dict, events: list[Event]) -> None:
        """Carry out an accepted change for the proposing ``seat``."""
        kind = change["type"]
        if kind == "mill":
            self._mill(state, seat, change["count"], change["to"], events)
            return
        if kind == "undo":
            # Decision: the dice and card ids run on (a move cannot be undone to roll again), the log keeps
            # what happened; the opponent who accepts knows what the undone move showed.
            self._log(
                events, gettext_noop("Ausgeführt: %(change)s."), change=self._change_text(state, change).to_json()
            )
            before = state["last"]["before"]
            for name in [k for k in state if k not in before and k not in ("cards", "regions", "rng", "ids")]:
                state.pop(name)
            state.update(copy.deepcopy(before))
            state["last"] = None
            state["request"] = None
            return
        if kind == "cancel_attack":
            self._log(
                events, gettext_noop("Ausgeführt: %(change)s."), change=self._change_text(state, change).to_json()
            )
            self._cancel_attack(state, events)
            return
        iid = change["card"]
        inst = state["inst"][iid]
        info = st.info(state, iid)
        if inst["owner"] != seat and (inst["zone"] != "play" or inst["face_down"]):
            # Never say what an opponent's hidden card is.
            raise IllegalAction("unknown_card", gettext_noop("Diese Karte gibt es in der Partie nicht."))
        if kind in ("tap", "untap", "wound", "heal", "modifier"):
            if inst["zone"] != "play" or inst["face_down"]:
                raise IllegalAction(
                    "not_in_play", gettext_noop("%(card)s liegt nicht offen im Spiel."), card=info["name_de"]
                )
            if kind == "tap":
                inst["tapped"] = True
            elif kind == "untap":
                inst.update(tapped=False)
            elif kind == "wound":
                inst["wounded"] = True
            elif kind == "heal":
                inst.update(wounded=False, tapped=True)
            else:
                mods = inst.setdefault("mods", {})
                mods[change["stat"]] = mods.get(change["stat"], 0) + change["value"]
            self._log(
                events, gettext_noop("Ausgeführt: %(change)s."), change=self._change_text(state, change).to_json()
            )
            return
        # move_card: the proposer's own card from any zone, or an opponent's card in play to its discard pile.
        source = inst["zone"]
        if inst["owner"] != seat and not (source == "play" and change["to"] in ("discard", "out")):
            raise IllegalAction(
                "not_yours",
                gettext_noop("Karten des Gegners kann ein Vorschlag nur aus dem Spiel ablegen oder entfernen."),
            )
        if source in ("pool", "aside", "drafted") or source == change["to"]:
            raise IllegalAction("bad_source", gettext_noop("Diese Karte kann jetzt nicht bewegt werden."))
        text = self._change_text(state, change).to_json()
        was_avatar = source == "play" and avatar_kind(info)
        st.move(state, iid, change["to"])
        if change["to"] == "deck" and change["shuffle"]:
            rng.shuffle(state["rng"], state["players"][inst["owner"]]["deck"])
        if was_avatar and change["to"] == "out":
            state["players"][inst["owner"]]["lost_avatar"] = True
        self._log(events, gettext_noop("Ausgeführt: %(change)s."), change=text)

    def _mill(self, state: State, seat: int, count: int, zone: str, events: list[Event]) -> None:
        deck = state["players"][seat]["deck"]
        if len(deck) <= count:
            # Decision: a request never empties the play deck (no self-mill to exhaust it, issue 19).
            raise IllegalAction(
                "deck_too_small",
                gettext_noop("Im Spielstapel liegen nur %(n)s Karten; ein Vorschlag leert ihn nicht."),
                n=len(deck),
            )
        moved = deck[:count]
        for iid in moved:
            st.move(state, iid, zone)
        names = ", ".join(st.info(state, i)["name_de"] for i in moved)
        template = gettext_noop("Ausgeführt: %(player)s legt %(cards)s vom Spielstapel nach %(zone)s.")
        if zone in PUBLIC_ZONES:
            self._log(events, template, seat, cards=names, zone=part(ZONE_NAMES[zone]))
        else:
            events.append(
                Event(
                    Text(template, {"seat": seat, "cards": str(len(moved)), "zone": part(ZONE_NAMES[zone])}),
                    private={seat: Text(template, {"seat": seat, "cards": names, "zone": part(ZONE_NAMES[zone])})},
                )
            )
