"""Fewer submissions (issue 19 point 6): what passes by itself because nobody has a choice.

- A phase in which the player at turn has nothing legal to do passes by itself: the untap phase (it only
  untaps and heals), the long-event phase without a resource long-event in hand, the site phase of a
  company at a haven (no items, no automatic attack there), the end phase when the council cannot be
  called. Decision: an end-phase discard of choice is given up for it.
- In a movement/hazard phase the moving player is done by itself when no card draw is left and no resource
  short-event is in hand, or when they chose "ich passe, bis etwas auf meine Gemeinschaft gespielt wird"
  (``wait``); the hazard player when no hazard is in hand and no card can go on guard.
- In a chain a player without any card that could answer passes by itself.
- The option ``auto_phases: false`` (match option) switches all this off (every pass is a move).

Issue 31 adds what a player says in advance (standing.py, batches.py, plans.py): a company's standing answers (its
player is done in its movement/hazard phase and passes chains without a creature on it), the hazard player's batch
(played one by one as the phase comes back to the company), and the plans of an attack (cards played and passes in
its card windows). They are the player's own choice and work whatever ``auto_phases`` says.
"""

from __future__ import annotations

from matches.engine.base import Event, State, gettext_noop

from . import effects, scripts
from . import state as st
from .cardinfo import is_haven, is_hazard, is_long_event, is_short_event
from .mixin_base import Base
from .standing import creature_on, standing


class AutoPassMixin(Base):
    @staticmethod
    def _auto(state: State) -> bool:
        return state.get("auto_phases", True)

    def _phase_passes_itself(self, state: State, phase: str) -> bool:
        if not self._auto(state):
            return False
        seat = state["turn"]["active"]
        hand = [st.info(state, i) for i in state["players"][seat]["hand"]]
        if phase == "untap":
            return True
        if phase == "long_event":
            return not any(is_long_event(info) and not is_hazard(info) for info in hand)
        if phase == "end":
            return not self._may_call_council(state, seat)
        return False

    def _site_phase_passes_itself(self, state: State, group: dict) -> bool:
        return self._auto(state) and bool(group["site"]) and is_haven(st.info(state, group["site"]))

    def _nothing_for_mover(self, state: State, group: dict) -> bool:
        seat = group["owner"]
        if state["players"][seat].get("wait") or standing(group).get("answers") == "creatures":
            return True
        if not self._auto(state):
            return False
        turn = state["turn"]
        draws_left = group["dest"] and group["drawn"][seat] < (turn.get("allowance") or [0, 0])[seat]
        resources = any(
            is_short_event(st.info(state, i)) and not is_hazard(st.info(state, i))
            for i in state["players"][seat]["hand"]
        )
        return not draws_left and not resources

    def _nothing_for_hazards(self, state: State, group: dict) -> bool:
        if not self._auto(state):
            return False
        seat = 1 - group["owner"]
        hand = state["players"][seat]["hand"]
        room = group["hazards"] < (group["limit"] or 0)
        on_guard = (
            room and group["dest"] and hand and not any(state["inst"][i]["owner"] == seat for i in group["on_guard"])
        )
        return not on_guard and not (room and any(is_hazard(st.info(state, i)) for i in hand))

    def _nothing_to_answer(self, state: State, seat: int) -> bool:
        """No card in hand that could answer in a chain: short events of the player's side."""
        if state.get("chain_window") in effects.CARD_WINDOWS:
            return not effects.holds_playable(state, seat)  # in an attack only scripted cards answer
        hazard_side = seat != state["turn"]["active"]
        group = self._current_company(state)
        if (
            not hazard_side
            and group is not None
            and state["turn"]["phase"] == "movement"
            and standing(group).get("answers") == "creatures"
            and not creature_on(state, group)
        ):
            return True  # "keine Antwort, außer wenn eine Kreatur auf diese Gemeinschaft gespielt wird"
        if not self._auto(state):
            return False
        if hazard_side and (
            group is None or state["turn"]["phase"] != "movement" or group["hazards"] >= group["limit"]
        ):
            return True  # hazards only in a movement/hazard phase, within the limit
        return not any(self._could_answer(state, seat, iid, hazard_side) for iid in state["players"][seat]["hand"])

    @staticmethod
    def _could_answer(state: State, seat: int, iid: str, hazard_side: bool) -> bool:
        """A short event of the seat's side could answer a chain: a scripted one only where its script lets it be
        played now (Dodge only before a strike: not in a chain of the movement/hazard phase); one the table does
        not carry out always could (its effect is then proposed)."""
        info = st.info(state, iid)
        if not is_short_event(info) or is_hazard(info) != hazard_side:
            return False
        if scripts.script(info["code"], state) is None:
            return True
        return bool(effects.uses(state, seat, iid))

    def _do_wait(self, state, seat, action, events):
        """ "Ich passe, bis etwas auf meine Gemeinschaft gespielt wird": in the movement/hazard phases of one's
        own companies one is done by itself, and asked only when a card is played (a chain)."""
        self._stage(state, "play")
        on = action.get("on", True) is not False
        state["players"][seat]["wait"] = on
        template = (
            gettext_noop("%(player)s passt in eigenen Bewegungs-/Gefahrenphasen, bis etwas gespielt wird.")
            if on
            else gettext_noop("%(player)s entscheidet in eigenen Bewegungs-/Gefahrenphasen wieder selbst.")
        )
        self._log(events, template, seat)

    def _pace(self, state: State, events: list[Event]) -> bool:
        """One automatic step in a movement/hazard phase or a chain; True if something happened."""
        if state["chain"]:
            seat = state["priority"]
            if state["players"][seat]["auto_pass"] or self._nothing_to_answer(state, seat):
                self._log(events, gettext_noop("%(player)s passt automatisch."), seat)
                self._pass_chain(state, seat, events)
                return True
            return False
        if self._trim_step(state, events) or self._batch_step(state, events) or self._site_step(state, events):
            return True
        turn = state["turn"]
        group = self._current_company(state)
        if turn["phase"] != "movement" or group is None or turn.get("trim"):
            return False
        active, hazard = turn["active"], 1 - turn["active"]
        if not turn["done"][hazard] and (
            state["players"][hazard]["auto_pass"] or self._nothing_for_hazards(state, group)
        ):
            turn["done"][hazard] = True
            self._log(events, gettext_noop("%(player)s passt automatisch."), hazard)
        elif not turn["done"][active] and self._nothing_for_mover(state, group):
            turn["done"][active] = True
            self._log(events, gettext_noop("%(player)s ist mit dieser Bewegungs-/Gefahrenphase fertig."), active)
        else:
            return False
        self._maybe_finish_movement(state, events)
        return True
