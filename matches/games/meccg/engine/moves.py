"""The move table (issue 29): every move type, its handler, the windows in which it is legal and who may send it.

In the spirit of boardgame.io's ``moves``/``phases``/``turn.stages``: ``apply`` looks a move up here, refuses it
when the table does not allow it in the current window (``windows.current``) or for this seat, and only then
calls its handler, which checks the move's own conditions (a card in hand, an untapped character …).
``legal_actions`` starts from the same table (``types_for``). The card windows of an attack (``attack``,
``strike``, ``body_check``) are places in the table like any other: ``play_card`` and ``pass`` are legal
there.

Who may send a move:

- ``waiting``: a seat the table waits for in this window (``Window.seats``);
- ``active`` / ``opponent``: the player at turn / the other one, whether or not the table waits for them;
- ``either``: both seats;
- ``proposer``: the seat whose proposal is open.
"""

from __future__ import annotations

from dataclasses import dataclass

from matches.engine.base import IllegalAction, State, gettext_noop

from .constants import PHASE_NAMES
from .log_text import part
from .windows import COMBAT_WINDOWS, PHASE_WINDOWS, STAGE_WINDOWS, Window

PLAY_WINDOWS = frozenset({*PHASE_WINDOWS, "before_auto_attack", "agent_attack", "chain", *COMBAT_WINDOWS, "trim"})
CARD_WINDOWS = frozenset({"attack", "strike", "body_check"})
ROLES = ("waiting", "active", "opponent", "either", "proposer")


@dataclass(frozen=True)
class Move:
    type: str
    handler: str  # the engine method that carries it out
    windows: frozenset[str]
    who: str
    what: str  # one line for the documentation (docs/meccg.md lists the table)
    refused: str = "not_your_window"  # the code when this seat may not send it here

    def allows(self, window: Window, state: State, seat: int) -> bool:
        return window.name in self.windows and self.sends(window, state, seat)

    def sends(self, window: Window, state: State, seat: int) -> bool:
        if self.who == "waiting":
            return seat in window.seats
        if self.who == "either":
            return True
        if self.who == "proposer":
            return bool(state.get("request")) and state["request"]["seat"] == seat
        turn = state.get("turn")
        if not turn:
            return False
        return (seat == turn["active"]) == (self.who == "active")


def _move(kind: str, windows, who: str, what: str, refused: str | None = None) -> Move:
    assert who in ROLES, who
    # Moves of the player at turn are refused to the other as "not your turn".
    default = "not_your_turn" if who == "active" else "not_your_window"
    return Move(kind, f"_do_{kind}", frozenset(windows), who, what, refused or default)


PHASES = frozenset(PHASE_WINDOWS)
TURN = "not_your_turn"
OWN_PHASES = frozenset({"organization", "long_event", "movement", "site", "end"})

MOVES: dict[str, Move] = {
    m.type: m
    for m in (
        # Before the first turn ("Spielvorbereitung").
        _move("choose_deck", {"deck"}, "waiting", "choose a deck (deck check)"),
        _move("draft_pick", {"draft"}, "waiting", "pick a starting character face down"),
        _move("draft_stop", {"draft"}, "waiting", "stop the draft (with no character only with `empty`)"),
        _move("starting_site", {"start"}, "waiting", "choose the starting site"),
        _move("starting_item", {"start"}, "waiting", "a minor item for a starting character"),
        _move("aside_to_deck", {"start"}, "waiting", "a card set aside into the play deck"),
        _move("start_done", {"start"}, "waiting", "ready"),
        # The turn.
        _move("next_phase", PHASES, "waiting", "end the phase (movement/hazard phase: done)", TURN),
        _move("play_character", {"organization"}, "active", "bring a character into play"),
        _move("move_character", {"organization"}, "active", "move a character to another or a new company"),
        _move("join_company", {"organization"}, "active", "join companies at the same site"),
        _move("set_controller", {"organization"}, "active", "a follower under direct or general influence"),
        _move("transfer_item", {"organization"}, "active", "pass an item on (after a corruption check)"),
        _move("plan_movement", {"organization"}, "active", "plan a company's movement"),
        _move("cancel_movement", {"organization"}, "active", "take planned movement back"),
        _move(
            "standing",
            PLAY_WINDOWS,
            "either",
            "set or revoke a company's standing answers (answer only creatures, enter the site)",
        ),
        _move("sideboard", {"untap", "organization", "long_event"}, "either", "cards from the sideboard"),
        _move("draw", {"movement"}, "waiting", "draw another card (up to the site's number)"),
        _move("on_guard", {"movement"}, "opponent", "place a card on guard", "on_guard_phase"),
        _move("hazards", {"movement"}, "waiting", "a batch of hazards for the company, in order (with draws, done)"),
        _move("play_agent", {"movement"}, "opponent", "play an agent face down", "agent_phase"),
        _move("reveal_agent", {"movement"}, "opponent", "reveal an agent", "agent_phase"),
        _move("agent_action", {"movement"}, "opponent", "an agent's action", "agent_phase"),
        _move("enter_site", {"site"}, "active", "enter the site (then the before-automatic-attack window)"),
        _move("reveal_on_guard", {"before_auto_attack", "site"}, "opponent", "reveal an on-guard card"),
        _move("influence", {"site"}, "active", "influence an opponent's card"),
        _move("attack_company", {"site"}, "active", "attack an opposing company"),
        _move("call_council", {"end"}, "active", "call the council (minion/balrog: with Sauron's War Council)"),
        _move("discard", {"trim"}, "waiting", "discard down to eight (one or several cards)"),
        # Cards and the chain of effects; the card windows of an attack.
        _move(
            "play_card",
            {*OWN_PHASES, "chain", *CARD_WINDOWS},
            "waiting",
            "play a card (new chain, answer, or in a card window)",
            TURN,
        ),
        _move(
            "use_card",
            {*OWN_PHASES, "chain", *CARD_WINDOWS},
            "waiting",
            "use an ability of a card in play (tap or discard it …)",
            TURN,
        ),
        _move(
            "pass",
            {"movement", "chain", "agent_attack", "before_auto_attack", *CARD_WINDOWS},
            "waiting",
            "pass (chain, card window, hazards, agent attack, on-guard)",
        ),
        _move("auto_pass", PLAY_WINDOWS - set(COMBAT_WINDOWS), "either", "pass for the rest of the phase"),
        _move("wait", PLAY_WINDOWS, "either", "pass in own movement/hazard phases until a card is played"),
        # Combat ("Angriffe (Kämpfe)", "Kämpfe zwischen Gemeinschaften").
        _move(
            "defend",
            {"attack", "assign", "resolve"},
            "waiting",
            "the defender's whole plan: strikes, order, support, staying untapped, cards for the strikes",
        ),
        _move(
            "attacker_plan",
            {"assign", "resolve"},
            "waiting",
            "the attacker's whole plan: the remaining strikes, excess strikes, cards for the strikes",
        ),
        _move("assign_strike", {"assign"}, "waiting", "assign strike(s)"),
        _move("assign_done", {"assign"}, "waiting", "assign no further strikes"),
        _move("resolve_strike", {"resolve"}, "waiting", "choose / roll a strike (support, stay untapped)"),
        _move("resolve_all", {"resolve"}, "waiting", "roll every open strike"),
        _move("attacker_strike", {"resolve"}, "waiting", "put excess strikes (−1) on the strike"),
        _move("take_item", {"takeover"}, "waiting", "take an eliminated character's item"),
        _move("take_done", {"takeover"}, "waiting", "discard the remaining items"),
        _move("agent_attack", {"agent_attack"}, "waiting", "attack with an agent"),
        # Checks and free actions for card text.
        _move("corruption_check", PHASES, "waiting", "corruption check (modifiers from the table)"),
        _move("roll", PHASES, "waiting", "plain 2D6 for card text, or a corruption check"),
        _move("ring_test", {*PHASES, "chain"}, "waiting", "test a gold ring"),
        _move("tap", {*PHASES, "chain"}, "waiting", "tap an own card as a cost"),
        _move("reveal", PLAY_WINDOWS | {"council"}, "either", "show a hand card"),
        _move("council_checks", {"council"}, "waiting", "the council's corruption checks"),
        # Proposals for what the table does not carry out.
        _move("propose", PLAY_WINDOWS, "either", "propose a change the table does not carry out"),
        _move("answer", {"request"}, "waiting", "accept or decline the proposal", "own_request"),
        _move("withdraw", {"request"}, "proposer", "withdraw one's own proposal"),
    )
}


REFUSALS = {
    "not_your_turn": gettext_noop("Du bist nicht am Zug."),
    "not_your_window": gettext_noop("Gerade bist du nicht an der Reihe."),
    "no_priority": gettext_noop("Dein Gegner darf gerade auf die Kette antworten, nicht du."),
    "own_request": gettext_noop("Deinen eigenen Vorschlag beantwortet dein Gegner."),
    "on_guard_phase": gettext_noop("Auf die Lauer legt der Gegner in der Bewegungs-/Gefahrenphase."),
    "agent_phase": gettext_noop(
        "Agenten spielt der Gefahrenspieler in der Bewegungs-/Gefahrenphase einer Gemeinschaft."
    ),
    "draft_stopped": gettext_noop("Du hast die Wahl der Startcharaktere beendet."),
    "draft_waiting": gettext_noop("Du hast schon verdeckt gewählt; warte auf deinen Gegner."),
}


def check(move: Move, window: Window, state: State, seat: int) -> None:
    """Refuse a move the table does not allow here, with the reason the window gives."""
    if window.name not in move.windows:
        raise _closed(move, window)
    if not move.sends(window, state, seat):
        code = move.refused
        if window.name == "chain":
            code = "no_priority"
        elif window.name == "draft":
            code = "draft_stopped" if state["players"][seat]["stopped"] else "draft_waiting"
        raise IllegalAction(code, REFUSALS[code])


def _closed(move: Move, window: Window) -> IllegalAction:
    name = window.name
    if (name in STAGE_WINDOWS) != bool(move.windows & set(STAGE_WINDOWS)) and move.type not in ("reveal",):
        return IllegalAction("wrong_stage", gettext_noop("Das ist in diesem Abschnitt der Partie nicht möglich."))
    if name == "request":
        return IllegalAction(
            "request_open",
            gettext_noop("Erst muss der offene Vorschlag angenommen, abgelehnt oder zurückgezogen werden."),
        )
    if name in COMBAT_WINDOWS:
        return IllegalAction(
            "attack_open",
            gettext_noop("Erst muss der laufende Angriff abgewickelt werden (Karten, Hiebe zuweisen, würfeln)."),
        )
    if name == "agent_attack":
        return IllegalAction(
            "agent_window_open", gettext_noop("Erst entscheidet der Gegner, ob ein Agent die Gemeinschaft angreift.")
        )
    if name == "before_auto_attack":
        return IllegalAction(
            "on_guard_window",
            gettext_noop(
                "Erst entscheidet der Gegner, ob er vor dem automatischen Angriff eine auf die Lauer gelegte Karte "
                "aufdeckt."
            ),
        )
    if name == "chain":
        return IllegalAction(
            "chain_open",
            gettext_noop("Erst muss die laufende Kette abgehandelt werden: Karte als Antwort spielen oder passen."),
        )
    if name == "trim":
        return IllegalAction("trim_first", gettext_noop("Erst müssen alle Hände auf acht Karten abgeworfen werden."))
    if name in STAGE_WINDOWS:
        return IllegalAction("wrong_stage", gettext_noop("Das ist in diesem Abschnitt der Partie nicht möglich."))
    return IllegalAction(
        "wrong_phase",
        gettext_noop("Das ist in der %(phase)s nicht erlaubt."),
        phase=part(PHASE_NAMES[name]),
    )


def types_for(window: Window, state: State, seat: int) -> list[str]:
    """The move types ``seat`` may send in ``window``, in the table's order."""
    return [kind for kind, move in MOVES.items() if move.allows(window, state, seat)]
