"""The end of the game (seeds/003 "Spielende"): calling the council, the last checks, the score."""

from __future__ import annotations

import math

from matches.engine.base import Event, IllegalAction, State, gettext_noop

from . import scoring
from . import state as st
from .cardinfo import is_hazard, key
from .common import COUNCIL_POINTS, Base


class CouncilMixin(Base):
    def marshalling_points(self, state: State, seat: int) -> scoring.Sheet:
        """The player's score sheet from the table: cards in play and in the marshalling point pile."""
        player = state["players"][seat]
        alignment = player["alignment"]
        totals = dict.fromkeys(("character", "item", "ally", "faction", "miscellaneous"), 0)
        plain = starred = 0
        counted = [i for i in player["play"] if not state["inst"][i]["face_down"]] + list(player["mp"])
        for iid in counted:
            info = st.info(state, iid)
            points = info["mp"] or 0
            kind = info["mp_type"]
            if not points or not kind or state["inst"][iid].get("agent") is not None:
                continue  # an agent played as a hazard scores nothing for its player
            if state["inst"][iid]["owner"] != seat and state["inst"][iid]["zone"] == "mp":
                # An opponent's character eliminated in company combat: kill points, counted like creature
                # points ("Kämpfe zwischen Gemeinschaften") whichever star the alignment scores.
                plain += points
                starred += points
                continue
            if kind != "kill" and info["type"] not in ("Character", "Resource"):
                continue  # a hazard on the table scores nothing for the player who played it
            if kind != "kill" and alignment == "fallen-wizard" and not info.get("stage_points"):
                # "Gefallener Zauberer-Regeln": apart from development (stage) cards every card with marshalling
                # points counts 1.
                points = min(points, 1)
            elif kind == "item" and _other_alignment_item(alignment, info):
                # "Gegenstände: Einschränkungen": a hero's minion item (and the reverse) scores half, rounded up.
                points = math.ceil(points / 2)
            if kind == "kill":
                if state["inst"][iid]["zone"] != "mp":
                    continue  # a creature scores only once defeated (in the pile)
                if info["mp_starred"]:
                    starred += points
                else:
                    plain += points
            elif kind in totals:
                totals[kind] += points
        own_unique = {
            key(st.info(state, i)["name_en"])
            for i in counted
            if st.info(state, i)["unique"] and st.info(state, i)["mp"]
        }
        opponent_hand = state["players"][1 - seat]["hand"]
        in_hand = sum(
            1
            for i in opponent_hand
            if not is_hazard(st.info(state, i)) and key(st.info(state, i)["name_en"]) in own_unique
        )
        return scoring.Sheet(
            alignment=player["alignment"],
            characters=totals["character"],
            special=totals["miscellaneous"],
            items=totals["item"],
            allies=totals["ally"],
            factions=totals["faction"],
            creatures_plain=plain,
            creatures_starred=starred,
            unique_in_opponent_hand=in_hand,
            lost_avatar=player["lost_avatar"],
        )

    def _may_call_council(self, state: State, seat: int) -> bool:
        player = state["players"][seat]
        if state["council"]["caller"] is not None:
            return False
        if player["exhausted"] >= 2:
            return True
        # Decision: the 25 points are counted as the raw sum of the categories (before doubling), as a
        # player adds them up at the table; Sauron's War Council for minions is left to the players.
        sheet = self.marshalling_points(state, seat)
        raw = sum(scoring.raw_categories(sheet).values())
        return player["exhausted"] >= 1 and raw >= COUNCIL_POINTS

    def _do_call_council(self, state, seat, action, events):
        self._require_active(state, seat, "end")
        if not self._may_call_council(state, seat):
            raise IllegalAction(
                "council_not_allowed",
                gettext_noop(
                    "Den Rat darfst du erst einberufen, wenn dein Spielstapel zweimal aufgebraucht ist, oder einmal "
                    "und du mindestens 25 Siegpunkte hast."
                ),
            )
        state["council"].update(caller=seat, last_turn=1 - seat)
        self._log(events, gettext_noop("%(player)s beruft den Rat ein. Der Gegner hat noch eine letzte Runde."), seat)
        self._end_turn(state, events)

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


def _other_alignment_item(alignment: str, info: dict) -> bool:
    item = info["alignment"].casefold()
    return (alignment == "hero" and item == "minion") or (alignment in ("minion", "balrog") and item == "hero")
