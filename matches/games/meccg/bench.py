"""Bench cases of the MECCG game (`make bench`): the keying calculator on the whole card catalogue; the
whole-game scenario of issue 19 (moves per turn, resolve time, state size); free play (issue 31): submissions and
hand-overs per game turn of whole games whose every move is chosen from ``legal_actions``, and the time
``legal_actions`` takes per phase."""

import json
import os

from . import cards, freeplay
from .engine.constants import PHASES
from .engine.engine import MeccgEngine
from .engine.keying import key_creature
from .scenario import HERO_DECK, MINION_DECK, EngineDriver, Script

ROUTE = ["Southern Mirkwood", "Anduin Vales", "High Pass"]


def cases():
    catalogue = cards.catalogue()
    if not catalogue:
        return  # no MECCG cards imported: nothing to measure
    yield (
        "Kreatur zuordnen: Name, Regionen (key_creature)",
        lambda: key_creature(catalogue, "Grabunhold", "minion", "Dol Guldur", "Orkstadt", "region", ROUTE),
    )
    yield (
        "Kreatur zuordnen: Kartennummern, Grundregeln",
        lambda: key_creature(catalogue, "TW-20", "hero", "TW-421", "TW-408", "starter"),
    )
    yield from game_cases(catalogue)
    yield from free_play_cases(catalogue)


FREE_PLAY = (("helden", "schergen"), ("sample", "sample"))


def free_play_cases(catalogue):
    """Issue 31: whole games in free play (hero against minion: the starter decks, and the sample decks of issue 29),
    ``BENCH_MECCG_GAMES`` seeds each (default 4): the figures per game turn and legal_actions per phase."""
    engine = MeccgEngine(lambda: catalogue)
    seeds = range(1, int(os.environ.get("BENCH_MECCG_GAMES", "4")) + 1)
    for pair in FREE_PLAY:
        decks = (HERO_DECK, MINION_DECK) if pair[0] == "sample" else tuple(freeplay.starter_deck(s) for s in pair)
        games = [freeplay.play(engine, seed, decks) for seed in seeds]
        found = freeplay.pooled(games)
        name = "Beispieldecks" if pair[0] == "sample" else "Startdecks"
        yield (
            f"Freies Spiel, {name} Helden gegen Schergen, {found['games']} Partien ({found['turns']} Runden, "
            f"{found['moves']} Züge): je Runde Median {found['submissions']} Einreichungen "
            f"(Mittel {found['submissions_mean']:.1f}), {found['handovers']} Übergaben "
            f"(Mittel {found['handovers_mean']:.1f}); abgelehnte Züge: {found['refused']}",
            None,
        )
        for phase in PHASES:
            if phase in found["legal_ms"]:
                p50, p95 = found["legal_ms"][phase]
                yield f"  legal_actions ({name}) in Phase {phase}: p50 {p50:.1f} ms, p95 {p95:.1f} ms", None


def _whole_game(catalogue):
    """The whole-game scenario of the API test, straight on the engine; returns the script and driver."""
    engine = MeccgEngine(lambda: catalogue)
    driver = EngineDriver(engine)
    script = Script(driver, driver.seats)
    script.run()
    return script, driver, engine


def game_cases(catalogue):
    """Issue 19: moves per turn of the whole-game test, the time to resolve one move, the state's size."""
    script, driver, engine = _whole_game(catalogue)
    per_turn = {n: c for n, c in script.submissions_per_turn().items() if n >= 1}
    turns = sorted(per_turn.values())
    median = turns[len(turns) // 2]
    spelled = ", ".join(f"R{n}: {c}" for n, c in sorted(per_turn.items()))
    size = len(json.dumps(driver.state()).encode("utf-8"))
    played = len(script.moves)
    # Figures that are counts, not times: printed as the label alone (no callable).
    yield f"Ganze Partie: {played} Züge; je Runde {spelled}; Median {median} Einreichungen je Runde", None
    game = _without(driver.state(), ("cards", "regions", "last"))
    undo = len(json.dumps(driver.state().get("last")).encode("utf-8"))
    yield (
        f"Zustand am Ende: {size / 1024:.0f} KiB JSON (Spiel {game / 1024:.0f} KiB, Rücknahme {undo / 1024:.0f} KiB)",
        None,
    )
    yield "Ganze Partie durchspielen (Engine, alle Züge)", lambda: _whole_game(catalogue)
    state = _organisation_state(catalogue)
    yield (
        "Zug auswerten: apply(next_phase) in der Organisation",
        lambda: engine.apply(state, state["turn"]["active"], {"type": "next_phase"}),
    )
    yield (
        "Züge anbieten: legal_actions zu Beginn der Organisation",
        lambda: engine.legal_actions(state, state["turn"]["active"]),
    )


def _without(state, keys) -> int:
    return len(json.dumps({k: v for k, v in state.items() if k not in keys}).encode("utf-8"))


def _organisation_state(catalogue):
    engine = MeccgEngine(lambda: catalogue)
    driver = EngineDriver(engine)
    script = Script(driver, driver.seats)
    script.d.choose_decks()
    driver.submit(0, {"type": "draft_stop", "empty": True})
    driver.submit(1, {"type": "draft_stop", "empty": True})
    driver.submit(0, {"type": "start_done"})
    driver.submit(1, {"type": "start_done"})
    return driver.state()


def legal_load_scenario():
    """A running MECCG match between two bench users, its state played freely with the starter decks to an
    organisation phase of a later turn; the scenario asks ``GET /api/matches/<id>/legal/`` as the player at turn.
    Returns ([scenario], cleanup)."""
    import random

    from bench import loadgen as loadbench
    from bench.resolve import bench_users, cleanup
    from core.services import issue_token
    from matches import services
    from matches.models import Match, Seat

    users = bench_users()
    match = services.create_match(users[0], engine="meccg", invite=[users[1].username])
    services.accept_invitation(match, users[1])
    services.start(match, users[0])
    engine = MeccgEngine(cards.catalogue)
    decks = (freeplay.starter_deck("helden"), freeplay.starter_deck("schergen"))
    state = freeplay.play(engine, 7, decks, limit=0).state
    rng = random.Random(7)  # noqa: S311 - a seeded bench position
    while not (state["stage"] == "play" and state["turn"]["phase"] == "organization" and state["turn"]["number"] >= 5):
        seat = engine.current_seats(state)[0]
        action = freeplay.careful(state, seat, engine.legal_actions(state, seat), rng)
        state, _events = engine.apply(state, seat, action)
    Match.objects.filter(pk=match.pk).update(state=state, version=500)
    active = Seat.objects.get(match=match, order=state["turn"]["active"]).user
    key, _token = issue_token(active)
    scenario = loadbench.Scenario(
        "MECCG-Zugliste GET /api/matches/<id>/legal/",
        "GET",
        f"/api/matches/{match.pk}/legal/",
        headers=(("Authorization", f"Token {key}"),),
    )
    return [scenario], lambda: cleanup(users)
