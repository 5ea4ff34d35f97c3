"""One JSON error shape for the whole API: {"error": {"code", "message", "details"}}."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import DataError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class ApiError(exceptions.APIException):
    """A domain error with a machine code and a German message (HTTP 400 by default)."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(self, code: str, message: str, details=None, status_code: int | None = None):
        super().__init__(detail=message, code=code)
        self.error_code = code
        self.message = message
        self.details = details or {}
        if status_code:
            self.status_code = status_code


def _permission_message(exc: exceptions.PermissionDenied) -> str:
    """The view's own reason (e.g. "only the owner may …") if it gave one, else the generic German text."""
    detail = str(exc.detail)
    if detail.startswith("CSRF Failed"):
        # DRF's session authentication words this in English; say it in German.
        return _("Die Anfrage wurde abgelehnt: Das CSRF-Token fehlt oder ist ungültig.")
    if detail == str(exceptions.PermissionDenied.default_detail):
        return _("Dazu fehlt dir die Berechtigung.")
    return detail


def _message_for(exc) -> tuple[str, str]:
    if isinstance(exc, exceptions.ValidationError):
        return "invalid", _("Die Eingabe ist ungültig. Details stehen bei den einzelnen Feldern.")
    if isinstance(exc, exceptions.NotAuthenticated):
        return "not_authenticated", _("Bitte melde dich an.")
    if isinstance(exc, exceptions.AuthenticationFailed):
        detail = str(exc.detail)
        if detail == str(exceptions.AuthenticationFailed.default_detail) or detail.startswith("Invalid token"):
            return "authentication_failed", _("Die Anmeldung ist fehlgeschlagen.")
        return "authentication_failed", detail  # our own German reason (expired, revoked …)
    if isinstance(exc, exceptions.PermissionDenied):
        return "permission_denied", _permission_message(exc)
    if isinstance(exc, exceptions.NotFound):
        return "not_found", _("Nicht gefunden.")
    if isinstance(exc, exceptions.MethodNotAllowed):
        return "method_not_allowed", _("Diese Methode ist hier nicht erlaubt.")
    if isinstance(exc, exceptions.ParseError):
        return "parse_error", _("Die Anfrage konnte nicht gelesen werden (kein gültiges JSON).")
    if isinstance(exc, exceptions.Throttled):
        if exc.wait:
            return "throttled", _("Zu viele Anfragen. Bitte warte %(seconds)s Sekunden.") % {
                "seconds": max(1, int(exc.wait + 0.999))
            }
        return "throttled", _("Zu viele Anfragen. Bitte warte kurz.")
    return "error", str(getattr(exc, "detail", exc))


def exception_handler(exc, context):
    # Django's own 404/403 reach us unconverted; give them the DRF codes.
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DataError | OverflowError):
        # A value the database cannot hold (huge number, bad encoding): the client's input, not our crash.
        exc = ApiError("invalid_value", _("Ein Wert in der Anfrage liegt außerhalb des gültigen Bereichs."))
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ApiError):
        body = {"code": exc.error_code, "message": exc.message, "details": exc.details}
    else:
        code, message = _message_for(exc)
        details = response.data if isinstance(exc, exceptions.ValidationError) else {}
        body = {"code": code, "message": message, "details": details}
    return Response({"error": body}, status=response.status_code, headers=response.headers)
