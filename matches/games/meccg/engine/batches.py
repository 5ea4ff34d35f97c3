"""Hazards in one submission (issue 31, "MECCG at the pace of post"): the hazard player says at once which hazards he
plays on the company whose movement/hazard phase it is — in order, each checked against the hazard limit and, for a
creature, its key — how many more cards he draws, and whether he is then done with the phase.

``{"type": "hazards", "plays": [{"type": "play_card", "card": …, "keyed": …} | {"type": "on_guard", "card": …}],
"draws": n, "done": true, "discard": [card, …]}``: the draws are made at once; the first play is made at once (a
refusal refuses the whole submission); the others wait in ``group["batch"]`` (seen only by their player) and the
table plays each as soon as the phase is back with the company — after the moving player's answers and any attack
the previous one caused — exactly as if the hazard player had sent it then. A play the rules refuse by then (the
company is gone, a card's condition no longer holds) is skipped and its player told why; the card stays in his hand.
With ``done`` the hazard player is done with the phase once the batch is played (seeds/003 "Bewegungs- und
Gefahrenphase": each hazard is its own chain, so the moving player may still answer each one). ``discard``: the
cards he discards, in this order, whenever he has to discard down to eight during this turn (a standing answer: the
hand is trimmed by itself as far as the list goes; for what it does not cover he is asked). ``excess``: how the
table decides for him in his attacks from now on (also the automatic attacks he leads) where he would have to
choose — the remaining strikes go to the characters without one with the lowest prowess first; his excess strikes
(−1 each) ``"first"`` all on the first strike resolved, ``"spread"`` one by one over the strikes in their order;
``"ask"``: he is asked (the default, until he says otherwise).
"""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import snapshot
from . import state as st
from .cardinfo import is_creature, is_hazard
from .mixin_base import Base

BATCH_TYPES = ("play_card", "on_guard")
PLAY_FIELDS = ("type", "card", "keyed", "target", "mode")
MAX_PLAYS = 12
EXCESS_POLICIES = ("ask", "first", "spread")


class HazardBatchMixin(Base):
    def _do_hazards(self, state, seat, action, events):
        self._stage(state, "play")
        self._no_chain(state)
        self._no_trim(state)
        turn = state["turn"]
        group = self._current_company(state)
        if turn["phase"] != "movement" or group is None or seat == turn["active"]:
            raise IllegalAction(
                "hazard_phase",
                gettext_noop("Gefahren werden in der Bewegungs-/Gefahrenphase einer Gemeinschaft gespielt."),
            )
        plays = self._batch_plays(state, seat, group, action.get("plays", []))
        draws = self._number(action, "draws", 0, 0, 10)
        done = action.get("done", True) is not False
        if not (plays or draws or done or action.get("discard") or action.get("excess")):
            raise IllegalAction(
                "empty_batch", gettext_noop("Die Gefahren sagen nichts: spiele eine, ziehe Karten oder sei fertig.")
            )
        self._trim_plan(state, seat, action.get("discard"))
        excess = action.get("excess")
        if excess is not None:
            if excess not in EXCESS_POLICIES:
                raise IllegalAction("bad_excess", gettext_noop("„excess“ ist „ask“, „first“ oder „spread“."))
            state["players"][seat]["excess"] = None if excess == "ask" else excess
        if draws:
            self._extra_draws(state, seat, group, draws, events)
        group["batch"] = {"seat": seat, "plays": plays, "done": done}
        if plays:
            names = [st.info(state, p["card"])["name_de"] for p in plays]
            events.append(
                Event(
                    Text(gettext_noop("%(player)s legt die Gefahren für diese Gemeinschaft fest."), {"seat": seat}),
                    private={
                        seat: Text(gettext_noop("In dieser Reihenfolge: %(cards)s."), {"cards": ", ".join(names)})
                    },
                )
            )
            self._batch_play(state, seat, plays.pop(0), events)  # the first at once: refused → all refused
        if not group["batch"]["plays"] and not done:
            group.pop("batch", None)

    def _trim_plan(self, state: State, seat: int, raw) -> None:
        if raw is None:
            return
        if not isinstance(raw, list) or len(set(map(str, raw))) != len(raw):
            raise IllegalAction("bad_discard", gettext_noop("„discard“ ist eine Liste verschiedener Handkarten."))
        for iid in raw:
            self._own(state, seat, iid, "hand")
        plans = state["turn"].setdefault("trim_plan", [[], []])
        plans[seat] = list(raw)

    def _trim_step(self, state: State, events: list[Event]) -> bool:
        """Discard down to eight by a seat's standing list (as far as it goes); True if something happened."""
        turn = state["turn"]
        if not turn.get("trim") or not turn.get("trim_plan"):
            return False
        for seat in (0, 1):
            hand = state["players"][seat]["hand"]
            excess = len(hand) - st.HAND_SIZE
            cards = [i for i in turn["trim_plan"][seat] if i in hand][: max(excess, 0)]
            if cards:
                turn["trim_plan"][seat] = [i for i in turn["trim_plan"][seat] if i not in cards]
                self._do_discard(state, seat, {"type": "discard", "cards": cards}, events)
                return True
        return False

    def _batch_plays(self, state: State, seat: int, group: dict, raw) -> list[dict]:
        """The plays of a batch, checked as far as they can be now: own hazards in hand, each card once, no more
        than the hazard limit leaves, at most one card on guard, every creature keyed as announced."""
        if not isinstance(raw, list) or len(raw) > MAX_PLAYS:
            raise IllegalAction("bad_batch", gettext_noop("„plays“ ist eine Liste von Gefahren (höchstens zwölf)."))
        plays = []
        for play in raw:
            if not isinstance(play, dict) or play.get("type") not in BATCH_TYPES:
                raise IllegalAction(
                    "bad_batch", gettext_noop("Jede Gefahr ist „play_card“ oder „on_guard“ mit der Karte („card“).")
                )
            plays.append({k: play[k] for k in PLAY_FIELDS if k in play})
        cards = [p.get("card") for p in plays]
        if len(set(map(str, cards))) != len(cards):
            raise IllegalAction("bad_batch", gettext_noop("Jede Karte kommt in den Gefahren nur einmal vor."))
        room = group["limit"] - group["hazards"]
        if len(plays) > room:
            raise IllegalAction(
                "hazard_limit",
                gettext_noop("Das Gefahrenlimit dieser Gemeinschaft lässt noch %(n)s Gefahren zu."),
                n=max(room, 0),
            )
        guards = [p for p in plays if p["type"] == "on_guard"]
        if len(guards) > 1 or (guards and any(state["inst"][i]["owner"] == seat for i in group["on_guard"])):
            raise IllegalAction(
                "one_on_guard", gettext_noop("Je Bewegungs-/Gefahrenphase höchstens eine Karte auf die Lauer.")
            )
        for play in plays:
            info = st.info(state, self._own(state, seat, play.get("card"), "hand"))
            if play["type"] == "play_card" and is_hazard(info) and is_creature(info):
                self._key_creature(state, info, group, play.get("keyed"))  # refused with the keying's message
        return plays

    def _extra_draws(self, state: State, seat: int, group: dict, n: int, events: list) -> None:
        allowance = (state["turn"].get("allowance") or [0, 0])[seat]
        if not group["dest"] or group["drawn"][seat] + n > allowance:
            raise IllegalAction(
                "draw_limit",
                gettext_noop("Du darfst für diese Bewegung höchstens %(n)s Karten ziehen."),
                n=allowance if group["dest"] else 0,
            )
        self._draw_cards(state, seat, n, events)
        group["drawn"][seat] += n

    def _batch_play(self, state: State, seat: int, play: dict, events: list) -> None:
        handler = self._do_play_card if play["type"] == "play_card" else self._do_on_guard
        handler(state, seat, dict(play), events)

    def _batch_step(self, state: State, events: list[Event]) -> bool:
        """Play the next queued hazard when the phase is back with the company; True if something happened."""
        group = self._current_company(state)
        batch = group.get("batch") if group else None
        if not batch or state["turn"]["phase"] != "movement" or state["turn"].get("trim"):
            return False
        seat = batch["seat"]
        if not batch["plays"]:
            group.pop("batch")
            if batch["done"] and not state["turn"]["done"][seat]:
                state["turn"]["done"][seat] = True
                self._log(events, gettext_noop("%(player)s spielt keine weiteren Gefahren."), seat)
                self._maybe_finish_movement(state, events)
            return True
        play = batch["plays"].pop(0)
        saved, count = snapshot.backup(state), len(events)
        try:
            self._batch_play(state, seat, play, events)
        except IllegalAction as refusal:
            snapshot.restore(state, saved)
            del events[count:]  # the queued play is gone from the restored batch too
            name = st.info(state, play["card"])["name_de"] if play.get("card") in state["inst"] else "–"
            events.append(
                Event(
                    Text(gettext_noop("%(player)s lässt eine festgelegte Gefahr aus."), {"seat": seat}),
                    private={
                        seat: Text(
                            gettext_noop("%(card)s wird nicht gespielt: %(reason)s"),
                            {"card": name, "reason": refusal.text.to_json()},
                        )
                    },
                )
            )
        return True
