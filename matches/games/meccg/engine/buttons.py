"""The buttons of the move list that are about one thing each (issue 19 point 6, split from choices.py in issue 31):
the hazard player's agents, creatures by their keys, and the single steps of a combat (company combat, taking an
eliminated character's items, and the step-by-step moves the API still takes)."""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, Text, gettext_noop

from . import state as st
from .agents import home_sites
from .cardinfo import is_creature, is_hazard
from .keying import REGION_TYPES, SITE_TYPES
from .log_text import part
from .mixin_base import Base


def text(template: str, **params) -> dict:
    """A button label: the marked German template with its parameters, rendered for the reader."""
    return Text(template, params).to_json()


class ButtonsMixin(Base):
    def _agent_candidates(self, state: State, seat: int, group: dict | None) -> list[dict]:
        """The hazard player's agent moves in a company's movement/hazard phase (agents.py, agent_moves.py):
        play one face down, reveal, the agent actions (move, back, home with the legal sites; untap, heal, hide;
        a creature through the agent). Moves and creatures are checked here first, so only legal ones remain."""
        turn = state["turn"]
        if group is None or seat == turn["active"] or turn["phase"] != "movement" or state["chain"]:
            return []
        player = state["players"][seat]
        out = []
        for iid in player["hand"]:
            if st.info(state, iid).get("agent"):
                label = text(gettext_noop("%(card)s als Agent verdeckt ausspielen"), card=self._name(state, iid))
                out.append({"type": "play_agent", "card": iid, "label": label, "cards": [iid]})
        creatures = [i for i in player["hand"] if is_creature(st.info(state, i)) and is_hazard(st.info(state, i))]
        for iid in player["play"]:
            inst = state["inst"][iid]
            if inst.get("agent") is None:
                continue
            info = st.info(state, iid)
            name = info["name_de"]
            if inst["face_down"]:
                for site in home_sites(info) if inst["agent"]["site"] is None else [None]:
                    out.append(
                        {
                            "type": "reveal_agent",
                            "card": iid,
                            **({"site": site} if site else {}),
                            "label": text(gettext_noop("%(card)s aufdecken (in %(site)s)"), card=name, site=site)
                            if site
                            else text(gettext_noop("%(card)s aufdecken"), card=name),
                            "cards": [iid],
                        }
                    )
            for kind, template in AGENT_ACTION_LABELS.items():
                out.append(
                    {
                        "type": "agent_action",
                        "card": iid,
                        "kind": kind,
                        "label": text(template, card=name),
                        "cards": [iid],
                    }
                )
            for site in player["sites"]:
                action = {"type": "agent_action", "card": iid, "kind": "move", "site": site}
                if self._agent_check(self._plan_agent_move, state, seat, iid, "move", action):
                    label = text(gettext_noop("%(card)s zieht nach %(site)s"), card=name, site=self._name(state, site))
                    out.append({**action, "label": label, "cards": [iid, site]})
            for site in home_sites(info):
                label = text(gettext_noop("%(card)s kehrt heim nach %(site)s"), card=name, site=site)
                out.append(
                    {"type": "agent_action", "card": iid, "kind": "home", "site": site, "label": label, "cards": [iid]}
                )
            for creature in creatures:
                action = {"type": "agent_action", "card": iid, "kind": "creature", "creature": creature}
                if self._agent_check(self._agent_creature, state, seat, iid, group, action):
                    label = text(
                        gettext_noop("%(creature)s durch %(card)s spielen"),
                        creature=self._name(state, creature),
                        card=name,
                    )
                    out.append({**action, "label": label, "cards": [creature, iid]})
        return out

    @staticmethod
    def _agent_check(check, *args) -> bool:
        """Whether a rules check passes (it changes nothing: the candidate still goes through ``apply``)."""
        try:
            check(*args)
        except IllegalAction:
            return False
        return True

    def _creature_choices(self, state: State, iid: str, group: dict) -> list[dict]:
        """One button per key the creature may be played on (the keying module's keys)."""
        try:
            keys = self._creature_keys(state, st.info(state, iid), group).keys
        except IllegalAction:
            return []
        name = self._name(state, iid)
        out = []
        for key_ in keys:
            keyed = {k: v for k, v in key_.to_json().items() if k != "detainment"}
            label = text(
                gettext_noop("%(card)s spielen (%(key)s, Verhör)")
                if key_.detainment
                else gettext_noop("%(card)s spielen (%(key)s)"),
                card=name,
                key=key_label(key_),
            )
            out.append({"type": "play_card", "card": iid, "keyed": keyed, "label": label, "cards": [iid]})
        return out

    def _combat_label(self, state: State, action: dict) -> dict:
        names = {k: self._name(state, v) for k, v in action.items() if k in ("character", "card", "by")}
        attack = state["attack"]
        kind = action["type"]
        if kind == "assign_strike" and action.get("by"):
            label = text(gettext_noop("%(by)s gegen %(character)s"), **names)
        elif kind == "attacker_strike":
            label = self._attacker_strike_label(state, action)
        elif kind == "resolve_strike" and attack.get("versus") and attack["stage"] == "resolve":
            names["by"] = self._name(state, attack["by"][action["character"]])
            label = text(gettext_noop("Als Nächstes: %(by)s gegen %(character)s"), **names)
        elif kind == "resolve_strike" and attack["stage"] == "resolve" and self._attacker_chooses(state):
            label = text(gettext_noop("Als Nächstes: Hieb gegen %(character)s"), **names)
        else:
            label = text(COMBAT_LABELS[kind], **names)
        return {**action, "label": label, "cards": [action.get("character")] if action.get("character") else []}

    def _attacker_strike_label(self, state: State, action: dict) -> dict:
        attack = state["attack"]
        if not attack.get("versus"):
            name = self._name(state, attack["strike"])
            if action.get("excess"):
                return text(
                    gettext_noop("−%(n)s für %(character)s (überzählige Hiebe)"), n=action["excess"], character=name
                )
            return text(gettext_noop("Kein überzähliger Hieb auf %(character)s"), character=name)
        names = {
            "by": self._name(state, attack["by"][attack["strike"]]),
            "character": self._name(state, attack["strike"]),
        }
        stay = action.get("stay_untapped")
        if action.get("excess"):
            template = (
                gettext_noop("%(by)s bleibt ungetappt (−3), −%(n)s für %(character)s")
                if stay
                else gettext_noop("%(by)s tappt, −%(n)s für %(character)s")
            )
            return text(template, n=action["excess"], **names)
        return text(gettext_noop("%(by)s bleibt ungetappt (−3)") if stay else gettext_noop("%(by)s tappt"), **names)

    def _with_support(self, state: State) -> list[dict]:
        """Strikes with every possible helper tapping (+1 each); in a company combat also the defending
        character staying untapped (−3)."""
        attack = state["attack"]
        if attack["stage"] == "strike_defender":
            open_strikes = [attack["strike"]]
        elif attack["stage"] == "resolve" and not attack.get("versus") and not self._attacker_chooses(state):
            open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        else:
            return []
        group = self._attack_group(state)
        helpers = [c for c in self._unassigned(state, group) if self._untapped(state, c)]
        out = []
        for c in open_strikes:
            name = self._name(state, c)
            if helpers:
                out.append(
                    {
                        "type": "resolve_strike",
                        "character": c,
                        "support": helpers,
                        "cards": [c],
                        "label": text(
                            gettext_noop("Hieb gegen %(character)s würfeln, mit Unterstützung (+%(n)s)"),
                            character=name,
                            n=len(helpers),
                        ),
                    }
                )
            if (attack.get("versus") or attack["stage"] == "strike_defender") and self._untapped(state, c):
                out.append(
                    {
                        "type": "resolve_strike",
                        "character": c,
                        "stay_untapped": True,
                        "cards": [c],
                        "label": text(
                            gettext_noop("Hieb gegen %(character)s würfeln, %(character)s bleibt ungetappt (−3)"),
                            character=name,
                        ),
                    }
                )
        return out


AGENT_ACTION_LABELS = {
    "untap": gettext_noop("Agent %(card)s enttappen"),
    "heal": gettext_noop("Agent %(card)s heilen"),
    "hide": gettext_noop("Agent %(card)s verdecken"),
    "back": gettext_noop("Agent %(card)s zum vorigen Ort zurück"),
}
COMBAT_LABELS = {
    "assign_strike": gettext_noop("Hieb an %(character)s"),
    "assign_done": gettext_noop("Keine weiteren Hiebe zuweisen"),
    "resolve_strike": gettext_noop("Hieb gegen %(character)s würfeln"),
    "resolve_all": gettext_noop("Alle Hiebe würfeln"),
    "take_item": gettext_noop("%(character)s übernimmt %(card)s"),
    "take_done": gettext_noop("Übrige Gegenstände abwerfen"),
}


def on_guard_label(name: str) -> dict:
    return text(gettext_noop("%(card)s auf die Lauer legen"), card=name)


def key_label(key_) -> dict | str:
    """How a creature is keyed, for a button: a region or site type in the reader's language with its
    symbol, or the region's or site's name."""
    if key_.kind in ("region_type", "site_type"):
        types = REGION_TYPES if key_.kind == "region_type" else SITE_TYPES
        kind = part(types.get(key_.symbol, key_.symbol))
        return part(gettext_noop("%(type)s {%(symbol)s}"), type=kind, symbol=key_.symbol)
    return key_.name
