"""MECCG by post: the rules-assisted table for two players (issues 13, 19, 29).

The engine enforces seeds/003 (Spielvorbereitung, Spielzugübersicht, Spielende): deck choice with the deck
check, the character draft, starting sites and items, the six phases of a turn, characters, companies,
movement, the hazard limit, creatures keyed by the keying module, combat with its card windows, the chain of
effects, hands of eight, exhaustion, the council and the score by "Punkte". A card's text is carried out where
the card has a script (``scripts.py``, ``effects.py``, ``cardtext/*.toml``); the few free actions a card's cost
needs (tap, reveal, roll: ``free_actions.py``) are moves of their own; any other text is a proposal the opponent
answers (``proposals.py``).

Moves are declared in ``moves.py`` (type → handler, windows, who may send it); ``windows.py`` names the window a
state is in; ``apply`` dispatches only through the table. The rules live in one module per concern, each a mixin
of ``MeccgEngine`` derived from ``mixin_base.Base`` (stage, own cards, log lines, dice), calling each other only
through the protocol ``shared.Table`` declares; rules several concerns share are plain functions (``windows``,
``effects``, ``uniqueness``, ``stats``, ``sites``, ``keying``), the game's fixed names and figures are in
``constants.py``, the pieces of log texts in ``log_text.py``.
Card data arrives as plain dicts (``cardinfo.from_record``); the deck check is a callable handed in by the
Django side. Where the rulebook is silent the code says so in a comment ("Decision:").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from matches.engine import rng
from matches.engine.base import Action, Event, IllegalAction, Result, State, gettext_noop

from . import form_fields, moves, windows
from . import state as st
from .agent_moves import AgentMovesMixin
from .agents import AgentsMixin
from .auto_pass import AutoPassMixin
from .batches import HazardBatchMixin
from .buttons import ButtonsMixin
from .card_windows import CardWindowsMixin
from .cardinfo import region_map
from .chain import ChainMixin
from .choices import ChoicesMixin
from .combat import CombatMixin
from .company_combat import CompanyCombatMixin
from .constants import SHARED_KEYS
from .corruption import CorruptionMixin
from .council import CouncilMixin
from .free_actions import FreeActionsMixin
from .hazard_phase import HazardPhaseMixin
from .influence import InfluenceMixin
from .log_text import _text
from .offers import OffersMixin
from .organisation import OrganisationMixin
from .plans import CombatPlansMixin
from .proposals import ProposalsMixin
from .setup import SetupMixin
from .site import SiteMixin
from .snapshot import clone
from .standing import StandingMixin
from .strikes import StrikesMixin
from .turns import TurnsMixin
from .view import ViewMixin

ID_STREAM = 0x5A17_C0DE_1D5_F00D
# Not restored by an undo: shared card facts, the generators (no second chance at the dice), the undo itself.
UNDO_SKIP = (*SHARED_KEYS, "rng", "ids", "last")
COMPANY_MOVES = (
    "move_character",
    "join_company",
    "set_controller",
    "transfer_item",
    "plan_movement",
    "cancel_movement",
)
# Moves of the table named in the summary only when they can be made (see ``_summarised``).
UNSUMMARISED = ("sideboard", "call_council", "draw", *COMPANY_MOVES)
# The deck check the Django side hands in: (deck, opponent's alignment) → German problems.
DeckChecker = Callable[[dict, str], list[str]]


def _no_check(deck: dict, opponent_alignment: str) -> list[str]:
    return []


def _regions(catalogue: Mapping[str, dict]) -> dict[str, dict]:
    """The region map with each region's German name where the card data has one (issue 31: "Route: Rhudaur,
    Auenland", not "The Shire")."""
    regions = region_map(catalogue.values())
    for info in catalogue.values():
        entry = regions.get(info["name_en"]) if info["type"] == "Region" else None
        if entry is not None and info.get("name_de") and info["name_de"] != info["name_en"]:
            entry.setdefault("name_de", info["name_de"])
    return regions


class MeccgEngine(
    SetupMixin,
    TurnsMixin,
    AgentsMixin,
    AgentMovesMixin,
    AutoPassMixin,
    StandingMixin,
    OrganisationMixin,
    HazardPhaseMixin,
    HazardBatchMixin,
    SiteMixin,
    ChainMixin,
    CombatMixin,
    CombatPlansMixin,
    StrikesMixin,
    CardWindowsMixin,
    CompanyCombatMixin,
    CorruptionMixin,
    InfluenceMixin,
    CouncilMixin,
    FreeActionsMixin,
    ProposalsMixin,
    ChoicesMixin,
    ButtonsMixin,
    OffersMixin,
    ViewMixin,
):
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

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        if players != 2:
            raise IllegalAction("players", gettext_noop("MECCG wird zu zweit gespielt."))
        for name in ("auto_phases", "card_text"):
            if not isinstance(options.get(name, True), bool):
                raise IllegalAction("options", gettext_noop("„%(name)s“ ist true oder false."), name=name)
        catalogue = self._cards()
        return {
            "stage": "deck",
            "rng": rng.new(seed),
            # Card ids: a stream of its own, derived from the seed, so the dice do not depend on deck sizes.
            "ids": rng.new(seed ^ ID_STREAM),
            "regions": _regions(catalogue),
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
            "request": None,
            "attack": None,
            # Issue 19: phases and passes without a choice go by themselves (auto_pass.py); off: every pass a move.
            "auto_phases": options.get("auto_phases", True) is not False,
            # Issue 29: the table carries out the scripted cards' text (effects.py); false: every card's effect is
            # a proposal, as before (the rules tests of the structure use it to keep card windows out).
            "card_text": options.get("card_text", True) is not False,
            "effects": [],
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
            wait=False,
        )
        return player

    def current_seats(self, state: State) -> list[int]:
        return list(windows.current(state).seats)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """In play: every concrete move the engine accepts (``label``, ``cards``: see choices.py), then the
        action types ``seat`` may send (the summary, for moves with free fields such as requests)."""
        summary = self._summary_actions(state, seat)
        if state["stage"] != "play":
            return summary
        return self.choices(state, seat) + summary

    def _summary_actions(self, state: State, seat: int) -> list[Action]:
        """The move types ``seat`` may send now, from the move table (with the cards they may name where short)."""
        window = windows.current(state)
        player = state["players"][seat]
        out: list[Action] = []
        for kind in moves.types_for(window, state, seat):
            if kind == "draft_pick":
                pickable = [iid for iid in player["pool"] if self._pick_problem(state, seat, iid) is None]
                out += [{"type": kind, "card": iid} for iid in pickable]
            elif kind == "starting_site":
                out += [{"type": kind, "site": name} for name in self._starting_site_names(state, seat)]
            elif kind == "discard":
                out += [{"type": kind, "card": iid} for iid in player["hand"]]
            elif kind == "answer":
                out += [{"type": kind, "accept": True}, {"type": kind, "accept": False}]
            elif kind not in UNSUMMARISED or self._summarised(state, seat, kind):
                out.append({"type": kind})
        return out

    def _summarised(self, state: State, seat: int, kind: str) -> bool:
        """Moves of the table that are worth naming only when their condition holds."""
        if kind == "sideboard":
            return self._sideboard_open(state, seat)
        if kind == "call_council":
            return self._may_call_council(state, seat)
        if kind == "draw":
            group = self._current_company(state)
            return bool(group and group["dest"])
        if kind in COMPANY_MOVES:  # no form for a company that does not exist
            return any(group["owner"] == seat for group in state["companies"])
        return False

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", gettext_noop("Die Aktion muss ein Objekt mit „type“ sein."))
        if seat not in (0, 1):
            raise IllegalAction("bad_seat", gettext_noop("Diesen Platz gibt es nicht."))
        move = moves.MOVES.get(action["type"])
        if move is None:
            raise IllegalAction(
                "unknown_action", gettext_noop("Die Aktion „%(type)s“ gibt es nicht."), type=action["type"][:40]
            )
        moves.check(move, windows.current(state), state, seat)
        handler = getattr(self, move.handler)
        new = clone(state)
        events: list[Event] = []
        handler(new, seat, action, events)
        self._auto_passes(new, events)
        if action["type"] not in ("propose", "answer", "withdraw") and new["stage"] == "play":
            # For an "undo" request: the position before this move (the dice and card ids run on).
            new["last"] = {
                "seat": seat,
                "type": action["type"],
                "before": {k: v for k, v in state.items() if k not in UNDO_SKIP},
            }
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

    def parse_form(self, fields: dict[str, Any]) -> Action:
        """Form fields of the no-JavaScript page: strings in, the engine's action out."""
        return form_fields.parse(fields)

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
            if state.get("request"):
                return {"type": "answer", "accept": False}  # silence declines
            if state.get("attack"):
                return self._combat_actions(state)[-1]
            if state["chain"]:
                return {"type": "pass"}
            player = state["players"][seat]
            if state["turn"].get("trim") and len(player["hand"]) > st.HAND_SIZE:
                return {"type": "discard", "cards": player["hand"][st.HAND_SIZE :]}
            return {"type": "next_phase"} if seat == state["turn"]["active"] else {"type": "pass"}
        return {"type": "pass"}
