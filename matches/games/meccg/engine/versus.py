"""Company against company (seeds/003 "Kämpfe zwischen Gemeinschaften", "Zuweisung der Hiebe", "Abwicklung
der Hiebe" of that section).

``attack_company`` (site phase, the active player's entered company, an opposing company at the same site,
hero or fallen-wizard against minion or balrog, no influence attempt against the opponent this turn): an
attack with as many strikes as the attacking company has characters (allies count), each struck by one of
them. ``state["attack"]`` with ``versus: True`` and ``by`` (defending character → attacking character):

1. ``defender``: the defender pairs untapped characters with attackers (``assign_strike`` with ``character``
   and ``by``), or stops (``assign_done``);
2. ``attacker``: the attacker pairs each untapped unpaired attacker with an unpaired defender;
3. the defender's remaining characters meet the remaining attackers (Decision: in the order of the
   companies, since the pairing of tapped characters changes only who rolls against whom); attackers left
   over are excess strikes, −1 each where the attacker says (``excess``);
4. ``resolve``: the defender chooses the strike; both roll (the server), the lower total is wounded and makes
   a body check; an eliminated character goes into the opponent's marshalling point pile as kill points.
   Decision: attacking characters tap (no −3 to stay untapped for them).
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import state as st
from . import stats
from .cardinfo import key
from .common import Base, signed

LIGHT = ("hero", "fallen-wizard")
DARK = ("minion", "balrog")


class VersusMixin(Base):
    def _do_attack_company(self, state, seat, action, events):
        self._require_active(state, seat, "site")
        group = self._current_company(state)
        if group is None or not group["entered"]:
            raise IllegalAction("site_resource_phase", gettext_noop("Erst den Ort betreten."))
        target = st.company(state, action.get("company"))
        if target is None or target["owner"] == seat:
            raise IllegalAction("bad_company", gettext_noop("Angegriffen wird eine Gemeinschaft deines Gegners."))
        if key(st.info(state, target["site"])["name_en"]) != key(st.info(state, group["site"])["name_en"]):
            raise IllegalAction("other_site", gettext_noop("Die Gemeinschaft muss am selben Ort sein."))
        mine, theirs = (state["players"][s]["alignment"] for s in (seat, 1 - seat))
        if not ((mine in LIGHT and theirs in DARK) or (mine in DARK and theirs in LIGHT)):
            raise IllegalAction(
                "same_side", gettext_noop("Nur Gemeinschaften entgegengesetzter Ausrichtung kämpfen gegeneinander.")
            )
        if state["players"][seat]["influence_attempt"]:
            raise IllegalAction(
                "influence_done",
                gettext_noop("Nach einem Beeinflussungsversuch in dieser Runde ist kein Kampf mehr möglich."),
            )
        state["turn"]["company_attack"] = True
        attackers = stats.fighters(state, group)
        self._start_attack(
            state,
            target,
            {
                "name": self._company_label(state, group),
                "race": "",
                "strikes": len(attackers),
                "prowess": 0,
                "body": None,
                "detainment": False,
                "card": None,
                "source": "company",
                "versus": True,
                "attackers": attackers,
                "by": {},
            },
            events,
        )

    # --- pairing -------------------------------------------------------------------------------------

    def _free_attackers(self, state: State) -> list[str]:
        attack = state["attack"]
        paired = set(attack["by"].values())
        return [a for a in attack["attackers"] if a not in paired and state["inst"].get(a, {}).get("zone") == "play"]

    def _advance_versus(self, state: State, group: dict, events: list) -> None:
        attack = state["attack"]
        attack["left"] = len(self._free_attackers(state))  # excess strikes used are marked in "by"
        defenders = self._unassigned(state, group)
        if attack["stage"] == "defender":
            if attack["left"] and any(self._untapped(state, c) for c in defenders):
                return
            attack["stage"] = "attacker"
        if attack["stage"] == "attacker":
            untapped = [a for a in self._free_attackers(state) if self._untapped(state, a)]
            if untapped and defenders:
                return
            # The defender's remaining characters meet the remaining attackers, in order.
            for defender, attacker in zip(self._unassigned(state, group), self._free_attackers(state), strict=False):
                self._pair(state, defender, attacker, events)
            attack["left"] = len(self._free_attackers(state))
            attack["stage"] = "excess"
        if attack["stage"] == "excess":
            targets = list(attack["assigned"])
            if attack["left"] and len(targets) > 1:
                return
            while attack["left"] and targets:
                self._excess(state, targets[0], events)
            attack["stage"] = "resolve"
        if attack["stage"] == "resolve":
            if any(c not in attack["resolved"] for c in attack["assigned"]):
                return
            self._end_attack(state, events)

    def _excess_versus(self, state: State) -> None:
        """An excess strike used: one attacker fewer left over."""
        free = self._free_attackers(state)
        if free:
            state["attack"]["by"]["_excess_" + free[0]] = free[0]

    def _pair(self, state: State, defender: str, attacker: str, events: list) -> None:
        attack = state["attack"]
        attack["assigned"][defender] = 0
        attack["by"][defender] = attacker
        self._log(
            events,
            gettext_noop("%(attacker)s kämpft gegen %(defender)s."),
            attacker=st.info(state, attacker)["name_de"],
            defender=st.info(state, defender)["name_de"],
        )

    def _assign_versus(self, state: State, seat: int, action: dict, events: list) -> None:
        attack = state["attack"]
        group = self._attack_group(state)
        defender = action.get("character")
        free = self._free_attackers(state)
        attacker = action.get("by") or (free[0] if free else None)
        if defender not in self._unassigned(state, group) or attacker not in free:
            raise IllegalAction(
                "bad_strike_target",
                gettext_noop("Gepaart wird ein Charakter ohne Gegner mit einem angreifenden Charakter ohne Gegner."),
            )
        if attack["stage"] == "defender" and not self._untapped(state, defender):
            raise IllegalAction("strike_tapped", gettext_noop("Der Verteidiger paart nur ungetappte Charaktere."))
        if attack["stage"] == "attacker" and not self._untapped(state, attacker):
            raise IllegalAction("strike_tapped", gettext_noop("Der Angreifer paart nur ungetappte Charaktere."))
        self._pair(state, defender, attacker, events)
        self._advance_attack(state, events)

    def _versus_actions(self, state: State) -> list[dict]:
        attack = state["attack"]
        group = self._attack_group(state)
        free = self._free_attackers(state)
        if attack["stage"] == "defender":
            mine = [c for c in self._unassigned(state, group) if self._untapped(state, c)]
            pairs = [{"type": "assign_strike", "character": c, "by": a} for c in mine for a in free]
            return [*pairs, {"type": "assign_done"}]
        untapped = [a for a in free if self._untapped(state, a)]
        return [
            {"type": "assign_strike", "character": c, "by": a} for c in self._unassigned(state, group) for a in untapped
        ]

    # --- the strike ----------------------------------------------------------------------------------------

    def _versus_strike(self, state: State, iid: str, support: int, stay: bool, events: list) -> None:
        attack = state["attack"]
        other = attack["by"][iid]
        totals = {}
        for who, helpers, stays, excess in ((iid, support, stay, attack["assigned"][iid]), (other, 0, False, 0)):
            card = state["inst"][who]
            mod = helpers - excess - (2 if card["wounded"] else 1 if card["tapped"] else 3 if stays else 0)
            dice = self._roll2d6(state)
            totals[who] = stats.prowess(state, who) + sum(dice) + mod
            if not (stays and not card["tapped"]):
                card["tapped"] = True
            self._log(
                events,
                gettext_noop(
                    "%(card)s: Kampfgeschick %(prowess)s + Wurf %(a)s+%(b)s, Modifikator %(mod)s = %(total)s."
                ),
                card=st.info(state, who)["name_de"],
                prowess=stats.describe(state, who, "prowess"),
                a=dice[0],
                b=dice[1],
                mod=signed(mod),
                total=totals[who],
            )
        if totals[iid] == totals[other]:
            self._log(events, gettext_noop("Gleichstand: Der Hieb bleibt ohne Wirkung."))
            return
        loser = other if totals[iid] > totals[other] else iid
        was_wounded = state["inst"][loser]["wounded"]
        state["inst"][loser]["wounded"] = True
        self._body_check(state, loser, 1 if was_wounded else 0, events)
