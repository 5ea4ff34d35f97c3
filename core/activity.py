"""Who is on the site: a signed-in user's last request, written at most once a minute per process.

``seen_at`` answers "was this player active in the last N minutes?" for the mail (matches/quiet.py)
without a write per request: a cache key gates the upsert, and a failing cache or database only skips it.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.core.cache import cache
from django.db import DatabaseError
from django.utils import timezone

from .models import Activity

logger = logging.getLogger(__name__)

# Seconds between two writes of the same user's activity (per process with a local cache).
WRITE_EVERY = 60
# Getting a token is no visit (an app logs in, then its calls count); the health probes have no user.
NOT_ACTIVITY = ("/api/auth/", "/healthz", "/livez")
# An open match page keeps its live stream (or poll) going and fetches itself when the match changes: that
# is the page being open, not the player being there (the match's own mail asks Seat.seen_at instead).
PAGE_BY_ITSELF = ("/live/", "/stand/")


def touch(user_id: int, now: datetime | None = None) -> bool:
    """Record that the user is active now; at most once per WRITE_EVERY. True if written."""
    try:
        if not cache.add(f"activity:{user_id}", 1, timeout=WRITE_EVERY):
            return False
    except Exception:  # a cache outage: write anyway (one upsert), the request must not fail
        logger.warning("activity gate: cache unavailable", exc_info=True)
    try:
        Activity.objects.bulk_create(
            [Activity(user_id=user_id, seen_at=now or timezone.now())],
            update_conflicts=True,
            unique_fields=["user"],
            update_fields=["seen_at"],
        )
    except DatabaseError:
        logger.warning("activity of user %s not recorded", user_id, exc_info=True)
        return False
    return True


class ActivityMiddleware:
    """After the response: a signed-in user (session, or token: DRF sets the request's user) was active."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if (
            user is not None
            and getattr(user, "is_authenticated", False)
            and response.status_code < 500
            and not request.path.startswith(NOT_ACTIVITY)
            and not request.path.endswith(PAGE_BY_ITSELF)
            and request.headers.get("X-Requested-With") != "live"
        ):
            touch(user.pk)
        return response
