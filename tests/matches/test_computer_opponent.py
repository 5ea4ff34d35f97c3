"""Computer seats (issue 21): created through the API and the page, they answer through the move pipeline."""

import copy
import random

import pytest

from matches import selectors, services
from matches.engine import registry, rng
from matches.models import Match, MatchStatus, Move, MoveStatus, Seat

from .conftest import api
from .workers import wait_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Each request's on-commit hooks (the eager tasks) run at its end, as in the embedded default."""

    def run(call):
        with django_capture_on_commit_callbacks(execute=True):
            return call()

    return run


def create(commits, user, **body):
    return commits(lambda: api(user).post("/api/matches/", {"engine": "zwei-tuerme", **body}, format="json"))


def play_randomly(commits, user, match_id, chooser, limit=600):
    """The human plays random legal moves until the end; returns how often it moved."""
    client = api(user)
    for moves in range(limit):
        detail = client.get(f"/api/matches/{match_id}/").json()
        if detail["status"] != "running":
            return moves
        legal = client.get(f"/api/matches/{match_id}/legal/").json()
        # the computer never holds up the match: whenever the human looks, it is the human's turn
        assert legal["actions"], detail
        action = chooser.choice(legal["actions"])
        response = commits(
            lambda action=action, legal=legal: client.post(
                f"/api/matches/{match_id}/moves/", {"action": action, "version": legal["version"]}, format="json"
            )
        )
        assert response.status_code == 202, response.json()
        assert client.get(f"/api/matches/{match_id}/moves/{response.json()['id']}/").json()["status"] == "applied"
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("level", ["leicht", "mittel"])
def test_a_user_plays_a_computer_seat_to_the_end_through_the_api(users, commits, level):
    frodo = users[0]
    response = create(commits, frodo, players=2, bots=1, bot_level=level)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "running"  # the other seat is a computer: it starts at once
    computer = next(s for s in body["seats"] if s["user"] is None)
    assert computer["name"] == f"Baumbart ({level})" and computer["bot_level"] == level
    moves = play_randomly(commits, frodo, body["id"], random.Random(21))
    match = Match.objects.get(pk=body["id"])
    assert match.status == MatchStatus.FINISHED and match.result is not None
    bot_seat = Seat.objects.get(match=match, user=None)
    assert bot_seat.bot_level == level and bot_seat.user_id is None
    bot_moves = list(Move.objects.filter(seat=bot_seat).order_by("id"))
    human_moves = Move.objects.filter(match=match).exclude(seat=bot_seat)
    assert human_moves.count() == moves
    # every computer turn went through the pipeline: pending -> applied, one move per version, keyed
    assert bot_moves and all(m.status == MoveStatus.APPLIED and not m.automatic for m in bot_moves)
    assert [m.idempotency_key for m in bot_moves] == [f"computer-{m.version}" for m in bot_moves]
    assert abs(len(bot_moves) - moves) <= 2
    # determinism: replaying the log from the seed gives the final state, computer moves included
    assert selectors.rebuild_state(match) == match.state
    # the names in the log
    assert "Baumbart" in str(api(frodo).get(f"/api/matches/{match.pk}/events/").json())


def test_computer_seat_numbers_and_levels_are_checked(users, commits):
    frodo = users[0]
    cases = [
        ({"players": 2, "bots": 2}, "bots_out_of_range"),
        ({"players": 3, "bots": -1}, "bots_out_of_range"),
        ({"players": 2, "bots": 1, "bot_level": "unbesiegbar"}, "bot_level_invalid"),
        ({"players": 3, "bots": 2, "invite": ["sam"]}, "bots_too_many"),
        ({"engine": "wuerfeltisch", "options": {"game": "sauron"}, "players": 3, "bots": 1}, "bots_unsupported"),
    ]
    for body, code in cases:
        response = create(commits, frodo, **body)
        assert response.status_code == 400, body
        error = response.json()["error"]
        assert error["code"] == code and error["details"]["field"] in ("bots", "bot_level")
        assert error["message"]  # German, says what is wrong
    assert Match.objects.count() == 0  # nothing half-written


def test_mixed_table_of_four_waits_for_humans_and_computers_answer(users, commits):
    frodo, sam, merry, _pippin = users
    response = create(commits, frodo, players=4, bots=2, bot_level="leicht", invite=["sam"])
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "open"  # a human seat is still free
    assert [s["name"] for s in body["seats"]] == ["frodo", "sam", "Baumbart (leicht)", "Flinkbaum (leicht)"]
    match_id = body["id"]
    assert commits(lambda: api(merry).post(f"/api/matches/{match_id}/join/")).status_code == 400  # full
    assert commits(lambda: api(frodo).post(f"/api/matches/{match_id}/start/")).status_code == 400  # sam: not yet
    assert commits(lambda: api(sam).post(f"/api/matches/{match_id}/accept/")).status_code == 200
    assert commits(lambda: api(frodo).post(f"/api/matches/{match_id}/start/")).status_code == 200
    humans = {"frodo": frodo, "sam": sam}
    chooser = random.Random(4)
    for _ in range(40):
        match = Match.objects.get(pk=match_id)
        if match.status != MatchStatus.RUNNING:
            break
        seats = {s.order: s for s in Seat.objects.filter(match=match)}
        current = seats[selectors.current_seats(match)[0]]
        assert current.user is not None  # computers have answered before a human looks
        user = humans[current.user.username]
        legal = api(user).get(f"/api/matches/{match_id}/legal/").json()
        commits(
            lambda user=user, legal=legal: api(user).post(
                f"/api/matches/{match_id}/moves/",
                {"action": chooser.choice(legal["actions"]), "version": legal["version"]},
                format="json",
            )
        )
    match = Match.objects.get(pk=match_id)
    computer_moves = Move.objects.filter(match=match, seat__user=None)
    assert computer_moves.count() >= 10 and set(computer_moves.values_list("status", flat=True)) == {"applied"}
    assert selectors.rebuild_state(match) == match.state


def test_two_player_computer_moves_both_figures(users, commits):
    response = create(commits, users[0], players=2, bots=1, bot_level="mittel")
    match = Match.objects.get(pk=response.json()["id"])
    chooser = random.Random(3)
    for _ in range(30):
        match = Match.objects.get(pk=match.pk)
        if match.status != MatchStatus.RUNNING:
            break
        legal = api(users[0]).get(f"/api/matches/{match.pk}/legal/").json()
        commits(
            lambda legal=legal, match_id=match.pk: api(users[0]).post(
                f"/api/matches/{match_id}/moves/",
                {"action": chooser.choice(legal["actions"]), "version": legal["version"]},
                format="json",
            )
        )
    figures = {
        m.action.get("figure") for m in Move.objects.filter(match=match, seat__user=None) if "figure" in m.action
    }
    placed = [m for m in Move.objects.filter(match=match, seat__user=None) if m.action["type"] == "place"]
    assert len(placed) == 2 and figures == {0, 1}


def test_the_lobby_form_creates_a_match_against_the_computer(client, users, commits):
    client.force_login(users[0])
    page = client.get("/partien/").content.decode()
    assert 'name="bots"' in page and 'name="bot_level"' in page and "stark" in page
    response = commits(
        lambda: client.post(
            "/partien/neu/",
            {
                "engine": "zwei-tuerme",
                "players": "2",
                "turn_days": "3",
                "deadline_policy": "default_action",
                "is_public": "on",
                "bots": "1",
                "bot_level": "stark",
            },
        )
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    match = Match.objects.get()
    assert match.status == MatchStatus.RUNNING
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Baumbart (stark)" in page
    # the computer placed its figure if it was first; now it is the human's turn
    assert selectors.current_seats(match) == [Seat.objects.get(match=match, user=users[0]).order]
    bad = client.post(
        "/partien/neu/",
        {"engine": "zwei-tuerme", "players": "2", "turn_days": "3", "deadline_policy": "default_action", "bots": "2"},
    )
    assert bad.status_code == 400 and "Computer" in bad.content.decode()


def test_a_computer_turn_task_is_idempotent_and_ignores_stale_versions(users, commits):
    from matches import bots

    response = create(commits, users[0], players=2, bots=1)
    match = Match.objects.get(pk=response.json()["id"])
    before = Move.objects.filter(match=match).count()
    assert bots.play_computer_turn(match.pk, match.version + 5) == "stale"
    commits(lambda: bots.play_computer_turn(match.pk, match.version))  # human's turn: nothing to do
    assert Move.objects.filter(match=match).count() == before


def test_zugvorschlag_only_for_ones_own_seat_and_from_its_view(client, users, commits):
    from matches.engine import registry

    frodo, sam = users[:2]
    match = Match.objects.get(pk=create(commits, frodo, players=2, bots=1, bot_level="leicht").json()["id"])
    own = Seat.objects.get(match=match, user=frodo)
    engine = registry.get("zwei-tuerme")
    chooser = random.Random(8)
    while match.state["phase"] == "place" or match.state["turns"] < 3:  # into the play phase
        legal = engine.legal_actions(match.state, own.order)
        commits(lambda legal=legal, m=match: services.submit_move(m, frodo, chooser.choice(legal), m.version))
        match.refresh_from_db()
    client.force_login(frodo)
    detail = client.get(match.get_absolute_url()).content.decode()
    assert f"partie={match.pk}" in detail  # the board's link to the analysis board carries the match
    url = f"/partien/analyse/?partie={match.pk}"
    offer = client.get(url).content.decode()
    assert "Den Computer (stark) fragen" in offer
    page = client.get(url + "&vorschlag=1")
    assert page.status_code == 200
    body = page.content.decode()
    tip = page.context["suggestion"]
    assert tip["action"] in engine.legal_actions(match.state, own.order)
    assert tip["action"]["card"] in match.state["hands"][own.order]
    assert "Zugvorschlag" in body and "Vorausschau" in body
    assert " → ".join(f"{r}/{c}" for r, c in tip["path"]) in body  # the path, also drawn on the board
    bot = Seat.objects.get(match=match, user=None)
    for card in match.state["hands"][bot.order] + match.state["hero_pile"]:
        assert f'"{card}"' not in body and f"{card}" not in body.split("Zugvorschlag", 1)[1].split("</section>")[0]
    # another user, and nobody logged in: no suggestion for a seat that is not theirs
    client.force_login(sam)
    refused = client.get(url + "&vorschlag=1")
    assert refused.status_code == 403 and "eigenen Platz" in refused.content.decode()
    assert "suggestion" not in refused.context
    client.logout()
    assert client.get(url + "&vorschlag=1").status_code == 403
    for bad in ("abc", "9" * 30, "-1"):
        assert client.get(f"/partien/analyse/?partie={bad}&vorschlag=1").status_code == 403


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_computer_answers_through_a_real_worker(users, celery_session_worker):
    frodo = users[0]
    client = api(frodo)
    created = client.post(
        "/api/matches/", {"engine": "zwei-tuerme", "players": 2, "bots": 1, "bot_level": "leicht"}, format="json"
    )
    assert created.status_code == 201 and created.json()["status"] == "running"
    match_id = created.json()["id"]
    mine = next(s["order"] for s in created.json()["seats"] if s["user"] == "frodo")
    chooser = random.Random(17)

    def my_turn_or_over():
        detail = client.get(f"/api/matches/{match_id}/").json()
        return detail if detail["status"] != "running" or mine in detail["current_seats"] else None

    for _ in range(400):
        detail = wait_until(my_turn_or_over, timeout=60)  # the computer's turn comes back by itself
        if detail["status"] != "running":
            break
        legal = client.get(f"/api/matches/{match_id}/legal/").json()
        response = client.post(
            f"/api/matches/{match_id}/moves/",
            {"action": chooser.choice(legal["actions"]), "version": legal["version"]},
            format="json",
        )
        assert response.status_code == 202
        url = f"/api/matches/{match_id}/moves/{response.json()['id']}/"
        assert wait_until(lambda url=url: (s := client.get(url).json()["status"]) != "pending" and s, 60) == "applied"
    match = Match.objects.get(pk=match_id)
    assert match.status == MatchStatus.FINISHED
    computer = Move.objects.filter(match=match, seat__user=None)
    assert computer.count() > 5 and set(computer.values_list("status", flat=True)) == {"applied"}
    assert selectors.rebuild_state(match) == match.state


def test_when_the_last_person_resigns_the_computers_do_not_play_on(users, commits):
    response = create(commits, users[0], players=3, bots=2, bot_level="leicht")
    match = Match.objects.get(pk=response.json()["id"])
    assert match.status == MatchStatus.RUNNING
    moves = Move.objects.filter(match=match).count()
    answer = commits(lambda: api(users[0]).post(f"/api/matches/{match.pk}/resign/"))
    assert answer.status_code == 200 and answer.json()["status"] == "finished"
    assert Move.objects.filter(match=match).count() == moves  # no game among computers afterwards


def test_a_user_plays_a_computer_seat_to_the_end_through_the_pages(client, users, commits):
    import json

    frodo = users[0]
    client.force_login(frodo)
    form = {"engine": "zwei-tuerme", "players": "2", "turn_days": "3", "deadline_policy": "default_action"}
    response = commits(lambda: client.post("/partien/neu/", {**form, "bots": "1", "bot_level": "leicht"}))
    assert response.status_code == 302
    match = Match.objects.get()
    chooser = random.Random(30)
    for _ in range(600):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        page = client.get(match.get_absolute_url())
        assert page.status_code == 200
        legal = api(frodo).get(f"/api/matches/{match.pk}/legal/").json()
        assert legal["actions"]  # the computer has answered: the person is on turn again
        action = json.dumps(chooser.choice(legal["actions"]))
        moved = commits(
            lambda action=action, version=legal["version"]: client.post(
                f"/partien/{match.pk}/zug/", {"action": action, "version": str(version)}
            )
        )
        assert moved.status_code == 302
    assert match.status == MatchStatus.FINISHED
    assert "Baumbart (leicht)" in client.get(match.get_absolute_url()).content.decode()
    assert selectors.rebuild_state(match) == match.state
    assert not Move.objects.filter(match=match).exclude(status=MoveStatus.APPLIED).exists()


@pytest.fixture
def spy_player(monkeypatch):
    """The Zwei Türme computer player behind a spy: every argument it is handed is recorded, then it plays."""
    from matches import plugins

    config = plugins.game("zwei-tuerme")
    real = config.bot()
    handed = []

    def spy(view, level, seed):
        handed.append(copy.deepcopy(view))
        return real(view, level, seed)

    monkeypatch.setattr(config, "bot", lambda: spy)
    return handed


def _hidden_parts_changed(state, seat):
    """The state with what ``seat`` may not see changed: the others' hands, the piles' order, the generator."""
    changed = copy.deepcopy(state)
    pile = changed["hero_pile"]
    for other in range(changed["players"]):
        if other != seat:  # another card in each other hand, of the same count
            hand = changed["hands"][other]
            hand[0], pile[0] = pile[0], hand[0]
    changed["hero_pile"] = list(reversed(pile))
    changed["orc_pile"] = list(reversed(changed["orc_pile"]))
    changed["rng"] = rng.new(99)
    assert changed["rng"] != state["rng"] and changed["hands"] != state["hands"]
    return changed


def engine_of(state):
    return registry.get(state["game"])


def test_the_computer_player_is_handed_its_seats_view_only(users, commits, spy_player):
    from matches import bots

    match = Match.objects.get(pk=create(commits, users[0], players=2, bots=1, bot_level="leicht").json()["id"])
    bot = Seat.objects.get(match=match, user=None)
    engine = engine_of(match.state)
    spy_player.clear()
    bots.decide(match, bot)
    assert spy_player == [engine.view(match.state, bot.order)]
    seen = spy_player.pop()
    assert "hands" not in seen and "rng" not in seen and seen["viewer"] == bot.order
    # what the seat may not see changes: the player is handed exactly the same
    match.state = _hidden_parts_changed(match.state, bot.order)
    assert engine.view(match.state, bot.order) == seen
    bots.decide(match, bot)
    assert spy_player == [seen]


def test_a_computer_turn_through_the_pipeline_hands_the_player_its_view(users, commits, spy_player):
    match = Match.objects.get(pk=create(commits, users[0], players=2, bots=1, bot_level="leicht").json()["id"])
    bot = Seat.objects.get(match=match, user=None)
    human = Seat.objects.get(match=match, user=users[0])
    engine = engine_of(match.state)
    spy_player.clear()
    legal = engine.legal_actions(match.state, human.order)
    commits(lambda: services.submit_move(match, users[0], legal[0], match.version))
    assert spy_player, "the computer did not answer"
    for view in spy_player:
        assert view["viewer"] == bot.order and "hands" not in view and "hero_pile" not in view
    assert Move.objects.filter(seat=bot, status=MoveStatus.APPLIED).exists()
