"""Throttles for failed log-ins (HTML form and token endpoint share the counters).

DRF's SimpleRateThrottle counts every request; a log-in must only count *failed* attempts, so
that a user who signs in often is never locked out.

The count is atomic: ``check_login()`` takes a slot for the attempt with ``cache.add`` + ``cache.incr``
(one atomic step in Redis, under a lock in local memory) *before* the password is checked, and refuses
the attempt when no slot is left; a wrong password keeps its slot (``record_failure``), any other outcome
gives it back (``release``). So parallel wrong passwords cannot all pass a check that reads the count
before any of them writes it: at most the limit's number of passwords is ever tried per window. A
window starts with its first attempt and lasts the rate's duration.

With the shared cache unreachable the counters live in this process's memory (core.cache_fallback):
log-in keeps working, limited per process.
"""

import contextlib
import hashlib

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from . import cache_fallback


class _FailedLoginThrottle(SimpleRateThrottle):
    # A key of its own: the counters are integers now (DRF's throttles keep a list of times).
    cache_format = "login-slots:%(scope)s:%(ident)s"

    def __init__(self):
        # Read the rate at call time so tests and deployments can change it without a restart.
        self.THROTTLE_RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        super().__init__()
        self.key = None

    def ident_for(self, request, username: str) -> str | None:
        """What is counted (the account or the address); each subclass names its own."""
        raise NotImplementedError  # abstract: only the subclasses below are used

    def take(self, request, username: str) -> float | None:
        """Take a slot for one attempt: None if there was one, else the seconds until the window ends."""
        ident = self.ident_for(request, username)
        if self.rate is None or ident is None:
            return None
        key = self.cache_format % {"scope": self.scope, "ident": ident}
        now = self.timer()
        count = cache_fallback.run(lambda cache: self._increment(cache, key, now), "the log-in throttle")
        self.key = key
        if count <= self.num_requests:
            return None
        self.release()
        return cache_fallback.run(lambda cache: self._remaining(cache, key, now), "the log-in throttle")

    def _increment(self, cache, key: str, now: float) -> int:
        cache.add(f"{key}:since", now, self.duration)  # the window starts with its first attempt
        cache.add(key, 0, self.duration)
        try:
            return cache.incr(key)
        except ValueError:  # the window ended between add and incr: start the next one
            cache.add(key, 0, self.duration)
            return cache.incr(key)

    def _remaining(self, cache, key: str, now: float) -> float:
        since = cache.get(f"{key}:since")
        if since is None:
            return float(self.duration)
        return max(1.0, since + self.duration - now)

    def release(self) -> None:
        """Give the slot back (the attempt was not a wrong password)."""
        if self.key is None:
            return
        key, self.key = self.key, None
        cache_fallback.run(lambda cache: _decrement(cache, key), "the log-in throttle")


def _decrement(cache, key: str) -> None:
    with contextlib.suppress(ValueError):  # the window has ended meanwhile: nothing to give back
        cache.decr(key)


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
    """Take a slot for this attempt in every throttle: (seconds to wait or None, the throttles holding one).

    When one throttle has no slot left, the attempt is refused and every slot taken for it is given back.
    Afterwards the caller says how the attempt went: ``record_failure`` (wrong password) or ``release``.
    """
    throttles = [LoginAccountThrottle(), LoginAddressThrottle()]
    waits = []
    for throttle in throttles:
        wait = throttle.take(request, username)
        if wait is not None:
            waits.append(wait)
    if waits:
        release(throttles)
        return max(waits), []
    return None, throttles


def record_failure(throttles) -> None:
    """A wrong password: the slots taken for the attempt stay counted until their window ends."""
    for throttle in throttles:
        throttle.key = None


def release(throttles) -> None:
    """Not a wrong password (signed in, or no password given): give the slots back."""
    for throttle in throttles:
        throttle.release()
