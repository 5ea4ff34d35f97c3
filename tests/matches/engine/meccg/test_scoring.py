"""Every clause of "Punkte" (seeds/003, Spielende) and worked examples written from it."""

import pytest

from matches.games.meccg.engine.scoring import Sheet, capped, doubled, raw_categories, score, tournament_points


def hero(**points):
    return Sheet("hero", **points)


def minion(**points):
    return Sheet("minion", **points)


def totals(a, b, decks=2):
    first, second = score((a, b), decks)
    return first.total, second.total


# Clause 1: six categories; creatures without * for hero/fallen wizard, with * for minion/balrog.


@pytest.mark.parametrize("alignment", ["hero", "fallen-wizard"])
def test_hero_and_fallen_wizard_count_only_creatures_without_star(alignment):
    assert raw_categories(Sheet(alignment, creatures_plain=3, creatures_starred=5))["creatures"] == 3


@pytest.mark.parametrize("alignment", ["minion", "balrog"])
def test_minion_and_balrog_count_only_creatures_with_star(alignment):
    assert raw_categories(Sheet(alignment, creatures_plain=3, creatures_starred=5))["creatures"] == 5


def test_the_six_categories():
    cats = raw_categories(hero(characters=1, special=2, items=3, allies=4, factions=5, creatures_plain=6))
    assert cats == {"characters": 1, "special": 2, "items": 3, "allies": 4, "factions": 5, "creatures": 6}


def test_unknown_alignment_is_refused():
    with pytest.raises(ValueError):
        raw_categories(Sheet("elf"))


# Clause 2: each category at least 0.


def test_negative_category_counts_as_zero():
    assert raw_categories(hero(characters=-3, items=2))["characters"] == 0


def test_negative_category_does_not_reduce_the_others():
    # Characters -3 (a captured character) would otherwise eat the item points.
    first, _ = score((hero(characters=-3, items=2, allies=2), hero(characters=1, items=1, allies=1)))
    assert first.categories["characters"] == 0
    assert first.total == 4


def test_negative_category_counts_as_zero_for_the_opponents_doubling():
    # The opponent's characters (-2 → 0) double ours: 2 → 4, total 4 + items 3 + allies 1.
    first, _ = score((hero(characters=2, items=3, allies=1), hero(characters=-2, items=1, allies=1)))
    assert first.categories["characters"] == 4
    assert first.total == 8


# Clause 3: doubling where the opponent has 0, not for special points and creatures.


def _cats(**values):
    base = dict.fromkeys(["characters", "special", "items", "allies", "factions", "creatures"], 0)
    base.update(values)
    return base


@pytest.mark.parametrize("category", ["characters", "items", "allies", "factions"])
def test_category_doubled_where_the_opponent_has_none(category):
    own = _cats(**{category: 3})
    assert doubled(own, _cats())[category] == 6
    assert doubled(own, _cats(**{category: 1}))[category] == 3


@pytest.mark.parametrize("category", ["special", "creatures"])
def test_special_and_creatures_never_doubled(category):
    assert doubled(_cats(**{category: 3}), _cats())[category] == 3


def test_creatures_of_the_other_kind_score_nothing_and_the_counted_ones_are_not_doubled():
    first, second = score(
        (hero(creatures_starred=4, items=2, allies=2), minion(creatures_starred=3, items=2, allies=2))
    )
    assert first.categories["creatures"] == 0
    assert second.categories["creatures"] == 3  # the hero has 0 creature points: still not doubled
    assert (first.total, second.total) == (4, 7)


def test_doubling_in_a_full_game():
    first, second = score((hero(characters=4, items=3, allies=2), minion(characters=4, factions=2)))
    assert first.categories == _cats(characters=4, items=6, allies=4)
    assert second.categories == _cats(characters=4, factions=4)


# Clause 4: no category above half of the total; reduced to the sum of all other categories.


def test_category_above_half_reduced_to_the_sum_of_the_others():
    assert capped(_cats(characters=10, items=3, allies=2)) == _cats(characters=5, items=3, allies=2)


def test_category_of_exactly_half_is_kept():
    assert capped(_cats(characters=5, items=3, allies=2)) == _cats(characters=5, items=3, allies=2)


def test_single_category_drops_to_zero():
    assert capped(_cats(factions=7)) == _cats(factions=7 - 7)


def test_cap_applies_to_special_and_creatures_too():
    assert capped(_cats(special=9, items=2))["special"] == 2
    assert capped(_cats(creatures=9, items=2))["creatures"] == 2


def test_cap_comes_after_doubling():
    # Items 4, doubled to 8 (opponent has none), then capped to characters + allies = 5.
    first, _ = score((hero(characters=3, items=4, allies=2), hero(characters=1, allies=1)))
    assert first.categories == _cats(characters=3, items=5, allies=2)
    assert first.total == 10


# Clause 5: afterwards, -1 per unique point card of the player still in the opponent's hand.


def test_unique_cards_in_opponents_hand_deducted_after_the_cap():
    # Capped total 10 (not 13 - 2 capped differently): the deduction comes after the cap.
    first, _ = score((hero(characters=3, items=4, allies=2, unique_in_opponent_hand=2), hero(characters=1, allies=1)))
    assert first.total == 8


# Clause 6: -5 for a lost avatar; final minimum 0.


def test_lost_avatar_costs_five():
    first, second = score((hero(characters=5, items=5, lost_avatar=True), hero(characters=5, items=5)))
    assert (first.total, second.total) == (5, 10)


def test_total_never_below_zero():
    first, _ = score(
        (hero(characters=2, items=2, unique_in_opponent_hand=3, lost_avatar=True), hero(characters=1, items=1))
    )
    assert first.total == 0


def test_categories_shown_before_deductions():
    first, _ = score((hero(characters=2, items=2, lost_avatar=True), hero(characters=1, items=1)))
    assert sum(first.categories.values()) == 4
    assert first.total == 0


# Tournament points.


def test_draw_three_each():
    assert tournament_points((12, 12), None, 2) == (3, 3)
    assert tournament_points((0, 0), None, 2) == (3, 3)


@pytest.mark.parametrize(
    ("totals", "points"),
    [
        ((11, 10), (4, 2)),
        ((14, 10), (4, 2)),
        ((15, 10), (5, 1)),  # exactly one and a half times
        ((19, 10), (5, 1)),
        ((20, 10), (6, 0)),  # exactly twice
        ((25, 10), (6, 0)),
        ((3, 0), (6, 0)),
        ((10, 15), (1, 5)),
        ((7, 5), (4, 2)),  # 7 < 7.5
        ((8, 5), (5, 1)),
    ],
)
def test_tournament_points_by_margin(totals, points):
    assert tournament_points(totals, None, 2) == points


@pytest.mark.parametrize(("decks", "points"), [(1, 8), (2, 7), (3, 6), (4, 6)])
def test_ring_condition_points_by_deck_count(decks, points):
    assert tournament_points((5, 30), 0, decks) == (points, 0)
    assert tournament_points((30, 5), 1, decks) == (0, points)


def test_two_ring_victories_refused():
    with pytest.raises(ValueError):
        score((hero(ring_victory=True), minion(ring_victory=True)))


def test_bad_deck_count_refused():
    with pytest.raises(ValueError):
        score((hero(), minion()), decks=5)


# Worked examples (score sheets computed by hand from the rulebook's text).


def test_example_hero_against_minion():
    # Hero: characters 6, items 4, factions 5, creatures 3 (plain) + 2 starred (ignored), special 1.
    # Minion: characters 7, allies 2, creatures 4 starred + 3 plain (ignored).
    # Doubling: hero's items (minion 0) 8, factions (minion 0) 10; minion's allies (hero 0) 4.
    # Hero sum 6+1+8+0+10+3 = 28: factions 10 ≤ 14, no cap. Minion 7+0+0+4+0+4 = 15, characters 7 ≤ 7.5.
    a = Sheet("hero", characters=6, special=1, items=4, factions=5, creatures_plain=3, creatures_starred=2)
    b = Sheet("minion", characters=7, allies=2, creatures_plain=3, creatures_starred=4)
    first, second = score((a, b))
    assert first.categories == _cats(characters=6, special=1, items=8, factions=10, creatures=3)
    assert second.categories == _cats(characters=7, allies=4, creatures=4)
    assert (first.total, second.total) == (28, 15)
    assert (first.tournament_points, second.tournament_points) == (5, 1)  # 28 ≥ 22.5, < 30


def test_example_cap_unique_and_avatar():
    # A (fallen wizard): items 12 (opponent 0 → 24), characters 5, special 3; B holds 2 of A's uniques.
    # Sum 32, items 24 > 16 → capped to 8; total 16 - 2 = 14.
    # B (balrog): characters 9 (A has 5 → stays 9), factions 3 (A 0 → 6), starred creatures 4; lost avatar.
    # Sum 19, characters 9 ≤ 9.5; total 19 - 5 = 14. Draw.
    a = Sheet("fallen-wizard", characters=5, special=3, items=12, unique_in_opponent_hand=2)
    b = Sheet("balrog", characters=9, factions=3, creatures_starred=4, lost_avatar=True)
    first, second = score((a, b))
    assert first.categories == _cats(characters=5, special=3, items=8)
    assert (first.total, second.total) == (14, 14)
    assert (first.tournament_points, second.tournament_points) == (3, 3)


def test_example_ring_victory_overrides_points():
    a = Sheet("hero", characters=2, items=1, ring_victory=True)
    b = Sheet("minion", characters=10, items=8, factions=6)
    first, second = score((a, b), decks=1)
    assert first.total < second.total
    assert (first.tournament_points, second.tournament_points) == (8, 0)


def test_example_empty_sheets():
    first, second = score((hero(), minion()))
    assert (first.total, second.total, first.tournament_points, second.tournament_points) == (0, 0, 3, 3)
