"""Free play (issue 29, for the tests and the bench): whole games on the engine in which every move is chosen from
``legal_actions``, as a careful player clicks the buttons the page offers — not a scripted scenario.

The player chooses a kind of move by weight (bring characters in, move, play cards, enter sites, face attacks,
call the council; end a phase when nothing else appeals), then one move of that kind at random; an entry with a
form (a movement plan, the hazards for a company, a defence, the cards to discard: offers.py) it fills in as the
page lets a player do — within the form's limits, never with a typed value. It never proposes corrections and
sends no tool moves. Deck choice and the draft are the only moves it builds itself (a deck is not a button).

What makes it careful (issue 31): a form's defaults nine times in ten (the page's defaults: answer only creatures,
enter, leave a site with nothing to play, excess strikes spread), the cards it could use for a strike mostly, a card
on guard now and then; in a chain it lets the opponent's card resolve three times in four; a new character joins a
company rather than founding one; it plays the cards the table carries out before the events whose effect it would
have to propose (it proposes nothing, so such an event would do nothing for it).

Issue 31 counts what a game costs by post: ``pace(game)`` gives the submissions and hand-overs per game turn (a
hand-over: the next submission comes from the other seat; when the table waits for both seats, the one who sent
the last move goes on, as a player at the keyboard would). Pure Python over the engine, no Django: the same code
runs in the tests and in ``manage.py bench meccg``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .engine.offers import META, fill_form
from .scenario import HERO_DECK, MINION_DECK

# How much a careful player wants each kind of move (0: never).
WEIGHTS = {
    "call_council": 50.0,
    "enter_site": 20.0,
    "play_card": 6.0,
    "play_character": 3.0,
    "plan_movement": 4.0,
    "draw": 5.0,
    "assign_strike": 3.0,
    "assign_done": 1.0,
    "resolve_strike": 3.0,
    "resolve_all": 1.0,
    "attacker_strike": 1.0,
    "take_item": 3.0,
    "take_done": 1.0,
    "agent_attack": 1.0,
    "discard": 1.0,
    "on_guard": 0.5,
    "reveal_on_guard": 2.0,
    "influence": 0.2,
    "attack_company": 0.3,
    "play_agent": 0.3,
    "reveal_agent": 0.2,
    "agent_action": 0.1,
    "transfer_item": 0.1,
    "move_character": 0.05,
    "join_company": 0.2,
    "cancel_movement": 0.05,
    "next_phase": 1.0,
    "pass": 1.0,
    # Issue 31: whole decisions in one submission.
    "hazards": 6.0,
    "defend": 3.0,
    "attacker_plan": 3.0,
}


@dataclass
class Game:
    """One free-play game: the state, every move as (turn, seat, type), the time each ``legal_actions`` took per
    phase, and the moves the engine refused (none expected: every move comes from its own list)."""

    state: dict
    moves: list[tuple[int, int, str]] = field(default_factory=list)
    legal_ms: dict[str, list[float]] = field(default_factory=dict)
    refused: list[tuple[dict, str]] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.state["stage"] == "over"


def deck(entries) -> dict:
    if isinstance(entries, dict):
        return entries  # a whole deck (name, alignment, entries), e.g. a published one
    alignment = "minion" if entries is MINION_DECK else "hero"
    return {"name": f"Freies Spiel ({alignment})", "alignment": alignment, "entries": [list(e) for e in entries]}


def starter_deck(slug: str) -> dict:
    """A starter deck (decks/starters, issue 31) as the deck choice sends it."""
    from decks import starters  # the data files beside the decks app; pure Python

    starter = starters.get(slug)
    alignment = {"Hero": "hero", "Minion": "minion", "Fallen-wizard": "fallen-wizard", "Balrog": "balrog"}
    return {
        "name": starter.name,
        "alignment": alignment[starter.alignment],
        "fallen_wizard": starter.fallen_wizard,
        "entries": starters.entries(slug),
    }


def play(
    engine,
    seed: int,
    decks=(HERO_DECK, MINION_DECK),
    *,
    limit: int = 4000,
    choose: Callable | None = None,
) -> Game:
    """Play one game to its end (or ``limit`` moves) on ``engine``; ``seed`` seeds the match and the player."""
    rng = random.Random(seed)  # noqa: S311 - a seeded player for tests and the bench, no secret
    game = Game(engine.setup(2, {}, seed))
    for seat, entries in enumerate(decks):
        # A deck is its entries (the sample decks) or a whole deck for choose_deck (a starter deck, issue 31).
        chosen = entries if isinstance(entries, dict) else deck(entries)
        _submit(engine, game, seat, {"type": "choose_deck", "deck": chosen})
    for _ in range(limit):
        if game.over:
            break
        seats = engine.current_seats(game.state)
        if not seats:
            break
        last = game.moves[-1][1] if game.moves else None
        seat = last if last in seats else seats[0]  # who may go on does, before handing over
        phase = _phase(game.state)
        started = time.perf_counter()
        legal = engine.legal_actions(game.state, seat)
        game.legal_ms.setdefault(phase, []).append((time.perf_counter() - started) * 1000)
        action = (choose or careful)(game.state, seat, legal, rng)
        _submit(engine, game, seat, action)
    return game


def _phase(state: dict) -> str:
    if state["stage"] != "play":
        return state["stage"]
    return state["turn"]["phase"]


def _submit(engine, game: Game, seat: int, action: dict) -> None:
    from matches.engine.base import IllegalAction

    # An entry of the move list as it came (label, cards, form) or a move already filled in (``fill_form``).
    sent = {k: v for k, v in action.items() if k not in META} if "label" in action else dict(action)
    turn = game.state["turn"]
    try:
        game.state, _events = engine.apply(game.state, seat, sent)
    except IllegalAction as exc:
        game.refused.append((sent, exc.code))
        raise
    game.moves.append((turn["number"] if turn else 0, seat, sent["type"]))


def careful(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """A careful player's choice among the moves ``legal_actions`` offers."""
    stage = state["stage"]
    if stage == "draft":
        picks = [a for a in legal if a["type"] == "draft_pick"]
        drafted = len(state["players"][seat]["drafted"])
        if picks and (drafted < 3 or rng.random() < 0.3):
            return rng.choice(picks)
        return {"type": "draft_stop", "empty": True} if not drafted else {"type": "draft_stop"}
    if stage == "start":
        sites = [a for a in legal if a["type"] == "starting_site"]
        if sites and state["players"][seat]["start_site"] is None:
            return rng.choice(sites)
        return {"type": "start_done"}
    if stage == "council":
        return {"type": "council_checks"}
    concrete = [a for a in legal if "label" in a and WEIGHTS.get(a["type"], 0) > 0]
    if not concrete:
        concrete = [a for a in legal if WEIGHTS.get(a["type"], 0) > 0]
    kinds = sorted({a["type"] for a in concrete})
    weights = [_weight(state, seat, k) for k in kinds]
    if "play_card" in kinds and all(_plain_event(a) for a in concrete if a["type"] == "play_card"):
        weights[kinds.index("play_card")] = 0.5  # only events whose effect would be a proposal (it makes none)
    kind = rng.choices(kinds, weights=weights)[0]
    entries = [a for a in concrete if a["type"] == kind]
    # A careful player keeps his characters together (a new character joins a company more often than it founds
    # one) and plays the cards the table carries out before the ones whose effect it would have to propose.
    entry = rng.choices(entries, weights=[_entry_weight(a) for a in entries])[0]
    return fill_form(entry, {f["name"]: _fill(f, rng) for f in entry.get("form", ())})


def _plain_event(entry: dict) -> bool:
    """A card played with no target, key, bearer or use: an event the table does not carry out."""
    return entry["type"] == "play_card" and not {"mode", "character", "keyed", "target"} & entry.keys()


def _entry_weight(entry: dict) -> float:
    if _plain_event(entry):
        return 0.3
    if entry["type"] == "play_character":
        return 3.0 if entry.get("company") else 0.3
    return 1.0


def _fill(field_: dict, rng: random.Random):
    """A careful player's answer to one field of a form, always within the form's limits."""
    kind = field_["kind"]
    name = field_["name"]
    if kind == "flag":
        return field_["default"] if rng.random() < 0.9 else not field_["default"]
    if kind == "number":
        return field_["min"] if rng.random() < 0.7 else rng.randint(field_["min"], field_["max"])
    if kind == "one":
        values = [o["value"] for o in field_["options"]]
        default = field_.get("default")
        return default if default in values and rng.random() < 0.9 else rng.choice(values)
    if kind == "counts":
        counts: dict = {}
        for _ in range(field_["total"]):
            option = rng.choice(field_["options"])["value"]
            counts[option] = counts.get(option, 0) + 1
        return counts
    options = list(field_["options"])
    rng.shuffle(options)
    low, high = field_.get("min", 0), field_.get("max", len(options))
    exact = {"strikes": high, "cards": low if low == high else None}.get(name)
    chance = {"untapped": 0.1, "support": 0.3, "discard": 0.3}.get(name, 0.7)
    chosen, taken = [], set()
    for option in options:
        marks = {(k, str(option[k])) for k in field_.get("unique", ()) if k in option}
        wanted = rng.random() < (0.1 if option.get("guard") else chance)  # on guard now and then
        if len(chosen) >= high or marks & taken or (exact is None and not wanted and len(chosen) >= low):
            continue
        chosen.append(option["value"])
        taken |= marks
        if exact is not None and len(chosen) >= exact:
            break
    return chosen


def _weight(state: dict, seat: int, kind: str) -> float:
    """A company that has planned its move does not plan again; in a chain a careful player mostly lets the
    opponent's card resolve (he answers now and then)."""
    if kind == "plan_movement" and all(c["dest"] for c in state["companies"] if c["owner"] == seat):
        return 0.1
    if state.get("chain") and kind in ("play_card", "pass"):
        return 1.0 if kind == "play_card" else 3.0
    return WEIGHTS[kind]


def pace(game: Game) -> dict[str, float]:
    """Submissions and hand-overs per game turn (turns from 1; setup not counted), with their medians: a hand-over
    is a submission from the other seat than the one before it (the first of a turn counts when the turn
    changed hands)."""
    per_turn = _per_turn(game)
    return {
        "turns": len(per_turn),
        "submissions": statistics.median([c[0] for c in per_turn]) if per_turn else 0,
        "handovers": statistics.median([c[1] for c in per_turn]) if per_turn else 0,
        "moves": len(game.moves),
    }


def pooled(games: list[Game]) -> dict:
    """The figures of several games together (the bench, the test): submissions and hand-overs per game turn over
    all their turns (median and mean), refused moves, and ``legal_actions`` p50/p95 per phase in milliseconds."""
    per_turn = [counts for game in games for counts in _per_turn(game)]
    timings: dict[str, list[float]] = {}
    for game in games:
        for phase, values in game.legal_ms.items():
            timings.setdefault(phase, []).extend(values)
    submissions = [c[0] for c in per_turn] or [0]
    handovers = [c[1] for c in per_turn] or [0]
    return {
        "games": len(games),
        "turns": len(per_turn),
        "moves": sum(len(g.moves) for g in games),
        "refused": sum(len(g.refused) for g in games),
        "submissions": statistics.median(submissions),
        "submissions_mean": statistics.mean(submissions),
        "handovers": statistics.median(handovers),
        "handovers_mean": statistics.mean(handovers),
        "legal_ms": {phase: _percentiles(values) for phase, values in sorted(timings.items())},
    }


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _per_turn(game: Game) -> list[list[int]]:
    per_turn: dict[int, list[int]] = {}
    previous = None
    for number, seat, _kind in game.moves:
        if number >= 1:
            counts = per_turn.setdefault(number, [0, 0])
            counts[0] += 1
            counts[1] += previous is not None and seat != previous
        previous = seat
    return list(per_turn.values())


def turns(game: Game) -> dict[int, list[tuple[int, str]]]:
    """The moves of each game turn (setup is turn 0)."""
    found: dict[int, list[tuple[int, str]]] = {}
    for number, seat, kind in game.moves:
        found.setdefault(number, []).append((seat, kind))
    return found
