"""The table of keying cases (keying_cases.py) against engine/keying.py: seed 003 "Kreaturen", "Bewegung",
"Verhöre", "Orte", "Unterirdische Orte". Plain pytest on cards.json, no database."""

import pytest

from matches.games.meccg.engine.cardinfo import region_map
from matches.games.meccg.engine.keying import KeyingError, key_creature

from .keying_cases import CASES


@pytest.fixture(scope="module")
def regions(catalogue):
    return region_map(catalogue.values())


def test_the_table_is_large_and_covers_every_alignment():
    assert len(CASES) >= 60
    assert len({case.id for case in CASES}) == len(CASES)
    assert {case.alignment for case in CASES} == {"hero", "minion", "fallen-wizard", "balrog"}
    assert sum(1 for case in CASES if case.error) >= 15
    assert sum(1 for case in CASES if not case.error and not case.keys) >= 8  # 200, playable false


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_case(catalogue, regions, case):
    body = case.body()
    run = lambda: key_creature(  # noqa: E731
        catalogue,
        body["creature"],
        body["alignment"],
        body["from"],
        body["to"],
        body["movement"],
        body["regions"],
        region_map=regions,
        doors_of_night=case.doors_of_night,
        balrog_company=case.alignment == "balrog" and case.balrog_company is not False,
    )
    if case.error:
        with pytest.raises(KeyingError) as caught:
            run()
        assert (caught.value.field, caught.value.code) == case.error
        assert caught.value.text.render()
        return
    keying = run()
    assert {(k.kind, k.symbol or k.name, k.detainment) for k in keying.keys} == set(case.keys)
    assert keying.playable is bool(case.keys)
    if case.route is not None:
        assert (tuple(keying.route["regions"]), tuple(keying.route["region_types"])) == case.route
    text = keying.message.render()
    assert text.startswith(catalogue[keying.creature]["name_de"])
