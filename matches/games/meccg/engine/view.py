"""What each seat sees (hidden information: hands, decks, face-down cards stay on the server)."""

from __future__ import annotations

from typing import Any

from matches.engine.base import State

from . import state as st
from .cardinfo import is_minor_item
from .constants import PHASE_NAMES
from .log_text import region_name
from .mixin_base import Base


class ViewMixin(Base):
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        codes: set[str] = set()

        def card(iid: str, *, hidden: bool = False) -> dict:
            inst = state["inst"][iid]
            if hidden:
                return {"hidden": True}  # no id: a face-down card's id says nothing
            codes.add(inst["code"])
            out = {"id": iid, "code": inst["code"], "tapped": inst["tapped"], "wounded": inst["wounded"]}
            on = st.attached(state, iid)
            if on:
                out["attached"] = [card(x, hidden=self._hidden_in_play(state, x, seat)) for x in on]
            if inst["controller"]:
                out["controller"] = inst["controller"]
            if inst.get("mods"):
                out["mods"] = dict(inst["mods"])
            return out

        players = [self._player_view(state, s, seat, card) for s in range(len(state["players"]))]
        companies = self._companies_view(state, seat, card)
        turn = state["turn"]
        view = {
            "stage": state["stage"],
            "seat": seat,
            "players": players,
            "companies": companies,
            "turn": self._turn_view(turn),
            "chain": [
                {"seat": link["seat"], "card": card(link["card"]), "target": link["target"]} for link in state["chain"]
            ],
            "priority": state["priority"],
            "council": dict(state["council"]),
            "final": state["final"],
            "request": self._request_view(state),
            "attack": self._attack_view(state, card),
            "current_seats": self.current_seats(state),
            "standing": self._standing_view(state, seat, card),
        }
        view["cards"] = {
            code: {k: v for k, v in state["cards"][code].items() if k not in ("havens",)} for code in sorted(codes)
        }
        return view

    def _player_view(self, state: State, s: int, seat: int | None, card) -> dict:
        """One player as ``seat`` sees them: counts and open piles for both, hand, pool and site cards for
        their own seat only."""
        player = state["players"][s]
        own = seat == s
        entry = {
            "seat": s,
            "alignment": player["alignment"],
            "deck_name": player["deck_name"],
            "hand_count": len(player["hand"]),
            "deck_count": len(player["deck"]),
            "sites_count": len(player["sites"]),
            "sideboard_count": len(player["sideboard"]),
            "exhausted": player["exhausted"],
            "discard": [card(i) for i in player["discard"]],
            "mp": [card(i) for i in player["mp"]],
            "out": [card(i) for i in player["out"]],
            "table": [
                card(i)
                for i in player["play"]
                if state["inst"][i]["on"] is None
                and not st.company_of(state, i)
                and not self._is_site_in_use(state, i)
                and not self._hidden_in_play(state, i, seat)
                and not self._in_chain(state, i)
            ],
            "agents": self._agents_view(state, s, seat, card),
            "auto_pass": player["auto_pass"],
            "drafted": [card(i) for i in player["drafted"]],
            "aside": [card(i) for i in player["aside"]],
            "picked": player["pick"] is not None,
            "stopped": player["stopped"],
            "start_done": player["start_done"],
        }
        if own:
            entry["hand"] = [card(i) for i in player["hand"]]
            entry["pool"] = [card(i) for i in player["pool"]]
            entry["sites"] = [card(i) for i in player["sites"]]
            entry["sideboard"] = [card(i) for i in player["sideboard"]]
            entry["pick"] = card(player["pick"]) if player["pick"] else None
            entry["starting_sites"] = self._starting_site_names(state, s) if state["stage"] == "start" else []
            entry["item_candidates"] = (
                [
                    card(i)
                    for i in player["pool"] + player["deck"] + player["sideboard"]
                    if is_minor_item(st.info(state, i)) and not st.info(state, i)["unique"]
                ]
                if state["stage"] == "start"
                else []
            )
        return entry

    @staticmethod
    def _turn_view(turn: dict | None) -> dict | None:
        """The turn in progress: whose, which phase and company, the hazard allowance."""
        if not turn:
            return None
        return {
            "number": turn["number"],
            "active": turn["active"],
            "phase": turn["phase"],
            "phase_name": PHASE_NAMES[turn["phase"]],
            "company": turn.get("company"),
            "character_played": turn["char_played"],
            "done": turn.get("done"),
            "allowance": turn.get("allowance"),
        }

    def _companies_view(self, state: State, seat: int | None, card) -> list[dict]:
        """Every company: its characters, site and destination (face down to the other seat until revealed)."""
        companies = []
        for group in state["companies"]:
            own = seat == group["owner"]
            dest = None
            if group["dest"]:
                revealed = not state["inst"][group["dest"]]["face_down"]
                dest = card(group["dest"]) if (own or revealed) else {"hidden": True}
            companies.append(
                {
                    "id": group["id"],
                    # Issue 31: "Aragorn II in Bruchtal", as players name a company (a text for the reader).
                    "name": self._company_name(state, group),
                    "owner": group["owner"],
                    "site": card(group["site"]) if group["site"] else None,
                    "characters": [card(i) for i in group["chars"]],
                    "size": st.company_size(state, group["chars"]),
                    "destination": dest,
                    "route": group["route"] if (own or (dest and not dest.get("hidden"))) else None,
                    "hazard_limit": group["limit"],
                    "hazards_played": group["hazards"],
                    "on_guard": [
                        card(i, hidden=not (seat is not None and state["inst"][i]["owner"] == seat))
                        for i in group["on_guard"]
                    ],
                    "entered": group["entered"],
                    **self._own_company_view(state, group, seat, card),
                }
            )
        return companies

    def _own_company_view(self, state: State, group: dict, seat: int | None, card) -> dict:
        """What only one seat sees of a company: its owner the standing answers (and the route's German names);
        the hazard player the hazards he has queued for it (batches.py)."""
        out: dict = {}
        route = group["route"]
        if route and (seat == group["owner"] or not state["inst"][group["dest"]]["face_down"]):
            out["route_names"] = [region_name(state, r) for r in route["regions"]]
        if seat == group["owner"] and group.get("plan"):
            out["plan"] = dict(group["plan"])
        batch = group.get("batch")
        if batch and batch["seat"] == seat:
            out["batch"] = [card(p["card"]) for p in batch["plays"] if p.get("card") in state["inst"]]
        return out

    def _standing_view(self, state: State, seat: int | None, card) -> dict | None:
        """A seat's own standing answers for this turn: the cards it discards first, how its excess strikes go."""
        turn = state.get("turn")
        if seat is None or not turn:
            return None
        hand = state["players"][seat]["hand"]
        trim = [card(i) for i in (turn.get("trim_plan") or [[], []])[seat] if i in hand]
        excess = state["players"][seat].get("excess")
        return {"discard": trim, "excess": excess} if trim or excess else None

    def _hidden_in_play(self, state: State, iid: str, seat: int | None) -> bool:
        inst = state["inst"][iid]
        return inst["face_down"] and inst["owner"] != seat

    def _is_site_in_use(self, state: State, iid: str) -> bool:
        return any(iid in (c["site"], c["dest"]) or iid in c["on_guard"] for c in state["companies"])

    def _in_chain(self, state: State, iid: str) -> bool:
        return any(link["card"] == iid for link in state["chain"])

    def _request_view(self, state: State) -> dict | None:
        """The open proposal: public (its cards were named in the log when it was made)."""
        request = state.get("request")
        if not request:
            return None
        return {
            "seat": request["seat"],
            "text": self._change_text(state, request["change"]).to_json(),  # rendered for the reader (engine_text)
            "note": request["note"],
            "change": dict(request["change"]),
        }

    def _attack_view(self, state: State, card) -> dict | None:
        """The running attack: all public (strikes, who has one, excess −1s, results so far)."""
        attack = state.get("attack")
        if not attack:
            return None
        keep = ("name", "race", "strikes", "prowess", "body", "detainment", "source", "key", "company", "stage")
        out = {k: attack.get(k) for k in keep}
        out.update(
            defender=attack["defender"],
            attacker=attack["attacker"],
            seat=self._attack_seat(state),
            left=attack["left"],
            assigned=[{"character": c, "excess": n} for c, n in attack["assigned"].items()],
            resolved=list(attack["resolved"]),
            excess_left=attack.get("excess_left", 0),
            strike=attack.get("strike"),
            defeated=attack["defeated"],
            creature=card(attack["card"]) if attack.get("card") else None,
            takeover=(
                {"items": [card(i) for i in attack["takeover"]["items"]], "heirs": list(attack["takeover"]["heirs"])}
                if attack.get("takeover")
                else None
            ),
        )
        if attack.get("versus"):
            # Company combat: who fights whom.
            out.update(
                attackers=list(attack["attackers"]),
                pairs=[{"character": d, "by": a} for d, a in attack["by"].items()],
                # The same, as cards (names on the board): defender first, then the attacking character.
                pair_cards=[{"character": card(d), "by": card(a)} for d, a in attack["by"].items()],
                strike_card=card(attack["strike"]) if attack.get("strike") else None,
            )
        return out
