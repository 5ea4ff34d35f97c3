"""Site-wide API throttles. Rates live in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]."""

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from core.cache_fallback import resilient


class SettingsRateThrottle(SimpleRateThrottle):
    """Reads its rate from the settings at call time (DRF's base class freezes them at import).

    Counts in the shared cache, or in this process's memory while that cannot be reached (core.cache_fallback).
    """

    cache = resilient

    def get_rate(self):
        return settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get(self.scope)


class AnonWriteThrottle(SettingsRateThrottle):
    """Anonymous writes and checks (any unsafe method), counted per client address.

    Reads stay unthrottled (they are cached); signed-in users are accountable and not limited here.
    """

    scope = "anon_write"

    def get_cache_key(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS") or request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
