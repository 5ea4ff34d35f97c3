"""Free-play MECCG games shared by the tests that read them (one game per seed per test run: a game takes
seconds); the engine has the whole card catalogue from the content folder."""

import functools
import json
from pathlib import Path

from matches.games.meccg import freeplay
from matches.games.meccg.engine.cardinfo import from_json_record
from matches.games.meccg.engine.engine import MeccgEngine

CARDS_JSON = Path(__file__).resolve().parents[3] / "shared" / "data" / "meccg" / "cards.json"


@functools.cache
def engine() -> MeccgEngine:
    data = json.loads(CARDS_JSON.read_text(encoding="utf-8"))
    catalogue = {r["id"]: from_json_record(r) for cards in data.values() for r in cards["cards"].values()}
    return MeccgEngine(lambda: catalogue)


@functools.cache
def played(seed: int) -> freeplay.Game:
    return freeplay.play(engine(), seed)
