"""The end of the game (seeds/003 "Spielende"): calling the council, the last checks, the score."""

from __future__ import annotations

import math

from matches.engine.base import Event, IllegalAction, State, gettext_noop

from . import effects_resources, scoring
from . import state as st
from .cardinfo import is_hazard, key
from .constants import COUNCIL_POINTS
from .mixin_base import Base


class CouncilMixin(Base):
    def marshalling_points(self, state: State, seat: int, *, for_call: bool = False) -> scoring.Sheet:
        """The player's score sheet from the table (seeds/003 "Punkte"): cards in play and in the marshalling point
        pile, sorted into the categories the calculator takes (``scoring.Sheet``), so that the table and the
        Punkterechner count the same piles the same way.

        - A defeated creature in the pile is a kill: with * in ``creatures_starred``, else ``creatures_plain``;
          the score counts the one the player's alignment scores ("Kreaturen zählen für Helden- und Gefallener
          Zauberer-Spieler nur dann Siegpunkte, wenn sie kein * … haben. Für Schergen- und Balrog-Spieler zählen
          nur die Karten mit *").
        - An opponent's character or ally eliminated in company combat, or a defeated agent, "gibt seinem Gegner
          Tötungs-Siegpunkte (zählt wie Punkte durch Kreaturen)": Decision: such a card has no * window, and the
          star rule names creature cards; it counts as kill points for either alignment (in both fields).
        - A character with "−N marshalling points if eliminated" (Aragorn II −3) counts −N to its player's
          characters once eliminated (out of play, or in the opponent's pile).
        - ``for_call``: the 25 points for calling the council leave out the cards at Under-deeps sites ("Punkte
          von Karten, die sich an unterirdischen Orten befinden, dürfen dabei nicht berücksichtigt werden"),
          except for a Balrog player.
        """
        player = state["players"][seat]
        alignment = player["alignment"]
        totals = dict.fromkeys(("character", "item", "ally", "faction", "miscellaneous"), 0)
        plain = starred = 0
        deep = for_call and alignment != "balrog"
        counted = [
            i
            for i in player["play"]
            if not state["inst"][i]["face_down"] and not (deep and self._at_under_deeps(state, i))
        ] + list(player["mp"])
        for iid in counted:
            info = st.info(state, iid)
            inst = state["inst"][iid]
            points = effects_resources.printed_points(state, iid)  # Durin's Axe held by a Dwarf: 4
            kind = info["mp_type"]
            if not points or not kind or (inst.get("agent") is not None and inst["zone"] == "play"):
                continue  # an agent played as a hazard scores nothing for its player while on the table
            if inst["owner"] != seat and inst["zone"] == "mp":
                if is_hazard(info) and not info["mp_starred"]:
                    plain += points
                elif is_hazard(info):
                    starred += points
                else:  # a character or ally from company combat, a defeated agent
                    plain += points
                    starred += points
                continue
            if kind == "kill" or info["type"] not in ("Character", "Resource"):
                continue  # own hazards score nothing for the player who played them
            if alignment == "fallen-wizard" and not info.get("stage_points"):
                # "Gefallener Zauberer-Regeln": apart from development (stage) cards every card with marshalling
                # points counts 1.
                points = min(points, 1)
            elif kind == "item" and _other_alignment_item(alignment, info):
                # "Gegenstände: Einschränkungen": a hero's minion item (and the reverse) scores half, rounded up.
                points = math.ceil(points / 2)
            points = effects_resources.points_worth(state, seat, info, points)  # Great Patron
            if kind in totals:
                totals[kind] += points
        totals["character"] += sum(
            st.info(state, i).get("mp_if_eliminated") or 0
            for i, inst in state["inst"].items()
            if inst["owner"] == seat
            and (inst["zone"] == "out" or (inst["zone"] == "mp" and inst.get("holder", seat) != seat))
            and st.info(state, i)["type"] == "Character"
        )
        return scoring.Sheet(
            alignment=alignment,
            characters=totals["character"],
            special=totals["miscellaneous"],
            items=totals["item"],
            allies=totals["ally"],
            factions=totals["faction"],
            creatures_plain=plain,
            creatures_starred=starred,
            unique_in_opponent_hand=self._unique_in_opponent_hand(state, seat, counted),
            lost_avatar=player["lost_avatar"],
        )

    @staticmethod
    def _unique_in_opponent_hand(state: State, seat: int, counted: list[str]) -> int:
        """ "Für jede einzigartige Charakter- oder Unterstützungskarte, die einem Spieler Siegpunkte gibt und die sein
        Gegner noch in einer beliebigen Manifestation, nicht aber als Gefahrenkarte, auf der Hand hat": own unique
        characters and resources that score, matched by name (any alignment's version)."""
        own_unique = {
            key(st.info(state, i)["name_en"])
            for i in counted
            if state["inst"][i]["owner"] == seat
            and st.info(state, i)["unique"]
            and st.info(state, i)["mp"]
            and st.info(state, i)["type"] in ("Character", "Resource")
        }
        return sum(
            1
            for i in state["players"][1 - seat]["hand"]
            if not is_hazard(st.info(state, i)) and key(st.info(state, i)["name_en"]) in own_unique
        )

    @staticmethod
    def _at_under_deeps(state: State, iid: str) -> bool:
        holder = iid
        while state["inst"][holder]["on"] and state["inst"][holder]["on"] in state["inst"]:
            holder = state["inst"][holder]["on"]
        group = st.company_of(state, holder)
        return bool(group and group["site"] and st.info(state, group["site"]).get("under_deeps"))

    def _may_call_council(self, state: State, seat: int) -> bool:
        player = state["players"][seat]
        if state["council"]["caller"] is not None:
            return False
        if player["exhausted"] >= 2:
            return True
        # Decision: the 25 points are counted as the raw sum of the categories (before doubling), as a
        # player adds them up at the table.
        sheet = self.marshalling_points(state, seat, for_call=True)
        raw = sum(scoring.raw_categories(sheet).values())
        return player["exhausted"] >= 1 and raw >= COUNCIL_POINTS

    def _war_council_card(self, state: State, seat: int, raw) -> str | None:
        """ "Schergen- und Balrog-Spieler müssen zum Einberufen des Rates außerdem die Karte *Saurons Kriegsrat*
        spielen": the Sudden Call (LE-235, German "Saurons Kriegsrat") from the hand."""
        if state["players"][seat]["alignment"] not in ("minion", "balrog"):
            return None
        if raw is None or not isinstance(raw, str) or raw not in state["players"][seat]["hand"]:
            candidates = [i for i in state["players"][seat]["hand"] if is_war_council(st.info(state, i))]
            if raw is None and candidates:
                return candidates[0]
            raise IllegalAction(
                "war_council",
                gettext_noop(
                    "Schergen- und Balrog-Spieler berufen den Rat nur mit der Karte Saurons Kriegsrat (Sudden Call) "
                    "von der Hand ein."
                ),
            )
        if not is_war_council(st.info(state, raw)):
            raise IllegalAction(
                "war_council", gettext_noop("Zum Einberufen des Rates dient Saurons Kriegsrat (Sudden Call).")
            )
        return raw

    def _do_call_council(self, state, seat, action, events):
        self._require_active(state, seat, "end")
        if not self._may_call_council(state, seat):
            raise IllegalAction(
                "council_not_allowed",
                gettext_noop(
                    "Den Rat darfst du erst einberufen, wenn dein Spielstapel zweimal aufgebraucht ist, oder einmal "
                    "und du mindestens 25 Siegpunkte hast (ohne Karten an unterirdischen Orten)."
                ),
            )
        card = self._war_council_card(state, seat, action.get("card"))
        if card:
            st.move(state, card, "discard")
            self._log(events, gettext_noop("%(player)s spielt %(card)s."), seat, card=st.info(state, card)["name_de"])
        state["council"].update(caller=seat, last_turn=1 - seat)
        self._log(events, gettext_noop("%(player)s beruft den Rat ein. Der Gegner hat noch eine letzte Runde."), seat)
        self._end_turn(state, events)

    def _war_council_as_hazard(self, state: State, seat: int, iid: str, events: list[Event]) -> None:
        """ "Erfüllt ein Helden- oder Gefallener Zauberer-Spieler die Bedingungen, um den Rat einzuberufen, so kann
        er *Saurons Kriegsrat* als Gefahrenkarte gegen einen Schergen- oder Balrogspieler einsetzen, um das
        Einberufen des Rates am Ende von dessen Runde zu bewirken." In the opponent's movement/hazard phase, within
        the hazard limit; the council is called at the end of that turn and the hero player has the last turn."""
        turn = state["turn"]
        group = self._current_company(state)
        if (
            state["players"][seat]["alignment"] not in ("hero", "fallen-wizard")
            or state["players"][turn["active"]]["alignment"] not in ("minion", "balrog")
            or turn["phase"] != "movement"
            or group is None
            or state["chain"]
        ):
            raise IllegalAction(
                "war_council_hazard",
                gettext_noop(
                    "Als Gefahr spielt ein Helden- oder Gefallener-Zauberer-Spieler Saurons Kriegsrat in der "
                    "Bewegungs-/Gefahrenphase eines Schergen- oder Balrog-Spielers."
                ),
            )
        if not self._may_call_council(state, seat):
            raise IllegalAction(
                "council_not_allowed",
                gettext_noop("Saurons Kriegsrat als Gefahr nur, wenn du selbst den Rat einberufen dürftest."),
            )
        self._check_hazard_limit(group)
        group["hazards"] += 1
        st.move(state, iid, "discard")
        state["council"].update(caller=turn["active"], last_turn=seat)
        self._log(
            events,
            gettext_noop(
                "%(player)s spielt %(card)s als Gefahr: Am Ende dieser Runde wird der Rat einberufen; "
                "%(player)s hat die letzte Runde."
            ),
            seat,
            card=st.info(state, iid)["name_de"],
        )

    def _begin_council(self, state: State, events: list[Event]) -> None:
        state["stage"] = "council"
        state["turn"]["phase"] = "end"
        self._log(events, gettext_noop("Der Rat tritt zusammen: Jeder Charakter macht einen Versuchungswurf."))

    def _do_council_checks(self, state, seat, action, events):
        self._stage(state, "council")
        if state["council"]["done"][seat]:
            raise IllegalAction("council_done", gettext_noop("Deine Versuchungswürfe sind schon gemacht."))
        # ``support``: {character: [helpers]} — characters of the same company tap to give +1
        # ("Versuchungswürfe"); the checks run in the order of the companies, helpers tap as they help.
        support = action.get("support") or {}
        own = st.characters_in_play(state, seat)
        if not isinstance(support, dict) or any(who not in own for who in support):
            raise IllegalAction("bad_support", gettext_noop("„support“ ordnet deinen Charakteren ihre Helfer zu."))
        for iid in list(st.characters_in_play(state, seat)):
            if state["inst"][iid]["zone"] == "play":
                helpers = self._support_for(state, seat, iid, support.get(iid))
                self._corruption_check(state, seat, iid, events, helpers)
        state["council"]["done"][seat] = True
        if all(state["council"]["done"]):
            self._final_score(state, events)

    def _final_score(self, state: State, events: list[Event]) -> None:
        sheets = (self.marshalling_points(state, 0), self.marshalling_points(state, 1))
        scores = scoring.score(sheets, decks=2)
        totals = [scores[0].total, scores[1].total]
        winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
        state["final"] = {
            "totals": totals,
            "winner": winner,
            "ring": None,
            "players": [score.to_json() for score in scores],
        }
        state["stage"] = "over"
        self._log(events, gettext_noop("Endwertung: %(a)s zu %(b)s Punkten."), a=totals[0], b=totals[1])


def is_war_council(info: dict) -> bool:
    """Sauron's War Council is the card Sudden Call (LE-235; "Saurons Kriegsrat" in German)."""
    return key(info["name_en"]) == key("Sudden Call")


def _other_alignment_item(alignment: str, info: dict) -> bool:
    item = info["alignment"].casefold()
    return (alignment == "hero" and item == "minion") or (alignment in ("minion", "balrog") and item == "hero")
