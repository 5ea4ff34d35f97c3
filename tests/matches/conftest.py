import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def users(db):
    User = get_user_model()
    return [
        User.objects.create_user(name, f"{name}@auenland.example", "x") for name in ("frodo", "sam", "merry", "pippin")
    ]


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def dice_match(users):
    """A running dice-table match (Sauron-Erweiterung, three players) created through the services."""
    from matches import services

    match = services.create_match(
        users[0], engine="wuerfeltisch", options={"game": "sauron"}, players=3, invite=["sam", "merry"]
    )
    for user in users[1:3]:
        services.accept_invitation(match, user)
    services.start(match, users[0])
    match.refresh_from_db()
    return match


def start_zwei_tuerme(users):
    """A running Zwei Türme match of the first two users, created, accepted and started through the services."""
    from matches import services

    match = services.create_match(users[0], engine="zwei-tuerme", players=2, invite=[users[1].username])
    services.accept_invitation(match, users[1])
    services.start(match, users[0])
    match.refresh_from_db()
    return match
