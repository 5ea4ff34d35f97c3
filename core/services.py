"""Writes for accounts: sign-up, API tokens, log-out everywhere."""

from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from . import outbox, tokens
from .models import ApiToken


@transaction.atomic
def register_user(form):
    user = form.save()
    # Recorded with the user row; handed to the broker after commit (and by the sweep if it was away).
    outbox.enqueue("welcome_mail", {"user_id": user.pk})
    return user


@transaction.atomic
def issue_token(user) -> tuple[str, ApiToken]:
    """A new token for the user; returns the key (shown once) and the stored row."""
    key = tokens.new_key()
    token = ApiToken.objects.create(
        digest=tokens.digest(key),
        user=user,
        auth_hash=user.get_session_auth_hash(),
        expires_at=timezone.now() + timedelta(hours=settings.API_TOKEN_TTL_HOURS),
    )
    # Expired tokens are useless; drop them while we are here.
    ApiToken.objects.filter(user=user, expires_at__lte=timezone.now()).delete()
    return key, token


def revoke_token(token: ApiToken) -> None:
    ApiToken.objects.filter(pk=token.pk).delete()


def revoke_tokens(user) -> int:
    deleted, _by_model = ApiToken.objects.filter(user=user).delete()
    return deleted


@transaction.atomic
def log_out_everywhere(user) -> dict:
    """Revoke every API token and end every session of the user (all browsers, all devices)."""
    tokens_revoked = revoke_tokens(user)
    # Sessions are signed blobs keyed by session key; the user id is only inside. Log-out everywhere
    # is rare, so decoding the live sessions is acceptable (no per-user index in Django's table).
    user_id = str(user.pk)
    doomed = [
        session.pk
        for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator(chunk_size=500)
        if session.get_decoded().get("_auth_user_id") == user_id
    ]
    Session.objects.filter(pk__in=doomed).delete()
    return {"tokens": tokens_revoked, "sessions": len(doomed)}
