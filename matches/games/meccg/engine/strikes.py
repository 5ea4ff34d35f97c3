"""Rolling a strike and the checks that follow it (seeds/003 "Abwicklung der Hiebe", "Konstitutionswurf"):
the strike's roll with its modifiers (tapped, wounded, staying untapped, support, excess strikes, items, cards in
force), the attack's body check when the strike failed, the character's body check when it succeeded (after the
``body_check`` card window), elimination and what it leaves; a strike cancelled by a card."""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import effects, effects_resources, stats
from . import state as st
from .cardinfo import avatar_kind
from .log_text import part
from .mixin_base import Base


class StrikesMixin(Base):
    def _roll_strike(self, state: State, iid: str, support, stay: bool, events: list) -> None:
        attack = state["attack"]
        helpers = self._support_helpers(state, support)
        for helper in helpers:
            state["inst"][helper]["tapped"] = True
        attack["stage"] = "resolve"  # the body check may open a takeover that returns here
        attack["resolved"].append(iid)
        if self._strike(state, iid, len(helpers), stay, events):
            return  # the body check waits for its card window
        self._strike_done(state, attack, events)

    def _strike_done(self, state: State, attack: dict, events: list) -> None:
        effects.after_strike(state, attack, prowess_of(attack, state), events)  # "following the strike"
        attack["strike"] = None
        effects.expire(state, "strike")
        if state.get("attack") is attack and attack["stage"] == "resolve":
            self._advance_attack(state, events)

    @staticmethod
    def _prowess(state: State, iid: str) -> int:
        """A character's prowess now (for card text the effects modules carry out: "a warrior with prowess greater
        than 4")."""
        return stats.prowess(state, iid)

    def _cancel_strike(self, state: State, iid: str, events: list) -> None:
        """A card cancels the strike against ``iid``: it is not rolled (nor defeated); the attack goes on."""
        attack = state["attack"]
        attack.pop("window", None)
        attack.pop("decision", None)
        attack["resolved"].append(iid)
        attack["canceled_strikes"] = attack.get("canceled_strikes", 0) + 1
        attack["stage"] = "resolve"
        attack["strike"] = None
        effects.expire(state, "strike")
        attack["advance"] = True  # once the chain has resolved (card_windows._after_chain)

    def _roll_pending_body(self, state: State, events: list) -> None:
        attack = state["attack"]
        pending = attack.pop("pending_body")
        self._body_check(state, pending["character"], pending["modifier"], events)
        self._strike_done(state, attack, events)

    def _support_helpers(self, state: State, support) -> list[str]:
        """ "+1 für jeden anderen Charakter oder Verbündeten derselben Gemeinschaft, dem kein Hieb zugewiesen
        wurde und der zur Unterstützung getappt wird." Checked, not yet tapped."""
        attack = state["attack"]
        group = self._attack_group(state)
        support = support or []
        if not isinstance(support, list) or len(set(map(str, support))) != len(support):
            raise IllegalAction("bad_support", gettext_noop("„support“ ist eine Liste verschiedener Charaktere."))
        for helper in support:
            if helper not in stats.fighters(state, group) or helper in attack["assigned"]:
                raise IllegalAction(
                    "bad_support",
                    gettext_noop("Unterstützen kann nur ein Charakter derselben Gemeinschaft ohne eigenen Hieb."),
                )
            if not self._untapped(state, helper):
                raise IllegalAction("support_tapped", gettext_noop("Ein Helfer muss ungetappt sein."))
        return list(support)

    def _strike(self, state: State, iid: str, support: int, stay: bool, events: list) -> bool:
        """Roll the strike; True when a body check now waits in its card window."""
        attack = state["attack"]
        card = state["inst"][iid]
        name = st.info(state, iid)["name_de"]
        if effects_resources.strike_fails(self, state, iid, events):  # Liquid Fire: "all strikes … fail"
            self._strike_failed(state, events)
            return False
        mods = []
        total_mod = support - attack["assigned"][iid]
        if card["wounded"]:
            total_mod -= 2
            mods.append(part(gettext_noop("verwundet −2")))
        elif card["tapped"]:
            total_mod -= 1
            mods.append(part(gettext_noop("getappt −1")))
        elif effects.has(state, iid, "no_tap"):
            stay = True  # a card's text: it does not tap, without the −3
            mods.append(part(gettext_noop("tappt nicht (Kartentext) ±0")))
        elif stay and effects_resources.no_stay_penalty(state, iid):  # Thong of Fire
            mods.append(part(gettext_noop("tappt nicht (Kartentext) ±0")))
        elif stay:
            total_mod -= 3
            mods.append(part(gettext_noop("bleibt ungetappt −3")))
        if support:
            mods.append(part(gettext_noop("Unterstützung +%(n)s"), n=support))
        if attack["assigned"][iid]:
            mods.append(part(gettext_noop("überzählige Hiebe −%(n)s"), n=attack["assigned"][iid]))
        dice = effects_resources.strike_roll(self, state, iid, mods)  # Swift Strokes: the better of two
        prowess = stats.prowess(state, iid, against=attack.get("race"))
        total = prowess + sum(dice) + total_mod
        if not (stay and not card["tapped"]):
            card["tapped"] = True
        strike_prowess = prowess_of(attack, state)
        if total > strike_prowess:
            outcome = gettext_noop("Hieb abgewehrt")
        elif total == strike_prowess:
            outcome = gettext_noop("Hieb erfolglos, ohne Wirkung")
        elif attack["detainment"]:
            outcome = gettext_noop("Hieb erfolgreich: Verhör, der Charakter wird nur getappt")
        else:
            outcome = gettext_noop("Hieb erfolgreich: Charakter verwundet")
        self._log(
            events,
            gettext_noop(
                "Hieb gegen %(card)s: Kampfgeschick %(prowess)s + Wurf %(a)s+%(b)s (%(mods)s) = %(total)s gegen "
                "%(attack)s: %(outcome)s."
            ),
            card=name,
            prowess=stats.describe(state, iid, "prowess", against=attack.get("race")),
            a=dice[0],
            b=dice[1],
            mods=mods or "–",
            total=total,
            attack=describe_strike(attack, state, "prowess"),
            outcome=part(outcome),
        )
        if total > strike_prowess:
            self._strike_failed(state, events)
        elif total < strike_prowess:
            if attack["detainment"]:
                card["tapped"] = True  # "führt nur zum Tappen des betroffenen Charakters"
                return False
            if effects_resources.shield_takes_wound(self, state, iid, events):  # Sable Shield
                return False
            was_wounded = card["wounded"]
            card["wounded"] = True
            effects_resources.after_wound(state, iid, events)  # "Discard this ally if … wounded" (Great Bats)
            attack["pending_body"] = {"character": iid, "modifier": 1 if was_wounded else 0}
            self._open_card_window(state, "body_check", attack["attacker"], events)
            return "pending_body" in attack
        return False

    def _strike_failed(self, state: State, events: list) -> None:
        """The character beat the strike: the attack's body check, unless detainment or no body."""
        attack = state["attack"]
        attack["failed"] = attack.get("failed", 0) + 1  # an agent is wounded by it (agents.py)
        if attack["detainment"]:
            return  # "Verhörangriffe können nicht besiegt werden"
        if attack["body"] is None:
            attack["defeated"] += 1
            return
        dice = self._roll2d6(state)
        found = effects.modifiers(state, attack["strike"], "strike_body")
        found += effects_resources.strike_body(state, attack)  # a weapon's "-2 to strike's body against …"
        body = attack["body"] + sum(v for _, v in found)
        beaten = sum(dice) > body
        if beaten:
            attack["defeated"] += 1
        self._log(
            events,
            gettext_noop("Konstitutionswurf gegen den Angriff: %(a)s+%(b)s gegen %(body)s: %(outcome)s."),
            a=dice[0],
            b=dice[1],
            body=describe_strike(attack, state, "body"),
            outcome=part(gettext_noop("Hieb besiegt") if beaten else gettext_noop("der Hieb übersteht")),
        )

    def _body_check(self, state: State, iid: str, modifier: int, events: list) -> None:
        """Rolled by the hazard player's side (the server) against the MODIFIED body."""
        info = st.info(state, iid)
        dice = self._roll2d6(state)
        total = sum(dice) + modifier
        body = stats.body(state, iid)
        eliminated = total > body
        self._log(
            events,
            gettext_noop(
                "Konstitutionswurf für %(card)s: %(a)s+%(b)s, Modifikator %(mod)s = %(total)s gegen "
                "Konstitution %(body)s: %(outcome)s."
            ),
            card=info["name_de"],
            a=dice[0],
            b=dice[1],
            mod=modifier,
            total=total,
            body=stats.describe(state, iid, "body"),
            outcome=part(gettext_noop("eliminiert") if eliminated else gettext_noop("verwundet")),
        )
        if not eliminated and effects.body_equal_discards(state, iid, total, body, events):  # Giant Spiders
            return
        if avatar_kind(info) == "Ringwraith" and sum(dice) in (7, 8):
            # "Ergibt der Konstitutionswurf eines Ringgeistes genau 7 oder 8, muss der Ringgeist auf die Hand
            # genommen werden" — not a lost avatar.
            self._log(events, gettext_noop("%(card)s kehrt auf die Hand zurück (7 oder 8)."), card=info["name_de"])
            st.move(state, iid, "hand")
            return
        if eliminated:
            self._eliminate_in_combat(state, iid, events)

    def _eliminate_in_combat(self, state: State, iid: str, events: list) -> None:
        """ "Wird ein Charakter eliminiert, so darf jeder unverwundete Charakter in seiner Gemeinschaft einen
        seiner Gegenstände übernehmen." The items wait on the table until the defender has chosen."""
        attack = state.get("attack")
        group = st.company_of(state, iid)
        items = [i for i in st.attached(state, iid) if stats.is_item(st.info(state, i))]
        heirs = [c for c in (group["chars"] if group else []) if c != iid and not state["inst"][c]["wounded"]]
        owner = state["inst"][iid]["owner"]
        if attack and items and heirs:
            for item in items:
                state["inst"][item]["on"] = None  # kept in play while the character's player chooses
            attack["takeover"] = {"items": items, "heirs": heirs, "taken": [], "seat": owner}
        if attack and attack.get("versus"):
            # "Kämpfe zwischen Gemeinschaften": the eliminated character (or ally: "im Kampf zählen Verbündete
            # als Charaktere") "gibt seinem Gegner Tötungs-Siegpunkte" and goes to the opponent's pile.
            if avatar_kind(st.info(state, iid)):
                state["players"][owner]["lost_avatar"] = True
            st.give(state, iid, 1 - owner, "mp")
        elif stats.is_ally(st.info(state, iid)):
            st.move(state, iid, "discard")
        else:
            self._eliminate(state, iid)
        if attack and attack["takeover"]:
            attack["return_to"] = attack["stage"]
            attack["stage"] = "takeover"

    def _eliminate(self, state: State, iid: str) -> None:
        owner = state["inst"][iid]["owner"]
        if avatar_kind(st.info(state, iid)):
            state["players"][owner]["lost_avatar"] = True
        st.move(state, iid, "out")


def prowess_of(attack: dict, state: State | None = None) -> int:
    """The attack's prowess, and with ``state`` that of the strike being resolved (cards on it)."""
    value = attack["prowess"] + attack.get("prowess_mod", 0)
    if state is not None and attack.get("strike"):
        value += sum(v for _, v in effects.modifiers(state, attack["strike"], "strike_prowess"))
    return value


def describe_strike(attack: dict, state: State, stat: str) -> str | dict:
    """ "12 + Leidenschaft des Zorns 2 = 14": the strike's prowess or body with the cards on it, for the log."""
    base = (attack["prowess"] + attack.get("prowess_mod", 0)) if stat == "prowess" else attack["body"]
    mods = effects.modifiers(state, attack["strike"], f"strike_{stat}") if attack.get("strike") else []
    if stat == "body" and attack.get("strike"):
        mods = mods + effects_resources.strike_body(state, attack)
    return stats.describe_values(base, mods)
