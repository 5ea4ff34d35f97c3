"""The MECCG board (templates/matches/meccg/board.html) rendered from engine views: company-versus-company
pairings in words for both players (seeds/003 "Kämpfe zwischen Gemeinschaften", "Zuweisung der Hiebe")."""

import copy

from django.template.loader import render_to_string
from django.utils import translation

from .test_combat import add_card, dice
from .test_company_combat import at_rivendell


def board(game, seat, view=None, language="de"):
    view = view or game.engine.view(game.state, seat)
    context = {
        "view": view,
        "names": {0: "Frodo", 1: "Sam"},
        "legal": game.engine.legal_actions(game.state, seat),
    }
    with translation.override(language):
        return render_to_string("matches/meccg/board.html", context)


def test_both_players_read_who_fights_whom_the_excess_strikes_and_the_strike_being_resolved(game, catalogue):
    """ "Zuerst weist der Verteidiger seinen ungetappten Charakteren Hiebe (also gegnerische Charaktere) zu";
    "Gibt es mehr angreifende als verteidigende Charaktere verteilt der Angreifer die überschüssigen Hiebe als
    -1 Modifikationen"; "Die Reihenfolge … bestimmt der Verteidiger (Hieb für Hieb)"."""
    (_aragorn, bilbo), minion = at_rivendell(game)
    gorbag, lagduf = minion["chars"]
    gollum = add_card(game, catalogue, "TW-246", 0, bilbo)  # an ally counts as a character: 3 strikes
    game.do(0, type="attack_company", company=minion["id"])
    for seat in (0, 1):
        assert "kämpft gegen" not in board(game, seat)  # nobody paired yet
    game.do(1, type="assign_strike", pairs=[[gorbag, gollum], [lagduf, bilbo]])
    game.do(1, type="resolve_strike", character=gorbag)
    assert game.state["attack"]["stage"] == "strike_attacker"
    for seat in (0, 1):
        html = board(game, seat)
        assert "Paarungen (Verteidiger gegen Angreifer):" in html
        assert "Gorbag kämpft gegen Gollum (dieser Hieb wird gerade abgewickelt)" in html
        assert "Lagduf kämpft gegen Bilbo</li>" in html
        assert "Der Angreifer hat noch 1 überzähligen Hieb" in html  # Aragorn is left over
    html = board(game, 0, language="en")
    assert "Pairings (defender against attacker):" in html and "Gorbag fights Gollum (this strike is being" in html
    assert "The attacker has 1 excess strike left" in html
    # After the −1 is spent and the strike rolled, the pairing says so and the excess line is gone.
    game.do(0, type="attacker_strike", excess=1)
    dice(game, (3, 3), (6, 6), (1, 1))  # Gorbag 6+6−1 = 11 < Gollum 2+12: wounded, body check 2 (stays)
    game.do(1, type="resolve_strike")
    html = board(game, 1)
    assert "Gorbag kämpft gegen Gollum (abgewickelt)" in html
    assert "überzählige" not in html
    # Names are escaped: a card name with markup arrives as text.
    view = copy.deepcopy(game.engine.view(game.state, 0))
    view["cards"][game.state["inst"][gorbag]["code"]]["name_de"] = "Gorbag <b>&</b>"
    html = board(game, 0, view)
    assert "Gorbag &lt;b&gt;&amp;&lt;/b&gt; kämpft gegen Gollum" in html and "<b>&</b>" not in html
