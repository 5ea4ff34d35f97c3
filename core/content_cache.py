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

If-None-Match is parsed as HTTP says (``parse_etags``: a list, weak tags, ``*``). ``*`` asks "is there
any current answer?": a cached answer, or a view's 200, is then answered with 304.

With the shared cache unreachable (core.cache_fallback) the version and the answers live in this
process's memory, as with the embedded default; a content change during the outage is carried to the
shared cache when it answers again.
"""

import hashlib
import uuid

from django.conf import settings
from django.db import transaction
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import parse_etags

from . import cache_fallback

VERSION_KEY = "content-version"
LOCAL_VERSION_TTL = 60
CONTENT_APPS = {"cards", "rules"}
API_PREFIXES = ("/api/cards/", "/api/rules/")
PAGE_PREFIXES = ("/karten/", "/regeln/")
# Autocomplete is cheap and changes per keystroke: not worth a cache entry per prefix.
EXCLUDED = ("/api/cards/autocomplete/",)


_unsent_bump = False  # a change happened while the shared cache was unreachable


def _version_ttl(store):
    shared = store is not cache_fallback.local and not settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")
    return None if shared else LOCAL_VERSION_TTL


def _new_version(store) -> None:
    store.set(VERSION_KEY, uuid.uuid4().hex, _version_ttl(store))


def _version_in(store) -> str:
    global _unsent_bump
    if _unsent_bump and store is not cache_fallback.local:
        _new_version(store)
        _unsent_bump = False
    version = store.get(VERSION_KEY)
    if version is None:
        store.add(VERSION_KEY, uuid.uuid4().hex, _version_ttl(store))
        version = store.get(VERSION_KEY) or "new"
    return version


def current_version() -> str:
    return cache_fallback.run(_version_in, "the content cache")


def _bump_in(store) -> None:
    global _unsent_bump
    _new_version(store)
    if store is cache_fallback.local:
        _unsent_bump = True


def bump() -> None:
    """Content changed: every cached answer and ETag of the read endpoints is stale now."""
    cache_fallback.run(_bump_in, "the content cache")
    # Again after commit: a reader between the change and the commit may have cached the old content.
    transaction.on_commit(lambda: cache_fallback.run(_bump_in, "the content cache"))


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
        if _matches(etag, parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))):
            return self._finish(HttpResponseNotModified(), etag)
        if is_api:
            hit = cache_fallback.run(lambda store: store.get(f"content-response:{key}"), "the content cache")
            if hit is not None:
                body, headers = hit
                response = HttpResponse(body, headers=headers)
                response["X-Cache"] = "hit"
                return self._conditional(request, self._finish(response, etag), etag)
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
            entry = (response.content, headers)
            cache_fallback.run(
                lambda store: store.set(f"content-response:{key}", entry, settings.CONTENT_CACHE_TTL),
                "the content cache",
            )
            response["X-Cache"] = "miss"
        return self._conditional(request, self._finish(response, etag), etag)

    @classmethod
    def _conditional(cls, request, response, etag):
        """304 for ``If-None-Match: *`` (any current answer) and for a matching tag, else the answer."""
        conditional = get_conditional_response(request, etag=etag, response=response)
        if conditional is not response:
            return cls._finish(conditional, etag)
        return response

    @staticmethod
    def _finish(response, etag):
        response["ETag"] = etag
        # Always revalidate (cheap: a 304 costs no database work), so a change shows at once.
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ("Cookie",))
        return response


def _matches(etag: str, sent: list[str]) -> bool:
    """Weak comparison (RFC 9110 13.1.2), without ``*``: that one needs to know the answer exists."""
    return any(tag.removeprefix("W/") == etag for tag in sent if tag != "*")
