"""Site-wide request middleware: language choice, request guards, Permissions-Policy."""

import json
import re

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _


class ChosenLanguageMiddleware:
    """Like LocaleMiddleware, but ignores the browser's Accept-Language.

    A German-language site should not switch to English because a browser happens to be set
    up in English; only the explicit choice (the ``set_language`` cookie) does.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.available = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        language = _chosen_language(request, self.available)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Cookie",))
        return response


def _chosen_language(request, available) -> str:
    language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return language if language in available else settings.LANGUAGE_CODE


def _has_refused_character(text: str) -> bool:
    """NUL (PostgreSQL text cannot hold it) or a lone surrogate (not encodable as UTF-8)."""
    if "\x00" in text:
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _refused_in_json(value) -> bool:
    if isinstance(value, str):
        return _has_refused_character(value)
    if isinstance(value, dict):
        return any(_refused_in_json(k) or _refused_in_json(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_refused_in_json(v) for v in value)
    return False


# JSON nested deeper than this is refused (400) before any parser recurses into it.
MAX_JSON_DEPTH = 32

# A JSON string (with escapes) or one bracket: strings are skipped, so brackets inside them do not count.
_JSON_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth_exceeds(body: bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """True if the brackets in ``body`` nest deeper than ``limit`` (a linear scan, no recursion)."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    depth = 0
    for token in _JSON_TOKENS.finditer(body):
        char = token.group()
        if char in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        elif char in (b"]", b"}"):
            depth -= 1
    return False


class RequestGuardMiddleware:
    """Refuses, before any view or database sees them, requests that could only end in a 500:

    - bodies larger than DATA_UPLOAD_MAX_MEMORY_SIZE (413),
    - NUL bytes or lone surrogates in the path, the query, form fields or JSON strings (400),
    - JSON nested deeper than MAX_JSON_DEPTH (400), before any parser could exhaust the recursion limit.

    API paths get the API's JSON error object, pages a German error page.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.available = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        # Runs before the language middleware: answer in the visitor's chosen language ourselves.
        with translation.override(_chosen_language(request, self.available)):
            try:
                refusal = self._refusal(request)
            except TooManyFieldsSent:
                refusal = self._error(
                    request,
                    400,
                    "too_many_fields",
                    _("Die Anfrage hat zu viele Felder (höchstens %(limit)s).")
                    % {"limit": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS},
                    {"limit": settings.DATA_UPLOAD_MAX_NUMBER_FIELDS},
                )
            except RequestDataTooBig:
                refusal = self._too_large(request, None)
        if refusal is not None:
            return refusal
        return self.get_response(request)

    def _refusal(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length > limit:
            return self._too_large(request, length)
        where = self._refused_character_at(request)
        if where is _TOO_DEEP:
            return self._error(
                request,
                400,
                "json_too_deep",
                _("Die JSON-Daten sind zu tief verschachtelt (höchstens %(limit)d Ebenen).")
                % {"limit": MAX_JSON_DEPTH},
                {"limit": MAX_JSON_DEPTH},
            )
        if where is not None:
            return self._error(
                request,
                400,
                "invalid_character",
                _(
                    "Die Anfrage enthält ein Zeichen, das nicht gespeichert werden kann "
                    "(ein Null-Byte oder ein ungültiges Unicode-Zeichen) in: %(where)s."
                )
                % {"where": where},
                {"field": where},
            )
        return None

    def _too_large(self, request, length):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return self._error(
            request,
            413,
            "request_too_large",
            _("Die Anfrage ist zu groß (erlaubt sind höchstens %(limit)s Bytes).") % {"limit": limit},
            {"limit": limit, "size": length},
        )

    def _refused_character_at(self, request) -> str | None:
        if _has_refused_character(request.path):
            return _("Adresse")
        for name, values in request.GET.lists():
            if _has_refused_character(name) or any(_has_refused_character(v) for v in values):
                return name if not _has_refused_character(name) else _("Parametername")
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return None
        content_type = request.META.get("CONTENT_TYPE", "")
        if content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
            for name, values in request.POST.lists():
                if _has_refused_character(name) or any(_has_refused_character(v) for v in values):
                    return name if not _has_refused_character(name) else _("Feldname")
        elif "json" in content_type and request.body:
            if json_depth_exceeds(request.body):
                return _TOO_DEEP
            try:
                data = json.loads(request.body)
            except (ValueError, RecursionError):
                return None  # not JSON: the API's parser answers that with its own 400
            if _refused_in_json(data):
                return _("JSON-Daten")
        return None

    def _error(self, request, status, code, message, details):
        if request.path.startswith("/api/"):
            return JsonResponse({"error": {"code": code, "message": str(message), "details": details}}, status=status)
        template = "413.html" if status == 413 else "core/request_error.html"  # the site's own 413 page
        return render(request, template, {"message": message}, status=status)


_TOO_DEEP = object()


class PermissionsPolicyMiddleware:
    """Sends settings.PERMISSIONS_POLICY (browser features the site never uses are off)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if settings.PERMISSIONS_POLICY:
            response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response
