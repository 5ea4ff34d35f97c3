"""Every concrete move open to a seat, each one checked by the engine itself (issue 19 point 6: "a move is a
click, never a typed id").

``choices(state, seat)`` lists candidate actions built from the cards the seat can see (hand, companies,
location deck, the running attack) and keeps those ``apply`` accepts; each carries ``label`` (German) and
``cards`` (the ids it is about, so the page can put the button on the card). ``label`` and ``cards`` are
ignored by ``apply``.
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State

from . import state as st
from . import stats
from .cardinfo import is_creature, is_hazard
from .common import Base

MAX_CANDIDATES = 160


class ChoicesMixin(Base):
    def choices(self, state: State, seat: int) -> list[dict]:
        if state["stage"] != "play":
            return []
        found = []
        for action in self._candidates(state, seat)[:MAX_CANDIDATES]:
            try:
                self.apply(state, seat, {k: v for k, v in action.items() if k not in ("label", "cards")})
            except IllegalAction:
                continue
            found.append(action)
        return found

    def _name(self, state: State, iid: str) -> str:
        return st.info(state, iid)["name_de"]

    def _candidates(self, state: State, seat: int) -> list[dict]:
        out: list[dict] = []
        player = state["players"][seat]
        if state.get("request"):
            if state["request"]["seat"] == seat:
                return [{"type": "withdraw", "label": "Vorschlag zurückziehen", "cards": []}]
            return [
                {"type": "answer", "accept": True, "label": "Vorschlag annehmen", "cards": []},
                {"type": "answer", "accept": False, "label": "Vorschlag ablehnen", "cards": []},
            ]
        if state.get("attack"):
            return [self._combat_label(state, a) for a in self._combat_actions(state)] + self._with_support(state)
        turn = state["turn"]
        mine = [c for c in state["companies"] if c["owner"] == seat]
        chars = [i for c in mine for i in c["chars"]]
        group = self._current_company(state)
        for iid in player["hand"]:
            info = st.info(state, iid)
            name = info["name_de"]
            if turn.get("trim"):
                out.append({"type": "discard", "card": iid, "label": f"{name} abwerfen", "cards": [iid]})
                continue
            if info["type"] == "Character":
                for c in mine:
                    out.append(
                        {
                            "type": "play_character",
                            "card": iid,
                            "company": c["id"],
                            "label": f"{name} ins Spiel (zu {self._company_label(state, c)})",
                            "cards": [iid],
                        }
                    )
                for site in player["sites"]:
                    out.append(
                        {
                            "type": "play_character",
                            "card": iid,
                            "site": site,
                            "label": f"{name} ins Spiel in {self._name(state, site)}",
                            "cards": [iid],
                        }
                    )
            elif is_hazard(info) and group is not None:
                if is_creature(info):
                    out += self._creature_choices(state, iid, group)
                else:
                    out.append(
                        {
                            "type": "play_card",
                            "card": iid,
                            "target": {"kind": "company", "id": group["id"]},
                            "label": f"{name} spielen",
                            "cards": [iid],
                        }
                    )
                out.append({"type": "on_guard", "card": iid, "label": f"{name} auf die Lauer legen", "cards": [iid]})
            elif info["type"] == "Resource":
                if "Item" in info["subtype"] or info["subtype"] in ("Ally", "Faction"):
                    for who in group["chars"] if group else []:
                        out.append(
                            {
                                "type": "play_card",
                                "card": iid,
                                "character": who,
                                "label": f"{name} durch {self._name(state, who)}",
                                "cards": [iid],
                            }
                        )
                else:
                    out.append({"type": "play_card", "card": iid, "label": f"{name} spielen", "cards": [iid]})
            if not is_hazard(info) and group is not None and seat != turn["active"]:
                out.append({"type": "on_guard", "card": iid, "label": f"{name} auf die Lauer legen", "cards": [iid]})
        for c in mine:
            for site in player["sites"]:
                out.append(
                    {
                        "type": "plan_movement",
                        "company": c["id"],
                        "site": site,
                        "kind": "starter",
                        "draws": 9,
                        "label": f"{self._company_label(state, c)} → {self._name(state, site)}",
                        "cards": [site, *c["chars"]],
                    }
                )
                out.append(
                    {
                        "type": "plan_movement",
                        "company": c["id"],
                        "site": site,
                        "kind": "region",
                        "draws": 9,
                        "label": f"{self._company_label(state, c)} → {self._name(state, site)} (über Regionen)",
                        "cards": [site, *c["chars"]],
                    }
                )
            out.append(
                {"type": "cancel_movement", "company": c["id"], "label": "Bewegung zurücknehmen", "cards": c["chars"]}
            )
            for other in mine:
                if other is not c:
                    out.append(
                        {
                            "type": "join_company",
                            "company": c["id"],
                            "to": other["id"],
                            "label": f"Vereinigen mit {self._company_label(state, other)}",
                            "cards": c["chars"],
                        }
                    )
        for who in chars:
            name = self._name(state, who)
            out.append(
                {
                    "type": "move_character",
                    "card": who,
                    "company": "new",
                    "label": f"{name}: neue Gemeinschaft",
                    "cards": [who],
                }
            )
            for item in st.attached(state, who):
                if stats.is_item(st.info(state, item)):
                    for taker in chars:
                        out.append(
                            {
                                "type": "transfer_item",
                                "card": item,
                                "character": taker,
                                "label": f"{self._name(state, item)} an {self._name(state, taker)}",
                                "cards": [item],
                            }
                        )
        if group is not None and group["owner"] != seat:
            for iid in group["on_guard"]:
                if state["inst"][iid]["owner"] == seat:
                    out.append(
                        {
                            "type": "reveal_on_guard",
                            "card": iid,
                            "label": f"{self._name(state, iid)} aufdecken",
                            "cards": [iid],
                        }
                    )
        if group is not None and group["owner"] == seat and group["entered"]:
            for other in state["companies"]:
                if other["owner"] != seat:
                    out.append(
                        {
                            "type": "attack_company",
                            "company": other["id"],
                            "label": f"{self._company_label(state, other)} angreifen",
                            "cards": list(other["chars"]),
                        }
                    )
            theirs = [i for c in state["companies"] if c["owner"] != seat for i in c["chars"]]
            for who in group["chars"]:
                for target in theirs:
                    out.append(
                        {
                            "type": "influence",
                            "character": who,
                            "target": target,
                            "label": f"{self._name(state, who)} wirbt {self._name(state, target)} ab",
                            "cards": [target],
                        }
                    )
        for plain in (
            ("enter_site", "Ort betreten"),
            ("draw", "Eine Karte ziehen"),
            ("next_phase", "Weiter (Phase beenden)"),
            ("pass", "Passen"),
            ("call_council", "Den Rat einberufen"),
        ):
            out.append({"type": plain[0], "label": plain[1], "cards": []})
        out.append(
            {
                "type": "wait",
                "on": not player.get("wait"),
                "cards": [],
                "label": "Passen, bis etwas auf meine Gemeinschaft gespielt wird"
                if not player.get("wait")
                else "Wieder selbst passen",
            }
        )
        return out

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
            label = f"{name} spielen ({key_.label()}{', Verhör' if key_.detainment else ''})"
            out.append({"type": "play_card", "card": iid, "keyed": keyed, "label": label, "cards": [iid]})
        return out

    def _combat_label(self, state: State, action: dict) -> dict:
        labels = {
            "assign_strike": "Hieb an {character}",
            "assign_pair": "{by} gegen {character}",
            "assign_done": "Keine weiteren Hiebe zuweisen",
            "resolve_strike": "Hieb gegen {character} würfeln",
            "resolve_all": "Alle Hiebe würfeln",
            "take_item": "{character} übernimmt {card}",
            "take_done": "Übrige Gegenstände abwerfen",
        }
        names = {k: self._name(state, v) for k, v in action.items() if k in ("character", "card", "by")}
        kind = "assign_pair" if action.get("by") else action["type"]
        return {
            **action,
            "label": labels[kind].format(**names),
            "cards": [action.get("character")] if action.get("character") else [],
        }

    def _with_support(self, state: State) -> list[dict]:
        attack = state["attack"]
        if attack["stage"] != "resolve":
            return []
        group = self._attack_group(state)
        helpers = [c for c in self._unassigned(state, group) if self._untapped(state, c)]
        if not helpers:
            return []
        return [
            {
                "type": "resolve_strike",
                "character": c,
                "support": helpers,
                "cards": [c],
                "label": f"Hieb gegen {self._name(state, c)} würfeln, mit Unterstützung (+{len(helpers)})",
            }
            for c in attack["assigned"]
            if c not in attack["resolved"]
        ]
