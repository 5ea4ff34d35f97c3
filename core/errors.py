"""Error pages: German pages in the site's layout; under /api/ the API's JSON error object instead.

Wired in config/urls.py (handler400 … handler500) and settings.CSRF_FAILURE_VIEW. A request
body over DATA_UPLOAD_MAX_MEMORY_SIZE (or too many fields) reaches handler400 as
RequestDataTooBig/TooManyFieldsSent and is answered as 413 "request too large".
"""

import logging
import sys

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"
_TOO_LARGE = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)
# The database unreachable (refused, gone, timed out): 503, try again after so many seconds.
DATABASE_RETRY_AFTER = 30


def _messages() -> dict:
    return {
        400: ("bad_request", _("Die Anfrage ist fehlerhaft und konnte nicht bearbeitet werden.")),
        403: ("permission_denied", _("Dazu fehlt dir die Berechtigung.")),
        404: ("not_found", _("Nicht gefunden.")),
        413: ("request_too_large", _("Die Anfrage ist zu groß. Bitte schicke weniger oder kürzere Daten.")),
        500: ("server_error", _("Auf dem Server ist ein Fehler aufgetreten. Bitte versuche es später noch einmal.")),
    }


def is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def error_response(request, status: int, template: str | None = None, context: dict | None = None):
    code, message = _messages()[status]
    if is_api(request):
        return JsonResponse({"error": {"code": code, "message": message, "details": {}}}, status=status)
    try:
        body = render_to_string(template or f"{status}.html", {"message": message, **(context or {})}, request)
    except Exception:  # the page itself failed (e.g. the database is down): still answer in German
        logger.exception("error page %s could not be rendered", status)
        body = f'<!doctype html><html lang="de"><meta charset="utf-8"><title>{status}</title><h1>{message}</h1>'
    return HttpResponse(body, status=status)


@requires_csrf_token
def bad_request(request, exception=None):
    if isinstance(exception, _TOO_LARGE):
        return error_response(request, 413)
    return error_response(request, 400)


@requires_csrf_token
def permission_denied(request, exception=None):
    return error_response(request, 403)


@requires_csrf_token
def page_not_found(request, exception=None):
    return error_response(request, 404)


@requires_csrf_token
def server_error(request):
    # Django calls this while handling the exception: a database that cannot be reached is no bug of ours
    # but an outage, and the client should come back (503 with Retry-After), not give up (500).
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return database_unavailable(request)
    return error_response(request, 500)


def database_unavailable(request):
    """503 with Retry-After and a German message, rendered without the database (no session, no user)."""
    message = _("Die Datenbank ist gerade nicht erreichbar. Bitte versuche es in %(seconds)d Sekunden noch einmal.") % {
        "seconds": DATABASE_RETRY_AFTER
    }
    if is_api(request):
        body = {"code": "database_unavailable", "message": message, "details": {"retry_after": DATABASE_RETRY_AFTER}}
        response = JsonResponse({"error": body}, status=503)
    else:
        response = HttpResponse(render_to_string("503.html", {"message": message}), status=503)
    response["Retry-After"] = str(DATABASE_RETRY_AFTER)
    return response


def csrf_failure(request, reason=""):
    """The form was sent without a valid CSRF token (often: the page was open too long or cookies are off)."""
    if is_api(request):
        message = _("Die Anfrage wurde abgelehnt: Das CSRF-Token fehlt oder ist ungültig.")
        return JsonResponse({"error": {"code": "csrf_failed", "message": message, "details": {}}}, status=403)
    return error_response(request, 403, "403_csrf.html")
