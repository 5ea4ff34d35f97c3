"""The events API is paginated (count, next); posts and names refuse invisible control characters (issue 33)."""

import pytest

from matches import services
from matches.models import Match, Post

from .conftest import api

pytestmark = pytest.mark.django_db


def add_events(match, n):
    match = Match.objects.get(pk=match.pk)  # a fresh instance: it counts the event numbers itself
    for i in range(n):
        services.framework_event(match, "Ereignis %(i)s", i=i)


def test_events_come_in_pages_with_a_count_and_next(dice_match):
    add_events(dice_match, 250)
    total = dice_match.events.count()
    assert total > 250
    client = api()
    first = client.get(f"/api/matches/{dice_match.pk}/events/").json()
    assert first["count"] == total and len(first["results"]) == 100 and first["previous"] is None
    assert set(first["results"][0]) >= {"sequence", "text", "private", "created_at", "move"}  # the fields as before
    seen, url = [], f"/api/matches/{dice_match.pk}/events/"
    while url:
        page = client.get(url).json()
        assert page["count"] == total
        seen += [e["sequence"] for e in page["results"]]
        url = page["next"]
    assert seen == list(range(1, total + 1))  # every event once, in order, past the old cut at 500

    # since: count and next say what is left after it, and next keeps it
    page = client.get(f"/api/matches/{dice_match.pk}/events/?since=200&page_size=30").json()
    assert page["count"] == total - 200 and [e["sequence"] for e in page["results"]] == list(range(201, 231))
    assert "since=200" in page["next"] and "page=2" in page["next"]
    last = client.get(f"/api/matches/{dice_match.pk}/events/?since={total}").json()
    assert last == {"count": 0, "next": None, "previous": None, "results": []}
    big = client.get(f"/api/matches/{dice_match.pk}/events/?page_size=5000").json()
    assert len(big["results"]) == min(total, 1000)


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("page=0", "invalid_page"),
        ("page=x", "invalid_page"),
        ("page_size=0", "invalid_page_size"),
        ("since=-1", "invalid_since"),
    ],
)
def test_a_bad_page_parameter_is_a_german_400(dice_match, query, code):
    response = api().get(f"/api/matches/{dice_match.pk}/events/?{query}")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code and response.json()["error"]["message"]


def test_a_page_past_the_end_is_a_404_saying_how_many_there_are(dice_match):
    response = api().get(f"/api/matches/{dice_match.pk}/events/?page=99")
    assert response.status_code == 404 and response.json()["error"]["code"] == "page_not_found"


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069", "\x07", "\x1b", "\x01", "\x7f", "\x85"])
def test_a_post_with_a_control_or_bidi_character_is_refused_in_german(dice_match, users, char):
    player = users[0]
    response = api(player).post(f"/api/matches/{dice_match.pk}/posts/", {"text": f"Gut{char}gespielt"}, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "post_invalid_character"
    assert error["details"]["field"] == "text" and error["details"]["position"] == 4
    assert f"U+{ord(char):04X}" in error["message"] and "entferne" in error["message"]
    assert not Post.objects.filter(match=dice_match).exists()


def test_line_breaks_and_tabs_in_a_post_stay_allowed(dice_match, users):
    response = api(users[0]).post(
        f"/api/matches/{dice_match.pk}/posts/", {"text": "Zeile 1\r\nZeile\t2 – שלום"}, format="json"
    )
    assert response.status_code == 201


def test_the_post_form_on_the_page_refuses_it_too(dice_match, users, client):
    client.force_login(users[0])
    response = client.post(f"/partien/{dice_match.pk}/beitrag/", {"text": "abc\u202edef"}, follow=True)
    assert "U+202E" in response.content.decode()
    assert not Post.objects.filter(match=dice_match).exists()


def test_a_user_name_with_a_bidi_override_is_refused_at_sign_up(client):
    response = client.post(
        "/konto/registrieren/",
        {
            "username": "eve\u202eadmin",
            "email": "eve@example.org",
            "password1": "kJ8!x-Lauf",
            "password2": "kJ8!x-Lauf",
        },
    )
    assert response.status_code == 200  # the form again
    assert "U+202E" in response.content.decode()
