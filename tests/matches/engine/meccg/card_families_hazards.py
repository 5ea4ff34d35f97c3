"""The hazard cards carried out in round 2 of issue 30 by family (a scenario that plays each from its own text, in
``card_scenarios_hazards.py`` and ``card_scenarios_hazards_more.py``): ``test_card_scripts`` plays every case with
its own parametrised test and counts them in ``test_every_carried_out_card_has_a_scenario``."""

from matches.games.meccg.engine import scripts

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
    at_home_items,
    cancels_search,
    company_returns,
    copies_site_attacks,
    discards_for_it,
    dragon_at_home,
    equal_body,
    faced_keys,
    maia,
    maia_in_play,
    nothing_to_eat,
    overt_minion_only,
    restack,
    shield_attack,
    turn_end_checks,
)


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
    equal_body: codes("Giant Spiders"),
    at_home_items: codes("Itangast at Home", "Scorba at Home", "Smaug at Home"),
    nothing_to_eat: codes("Nothing to Eat or Drink"),
    overt_minion_only: codes("Landroval"),
    maia_in_play: codes("Radagast the Tamer", "Alatar the Hunter"),
}
