"""Every deck-construction rule: the sample deck passes it, one change breaks only it."""

import pytest

from decks.formats.meccg.check import check
from decks.formats.meccg.rules import RULES, RULES_BY_ID

pytestmark = pytest.mark.django_db  # the session card fixture needs the test database set up


def errors(deck) -> set[str]:
    return {p.rule for p in check(deck).problems if p.severity == "error"}


HERO_EXTRA_CHARS = ["Adrazar", "Anborn", "Annalena", "Arinmîr", "Bard der Bogenschütze", "Beorn", "Beretar", "Bergil"]
SIDEBOARD_FILLER = [
    "Komm' zur rechten Zeit",
    "Rrüfung des Treueeids",
    "Schäumende Raserei",
    "Es braucht Feinde für einen Krieg",
    "Geduld ist Macht",
    "Entgegen aller Hoffnung",
    "Ritt gegen den Feind",
    "Kurze Beine sind langsam",
    "Erweckt aus tiefem Schlaf",
]


def _many(d, deck, names, part, quantity=1):
    for name in names:
        d.add(deck, name, part, quantity)
    return deck


def _resources_29(d, deck):
    d.remove(deck, "Drughu", "resources")
    return d.remove(deck, "Im Stich gelassen", "hazards")


def _no_wizard(d, deck):
    deck.fallen_wizard = ""
    return deck


# rule id -> (sample, opponent, change). Each change is one edit of a legal sample deck.
CASES = {
    "meccg.alignment.choice": ("fallen_wizard", "", _no_wizard),
    "meccg.parts.card_type": ("hero", "", lambda d, k: d.add(k, "Moria (TW)", "sideboard")),
    "meccg.copies.max3": ("hero", "", lambda d, k: d.add(k, "Drughu", "sideboard")),
    "meccg.unique.once": ("hero", "", lambda d, k: d.add(k, "Aragorn II", "sideboard")),
    "meccg.unique.one_alignment": (
        "fallen_wizard",
        "",
        lambda d, k: (
            d.add(d.replace(k, "Drughu", "Hügelmenschen (TW)", "resources"), "Hügelmenschen (LE)", "resources")
            and d.remove(k, "Drughu", "resources")
        ),
    ),
    "meccg.items.unique_one_version": (
        "fallen_wizard",
        "",
        lambda d, k: (
            d.add(
                d.replace(k, "Elbenseil", "Mithril-Kettenhemd (TW)", "resources"),
                "Mithril-Kettenhemd (LE)",
                "resources",
            )
            and d.remove(k, "Elbenseil", "resources")
        ),
    ),
    "meccg.pool.max10": ("hero", "", lambda d, k: _many(d, k, HERO_EXTRA_CHARS[:6], "pool")),
    "meccg.pool.fallen_wizard_stage": (
        "fallen_wizard",
        "",
        lambda d, k: d.add(k, "Feste der Türme", "pool"),  # 3 stage points, but all unique
    ),
    "meccg.pool.no_agents": (
        "minion",
        "",
        lambda d, k: d.add(d.remove(k, "Schlangenzunge", "characters"), "Schlangenzunge", "pool"),
    ),
    "meccg.characters.alignment": ("hero", "", lambda d, k: d.add(k, "Eradan (LE)", "characters")),
    "meccg.characters.balrog_mind": ("balrog", "", lambda d, k: d.add(k, "Statthalter von Angmar", "characters")),
    "meccg.characters.fallen_wizard_max2": ("fallen_wizard", "", lambda d, k: d.add(k, "Ork-Veteran", "characters", 3)),
    "meccg.characters.max10": ("hero", "", lambda d, k: _many(d, k, HERO_EXTRA_CHARS, "characters")),
    "meccg.agents.as_characters": ("hero", "", lambda d, k: d.add(k, "Schlangenzunge", "characters")),
    "meccg.agents.forbidden_characters": ("minion", "", lambda d, k: d.add(k, "Mein Schatz", "characters")),
    "meccg.pool.minor_items": ("hero", "", lambda d, k: d.add(k, "Elbenstein", "pool", 3)),
    "meccg.agents.mind_max36": (
        "minion",
        "",
        lambda d, k: _many(d, k, ["Golodhros", "Badula", "Elerína", "Der Grimburgoth"], "sideboard"),
    ),
    "meccg.avatars.kind": ("hero", "", lambda d, k: d.add(k, "Der Hexenkönig", "characters")),
    "meccg.avatars.wizards": ("hero", "", lambda d, k: _many(d, k, ["Radagast", "Pallando"], "characters")),
    "meccg.avatars.ringwraiths": ("minion", "", lambda d, k: d.add(k, "Indûr der Ringgeist", "characters")),
    "meccg.avatars.fallen_wizard": ("fallen_wizard", "", lambda d, k: d.remove(k, "Saruman", "characters", 2)),
    "meccg.avatars.balrog": ("balrog", "", lambda d, k: d.add(k, "Der Balrog (BA)", "characters", 2)),
    "meccg.resources.count": ("hero", "", _resources_29),
    "meccg.resources.alignment": ("hero", "", lambda d, k: d.replace(k, "Drughu", "Die Dunkle Macht", "resources")),
    "meccg.resources.fallen_wizard_max2": ("fallen_wizard", "", lambda d, k: d.add(k, "Drughu", "sideboard")),
    "meccg.resources.fallen_wizard_specific": (
        "fallen_wizard",
        "",
        lambda d, k: d.replace(k, "Glücklichere Welt", "Alatars Bogen", "resources"),
    ),
    "meccg.resources.fallen_wizard_forbidden": (
        "fallen_wizard",
        "",
        lambda d, k: d.replace(k, "Glücklichere Welt", "Alte Straße", "resources"),
    ),
    "meccg.resources.balrog_forbidden": (
        "balrog",
        "",
        lambda d, k: d.replace(k, "Sturmeskrone", "Schwarzes Pferd", "resources"),
    ),
    "meccg.resources.balrog_armies": (
        "balrog",
        "",
        lambda d, k: d.replace(k, "Sturmeskrone", "Balchots", "resources"),  # a faction of Men
    ),
    "meccg.hazards.count": ("hero", "", lambda d, k: d.remove(k, "Im Stich gelassen", "hazards")),
    "meccg.hazards.creatures": (
        "hero",
        "",
        lambda d, k: d.replace(k, "Aasfresser", "Unglückliche Hiebe", "hazards", 3),
    ),
    "meccg.hazards.agents": (
        "minion",
        "",
        lambda d, k: d.replace(k, "Im Stich gelassen", "Firiel", "hazards"),
    ),
    "meccg.hazards.balrog_forbidden": (
        "balrog",
        "",
        lambda d, k: d.replace(k, "Im Stich gelassen", "Durins Fluch", "hazards"),
    ),
    "meccg.hazards.vs_minion": (
        "hero",
        "Minion",
        lambda d, k: d.replace(k, "Im Stich gelassen", "Giftige Dämpfe", "hazards"),
    ),
    "meccg.hazards.vs_other_sites": (
        "minion",
        "Hero",
        lambda d, k: d.replace(k, "Im Stich gelassen", "Der Weg ist schwer zu finden", "hazards"),
    ),
    "meccg.sites.alignment": ("hero", "", lambda d, k: d.add(k, "Bree (LE)", "sites")),
    "meccg.sites.balrog_minion_sites": ("balrog", "", lambda d, k: d.add(k, "Dol Guldur (LE)", "sites")),
    "meccg.sites.underdeeps_vs_balrog": ("hero", "", lambda d, k: d.add(k, "Die Wind-Tiefen", "sites")),
    "meccg.sites.once": ("hero", "", lambda d, k: d.add(k, "Amon Hen", "sites")),
    "meccg.sideboard.max30": ("hero", "", lambda d, k: _many(d, k, SIDEBOARD_FILLER, "sideboard", 3)),
    "meccg.sideboard.avatars": ("hero", "", lambda d, k: d.add(k, "Gandalf", "sideboard")),
}
WARNING_CASES = {
    "meccg.sideboard.balrog_mind2": ("balrog", "", lambda d, k: d.add(k, "Ork-Häuptling", "sideboard")),
}


def test_every_rule_has_a_case():
    assert {r.id for r in RULES} == set(CASES) | set(WARNING_CASES)


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_rule_passes_sample_and_one_change_breaks_only_it(decks, rule_id):
    sample, opponent, change = CASES[rule_id]
    deck = decks.sample(sample, opponent)
    assert rule_id not in {p.rule for p in check(deck).problems}
    assert check(deck).legal
    change(decks, deck)
    result = check(deck)
    assert not result.legal
    assert errors(deck) == {rule_id}
    problem = next(p for p in result.problems if p.rule == rule_id)
    rule = RULES_BY_ID[rule_id]
    # The message names the book's section as a reader finds it, never the internal id.
    assert problem.message.startswith(f"{rule.path} – {rule.title}")
    assert rule_id not in problem.message
    assert problem.section == rule.path
    for code in problem.cards:
        card = decks.index.by_code[code]
        assert card.name_de in problem.message


@pytest.mark.parametrize("rule_id", sorted(WARNING_CASES))
def test_warning_rule(decks, rule_id):
    sample, opponent, change = WARNING_CASES[rule_id]
    deck = change(decks, decks.sample(sample, opponent))
    result = check(deck)
    assert result.legal
    assert [p.rule for p in result.warnings] == [rule_id]
    assert "Ork-Häuptling" in result.warnings[0].message


@pytest.mark.parametrize("sample", ["hero", "minion", "fallen_wizard", "balrog"])
def test_sample_decks_are_legal(decks, sample):
    result = check(decks.sample(sample))
    assert result.legal, [p.message for p in result.problems]
    assert result.problems == []
    assert result.summary["parts"]["resources"] == result.summary["parts"]["hazards"] == 30
    assert result.summary["creatures"] >= 12


# --- readings and opponent-dependent rules -------------------------------------------


def test_rules_carry_book_sections():
    sections = {r.section for r in RULES}
    assert ("Beschränkungen bei der Erstellung des Spielstapels", "Agenten") in sections
    assert ("Bedingungen beim Deckaufbau", "Gegenstände") in sections
    assert ("Unofficial Errata List", None) in sections


def test_creature_halves(decks):
    weights = {name: decks.card(name).creature_weight for name in [
        "Aasfresser", "Saurons Mund", "Smaug auf der Jagd", "Smaug daheim", "Der Balrog von Moria",
        "Spinne des Môrlat", "Ungolliants Brut", "Geflügelter Unhold", "Lobelia Sackheim-Beutlin", "Smaug",
        "Giftige Dämpfe",
    ]}  # fmt: skip
    assert weights == {
        "Aasfresser": 1.0,
        "Saurons Mund": 0.5,
        "Smaug auf der Jagd": 0.5,
        "Smaug daheim": 0.5,
        "Der Balrog von Moria": 0.5,
        "Spinne des Môrlat": 0.5,
        "Ungolliants Brut": 0.5,
        "Geflügelter Unhold": 0.5,
        "Lobelia Sackheim-Beutlin": 0.5,
        "Smaug": 1.0,
        "Giftige Dämpfe": 0.0,
    }


def test_half_creatures_do_not_make_up_a_whole(decks):
    deck = decks.sample("hero")
    decks.replace(deck, "Aasfresser", "Geflügelter Unhold", "hazards", 3)  # 14 -> 12.5
    decks.replace(deck, "Durins Volk", "Saurons Mund", "hazards", 1)  # 12.5 -> 12
    assert check(deck).summary["creatures"] == 12
    assert "meccg.hazards.creatures" not in errors(deck)
    decks.replace(deck, "Galadhrim", "Smaug daheim", "hazards", 1)  # 11.5
    assert "meccg.hazards.creatures" in errors(deck)
    assert "11,5" in next(p.message for p in check(deck).problems if p.rule == "meccg.hazards.creatures")


def test_three_different_wizards_refused_but_two_allowed(decks):
    deck = decks.sample("hero")
    decks.add(deck, "Radagast", "characters")
    assert "meccg.avatars.wizards" not in errors(deck)  # Gandalf, Gandalf, Radagast
    decks.replace(deck, "Gandalf", "Pallando", "characters")
    assert errors(deck) == {"meccg.avatars.wizards"}


def test_fallen_wizard_more_than_three(decks):
    deck = decks.add(decks.sample("fallen_wizard"), "Saruman (WH)", "characters", 2)
    assert errors(deck) == {"meccg.avatars.fallen_wizard"}


def test_other_fallen_wizard_is_refused(decks):
    deck = decks.add(decks.sample("fallen_wizard"), "Radagast (WH)", "characters")
    assert errors(deck) == {"meccg.avatars.kind"}


def test_vs_minion_applies_to_balrog_opponent_and_not_to_hero_opponent(decks):
    deck = decks.replace(decks.sample("hero"), "Im Stich gelassen", "Giftige Dämpfe", "hazards")
    assert errors(deck) == set()
    deck.opponent_alignment = "Balrog"
    assert errors(deck) == {"meccg.hazards.vs_minion"}


def test_agent_hazards_against_minion(decks):
    deck = decks.sample("hero", opponent="Minion")
    decks.replace(deck, "Im Stich gelassen", "Plötzliche Wut", "hazards")  # exempt (footnote 1)
    assert errors(deck) == set()
    decks.replace(deck, "Frühe Ernte", "Gegen jede Vernunft", "hazards")  # needs an agent
    assert errors(deck) == {"meccg.hazards.vs_minion"}


def test_winds_of_wrath_reported_once(decks):
    deck = decks.sample("hero", opponent="Minion")
    decks.replace(deck, "Im Stich gelassen", "Stürme des Zorns", "hazards")
    rules = [p.rule for p in check(deck).problems]
    assert rules == ["meccg.hazards.vs_minion"]


def test_other_site_alignment_needs_a_known_opponent(decks):
    deck = decks.replace(decks.sample("minion"), "Im Stich gelassen", "Der Weg ist schwer zu finden", "hazards")
    assert errors(deck) == set()
    deck.opponent_alignment = "Minion"
    assert errors(deck) == set()


def test_underdeeps_allowed_once_against_balrog(decks):
    deck = decks.add(decks.sample("hero", opponent="Balrog"), "Die Wind-Tiefen", "sites")
    assert errors(deck) == set()
    decks.add(deck, "Die Wind-Tiefen", "sites")
    assert errors(deck) == {"meccg.sites.once"}
    deck = decks.add(decks.sample("hero", opponent="Balrog"), "Barad-dûr (BA)", "sites")
    assert errors(deck) == {"meccg.sites.alignment"}


def test_sideboard_ten_more_against_fallen_wizard(decks):
    deck = _many(decks, decks.sample("hero"), SIDEBOARD_FILLER, "sideboard", 3)
    deck.opponent_alignment = "Fallen-wizard"
    assert errors(deck) == set()


def test_sideboard_wizard_allowance_is_not_counted(decks):
    deck = _many(decks, decks.sample("hero"), SIDEBOARD_FILLER[:8], "sideboard", 3)  # 6 + 24 = 30 + Saruman
    assert check(deck).summary["parts"]["sideboard"] == 31
    assert errors(deck) == set()


def test_havens_unlimited_but_fallen_wizard_hero_havens_once(decks):
    deck = decks.add(decks.sample("hero"), "Bruchtal", "sites", 3)
    assert errors(deck) == set()
    deck = decks.add(decks.sample("fallen_wizard"), "Bruchtal (TW)", "sites")
    assert errors(deck) == {"meccg.sites.once"}


def test_balrog_uses_minion_sites_but_not_moria_or_underdeeps(decks):
    for site in ["Moria (LE)", "Urlurtsu Nurn (LE)", "Die Gemmen-Tiefen (AS)", "Carn Dûm (LE)"]:
        deck = decks.add(decks.sample("balrog"), site, "sites")
        assert errors(deck) == {"meccg.sites.balrog_minion_sites"}, site


def test_balrog_may_use_geann_a_lisch_which_counts_as_a_ruin_for_him(decks):
    # "Für einen Balrog-Spieler zählt Geann a-Lisch als Ruine ohne Effekt des Dunklen Zufluchtsortes."
    deck = decks.add(decks.sample("balrog"), "Geann a-Lisch (LE)", "sites")
    assert errors(deck) == set()


def test_invalid_alignment_reported(decks):
    deck = decks.sample("hero")
    deck.alignment = "Elben"
    assert "meccg.alignment.choice" in errors(deck)


def test_summary(decks):
    summary = check(decks.sample("minion")).summary
    assert summary["agents_mind"] == 5  # Schlangenzunge
    assert summary["total"] == sum(summary["parts"].values())
    assert summary["unique_cards"] > 0
    assert summary["marshalling_points"] > 0


# --- audit against the rulebook text (RULES.md) ------------------------------------------


def _problem(deck, rule_id):
    return next(p for p in check(deck).problems if p.rule == rule_id)


@pytest.mark.parametrize(
    "faction",
    ["Orks von Moria", "Schwarze Trolle", "Scatha erwacht", "Warge des Nebelgebirges", "Tiere des Waldes"],
)
def test_balrog_factions_of_orcs_trolls_dragons_wolves_animals(decks, faction):
    # "Heere" (factions) of Orks, Trolle, Drachen, Wölfe, Tiere are allowed …
    deck = decks.replace(decks.sample("balrog"), "Sturmeskrone", faction, "resources")
    assert errors(deck) == set()


def test_balrog_faction_of_men_is_refused(decks):
    # … others are not ("Heere" is the book's word for factions).
    deck = decks.replace(decks.sample("balrog"), "Sturmeskrone", "Balchots", "resources")
    assert errors(deck) == {"meccg.resources.balrog_armies"}
    assert "Balchots" in _problem(deck, "meccg.resources.balrog_armies").message


def test_spawn_permanent_events_are_half_but_a_spawn_creature_is_whole(decks):
    assert decks.card("Schrecken in vielerlei Gestalt").creature_weight == 0.5
    assert decks.card("Ungolliants Brut").creature_weight == 0.5
    assert decks.card("Durins Fluch").creature_weight == 1.0


def test_agent_hazards_count_half(decks):
    deck = decks.sample("hero")
    decks.replace(deck, "Aasfresser", "Schlangenzunge", "hazards", 1)  # 14 -> 13.5
    assert check(deck).summary["creatures"] == 13.5
    assert errors(deck) == set()


@pytest.mark.parametrize("alignment_sample", ["fallen_wizard", "balrog"])
def test_avatar_copies_in_sideboard_count_for_fallen_wizard_and_balrog(decks, alignment_sample):
    avatar = {"fallen_wizard": "Saruman (WH)", "balrog": "Der Balrog (BA)"}[alignment_sample]
    deck = decks.add(decks.sample(alignment_sample), avatar, "sideboard")  # 2 + 1 = 3: allowed
    assert errors(deck) == set()
    decks.add(deck, avatar, "sideboard")  # 2 + 2 = 4
    rule_id = {"fallen_wizard": "meccg.avatars.fallen_wizard", "balrog": "meccg.avatars.balrog"}[alignment_sample]
    assert errors(deck) == {rule_id}
    assert "Reservestapel" in _problem(deck, rule_id).message


def test_fallen_wizard_needs_one_copy_in_the_play_deck(decks):
    deck = decks.sample("fallen_wizard")
    decks.remove(deck, "Saruman (WH)", "characters", 2)
    decks.add(deck, "Saruman (WH)", "sideboard")
    assert errors(deck) == {"meccg.avatars.fallen_wizard"}


@pytest.mark.parametrize("stage_copies", [3])
def test_fallen_wizard_three_copies_of_a_stage_card(decks, stage_copies):
    # "Zusätzlich dürfen bis zu 3 Gefallener Zauberer-Unterstützungskarten …": 3 of each.
    deck = decks.sample("fallen_wizard")
    assert any(e.card.alignment == "Stage" and e.quantity == stage_copies for e in deck.entries)
    assert errors(deck) == set()


def test_fallen_wizard_fourth_stage_copy_is_refused_by_three_copies(decks):
    deck = decks.add(decks.sample("fallen_wizard"), "Glücklichere Welt", "sideboard")
    assert errors(deck) == {"meccg.copies.max3"}


@pytest.mark.parametrize(
    "sample,card,rule_id",
    [
        ("balrog", "Lanze des Verrats", "meccg.resources.balrog_forbidden"),  # Use Your Legs (AS-107)
        ("balrog", "Befehle von Lugburz", "meccg.resources.balrog_forbidden"),  # Orders from Lugbúrz
        ("balrog", "Grausamer Reiter", "meccg.resources.balrog_forbidden"),  # card text
        ("balrog", "Benutze deine Beine", "meccg.resources.balrog_forbidden"),
        ("fallen_wizard", "Lanze des Verrats", "meccg.resources.fallen_wizard_forbidden"),
        ("fallen_wizard", "Benutze deine Beine", "meccg.resources.fallen_wizard_forbidden"),
        ("fallen_wizard", "Sauron", "meccg.resources.fallen_wizard_forbidden"),  # card text
    ],
)
def test_forbidden_resources_by_either_data_name(decks, sample, card, rule_id):
    old = {"balrog": "Sturmeskrone", "fallen_wizard": "Glücklichere Welt"}[sample]
    deck = decks.replace(decks.sample(sample), old, card, "resources")
    assert errors(deck) == {rule_id}
    assert card in _problem(deck, rule_id).message


def test_balrog_hazard_is_never_a_forbidden_resource(decks):
    # Morgul-Messer (TW-64) is a hazard; the book's list of Balrog resources means Morgul-blade.
    deck = decks.replace(decks.sample("balrog"), "Im Stich gelassen", "TW-64", "hazards")
    assert errors(deck) == set()
    deck = decks.replace(decks.sample("balrog"), "Sturmeskrone", "LE-205", "resources")
    assert errors(deck) == {"meccg.resources.balrog_forbidden"}


@pytest.mark.parametrize("sample", ["hero", "minion", "fallen_wizard", "balrog"])
@pytest.mark.parametrize("agent", ["Mein Schatz", "Lobelia Sackheim-Beutlin"])
def test_my_precious_and_lobelia_are_hazards_in_every_deck(decks, sample, agent):
    deck = decks.replace(decks.sample(sample), "Im Stich gelassen", agent, "hazards")
    assert errors(deck) == set()
    deck = decks.add(decks.sample(sample), agent, "sideboard")
    assert errors(deck) == set()


def test_my_precious_as_minion_character_is_refused(decks):
    deck = decks.add(decks.sample("minion"), "Mein Schatz", "pool")
    assert "meccg.agents.forbidden_characters" in errors(deck)


def test_hero_may_use_minion_items_but_not_balrog_specific_ones(decks):
    deck = decks.replace(decks.sample("hero"), "Drughu", "Senkblei der Orks", "resources")
    assert errors(deck) == set()
    deck = decks.replace(decks.sample("hero"), "Drughu", "Neunschwänzige Katze", "resources", 1)
    assert errors(deck) == {"meccg.resources.alignment"}


def test_minion_may_use_hero_items_but_not_other_hero_resources(decks):
    deck = decks.replace(decks.sample("minion"), "Pfeilregen", "Zwergenaxt", "resources")
    assert errors(deck) == set()
    deck = decks.replace(decks.sample("minion"), "Pfeilregen", "Schwertmeister", "resources")
    assert errors(deck) == {"meccg.resources.alignment"}


def test_twilight_may_be_a_resource(decks):
    deck = decks.replace(decks.sample("hero"), "Drughu", "Zwielicht", "resources")
    assert errors(deck) == set()


def test_german_promo_cards_are_allowed(decks):
    # Unofficial Errata List: the 9 German promos may be used (Belegnonn is not in the card data).
    deck = decks.sample("hero")
    decks.replace(deck, "Drughu", "Horn der Herausforderung", "resources")
    decks.replace(deck, "Drughu", "Ringil", "resources")
    decks.replace(deck, "Drughu", "Zwergenaxt", "resources")
    decks.replace(deck, "Langgrund-Blatt", "Schwertmeister", "resources")
    decks.replace(deck, "Im Stich gelassen", "Baugúr", "hazards")
    decks.replace(deck, "Im Stich gelassen", "Freca", "hazards")
    decks.replace(deck, "Im Stich gelassen", "Wolf", "hazards")
    decks.replace(deck, "Frühe Ernte", "Das Pack vor der Tür", "hazards")
    assert errors(deck) == set(), [p.message for p in check(deck).problems]


@pytest.mark.parametrize(
    "sample,opponent,refused",
    [
        ("minion", "Hero", True),
        ("hero", "Minion", True),
        ("hero", "Balrog", True),
        ("balrog", "Hero", True),
        ("minion", "Balrog", False),  # Balrog is a minion alignment: same kind of location deck
        ("balrog", "Minion", False),
        ("hero", "Fallen-wizard", False),  # a Fallen wizard's location deck mixes both kinds
        ("minion", "Fallen-wizard", False),
        ("fallen_wizard", "Hero", False),
        ("fallen_wizard", "Minion", False),
        ("hero", "Hero", False),
    ],
)
def test_chance_of_being_lost_against_other_location_decks(decks, sample, opponent, refused):
    deck = decks.replace(decks.sample(sample, opponent), "Im Stich gelassen", "Der Weg ist schwer zu finden", "hazards")
    assert errors(deck) == ({"meccg.hazards.vs_other_sites"} if refused else set())


def test_reprints_share_the_three_copies(decks):
    deck = decks.sample("hero")
    decks.replace(deck, "Aasfresser", "TD-30", "hazards", 2)  # Hobgoblins (TD), name with a stray space
    decks.add(deck, "LE-77", "sideboard", 2)  # Hobgoblins (LE)
    assert errors(deck) == {"meccg.copies.max3"}
    assert "Hobgoblins" in _problem(deck, "meccg.copies.max3").message


def test_fallen_wizard_starting_stage_cards_with_the_pool(decks):
    # Spielvorbereitung: 1–3 permanent Stage cards "wie Charakterkarten", not all unique,
    # exactly 3 stage points. They may be listed with the starting characters.
    deck = decks.sample("fallen_wizard")
    _many(decks, deck, ["Großer Beschützer", "Große List"], "pool")  # 2 + 1 points
    assert errors(deck) == set()
    deck = decks.add(decks.sample("fallen_wizard"), "Der neue Herr der Ringe", "pool")  # 3 points, non-unique
    assert errors(deck) == set()
    deck = decks.add(decks.sample("fallen_wizard"), "Feste der Türme", "pool")  # 3 points, but unique
    assert errors(deck) == {"meccg.pool.fallen_wizard_stage"}
    deck = _many(decks, decks.sample("fallen_wizard"), ["Großer Beschützer", "Große List", "Macht der Stimme"], "pool")
    assert errors(deck) == {"meccg.pool.fallen_wizard_stage"}  # 4 points
    assert "Macht der Stimme" in _problem(deck, "meccg.pool.fallen_wizard_stage").message


def test_stage_cards_in_the_pool_only_for_fallen_wizards(decks):
    deck = decks.add(decks.sample("minion"), "Der neue Herr der Ringe", "pool")
    assert errors(deck) == {"meccg.parts.card_type"}


def test_every_rule_section_is_a_heading_of_the_book():
    from django.conf import settings

    from rules.parsing.meccg import parse

    book = parse((settings.BRUCHTAL_CONTENT_DIR / "seeds" / "003_3078cde44e2d18ee.txt").read_text(encoding="utf-8"))
    parents = {}
    for top in book.sections:
        for section, _depth in top.walk():
            for child in section.children:
                parents[id(child)] = section
    found = {}
    for top in book.sections:
        for section, _depth in top.walk():
            ancestors, node = set(), section
            while id(node) in parents:
                node = parents[id(node)]
                ancestors.add(node.heading)
            found.setdefault(section.heading, set()).update(ancestors)
    for rule in RULES:
        heading, within = rule.section
        assert heading in found, rule.id
        assert within is None or within in found[heading], rule.id
