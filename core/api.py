"""Token endpoints: obtain (throttled on failures), revoke one's own, log out everywhere."""

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import ApiError

from . import services, throttles


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, label=_("Benutzername"))
    password = serializers.CharField(max_length=4096, label=_("Passwort"), trim_whitespace=False)


TokenSerializer = inline_serializer(
    "Token", {"token": serializers.CharField(), "expires_at": serializers.DateTimeField()}
)


def throttled(wait: float) -> ApiError:
    seconds = max(1, int(wait + 0.999))
    error = ApiError(
        "throttled",
        _("Zu viele fehlgeschlagene Anmeldungen. Bitte warte %(seconds)s Sekunden.") % {"seconds": seconds},
        {"retry_after": seconds},
        status_code=status.HTTP_429_TOO_MANY_REQUESTS,
    )
    error.wait = seconds  # DRF's handler turns this into Retry-After
    return error


class TokenView(APIView):
    """POST: a new token for username and password. DELETE: revoke the token this request uses."""

    permission_classes = [AllowAny]
    throttle_classes = []  # failed attempts are throttled below, per account and per address

    @extend_schema(request=TokenRequestSerializer, responses={200: TokenSerializer}, auth=[])
    def post(self, request):
        serializer = TokenRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        username = serializer.validated_data["username"]
        wait, counters = throttles.check_login(request, username)
        if wait is not None:
            raise throttled(wait)
        user = authenticate(request, username=username, password=serializer.validated_data["password"])
        if user is None:
            throttles.record_failure(counters)
            raise ApiError("invalid_credentials", _("Benutzername oder Passwort ist falsch."))
        throttles.release(counters)
        key, token = services.issue_token(user)
        return Response({"token": key, "expires_at": token.expires_at})

    @extend_schema(request=None, responses={204: None})
    def delete(self, request):
        if not request.user.is_authenticated:
            raise ApiError("not_authenticated", _("Bitte melde dich an."), status_code=401)
        if request.auth is None or not hasattr(request.auth, "digest"):
            raise ApiError("no_token", _("Diese Anfrage nutzt kein Token; es gibt keins zu widerrufen."))
        services.revoke_token(request.auth)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutEverywhereView(APIView):
    """Revoke every token and end every session of the signed-in user."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={
            200: inline_serializer(
                "LoggedOutEverywhere", {"tokens": serializers.IntegerField(), "sessions": serializers.IntegerField()}
            )
        },
    )
    def post(self, request):
        return Response(services.log_out_everywhere(request.user))
