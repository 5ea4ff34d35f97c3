"""The whole-game script of issue 19: a Hero deck against a Minion deck from deck choice to the council.

Used by the API test (``tests/matches/test_meccg_whole_game.py``, every move through ``POST
/api/matches/<id>/moves/``) and by ``bench.py`` (the same moves straight on the engine), so the figures the
bench prints are those of the test. No Django here: a *driver* carries the moves.

The script plays keyed creatures (Cave-drake keyed to Wilderness, Barrow-wight to a Dark-hold, Orc-patrol
to a Shadow-hold), an automatic attack (Goblin-gate), a detainment attack (the Barrow-wight against the
minion company going to Cirith Ungol), a strike against an ally (Gollum), a body check saved at Bilbo's body 9
(the Adamant Helmet's +1 stops at its maximum of 9), an item passed (the Dagger, Aragorn → Bilbo), defeated
creatures scored by the defender, a corruption check with support, and the council.

What a test harness does besides moves (the driver's ``stack_decks``, ``dice`` and ``exhaust``), said
plainly:

- it plays with stacked decks: each play deck is shuffled by the engine as usual and then the scripted
  cards are put on top (``STACKED``), before the first draw, as a test deck is arranged at a table — so they
  are in the opening hands and no card ever moves between zones outside a rule of the game;
- it fixes the 2W6 of the rolls that matter (the others come from the match's generator);
- it marks the hero's play deck as exhausted twice before the council (playing through a 60-card deck
  twice takes some forty turns).
"""

from __future__ import annotations

HERO = "hero"
MINION = "minion"

# Both decks are the project's sample decks (tests/decks/data) with the scenario's cards swapped in.
HERO_DECK = [
    ["TW-120", 1, "pool"],  # Aragorn II
    ["TW-122", 1, "pool"],  # Arwen
    ["TW-123", 1, "pool"],  # Balin
    ["TW-127", 1, "pool"],  # Beregond
    ["TW-131", 1, "pool"],  # Bilbo
    ["TW-132", 1, "characters"],
    ["TW-133", 1, "characters"],
    ["TW-134", 1, "characters"],
    ["TW-156", 2, "characters"],
    ["AS-44", 3, "resources"],
    ["AS-46", 3, "resources"],
    ["AS-45", 3, "resources"],
    ["AS-47", 3, "resources"],
    ["BA-34", 3, "resources"],
    ["AS-50", 3, "resources"],
    ["BA-30", 3, "resources"],
    ["AS-53", 3, "resources"],
    ["AS-52", 3, "resources"],
    ["TW-246", 1, "resources"],  # Gollum (ally, playable at Goblin-gate)
    ["TD-96", 1, "resources"],  # Adamant Helmet (minor item, body +1)
    ["TW-206", 1, "resources"],  # Dagger of Westernesse (minor item)
    ["BA-11", 3, "hazards"],
    ["AS-24", 2, "hazards"],
    ["AS-22", 3, "hazards"],
    ["AS-8", 3, "hazards"],
    ["AS-26", 3, "hazards"],
    ["AS-29", 3, "hazards"],
    ["AS-10", 3, "hazards"],
    ["TW-14", 3, "hazards"],  # Barrow-wight
    ["BA-12", 2, "hazards"],
    ["AS-23", 3, "hazards"],
    ["AS-27", 2, "hazards"],
    ["TW-371", 1, "sites"],
    ["TW-372", 1, "sites"],
    ["AS-141", 1, "sites"],
    ["TW-421", 2, "sites"],
    ["TD-173", 1, "sites"],
    ["TD-175", 1, "sites"],
    ["TD-176", 1, "sites"],
    ["TW-408", 1, "sites"],
    ["TD-174", 1, "sites"],
    ["TD-180", 1, "sites"],
    ["TD-181", 1, "sites"],
    ["TW-398", 1, "sites"],  # Goblin-gate
    ["DM-118", 2, "sideboard"],
    ["DM-136", 2, "sideboard"],
    ["TW-181", 1, "sideboard"],
    ["DM-116", 2, "sideboard"],
]
MINION_DECK = [
    ["LE-1", 1, "pool"],
    ["LE-2", 1, "pool"],
    ["LE-11", 1, "pool"],  # Gorbag
    ["LE-12", 1, "pool"],
    ["LE-18", 1, "pool"],  # Lagduf
    ["LE-58", 1, "characters"],
    ["LE-10", 1, "characters"],
    ["LE-55", 1, "characters"],
    ["LE-19", 1, "characters"],
    ["DM-27", 1, "characters"],
    ["AS-79", 3, "resources"],
    ["AS-80", 3, "resources"],
    ["BA-34", 3, "resources"],
    ["AS-74", 3, "resources"],
    ["AS-89", 3, "resources"],
    ["AS-82", 3, "resources"],
    ["AS-86", 3, "resources"],
    ["AS-76", 3, "resources"],
    ["AS-125", 3, "resources"],
    ["AS-83", 3, "resources"],
    ["BA-11", 3, "hazards"],
    ["AS-24", 2, "hazards"],
    ["AS-22", 3, "hazards"],
    ["AS-8", 3, "hazards"],
    ["AS-26", 3, "hazards"],
    ["AS-29", 3, "hazards"],
    ["TW-74", 3, "hazards"],  # Orc-patrol
    ["TW-20", 3, "hazards"],  # Cave-drake
    ["BA-12", 2, "hazards"],
    ["AS-23", 3, "hazards"],
    ["AS-27", 2, "hazards"],
    ["LE-349", 1, "sites"],
    ["LE-350", 1, "sites"],
    ["LE-356", 1, "sites"],
    ["LE-358", 1, "sites"],
    ["LE-367", 2, "sites"],
    ["LE-369", 1, "sites"],
    ["LE-372", 1, "sites"],
    ["AS-143", 1, "sites"],
    ["LE-390", 3, "sites"],
    ["LE-363", 1, "sites"],
    ["LE-364", 1, "sites"],
    ["LE-362", 1, "sites"],  # Cirith Ungol
    ["AS-108", 2, "sideboard"],
    ["LE-56", 1, "sideboard"],
    ["AS-100", 2, "sideboard"],
]


# The cards each side's deck has on top at the start (the opening hand): what the script plays from hand.
STACKED = {
    HERO: ["TW-246", "TW-14"],  # Gollum; Barrow-wight (a hazard against the minion's company)
    MINION: ["TW-20", "TW-74"],  # Cave-drake, Orc-patrol (hazards against the hero's company)
}


class Script:
    """Drives the game through ``driver``: ``submit(seat, action)``, ``state()``, ``default(seat)`` (the
    engine's default action), and the harness ``stack_decks({seat: [codes]})``, ``dice(*pairs)``,
    ``exhaust(seat)``."""

    def __init__(self, driver, seats: dict[str, int]):
        self.d = driver
        self.seat = seats  # {"hero": 0|1, "minion": 0|1}
        self.moves: list[tuple[int, int, str]] = []  # (turn number, seat, action type)

    # --- helpers --------------------------------------------------------------------------------------

    @property
    def state(self) -> dict:
        return self.d.state()

    def do(self, side: str | int, **action) -> None:
        seat = self.seat[side] if isinstance(side, str) else side
        turn = self.state["turn"]
        self.moves.append((turn["number"] if turn else 0, seat, action["type"]))
        self.d.submit(seat, action)

    def find(self, side: str, zone: str, code: str) -> str:
        state = self.state
        return first([i for i in state["players"][self.seat[side]][zone] if state["inst"][i]["code"] == code], code)

    def company(self, side: str) -> dict:
        return first([c for c in self.state["companies"] if c["owner"] == self.seat[side]], f"{side} company")

    def char(self, side: str, code: str) -> str:
        state = self.state
        return first([i for i in self.company(side)["chars"] if state["inst"][i]["code"] == code], code)

    def settle(self, until=None, limit: int = 60) -> None:
        """Let the engine's defaults carry on (passes, next phase, trimming) until ``until(state)``."""
        for _ in range(limit):
            state = self.state
            turn = state["turn"] or {}
            trimming = turn.get("trim") and any(len(p["hand"]) > 8 for p in state["players"])
            if state["stage"] != "play" or (until and until(state) and not trimming):
                return
            seat = self.d.current(state)[0]
            self.do(seat, **self.d.default(seat))
        raise AssertionError("the game did not reach the expected point")

    def chain_done(self) -> None:
        self.settle(lambda s: not s["chain"])

    def turn_of(self, side: str):
        return lambda s: s["turn"] and s["turn"]["active"] == self.seat[side]

    def phase(self, side: str, phase: str):
        return lambda s: s["turn"]["active"] == self.seat[side] and s["turn"]["phase"] == phase

    # --- the game ---------------------------------------------------------------------------------------

    def run(self) -> None:
        self.d.stack_decks({self.seat[side]: codes for side, codes in STACKED.items()})
        self.d.choose_decks()
        for hero_pick, minion_pick in (("TW-120", "LE-11"), ("TW-131", "LE-18"), ("TW-123", None)):
            self.do(HERO, type="draft_pick", card=self.find(HERO, "pool", hero_pick))
            if minion_pick:
                self.do(MINION, type="draft_pick", card=self.find(MINION, "pool", minion_pick))
            else:
                self.do(MINION, type="draft_stop")
        if self.state["stage"] == "draft":
            self.do(HERO, type="draft_stop")  # (20 general influence are used up: the table stops by itself)
        aragorn, bilbo = (self.find(HERO, "drafted", c) for c in ("TW-120", "TW-131"))
        self.do(HERO, type="starting_item", card=self.find(HERO, "deck", "TW-206"), character=aragorn)
        self.do(HERO, type="starting_item", card=self.find(HERO, "deck", "TD-96"), character=bilbo)
        self.do(MINION, type="starting_site", site="Minas Morgul")
        self.do(HERO, type="start_done")
        self.do(MINION, type="start_done")
        # Both players: "ich passe, bis etwas auf meine Gemeinschaft gespielt wird" (one move for the game).
        self.do(HERO, type="wait")
        self.do(MINION, type="wait")
        if self.state["turn"]["active"] == self.seat[MINION]:
            self.settle(self.turn_of(HERO))  # the minion player began: a quiet first turn
        self.hero_to_goblin_gate()
        self.minion_to_cirith_ungol()
        self.hero_stays_at_goblin_gate()
        self.council()

    def hero_to_goblin_gate(self) -> None:
        self.settle(self.phase(HERO, "organization"))
        aragorn, bilbo = self.char(HERO, "TW-120"), self.char(HERO, "TW-131")
        dagger = self.find(HERO, "play", "TW-206")
        self.d.dice((6, 6))  # Aragorn's corruption check before he passes the Dagger
        self.do(HERO, type="transfer_item", card=dagger, character=bilbo)
        self.do(
            HERO,
            type="plan_movement",
            company=self.company(HERO)["id"],
            site=self.find(HERO, "sites", "TW-398"),
            kind="starter",
        )
        self.settle(self.phase(HERO, "movement"))
        # Cave-drake {w}{w}{R}: the route Rivendell → Goblin-gate is {w}{w}; keyed to Wilderness.
        self.do(
            MINION,
            type="play_card",
            card=self.find(MINION, "hand", "TW-20"),
            keyed={"kind": "region_type", "symbol": "w"},
        )
        self.chain_done()
        # "Attacker chooses defending characters" (issue 30: the table carries the drake's text out).
        assigner = MINION if self.state["attack"].get("attacker_chooses") else HERO
        self.do(assigner, type="assign_strike", characters=[aragorn, bilbo])
        self.d.dice((6, 6), (6, 6))
        self.do(HERO, type="resolve_all")  # both strikes defeated: the drake scores for the hero
        self.settle(self.phase(HERO, "site"))
        self.do(HERO, type="enter_site")  # Goblin-gate: Orcs, 3 strikes, prowess 6
        balin = self.char(HERO, "TW-123")
        self.do(HERO, type="assign_strike", character=balin)
        if self.state["attack"]["stage"] == "defender":
            self.do(HERO, type="assign_done")
        self.d.dice((6, 6), (1, 1), (4, 5), (6, 6))
        self.do(HERO, type="resolve_strike", character=balin, stay_untapped=True)  # 4 + 12 − 3 = 13 > 6
        # Bilbo: 1 + Dagger 1 + 2 − 1 (tapped) = 3 < 6, wounded; body check 9 against 9 (the Helmet's +1 stops at
        # its maximum of 9): saved.
        self.do(HERO, type="resolve_strike", character=bilbo)
        if self.state["attack"]:
            self.do(HERO, type="resolve_strike", character=aragorn)
        self.do(HERO, type="play_card", card=self.find(HERO, "hand", "TW-246"), character=balin)
        self.chain_done()
        self.settle(self.turn_of(MINION))

    def minion_to_cirith_ungol(self) -> None:
        self.settle(self.phase(MINION, "organization"))
        self.do(
            MINION,
            type="plan_movement",
            company=self.company(MINION)["id"],
            site=self.find(MINION, "sites", "LE-362"),
            kind="starter",
        )
        self.settle(self.phase(MINION, "movement"))
        # Barrow-wight {s}{d}{S}{D} keyed to the Dark-hold: detainment against a minion company.
        self.do(
            HERO, type="play_card", card=self.find(HERO, "hand", "TW-14"), keyed={"kind": "site_type", "symbol": "D"}
        )
        self.chain_done()
        gorbag = self.char(MINION, "LE-11")
        self.do(MINION, type="assign_strike", character=gorbag)
        if self.state["attack"] and self.state["attack"]["stage"] == "defender":
            self.do(MINION, type="assign_done")
        self.d.dice((1, 1))
        if self.state["attack"]:
            self.do(MINION, type="resolve_strike", character=gorbag)  # 6 + 2 < 12: detained, only tapped
        self.settle(self.turn_of(HERO))

    def hero_stays_at_goblin_gate(self) -> None:
        self.settle(self.phase(HERO, "organization"))
        aragorn, bilbo, balin = (self.char(HERO, c) for c in ("TW-120", "TW-131", "TW-123"))
        self.d.dice((1, 1))
        self.do(HERO, type="corruption_check", character=bilbo, support=[aragorn])  # 2 + 4 + 1 > 2
        self.settle(self.phase(HERO, "movement"))
        self.do(
            MINION,
            type="play_card",
            card=self.find(MINION, "hand", "TW-74"),
            keyed={"kind": "site_type", "symbol": "S"},
        )
        self.chain_done()
        gollum = self.find(HERO, "play", "TW-246")
        self.do(HERO, type="assign_strike", characters=[gollum, balin])  # allies count as characters
        if self.state["attack"]["stage"] == "defender":
            self.do(HERO, type="assign_done")
        if self.state["attack"]["stage"] == "attacker":
            self.do(MINION, type="assign_strike", character=aragorn)
        self.d.dice((6, 6), (6, 6), (6, 6))
        self.do(HERO, type="resolve_all")  # Gollum 2 + 12 > 6, Balin, Aragorn: the patrol is defeated
        self.settle(self.turn_of(MINION))

    def council(self) -> None:
        self.d.exhaust(self.seat[HERO])  # the hero may call the council; the minion player has a last turn
        self.settle(self.phase(HERO, "end"))
        self.do(HERO, type="call_council")
        self.settle(lambda s: s["stage"] == "council")
        self.d.dice(*[(6, 6)] * 8)  # every character passes its check
        self.do(HERO, type="council_checks")
        self.do(MINION, type="council_checks")

    # --- figures ------------------------------------------------------------------------------------

    def submissions_per_turn(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for number, _seat, _kind in self.moves:
            counts[number] = counts.get(number, 0) + 1
        return counts


def first(found: list, what: str):
    """The first of ``found``; a script that misses a card fails with its name, not a bare StopIteration."""
    if not found:
        raise AssertionError(f"the script expected {what} here")
    return found[0]


def stacked_shuffle(shuffle, tops: dict[int, list[str]]):
    """Harness: the engine's shuffle before the first draw (``shuffle(state, seat)``), then the cards
    ``tops[seat]`` (codes, in order) put on top of that play deck. A code the deck lacks is an error."""

    def stacked(state: dict, seat: int) -> None:
        shuffle(state, seat)
        deck = state["players"][seat]["deck"]
        for code in reversed(tops.get(seat, [])):
            found = [i for i in deck if state["inst"][i]["code"] == code]
            if not found:
                raise AssertionError(f"the play deck of seat {seat} has no {code} to stack")
            deck.remove(found[0])
            deck.insert(0, found[0])

    return stacked


class EngineDriver:
    """The script straight on the engine (bench.py): same moves, no database."""

    def __init__(self, engine, seed: int = 19):
        from matches.engine import rng

        self.engine = engine
        self._rng = rng
        self._state = engine.setup(2, {}, seed)
        self._queue: list[tuple[int, int]] = []
        self._shuffle = engine._shuffle_deck
        self.seats = {HERO: 0, MINION: 1}
        engine_roll = engine._roll2d6

        def roll(state):
            return self._queue.pop(0) if self._queue else engine_roll(state)

        self._roll = roll
        self.sizes: list[int] = []

    def state(self) -> dict:
        return self._state

    def current(self, state) -> list[int]:
        return self.engine.current_seats(state)

    def default(self, seat: int) -> dict:
        return self.engine.default_action(self._state, seat)

    def submit(self, seat: int, action: dict) -> None:
        self.apply(seat, action)

    def apply(self, seat: int, action: dict) -> list:
        """The move on the engine with the harness's dice and stacked decks; the move's events."""
        self.engine._roll2d6 = self._roll
        self.engine._shuffle_deck = self._shuffle
        try:
            self._state, events = self.engine.apply(self._state, seat, action)
        finally:
            del self.engine._roll2d6
            del self.engine._shuffle_deck
        return events

    def choose_decks(self) -> None:
        self.submit(0, {"type": "choose_deck", "deck": {"name": "Held", "alignment": "hero", "entries": HERO_DECK}})
        self.submit(
            1, {"type": "choose_deck", "deck": {"name": "Scherge", "alignment": "minion", "entries": MINION_DECK}}
        )

    def stack_decks(self, tops: dict[int, list[str]]) -> None:
        self._shuffle = stacked_shuffle(self.engine._shuffle_deck, tops)

    def dice(self, *pairs) -> None:
        self._queue.extend(pairs)

    def exhaust(self, seat: int) -> None:
        self._state["players"][seat]["exhausted"] = max(2, self._state["players"][seat]["exhausted"])
