"""API token authentication: expiring, bound to the password, stored as a digest."""

import hashlib
import secrets

from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from .models import ApiToken


def new_key() -> str:
    return secrets.token_urlsafe(32)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class ExpiringTokenAuthentication(TokenAuthentication):
    """`Authorization: Token <key>`; refuses expired tokens and tokens issued before a password change."""

    model = ApiToken

    def authenticate_credentials(self, key):
        token = ApiToken.objects.select_related("user").filter(digest=digest(key)).first()
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
