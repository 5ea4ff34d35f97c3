"""Attacks resolved by the table (seeds/003 "Angriffe (Kämpfe)": "Zuweisung der Hiebe", "Abwicklung der Hiebe",
"Besiegen eines Angriffs", "Konstitutionswurf", "Verhöre").

An attack (a hazard creature, an automatic attack of a site) is ``state["attack"]`` while it runs:

1. ``defender``: the company's player assigns strikes to untapped characters and allies (``assign_strike``),
   or stops (``assign_done``);
2. ``attacker``: the hazard player assigns the rest to characters without a strike (forced when there are
   at least as many strikes as such characters); strikes beyond every character are *excess* strikes
   (``excess_left``);
3. ``resolve``: the defender picks the next strike (``resolve_strike``). "Vor der Abwicklung eines Hiebes …
   kann [der Angreifer] außerdem -1 Modifikationen auf das Kampfgeschick zuweisen, sofern noch überzählige
   Hiebe existieren": while excess strikes are left, ``strike_attacker`` — the attacker puts some of them on
   this strike (``attacker_strike`` with ``excess``; on the last open strike the table puts all that are
   left, nothing else could help him) —, then ``strike_defender``: characters tapping in support, +1 each,
   and whether the character stays untapped, −3 (``resolve_strike``); a step without a choice is skipped.
   The server rolls, then the body check against the modified body;
4. ``takeover``: the items of an eliminated character may pass to unwounded company members
   (``take_item``/``take_done``).

A defeated creature goes to the defender's marshalling point pile; every roll is logged with its modifiers.
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import effects, stats, windows
from . import state as st
from .log_text import part
from .mixin_base import Base


class CombatMixin(Base):
    # --- starting an attack -------------------------------------------------------------------------

    def _start_attack(self, state: State, group: dict, attack: dict, events: list) -> None:
        """``attack``: name, race, strikes, prowess, body (None: none), detainment, card (creature iid or None),
        source ("creature" | "auto"), each_character (automatic attacks that strike every character)."""
        attacker = 1 - group["owner"]
        effects.continuous_attack(state, attack, events, group)  # events in play that change attacks of a race
        strikes = len(stats.fighters(state, group)) if attack.get("each_character") else attack["strikes"]
        state["attack"] = {
            **attack,
            "strikes": strikes,
            "company": group["id"],
            "defender": group["owner"],
            "attacker": attacker,
            "stage": "defender",
            "left": strikes,
            "assigned": {},  # character → number of excess strikes on it (−1 each)
            "excess_left": 0,  # excess strikes the attacker has not yet put on a strike
            "strike": None,  # the strike being resolved, while the attacker or defender decides on it
            "resolved": [],
            "defeated": 0,
            "takeover": None,
        }
        self._log(
            events,
            gettext_noop(
                "Angriff auf %(company)s: %(name)s (%(race)s), %(strikes)s Hiebe, Kampfgeschick %(prowess)s, "
                "Konstitution %(body)s%(detainment)s."
            ),
            company=self._company_label(state, group),
            name=attack["name"],
            race=attack.get("race") or "–",
            strikes=strikes,
            prowess=attack["prowess"],
            body=attack["body"] if attack["body"] is not None else "–",
            detainment=part(gettext_noop(" (Verhör)")) if attack["detainment"] else "",
        )
        if attack.get("versus"):
            self._advance_attack(state, events)
        else:
            # "Zuweisung der Hiebe": before strikes are assigned the defender may cancel the attack, the attacker
            # play hazards on it (card_windows.py; skipped when nobody holds such a card).
            self._open_card_window(state, "attack", group["owner"], events)

    # --- whose move -------------------------------------------------------------------------------------

    @staticmethod
    def _attack_seat(state: State) -> int | None:
        return windows.attack_seat(state)

    def _combat_turn(self, state: State, seat: int, *stages: str) -> dict:
        self._stage(state, "play")
        attack = state.get("attack")
        if not attack:
            raise IllegalAction("no_attack", gettext_noop("Gerade läuft kein Angriff."))
        if attack.get("window") or attack["stage"] not in stages or self._attack_seat(state) != seat:
            raise IllegalAction("not_your_window", gettext_noop("Gerade bist du nicht an der Reihe."))
        return attack

    def _attack_group(self, state: State) -> dict | None:
        return st.company(state, state["attack"]["company"])

    def _unassigned(self, state: State, group: dict) -> list[str]:
        assigned = state["attack"]["assigned"]
        return [c for c in stats.fighters(state, group) if c not in assigned]

    @staticmethod
    def _untapped(state: State, iid: str) -> bool:
        card = state["inst"][iid]
        return not card["tapped"] and not card["wounded"]

    def _advance_attack(self, state: State, events: list) -> None:
        """Move the attack on as far as nobody has a choice to make."""
        attack = state["attack"]
        group = self._attack_group(state)
        if group is None or not group["chars"]:
            self._end_attack(state, events)
            return
        if attack.get("versus"):
            self._advance_versus(state, group, events)
            return
        if attack["stage"] == "defender":
            self._assign_planned(state, events)  # plans.py: the strikes the defender planned
            if (
                not attack.get("defence")
                and attack["left"]
                and any(self._untapped(state, c) for c in self._unassigned(state, group))
            ):
                return
            attack["stage"] = "attacker"
        if attack["stage"] == "attacker":
            free = self._unassigned(state, group)
            if attack["left"] and free and attack["left"] >= len(free):
                # "Hiebe müssen an so viele Charaktere wie möglich verteilt werden."
                for iid in free:
                    self._assign(state, iid, events)
                free = []
            if attack["left"] and free and not self._rest_by_policy(state, free, events):
                return  # the attacker chooses who faces the remaining strikes (attacker_plan)
            attack["excess_left"] = attack["left"]
            if attack["left"]:
                self._log(
                    events,
                    gettext_noop("Überzählige Hiebe (je −1, vom Angreifer zu verteilen): %(n)s."),
                    n=attack["left"],
                )
            # One plan of the attacker for all strikes when he has a choice left (plans.py).
            attack["stage"] = "excess" if self._attacker_must_plan(state) else "resolve"
        if attack["stage"] == "resolve":
            self._next_strike(state, events)

    def _next_strike(self, state: State, events: list) -> None:
        """The next strike, when nobody has to be asked: the defender's plan orders them, or the last one is rolled
        when its defender has nothing to decide."""
        attack = state["attack"]
        open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        if not open_strikes:
            self._end_attack(state, events)
            return
        last = len(open_strikes) == 1
        if attack.get("defence"):
            iid = self._planned_order(state, open_strikes)
        elif last and state.get("auto_phases", True) and not self._defender_chooses(state, open_strikes[0]):
            iid = open_strikes[0]  # nobody has a choice left: roll
        else:
            return
        if attack.get("excess_left") and not last and self._attacker_must_plan(state):
            attack["stage"] = "excess"  # plans.py: the attacker's one plan (his standing answer may make it)
            return
        if attack.get("excess_left") and not last and not attack.get("offence"):
            attack["strike"] = iid  # "Vor der Abwicklung eines Hiebes … −1 Modifikationen": the attacker first
            attack["stage"] = "strike_attacker"
            self._log(events, gettext_noop("Als Nächstes: Hieb gegen %(card)s."), card=st.info(state, iid)["name_de"])
            return
        self._excess(state, iid, self._planned_excess(state, iid, last), events)
        self._choose_strike(state, iid, None if attack.get("defence") else ([], False), events)

    def _assign(self, state: State, iid: str, events: list) -> None:
        attack = state["attack"]
        attack["assigned"][iid] = 0
        attack["left"] -= 1
        self._log(events, gettext_noop("Ein Hieb gegen %(card)s."), card=st.info(state, iid)["name_de"])

    def _excess(self, state: State, iid: str, n: int, events: list) -> None:
        """The attacker puts ``n`` of the excess strikes left on this strike, −1 each."""
        attack = state["attack"]
        if not n:
            return
        attack["assigned"][iid] += n
        attack["excess_left"] -= n
        attack["left"] = attack["excess_left"]
        self._log(
            events, gettext_noop("Überzählige Hiebe: −%(n)s für %(card)s."), n=n, card=st.info(state, iid)["name_de"]
        )

    def _defender_chooses(self, state: State, iid: str) -> bool:
        """The defender still decides on this strike: a helper may tap in support, or it may stay untapped."""
        group = self._attack_group(state)
        helpers = [c for c in self._unassigned(state, group) if self._untapped(state, c)]
        return bool(helpers) or self._untapped(state, iid)

    def _attacker_chooses(self, state: State) -> bool:
        """Excess strikes are left and more than one strike is open: the attacker decides per strike."""
        attack = state["attack"]
        open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        return bool(attack.get("excess_left")) and len(open_strikes) > 1 and not attack.get("offence")

    def _combat_actions(self, state: State) -> list[dict]:
        """The actions open in the attack (the last one is the default when time runs out)."""
        attack = state["attack"]
        group = self._attack_group(state)
        stage = attack["stage"]
        if attack.get("versus") and stage != "takeover":
            return self._versus_actions(state)
        if stage == "defender":
            free = [c for c in self._unassigned(state, group) if self._untapped(state, c)]
            return [*({"type": "assign_strike", "character": c} for c in free), {"type": "assign_done"}]
        if stage == "attacker":
            return [{"type": "assign_strike", "character": c} for c in self._unassigned(state, group)]
        if stage == "excess":
            return [{"type": "attacker_plan"}]  # no −1s chosen: the last strike takes them (and no cards)
        if stage == "strike_attacker":
            options = [{"type": "attacker_strike", "excess": n} for n in range(attack["excess_left"] + 1)]
            return options[1:] + options[:1]  # the default: no −1 on this strike
        if stage == "strike_defender":
            return [{"type": "resolve_strike", "character": attack["strike"]}]
        if stage == "takeover":
            takeover = attack["takeover"]
            heirs = [h for h in takeover["heirs"] if h not in takeover["taken"]]
            return [
                *({"type": "take_item", "card": i, "character": h} for i in takeover["items"] for h in heirs),
                {"type": "take_done"},
            ]
        open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        every = [{"type": "resolve_all"}] if len(open_strikes) > 1 and not attack.get("excess_left") else []
        return every + [{"type": "resolve_strike", "character": c} for c in open_strikes]

    # --- assigning strikes ---------------------------------------------------------------------------

    def _do_assign_strike(self, state, seat, action, events):
        """One strike (``character``), or several in one move (``characters``, in order)."""
        many = action.get("characters")
        if many is not None:
            if not isinstance(many, list) or not many:
                raise IllegalAction("bad_strike_target", gettext_noop("„characters“ ist eine Liste von Charakteren."))
            for iid in many:
                if not state.get("attack"):
                    break
                self._do_assign_strike(state, seat, {"character": iid}, events)
            return
        attack = self._combat_turn(state, seat, "defender", "attacker", "rest")
        if attack.get("versus"):
            self._assign_versus(state, seat, action, events)
            return
        group = self._attack_group(state)
        iid = action.get("character")
        if iid not in stats.fighters(state, group):
            raise IllegalAction(
                "bad_strike_target", gettext_noop("Hiebe gehen nur an Charaktere und Verbündete der Gemeinschaft.")
            )
        if iid in attack["assigned"]:
            raise IllegalAction("already_assigned", gettext_noop("Diesem Charakter ist schon ein Hieb zugewiesen."))
        if attack["stage"] == "defender" and not self._untapped(state, iid):
            raise IllegalAction(
                "strike_tapped", gettext_noop("Der Verteidiger weist Hiebe nur ungetappten Charakteren zu.")
            )
        self._assign(state, iid, events)
        self._advance_attack(state, events)

    def _do_assign_done(self, state, seat, action, events):
        attack = self._combat_turn(state, seat, "defender")
        attack["stage"] = "attacker"
        self._log(events, gettext_noop("%(player)s weist keine weiteren Hiebe zu."), seat)
        self._advance_attack(state, events)

    # --- resolving a strike ----------------------------------------------------------------------------

    def _do_resolve_all(self, state, seat, action, events):
        """Every open strike in turn, as they were assigned, without support and tapping: one move (not while
        the attacker still has excess strikes to put on them)."""
        attack = self._combat_turn(state, seat, "resolve")
        if attack.get("excess_left") and not attack.get("versus"):
            raise IllegalAction(
                "attacker_first", gettext_noop("Vor jedem Hieb verteilt der Angreifer die überzähligen Hiebe.")
            )
        while state.get("attack") and state["attack"]["stage"] == "resolve":
            self._do_resolve_strike(state, seat, {}, events)

    def _do_resolve_strike(self, state, seat, action, events):
        if state.get("attack") and state["attack"].get("versus"):
            self._resolve_versus(state, seat, action, events)
            return
        attack = self._combat_turn(state, seat, "resolve", "strike_defender")
        support = action.get("support")
        stay = bool(action.get("stay_untapped"))
        if attack["stage"] == "strike_defender":
            iid = attack["strike"]
            if action.get("character") not in (None, iid):
                raise IllegalAction("no_strike", gettext_noop("Erst wird der gewählte Hieb abgewickelt."))
        else:
            open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
            iid = action.get("character") or open_strikes[0]
            if iid not in open_strikes:
                raise IllegalAction("no_strike", gettext_noop("Gegen diesen Charakter ist kein Hieb offen."))
            if self._attacker_chooses(state):
                # "Vor der Abwicklung eines Hiebes … kann [der Angreifer] außerdem -1 Modifikationen … zuweisen".
                if support or stay:
                    raise IllegalAction(
                        "attacker_first",
                        gettext_noop("Vor Unterstützung und −3 entscheidet der Angreifer über diesen Hieb."),
                    )
                attack["strike"] = iid
                attack["stage"] = "strike_attacker"
                self._log(
                    events, gettext_noop("Als Nächstes: Hieb gegen %(card)s."), card=st.info(state, iid)["name_de"]
                )
                return
            self._excess(state, iid, attack.get("excess_left", 0), events)  # the last strike: all that are left
            self._support_helpers(state, support)  # checked now; the helpers tap when the strike is rolled
            self._choose_strike(state, iid, (support, stay), events)
            return
        self._roll_strike(state, iid, support, stay, events)

    def _choose_strike(self, state: State, iid: str, decision, events: list) -> None:
        """The strike against ``iid`` comes next: the card window before it (the attacker first), then the
        defender's decision (given with the choice: support and staying untapped) and the roll."""
        attack = state["attack"]
        attack["strike"] = iid
        attack["decision"] = decision
        self._open_card_window(state, "strike", attack["attacker"], events)

    def _after_strike_cards(self, state: State, events: list) -> None:
        attack = state["attack"]
        iid = attack["strike"]
        decision = attack.pop("decision", None)
        if decision is None and attack.get("defence"):
            decision = self._planned_decision(state, iid)  # plans.py: as far as the plan still holds
        if decision is None:
            if self._defender_chooses(state, iid):
                attack["stage"] = "strike_defender"
                return
            decision = ([], False)
        self._roll_strike(state, iid, decision[0], decision[1], events)

    def _attacker_excess(self, state: State, seat: int, action: dict, events: list) -> None:
        """``attacker_strike`` against a creature's strike: ``excess`` of the excess strikes left go on it."""
        attack = self._combat_turn(state, seat, "strike_attacker")
        iid = attack["strike"]
        n = action.get("excess") or 0
        if not isinstance(n, int) or not 0 <= n <= attack["excess_left"]:
            raise IllegalAction(
                "bad_excess",
                gettext_noop("Es sind noch %(n)s überzählige Hiebe (−1) zu verteilen."),
                n=attack["excess_left"],
            )
        if action.get("stay_untapped"):
            raise IllegalAction("not_untapped", gettext_noop("Nur ein ungetappter Charakter kann ungetappt bleiben."))
        self._excess(state, iid, n, events)
        self._choose_strike(state, iid, None, events)

    # --- items of an eliminated character ---------------------------------------------------------------

    def _do_take_item(self, state, seat, action, events):
        attack = self._combat_turn(state, seat, "takeover")
        takeover = attack["takeover"]
        item, heir = action.get("card"), action.get("character")
        if item not in takeover["items"]:
            raise IllegalAction("bad_item", gettext_noop("Dieser Gegenstand ist nicht zu übernehmen."))
        if heir not in takeover["heirs"] or heir in takeover["taken"]:
            raise IllegalAction(
                "bad_heir",
                gettext_noop("Jeder unverwundete Charakter der Gemeinschaft übernimmt höchstens einen Gegenstand."),
            )
        state["inst"][item]["on"] = heir
        effects.item_gained(self, state, item, heir, events)
        takeover["items"].remove(item)
        takeover["taken"].append(heir)
        self._log(
            events,
            gettext_noop("%(character)s übernimmt %(item)s."),
            character=st.info(state, heir)["name_de"],
            item=st.info(state, item)["name_de"],
        )
        if not takeover["items"] or len(takeover["taken"]) == len(takeover["heirs"]):
            self._finish_takeover(state, events)

    def _do_take_done(self, state, seat, action, events):
        self._combat_turn(state, seat, "takeover")
        self._finish_takeover(state, events)

    def _finish_takeover(self, state: State, events: list) -> None:
        attack = state["attack"]
        for item in attack["takeover"]["items"]:
            st.move(state, item, "discard")
            self._log(events, gettext_noop("%(item)s wird abgeworfen."), item=st.info(state, item)["name_de"])
        attack["takeover"] = None
        attack["stage"] = attack.pop("return_to", "resolve")
        self._advance_attack(state, events)

    # --- the end of an attack ----------------------------------------------------------------------------

    def _cancel_attack(self, state: State, events: list) -> None:
        """A card's text cancels the attack (a scripted card or an accepted request): no strike counts, the
        creature is discarded."""
        if effects.cancel_redirected(state, events):  # Unabated in Malice: the first attempt cancels it instead
            return
        attack = state["attack"]
        attack.pop("window", None)
        attack["canceled"] = True  # nothing is defeated, nothing scores
        self._end_attack(state, events)

    def _end_attack(self, state: State, events: list) -> None:
        attack = state["attack"]
        state["attack"] = None
        effects.after_attack(self, state, attack, events)  # a creature's text after its attack
        effects.expire(state, "strike", "attack")
        group = st.company(state, attack["company"])
        for iid in stats.fighters(state, group) if group else []:
            mods = state["inst"][iid].get("mods") or {}
            for stat in ("prowess", "body"):  # accepted prowess/body modifiers last for one attack
                mods.pop(stat, None)
            if not mods:
                state["inst"][iid].pop("mods", None)
        creature = attack.get("card")
        beaten = (
            not attack["detainment"]
            and not attack.get("canceled")
            and attack["assigned"]
            and attack["defeated"] >= len(attack["assigned"])
        )
        if beaten:
            self._log(events, gettext_noop("Der Angriff (%(name)s) ist besiegt."), name=attack["name"])
        if attack.get("source") == "agent":
            self._agent_attack_over(state, attack, beaten, events)
        elif creature and state["inst"][creature]["zone"] == "play":
            if beaten:
                # "… geht in den Siegpunktstapel des angegriffenen Spielers"; which points count (with or
                # without *) is the score's business (scoring.py, "Punkte").
                st.give(state, creature, attack["defender"], "mp")
                self._log(
                    events,
                    gettext_noop("%(card)s kommt in den Siegpunktstapel von %(player)s."),
                    attack["defender"],
                    card=st.info(state, creature)["name_de"],
                )
            else:
                st.move(state, creature, "discard")
        queue = attack.get("queue") or []
        if queue and group and group["chars"]:
            nxt = dict(queue[0])
            nxt["queue"] = queue[1:]
            self._start_attack(state, group, nxt, events)
        else:
            self._open_agent_window(state, group)  # agents attack after the automatic attacks
