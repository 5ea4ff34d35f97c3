"""Hazard cards carried out in round 2 of issue 30, each played from its own text: the creatures' further printed
text ("+4 prowess versus Ringwraiths", "must tap … following the strike", "all other Undead attacks … for the rest
of the turn", "May not be played against a company containing a character with Bree as a home site") and the
corruption cards that check "each time a character in his company gains an item". The families are also read by
``test_card_scripts.test_every_carried_out_card_has_a_scenario``."""

import pytest

from matches.games.meccg.engine import scripts
from matches.games.meccg.engine import state as st

from .card_scenarios_hazards import (
    check_discard_instead,
    company_bonus,
    duplicate_auto,
    foul_fumes,
    influence_check,
    item_gained,
    not_home_site,
    prowess_versus,
    taps_after_strike,
)
from .card_scenarios_hazards_more import (
    cancels_search,
    company_returns,
    copies_site_attacks,
    discards_for_it,
    dragon_at_home,
    faced_keys,
    maia,
    restack,
    shield_attack,
    turn_end_checks,
)
from .test_card_windows import clear_hand, start


@pytest.fixture
def game(engine):
    """Aragorn II and Bilbo (hero, seat 0, at turn first) against Gorbag and Lagduf."""
    return next(t for t in (start(engine, seed) for seed in range(1, 40)) if t.turn["active"] == 0)


def codes(*names):
    return sorted(c for c, e in scripts.load().items() if e["name"] in names)


HAZARD_FAMILIES = {
    prowess_versus: codes("Elf-lord Revealed in Wrath"),
    taps_after_strike: codes("Wisp of Pale Sheen"),
    company_bonus: codes("Chill Douser"),
    not_home_site: codes("Arthadan Rangers"),
    item_gained: codes("Lure of Expedience"),
    influence_check: codes("Lure of Power"),
    check_discard_instead: codes("The Roving Eye"),
    duplicate_auto: codes("The Moon Is Dead"),
    foul_fumes: codes("Foul Fumes"),
    turn_end_checks: codes("Covetous Thoughts"),
    dragon_at_home: codes("Daelomin at Home"),
    company_returns: codes("Beorning Skin-changers"),
    restack: codes("Revealed to all Watchers"),
    shield_attack: codes("Unabated in Malice"),
    faced_keys: codes("Dwarven Travelers"),
    discards_for_it: codes("Faces of the Dead"),
    copies_site_attacks: codes("Tidings of Bold Spies"),
    maia: codes("Gandalf the White Rider", "Saruman the Wise"),
    cancels_search: codes("Lady of the Golden Wood", "Bane of the Ithil-stone"),
}
CASES = [(family, code) for family, found in HAZARD_FAMILIES.items() for code in found]


@pytest.mark.parametrize(("family", "code"), CASES, ids=[f"{f.__name__}-{c}" for f, c in CASES])
def test_the_hazard_does_what_its_text_says(game, catalogue, family, code):
    clear_hand(game, 0)
    clear_hand(game, 1)
    family(game, catalogue, code)
    assert st.info(game.state, next(iter(game.state["inst"])))  # the state is still whole
