"""Every deck-construction rule links to an existing section of the MECCG rulebook."""

import pytest

from decks.formats.meccg.rules import RULES
from rules.selectors import find_section

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.id)
def test_rule_section_exists_in_the_book(rulebooks, rule):
    section = find_section("meccg", rule.heading, within=rule.within)
    assert section is not None, f"{rule.id}: no section {rule.heading!r} within {rule.within!r}"
    ancestors, node = [], section.parent
    while node is not None:
        ancestors.append(node.heading)
        node = node.parent
    if rule.within:
        assert rule.within in ancestors


def test_check_api_links_each_problem_to_a_live_section(rulebooks, meccg_cards, client):
    text = "# Anfangscharaktere\n4 Aragorn II\n# Unterstützung\n1 Glamdring\n"
    response = client.post("/api/decks/check/", {"text": text, "alignment": "Hero"}, content_type="application/json")
    assert response.status_code == 200, response.content
    problems = response.json()["problems"]
    assert problems
    for problem in problems:
        assert problem["section_url"], problem
        assert client.get(problem["section_url"]).status_code == 200
