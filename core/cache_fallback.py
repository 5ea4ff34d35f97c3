"""The shared cache, or this process's own memory while the shared one cannot be reached.

Throttle counters and the content cache live in the default cache (Redis with CACHE_URL). A Redis
outage must not turn log-in or search into 500s (issue 22): ``run(op)`` calls ``op`` with the shared
cache and, when that raises a connection error, logs it and calls ``op`` again with a local-memory
cache of this process. After a failure the shared cache is left alone for ``RETRY_SECONDS``, so a
hanging Redis costs one timeout (the socket timeout in settings), not one per request.

Local counters make a throttle per process instead of per site while Redis is down: a looser limit,
but a limit, and log-in keeps working.
"""

import logging
import threading
import time

from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
# What an unreachable cache raises: redis-py's errors, and OSError for a socket that fails below it.
CACHE_ERRORS = (RedisError, OSError)

local = LocMemCache("bruchtal-fallback", {"OPTIONS": {"MAX_ENTRIES": 10_000}})

_lock = threading.Lock()
_down_until = 0.0


def shared_available() -> bool:
    return time.monotonic() >= _down_until


def mark_down(exc: BaseException, what: str) -> None:
    """Note the failure (logged once per retry period) and skip the shared cache for a while."""
    global _down_until
    with _lock:
        first = shared_available()
        _down_until = time.monotonic() + RETRY_SECONDS
    if first:
        logger.warning(
            "cache unreachable (%s: %s); %s uses this process's memory for %ss",
            type(exc).__name__,
            exc,
            what,
            RETRY_SECONDS,
        )


def run(op, what: str):
    """``op(cache)`` on the shared cache, or on this process's local cache when the shared one fails."""
    if shared_available():
        try:
            return op(cache)
        except CACHE_ERRORS as exc:
            mark_down(exc, what)
    return op(local)


def reset() -> None:
    """Forget an earlier failure (tests)."""
    global _down_until
    with _lock:
        _down_until = 0.0
    local.clear()


class _Resilient:
    """The cache API with each call run by ``run``: for code that takes a cache object (DRF's throttles)."""

    def __getattr__(self, name):
        def call(*args, **kwargs):
            return run(lambda store: getattr(store, name)(*args, **kwargs), f"cache.{name}")

        return call


resilient = _Resilient()
