"""Limits on play: moves, posts and new matches per user, posts per match as well.

Rates are in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] (``match_move``, ``match_post``,
``match_post_match``, ``match_create``; environment THROTTLE_MATCH_*). Over the limit the API answers 429
with ``Retry-After`` and a German message (config/api_errors.py); the pages answer 429 with the same
message. Counters live in the cache; if the cache cannot be reached the request is allowed and the
failure logged (a cache outage must not stop play).
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext as _

from config.throttles import SettingsRateThrottle

logger = logging.getLogger(__name__)


class _PlayThrottle(SettingsRateThrottle):
    """Counts the unsafe requests of one kind per signed-in user (``ident``)."""

    def ident_for(self, request, view) -> str | None:
        return str(request.user.pk) if request.user.is_authenticated else None

    def get_cache_key(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return None
        ident = self.ident_for(request, view)
        if ident is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except Exception:  # the cache is unreachable: allow, say so in the log
            logger.warning("throttle %s: cache unreachable, request allowed", self.scope, exc_info=True)
            return True


class MoveThrottle(_PlayThrottle):
    scope = "match_move"


class PostThrottle(_PlayThrottle):
    scope = "match_post"


class PostPerMatchThrottle(_PlayThrottle):
    """All posts in one match together (a thread cannot be flooded by several accounts at once)."""

    scope = "match_post_match"

    def ident_for(self, request, view) -> str | None:
        pk = view.kwargs.get("pk") if view is not None else None
        return f"match-{pk}" if pk is not None else None


class CreateThrottle(_PlayThrottle):
    scope = "match_create"


def page_wait(request, throttle_classes) -> float | None:
    """For the pages: None if the request may go on, else the seconds to wait (same counters as the API)."""

    class _View:
        def __init__(self, kwargs):
            self.kwargs = kwargs

    view = _View(getattr(request, "resolver_match", None).kwargs if getattr(request, "resolver_match", None) else {})
    waits = []
    for cls in throttle_classes:
        throttle = cls()
        if not throttle.allow_request(request, view):
            waits.append(throttle.wait() or 1)
    return max(waits) if waits else None


def too_many_message(wait: float) -> str:
    seconds = max(1, int(wait + 0.999))
    return _("Zu viele Anfragen. Bitte warte %(seconds)s Sekunden.") % {"seconds": seconds}
