"""Plain-pytest fixtures for the MECCG engine: the real card data from the JSON file, no database."""

import json
from pathlib import Path

import pytest

from matches.games.meccg.engine.cardinfo import from_json_record
from matches.games.meccg.engine.engine import MeccgEngine

CARDS_JSON = Path(__file__).resolve().parents[5] / "shared" / "data" / "meccg" / "cards.json"

# Hero: pool of Aragorn II, Bilbo, Frodo, Beregond, Bofur, Elrond; sites from Rivendell outwards.
HERO_POOL = ["TW-120", "TW-131", "TW-152", "TW-127", "TW-132", "TW-145", "TW-149"]
HERO_SITES = ["TW-421", "TW-372", "TW-378", "TW-436", "TW-413", "TW-412", "TW-408", "TW-417"]
HERO_RESOURCES = ["TW-206", "TW-225", "TW-224", "TW-203", "TW-209", "TW-199", "TW-198", "TW-197", "TW-126", "TW-143"]
HAZARDS = ["TW-1", "TW-5", "TW-14", "TW-17", "TW-20", "TW-25", "TW-6", "TW-22", "TW-27", "TW-30"]
MINION_POOL = ["LE-11", "LE-18", "LE-25", "LE-3", "LE-7", "LE-23", "LE-21"]
MINION_SITES = ["LE-390", "LE-367", "LE-392", "LE-378", "LE-395", "AS-169", "LE-356"]
MINION_RESOURCES = ["TW-206", "TW-225", "LE-1", "LE-2", "LE-13"]


@pytest.fixture(scope="session")
def catalogue():
    data = json.loads(CARDS_JSON.read_text(encoding="utf-8"))
    return {record["id"]: from_json_record(record) for cards in data.values() for record in cards["cards"].values()}


def deck(alignment, pool, play, sites, sideboard=()):
    entries = [[code, 1, "pool"] for code in pool]
    entries += [[code, 1, "resources"] for code in play]
    entries += [[code, 1, "sites"] for code in sites]
    entries += [[code, 1, "sideboard"] for code in sideboard]
    return {"name": f"Testdeck {alignment}", "alignment": alignment, "entries": entries}


def hero_deck(extra_play=()):
    return deck("hero", HERO_POOL, [*HERO_RESOURCES, *HAZARDS, *extra_play] * 2, HERO_SITES)


def minion_deck():
    return deck("minion", MINION_POOL, [*MINION_RESOURCES, *HAZARDS] * 3, MINION_SITES)


@pytest.fixture
def engine(catalogue):
    return MeccgEngine(lambda: catalogue)


class Table:
    """Drives one game through the engine, keeping the state and every event."""

    def __init__(self, engine, seed=1, auto=False, card_text=False):  # seed 1: seat 0 (hero) starts
        """``auto``: phases and passes without a choice go by themselves (the default of a real match); the
        rule tests drive every step by hand. ``card_text``: the table carries out scripted cards (the default of
        a real match); the tests of the game's structure leave it off, so a Dodge in hand opens no window."""
        self.engine = engine
        self.state = engine.setup(2, {"auto_phases": auto, "card_text": card_text}, seed)
        self.events = []

    def do(self, seat, **action):
        self.state, events = self.engine.apply(self.state, seat, action)
        self.events.extend(events)
        return events

    def log(self):
        return [e.public.render() for e in self.events]

    def find(self, seat, zone, code):
        found = [i for i in self.state["players"][seat][zone] if self.state["inst"][i]["code"] == code]
        assert found, f"no {code} in seat {seat}'s {zone}"  # a clear failure, not a StopIteration
        return found[0]

    def card(self, iid):
        return self.state["cards"][self.state["inst"][iid]["code"]]

    @property
    def turn(self):
        return self.state["turn"]

    def companies(self, seat):
        return [c for c in self.state["companies"] if c["owner"] == seat]

    def choose_decks(self, first=None, second=None):
        self.do(0, type="choose_deck", deck=first or hero_deck())
        self.do(1, type="choose_deck", deck=second or minion_deck())

    def draft(self, picks0, picks1):
        """Pick in rounds; None stops. Codes are looked up in the pools."""
        for a, b in zip(picks0, picks1, strict=True):
            for seat, code in ((0, a), (1, b)):
                if self.state["players"][seat]["stopped"]:
                    continue
                if code is None:
                    self.do(seat, type="draft_stop")
                else:
                    self.do(seat, type="draft_pick", card=self.find(seat, "pool", code))

    def start(self):
        """Decks, a short draft (Aragorn, Bilbo / Gorbag, Lagduf), sites, both ready: turn 1 begins."""
        self.choose_decks()
        self.draft(["TW-120", "TW-131", None], ["LE-11", "LE-18", None])
        self.do(1, type="starting_site", site="Minas Morgul")
        self.do(0, type="start_done")
        self.do(1, type="start_done")

    def to_phase(self, phase):
        while self.turn["phase"] != phase:
            self.next_phase()

    def next_phase(self):
        active = self.turn["active"]
        self.do(active, type="next_phase")
        # In a movement/hazard phase the hazard player must pass too.
        while (
            self.state["stage"] == "play"
            and self.turn["phase"] == "movement"
            and self.turn.get("company")
            and self.turn["done"][active]
            and not self.turn["done"][1 - active]
        ):
            self.do(1 - active, type="pass")
        self.trim()

    def trim(self):
        for seat in (0, 1):
            while self.turn and self.turn.get("trim") and len(self.state["players"][seat]["hand"]) > 8:
                self.do(seat, type="discard", card=self.state["players"][seat]["hand"][-1])


@pytest.fixture
def table(engine):
    return Table(engine)


@pytest.fixture
def game(table):
    """A table after setup, at the first turn (a module may override it to add its own checks)."""
    table.start()
    return table


def dice(game, *rolls):
    """Fix the next 2W6 rolls, in order (each a pair), by replacing the roller on this engine instance."""
    queue = list(rolls)
    game.engine._roll2d6 = lambda state: queue.pop(0)
    return queue
