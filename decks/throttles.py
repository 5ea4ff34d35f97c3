"""Rate limits for the deck check and the import preview (the API's most expensive reads).

Anonymous callers are counted per IP, logged-in users per account with a higher rate; the rates
live in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] under the scopes below.
"""

import math

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from config.api_errors import ApiError
from core.cache_fallback import resilient


class _SettingsRate:
    cache = resilient  # the shared cache, or this process's memory while it cannot be reached

    def get_rate(self):
        # Read at call time (not at import) so a changed setting applies at once.
        return settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get(self.scope)


class DeckCheckAnonThrottle(_SettingsRate, AnonRateThrottle):
    scope = "deck_check_anon"


class DeckCheckUserThrottle(_SettingsRate, UserRateThrottle):
    scope = "deck_check_user"


class DeckCheckThrottled(ApiError):
    """HTTP 429 in the API's error format; DRF's handler adds Retry-After from `wait`."""

    def __init__(self, wait: float | None):
        self.wait = max(1, math.ceil(wait or 1))
        super().__init__(
            "throttled",
            _("Zu viele Deckprüfungen in kurzer Zeit. Bitte versuche es in %(seconds)d Sekunden erneut.")
            % {"seconds": self.wait},
            {"retry_after": self.wait},
            status_code=429,
        )
