"""Conditional requests and a response cache for the public read endpoints, per content version.

Cards and rules only change by import or by an editor; between two changes every anonymous GET
of the same URL gets the same answer. So:

- the ETag of such an answer is a hash of (content version, URL, language): a client that sends
  it back in If-None-Match gets 304 at once, without any database work;
- API answers (JSON, the same for every visitor) are kept in the cache under that key, so a
  repeated search costs a cache lookup, no database work;
- HTML pages get the ETag/304 only: they carry a per-visitor CSRF token, so they are not shared.

The content version is a random token kept in the cache itself (reading it costs no query); any
save or delete of a cards/rules model and every import replace it. With Redis (CACHE_URL) every
process sees a change at once. With the embedded local-memory cache each process has its own
token, which also expires after LOCAL_VERSION_TTL seconds, so another process of a multi-process
server serves a change at the latest that much later.
"""

import hashlib
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers

VERSION_KEY = "content-version"
LOCAL_VERSION_TTL = 60
CONTENT_APPS = {"cards", "rules"}
API_PREFIXES = ("/api/cards/", "/api/rules/")
PAGE_PREFIXES = ("/karten/", "/regeln/")
# Autocomplete is cheap and changes per keystroke: not worth a cache entry per prefix.
EXCLUDED = ("/api/cards/autocomplete/",)


def _version_ttl():
    shared = not settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")
    return None if shared else LOCAL_VERSION_TTL


def current_version() -> str:
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, _version_ttl())
        version = cache.get(VERSION_KEY) or "new"
    return version


def bump() -> None:
    """Content changed: every cached answer and ETag of the read endpoints is stale now."""
    cache.set(VERSION_KEY, uuid.uuid4().hex, _version_ttl())
    # Again after commit: a reader between the change and the commit may have cached the old content.
    transaction.on_commit(lambda: cache.set(VERSION_KEY, uuid.uuid4().hex, _version_ttl()))


def on_content_saved(sender, **kwargs):
    # Historical models (module "__fake__") mean a data migration: nothing is cached yet.
    if sender._meta.app_label in CONTENT_APPS and not kwargs.get("raw") and sender.__module__ != "__fake__":
        bump()


def _anonymous(request) -> bool:
    # Decided from the request alone (no session lookup): no session cookie, no token.
    return settings.SESSION_COOKIE_NAME not in request.COOKIES and "HTTP_AUTHORIZATION" not in request.META


class ContentCacheMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path
        is_api = path.startswith(API_PREFIXES)
        if (
            request.method not in ("GET", "HEAD")
            or not (is_api or path.startswith(PAGE_PREFIXES))
            or path.startswith(EXCLUDED)
            or not _anonymous(request)
        ):
            return self.get_response(request)
        language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) or settings.LANGUAGE_CODE
        # A page embeds a token derived from the visitor's CSRF cookie: a new cookie, a new tag.
        visitor = "" if is_api else request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
        key = hashlib.sha256(
            f"{current_version()}|{language}|{visitor}|{request.build_absolute_uri()}".encode(errors="replace")
        ).hexdigest()[:32]
        etag = f'"{key}"'
        if etag in _if_none_match(request):
            response = HttpResponseNotModified()
            return self._finish(response, etag)
        if is_api:
            hit = cache.get(f"content-response:{key}")
            if hit is not None:
                body, headers = hit
                response = HttpResponse(body, headers=headers)
                response["X-Cache"] = "hit"
                return self._finish(response, etag)
        response = self.get_response(request)
        if response.status_code != 200 or response.streaming or response.has_header("ETag"):
            return response  # a view that validates its own answer (card faces) keeps its headers
        if not is_api:
            sent = response.cookies.get(settings.CSRF_COOKIE_NAME)
            if sent is not None and sent.value != request.COOKIES.get(settings.CSRF_COOKIE_NAME):
                return response  # a new CSRF cookie: the tag would describe the old one
        if is_api:
            if response.cookies:
                return response  # never share an answer that sets a cookie
            headers = {
                name: response[name] for name in ("Content-Type", "Content-Language") if response.has_header(name)
            }
            cache.set(f"content-response:{key}", (response.content, headers), settings.CONTENT_CACHE_TTL)
            response["X-Cache"] = "miss"
        return self._finish(response, etag)

    @staticmethod
    def _finish(response, etag):
        response["ETag"] = etag
        # Always revalidate (cheap: a 304 costs no database work), so a change shows at once.
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ("Cookie",))
        return response


def _if_none_match(request) -> set[str]:
    header = request.META.get("HTTP_IF_NONE_MATCH", "")
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
