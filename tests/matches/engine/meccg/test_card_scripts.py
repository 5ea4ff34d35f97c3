"""Every card the table carries out is played here from its own text (issue 30): the effect happens in the right
window, illegal targets and timings are refused, continuous effects end when they should. One scenario per
card family, parametrised over the cards of the family (each card's own script is what is played)."""

import json
from pathlib import Path

import pytest

from matches.games.meccg.engine import scripts
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.cardinfo import plain_text

from .card_families_hazards import HAZARD_FAMILIES
from .card_families_resources import RESOURCE_CODES, RESOURCE_FAMILIES
from .card_scenarios import (
    cancels_attack,
    discards_a_hazard_event,
    draws_three,
    environment_resource,
    fetches,
    friendship,
    gifts,
    in_strike,
    protects,
    untaps,
)
from .card_scenarios_more import (
    alone,
    attack_bonus,
    creature,
    darkness_under_tree,
    environment_hazard,
    friend_or_three,
    hazard_on_character,
    lure,
    mouth_of_sauron,
    muster_disperses,
    nazgul,
    no_site_phase,
    power_built,
    river,
    seized,
    snowstorm,
    sorrows,
    static_card,
    twilight,
)
from .test_card_windows import clear_hand, start

CARDS_JSON = Path(__file__).resolve().parents[5] / "shared" / "data" / "meccg" / "cards.json"


@pytest.fixture
def game(engine):
    """Aragorn and Bilbo (hero, seat 0, at turn first) against Gorbag and Lagduf (as in test_card_windows)."""
    return next(t for t in (start(engine, seed) for seed in range(1, 40)) if t.turn["active"] == 0)


def codes(*names):
    return sorted(c for c, e in scripts.load().items() if e["name"] in names)


def carried():
    return sorted(c for c, e in scripts.load().items() if e["kind"] != "proposal")


# --- the data ---------------------------------------------------------------------------------------------------


def test_every_entry_cites_its_card_text_and_name():
    raw = json.loads(CARDS_JSON.read_text(encoding="utf-8"))
    cards = {k: c for s in raw.values() for k, c in s["cards"].items()}
    for code, entry in scripts.load().items():
        assert entry["text"] == plain_text(cards[code]["text"]["en"]), code
        assert entry["name"] == cards[code]["name"]["en"], code
        assert cards[code]["type"] in ("Resource", "Hazard"), code


def test_the_most_played_cards_all_have_an_entry():
    path = CARDS_JSON.parent / "most_played.tsv"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    missing = [row[1] for row in rows if scripts.entry(row[1]) is None]
    assert missing == []
    assert sum(1 for row in rows[:200] if scripts.carried_out(row[1])) >= 126  # today's figure (docs/meccg.md)


def test_every_carried_out_card_has_a_scenario():
    covered = set()
    for family in [*FAMILIES.values(), *HAZARD_FAMILIES.values()]:
        covered |= set(family)
    assert set(carried()) - covered == set()


FAMILIES = {
    draws_three: codes("Dark Tryst"),
    fetches: codes("Smoke Rings", "Weigh All Things to a Nicety", "An Unexpected Outpost", "Longbottom Leaf"),
    discards_a_hazard_event: codes("Voices of Malice", "Marvels Told", "Ancient Secrets", "The Cock Crows"),
    untaps: codes("Halfling Strength", "And Forth He Hastened", "Angband Revisited", "Hundreds of Butterflies"),
    protects: codes("Stealth", "Sneakin’", "Hide in Dark Places"),
    friendship: codes("New Friendship"),
    gifts: codes("Gifts as Given of Old"),
    environment_resource: codes("Gates of Morning"),
    cancels_attack: codes(
        "Concealment",
        "A Nice Place to Hide",
        "Crept Along Cleverly",
        "Many Turns and Doublings",
        "Dark Quarrels",
        "Orc Quarrels",
        "Escape",
        "Diversion",
    ),
    in_strike: codes("Dodge", "Block", "Risky Blow", "Bold Thrust", "Under His Blow", "Passion of Wrath"),
    hazard_on_character: codes("Call of Home", "Dragon-sickness"),
    darkness_under_tree: codes("Darkness Under Tree"),
    muster_disperses: codes("Muster Disperses"),
    no_site_phase: codes("Lost in Free-domains", "Lost at Sea"),
    sorrows: codes("Many Sorrows Befall"),
    environment_hazard: codes("Doors of Night"),
    twilight: codes("Twilight"),
    attack_bonus: codes("Chill Them with Fear", "Wake of War", "Redoubled Force", "Rank upon Rank"),
    nazgul: codes("Adûnaphel", "Ûvatha the Horseman", "Hoarmûrath of Dír"),
    mouth_of_sauron: codes("Mouth of Sauron"),
    river: codes("River"),
    seized: codes("Seized by Terror"),
    friend_or_three: codes("A Friend or Three"),
    lure: codes("Lure of the Senses", "Lure of Nature"),
    alone: codes("Alone and Unadvised"),
    power_built: codes("Power Built by Waiting"),
    snowstorm: codes("Snowstorm"),
    creature: sorted(
        c for c, e in scripts.load().items() if e["kind"] == "creature" and "not_home_site" not in e["creature"]
    ),  # a creature refused against Aragorn's company (Bree) is played in test_card_scripts_hazards
    static_card: sorted(c for c, e in scripts.load().items() if e["kind"] == "static" and c not in RESOURCE_CODES),
    **RESOURCE_FAMILIES,
}
CASES = [(family, code) for family, found in [*FAMILIES.items(), *HAZARD_FAMILIES.items()] for code in found]


@pytest.mark.parametrize(("family", "code"), CASES, ids=[f"{f.__name__}-{c}" for f, c in CASES])
def test_the_card_does_what_its_text_says(game, catalogue, family, code):
    clear_hand(game, 0)
    clear_hand(game, 1)
    family(game, catalogue, code)
    assert st.info(game.state, next(iter(game.state["inst"])))  # the state is still whole
