"""API token authentication: expiring, bound to the password, stored as a digest."""

import functools
import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from . import raw_rows
from .models import ApiToken


def new_key() -> str:
    return secrets.token_urlsafe(32)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class ExpiringTokenAuthentication(TokenAuthentication):
    """`Authorization: Token <key>`; refuses expired tokens and tokens issued before a password change."""

    model = ApiToken

    def authenticate_credentials(self, key):
        token = token_with_user(digest(key))
        if token is None:
            raise exceptions.AuthenticationFailed(_("Das Token ist ungültig oder wurde widerrufen."))
        user = token.user
        if token.expires_at <= timezone.now():
            raise exceptions.AuthenticationFailed(_("Das Token ist abgelaufen. Bitte hole ein neues."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("Dieses Konto ist deaktiviert."))
        if not secrets.compare_digest(token.auth_hash, user.get_session_auth_hash()):
            # The password changed since the token was issued.
            raise exceptions.AuthenticationFailed(_("Das Token ist ungültig oder wurde widerrufen."))
        return user, token


def token_with_user(key_digest: str) -> ApiToken | None:
    """The token of this digest with its user, in one statement written once per process: it runs on
    every API request with a token, where compiling the ORM query cost more than running it."""
    token_fields, user_fields = _fields()
    with raw_rows.run(_token_sql(), [key_digest]) as cursor:
        row = cursor.fetchone()
    if row is None:
        return None
    (token, user), _rest = raw_rows.instances(row, (ApiToken, token_fields), (get_user_model(), user_fields))
    token._state.fields_cache["user"] = user
    return token


@functools.cache
def _fields():
    return raw_rows.fields_of(ApiToken), raw_rows.fields_of(get_user_model())


@functools.cache
def _token_sql() -> str:
    token_fields, user_fields = _fields()
    user = get_user_model()._meta
    return (
        f"SELECT {raw_rows.columns(token_fields, 't')}, {raw_rows.columns(user_fields, 'u')} "  # noqa: S608 (identifiers from the models' meta, values as parameters)
        f'FROM "{ApiToken._meta.db_table}" t JOIN "{user.db_table}" u ON u."{user.pk.column}" = t."user_id" '
        f'WHERE t."digest" = %s'
    )
