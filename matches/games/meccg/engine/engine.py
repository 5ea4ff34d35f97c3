"""MECCG by post: the rules-assisted table for two players (issue 13).

The engine enforces the structure of seeds/003 (Spielvorbereitung, Spielzugübersicht, Spielende):
deck choice with the deck check, the character draft, starting sites and items, the six phases of
a turn, playing characters, company size, movement (starter and region), the hazard limit, hands
of eight, play deck exhaustion, chains of effects and the council with the final score. What a
card's text does is carried out by the players with the tools (tap, wound, move a card, dice).

Card data arrives as plain dicts (``cardinfo.from_record``); the deck check is a callable handed
in by the Django side. Where the rulebook is silent the code says so in a comment ("Decision:").
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from matches.engine import rng
from matches.engine.base import Action, Event, IllegalAction, Result, State, Text, gettext_noop

from . import scoring
from . import state as st
from .cardinfo import (
    avatar_kind,
    is_creature,
    is_haven,
    is_hazard,
    is_long_event,
    is_minor_item,
    is_short_event,
    is_site_resource,
    key,
    region_map,
)
from .movement import region_route, starter_route

PHASES = ("untap", "organization", "long_event", "movement", "site", "end")
PHASE_NAMES = {
    "untap": gettext_noop("Enttapphase"),
    "organization": gettext_noop("Organisationsphase"),
    "long_event": gettext_noop("Langfristige-Ereignisse-Phase"),
    "movement": gettext_noop("Bewegungs-/Gefahrenphase"),
    "site": gettext_noop("Ortsphase"),
    "end": gettext_noop("Abschlussphase"),
}
ALIGNMENTS = {"hero": "hero", "minion": "minion", "fallen-wizard": "fallen-wizard", "balrog": "balrog"}
# Starting sites by alignment (Spielvorbereitung, Startort(e)); fallen wizard: also any ruin ({R}) in
# Rhudaur or Arthedain.
STARTING_SITES = {
    "hero": ["Rivendell"],
    "minion": ["Minas Morgul", "Dol Guldur"],
    "fallen-wizard": ["The White Towers"],
    "balrog": ["Moria", "The Under-gates"],
}
FW_RUIN_REGIONS = {key("Rhudaur"), key("Arthedain")}
# Card alignments whose sites a player's companies use ("Orte": each alignment its own site cards).
SITE_ALIGNMENT = {"hero": "Hero", "minion": "Minion", "fallen-wizard": "Fallen-wizard", "balrog": "Balrog"}
ZONE_NAMES = {
    "hand": gettext_noop("Hand"),
    "deck": gettext_noop("Spielstapel"),
    "discard": gettext_noop("Abwurfstapel"),
    "sideboard": gettext_noop("Reservestapel"),
    "mp": gettext_noop("Siegpunktstapel"),
    "out": gettext_noop("aus dem Spiel"),
}
COUNCIL_POINTS = 25
SHARED_KEYS = ("cards", "regions")
MAX_STARTING_ITEMS = 2
MAX_DECK_CHARACTERS = 10

DeckChecker = Callable[[dict, str], list[str]]


def _no_check(deck: dict, opponent_alignment: str) -> list[str]:
    return []


def _text(template: str, **params) -> Text:
    return Text(template, params)


class MeccgEngine:
    slug = "meccg"
    name = gettext_noop("MECCG (Sammelkartenspiel)")
    min_players = 2
    max_players = 2

    def __init__(self, cards: Callable[[], Mapping[str, dict]], check_deck: DeckChecker = _no_check):
        """``cards``: returns every card's info by code (loaded lazily); ``check_deck``: German problems."""
        self.configure(cards, check_deck)

    def configure(self, cards: Callable[[], Mapping[str, dict]], check_deck: DeckChecker = _no_check) -> None:
        self._cards = cards
        self.check_deck = check_deck

    # --- protocol ------------------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        if players != 2:
            raise IllegalAction("players", gettext_noop("MECCG wird zu zweit gespielt."))
        catalogue = self._cards()
        return {
            "stage": "deck",
            "rng": rng.new(seed),
            "regions": region_map(catalogue.values()),
            "cards": {},
            "inst": {},
            "next_id": 1,
            "players": [self._new_player() for _ in range(players)],
            "companies": [],
            "turn": None,
            "chain": [],
            "priority": None,
            "passes": 0,
            "council": {"caller": None, "last_turn": None, "done": [False, False]},
            "final": None,
        }

    @staticmethod
    def _new_player() -> dict:
        player = {zone: [] for zone in st.ZONES}
        player.update(
            alignment=None,
            deck_name="",
            pick=None,
            stopped=False,
            start_site=None,
            start_done=False,
            starting_items=0,
            exhausted=0,
            auto_pass=False,
            lost_avatar=False,
            turns=0,
            influence_attempt=False,
        )
        return player

    def current_seats(self, state: State) -> list[int]:
        stage = state["stage"]
        players = state["players"]
        if stage == "deck":
            return [s for s in (0, 1) if players[s]["alignment"] is None]
        if stage == "draft":
            return [s for s in (0, 1) if not players[s]["stopped"] and players[s]["pick"] is None]
        if stage == "start":
            return [s for s in (0, 1) if not players[s]["start_done"]]
        if stage == "council":
            return [s for s in (0, 1) if not state["council"]["done"][s]]
        if stage != "play":
            return []
        if state["chain"]:
            return [state["priority"]]
        trim = [s for s in (0, 1) if len(players[s]["hand"]) > st.HAND_SIZE and state["turn"].get("trim")]
        if trim:
            return trim
        turn = state["turn"]
        if turn["phase"] == "movement" and self._current_company(state):
            return [s for s in (0, 1) if not turn["done"][s]]
        return [turn["active"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """A summary: the action types ``seat`` may send now (with the cards they may name where short)."""
        stage = state["stage"]
        player = state["players"][seat]
        if stage == "deck":
            return [{"type": "choose_deck"}] if player["alignment"] is None else []
        if stage == "draft":
            if seat not in self.current_seats(state):
                return []
            picks = [
                {"type": "draft_pick", "card": iid}
                for iid in player["pool"]
                if self._pick_problem(state, seat, iid) is None
            ]
            return [*picks, {"type": "draft_stop"}]
        if stage == "start":
            if player["start_done"]:
                return []
            actions = [{"type": "starting_site", "site": name} for name in self._starting_site_names(state, seat)]
            actions += [{"type": "starting_item"}, {"type": "aside_to_deck"}, {"type": "start_done"}]
            return actions
        if stage == "council":
            return [] if state["council"]["done"][seat] else [{"type": "council_checks"}]
        if stage != "play" or seat not in self.current_seats(state):
            return []
        if state["chain"]:
            return [{"type": "play_card"}, {"type": "pass"}, {"type": "auto_pass"}]
        turn = state["turn"]
        if turn.get("trim") and len(player["hand"]) > st.HAND_SIZE:
            return [{"type": "discard", "card": iid} for iid in player["hand"]]
        tools = [{"type": t} for t in ("tap", "untap", "wound", "heal", "move_card", "reveal", "roll")]
        phase = turn["phase"]
        if seat != turn["active"]:
            # Only reached in a movement/hazard phase: hazards, on-guard, or passing.
            return [{"type": "play_card"}, {"type": "on_guard"}, *tools, {"type": "pass"}, {"type": "auto_pass"}]
        actions = [{"type": "play_card"}, *tools, {"type": "next_phase"}]
        if phase == "organization":
            actions += [
                {"type": t}
                for t in ("play_character", "move_character", "set_controller", "plan_movement", "cancel_movement")
            ]
        if phase == "movement":
            actions += [{"type": "draw"}]
        if phase == "site":
            actions += [{"type": "enter_site"}]
        if phase == "end" and self._may_call_council(state, seat):
            actions += [{"type": "call_council"}]
        return actions

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", gettext_noop("Die Aktion muss ein Objekt mit „type“ sein."))
        if seat not in (0, 1):
            raise IllegalAction("bad_seat", gettext_noop("Diesen Platz gibt es nicht."))
        handler = getattr(self, f"_do_{action['type']}", None)
        if handler is None:
            raise IllegalAction(
                "unknown_action", gettext_noop("Die Aktion „%(type)s“ gibt es nicht."), type=action["type"][:40]
            )
        # Card facts and the region map never change once stored: share them, copy the rest.
        new = {k: v if k in SHARED_KEYS else copy.deepcopy(v) for k, v in state.items()}
        events: list[Event] = []
        handler(new, seat, action, events)
        self._auto_passes(new, events)
        return new, events

    def result(self, state: State) -> Result | None:
        final = state.get("final")
        if not final:
            return None
        totals = final["totals"]
        if totals[0] == totals[1] and final.get("ring") is None:
            winners, reason = (
                [],
                _text(gettext_noop("Unentschieden: %(a)s zu %(b)s Punkten."), a=totals[0], b=totals[1]),
            )
        else:
            winner = final["winner"]
            winners = [winner]
            reason = _text(
                gettext_noop("%(player)s gewinnt mit %(a)s zu %(b)s Punkten."),
                seat=winner,
                a=totals[winner],
                b=totals[1 - winner],
            )
        return Result(winners, reason, {0: totals[0], 1: totals[1]})

    # Form fields of the no-JavaScript page: strings in, the engine's action out.
    _INT_FIELDS = ("prowess", "body", "support", "modifier", "points")
    _TEXT_FIELDS = ("card", "character", "company", "site", "kind", "to", "under")

    def parse_form(self, fields: dict[str, Any]) -> Action:
        kind = fields.get("type")
        if not isinstance(kind, str) or not kind:
            raise IllegalAction("bad_action", gettext_noop("Die Aktion muss ein Objekt mit „type“ sein."))
        action: dict[str, Any] = {"type": kind}
        for name in self._TEXT_FIELDS:
            value = fields.get(name)
            if isinstance(value, str) and value.strip():
                action[name] = value.strip()
        for name in self._INT_FIELDS:
            value = fields.get(name)
            if isinstance(value, str) and value.strip():
                try:
                    action[name] = int(value)
                except ValueError as exc:
                    raise IllegalAction(
                        "bad_number", gettext_noop("„%(field)s“ muss eine ganze Zahl sein."), field=name
                    ) from exc
        if kind == "roll" and isinstance(fields.get("number"), str) and fields["number"].strip():
            try:
                action["target"] = int(fields["number"])
            except ValueError as exc:
                raise IllegalAction(
                    "bad_number", gettext_noop("„%(field)s“ muss eine ganze Zahl sein."), field="number"
                ) from exc
        if isinstance(fields.get("route"), str) and fields["route"].strip():
            action["route"] = [part.strip() for part in fields["route"].split(",") if part.strip()]
        if fields.get("target_kind"):
            action["target"] = {"kind": fields["target_kind"], "id": fields.get("target_id") or None}
        for flag in ("stay_untapped", "shuffle"):
            if fields.get(flag):
                action[flag] = True
        return action

    from .actions import action_schema  # the actions it accepts (fields, kinds, sizes)

    def default_action(self, state: State, seat: int) -> Action:
        """Time ran out: stop drafting, finish setup, pass, discard the last card or end the phase."""
        stage = state["stage"]
        if stage == "draft":
            return {"type": "draft_stop"}
        if stage == "start":
            return {"type": "start_done"}
        if stage == "council":
            return {"type": "council_checks"}
        if stage == "play":
            if state["chain"]:
                return {"type": "pass"}
            player = state["players"][seat]
            if state["turn"].get("trim") and len(player["hand"]) > st.HAND_SIZE:
                return {"type": "discard", "card": player["hand"][-1]}
            return {"type": "next_phase"} if seat == state["turn"]["active"] else {"type": "pass"}
        return {"type": "pass"}

    # --- view (hidden information) ---------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        codes: set[str] = set()

        def card(iid: str, *, hidden: bool = False) -> dict:
            inst = state["inst"][iid]
            if hidden:
                return {"id": iid, "hidden": True}
            codes.add(inst["code"])
            out = {"id": iid, "code": inst["code"], "tapped": inst["tapped"], "wounded": inst["wounded"]}
            on = st.attached(state, iid)
            if on:
                out["attached"] = [card(x, hidden=self._hidden_in_play(state, x, seat)) for x in on]
            if inst["controller"]:
                out["controller"] = inst["controller"]
            return out

        players = []
        for s, player in enumerate(state["players"]):
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
                        for i in player["deck"] + player["sideboard"]
                        if is_minor_item(st.info(state, i)) and not st.info(state, i)["unique"]
                    ]
                    if state["stage"] == "start"
                    else []
                )
            players.append(entry)
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
                }
            )
        turn = state["turn"]
        view = {
            "stage": state["stage"],
            "seat": seat,
            "players": players,
            "companies": companies,
            "turn": None
            if not turn
            else {
                "number": turn["number"],
                "active": turn["active"],
                "phase": turn["phase"],
                "phase_name": PHASE_NAMES[turn["phase"]],
                "company": turn.get("company"),
                "character_played": turn["char_played"],
                "done": turn.get("done"),
                "allowance": turn.get("allowance"),
            },
            "chain": [
                {"seat": link["seat"], "card": card(link["card"]), "target": link["target"]} for link in state["chain"]
            ],
            "priority": state["priority"],
            "council": dict(state["council"]),
            "final": state["final"],
            "current_seats": self.current_seats(state),
        }
        view["cards"] = {
            code: {k: v for k, v in state["cards"][code].items() if k not in ("havens",)} for code in sorted(codes)
        }
        return view

    def _hidden_in_play(self, state: State, iid: str, seat: int | None) -> bool:
        inst = state["inst"][iid]
        return inst["face_down"] and inst["owner"] != seat

    def _is_site_in_use(self, state: State, iid: str) -> bool:
        return any(iid in (c["site"], c["dest"]) or iid in c["on_guard"] for c in state["companies"])

    def _in_chain(self, state: State, iid: str) -> bool:
        return any(link["card"] == iid for link in state["chain"])

    # --- small helpers ---------------------------------------------------------------------------

    @staticmethod
    def _stage(state: State, *stages: str) -> None:
        if state["stage"] not in stages:
            raise IllegalAction("wrong_stage", gettext_noop("Das ist in diesem Abschnitt der Partie nicht möglich."))

    def _own(self, state: State, seat: int, iid, zone: str | None = None, what: str = "card") -> str:
        if not isinstance(iid, str) or iid not in state["inst"]:
            raise IllegalAction("unknown_card", gettext_noop("Diese Karte gibt es in der Partie nicht."))
        inst = state["inst"][iid]
        if inst["owner"] != seat:
            raise IllegalAction("not_yours", gettext_noop("Das ist nicht deine Karte."))
        if zone and inst["zone"] != zone:
            raise IllegalAction(
                "wrong_zone",
                gettext_noop("%(card)s liegt nicht dort, wo es diese Aktion verlangt (%(zone)s)."),
                card=st.info(state, iid)["name_de"],
                zone=ZONE_NAMES.get(zone, zone),
            )
        return iid

    def _own_character(self, state: State, seat: int, iid) -> str:
        self._own(state, seat, iid, "play")
        if not st.company_of(state, iid):
            raise IllegalAction("not_character", gettext_noop("Das ist kein Charakter in einer deiner Gemeinschaften."))
        return iid

    def _require_active(self, state: State, seat: int, *phases: str) -> dict:
        self._stage(state, "play")
        turn = state["turn"]
        if seat != turn["active"]:
            raise IllegalAction("not_your_turn", gettext_noop("Du bist nicht am Zug."))
        if phases and turn["phase"] not in phases:
            raise IllegalAction(
                "wrong_phase",
                gettext_noop("Das ist in der %(phase)s nicht erlaubt."),
                phase=PHASE_NAMES[turn["phase"]],
            )
        self._no_chain(state)
        self._no_trim(state)
        return turn

    @staticmethod
    def _no_chain(state: State) -> None:
        if state["chain"]:
            raise IllegalAction(
                "chain_open",
                gettext_noop("Erst muss die laufende Kette abgehandelt werden: Karte als Antwort spielen oder passen."),
            )

    @staticmethod
    def _no_trim(state: State) -> None:
        if state["turn"] and state["turn"].get("trim") and any(len(p["hand"]) > st.HAND_SIZE for p in state["players"]):
            raise IllegalAction("trim_first", gettext_noop("Erst müssen alle Hände auf acht Karten abgeworfen werden."))

    def _current_company(self, state: State) -> dict | None:
        turn = state["turn"]
        if not turn or turn["phase"] not in ("movement", "site") or turn.get("company") is None:
            return None
        return st.company(state, turn["company"])

    def _log(self, events: list[Event], template: str, seat: int | None = None, **params) -> None:
        if seat is not None:
            params["seat"] = seat  # the framework shows the seat's player name (base.with_names)
        events.append(Event(_text(template, **params), data={"kind": "log"}))

    # --- deck choice -----------------------------------------------------------------------------

    def _do_choose_deck(self, state, seat, action, events):
        self._stage(state, "deck")
        player = state["players"][seat]
        if player["alignment"] is not None:
            raise IllegalAction("deck_chosen", gettext_noop("Du hast dein Deck schon gewählt."))
        deck = action.get("deck")
        if not isinstance(deck, dict) or not isinstance(deck.get("entries"), list):
            raise IllegalAction("bad_deck", gettext_noop("Die Deckwahl braucht ein Deck mit Einträgen."))
        alignment = ALIGNMENTS.get(str(deck.get("alignment", "")).casefold())
        if alignment is None:
            raise IllegalAction("bad_alignment", gettext_noop("Das Deck hat keine gültige Ausrichtung."))
        other = state["players"][1 - seat]
        problems = self.check_deck(deck, other["alignment"] or "")
        if problems:
            raise IllegalAction(
                "deck_illegal",
                gettext_noop("Dieses Deck besteht die Deckprüfung nicht: %(problems)s"),
                problems=" ".join(problems[:3]),
            )
        if other["alignment"]:
            problems = self.check_deck(other["deck_source"], alignment)
            if problems:
                raise IllegalAction(
                    "opponent_deck_illegal",
                    gettext_noop(
                        "Gegen ein Deck dieser Ausrichtung wäre das Deck deines Gegners nicht zulässig: %(problems)s"
                    ),
                    problems=" ".join(problems[:3]),
                )
        catalogue = self._cards()
        state["cards"] = dict(state["cards"])  # shared with the previous state: extend a copy
        zones = {"pool": "pool", "characters": "deck", "resources": "deck", "hazards": "deck", "sites": "sites"}
        zones["sideboard"] = "sideboard"
        for entry in deck["entries"]:
            if not isinstance(entry, list | tuple) or len(entry) != 3:
                raise IllegalAction("bad_entry", gettext_noop("Ein Deckeintrag ist [Code, Anzahl, Teil]."))
            code, quantity, part = entry
            if (
                not isinstance(part, str)
                or not isinstance(code, str)
                or code not in catalogue
                or part not in zones
                or not isinstance(quantity, int)
                or not 0 < quantity < 100
            ):
                raise IllegalAction(
                    "bad_entry", gettext_noop("Unbekannte Karte im Deck: %(card_code)s."), card_code=str(code)[:40]
                )
            state["cards"][code] = catalogue[code]
            for _ in range(quantity):
                st.new_instance(state, code, seat, zones[part])
        # Every site of the player's alignment, so that starting sites and havens are known.
        for code, card in catalogue.items():
            if card["type"] == "Site" and card["alignment"] == SITE_ALIGNMENT[alignment]:
                state["cards"].setdefault(code, card)
        player.update(alignment=alignment, deck_name=str(deck.get("name", ""))[:120], deck_source=deck)
        self._log(events, gettext_noop("%(player)s wählt ein Deck (%(alignment)s)."), seat, alignment=alignment)
        if all(p["alignment"] for p in state["players"]):
            state["stage"] = "draft"
            for s in (0, 1):
                self._auto_stop(state, s)
            self._log(events, gettext_noop("Die Wahl der Startcharaktere beginnt."))

    # --- the character draft ---------------------------------------------------------------------

    def _pick_problem(self, state: State, seat: int, iid: str) -> tuple[str, str, dict] | None:
        player = state["players"][seat]
        info = st.info(state, iid)
        limit = st.STARTING_CHARACTER_LIMIT[player["alignment"]]
        if len(player["drafted"]) >= limit:
            return (
                "draft_limit",
                gettext_noop("Mehr als %(limit)s Startcharaktere sind nicht erlaubt."),
                {"limit": limit},
            )
        used = sum(st.info(state, i)["mind"] or 0 for i in player["drafted"])
        if used + (info["mind"] or 0) > st.GENERAL_INFLUENCE:
            return (
                "draft_influence",
                gettext_noop(
                    "%(card)s (Geisteskraft %(mind)s) würde den allgemeinen Einfluss über 20 bringen (bisher %(used)s)."
                ),
                {"card": info["name_de"], "mind": info["mind"] or 0, "used": used},
            )
        return None

    def _auto_stop(self, state: State, seat: int) -> None:
        """A player who cannot pick any more character must stop (Startgemeinschaft)."""
        player = state["players"][seat]
        if not player["stopped"] and not any(self._pick_problem(state, seat, i) is None for i in player["pool"]):
            player["stopped"] = True

    def _do_draft_pick(self, state, seat, action, events):
        self._stage(state, "draft")
        player = state["players"][seat]
        if player["stopped"]:
            raise IllegalAction("draft_stopped", gettext_noop("Du hast die Wahl der Startcharaktere beendet."))
        if player["pick"] is not None:
            raise IllegalAction(
                "draft_waiting", gettext_noop("Du hast schon verdeckt gewählt; warte auf deinen Gegner.")
            )
        iid = self._own(state, seat, action.get("card"), "pool")
        problem = self._pick_problem(state, seat, iid)
        if problem:
            raise IllegalAction(problem[0], problem[1], **problem[2])
        player["pick"] = iid
        events.append(
            Event(
                _text(gettext_noop("%(player)s wählt verdeckt einen Charakter."), seat=seat),
                private={
                    seat: _text(gettext_noop("Deine verdeckte Wahl: %(card)s."), card=st.info(state, iid)["name_de"])
                },
            )
        )
        self._reveal_draft(state, events)

    def _do_draft_stop(self, state, seat, action, events):
        self._stage(state, "draft")
        player = state["players"][seat]
        if player["stopped"]:
            raise IllegalAction("draft_stopped", gettext_noop("Du hast die Wahl der Startcharaktere beendet."))
        if player["pick"] is not None:
            raise IllegalAction(
                "draft_waiting", gettext_noop("Du hast schon verdeckt gewählt; warte auf deinen Gegner.")
            )
        player["stopped"] = True
        self._log(events, gettext_noop("%(player)s beendet die Wahl der Startcharaktere."), seat)
        self._reveal_draft(state, events)

    def _reveal_draft(self, state: State, events: list[Event]) -> None:
        players = state["players"]
        if any(not p["stopped"] and p["pick"] is None for p in players):
            return  # someone still has to choose
        picks = [p["pick"] for p in players]
        if all(picks) and key(st.info(state, picks[0])["name_en"]) == key(st.info(state, picks[1])["name_en"]):
            for s, iid in enumerate(picks):
                st.move(state, iid, "aside")
                players[s]["pick"] = None
            self._log(
                events,
                gettext_noop("Beide wählen %(card)s: Die Karten werden zur Seite gelegt."),
                card=st.info(state, picks[0])["name_de"],
            )
        else:
            for s, iid in enumerate(picks):
                if iid:
                    st.move(state, iid, "drafted")
                    players[s]["pick"] = None
                    self._log(
                        events, gettext_noop("%(player)s deckt %(card)s auf."), s, card=st.info(state, iid)["name_de"]
                    )
        for s in (0, 1):
            self._auto_stop(state, s)
        if all(p["stopped"] for p in players):
            state["stage"] = "start"
            for s in (0, 1):
                names = self._starting_site_names(state, s)
                if len(names) == 1:
                    players[s]["start_site"] = names[0]
            self._log(
                events, gettext_noop("Die Startcharaktere stehen fest. Jetzt: Startort und geringere Gegenstände.")
            )

    # --- setup after the draft -------------------------------------------------------------------

    def _starting_site_names(self, state: State, seat: int) -> list[str]:
        alignment = state["players"][seat]["alignment"]
        names = list(STARTING_SITES[alignment])
        if alignment == "fallen-wizard":
            names += sorted(
                {
                    c["name_en"]
                    for c in state["cards"].values()
                    if c["type"] == "Site"
                    and c["alignment"] == "Fallen-wizard"
                    and c["site_type"] == "{R}"
                    and key(c["region"]) in FW_RUIN_REGIONS
                }
                | {
                    c["name_en"]
                    for c in state["cards"].values()
                    if c["type"] == "Site"
                    and c["site_type"] == "{R}"
                    and key(c["region"]) in FW_RUIN_REGIONS
                    and c["alignment"] in ("Hero", "Minion")
                }
            )
        return names

    def _do_starting_site(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        if player["start_done"]:
            raise IllegalAction("start_done", gettext_noop("Deine Vorbereitung ist schon abgeschlossen."))
        names = self._starting_site_names(state, seat)
        wanted = next((n for n in names if key(n) == key(str(action.get("site", "")))), None)
        if wanted is None:
            raise IllegalAction(
                "bad_starting_site",
                gettext_noop("Als Startort sind möglich: %(sites)s."),
                sites=", ".join(names),
            )
        player["start_site"] = wanted
        self._log(events, gettext_noop("%(player)s wählt den Startort %(site)s."), seat, site=wanted)

    def _do_starting_item(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        if player["start_done"]:
            raise IllegalAction("start_done", gettext_noop("Deine Vorbereitung ist schon abgeschlossen."))
        if player["starting_items"] >= MAX_STARTING_ITEMS:
            raise IllegalAction("too_many_items", gettext_noop("Höchstens zwei geringere Gegenstände zu Beginn."))
        iid = self._own(state, seat, action.get("card"))
        if state["inst"][iid]["zone"] not in ("deck", "sideboard"):
            raise IllegalAction(
                "item_zone", gettext_noop("Der Gegenstand muss aus deinem Spielstapel oder Reservestapel kommen.")
            )
        info = st.info(state, iid)
        if not is_minor_item(info) or info["unique"]:
            raise IllegalAction(
                "not_minor_item",
                gettext_noop("%(card)s ist kein nicht-einzigartiger geringerer Gegenstand."),
                card=info["name_de"],
            )
        bearer = action.get("character")
        if bearer not in player["drafted"]:
            raise IllegalAction("bad_bearer", gettext_noop("Der Träger muss einer deiner Startcharaktere sein."))
        st.move(state, iid, "play")
        state["inst"][iid]["on"] = bearer
        player["starting_items"] += 1
        self._log(
            events,
            gettext_noop("%(player)s gibt %(item)s an %(character)s."),
            seat,
            item=info["name_de"],
            character=st.info(state, bearer)["name_de"],
        )

    def _do_aside_to_deck(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        iid = self._own(state, seat, action.get("card"), "aside")
        characters = sum(
            1 for i in player["deck"] if st.info(state, i)["type"] == "Character" and not avatar_kind(st.info(state, i))
        )
        if characters >= MAX_DECK_CHARACTERS:
            raise IllegalAction(
                "deck_characters_full",
                gettext_noop("Im Spielstapel sind schon %(n)s Charaktere; mehr sind nicht zulässig."),
                n=characters,
            )
        st.move(state, iid, "deck")
        self._log(events, gettext_noop("%(player)s legt einen zur Seite gelegten Charakter in den Spielstapel."), seat)

    def _do_start_done(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        if player["start_done"]:
            raise IllegalAction("start_done", gettext_noop("Deine Vorbereitung ist schon abgeschlossen."))
        if player["drafted"] and not player["start_site"]:
            raise IllegalAction(
                "no_starting_site",
                gettext_noop("Wähle zuerst den Startort: %(sites)s."),
                sites=", ".join(self._starting_site_names(state, seat)),
            )
        player["start_done"] = True
        self._log(events, gettext_noop("%(player)s ist bereit."), seat)
        if all(p["start_done"] for p in state["players"]):
            self._begin_game(state, events)

    def _site_instance(self, state: State, seat: int, name: str) -> str:
        """The site card from the location deck; Decision: if the deck lacks it, the table supplies one."""
        player = state["players"][seat]
        for iid in player["sites"]:
            if key(st.info(state, iid)["name_en"]) == key(name):
                st.move(state, iid, "play")
                return iid
        wanted = SITE_ALIGNMENT[player["alignment"]]
        candidates = [c for c in state["cards"].values() if c["type"] == "Site" and key(c["name_en"]) == key(name)]
        card = next((c for c in candidates if c["alignment"] == wanted), candidates[0] if candidates else None)
        if card is None:
            raise IllegalAction(
                "unknown_site", gettext_noop("Den Ort %(site)s gibt es in den Kartendaten nicht."), site=name
            )
        return st.new_instance(state, card["code"], seat, "play")

    def _begin_game(self, state: State, events: list[Event]) -> None:
        for seat, player in enumerate(state["players"]):
            if player["drafted"]:
                site = self._site_instance(state, seat, player["start_site"])
                group = st.new_company(state, seat, site)
                for iid in list(player["drafted"]):
                    st.move(state, iid, "play")
                    group["chars"].append(iid)
            for iid in list(player["aside"]):
                st.move(state, iid, "out")
            rng.shuffle(state["rng"], player["deck"])
            for _ in range(st.HAND_SIZE):
                st.draw(state, seat)
        self._log(events, gettext_noop("Die Decks werden gemischt, jeder zieht acht Karten."))
        while True:
            rolls = [rng.roll(state["rng"], 6) + rng.roll(state["rng"], 6) for _ in (0, 1)]
            self._log(events, gettext_noop("Wurf um den Start: %(a)s gegen %(b)s."), a=rolls[0], b=rolls[1])
            if rolls[0] != rolls[1]:
                break
        first = 0 if rolls[0] > rolls[1] else 1
        state["stage"] = "play"
        state["first"] = first
        state["turn"] = {"number": 0, "active": first, "phase": "untap", "char_played": False}
        self._log(events, gettext_noop("%(player)s beginnt."), first)
        self._start_turn(state, first, events)

    # --- turns and phases -------------------------------------------------------------------------

    def _start_turn(self, state: State, seat: int, events: list[Event]) -> None:
        number = state["turn"]["number"] + 1 if state["turn"] else 1
        state["turn"] = {
            "number": number,
            "active": seat,
            "phase": "untap",
            "char_played": False,
            "company": None,
            "order": [],
            "done": [False, False],
            "trim": False,
        }
        state["players"][seat]["turns"] += 1
        state["players"][seat]["influence_attempt"] = False
        self._log(events, gettext_noop("Runde %(n)s: %(player)s ist am Zug."), seat, n=number)
        self._enter_phase(state, "untap", events)

    def _enter_phase(self, state: State, phase: str, events: list[Event]) -> None:
        turn = state["turn"]
        seat = turn["active"]
        turn["phase"] = phase
        turn["company"] = None
        turn["done"] = [False, False]
        for player in state["players"]:
            player["auto_pass"] = False
        self._log(events, gettext_noop("%(phase)s von %(player)s."), seat, phase=PHASE_NAMES[phase])
        if phase == "untap":
            for iid in state["players"][seat]["play"]:
                if st.info(state, iid)["type"] != "Site":  # sites stay tapped
                    state["inst"][iid]["tapped"] = False
            for group in state["companies"]:
                if group["owner"] == seat and group["site"] and is_haven(st.info(state, group["site"])):
                    for iid in group["chars"]:
                        card = state["inst"][iid]
                        if card["wounded"]:
                            card.update(wounded=False, tapped=True)  # healed: wounded → tapped
        elif phase == "long_event":
            for owner, want_hazard in ((seat, False), (1 - seat, True)):
                for iid in list(state["players"][owner]["play"]):
                    info = st.info(state, iid)
                    if is_long_event(info) and is_hazard(info) == want_hazard:
                        st.move(state, iid, "discard")
                        self._log(
                            events,
                            gettext_noop("%(card)s wird abgeworfen (langfristiges Ereignis)."),
                            card=info["name_de"],
                        )
        elif phase in ("movement", "site"):
            turn["order"] = [c["id"] for c in state["companies"] if c["owner"] == seat]
            self._next_company(state, events)
        elif phase == "end":
            for group in state["companies"]:
                for iid in list(group["on_guard"]):
                    group["on_guard"].remove(iid)
                    st.move(state, iid, "hand")
                    self._log(events, gettext_noop("Eine auf die Lauer gelegte Karte geht zurück auf die Hand."))

    def _next_company(self, state: State, events: list[Event]) -> None:
        """Start the phase of the next company in order, or move on when none is left."""
        turn = state["turn"]
        while turn["order"]:
            cid = turn["order"].pop(0)
            group = st.company(state, cid)
            if group is None:
                continue
            turn["company"] = cid
            turn["done"] = [False, False]
            if turn["phase"] == "movement":
                self._start_movement(state, group, events)
            else:
                group["entered"] = False
                self._log(
                    events,
                    gettext_noop("Ortsphase der Gemeinschaft %(company)s."),
                    company=self._company_label(state, group),
                )
            return
        turn["company"] = None
        self._enter_phase(state, PHASES[PHASES.index(turn["phase"]) + 1], events)

    def _company_label(self, state: State, group: dict) -> str:
        names = [st.info(state, i)["name_de"] for i in group["chars"]]
        return ", ".join(names) or group["id"]

    def _start_movement(self, state: State, group: dict, events: list[Event]) -> None:
        """Hazard limit fixed now (company size, at least 2); the new site is revealed."""
        group["limit"] = st.hazard_limit(state, group)
        group["hazards"] = 0
        group["drawn"] = [0, 0]
        turn = state["turn"]
        seat = group["owner"]
        turn["allowance"] = [0, 0]
        if group["dest"]:
            dest = state["inst"][group["dest"]]
            dest["face_down"] = False
            origin = st.info(state, group["site"])
            target = st.info(state, group["dest"])
            # Moving to a haven, heroes and minions draw by the origin's card; the others by the target's.
            basis = origin if is_haven(target) and state["players"][seat]["alignment"] in ("hero", "minion") else target
            can_draw = any(
                (st.info(state, i)["mind"] or 0) >= 3 or avatar_kind(st.info(state, i)) for i in group["chars"]
            )
            turn["allowance"][seat] = basis["draw"] if can_draw else 0
            turn["allowance"][1 - seat] = basis["draw_opponent"]
            self._log(
                events,
                gettext_noop("%(company)s zieht nach %(site)s (Route: %(route)s). Gefahrenlimit %(limit)s."),
                company=self._company_label(state, group),
                site=target["name_de"],
                route=", ".join(group["route"]["regions"]) if group["route"] else "–",
                limit=group["limit"],
            )
            for s in (seat, 1 - seat):  # at least one card must be drawn
                if turn["allowance"][s] > 0:
                    self._draw_cards(state, s, 1, events)
                    group["drawn"][s] = 1
        else:
            self._log(
                events,
                gettext_noop("%(company)s bleibt am Ort. Gefahrenlimit %(limit)s."),
                company=self._company_label(state, group),
                limit=group["limit"],
            )

    def _draw_cards(self, state: State, seat: int, n: int, events: list[Event]) -> None:
        for _ in range(n):
            exhausted: list = []
            iid = st.draw(state, seat, exhausted)
            if exhausted:
                self._log(
                    events,
                    gettext_noop(
                        "%(player)s hat den Spielstapel aufgebraucht (%(n)s. Mal); der Abwurfstapel wird gemischt."
                    ),
                    seat,
                    n=state["players"][seat]["exhausted"],
                )
            if iid is None:
                return
            events.append(
                Event(
                    _text(gettext_noop("%(player)s zieht eine Karte."), seat=seat),
                    private={seat: _text(gettext_noop("Du ziehst %(card)s."), card=st.info(state, iid)["name_de"])},
                )
            )

    def _finish_movement(self, state: State, group: dict, events: list[Event]) -> None:
        """The company arrives; both players refill or trim their hands to eight."""
        if group["dest"]:
            old = group["site"]
            group["site"] = group["dest"]
            group["dest"] = None
            group["route"] = None
            if old and not any(c["site"] == old or c["dest"] == old for c in state["companies"]):
                card = state["inst"][old]
                info = st.info(state, old)
                # Left sites: tapped ones are discarded, untapped ones and havens go back to the location deck.
                st.move(state, old, "discard" if card["tapped"] and not is_haven(info) else "sites")
            self._log(
                events,
                gettext_noop("%(company)s erreicht %(site)s."),
                company=self._company_label(state, group),
                site=st.info(state, group["site"])["name_de"],
            )
        self._refill_hands(state, events)

    def _refill_hands(self, state: State, events: list[Event]) -> None:
        active = state["turn"]["active"]
        for seat in (active, 1 - active):
            missing = st.HAND_SIZE - len(state["players"][seat]["hand"])
            if missing > 0:
                self._draw_cards(state, seat, missing, events)
        if any(len(p["hand"]) > st.HAND_SIZE for p in state["players"]):
            state["turn"]["trim"] = True

    def _do_next_phase(self, state, seat, action, events):
        self._stage(state, "play")
        turn = state["turn"]
        self._no_chain(state)
        self._no_trim(state)
        if turn["phase"] in ("movement", "site") and turn.get("company") and not self._current_company(state):
            # The company was dissolved during its phase: on to the next one.
            self._require_active(state, seat)
            self._next_company(state, events)
            return None
        if turn["phase"] == "movement" and self._current_company(state):
            if seat != turn["active"]:
                return self._do_pass(state, seat, action, events)
            turn["done"][seat] = True
            self._log(events, gettext_noop("%(player)s ist mit dieser Bewegungs-/Gefahrenphase fertig."), seat)
            self._maybe_finish_movement(state, events)
            return None
        self._require_active(state, seat)
        phase = turn["phase"]
        if phase == "site" and self._current_company(state):
            self._next_company(state, events)
        elif phase == "end":
            self._end_turn(state, events)
        else:
            self._enter_phase(state, PHASES[PHASES.index(phase) + 1], events)
        return None

    def _maybe_finish_movement(self, state: State, events: list[Event]) -> None:
        turn = state["turn"]
        if all(turn["done"]):
            group = self._current_company(state)
            self._finish_movement(state, group, events)
            self._next_company(state, events)

    def _do_pass(self, state, seat, action, events):
        self._stage(state, "play")
        if state["chain"]:
            if state["priority"] != seat:
                raise IllegalAction(
                    "no_priority", gettext_noop("Dein Gegner darf gerade auf die Kette antworten, nicht du.")
                )
            self._pass_chain(state, seat, events)
            return
        turn = state["turn"]
        if turn["phase"] == "movement" and self._current_company(state) and seat != turn["active"]:
            self._no_trim(state)
            if turn["done"][seat]:
                raise IllegalAction(
                    "already_done", gettext_noop("Du hast in dieser Bewegungs-/Gefahrenphase schon gepasst.")
                )
            turn["done"][seat] = True
            self._log(events, gettext_noop("%(player)s spielt keine weiteren Gefahren."), seat)
            self._maybe_finish_movement(state, events)
            return
        raise IllegalAction("nothing_to_pass", gettext_noop("Gerade gibt es nichts zu passen."))

    def _do_auto_pass(self, state, seat, action, events):
        self._stage(state, "play")
        state["players"][seat]["auto_pass"] = bool(action.get("on", True))
        self._log(events, gettext_noop("%(player)s passt für den Rest dieser Phase automatisch."), seat)

    def _auto_passes(self, state: State, events: list[Event]) -> None:
        """Play by post must not stall: a seat that chose auto-pass passes whenever it is asked."""
        for _ in range(8):
            if state["stage"] != "play":
                return
            if state["chain"]:
                seat = state["priority"]
                if not state["players"][seat]["auto_pass"]:
                    return
                self._log(events, gettext_noop("%(player)s passt automatisch."), seat)
                self._pass_chain(state, seat, events)
                continue
            turn = state["turn"]
            hazard = 1 - turn["active"]
            if (
                turn["phase"] == "movement"
                and self._current_company(state)
                and state["players"][hazard]["auto_pass"]
                and not turn["done"][hazard]
                and not turn.get("trim")
            ):
                turn["done"][hazard] = True
                self._log(events, gettext_noop("%(player)s passt automatisch."), hazard)
                self._maybe_finish_movement(state, events)
                continue
            return

    def _do_discard(self, state, seat, action, events):
        """Trimming the hand to eight (Bewegungs-/Gefahrenphase and Abschlussphase)."""
        self._stage(state, "play")
        player = state["players"][seat]
        if not state["turn"].get("trim") or len(player["hand"]) <= st.HAND_SIZE:
            raise IllegalAction("no_trim", gettext_noop("Du musst gerade keine Karte abwerfen."))
        iid = self._own(state, seat, action.get("card"), "hand")
        st.move(state, iid, "discard")
        self._log(events, gettext_noop("%(player)s wirft %(card)s ab."), seat, card=st.info(state, iid)["name_de"])
        if all(len(p["hand"]) <= st.HAND_SIZE for p in state["players"]):
            state["turn"]["trim"] = False
            if state["turn"].get("after_trim") == "end_turn":
                state["turn"]["after_trim"] = None
                self._finish_turn(state, events)

    def _end_turn(self, state: State, events: list[Event]) -> None:
        self._refill_hands(state, events)
        if state["turn"]["trim"]:
            state["turn"]["after_trim"] = "end_turn"
            return
        self._finish_turn(state, events)

    def _finish_turn(self, state: State, events: list[Event]) -> None:
        seat = state["turn"]["active"]
        council = state["council"]
        if council["last_turn"] == seat:
            self._begin_council(state, events)
            return
        players = state["players"]
        if council["caller"] is None and all(p["exhausted"] >= 2 for p in players):
            # Both decks exhausted twice: the game ends with this round (the second player's turn).
            if seat != state["first"]:
                self._begin_council(state, events)
                return
            council["caller"] = seat
            council["last_turn"] = 1 - seat
            self._log(events, gettext_noop("Beide Spielstapel sind zweimal aufgebraucht: Dies ist die letzte Runde."))
        self._start_turn(state, 1 - seat, events)

    # --- the council and the end -------------------------------------------------------------

    def marshalling_points(self, state: State, seat: int) -> scoring.Sheet:
        """The player's score sheet from the table: cards in play and in the marshalling point pile."""
        player = state["players"][seat]
        totals = dict.fromkeys(("character", "item", "ally", "faction", "miscellaneous"), 0)
        plain = starred = 0
        counted = [i for i in player["play"] if not state["inst"][i]["face_down"]] + list(player["mp"])
        for iid in counted:
            info = st.info(state, iid)
            points = info["mp"] or 0
            kind = info["mp_type"]
            if not points or not kind:
                continue
            if kind == "kill":
                if state["inst"][iid]["zone"] != "mp":
                    continue  # a creature scores only once defeated (in the pile)
                if info["mp_starred"]:
                    starred += points
                else:
                    plain += points
            elif kind in totals:
                totals[kind] += points
        own_unique = {
            key(st.info(state, i)["name_en"])
            for i in counted
            if st.info(state, i)["unique"] and st.info(state, i)["mp"]
        }
        opponent_hand = state["players"][1 - seat]["hand"]
        in_hand = sum(
            1
            for i in opponent_hand
            if not is_hazard(st.info(state, i)) and key(st.info(state, i)["name_en"]) in own_unique
        )
        return scoring.Sheet(
            alignment=player["alignment"],
            characters=totals["character"],
            special=totals["miscellaneous"],
            items=totals["item"],
            allies=totals["ally"],
            factions=totals["faction"],
            creatures_plain=plain,
            creatures_starred=starred,
            unique_in_opponent_hand=in_hand,
            lost_avatar=player["lost_avatar"],
        )

    def _may_call_council(self, state: State, seat: int) -> bool:
        player = state["players"][seat]
        if state["council"]["caller"] is not None:
            return False
        if player["exhausted"] >= 2:
            return True
        # Decision: the 25 points are counted as the raw sum of the categories (before doubling), as a
        # player adds them up at the table; Sauron's War Council for minions is left to the players.
        sheet = self.marshalling_points(state, seat)
        raw = sum(scoring.raw_categories(sheet).values())
        return player["exhausted"] >= 1 and raw >= COUNCIL_POINTS

    def _do_call_council(self, state, seat, action, events):
        self._require_active(state, seat, "end")
        if not self._may_call_council(state, seat):
            raise IllegalAction(
                "council_not_allowed",
                gettext_noop(
                    "Den Rat darfst du erst einberufen, wenn dein Spielstapel zweimal aufgebraucht ist, oder einmal "
                    "und du mindestens 25 Siegpunkte hast."
                ),
            )
        state["council"].update(caller=seat, last_turn=1 - seat)
        self._log(events, gettext_noop("%(player)s beruft den Rat ein. Der Gegner hat noch eine letzte Runde."), seat)
        self._end_turn(state, events)

    def _begin_council(self, state: State, events: list[Event]) -> None:
        state["stage"] = "council"
        state["turn"]["phase"] = "end"
        self._log(events, gettext_noop("Der Rat tritt zusammen: Jeder Charakter macht einen Versuchungswurf."))

    def _do_council_checks(self, state, seat, action, events):
        self._stage(state, "council")
        if state["council"]["done"][seat]:
            raise IllegalAction("council_done", gettext_noop("Deine Versuchungswürfe sind schon gemacht."))
        for iid in list(st.characters_in_play(state, seat)):
            if state["inst"][iid]["zone"] == "play":
                self._corruption_check(state, seat, iid, 0, None, events)
        state["council"]["done"][seat] = True
        if all(state["council"]["done"]):
            self._final_score(state, events)

    def _final_score(self, state: State, events: list[Event]) -> None:
        sheets = (self.marshalling_points(state, 0), self.marshalling_points(state, 1))
        scores = scoring.score(sheets, decks=2)
        totals = [scores[0].total, scores[1].total]
        winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
        state["final"] = {
            "totals": totals,
            "winner": winner,
            "ring": None,
            "players": [score.to_json() for score in scores],
        }
        state["stage"] = "over"
        self._log(events, gettext_noop("Endwertung: %(a)s zu %(b)s Punkten."), a=totals[0], b=totals[1])

    # --- organisation: characters, companies, movement --------------------------------------------

    def _home_or_haven(self, state: State, info: dict, site: dict, seat: int) -> bool:
        alignment = state["players"][seat]["alignment"]
        kind = avatar_kind(info)
        home = key(info["home_site"])
        name = key(site["name_en"])
        if kind == "Wizard":
            return name == key("Rivendell") or name == home or (home == key("Any Haven") and is_haven(site))
        if kind == "Ringwraith":
            return name in (key("Minas Morgul"), key("Dol Guldur")) or name == home
        if kind == "Fallen-wizard":
            return name == home or (home == key("Any Free-hold") and site["site_type"] == "{F}")
        if kind == "Balrog":
            return name == key("The Under-gates")
        if info["agent"] and alignment in ("minion", "fallen-wizard"):
            return name == home
        return is_haven(site) or name == home or (home == key("Any Haven") and is_haven(site))

    def _do_play_character(self, state, seat, action, events):
        turn = self._require_active(state, seat, "organization")
        player = state["players"][seat]
        if turn["char_played"]:
            raise IllegalAction(
                "character_played",
                gettext_noop(
                    "In dieser Runde wurde schon ein Charakter ins Spiel gebracht (höchstens einer je Runde)."
                ),
            )
        iid = self._own(state, seat, action.get("card"), "hand")
        info = st.info(state, iid)
        if info["type"] != "Character":
            raise IllegalAction(
                "not_character_card", gettext_noop("%(card)s ist kein Charakter."), card=info["name_de"]
            )
        self._check_unique(state, info)
        if player["alignment"] == "fallen-wizard" and not avatar_kind(info):
            race = info["race"].casefold()
            if (info["mind"] or 0) > 5 or "orc" in race or "troll" in race:
                raise IllegalAction(
                    "fw_character",
                    gettext_noop(
                        "Gefallene Zauberer spielen keine Charaktere mit Geisteskraft über 5 "
                        "und keine Orks oder Trolle."
                    ),
                )
        group = None
        site_iid = None
        if action.get("company"):
            group = st.company(state, action["company"])
            if group is None or group["owner"] != seat:
                raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
            site = st.info(state, group["site"])
        else:
            site_iid = self._own(state, seat, action.get("site"), "sites")
            site = st.info(state, site_iid)
        if not self._home_or_haven(state, info, site, seat):
            raise IllegalAction(
                "wrong_site",
                gettext_noop(
                    "%(card)s kann nur an einem Zufluchtsort oder an seinem Heimatort (%(home)s) ins Spiel "
                    "kommen, nicht in %(site)s."
                ),
                card=info["name_de"],
                home=info["home_site"] or "–",
                site=site["name_de"],
            )
        avatar = st.avatar_in_play(state, seat)
        leader = action.get("under")
        if avatar and not avatar_kind(info) and not leader and (group is None or avatar not in group["chars"]):
            raise IllegalAction(
                "avatar_company",
                gettext_noop(
                    "Ist dein Avatar im Spiel, kommt ein neuer Charakter in dessen Gemeinschaft oder unter den "
                    "direkten Einfluss eines anderen Charakters."
                ),
            )
        if leader:
            self._own_character(state, seat, leader)
            if group is None or leader not in group["chars"]:
                raise IllegalAction(
                    "leader_elsewhere", gettext_noop("Der führende Charakter muss in derselben Gemeinschaft sein.")
                )
            free = st.direct_influence_free(state, leader)
            if free < (info["mind"] or 0):
                raise IllegalAction(
                    "direct_influence",
                    gettext_noop("%(leader)s hat nur %(free)s freien direkten Einfluss; %(card)s braucht %(mind)s."),
                    leader=st.info(state, leader)["name_de"],
                    free=free,
                    card=info["name_de"],
                    mind=info["mind"] or 0,
                )
        else:
            used = st.general_influence_used(state, seat)
            if used + (info["mind"] or 0) > st.GENERAL_INFLUENCE:
                # Decision: the table refuses instead of letting the character in and sending it back at the
                # end of the organisation phase, which is the same outcome without the detour.
                raise IllegalAction(
                    "general_influence",
                    gettext_noop(
                        "Nicht genug allgemeiner Einfluss: %(used)s von 20 sind belegt, %(card)s braucht %(mind)s."
                    ),
                    used=used,
                    card=info["name_de"],
                    mind=info["mind"] or 0,
                )
        if group is not None and st.company_size(state, [*group["chars"], iid]) > st.MAX_COMPANY_SIZE:
            raise IllegalAction("company_full", gettext_noop("Eine Gemeinschaft darf höchstens Größe 7 haben."))
        if group is None:
            st.move(state, site_iid, "play")
            group = st.new_company(state, seat, site_iid)
        st.move(state, iid, "play")
        group["chars"].append(iid)
        state["inst"][iid]["controller"] = leader or None
        turn["char_played"] = True
        self._log(
            events,
            gettext_noop("%(player)s bringt %(card)s in %(site)s ins Spiel."),
            seat,
            card=info["name_de"],
            site=site["name_de"],
        )

    def _check_unique(self, state: State, info: dict) -> None:
        if not info["unique"]:
            return
        for other in state["inst"].values():
            other_info = state["cards"][other["code"]]
            same = key(other_info["name_en"]) == key(info["name_en"]) and other_info["type"] == info["type"]
            if other["zone"] in ("play", "out") and same:
                raise IllegalAction(
                    "unique_in_play",
                    gettext_noop("%(card)s ist einzigartig und schon im Spiel (oder aus dem Spiel)."),
                    card=info["name_de"],
                )

    def _do_move_character(self, state, seat, action, events):
        """Reorganise: a character joins another company at the same site, or forms a new one there."""
        self._require_active(state, seat, "organization")
        iid = self._own_character(state, seat, action.get("card"))
        source = st.company_of(state, iid)
        target_id = action.get("company")
        if target_id == "new":
            target = None
        else:
            target = st.company(state, target_id)
            if target is None or target["owner"] != seat or target is source:
                raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
            if target["site"] != source["site"] and key(st.info(state, target["site"])["name_en"]) != key(
                st.info(state, source["site"])["name_en"]
            ):
                raise IllegalAction(
                    "other_site", gettext_noop("Charaktere wechseln nur zwischen Gemeinschaften am selben Ort.")
                )
            if st.company_size(state, [*target["chars"], iid]) > st.MAX_COMPANY_SIZE:
                raise IllegalAction("company_full", gettext_noop("Eine Gemeinschaft darf höchstens Größe 7 haben."))
        followers = [f for f, card in state["inst"].items() if card["controller"] == iid and card["zone"] == "play"]
        source["chars"] = [c for c in source["chars"] if c not in (iid, *followers)]
        if target is None:
            target = st.new_company(state, seat, source["site"])
        target["chars"].extend([iid, *followers])
        if state["inst"][iid]["controller"] and state["inst"][iid]["controller"] not in target["chars"]:
            self._set_general(state, seat, iid)
        state["companies"] = [c for c in state["companies"] if c["chars"]]
        self._log(
            events,
            gettext_noop("%(player)s ordnet %(card)s einer anderen Gemeinschaft zu."),
            seat,
            card=st.info(state, iid)["name_de"],
        )

    def _set_general(self, state: State, seat: int, iid: str) -> None:
        info = st.info(state, iid)
        if st.general_influence_used(state, seat) + (info["mind"] or 0) > st.GENERAL_INFLUENCE:
            raise IllegalAction(
                "general_influence",
                gettext_noop(
                    "Nicht genug allgemeiner Einfluss: %(used)s von 20 sind belegt, %(card)s braucht %(mind)s."
                ),
                used=st.general_influence_used(state, seat),
                card=info["name_de"],
                mind=info["mind"] or 0,
            )
        state["inst"][iid]["controller"] = None

    def _do_set_controller(self, state, seat, action, events):
        """General ↔ direct influence (Organisationsphase), if there is enough influence."""
        self._require_active(state, seat, "organization")
        iid = self._own_character(state, seat, action.get("card"))
        leader = action.get("under")
        if not leader:
            self._set_general(state, seat, iid)
        else:
            self._own_character(state, seat, leader)
            if leader == iid or st.company_of(state, leader) is not st.company_of(state, iid):
                raise IllegalAction(
                    "leader_elsewhere", gettext_noop("Der führende Charakter muss in derselben Gemeinschaft sein.")
                )
            if state["inst"][leader]["controller"]:
                raise IllegalAction(
                    "follower_leads", gettext_noop("Ein Gefolgsmann kann keine eigenen Gefolgsleute führen.")
                )
            info = st.info(state, iid)
            state["inst"][iid]["controller"] = None
            if st.direct_influence_free(state, leader) < (info["mind"] or 0):
                raise IllegalAction(
                    "direct_influence",
                    gettext_noop("%(leader)s hat nur %(free)s freien direkten Einfluss; %(card)s braucht %(mind)s."),
                    leader=st.info(state, leader)["name_de"],
                    free=st.direct_influence_free(state, leader),
                    card=info["name_de"],
                    mind=info["mind"] or 0,
                )
            state["inst"][iid]["controller"] = leader
        self._log(
            events, gettext_noop("%(player)s ändert, wer %(card)s führt."), seat, card=st.info(state, iid)["name_de"]
        )

    def _do_plan_movement(self, state, seat, action, events):
        """Declare a company's destination: a face-down site card and the kind of movement."""
        self._require_active(state, seat, "organization")
        group = st.company(state, action.get("company"))
        if group is None or group["owner"] != seat:
            raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
        if group["dest"]:
            raise IllegalAction(
                "already_planned", gettext_noop("Diese Gemeinschaft hat schon ein Ziel; nimm es erst zurück.")
            )
        dest = self._own(state, seat, action.get("site"), "sites")
        origin = st.info(state, group["site"])
        target = st.info(state, dest)
        if key(origin["name_en"]) == key(target["name_en"]):
            raise IllegalAction("same_site", gettext_noop("Die Gemeinschaft ist schon dort."))
        alignment = state["players"][seat]["alignment"]
        kinds = {st.info(state, i)["race"] for i in group["chars"] if avatar_kind(st.info(state, i))}
        if "Ringwraith" in kinds and not is_haven(target):
            raise IllegalAction(
                "ringwraith_haven", gettext_noop("Gemeinschaften mit einem Ringgeist ziehen nur zu Zufluchtsorten.")
            )
        kind = action.get("kind", "starter")
        if kind == "starter":
            route = starter_route(origin, target, alignment)
        elif kind == "region":
            wanted = action.get("route")
            if wanted is not None and not isinstance(wanted, list):
                raise IllegalAction("bad_route", gettext_noop("Die Reiseroute ist eine Liste von Regionen."))
            route = region_route(
                state["regions"],
                origin,
                target,
                alignment,
                wanted,
                balrog_company="Balrog" in kinds,
                avoid_coast=bool(kinds & {"Ringwraith", "Balrog"}),
            )
        else:
            raise IllegalAction(
                "bad_kind", gettext_noop("Die Bewegungsart ist „starter“ (Grundregeln) oder „region“ (über Regionen).")
            )
        for other in state["companies"]:
            same_origin = other is not group and other["owner"] == seat and other["site"] == group["site"]
            if (
                same_origin
                and other["dest"]
                and key(st.info(state, other["dest"])["name_en"]) == key(target["name_en"])
            ):
                raise IllegalAction(
                    "same_route", gettext_noop("Keine zwei Gemeinschaften dürfen dieselbe Reiseroute haben.")
                )
        st.move(state, dest, "play")
        state["inst"][dest]["face_down"] = True
        group["dest"] = dest
        group["route"] = route
        events.append(
            Event(
                _text(
                    gettext_noop("%(player)s legt verdeckt ein Ziel für eine Gemeinschaft fest."),
                    seat=seat,
                ),
                private={seat: _text(gettext_noop("Ziel: %(site)s (%(kind)s)."), site=target["name_de"], kind=kind)},
            )
        )

    def _do_cancel_movement(self, state, seat, action, events):
        self._require_active(state, seat, "organization")
        group = st.company(state, action.get("company"))
        if group is None or group["owner"] != seat or not group["dest"]:
            raise IllegalAction("no_plan", gettext_noop("Diese Gemeinschaft hat kein Ziel."))
        st.move(state, group["dest"], "sites")
        group["dest"] = None
        group["route"] = None
        self._log(events, gettext_noop("%(player)s nimmt ein Bewegungsziel zurück."), seat)

    def _do_draw(self, state, seat, action, events):
        """Draw one more card for a moving company (up to the number on the site card)."""
        self._stage(state, "play")
        self._no_chain(state)
        self._no_trim(state)
        turn = state["turn"]
        group = self._current_company(state)
        if turn["phase"] != "movement" or group is None or not group["dest"]:
            raise IllegalAction(
                "no_draw",
                gettext_noop("Karten zieht man nur in der Bewegungs-/Gefahrenphase einer ziehenden Gemeinschaft."),
            )
        if group["drawn"][seat] >= turn["allowance"][seat]:
            raise IllegalAction(
                "draw_limit",
                gettext_noop("Du darfst für diese Bewegung höchstens %(n)s Karten ziehen."),
                n=turn["allowance"][seat],
            )
        self._draw_cards(state, seat, 1, events)
        group["drawn"][seat] += 1

    def _do_enter_site(self, state, seat, action, events):
        self._require_active(state, seat, "site")
        group = self._current_company(state)
        if group is None:
            raise IllegalAction("no_company", gettext_noop("Gerade hat keine Gemeinschaft ihre Ortsphase."))
        if group["entered"]:
            raise IllegalAction("entered", gettext_noop("Die Gemeinschaft hat den Ort schon betreten."))
        group["entered"] = True
        self._log(
            events,
            gettext_noop("%(company)s betritt %(site)s."),
            company=self._company_label(state, group),
            site=st.info(state, group["site"])["name_de"],
        )

    # --- playing cards and chains ------------------------------------------------------------------

    def _target(self, state: State, raw) -> dict:
        if raw is None:
            return {"kind": "table"}
        if not isinstance(raw, dict) or raw.get("kind") not in ("character", "company", "site", "table"):
            raise IllegalAction(
                "bad_target", gettext_noop("Ziel ist „character“, „company“, „site“ oder „table“ mit „id“.")
            )
        kind = raw["kind"]
        if kind == "table":
            return {"kind": "table"}
        ident = raw.get("id")
        if kind == "company":
            if st.company(state, ident) is None:
                raise IllegalAction("bad_target", gettext_noop("Diese Gemeinschaft gibt es nicht."))
        elif not isinstance(ident, str) or ident not in state["inst"] or state["inst"][ident]["zone"] != "play":
            raise IllegalAction("bad_target", gettext_noop("Das Ziel liegt nicht im Spiel."))
        elif kind == "character" and not st.company_of(state, ident):
            raise IllegalAction("bad_target", gettext_noop("Das Ziel ist kein Charakter im Spiel."))
        return {"kind": kind, "id": ident}

    def _do_play_card(self, state, seat, action, events):
        self._stage(state, "play")
        self._no_trim(state)
        turn = state["turn"]
        active = turn["active"]
        if state["chain"] and state["priority"] != seat:
            raise IllegalAction(
                "no_priority", gettext_noop("Dein Gegner darf gerade auf die Kette antworten, nicht du.")
            )
        iid = self._own(state, seat, action.get("card"), "hand")
        info = st.info(state, iid)
        if info["type"] in ("Character", "Site", "Region"):
            raise IllegalAction(
                "not_playable",
                gettext_noop("%(card)s wird nicht so gespielt (Charaktere: „play_character“, Orte: „plan_movement“)."),
                card=info["name_de"],
            )
        phase = turn["phase"]
        group = self._current_company(state)
        if state["chain"] and (is_creature(info) or "corruption" in info["subtype"].casefold()):
            raise IllegalAction(
                "not_in_chain", gettext_noop("Kreaturen beginnen immer eine neue Kette; sie sind keine Antwort.")
            )
        if is_hazard(info):
            if seat == active:
                raise IllegalAction("own_hazard", gettext_noop("Gefahren spielt nur der Gegner des Spielers am Zug."))
            if phase != "movement" or group is None:
                raise IllegalAction(
                    "hazard_phase",
                    gettext_noop("Gefahren werden in der Bewegungs-/Gefahrenphase einer Gemeinschaft gespielt."),
                )
            self._check_hazard_limit(group)
            group["hazards"] += 1
            turn["done"] = [False, False]
        else:
            if seat != active and not state["chain"]:
                raise IllegalAction(
                    "not_your_turn_resource",
                    gettext_noop(
                        "Unterstützungskarten spielst du in deinen eigenen Phasen oder als Antwort in einer Kette."
                    ),
                )
            if seat == active and is_long_event(info) and phase != "long_event":
                raise IllegalAction(
                    "long_event_phase",
                    gettext_noop("Langfristige Ereignisse werden in der Langfristige-Ereignisse-Phase gespielt."),
                )
            if seat == active and phase == "site" and not state["chain"] and (group is None or not group["entered"]):
                raise IllegalAction(
                    "not_entered",
                    gettext_noop("In der Ortsphase erst den Ort betreten, dann Unterstützungskarten spielen."),
                )
            if is_site_resource(info) and seat == active and not state["chain"]:
                self._site_resource_cost(state, seat, action, info, group)
            if phase == "movement" and group is not None:
                turn["done"] = [False, False]
        target = self._target(state, action.get("target"))
        st.move(state, iid, "play")
        state["chain"].append({"seat": seat, "card": iid, "target": target})
        state["priority"] = 1 - seat
        state["passes"] = 0
        self._log(
            events,
            gettext_noop("%(player)s spielt %(card)s%(target)s."),
            seat,
            card=info["name_de"],
            target=self._target_label(state, target),
        )

    def _site_resource_cost(self, state: State, seat: int, action: dict, info: dict, group: dict | None) -> None:
        """Items, allies and factions: at an entered site, tapping an untapped character of the company."""
        if state["turn"]["phase"] != "site" or group is None or not group["entered"]:
            raise IllegalAction(
                "site_resource_phase",
                gettext_noop("Gegenstände, Verbündete und Heere spielt man in der Ortsphase am betretenen Ort."),
            )
        bearer = action.get("character") or (action.get("target") or {}).get("id")
        if bearer not in group["chars"]:
            raise IllegalAction("bad_bearer", gettext_noop("Ein Charakter dieser Gemeinschaft muss dafür tappen."))
        if state["inst"][bearer]["tapped"]:
            raise IllegalAction("bearer_tapped", gettext_noop("Der Charakter ist schon getappt."))
        site = state["inst"][group["site"]]
        if site["tapped"] and not (is_minor_item(info) and not group.get("minor_extra")):
            raise IllegalAction("site_tapped", gettext_noop("Der Ort ist schon getappt."))
        if site["tapped"]:
            group["minor_extra"] = True  # the one extra minor item after the site was tapped
        state["inst"][bearer]["tapped"] = True
        site["tapped"] = True

    def _target_label(self, state: State, target: dict) -> str:
        if target["kind"] == "company":
            return " → " + self._company_label(state, st.company(state, target["id"]))
        if target["kind"] in ("character", "site"):
            return " → " + st.info(state, target["id"])["name_de"]
        return ""

    def _pass_chain(self, state: State, seat: int, events: list[Event]) -> None:
        state["passes"] += 1
        if state["passes"] >= 2:
            self._resolve_chain(state, events)
        else:
            state["priority"] = 1 - seat
            self._log(events, gettext_noop("%(player)s passt."), seat)

    def _resolve_chain(self, state: State, events: list[Event]) -> None:
        """Both passed: the chain resolves last in, first out."""
        while state["chain"]:
            link = state["chain"].pop()
            iid = link["card"]
            info = st.info(state, iid)
            target = link["target"]
            if is_short_event(info):
                st.move(state, iid, "discard")
            elif target["kind"] in ("character", "site") and state["inst"].get(target["id"], {}).get("zone") == "play":
                state["inst"][iid]["on"] = target["id"]
            elif target["kind"] == "company":
                group = st.company(state, target["id"])
                if group and group["chars"]:
                    state["inst"][iid]["on"] = None
            self._log(events, gettext_noop("%(card)s wird abgehandelt."), card=info["name_de"])
        state["priority"] = None
        state["passes"] = 0

    @staticmethod
    def _check_hazard_limit(group):
        """Hazards played and cards placed on guard both count against the company's limit."""
        if group["hazards"] >= group["limit"]:
            raise IllegalAction(
                "hazard_limit",
                gettext_noop("Das Gefahrenlimit dieser Gemeinschaft (%(limit)s) ist erreicht."),
                limit=group["limit"],
            )

    def _do_on_guard(self, state, seat, action, events):
        """Place one card face down at the moving company's destination (counts against the limit)."""
        self._stage(state, "play")
        self._no_chain(state)
        turn = state["turn"]
        group = self._current_company(state)
        if seat == turn["active"] or turn["phase"] != "movement" or group is None:
            raise IllegalAction(
                "on_guard_phase", gettext_noop("Auf die Lauer legt der Gegner in der Bewegungs-/Gefahrenphase.")
            )
        if any(state["inst"][i]["owner"] == seat for i in group["on_guard"]):
            raise IllegalAction(
                "one_on_guard", gettext_noop("Je Bewegungs-/Gefahrenphase höchstens eine Karte auf die Lauer.")
            )
        self._check_hazard_limit(group)
        iid = self._own(state, seat, action.get("card"), "hand")
        st.move(state, iid, "play")
        state["inst"][iid]["face_down"] = True
        group["on_guard"].append(iid)
        group["hazards"] += 1
        turn["done"] = [False, False]
        self._log(events, gettext_noop("%(player)s legt eine Karte auf die Lauer."), seat)

    def _do_reveal_on_guard(self, state, seat, action, events):
        """Reveal an on-guard card in the company's site phase; it opens a chain (no limit counted)."""
        self._stage(state, "play")
        self._no_chain(state)
        turn = state["turn"]
        group = self._current_company(state)
        if seat == turn["active"] or turn["phase"] != "site" or group is None:
            raise IllegalAction(
                "reveal_phase", gettext_noop("Auf die Lauer gelegte Karten deckt der Gegner in der Ortsphase auf.")
            )
        iid = action.get("card")
        if iid not in group["on_guard"] or state["inst"][iid]["owner"] != seat:
            raise IllegalAction("not_on_guard", gettext_noop("Diese Karte liegt hier nicht auf der Lauer."))
        group["on_guard"].remove(iid)
        state["inst"][iid]["face_down"] = False
        state["chain"].append({"seat": seat, "card": iid, "target": {"kind": "company", "id": group["id"]}})
        state["priority"] = 1 - seat
        state["passes"] = 0
        self._log(events, gettext_noop("%(player)s deckt %(card)s auf."), seat, card=st.info(state, iid)["name_de"])

    # --- tools for card effects ----------------------------------------------------------------------

    def _tool_card(self, state: State, seat: int, action: dict) -> str:
        self._stage(state, "play")
        self._no_chain(state)
        return self._own(state, seat, action.get("card"), "play")

    def _do_tap(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid]["tapped"] = True
        self._log(events, gettext_noop("%(player)s tappt %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_untap(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid].update(tapped=False, wounded=False)
        self._log(events, gettext_noop("%(player)s enttappt %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_wound(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid]["wounded"] = True
        self._log(events, gettext_noop("%(player)s verwundet %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _do_heal(self, state, seat, action, events):
        iid = self._tool_card(state, seat, action)
        state["inst"][iid].update(wounded=False, tapped=True)
        self._log(
            events,
            gettext_noop("%(player)s heilt %(card)s (jetzt getappt)."),
            seat,
            card=st.info(state, iid)["name_de"],
        )

    def _do_move_card(self, state, seat, action, events):
        """Move an own card between hand, play deck, discard, sideboard, marshalling pile, out of play."""
        self._stage(state, "play")
        self._no_chain(state)
        zone = action.get("to")
        if not isinstance(zone, str) or zone not in ZONE_NAMES:
            raise IllegalAction(
                "bad_zone",
                gettext_noop("Ziel ist eines von: hand, deck, discard, sideboard, mp, out."),
            )
        if action.get("card") is None and action.get("from") == "deck":
            # Card effects that draw or mill: the top ``count`` cards of the play deck, unseen before.
            count = self._number(action, "count", 1, 1, 200)
            deck = state["players"][seat]["deck"]
            moved = 0
            for _ in range(count):
                if not deck:
                    break
                st.move(state, deck[0], zone)
                moved += 1
            self._log(
                events,
                gettext_noop("%(player)s legt %(n)s Karten vom Spielstapel nach %(zone)s."),
                seat,
                n=moved,
                zone=ZONE_NAMES[zone],
            )
            if not deck:
                # Decision: a deck emptied by a card effect counts as used up just like one drawn empty.
                st.exhaust(state, seat)
                self._log(
                    events,
                    gettext_noop(
                        "%(player)s hat den Spielstapel aufgebraucht (%(n)s. Mal); der Abwurfstapel wird gemischt."
                    ),
                    seat,
                    n=state["players"][seat]["exhausted"],
                )
            return
        iid = self._own(state, seat, action.get("card"))
        card = state["inst"][iid]
        if card["zone"] in ("pool", "aside", "drafted"):
            raise IllegalAction("bad_source", gettext_noop("Diese Karte kann jetzt nicht bewegt werden."))
        info = st.info(state, iid)
        was_avatar = card["zone"] == "play" and avatar_kind(info)
        source = card["zone"]
        st.move(state, iid, zone)
        if zone == "deck" and action.get("shuffle"):
            rng.shuffle(state["rng"], state["players"][seat]["deck"])
        if was_avatar and zone == "out":
            state["players"][seat]["lost_avatar"] = True
        public = zone in ("discard", "mp", "out") or source in ("play", "discard", "mp", "out")
        template = gettext_noop("%(player)s legt %(card)s von %(source)s nach %(zone)s.")
        params = {"seat": seat, "source": ZONE_NAMES.get(source, source), "zone": ZONE_NAMES[zone]}
        events.append(
            Event(
                Text(template, {**params, "card": info["name_de"] if public else gettext_noop("eine Karte")}),
                private={seat: Text(template, {**params, "card": info["name_de"]})},
            )
        )

    def _do_reveal(self, state, seat, action, events):
        self._stage(state, "play", "council")
        iid = self._own(state, seat, action.get("card"))
        state["inst"][iid]["face_down"] = False
        self._log(events, gettext_noop("%(player)s zeigt %(card)s."), seat, card=st.info(state, iid)["name_de"])

    def _number(self, action: dict, name: str, default: int = 0, low: int = -50, high: int = 50) -> int:
        value = action.get(name, default)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise IllegalAction(
                "bad_number",
                gettext_noop("„%(field)s“ muss eine ganze Zahl zwischen %(low)s und %(high)s sein."),
                field=name,
                low=low,
                high=high,
            )
        return value

    def _roll2d6(self, state: State) -> tuple[int, int]:
        return rng.roll(state["rng"], 6), rng.roll(state["rng"], 6)

    def _do_roll(self, state, seat, action, events):
        """Dice only by the server: strike, body check, corruption check, influence attempt."""
        self._stage(state, "play")
        self._no_chain(state)
        kind = action.get("kind")
        iid = self._own_character(state, seat, action.get("character"))
        modifier = self._number(action, "modifier")
        if kind == "strike":
            self._strike(state, seat, iid, action, modifier, events)
        elif kind == "body":
            self._body_check(state, iid, modifier, events)
        elif kind == "corruption":
            points = action.get("points")
            if points is not None:
                points = self._number(action, "points", 0, 0, 99)
            self._corruption_check(state, seat, iid, modifier, points, events)
        elif kind == "influence":
            target = self._number(action, "target", 0, 0, 99)
            dice = self._roll2d6(state)
            di = st.info(state, iid)["di"] or 0
            total = sum(dice) + di + modifier
            success = total > target
            self._log(
                events,
                gettext_noop(
                    "Beeinflussung durch %(card)s: Wurf %(a)s+%(b)s, direkter Einfluss %(di)s, Modifikator %(mod)s = "
                    "%(total)s gegen %(target)s: %(outcome)s."
                ),
                card=st.info(state, iid)["name_de"],
                a=dice[0],
                b=dice[1],
                di=di,
                mod=modifier,
                total=total,
                target=target,
                outcome=gettext_noop("gelungen") if success else gettext_noop("misslungen"),
            )
        else:
            raise IllegalAction("bad_roll", gettext_noop("Würfe: „strike“, „body“, „corruption“ oder „influence“."))

    def _strike(self, state, seat, iid, action, modifier, events):
        card = state["inst"][iid]
        info = st.info(state, iid)
        prowess = self._number(action, "prowess", 0, 0, 40)
        creature_body = action.get("body")
        creature_body = None if creature_body is None else self._number(action, "body", 0, 0, 40)
        support = self._number(action, "support", 0, 0, 10)
        stay = bool(action.get("stay_untapped"))
        mods = []
        total_mod = modifier + support
        if card["wounded"]:
            total_mod -= 2
            mods.append("verwundet −2")
        elif card["tapped"]:
            total_mod -= 1
            mods.append("getappt −1")
        if stay and not card["tapped"]:
            total_mod -= 3
            mods.append("bleibt ungetappt −3")
        if support:
            mods.append(f"Unterstützung +{support}")
        if modifier:
            mods.append(f"Modifikator {modifier:+d}")
        dice = self._roll2d6(state)
        total = (info["prowess"] or 0) + sum(dice) + total_mod
        if not stay:
            card["tapped"] = True
        if total > prowess:
            outcome = gettext_noop("Hieb besiegt")
        elif total == prowess:
            outcome = gettext_noop("Hieb erfolglos, ohne Wirkung")
        else:
            outcome = gettext_noop("Hieb erfolgreich: Charakter verwundet")
        self._log(
            events,
            gettext_noop(
                "Hieb gegen %(card)s: Kampfgeschick %(prowess)s + Wurf %(a)s+%(b)s (%(mods)s) = %(total)s gegen "
                "%(attack)s: %(outcome)s."
            ),
            card=info["name_de"],
            prowess=info["prowess"] or 0,
            a=dice[0],
            b=dice[1],
            mods=", ".join(mods) or "–",
            total=total,
            attack=prowess,
            outcome=outcome,
        )
        if total < prowess:
            was_wounded = card["wounded"]
            card["wounded"] = True
            self._body_check(state, iid, 1 if was_wounded else 0, events)
        elif total > prowess and creature_body is not None:
            dice = self._roll2d6(state)
            beaten = sum(dice) > creature_body
            self._log(
                events,
                gettext_noop("Konstitutionswurf des Angreifers: %(a)s+%(b)s gegen %(body)s: %(outcome)s."),
                a=dice[0],
                b=dice[1],
                body=creature_body,
                outcome=gettext_noop("eliminiert") if beaten else gettext_noop("übersteht"),
            )

    def _body_check(self, state, iid, modifier, events):
        info = st.info(state, iid)
        dice = self._roll2d6(state)
        total = sum(dice) + modifier
        eliminated = total > (info["body"] or 0)
        self._log(
            events,
            gettext_noop(
                "Konstitutionswurf für %(card)s: %(a)s+%(b)s, Modifikator %(mod)s = %(total)s gegen %(body)s: "
                "%(outcome)s."
            ),
            card=info["name_de"],
            a=dice[0],
            b=dice[1],
            mod=modifier,
            total=total,
            body=info["body"] or 0,
            outcome=gettext_noop("eliminiert") if eliminated else gettext_noop("verwundet"),
        )
        if eliminated:
            self._eliminate(state, iid)

    def _eliminate(self, state: State, iid: str) -> None:
        owner = state["inst"][iid]["owner"]
        if avatar_kind(st.info(state, iid)):
            state["players"][owner]["lost_avatar"] = True
        st.move(state, iid, "out")

    def _corruption_check(self, state, seat, iid, modifier, points, events):
        info = st.info(state, iid)
        kind = avatar_kind(info)
        if kind in ("Ringwraith", "Balrog"):
            self._log(events, gettext_noop("%(card)s macht keinen Versuchungswurf."), card=info["name_de"])
            return
        if points is None:
            points = sum(st.info(state, i)["corruption"] or 0 for i in st.attached(state, iid))
        dice = self._roll2d6(state)
        total = sum(dice) + modifier
        alignment = state["players"][seat]["alignment"]
        race = info["race"].casefold()
        if total > points:
            outcome = gettext_noop("bestanden")
        elif total >= points - 1:
            only_tap = (
                alignment == "minion"
                or kind == "Fallen-wizard"
                or (alignment == "fallen-wizard" and ("orc" in race or "troll" in race))
            )
            if kind == "Wizard":
                outcome = gettext_noop("nicht bestanden: eliminiert")
                self._eliminate(state, iid)
            elif only_tap:
                outcome = gettext_noop("nicht bestanden: getappt")
                state["inst"][iid]["tapped"] = True
            else:
                outcome = gettext_noop("nicht bestanden: abgeworfen")
                st.move(state, iid, "discard")
        else:
            outcome = gettext_noop("nicht bestanden: eliminiert")
            self._eliminate(state, iid)
        self._log(
            events,
            gettext_noop(
                "Versuchungswurf für %(card)s: %(a)s+%(b)s, Modifikator %(mod)s = %(total)s gegen "
                "%(points)s Versuchungspunkte: %(outcome)s."
            ),
            card=info["name_de"],
            a=dice[0],
            b=dice[1],
            mod=modifier,
            total=total,
            points=points,
            outcome=outcome,
        )
