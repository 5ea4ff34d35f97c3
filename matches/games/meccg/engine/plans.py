"""Combat in one submission per side (issue 31): the defender's and the attacker's plans for an attack by a creature,
an automatic attack or an agent (seeds/003 "Angriffe (Kämpfe)"); the server rolls every die.

- ``defend`` (the defender, before strikes are assigned or when the table needs his decision on a strike):
  ``strikes`` — the untapped characters he assigns strikes to, in order; ``order`` — the order in which the strikes
  are resolved (default: ``strikes``, then the company's order); ``support`` — for each character, the characters
  that tap in its support if they are still untapped and without a strike (``{character: [helpers]}``, or a list of
  ``[character, helper]`` pairs); ``untapped`` — characters that take −3 to stay untapped against their strike;
  ``cards`` — cards to play before a strike (or its body check): ``{"card", "for", "mode", "target", "window"}``.
  Sent while the defender holds priority before strikes are assigned, it is also his pass there.
- ``attacker_plan`` (the attacker, when he has a choice): ``strikes`` — the remaining strikes, when there are fewer
  than characters without one; ``excess`` — how many excess strikes (−1 each) go on each character's strike (the
  last open strike takes all that are left, as before); ``cards`` — his cards for the strikes.

A plan speaks for its own player only: in the card windows of the attack he plays the cards he named and otherwise
passes; a chain started by the opponent still asks him when he holds a card that could answer it. The rules'
order stays as it was: the defender assigns first, the attacker then assigns the rest, each strike is resolved
in the defender's order with the attacker's −1s put on it before its card window.
"""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import effects, snapshot, stats
from .mixin_base import Base

PLAN_WINDOWS = ("strike", "body_check")


def _ids(raw, allowed: list[str], field: str) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or len(set(map(str, raw))) != len(raw) or any(i not in allowed for i in raw):
        raise IllegalAction(
            "bad_plan",
            gettext_noop("„%(field)s“ ist eine Liste verschiedener Charaktere der angegriffenen Gemeinschaft."),
            field=field,
        )
    return list(raw)


class CombatPlansMixin(Base):
    # --- what may be planned ------------------------------------------------------------------------------------

    def _window_cards(self, state: State, seat: int, chars: list[str]) -> list[dict]:
        """The cards ``seat`` could play before a strike against (or the body check of) each of ``chars``: the
        scripted uses ``effects.play_candidates`` finds in that window, tried on a view of the attack (nothing
        changes)."""
        attack = state["attack"]
        found = []
        for char in chars:
            for window in PLAN_WINDOWS:
                sim = dict(state)
                sim["chain"] = []
                sim["request"] = None
                sim["attack"] = {**attack, "strike": char, "window": {"name": window, "seat": seat, "passes": 0}}
                if window == "body_check":
                    sim["attack"]["pending_body"] = {"character": char, "modifier": 0}
                for iid in state["players"][seat]["hand"]:
                    for use in effects.play_candidates(sim, seat, iid):
                        entry = {k: use[k] for k in ("card", "mode", "target") if k in use}
                        found.append({**entry, "for": char, "window": window, "label": use["label"]})
        return found

    def _planned_cards(self, state: State, seat: int, raw, chars: list[str]) -> list[dict]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            raise IllegalAction("bad_plan", gettext_noop("„cards“ ist eine Liste geplanter Karten."))
        options = self._window_cards(state, seat, chars) if raw else []
        plan = []
        for entry in raw:
            wanted = {k: entry.get(k) for k in ("card", "for", "mode", "window")} if isinstance(entry, dict) else {}
            match = next(
                (o for o in options if all(wanted[k] in (None, o.get(k)) for k in wanted) and wanted["card"]),
                None,
            )
            if match is None:
                raise IllegalAction(
                    "card_not_for_strike",
                    gettext_noop("Diese Karte ist vor diesem Hieb nicht spielbar (oder nicht auf deiner Hand)."),
                )
            plan.append({k: v for k, v in match.items() if k != "label"})
        if len({p["card"] for p in plan}) != len(plan):
            raise IllegalAction("bad_plan", gettext_noop("Jede Karte lässt sich nur einmal planen."))
        return plan

    # --- the defender --------------------------------------------------------------------------------------------

    def _do_defend(self, state, seat, action, events):
        attack = self._plan_attack(state, seat, "defender")
        window = attack.get("window")
        if window and window["name"] != "attack":
            raise IllegalAction("not_your_window", gettext_noop("Gerade bist du nicht an der Reihe."))
        if not window and attack["stage"] not in ("defender", "resolve", "strike_defender"):
            raise IllegalAction("not_your_window", gettext_noop("Gerade bist du nicht an der Reihe."))
        group = self._attack_group(state)
        fighters = stats.fighters(state, group)
        strikes = _ids(action.get("strikes"), fighters, "strikes")
        if strikes and attack["stage"] != "defender":
            raise IllegalAction("strikes_assigned", gettext_noop("Die Hiebe sind schon zugewiesen."))
        for iid in strikes:
            if not self._untapped(state, iid):
                raise IllegalAction(
                    "strike_tapped", gettext_noop("Der Verteidiger weist Hiebe nur ungetappten Charakteren zu.")
                )
        attack["defence"] = {
            "strikes": strikes,
            "order": _ids(action.get("order"), fighters, "order"),
            "untapped": _ids(action.get("untapped"), fighters, "untapped"),
            "support": self._planned_support(action.get("support"), fighters),
            "cards": self._planned_cards(state, seat, action.get("cards"), fighters),
        }
        self._log(events, gettext_noop("%(player)s legt die Verteidigung fest."), seat)
        if window:
            self._pass_card_window(state, seat, events)  # the plan is also the pass before strikes are assigned
        elif attack["stage"] == "strike_defender":
            iid = attack["strike"]
            self._roll_strike(state, iid, *self._planned_decision(state, iid), events)
        else:
            self._advance_attack(state, events)

    @staticmethod
    def _planned_support(raw, fighters: list[str]) -> dict[str, list[str]]:
        pairs = raw.items() if isinstance(raw, dict) else raw or []
        support: dict[str, list[str]] = {}
        for pair in pairs:
            if isinstance(raw, dict):
                char, helpers = pair
            elif isinstance(pair, list) and len(pair) == 2:
                char, helpers = pair[0], [pair[1]]
            else:
                char, helpers = None, None
            if (
                char not in fighters
                or not isinstance(helpers, list)
                or any(h not in fighters or h == char for h in helpers)
            ):
                raise IllegalAction(
                    "bad_support",
                    gettext_noop("„support“ nennt je Charakter andere Charaktere derselben Gemeinschaft als Helfer."),
                )
            support.setdefault(char, [])
            support[char] += [h for h in helpers if h not in support[char]]
        return support

    def _plan_attack(self, state: State, seat: int, side: str) -> dict:
        self._stage(state, "play")
        attack = state.get("attack")
        if not attack:
            raise IllegalAction("no_attack", gettext_noop("Gerade läuft kein Angriff."))
        if attack.get("versus"):
            raise IllegalAction(
                "not_for_versus", gettext_noop("Im Kampf zwischen Gemeinschaften wird Hieb für Hieb entschieden.")
            )
        if seat != attack[side] or self._attack_seat(state) != seat or state["chain"]:
            raise IllegalAction("not_your_window", gettext_noop("Gerade bist du nicht an der Reihe."))
        return attack

    def _planned_decision(self, state: State, iid: str) -> tuple[list[str], bool]:
        """The defender's plan for the strike against ``iid``, as far as it still holds: helpers still untapped and
        without a strike, staying untapped only if the character is."""
        attack = state["attack"]
        plan = attack.get("defence") or {}
        group = self._attack_group(state)
        free = [c for c in self._unassigned(state, group) if self._untapped(state, c)]
        helpers = [h for h in plan.get("support", {}).get(iid, []) if h in free]
        return helpers, iid in plan.get("untapped", []) and self._untapped(state, iid)

    def _planned_order(self, state: State, open_strikes: list[str]) -> str:
        return self._strike_order(state, open_strikes)[0]

    def _assign_planned(self, state: State, events: list) -> None:
        """The defender's planned strikes, while strikes are left and the character can still take one."""
        attack = state["attack"]
        for iid in (attack.get("defence") or {}).get("strikes", []):
            group = self._attack_group(state)
            if attack["left"] and iid in self._unassigned(state, group) and self._untapped(state, iid):
                self._assign(state, iid, events)

    # --- the attacker --------------------------------------------------------------------------------------------

    def _do_attacker_plan(self, state, seat, action, events):
        attack = self._plan_attack(state, seat, "attacker")
        if attack.get("window") or attack["stage"] not in ("attacker", "excess", "strike_attacker"):
            raise IllegalAction("not_your_window", gettext_noop("Gerade bist du nicht an der Reihe."))
        group = self._attack_group(state)
        fighters = stats.fighters(state, group)
        free = self._unassigned(state, group)
        strikes = _ids(action.get("strikes"), free, "strikes")
        need = min(attack["left"], len(free)) if attack["stage"] == "attacker" else 0
        if len(strikes) != need:
            raise IllegalAction(
                "strikes_missing",
                gettext_noop("Weise genau %(n)s Hiebe Charakteren ohne Hieb zu."),
                n=need,
            )
        excess = action.get("excess") or {}
        if not isinstance(excess, dict) or any(
            c not in fighters or isinstance(n, bool) or not isinstance(n, int) or n < 0 for c, n in excess.items()
        ):
            raise IllegalAction("bad_excess", gettext_noop("„excess“ nennt je Charakter die Zahl überzähliger Hiebe."))
        attack["offence"] = {
            "excess": dict(excess),
            "cards": self._planned_cards(state, seat, action.get("cards"), fighters),
        }
        self._log(events, gettext_noop("%(player)s legt den Angriff fest."), seat)
        for iid in strikes:
            self._assign(state, iid, events)
        if attack["stage"] == "strike_attacker":
            iid = attack["strike"]
            self._excess(state, iid, min(excess.get(iid, 0), attack["excess_left"]), events)
            self._choose_strike(state, iid, None, events)
            return
        if attack["stage"] == "excess":
            attack["stage"] = "resolve"
        self._advance_attack(state, events)

    def _attacker_must_plan(self, state: State) -> bool:
        """After the strikes are assigned in a planned defence: the attacker has excess strikes to put on several
        strikes, or holds a card for one of the strikes — he says all of it in one plan."""
        attack = state["attack"]
        if attack.get("offence") or attack.get("versus") or not attack.get("defence"):
            return False  # without the defender's plan the attack goes step by step, as before
        open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        if open_strikes and self._window_cards(state, attack["attacker"], open_strikes):
            return True
        if not attack.get("excess_left") or len(open_strikes) < 2:
            return False
        policy = state["players"][attack["attacker"]].get("excess")
        if policy is None:
            return True
        # batches.py: the attacker said with his hazards how excess strikes go on (a standing answer).
        order = self._strike_order(state, open_strikes)
        excess: dict[str, int] = {}
        for n in range(attack["excess_left"]):
            iid = order[0] if policy == "first" else order[n % len(order)]
            excess[iid] = excess.get(iid, 0) + 1
        attack["offence"] = {"excess": excess, "cards": []}
        return False

    def _strike_order(self, state: State, open_strikes: list[str]) -> list[str]:
        plan = state["attack"].get("defence") or {}
        ranked = [c for c in dict.fromkeys([*plan.get("order", []), *plan.get("strikes", [])]) if c in open_strikes]
        return ranked + [c for c in open_strikes if c not in ranked]

    def _rest_by_policy(self, state: State, free: list[str], events: list) -> bool:
        """The attacker's standing answer (batches.py) assigns the remaining strikes: to the characters without one
        with the lowest prowess first (the likeliest to be wounded). False: he has none, he is asked."""
        attack = state["attack"]
        if not state["players"][attack["attacker"]].get("excess") or attack.get("versus"):
            return False
        weakest = sorted(free, key=lambda c: (stats.prowess(state, c, against=attack.get("race")), free.index(c)))
        for iid in weakest[: attack["left"]]:
            self._assign(state, iid, events)
        return True

    def _planned_excess(self, state: State, iid: str, last: bool) -> int:
        attack = state["attack"]
        left = attack.get("excess_left", 0)
        if last:
            return left
        return min(((attack.get("offence") or {}).get("excess") or {}).get(iid, 0), left)

    # --- the card windows --------------------------------------------------------------------------------------------

    def _plan_step(self, state: State, events: list[Event]) -> bool:
        """In a card window of the attack the seat with priority has a plan: play its next card for this strike,
        or pass. True if something happened."""
        attack = state.get("attack")
        window = attack.get("window") if attack and not state["chain"] else None
        if not window:
            return False
        seat = window["seat"]
        plan = attack.get("defence") if seat == attack["defender"] else attack.get("offence")
        if plan is None:
            return False
        char = (
            (attack.get("pending_body") or {}).get("character")
            if window["name"] == "body_check"
            else attack.get("strike")
        )
        entry = next((c for c in plan["cards"] if c["window"] == window["name"] and c["for"] == char), None)
        if entry is None:
            self._pass_card_window(state, seat, events)
            return True
        plan["cards"].remove(entry)
        play = {"type": "play_card", **{k: entry[k] for k in ("card", "mode", "target") if k in entry}}
        saved, count = snapshot.backup(state), len(events)
        try:
            self._do_play_card(state, seat, play, events)
        except IllegalAction as refusal:
            snapshot.restore(state, saved)
            del events[count:]
            events.append(
                Event(
                    Text(gettext_noop("%(player)s lässt eine geplante Karte aus."), {"seat": seat}),
                    private={
                        seat: Text(gettext_noop("Nicht gespielt: %(reason)s"), {"reason": refusal.text.to_json()})
                    },
                )
            )
        return True
