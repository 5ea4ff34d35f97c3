"""The turn's skeleton (seeds/003 "Spielzugübersicht"): phases in order, companies one by one,
passing, automatic passing, trimming the hand, the end of a turn."""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, gettext_noop, ngettext_noop

from . import effects
from . import state as st
from .cardinfo import is_haven, is_hazard, is_long_event
from .constants import PHASE_NAMES, PHASES
from .log_text import part
from .mixin_base import Base

# Automatic steps after one move at most (a batch, the passes of a chain, an attack's planned windows).
AUTO_STEPS = 80


class TurnsMixin(Base):
    def _start_turn(self, state: State, seat: int, events: list[Event]) -> None:
        number = state["turn"]["number"] + 1 if state["turn"] else 1
        state["turn"] = {
            "number": number,
            "active": seat,
            "phase": "untap",
            "char_played": False,
            "company": None,
            "order": [],
            "done": [False, False],
            "trim": False,
        }
        state["players"][seat]["turns"] += 1
        state["players"][seat]["influence_attempt"] = False
        effects.turn_over(state, events)  # card effects "until the end of the turn" end (issue 30)
        self._log(events, gettext_noop("Runde %(n)s: %(player)s ist am Zug."), seat, n=number)
        self._enter_phase(state, "untap", events)

    def _enter_phase(self, state: State, phase: str, events: list[Event]) -> None:
        turn = state["turn"]
        seat = turn["active"]
        turn["phase"] = phase
        turn["company"] = None
        turn["done"] = [False, False]
        for player in state["players"]:
            player["auto_pass"] = False
        self._log(events, gettext_noop("%(phase)s von %(player)s."), seat, phase=part(PHASE_NAMES[phase]))
        effects.phase_begins(self, state, phase, events)  # cards in play whose text acts now (issue 30)
        if phase == "untap":
            for iid in state["players"][seat]["play"]:
                if st.info(state, iid)["type"] != "Site" and not effects.stays_tapped(state, iid):  # sites stay tapped
                    state["inst"][iid]["tapped"] = False
            for group in state["companies"]:
                if group["owner"] == seat and group["site"] and is_haven(st.info(state, group["site"])):
                    for iid in group["chars"]:
                        card = state["inst"][iid]
                        if card["wounded"]:
                            card.update(wounded=False, tapped=True)  # healed: wounded → tapped
        elif phase == "long_event":
            for owner, want_hazard in ((seat, False), (1 - seat, True)):
                for iid in list(state["players"][owner]["play"]):
                    info = st.info(state, iid)
                    if is_long_event(info) and is_hazard(info) == want_hazard:
                        st.move(state, iid, "discard")
                        self._log(
                            events,
                            gettext_noop("%(card)s wird abgeworfen (langfristiges Ereignis)."),
                            card=info["name_de"],
                        )
        elif phase in ("movement", "site"):
            turn["order"] = [c["id"] for c in state["companies"] if c["owner"] == seat]
            self._next_company(state, events)
            return
        elif phase == "end":
            for group in state["companies"]:
                for iid in list(group["on_guard"]):
                    group["on_guard"].remove(iid)
                    st.move(state, iid, "hand")
                    self._log(events, gettext_noop("Eine auf die Lauer gelegte Karte geht zurück auf die Hand."))
        if self._phase_passes_itself(state, phase):
            self._log(
                events, gettext_noop("Nichts zu tun: Die %(phase)s endet von selbst."), phase=part(PHASE_NAMES[phase])
            )
            if phase == "end":
                self._end_turn(state, events)
            else:
                self._enter_phase(state, PHASES[PHASES.index(phase) + 1], events)

    def _next_company(self, state: State, events: list[Event]) -> None:
        """Start the phase of the next company in order, or move on when none is left."""
        turn = state["turn"]
        while turn["order"]:
            cid = turn["order"].pop(0)
            group = st.company(state, cid)
            if group is None:
                continue
            turn["company"] = cid
            turn["done"] = [False, False]
            if turn["phase"] == "movement":
                self._start_movement(state, group, events)
            else:
                group["entered"] = False
                group["minor_extra"] = False  # one extra minor item per site phase ("Geringere Gegenstände")
                if self._site_phase_passes_itself(state, group):
                    self._log_company(
                        events,
                        state,
                        ngettext_noop(
                            "%(company)s steht an einem Zufluchtsort: keine Ortsphase.",
                            "%(company)s stehen an einem Zufluchtsort: keine Ortsphase.",
                        ),
                        group,
                    )
                    continue
                self._log(
                    events,
                    gettext_noop("Ortsphase der Gemeinschaft %(company)s."),
                    company=self._company_label(state, group),
                )
            return
        turn["company"] = None
        self._enter_phase(state, PHASES[PHASES.index(turn["phase"]) + 1], events)

    def _do_next_phase(self, state, seat, action, events):
        self._stage(state, "play")
        turn = state["turn"]
        self._no_chain(state)
        self._no_trim(state)
        if turn["phase"] in ("movement", "site") and turn.get("company") and not self._current_company(state):
            # The company was dissolved during its phase: on to the next one.
            self._require_active(state, seat)
            self._next_company(state, events)
            return None
        if turn["phase"] == "movement" and self._current_company(state):
            if seat != turn["active"]:
                return self._do_pass(state, seat, action, events)
            turn["done"][seat] = True
            self._log(events, gettext_noop("%(player)s ist mit dieser Bewegungs-/Gefahrenphase fertig."), seat)
            self._maybe_finish_movement(state, events)
            return None
        self._require_active(state, seat)
        phase = turn["phase"]
        if phase == "organization" and {"answers", "leave"} & action.keys():
            # Issue 31: the standing answers of every company that has none yet (those that stay), said with the end
            # of the organisation phase.
            for group in state["companies"]:
                if group["owner"] == seat and not group.get("plan"):
                    self._set_plan(state, group, {k: action[k] for k in ("answers", "leave") if k in action})
        if phase == "site" and self._current_company(state):
            self._next_company(state, events)
        elif phase == "end":
            self._end_turn(state, events)
        else:
            self._enter_phase(state, PHASES[PHASES.index(phase) + 1], events)
        return None

    def _maybe_finish_movement(self, state: State, events: list[Event]) -> None:
        turn = state["turn"]
        if all(turn["done"]):
            group = self._current_company(state)
            self._finish_movement(state, group, events)
            self._next_company(state, events)

    def _do_pass(self, state, seat, action, events):
        self._stage(state, "play")
        if state.get("attack") and state["attack"].get("window") and not state["chain"]:
            self._pass_card_window(state, seat, events)
            return
        if state["chain"]:
            if state["priority"] != seat:
                raise IllegalAction(
                    "no_priority", gettext_noop("Dein Gegner darf gerade auf die Kette antworten, nicht du.")
                )
            self._pass_chain(state, seat, events)
            return
        if self._pass_agent_window(state, seat, events):
            return
        if state["turn"].get("auto_attack_window"):
            self._pass_before_auto_attack(state, seat, events)
            return
        turn = state["turn"]
        if turn["phase"] == "movement" and self._current_company(state) and seat != turn["active"]:
            self._no_trim(state)
            if turn["done"][seat]:
                raise IllegalAction(
                    "already_done", gettext_noop("Du hast in dieser Bewegungs-/Gefahrenphase schon gepasst.")
                )
            turn["done"][seat] = True
            self._log(events, gettext_noop("%(player)s spielt keine weiteren Gefahren."), seat)
            self._maybe_finish_movement(state, events)
            return
        raise IllegalAction("nothing_to_pass", gettext_noop("Gerade gibt es nichts zu passen."))

    def _do_auto_pass(self, state, seat, action, events):
        self._stage(state, "play")
        state["players"][seat]["auto_pass"] = bool(action.get("on", True))
        self._log(events, gettext_noop("%(player)s passt für den Rest dieser Phase automatisch."), seat)

    def _auto_passes(self, state: State, events: list[Event]) -> None:
        """Play by post must not stall: a seat that chose auto-pass, or has nothing to answer, passes
        (auto_pass.py); what players said in advance is carried out (a hazard batch, the plans of an attack, standing
        answers)."""
        for _ in range(AUTO_STEPS):
            if state["stage"] != "play" or state.get("request"):
                return
            if state.get("attack") and not state["chain"]:
                if not self._plan_step(state, events):
                    return
            elif not self._pace(state, events):
                return

    def _do_discard(self, state, seat, action, events):
        """Trimming the hand to eight (Bewegungs-/Gefahrenphase and Abschlussphase)."""
        self._stage(state, "play")
        player = state["players"][seat]
        if not state["turn"].get("trim") or len(player["hand"]) <= st.HAND_SIZE:
            raise IllegalAction("no_trim", gettext_noop("Du musst gerade keine Karte abwerfen."))
        wanted = action.get("cards") if action.get("card") is None else [action.get("card")]
        if not isinstance(wanted, list) or not wanted or len(set(map(str, wanted))) != len(wanted):
            raise IllegalAction("bad_discard", gettext_noop("„card“ oder „cards“ nennt Handkarten zum Abwerfen."))
        if len(player["hand"]) - len(wanted) < st.HAND_SIZE:
            raise IllegalAction("discard_too_many", gettext_noop("Abgeworfen wird nur bis auf acht Handkarten."))
        for iid in wanted:
            self._own(state, seat, iid, "hand")
        for iid in wanted:  # several at once: one move for the whole trim
            st.move(state, iid, "discard")
            self._log(events, gettext_noop("%(player)s wirft %(card)s ab."), seat, card=st.info(state, iid)["name_de"])
        if all(len(p["hand"]) <= st.HAND_SIZE for p in state["players"]):
            state["turn"]["trim"] = False
            if state["turn"].get("after_trim") == "end_turn":
                state["turn"]["after_trim"] = None
                self._finish_turn(state, events)

    def _end_turn(self, state: State, events: list[Event]) -> None:
        self._refill_hands(state, events)
        if state["turn"]["trim"]:
            state["turn"]["after_trim"] = "end_turn"
            return
        self._finish_turn(state, events)

    def _finish_turn(self, state: State, events: list[Event]) -> None:
        effects.turn_ends(self, state, events)  # "At the end of each of his turns" (Covetous Thoughts)
        self._discard_doomed_agents(state, events)  # agents.py: "am Ende der Runde abgeworfen"
        seat = state["turn"]["active"]
        council = state["council"]
        if council["last_turn"] == seat:
            self._begin_council(state, events)
            return
        players = state["players"]
        if council["caller"] is None and all(p["exhausted"] >= 2 for p in players):
            # Both decks exhausted twice: the game ends with this round (the second player's turn).
            if seat != state["first"]:
                self._begin_council(state, events)
                return
            council["caller"] = seat
            council["last_turn"] = 1 - seat
            self._log(events, gettext_noop("Beide Spielstapel sind zweimal aufgebraucht: Dies ist die letzte Runde."))
        self._start_turn(state, 1 - seat, events)
