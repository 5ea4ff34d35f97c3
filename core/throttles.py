"""Throttles for failed log-ins (HTML form and token endpoint share the counters).

DRF's SimpleRateThrottle counts every request; a log-in must only count *failed* attempts, so
that a user who signs in often is never locked out. `check()` looks, `record_failure()` counts.
"""

import hashlib

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle


class _FailedLoginThrottle(SimpleRateThrottle):
    def __init__(self):
        # Read the rate at call time so tests and deployments can change it without a restart.
        self.THROTTLE_RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        super().__init__()

    def ident_for(self, request, username: str) -> str | None:
        """What is counted (the account or the address); each subclass names its own."""
        raise NotImplementedError  # abstract: only the subclasses below are used

    def check(self, request, username: str) -> float | None:
        """Seconds to wait if the limit is reached, else None."""
        ident = self.ident_for(request, username)
        if self.rate is None or ident is None:
            self.key = None
            return None
        self.key = self.cache_format % {"scope": self.scope, "ident": ident}
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()
        if len(self.history) >= self.num_requests:
            return self.wait()
        return None

    def record_failure(self) -> None:
        if self.key is None:
            return
        self.history.insert(0, self.now)
        self.cache.set(self.key, self.history, self.duration)


class LoginAccountThrottle(_FailedLoginThrottle):
    scope = "login_account"

    def ident_for(self, request, username):
        name = (username or "").strip().casefold()
        # Hashed: the cache key must not carry user input (length, spaces, control characters).
        return hashlib.sha256(name.encode()).hexdigest() if name else None


class LoginAddressThrottle(_FailedLoginThrottle):
    scope = "login_address"

    def ident_for(self, request, username):
        return self.get_ident(request)


def check_login(request, username: str) -> tuple[float | None, list[_FailedLoginThrottle]]:
    """(seconds to wait or None, the throttles to tell about a failure)."""
    throttles = [LoginAccountThrottle(), LoginAddressThrottle()]
    waits = [wait for wait in (t.check(request, username) for t in throttles) if wait is not None]
    return (max(waits) if waits else None), throttles


def record_failure(throttles) -> None:
    for throttle in throttles:
        throttle.record_failure()
