"""Every piece of an engine log line is translated for the reader (issue 19, common brief: "everything a user
reads German, through gettext"): modifiers of a strike, detainment, outcomes, influence parts, stats with
item bonuses, phase and zone names, a request's text. Rendered the way the match page renders them
(``matches.texts.render``) in English."""

from django.utils import translation

from matches import texts
from matches.engine.base import Text, gettext_noop
from matches.games.meccg.engine import state as st
from matches.games.meccg.engine.log_text import part

from .test_combat import add_card, dice, to_bag_end

GERMAN = ("Unterstützung", "überzählige", "getappt", "verwundet", "Verhör", "Kartentext", "Hieb ", "Geisteskraft")


def english(events):
    with translation.override("en"):
        return [texts.render(e.public.to_json(), {0: "Anna", 1: "Ben"}) for e in events if e.public]


def test_a_text_as_parameter_is_rendered_in_the_readers_language():
    data = Text(
        gettext_noop(
            "Hieb gegen %(card)s: Kampfgeschick %(prowess)s + Wurf %(a)s+%(b)s (%(mods)s) = %(total)s gegen "
            "%(attack)s: %(outcome)s."
        ),
        {
            "card": "Aragorn II",
            "prowess": 6,
            "a": 3,
            "b": 4,
            "mods": [part(gettext_noop("Unterstützung +%(n)s"), n=2), part(gettext_noop("getappt −1"))],
            "total": 14,
            "attack": 9,
            "outcome": part(gettext_noop("Hieb abgewehrt")),
        },
    ).to_json()
    with translation.override("en"):
        line = texts.render(data, {})
    assert "support +2, tapped −1" in line, line
    assert not any(word in line for word in GERMAN), line
    with translation.override("de"):
        assert "(Unterstützung +2, getappt −1)" in texts.render(data, {})


def test_a_strike_with_support_excess_and_detainment_reads_in_english(game, catalogue):
    company = to_bag_end(game)
    aragorn, bilbo = company["chars"]
    add_card(game, catalogue, "TW-254", 0, aragorn)  # Hauberk of Bright Mail: +2 body
    game.state["inst"][bilbo]["tapped"] = True
    events = []
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Orks", "race": "Orcs", "strikes": 3, "prowess": 7, "body": None, "detainment": True},
        events,
    )
    game.events.extend(events)
    game.do(0, type="assign_strike", character=aragorn)  # the attacker's strike on Bilbo is forced
    dice(game, (1, 1))
    game.do(0, type="resolve_strike", character=bilbo)
    game.do(1, type="attacker_strike", excess=0)  # the excess strike is kept for Aragorn's strike
    dice(game, (1, 1))
    game.do(0, type="resolve_strike", character=aragorn)  # the last strike: the −1 goes on it
    lines = english(game.events)
    attack = next(line for line in lines if line.startswith("Attack on"))
    assert "(detainment)" in attack, attack
    strikes = [line for line in lines if "Aragorn II: prowess" in line or "Bilbo: prowess" in line]
    assert len(strikes) == 2, lines
    assert any("tapped −1" in line for line in strikes), strikes
    assert any("excess strikes −1" in line for line in strikes), strikes
    for line in strikes:
        assert not any(word in line for word in GERMAN), line


def test_an_item_bonus_and_a_phase_name_read_in_english(game, catalogue):
    company = to_bag_end(game)
    aragorn, _ = company["chars"]
    add_card(game, catalogue, "TW-345", 0, aragorn)  # The Mithril-coat: "+3 to body (to a maximum of 10)", 9 → 10
    game.engine._start_attack(
        game.state,
        game.companies(0)[0],
        {"name": "Orks", "race": "Orcs", "strikes": 1, "prowess": 12, "body": None, "detainment": False},
        [],
    )
    game.do(0, type="assign_strike", character=aragorn)
    dice(game, (1, 1), (5, 5))  # strike lost (8 < 12); body check 10 is not above 9 + 1: wounded, not eliminated
    game.do(0, type="resolve_strike", character=aragorn)
    assert st.company_of(game.state, aragorn) and game.state["inst"][aragorn]["wounded"]
    lines = english(game.events)
    body = next(line for line in lines if line.startswith("Body check for Aragorn"))
    # Card names stay German (the log's convention); the words around them are the reader's.
    coat = catalogue["TW-345"]["name_de"]
    assert f"against body 9 + {coat} 1 = 10: wounded" in body, body
    phases = [line for line in lines if "phase" in line.casefold()]
    assert phases, lines
    assert not any(word in line for line in phases for word in ("Organisationsphase", "Bewegungs-", "Ortsphase")), (
        phases
    )
