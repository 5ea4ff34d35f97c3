"""Issue 19: a whole MECCG game through the API, Hero against Minion, from deck choice to the council.

Every move goes through ``POST /api/matches/<id>/moves/`` as the seat's own user and must be applied. The
script (``matches.games.meccg.scenario``) plays keyed creatures, an automatic attack, a detainment attack,
a strike against an ally, a body check saved by an item, an item passed, defeated creatures scored by the
defender and a corruption check with support, and ends in a council. What the harness does besides moves
is said in the scenario's docstring (stacked decks, dice fixed, the hero's deck marked exhausted).
"""

import pytest

from decks.services import create_deck
from matches.games.meccg.engine import ENGINE
from matches.games.meccg.scenario import HERO, HERO_DECK, MINION, MINION_DECK, Script, stacked_shuffle
from matches.models import Match, MatchStatus, Move, MoveStatus, Seat

from .conftest import api

pytestmark = pytest.mark.django_db(transaction=False)


class ApiDriver:
    def __init__(self, match, users, capture, monkeypatch):
        self.match = match
        self.users = users  # seat → user
        self.capture = capture
        self.queue = []
        self.applied = 0
        self.monkeypatch = monkeypatch
        original = ENGINE._roll2d6
        monkeypatch.setattr(ENGINE, "_roll2d6", lambda state: self.queue.pop(0) if self.queue else original(state))

    def stored(self):
        return Match.objects.get(pk=self.match.pk)

    def state(self):
        return self.stored().state

    def current(self, state):
        return ENGINE.current_seats(state)

    def default(self, seat):
        return ENGINE.default_action(self.state(), seat)

    def submit(self, seat, action):
        version = self.stored().version
        with self.capture(execute=True):
            response = api(self.users[seat]).post(
                f"/api/matches/{self.match.pk}/moves/", {"action": action, "version": version}, format="json"
            )
        assert response.status_code == 202, response.json()
        move = Move.objects.get(pk=response.json()["id"])
        assert move.status == MoveStatus.APPLIED, (action, move.error_code, move.error)
        self.applied += 1

    def choose_decks(self):
        for seat, (alignment, entries) in enumerate((("Hero", HERO_DECK), ("Minion", MINION_DECK))):
            deck = create_deck(
                self.users[seat], name=f"Issue 19 {alignment}", alignment=alignment, entries=[tuple(e) for e in entries]
            )
            with self.capture(execute=True):
                response = api(self.users[seat]).post(
                    f"/api/meccg/partien/{self.match.pk}/deck/",
                    {"deck": deck.pk, "version": self.stored().version},
                    format="json",
                )
            assert response.status_code == 202, response.json()
            move = Move.objects.get(pk=response.json()["id"])
            assert move.status == MoveStatus.APPLIED, (move.error_code, move.error)

    def _edit(self, change):
        match = self.stored()
        change(match.state)
        match.save(update_fields=["state"])

    def stack_decks(self, tops):
        self.monkeypatch.setattr(ENGINE, "_shuffle_deck", stacked_shuffle(ENGINE._shuffle_deck, tops))

    def dice(self, *pairs):
        self.queue.extend(pairs)

    def exhaust(self, seat):
        def change(state):
            state["players"][seat]["exhausted"] = max(2, state["players"][seat]["exhausted"])

        self._edit(change)


@pytest.fixture
def game(users, meccg_cards, django_capture_on_commit_callbacks, monkeypatch):
    frodo, sam = users[:2]
    response = api(frodo).post("/api/matches/", {"engine": "meccg", "players": 2, "invite": ["sam"]}, format="json")
    assert response.status_code == 201, response.json()
    match = Match.objects.get(pk=response.json()["id"])
    assert api(sam).post(f"/api/matches/{match.pk}/accept/").status_code == 200  # the invitee's consent
    with django_capture_on_commit_callbacks(execute=True):
        assert api(frodo).post(f"/api/matches/{match.pk}/start/").status_code == 200
    seats = {Seat.objects.get(match=match, user=u).order: u for u in (frodo, sam)}
    driver = ApiDriver(match, seats, django_capture_on_commit_callbacks, monkeypatch)
    return match, seats, driver


def events_text(user, match):
    texts, url = [], f"/api/matches/{match.pk}/events/?page_size=1000"
    while url:  # every page (the events are paginated: count, next)
        page = api(user).get(url).json()
        texts += [e["text"] for e in page["results"]]
        url = page["next"]
    return texts


def test_a_whole_game_hero_against_minion_through_the_api(game):
    match, users, driver = game
    # Seat 0 chooses the hero deck, seat 1 the minion deck (ApiDriver.choose_decks).
    script = Script(driver, {HERO: 0, MINION: 1})
    script.run()
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    state = match.state
    hero, minion = state["players"]
    log = " ".join(events_text(users[0], match))

    def code_of(iid):
        return state["inst"][iid]["code"]

    # Keyed creatures; the defeated ones went to the DEFENDER's marshalling point pile.
    assert sorted(code_of(i) for i in hero["mp"]) == ["TW-20", "TW-74"]  # Cave-drake, Orc-patrol
    assert minion["mp"] == []
    assert "Angriff auf" in log and "Höhlendrache" in log and "Ork-Patrouille" in log
    # The automatic attack of Goblin-gate (Orcs, 3 strikes, prowess 6).
    assert "Orcs (Orcs), 3 Hiebe, Kampfgeschick 6" in log
    # The detainment attack: the Barrow-wight keyed to Cirith Ungol only tapped Gorbag.
    assert "Grabunhold (Undead), 1 Hiebe, Kampfgeschick 12, Konstitution – (Verhör)." in log
    assert "Verhör, der Charakter wird nur getappt" in log
    gorbag = next(i for i in minion["play"] if code_of(i) == "LE-11")
    assert state["inst"][gorbag]["zone"] == "play"
    # A strike against an ally (Gollum), a body check saved at 9 (the Adamant Helmet's +1 stops at its maximum of
    # 9, so it adds nothing to Bilbo's 9), the Dagger passed.
    assert "Hieb gegen Gollum: Kampfgeschick 2 + Wurf 6+6" in log
    assert "Konstitutionswurf für Bilbo: 4+5, Modifikator 0 = 9 gegen Konstitution 9: verwundet" in log
    assert "Aragorn II gibt Dolch aus Westernis an Bilbo." in log
    # A corruption check with support (Bilbo's printed +4, Aragorn tapping +1).
    assert "Versuchungswurf für Bilbo: 1+1, Kartenmodifikator +4, Unterstützung +1" in log
    # The council and the final score, by the rulebook's "Punkte":
    #   hero: characters Aragorn 3 + Bilbo 2 + Balin 2 = 7, ally Gollum 2, creatures 1 + 1 = 2 (plain, a hero's);
    #         allies doubled (the minion has none) → 4; characters 7 are more than half of 13 → 6; total 12.
    #   minion: characters Gorbag 2 + Lagduf 1 = 3, nothing else: more than half of 3 → 0; total 0.
    final = state["final"]
    assert final["totals"] == [12, 0] and final["winner"] == 0
    assert final["players"][0]["categories"] == {
        "characters": 6,
        "special": 0,
        "items": 0,
        "allies": 4,
        "factions": 0,
        "creatures": 2,
    }
    assert "Endwertung: 12 zu 0 Punkten." in log
    # Pace: the busiest turn (two attacks, an item passed, an ally played, both players' "wait") in at most
    # 17 moves, the typical (median) turn in at most 8. Who begins depends on the match's seed.
    per_turn = script.submissions_per_turn()
    turns = [n for number, n in per_turn.items() if number >= 1]
    assert max(turns) <= 17 and sorted(turns)[(len(turns) - 1) // 2] <= 8, per_turn
    assert driver.applied == len(script.moves)
