"""The Analysebrett page and the board/actions includes rendered from engine views."""

import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from matches.games.zwei_tuerme.engine import ENGINE
from tests.matches.engine.zt_positions import ARAGORN, EOMER

URL = "/partien/analyse/"

pytestmark = pytest.mark.django_db


def test_the_page_opens_with_the_starting_board_and_its_reachable_fields(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Analysebrett" in html
    assert html.count('class="zt-field zt-reachable') > 10
    assert "Orthanc" in html and "Barad-dûr" in html and "Amon Hen" in html
    assert "<script>" not in html and "style=" not in html and "onclick" not in html


def test_a_pasted_position_with_a_picked_field_shows_the_path_without_javascript(client):
    response = client.get(URL, {"position": ARAGORN, "from": "5,3", "strength": "9", "symbol": "any", "pick": "3,7"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Wirksame Stärke der Figur auf 5,3: 8." in html
    path_fields = re.findall(r'data-r="(\d+)" data-c="(\d+)"[^>]*>\s*<rect class="zt-field[^"]*zt-path', html)
    assert len(path_fields) == 4  # the figure's way to 3/7 (one of the shortest that takes three orcs)
    assert "4/4 → 3/5 → 3/6 → 3/7" in html


def test_the_eomer_example_on_the_page(client):
    html = client.get(URL, {"position": EOMER, "from": "6,3", "strength": "8", "symbol": "orthogonal"}).content.decode()
    assert "Wirksame Stärke der Figur auf 6,3: 6." in html


def test_a_broken_position_is_a_german_error_on_the_page(client):
    response = client.get(URL, {"position": "..1/..", "from": "1,3"})
    assert response.status_code == 400
    assert "Reihe 2 der Stellung hat 2 Felder" in response.content.decode()
    response = client.get(URL, {"position": "..1/...", "from": "2,2"})
    assert "steht keine Figur" in response.content.decode()
    response = client.get(URL, {"position": "..1/...", "symbol": "quer"})
    assert "Unbekanntes Symbol" in response.content.decode()


def render_match(view, seat_version=3):
    request = RequestFactory().get("/")
    context = {"view": view, "move_url": "/api/matches/1/moves/", "version": seat_version, "request": request}
    board = render_to_string("matches/zwei_tuerme/board.html", context)
    actions = render_to_string("matches/zwei_tuerme/actions.html", context, request=request)
    return board, actions


def play_state(players=3):
    state = ENGINE.setup(players, {}, 11)
    while state["phase"] == "place":
        seat = ENGINE.current_seats(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    return state


def test_the_board_include_draws_fields_figures_in_seat_colours_areas_and_the_ent_track():
    state = play_state()
    board, _ = render_match(ENGINE.view(state, 0))
    assert board.count('class="zt-cell"') == 8 * 18
    assert board.count('class="zt-figure"') == 3
    assert 'fill="#2e7d32"' in board and 'fill="#c62828"' in board and 'fill="#1565c0"' in board
    assert board.count('class="zt-orc"') == state["position"].count("o")
    assert board.count("zt-track") >= 16 and "zt-track-ent" in board
    assert "<title" in board and "<desc" in board and "Figur von Grün" in board
    assert "Im Analysebrett öffnen" in board and "position=" in board


def test_the_actions_include_shows_only_the_viewers_hand_on_their_turn():
    state = play_state()
    seat = ENGINE.current_seats(state)[0]
    _, mine = render_match(ENGINE.view(state, seat))
    for card in state["hands"][seat]:
        assert f'value="{card}"' in mine
    assert 'name="version" value="3"' in mine and 'action="/api/matches/1/moves/"' in mine
    other = (seat + 1) % 3
    _, theirs = render_match(ENGINE.view(state, other))
    assert "nicht am Zug" in theirs
    for card in state["hands"][seat]:
        assert card not in theirs
    _, spectator = render_match(ENGINE.view(state, None))
    assert 'name="card"' not in spectator


def test_the_actions_include_offers_placement_during_setup():
    state = ENGINE.setup(2, {}, 1)
    _, html = render_match(ENGINE.view(state, 0))
    assert 'name="type" value="place"' in html and "Amon Hen" in html
