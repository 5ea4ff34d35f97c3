"""Company against company (seeds/003 "Kämpfe zwischen Gemeinschaften", with its own "Zuweisung der Hiebe"
and "Abwicklung der Hiebe").

``attack_company`` (site phase, the active player's entered company, an opposing company at the same site):
"eine Helden- oder Gefallener Zauberer-Gemeinschaft darf eine Schergen- oder Balrog-Gemeinschaft angreifen
oder umgekehrt"; "Offene Gemeinschaften eines Gefallenen Zauberers dürfen jede Gemeinschaft angreifen und von
jeder Gemeinschaft angegriffen werden"; not after an influence attempt against the other player this turn.
"Ein Angriff, der so viele Hiebe besitzt wie Charaktere in der … angreifenden Gemeinschaft sind (im Kampf
zählen Verbündete als Charaktere). Jeder Hieb wird durch einen Charakter ausgeführt."
``state["attack"]`` has ``versus: True``, ``attackers`` and ``by`` (defending character → attacking one).

Assigning the strikes ("Zuweisung der Hiebe"), each step an ``assign_strike`` with ``character`` (the
defender's) and ``by`` (the attacker's), or several at once with ``pairs``:

1. ``defender``: "Zuerst weist der Verteidiger seinen ungetappten Charakteren Hiebe (also gegnerische
   Charaktere) zu" — or stops (``assign_done``);
2. ``attacker``: "Dann verteilt der Angreifer für jeden seiner noch ungetappten (und bisher nicht
   zugewiesenen) Charaktere einen verteidigenden (bisher nicht zugewiesenen) Charakter" (each of them must);
3. ``rest``: "Dann weist wiederum der Verteidiger alle übrigen Hiebe seinen übrigen Charakteren zu" (the
   defender chooses; the table pairs by itself only where there is one of each left);
4. attackers left without an opponent are excess strikes: "verteilt der Angreifer die überschüssigen Hiebe
   als -1 Modifikationen … beliebig an Charaktere des Verteidigers" — strike by strike, below.

Resolving ("Abwicklung der Hiebe"): "Die Reihenfolge … bestimmt der Verteidiger (Hieb für Hieb)"
(``resolve_strike`` with ``character``). Then, in the seed's order:

- ``strike_attacker``: the attacker puts remaining excess −1s on this defender (``excess``) and says whether
  the attacking character takes −3 to stay untapped (``stay_untapped``) — ``attacker_strike``;
- ``strike_defender``: the defender says whether the defending character takes −3 to stay untapped, and
  which characters without a strike tap to support it, +1 each (``resolve_strike`` with ``support``,
  ``stay_untapped``). The seed gives support to the defending character only.
- Both totals are rolled by the server (tapped −1, wounded −2); "Sind die Endergebnisse nicht gleich …, wird
  der Charakter mit dem geringeren Wert verwundet und muss einen Konstitutionswurf machen" (+1 if already
  wounded); an eliminated character or ally "gibt seinem Gegner Tötungs-Siegpunkte (zählt wie Punkte durch
  Kreaturen)" and goes to the opponent's marshalling point pile (combat.py ``_eliminate_in_combat``).

A step nobody has a choice in is skipped. No detainment: the combat "wird bezüglich Orten und Regionen nicht
zugeordnet", and the Nazgûl and agent cases of "Verhöre" cannot arise between companies. Hazards in play do
not change it (stats.py counts only items and accepted request modifiers).
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import state as st
from . import stats
from .cardinfo import key
from .log_text import part, signed
from .mixin_base import Base

LIGHT = ("hero", "fallen-wizard")
DARK = ("minion", "balrog")
OVERT_RACES = ("orc", "troll")


class CompanyCombatMixin(Base):
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
        if not may_fight(state, group, target):
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
                "excess_left": 0,
                "strike": None,
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
        if attack["stage"] in ("defender", "attacker", "rest"):
            self._advance_pairing(state, group, events)
        if attack["stage"] == "resolve" and all(c in attack["resolved"] for c in attack["assigned"]):
            self._end_attack(state, events)

    def _advance_pairing(self, state: State, group: dict, events: list) -> None:
        attack = state["attack"]
        defenders = self._unassigned(state, group)
        free = self._free_attackers(state)
        attack["left"] = len(free)
        if attack["stage"] == "defender":
            if free and any(self._untapped(state, c) for c in defenders):
                return
            attack["stage"] = "attacker"
        if attack["stage"] == "attacker":
            if defenders and any(self._untapped(state, a) for a in free):
                return
            attack["stage"] = "rest"
        if attack["stage"] == "rest":
            if len(defenders) == 1 and len(free) == 1:
                self._pair(state, defenders[0], free[0], events)  # one of each: nothing to choose
                defenders, free = [], []
            if defenders and free:
                return
            attack["excess_left"] = attack["left"] = len(free)
            if free:
                self._log(
                    events,
                    gettext_noop("Überzählige Hiebe (je −1, vom Angreifer zu verteilen): %(n)s."),
                    n=len(free),
                )
            attack["stage"] = "resolve"

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
        pairs = action.get("pairs")
        if pairs is not None:
            if not isinstance(pairs, list) or not pairs or any(not isinstance(p, list) or len(p) != 2 for p in pairs):
                raise IllegalAction(
                    "bad_strike_target", gettext_noop("„pairs“ ist eine Liste von Paaren [Verteidiger, Angreifer].")
                )
            for defender, attacker in pairs:
                attack = state.get("attack")
                if not attack or attack["stage"] == "resolve":
                    break
                self._combat_turn(state, seat, "defender", "attacker", "rest")
                self._assign_versus(state, seat, {"character": defender, "by": attacker}, events)
            return
        attack = state["attack"]
        group = self._attack_group(state)
        defender, attacker = action.get("character"), action.get("by")
        if defender not in self._unassigned(state, group) or attacker not in self._free_attackers(state):
            raise IllegalAction(
                "bad_strike_target",
                gettext_noop("Gepaart wird ein Charakter ohne Gegner mit einem angreifenden Charakter ohne Gegner."),
            )
        if attack["stage"] == "defender" and not self._untapped(state, defender):
            raise IllegalAction(
                "strike_tapped", gettext_noop("Der Verteidiger paart zuerst nur ungetappte Charaktere.")
            )
        if attack["stage"] == "attacker" and not self._untapped(state, attacker):
            raise IllegalAction("strike_tapped", gettext_noop("Der Angreifer paart nur seine ungetappten Charaktere."))
        self._pair(state, defender, attacker, events)
        self._advance_attack(state, events)

    def _versus_actions(self, state: State) -> list[dict]:
        """The open moves of a company combat (the last one is the default when time runs out)."""
        attack = state["attack"]
        group = self._attack_group(state)
        free = self._free_attackers(state)
        defenders = self._unassigned(state, group)
        stage = attack["stage"]
        if stage == "defender":
            mine = [c for c in defenders if self._untapped(state, c)]
            pairs = [{"type": "assign_strike", "character": c, "by": a} for c in mine for a in free]
            return [*pairs, {"type": "assign_done"}]
        if stage == "attacker":
            untapped = [a for a in free if self._untapped(state, a)]
            return [{"type": "assign_strike", "character": c, "by": a} for a in untapped for c in defenders]
        if stage == "rest":
            return [{"type": "assign_strike", "character": c, "by": a} for c in defenders for a in free]
        if stage == "strike_attacker":
            options = [
                {"type": "attacker_strike", "excess": n, "stay_untapped": stay}
                for n in range(attack["excess_left"] + 1)
                for stay in ((False, True) if self._untapped(state, attack["by"][attack["strike"]]) else (False,))
            ]
            return options[1:] + options[:1]  # the default: no −1, the attacking character taps
        if stage == "strike_defender":
            return [{"type": "resolve_strike", "character": attack["strike"]}]
        open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        return [{"type": "resolve_strike", "character": c} for c in open_strikes]

    # --- the strike ----------------------------------------------------------------------------------------

    def _attacker_has_choice(self, state: State, defender: str) -> bool:
        attack = state["attack"]
        return bool(attack["excess_left"]) or self._untapped(state, attack["by"][defender])

    def _defender_has_choice(self, state: State, defender: str) -> bool:
        group = self._attack_group(state)
        helpers = [c for c in self._unassigned(state, group) if self._untapped(state, c)]
        return bool(helpers) or self._untapped(state, defender)

    def _resolve_versus(self, state: State, seat: int, action: dict, events: list) -> None:
        """``resolve_strike`` in a company combat: the defender picks the strike, later decides on it."""
        attack = self._combat_turn(state, seat, "resolve", "strike_defender")
        iid = action.get("character")
        chooses = bool(action.get("support")) or bool(action.get("stay_untapped"))
        if attack["stage"] == "resolve":
            open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
            iid = iid or open_strikes[0]
            if iid not in open_strikes:
                raise IllegalAction("no_strike", gettext_noop("Gegen diesen Charakter ist kein Hieb offen."))
            attack["strike"] = iid
            attack["attacker_stays"] = False
            if self._attacker_has_choice(state, iid):
                if chooses:
                    raise IllegalAction(
                        "attacker_first",
                        gettext_noop("Vor Unterstützung und −3 entscheidet der Angreifer über diesen Hieb."),
                    )
                attack["stage"] = "strike_attacker"
                self._log(
                    events,
                    gettext_noop("Als Nächstes: %(attacker)s gegen %(defender)s."),
                    attacker=st.info(state, attack["by"][iid])["name_de"],
                    defender=st.info(state, iid)["name_de"],
                )
                return
        elif iid not in (None, attack["strike"]):
            raise IllegalAction("no_strike", gettext_noop("Erst wird der gewählte Hieb abgewickelt."))
        self._roll_versus(state, action, events)

    def _do_attacker_strike(self, state, seat, action, events):
        """The attacker's part of one strike: excess −1s on the defender, −3 to stay untapped."""
        if state.get("attack") and not state["attack"].get("versus"):
            self._attacker_excess(state, seat, action, events)  # a creature's strike (combat.py)
            return
        attack = self._combat_turn(state, seat, "strike_attacker")
        defender = attack["strike"]
        excess = action.get("excess") or 0
        if not isinstance(excess, int) or not 0 <= excess <= attack["excess_left"]:
            raise IllegalAction(
                "bad_excess",
                gettext_noop("Es sind noch %(n)s überzählige Hiebe (−1) zu verteilen."),
                n=attack["excess_left"],
            )
        stay = bool(action.get("stay_untapped"))
        if stay and not self._untapped(state, attack["by"][defender]):
            raise IllegalAction("not_untapped", gettext_noop("Nur ein ungetappter Charakter kann ungetappt bleiben."))
        attack["excess_left"] -= excess
        attack["left"] = attack["excess_left"]
        attack["assigned"][defender] += excess
        attack["attacker_stays"] = stay
        if excess:
            self._log(
                events,
                gettext_noop("Überzählige Hiebe: −%(n)s für %(card)s."),
                n=excess,
                card=st.info(state, defender)["name_de"],
            )
        if self._defender_has_choice(state, defender):
            attack["stage"] = "strike_defender"
            return
        self._roll_versus(state, {}, events)

    def _roll_versus(self, state: State, action: dict, events: list) -> None:
        attack = state["attack"]
        iid = attack["strike"]
        helpers = self._support_helpers(state, action.get("support"))
        stay = bool(action.get("stay_untapped"))
        if stay and not self._untapped(state, iid):
            raise IllegalAction("not_untapped", gettext_noop("Nur ein ungetappter Charakter kann ungetappt bleiben."))
        for helper in helpers:
            state["inst"][helper]["tapped"] = True
        attack["stage"] = "resolve"  # the body check may open a takeover that returns here
        attack["strike"] = None
        attack["resolved"].append(iid)
        self._versus_strike(state, iid, len(helpers), stay, attack.pop("attacker_stays", False), events)
        if state.get("attack") is attack and attack["stage"] == "resolve":
            self._advance_attack(state, events)

    def _versus_strike(self, state: State, iid: str, support: int, stay: bool, attacker_stays: bool, events: list):
        attack = state["attack"]
        other = attack["by"][iid]
        totals = {}
        fighters = ((iid, support, stay, attack["assigned"][iid]), (other, 0, attacker_stays, 0))
        for who, helpers, stays, excess in fighters:
            card = state["inst"][who]
            mods = []
            if card["wounded"]:
                mods.append((part(gettext_noop("verwundet −2")), -2))
            elif card["tapped"]:
                mods.append((part(gettext_noop("getappt −1")), -1))
            elif stays:
                mods.append((part(gettext_noop("bleibt ungetappt −3")), -3))
            if helpers:
                mods.append((part(gettext_noop("Unterstützung +%(n)s"), n=helpers), helpers))
            if excess:
                mods.append((part(gettext_noop("überzählige Hiebe −%(n)s"), n=excess), -excess))
            dice = self._roll2d6(state)
            mod = sum(v for _, v in mods)
            totals[who] = stats.prowess(state, who) + sum(dice) + mod
            if not (stays and not card["tapped"]):
                card["tapped"] = True  # "Ungetappte Charaktere werden getappt"
            self._log(
                events,
                gettext_noop(
                    "%(card)s: Kampfgeschick %(prowess)s + Wurf %(a)s+%(b)s (%(mods)s), Modifikator %(mod)s = "
                    "%(total)s."
                ),
                card=st.info(state, who)["name_de"],
                prowess=stats.describe(state, who, "prowess"),
                a=dice[0],
                b=dice[1],
                mods=[m for m, _ in mods] or "–",
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


def overt(state: State, group: dict) -> bool:
    """A fallen-wizard company is overt with an Orc or Troll in it ("Arten von Gemeinschaften"). Decision: the
    card data has no half-orc race (half-orcs are Men there), so the half-orc exceptions do not arise."""
    return any(st.info(state, c)["race"].casefold() in OVERT_RACES for c in group["chars"])


def may_fight(state: State, group: dict, target: dict) -> bool:
    mine, theirs = (state["players"][g["owner"]]["alignment"] for g in (group, target))
    if (mine in LIGHT and theirs in DARK) or (mine in DARK and theirs in LIGHT):
        return True
    return (mine == "fallen-wizard" and overt(state, group)) or (theirs == "fallen-wizard" and overt(state, target))
