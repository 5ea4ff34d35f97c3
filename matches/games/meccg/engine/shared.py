"""What one concern of the engine may ask of another (issue 29): the declared protocol of the mixins.

``MeccgEngine`` is assembled from one mixin per concern (``engine.py``). A concern calls into another only
through the methods listed here, grouped by the module that provides them; ``tests/matches/engine/meccg/
test_move_table.py`` reads every module and fails when a mixin calls a sibling's method that is not declared
here (or one declared here that no module provides). Plain functions over the state (``effects``,
``uniqueness``, ``windows``, ``scripts``, ``stats``, ``sites``, ``keying`` …) need no declaration: a module
imports them.
"""

from __future__ import annotations

from typing import Protocol

from matches.engine.base import Event, State, Text


class Table(Protocol):
    """The engine as its concerns see each other (and as ``effects.resolve`` receives it)."""

    # agent_moves.py
    def _agent_cards_back(self, state: State, iid: str, keep_last: bool = False) -> None:
        """An agent's site cards go back to the location deck (all, or all but the current one)."""

    def _apply_agent_move(self, state: State, iid: str, plan: dict, events: list) -> None:
        """Carry out an agent's checked move (``_plan_agent_move``): lay or take back its site cards."""

    def _discard_doomed_agents(self, state: State, events: list) -> None:
        """End of the turn: agents revealed without their site card are discarded."""

    def _plan_agent_move(self, state: State, seat: int, iid: str, kind: str, action: dict) -> dict:
        """Check an agent's movement before it counts against the limit; returns what to do."""

    def _settle_revealed_agent(self, state: State, iid: str) -> None:
        """On revealing: the route's cards but the last go back; no card for the site: doomed."""

    # agents.py
    def _agent_attack_over(self, state: State, attack: dict, beaten: bool, events: list) -> None:
        """An agent's attack ended: defeated, it goes to the defender's pile; a failed strike wounds it."""

    def _agent_choices(self, state: State, seat: int) -> list[dict]:
        """The buttons of the agents' attack window (one per agent that may attack, and pass)."""

    def _agent_creature(self, state: State, seat: int, iid: str, group: dict, action: dict) -> str:
        """Check a creature played through a face-up agent; returns the creature's id."""

    def _agents_view(self, state: State, owner: int, seat: int | None, card) -> list[dict]:
        """The agents of ``owner`` on the table; a face-down one only as such to the other seat."""

    def _open_agent_window(self, state: State, group: dict | None) -> None:
        """After the automatic attacks of an entered site: wait for the hazard player's agents."""

    def _pass_agent_window(self, state: State, seat: int, events: list) -> bool:
        """``pass`` in the agents' window: no (further) agent attack in this site phase."""

    # auto_pass.py
    @staticmethod
    def _auto(state: State) -> bool:
        """Whether phases and passes without a choice go by themselves (match option ``auto_phases``)."""

    def _pace(self, state: State, events: list[Event]) -> bool:
        """One automatic step in a movement/hazard phase or a chain; True if something happened."""

    def _phase_passes_itself(self, state: State, phase: str) -> bool:
        """Whether a phase has nothing to decide and passes by itself."""

    def _site_phase_passes_itself(self, state: State, group: dict) -> bool:
        """Whether a company's site phase passes by itself (at a haven)."""

    # batches.py
    def _batch_step(self, state: State, events: list[Event]) -> bool:
        """Play the hazard player's next queued hazard when the phase is back with the company."""

    def _trim_plan(self, state: State, seat: int, raw) -> None:
        """A seat's standing list of cards to discard first this turn."""

    def _trim_step(self, state: State, events: list[Event]) -> bool:
        """Discard down to eight by a seat's standing list."""

    # buttons.py
    def _agent_candidates(self, state: State, seat: int, group: dict | None) -> list[dict]:
        """The hazard player's agent moves in a company's movement/hazard phase."""

    def _combat_label(self, state: State, action: dict) -> dict:
        """A single combat step as a button (company combat, taking items, the API's steps)."""

    def _creature_choices(self, state: State, iid: str, group: dict) -> list[dict]:
        """One play of a creature per key it may be played on."""

    def _with_support(self, state: State) -> list[dict]:
        """Single strikes rolled with every helper tapping (the step-by-step combat)."""

    # card_windows.py
    def _after_chain(self, state: State, last_seat: int | None, events: list[Event]) -> None:
        """A chain inside an attack resolved: its card window goes on, or the attack does."""

    def _open_card_window(self, state: State, name: str, first: int, events: list[Event]) -> None:
        """Open a card window of the running attack (closed at once when nobody can play there)."""

    def _pass_card_window(self, state: State, seat: int, events: list[Event]) -> None:
        """``pass`` in a card window; after two passes in a row it closes and the attack goes on."""

    # chain.py
    def _do_play_card(self, state, seat, action, events):
        """Play a card (a batch's or a plan's queued card is played as if sent then)."""

    def _pass_chain(self, state: State, seat: int, events: list[Event]) -> None:
        """``pass`` in a chain; the chain resolves when both have passed (or the answer was declined)."""

    def _push_link(self, state: State, link: dict, events: list[Event]) -> None:
        """A card goes onto the chain (a new one or an answer); the other seat gets priority."""

    # choices.py
    def choices(self, state: State, seat: int) -> list[dict]:
        """Every concrete move open to a seat, each checked by ``apply`` (the page's buttons)."""

    # combat.py
    def _advance_attack(self, state: State, events: list) -> None:
        """Move the attack on as far as nobody has a choice to make."""

    def _after_strike_cards(self, state: State, events: list) -> None:
        """The strike's card window closed: the defender's decision, then the roll."""

    def _attack_group(self, state: State) -> dict | None:
        """The company the running attack is against."""

    @staticmethod
    def _attack_seat(state: State) -> int | None:
        """Whose step it is in the running attack (``windows.attack_seat``)."""

    def _attacker_chooses(self, state: State) -> bool:
        """Excess strikes are left and more than one strike is open: the attacker decides per strike."""

    def _assign(self, state: State, iid: str, events: list) -> None:
        """One strike onto ``iid``."""

    def _choose_strike(self, state: State, iid: str, decision, events: list) -> None:
        """The strike against ``iid`` comes next: its card window, then the decision and the roll."""

    def _excess(self, state: State, iid: str, n: int, events: list) -> None:
        """The attacker puts ``n`` excess strikes (−1 each) on the strike against ``iid``."""

    def _attacker_excess(self, state: State, seat: int, action: dict, events: list) -> None:
        """``attacker_strike`` against a creature: excess strikes (−1 each) onto the chosen strike."""

    def _cancel_attack(self, state: State, events: list) -> None:
        """A card cancels the running attack: nothing is defeated, the creature is discarded."""

    def _combat_actions(self, state: State) -> list[dict]:
        """The combat moves open now (the last one is the default when time runs out)."""

    def _combat_turn(self, state: State, seat: int, *stages: str) -> dict:
        """The running attack, if ``seat`` is to act in one of these stages; else refused."""

    def _end_attack(self, state: State, events: list) -> None:
        """The attack is over: score or discard the creature, start the next queued attack."""

    def _start_attack(self, state: State, group: dict, attack: dict, events: list) -> None:
        """Start an attack on a company (a creature, an automatic attack, an agent, company combat)."""

    def _unassigned(self, state: State, group: dict) -> list[str]:
        """The company's fighters without a strike in the running attack."""

    @staticmethod
    def _untapped(state: State, iid: str) -> bool:
        """Untapped and unwounded."""

    # strikes.py
    def _roll_strike(self, state: State, iid: str, support, stay: bool, events: list) -> None:
        """Roll the strike against ``iid`` with the defender's decision (support, staying untapped)."""

    def _body_check(self, state: State, iid: str, modifier: int, events: list) -> None:
        """Roll a character's body check against its modified body; eliminate on a failure."""

    def _eliminate(self, state: State, iid: str) -> None:
        """A character leaves play for good (a lost avatar is noted for the score)."""

    def _roll_pending_body(self, state: State, events: list) -> None:
        """The body-check card window closed: roll the body check that waited for it."""

    def _support_helpers(self, state: State, support) -> list[str]:
        """Check the characters tapping in support of a strike (+1 each)."""

    # company_combat.py
    def _advance_versus(self, state: State, group: dict, events: list) -> None:
        """Move a company combat on as far as nobody has a choice."""

    def _assign_versus(self, state: State, seat: int, action: dict, events: list) -> None:
        """Pair characters in a company combat."""

    def _resolve_versus(self, state: State, seat: int, action: dict, events: list) -> None:
        """Resolve a strike of a company combat."""

    def _versus_actions(self, state: State) -> list[dict]:
        """The moves open in a company combat."""

    # corruption.py
    def _corruption_check(self, state, seat, iid, events, support=()):
        """Roll a corruption check, every modifier from the state; returns whether it passed."""

    def _support_for(self, state: State, seat: int, iid: str, support) -> list[str]:
        """Check the characters of the same company tapping in support of a corruption check."""

    # council.py
    def _begin_council(self, state: State, events: list[Event]) -> None:
        """The game ends: the council's corruption checks come next."""

    def _may_call_council(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may call the council now (decks exhausted, 25 points)."""

    def _war_council_as_hazard(self, state: State, seat: int, iid: str, events: list[Event]) -> None:
        """A hero or Fallen-wizard plays Sauron's War Council as a hazard on a minion's turn."""

    # free_actions.py
    def _window(self, state: State, seat: int) -> None:
        """Refuse a seat the table does not wait for."""

    # hazard_phase.py
    @staticmethod
    def _check_hazard_limit(group):
        """Refuse when the company's hazard limit is reached."""

    @staticmethod
    def _creature_attack(state: State, iid: str, key_: dict) -> dict:
        """A creature card's attack, keyed as announced."""

    def _creature_attacks(self, state: State, link: dict, events: list) -> None:
        """A creature on the chain resolves: it attacks the company it was played on."""

    def _do_on_guard(self, state, seat, action, events):
        """Place a card on guard (a batch's queued card)."""

    def _draw_cards(self, state: State, seat: int, n: int, events: list[Event]) -> None:
        """Draw ``n`` cards (the deck exhausted and reshuffled on the way)."""

    def _creature_keys(self, state: State, info: dict, group: dict, *, at_site: bool = False):
        """Every key of a creature against a company (the keying module's answer)."""

    def _finish_movement(self, state: State, group: dict, events: list[Event]) -> None:
        """The company arrives at its destination; hands are refilled."""

    def _key_creature(self, state: State, info: dict, group: dict, announced, *, at_site: bool = False):
        """The key the hazard player announced, checked by the keying module (or the first key)."""

    def _refill_hands(self, state: State, events: list[Event]) -> None:
        """Both players draw up to eight (or must discard down to eight)."""

    def _start_movement(self, state: State, group: dict, events: list[Event]) -> None:
        """A company's movement/hazard phase begins: hazard limit, draws, the site revealed."""

    # influence.py
    def _sideboard_open(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may bring cards from the sideboard now."""

    # offers.py
    def _attacker_offer(self, state: State, seat: int) -> dict:
        """The attacker's plan as one form."""

    def _defend_offer(self, state: State, seat: int) -> dict:
        """The defender's plan as one form."""

    def _discard_offer(self, state: State, seat: int) -> dict | None:
        """Discarding down to eight as one multi-card choice."""

    def _hazard_offer(self, state: State, seat: int, group: dict, options: list[dict]) -> dict | None:
        """The hazard player's batch for the company as one form."""

    def _plan_offer(self, state: State, seat: int, group: dict) -> dict | None:
        """A company's whole movement plan as one form (reachable destinations only)."""

    def _sideboard_offer(self, state: State, seat: int) -> dict | None:
        """Cards from the sideboard as one multi-card choice."""

    def _standing_offers(self, state: State, seat: int) -> list[dict]:
        """Setting or revoking a company's standing answers."""

    # organisation.py
    def _merge(self, state: State, source: dict, target: dict) -> None:
        """Join one company into another at the same site."""

    # plans.py
    def _assign_planned(self, state: State, events: list) -> None:
        """The defender's planned strikes, as far as they can still be assigned."""

    def _attacker_must_plan(self, state: State) -> bool:
        """Whether the attacker has a choice left once strikes are assigned (excess strikes, cards)."""

    def _window_cards(self, state: State, seat: int, chars: list[str]) -> list[dict]:
        """The cards a seat could play before the strike against (or body check of) each character."""

    def _plan_step(self, state: State, events: list[Event]) -> bool:
        """A card window of the attack with a planning seat at priority: its planned card, or a pass."""

    def _rest_by_policy(self, state: State, free: list[str], events: list) -> bool:
        """The attacker's standing answer assigns the remaining strikes (to the weakest first)."""

    def _planned_decision(self, state: State, iid: str) -> tuple[list[str], bool]:
        """The defender's planned support and staying untapped for the strike against ``iid``."""

    def _planned_excess(self, state: State, iid: str, last: bool) -> int:
        """The attacker's planned excess strikes on the strike against ``iid`` (the last takes all left)."""

    def _planned_order(self, state: State, open_strikes: list[str]) -> str:
        """The next strike in the defender's planned order."""

    # proposals.py
    def _change_text(self, state: State, change: dict) -> Text:
        """A proposal's change as a text for the log and the page."""

    # setup.py
    def _pick_problem(self, state: State, seat: int, iid: str) -> tuple[str, str, dict] | None:
        """Why a pool card may not be drafted now (None: it may)."""

    def _starting_site_names(self, state: State, seat: int) -> list[str]:
        """The starting sites the player's alignment allows."""

    # site.py
    def _do_enter_site(self, state, seat, action, events):
        """Enter the company's site (a standing answer enters by itself)."""

    def _influence_faction(self, state: State, link: dict, events: list) -> None:
        """A faction on the chain resolves: the influence check, modifiers from the cards."""

    def _information_cost(self, state: State, seat: int, action: dict, info: dict, group: dict | None) -> str:
        """An Information event's cost: a character (a sage where named) and the site tap."""

    def _pass_before_auto_attack(self, state: State, seat: int, events: list) -> None:
        """``pass`` before an automatic attack: the automatic attacks start."""

    def _site_resource_cost(self, state: State, seat: int, action: dict, info: dict, group: dict | None) -> str:
        """An item's, ally's or faction's cost at the site: a character and the site tap."""

    # standing.py
    def _plan_event(self, state: State, seat: int, group: dict, plan: dict, events: list) -> None:
        """Tell the owner his company's standing answers."""

    def _set_plan(self, state: State, group: dict, action: dict) -> dict:
        """A company's standing answers from a move (``answers``, ``enter``)."""

    def _site_step(self, state: State, events: list[Event]) -> bool:
        """A company's site phase: enter as planned, or end it when nothing is left to do."""

    # turns.py
    def _auto_passes(self, state: State, events: list[Event]) -> None:
        """Passes of seats that have nothing to answer or chose to pass (play by post must not stall)."""

    def _do_discard(self, state, seat, action, events):
        """Discard down to eight (a standing list discards by itself)."""

    def _enter_phase(self, state: State, phase: str, events: list[Event]) -> None:
        """Begin a phase of the turn (it may pass by itself)."""

    def _next_company(self, state: State, events: list[Event]) -> None:
        """The next company's movement/hazard or site phase, or the next phase."""

    def _end_turn(self, state: State, events: list[Event]) -> None:
        """The end phase is over: refill or trim the hands, then the next turn."""

    def _maybe_finish_movement(self, state: State, events: list[Event]) -> None:
        """Both are done with the movement/hazard phase: the company arrives."""

    def _start_turn(self, state: State, seat: int, events: list[Event]) -> None:
        """A new turn for ``seat``, beginning with its untap phase."""
