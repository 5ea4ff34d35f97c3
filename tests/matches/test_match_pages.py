"""Issue 20, the match pages: hidden scores, one identity per seat, takeback, ratings, rematch, mail, badge."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from matches import rematch, selectors, services, takeback
from matches.engine import registry
from matches.errors import MatchError
from matches.mail import send_daily_digests
from matches.models import (
    MailFrequency,
    Match,
    MatchStatus,
    Move,
    MoveStatus,
    Notice,
    PlayerSettings,
    Rating,
    RatingChange,
    Seat,
)

from .conftest import api

ENGINE = registry.get("zwei-tuerme")


def zt_match(users, players=2, seed=1):
    names = [u.username for u in users[1:players]]
    match = services.create_match(users[0], engine="zwei-tuerme", players=players, invite=names)
    Match.objects.filter(pk=match.pk).update(seed=seed)
    for user in users[1:players]:
        services.accept_invitation(match, user)
    services.start(Match.objects.get(pk=match.pk), users[0])
    return Match.objects.get(pk=match.pk)


def user_at(match, order):
    return Seat.objects.get(match=match, order=order).user


def play(match, moves=1000, until=None):
    """Default actions through the services (eager resolution), until the end or ``until(match)``."""
    for _ in range(moves):
        match = Match.objects.get(pk=match.pk)
        current = selectors.current_seats(match)
        if not current or (until and until(match)):
            return match
        user = user_at(match, current[0])
        move, _created = services.submit_move(
            match, user, ENGINE.default_action(match.state, current[0]), match.version
        )
        services.resolve_move(move.pk)
    return Match.objects.get(pk=match.pk)


def has_tiles(match):
    return sum(len(c) for c in match.state["captured"]) >= 2 and all(match.state["captured"])


def private_texts_of(match, order):
    """What only ``order`` may read: its private event texts (the values of its beaten orcs)."""
    rows = selectors.events_for(match, Seat.objects.get(match=match, order=order))
    return [row["private"] for row in rows if row["private"]]


# --- the score as the rules allow -----------------------------------------------------------------------


def test_a_seat_sees_its_own_tiles_and_score_the_others_only_counts():
    state = ENGINE.setup(3, {}, 5)
    state["captured"] = [[0, 1], [2], []]
    for viewer in (0, 1, 2, None):
        view = ENGINE.view(state, viewer)
        for seat in view["seats"]:
            if seat["seat"] == viewer:
                assert seat["hidden"] is False
                assert seat["score"] == sum(ENGINE.data.tiles[t].value for t in state["captured"][viewer])
                assert len(seat["captured"]) == len(state["captured"][viewer])
            else:
                assert seat["hidden"] is True and seat["score"] is None and seat["captured"] is None
            assert seat["tiles"] == len(state["captured"][seat["seat"]])
    state["phase"] = "over"
    state["result"] = {"winners": [0], "reason": "ent", "scores": ENGINE.scores(state)}
    for viewer in (1, None):
        view = ENGINE.view(state, viewer)
        assert [s["score"] for s in view["seats"]] == ENGINE.scores(state)
        assert view["result"]["scores"] == ENGINE.scores(state)


def test_the_reveal_shows_everyone_the_values_and_only_the_taker_what_they_bring():
    # Step 4: „Am Ende seines Zuges deckt der Spieler die in dem Zug geschlagenen Orks auf ... Die Spieler
    # decken ihre Orks nacheinander auf. Es beginnt der Spieler, der am Zug ist.“ – then face down again.
    from matches.games.zwei_tuerme.engine.notation import parse

    state = ENGINE.setup(2, {}, 3)
    events = ENGINE._reveal(state, parse(state["position"]), 1, {0: [7], 1: [4, 5]})
    reveals = [e for e in events if e.data.get("kind") == "reveal"]
    assert [e.data["seat"] for e in reveals] == [1, 0]  # the player on turn first
    values = [ENGINE.data.tiles[t].value for t in (4, 5)]
    public = reveals[0].public.render(names={1: "sam"})
    assert public == f"sam (Rot) deckt 2 Orks auf (Werte: {values[0]}, {values[1]}) und nimmt sie verdeckt zu sich."
    assert reveals[0].data["values"] == values
    one = reveals[1].public.render(names={0: "frodo"})
    assert one == f"frodo (Grün) deckt 1 Ork auf (Wert: {ENGINE.data.tiles[7].value}) und nimmt ihn verdeckt zu sich."
    assert set(reveals[0].private) == {1}
    assert f"{sum(values)} Heldenpunkt" in reveals[0].private[1].render()
    # the running total is nobody else's business: the views still show the tile count only
    view = ENGINE.view(state, 0)
    assert view["seats"][1]["score"] is None and view["seats"][1]["tiles"] == 2


@pytest.mark.django_db
def test_no_running_total_of_another_seat_leaves_the_server_before_the_end(client, users):
    """The values of each reveal are public (step 4 of the book), what they bring a seat is not."""
    match = play(zt_match(users, players=3, seed=3), until=has_tiles)
    assert match.status == MatchStatus.RUNNING and has_tiles(match)
    state = match.state
    readers = [(user_at(match, o), o) for o in range(3)] + [(users[3], None), (None, None)]
    for user, order in readers:
        client.logout()
        if user:
            client.force_login(user)
        view = client.get(f"/api/matches/{match.pk}/state/").json()["view"]
        for seat in view["seats"]:
            if seat["seat"] != order:
                assert seat["score"] is None and seat["captured"] is None, (order, seat)
        assert view["result"] is None
        own = set(private_texts_of(match, order)) if order is not None else set()
        foreign = [t for o in range(3) if o != order for t in private_texts_of(match, o) if t not in own]
        assert foreign, "the test needs beaten orcs of another seat"
        bodies = [
            client.get(match.get_absolute_url()).content.decode(),
            client.get(f"/api/matches/{match.pk}/events/?page_size=1000").content.decode(),
            client.get(reverse("matches:replay", args=[match.pk]) + f"?schritt={match.version}").content.decode(),
        ]
        for body in bodies:
            assert not [t for t in foreign if t in body], (order, foreign)
            assert "bringen dir" not in body or order is not None
            assert " auf (Wert" in body  # the reveals themselves are in everyone's log
        events = client.get(f"/api/matches/{match.pk}/events/?page_size=1000").json()["results"]
        assert all("data" not in e for e in events)
        page = bodies[0]
        for other in range(3):
            if other == order:
                continue
            total = sum(ENGINE.data.tiles[t].value for t in state["captured"][other])
            row = re.search(rf'data-score-seat="{other + 1}".*?</tr>', page, re.S).group(0)
            assert "verdeckt" in row and f"<strong>{total}</strong>" not in row
        if order is not None:
            mine = sum(ENGINE.data.tiles[t].value for t in state["captured"][order])
            row = re.search(rf'data-score-seat="{order + 1}".*?</tr>', page, re.S).group(0)
            assert f"<strong>{mine}</strong>" in row


# --- one identity per seat -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_one_colour_word_per_seat_in_table_board_log_and_api(client, users):
    match = play(zt_match(users, players=2), moves=3)
    client.force_login(users[0])
    page = client.get(match.get_absolute_url()).content.decode()
    detail = client.get(f"/api/matches/{match.pk}/").json()
    view = client.get(f"/api/matches/{match.pk}/state/").json()["view"]
    for seat in Seat.objects.filter(match=match).select_related("user"):
        colour = ("Grün", "Rot")[seat.order]
        assert seat.colour == colour
        api_seat = next(s for s in detail["seats"] if s["order"] == seat.order)
        assert api_seat["colour"] == view["seats"][seat.order]["color_name"] == colour
        table = re.search(rf'data-seat="{seat.order + 1}".*?</li>', page, re.S).group(0)
        assert seat.user.username in table and colour in table
        assert f"Figur {seat.order + 1}: {colour} ({seat.user.username})" in page  # the board's legend
        assert f"{seat.user.username} ({colour}) stellt eine Figur" in page  # the log


# --- last move, my hand, time, badge ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_page_shows_my_hand_while_waiting_the_last_move_and_the_time_left(client, users):
    match = play(zt_match(users), until=lambda m: m.state["phase"] == "play" and m.state["last_move"])
    waiting = user_at(match, 1 - match.state["turn"])
    client.force_login(waiting)
    page = client.get(match.get_absolute_url()).content.decode()
    order = 1 - match.state["turn"]
    assert "Du bist gerade nicht am Zug." in page
    for card in match.state["hands"][order]:
        assert ENGINE.data.heroes[card].name in page
    assert "zt-last-path" in page and "zt-new-orc" in page
    assert "Seit deinem letzten Zug" not in page  # I just moved
    client.force_login(user_at(match, match.state["turn"]))
    mover_page = client.get(match.get_absolute_url()).content.decode()
    since = re.search(r'id="seit".*?</section>', mover_page, re.S).group(0)
    assert "spielt" in since and "Orkkarte" in since
    assert re.search(r"Orkkarte: \d+ Orks? (strömt|strömen) von (Isengart|Mordor)", page)
    assert "Noch 2 Tage und 23 Stunden" in page or "Noch 3 Tage" in page
    assert "macht der Server für dich den Standardzug" in page


@pytest.mark.django_db
def test_header_badge_counts_matches_where_it_is_my_turn(client, users):
    first, second, waiting, resigned = (zt_match(users) for _ in range(4))
    mover = user_at(first, first.state["turn"])
    order = first.state["turn"]
    # the same seed: the same seat starts everywhere; then the mover moves in one match and leaves another
    waiting = play(waiting, until=lambda m: order not in ENGINE.current_seats(m.state))
    services.resign(resigned, mover)
    mine = [m for m in (first, second, waiting, resigned) if order in ENGINE.current_seats(m.state)]
    assert [m.pk for m in mine] == [first.pk, second.pk, resigned.pk]
    # the resigned match's state still has the mover on turn: only its status leaves it out
    assert Match.objects.get(pk=resigned.pk).status == MatchStatus.FINISHED
    client.force_login(mover)
    page = client.get("/").content.decode()
    assert "Am Zug (2)" in page
    listing = client.get(reverse("matches:my_turn")).content.decode()
    assert f"#{first.pk}" in listing and f"#{second.pk}" in listing and "noch" in listing
    assert f"#{waiting.pk}" not in listing and f"#{resigned.pk}" not in listing
    client.force_login(user_at(first, 1 - order))  # the other player: on turn only where the mover waits
    assert "Am Zug (1)" in client.get("/").content.decode()


@pytest.mark.django_db
def test_opening_the_match_marks_its_notices_read(client, users):
    match = zt_match(users)
    mover = user_at(match, match.state["turn"])
    assert Notice.objects.filter(user=mover, match=match, read_at=None).exists()
    client.force_login(mover)
    client.get(match.get_absolute_url())
    assert not Notice.objects.filter(user=mover, match=match, read_at=None).exists()


# --- confirmations, errors beside the form ----------------------------------------------------------------


@pytest.mark.django_db
def test_resign_asks_first_without_javascript(client, users):
    match = zt_match(users)
    client.force_login(users[1])
    url = reverse("matches:resign", args=[match.pk])
    page = client.get(url)
    assert page.status_code == 200 and "Wirklich aufgeben?" in page.content.decode()
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING
    client.post(url)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.FINISHED


@pytest.mark.django_db
def test_an_illegal_move_comes_back_beside_the_form_with_the_path_kept(client, users):
    match = play(zt_match(users), until=lambda m: m.state["phase"] == "play")
    order = match.state["turn"]
    client.force_login(user_at(match, order))
    card = match.state["hands"][order][0]
    response = client.post(
        reverse("matches:move", args=[match.pk]),
        {"version": match.version, "card": card, "figure": "0", "type": "move", "path": "1,1 1,2"},
    )
    assert response.status_code == 302 and response["Location"].endswith("#zug")
    services.resolve_move(Move.objects.latest("id").pk)  # the worker's part (on commit, outside this test)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'value="1,1 1,2"' in page
    error = re.search(r'id="zt-move-error"[^>]*>(.*?)</p>', page, re.S)
    assert error and "nicht ausgeführt" in error.group(1)
    # the tab order card, board, button; then the typed way with its error beside it
    assert page.index('name="card"') < page.index('class="zt-board"') < page.index("Zug abschicken")
    assert page.index("Zug abschicken") < page.index('id="zt-path"') < page.index('id="zt-move-error"')


# --- takeback -----------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_takeback_accepted_restores_the_state_exactly_and_declined_keeps_it(users):
    match = play(zt_match(users), until=lambda m: m.state["phase"] == "play" and m.state["turns"] >= 1)
    order = match.state["turn"]
    mover, other = user_at(match, order), user_at(match, 1 - order)
    before_state, before_version = match.state, match.version
    move, _ = services.submit_move(match, mover, ENGINE.default_action(match.state, order), match.version)
    services.resolve_move(move.pk)
    match.refresh_from_db()
    with pytest.raises(MatchError) as exc:
        takeback.request_takeback(match, other)
    assert exc.value.code == "takeback_not_yours"
    takeback.request_takeback(match, mover)
    takeback.answer_takeback(match, other, accept=True)
    match.refresh_from_db()
    assert match.state == before_state and match.version == before_version + 2
    assert Move.objects.get(pk=move.pk).status == MoveStatus.TAKEN_BACK
    assert match.state["turn"] == order
    # again, and this time the answer is no
    move, _ = services.submit_move(match, mover, ENGINE.default_action(match.state, order), match.version)
    services.resolve_move(move.pk)
    match.refresh_from_db()
    after = match.state
    takeback.request_takeback(match, mover)
    takeback.answer_takeback(match, other, accept=False)
    match.refresh_from_db()
    assert match.state == after and Move.objects.get(pk=move.pk).status == MoveStatus.APPLIED
    # once the next player has moved it is too late
    nxt = play(match, moves=1)
    with pytest.raises(MatchError) as exc:
        takeback.request_takeback(nxt, mover)
    assert exc.value.code in ("takeback_too_late", "takeback_not_yours")


# --- end: ratings, leaderboard, rematch, result mail --------------------------------------------------------


@pytest.mark.django_db
def test_a_finished_rated_match_changes_ratings_shows_the_leaderboard_and_offers_a_rematch(
    client, users, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match = play(zt_match(users, seed=1))
    assert match.status == MatchStatus.FINISHED and match.result["winners"]
    winner = user_at(match, match.result["winners"][0])
    loser = next(s.user for s in match.seats.all() if s.user != winner)
    ratings = {r.user: r for r in Rating.objects.filter(engine="zwei-tuerme")}
    assert ratings[winner].rating > 1500 > ratings[loser].rating
    assert ratings[winner].games == ratings[loser].games == 1 and ratings[winner].wins == 1
    assert RatingChange.objects.filter(match=match).count() == 2
    from matches.ratings import update_for

    assert update_for(match) == []  # counted once
    board = client.get(reverse("matches:leaderboard_game", args=["zwei-tuerme"])).content.decode()
    assert board.index(winner.username) < board.index(loser.username)
    page = client.get(match.get_absolute_url()).content.decode()
    assert str(round(ratings[winner].rating)) in page
    # every seat sees every total at the end
    for seat in ENGINE.view(match.state, None)["seats"]:
        assert seat["score"] is not None
    result_mails = [m for m in mail.outbox if "Die Partie ist beendet" in m.subject]
    assert result_mails and "Ergebnis:" in result_mails[0].body and "Deine Wertung" in result_mails[0].body
    # rematch: a new match with the same players, the others invited; it starts once they accept;
    # asking twice makes no second one
    client.force_login(loser)
    response = client.post(reverse("matches:rematch", args=[match.pk]))
    new = Match.objects.get(rematch_of=match)
    assert response["Location"] == new.get_absolute_url()
    assert new.status == MatchStatus.OPEN and new.seats.filter(user=winner, invitation_pending=True).exists()
    services.accept_invitation(new, winner)
    new.refresh_from_db()
    assert new.status == MatchStatus.RUNNING and new.engine == match.engine
    assert {s.user_id for s in new.seats.all()} == {s.user_id for s in match.seats.all()}
    assert rematch.rematch(match, winner) == new


@pytest.mark.django_db
def test_an_unrated_match_changes_no_rating(users):
    match = zt_match(users, seed=1)
    Match.objects.filter(pk=match.pk).update(rated=False)
    play(match)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


# --- mail ------------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_turn_mail_tells_the_opponents_move_the_time_left_and_links_to_site_url(settings, users):
    settings.SITE_URL = "https://bruchtal.example"
    match = play(zt_match(users), until=lambda m: m.state["phase"] == "play" and m.state["turns"] >= 2)
    mail.outbox.clear()
    order = match.state["turn"]
    move, _ = services.submit_move(
        match, user_at(match, order), ENGINE.default_action(match.state, order), match.version
    )
    services.resolve_move(move.pk)
    notice = Notice.objects.filter(user=user_at(match, 1 - order), kind="turn").latest("id")
    from matches.notifications import send_notice_mail

    send_notice_mail(notice.pk)
    sent = mail.outbox[-1]
    assert sent.to == [user_at(match, 1 - order).email]
    assert "Du bist am Zug" in sent.subject and "Partie #" not in sent.subject and "noch" in sent.subject
    assert f"https://bruchtal.example/partien/{match.pk}/" in sent.body
    assert "Seit deinem letzten Zug:" in sent.body and "spielt" in sent.body
    assert "Zeit für den Zug: noch" in sent.body
    assert Notice.objects.get(pk=notice.pk).mailed_at is not None


@pytest.mark.django_db
def test_digest_readers_get_one_mail_a_day_grouped_per_match(users):
    prefs, _ = PlayerSettings.objects.get_or_create(user=users[1])
    prefs.mail_frequency = MailFrequency.DIGEST
    prefs.save()
    zt_match(users)
    zt_match(users)
    mail.outbox.clear()
    assert send_daily_digests() == 1
    digest = mail.outbox[-1]
    assert digest.to == [users[1].email] and "Tageszusammenfassung: 2 Partien" in digest.subject
    assert digest.body.count("/partien/") >= 2
    assert send_daily_digests() == 0  # not twice a day
    assert send_daily_digests(timezone.now() + timedelta(days=1)) == 0  # nothing new


@pytest.mark.django_db
def test_invitations_and_posts_addressed_to_me_are_notices(users):
    match = zt_match(users)
    assert Notice.objects.filter(user=users[1], match=match, kind="invited").exists()
    services.post(match, users[0], "Gut gespielt, @sam!")
    notice = Notice.objects.get(user=users[1], match=match, kind="post")
    assert "Gut gespielt" in notice.text["params"]["text"]
    assert not Notice.objects.filter(user=users[0], kind="post").exists()


# --- replay during the match ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_replay_during_the_match_marks_each_step(client, users):
    match = play(zt_match(users), moves=6)
    assert match.status == MatchStatus.RUNNING
    page = client.get(reverse("matches:replay", args=[match.pk]) + "?schritt=5").content.decode()
    assert "Zug 5 von 6" in page and "data-current-step" in page and "zt-last-path" in page
    state = client.get(f"/api/matches/{match.pk}/state/").json()
    assert state["status"] == "running"


def test_plural_texts_render_through_ngettext():
    from matches.engine.base import counted, ngettext_noop
    from matches.texts import render

    text = counted(ngettext_noop("%(count)s Ork", "%(count)s Orks"), count=1)
    assert render(text.to_json(), {}) == "1 Ork"
    assert render(counted(ngettext_noop("%(count)s Ork", "%(count)s Orks"), count=3).to_json(), {}) == "3 Orks"


@pytest.mark.django_db
def test_api_seat_colours_are_the_boards(users):
    match = zt_match(users)
    body = api(users[0]).get(f"/api/matches/{match.pk}/").json()
    assert {s["colour"] for s in body["seats"]} == {"Grün", "Rot"}


@pytest.mark.django_db
def test_takeback_and_rematch_through_the_api(users):
    match = play(zt_match(users), until=lambda m: m.state["phase"] == "play")
    order = match.state["turn"]
    mover, other = user_at(match, order), user_at(match, 1 - order)
    before = match.state
    body = {"action": ENGINE.default_action(match.state, order), "version": match.version}
    move = api(mover).post(f"/api/matches/{match.pk}/moves/", body, format="json").json()
    services.resolve_move(move["id"])
    response = api(other).post(f"/api/matches/{match.pk}/takeback/")
    assert response.status_code == 400 and response.json()["error"]["code"] == "takeback_not_yours"
    assert api(mover).post(f"/api/matches/{match.pk}/takeback/").status_code == 200
    bad = api(other).post(f"/api/matches/{match.pk}/takeback/answer/", {"accept": "vielleicht"}, format="json")
    assert bad.status_code == 400
    done = api(other).post(f"/api/matches/{match.pk}/takeback/answer/", {"accept": True}, format="json")
    assert done.status_code == 200
    assert Match.objects.get(pk=match.pk).state == before
    early = api(mover).post(f"/api/matches/{match.pk}/rematch/")
    assert early.status_code == 400 and early.json()["error"]["code"] == "match_not_finished"
    assert sorted(s["number"] for s in done.json()["seats"]) == [1, 2]


@pytest.mark.django_db
def test_a_takeback_request_lapses_when_the_next_player_moves_instead(client, users):
    match = play(zt_match(users), until=lambda m: m.state["phase"] == "play")
    order = match.state["turn"]
    mover, other = user_at(match, order), user_at(match, 1 - order)
    match = play(match, moves=1)  # the mover's move
    takeback.request_takeback(match, mover)
    client.force_login(other)
    assert "Rücknahme erlauben" in client.get(match.get_absolute_url()).content.decode()
    match = play(match, moves=1)  # the other plays on instead of answering
    with pytest.raises(MatchError) as exc:
        takeback.answer_takeback(match, other, accept=True)
    assert exc.value.code == "takeback_too_late"
    assert "Rücknahme erlauben" not in client.get(match.get_absolute_url()).content.decode()
    assert Move.objects.filter(match=match, status=MoveStatus.TAKEN_BACK).count() == 0


@pytest.mark.django_db
def test_the_match_page_in_english_uses_the_plural_forms(client, users, settings):
    match = play(zt_match(users), until=lambda m: m.state["phase"] == "play" and m.state["turns"] >= 2)
    client.force_login(users[0])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(match.get_absolute_url()).content.decode()
    assert re.search(r"Orc card: \d+ orcs? pours? in from (Isengard \(left\)|Mordor \(right\))", page)
    assert "Since your last move" in page or "Your turn" in page or "Your cards" in page
    assert "strömen" not in page
    assert "(Red)" in page and "Figure 1: Green" in page and "(Rot)" not in page


def test_durations_and_deadline_rules_in_words():
    from django.utils import translation

    from matches.texts import deadline_policy_text, duration

    with translation.override("de"):  # a page test before may leave another language active
        assert duration(86400) == "1 Tag"
        assert duration(2 * 86400 + 3600) == "2 Tage und 1 Stunde"
        assert duration(5 * 3600 + 120) == "5 Stunden"
        assert duration(60) == "1 Minute" and duration(0) == "0 Minuten"
        assert deadline_policy_text("resign", 1) == "Bedenkzeit 1 Tag pro Zug; wer sie verstreichen lässt, gibt auf."
        assert "3 Tage pro Zug" in deadline_policy_text("default_action", 3)
