"""Live match pages: "this match changed" goes from whoever changed it to every open page of the match.

After the commit of a move (applied, rejected or stale), a post, a takeback or any framework event,
``changed(match_id)`` publishes a short message. Open pages listen through server-sent events
(``views_live.stream``) and then fetch the parts of the page that changed (static/matches/live.js).

Two ways the message travels, chosen by ``LIVE_REDIS_URL``:

- **Redis pub/sub** (production: moves are applied in the Celery worker, pages streamed by the ASGI
  server): ``PUBLISH`` on a channel per match; each stream subscribes to its match's channel.
- **In-process** (the embedded default: tasks run eagerly in the web process, runserver streams in its
  threads): a small hub of subscriber queues in this process.

Publishing never fails a write: a Redis that is away costs a logged warning, and the pages' poll (every
few seconds, ``views_live.revision``) catches up.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
from contextlib import contextmanager

from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_local: dict[int, set] = {}  # match id -> subscriber callbacks of this process
_client = None


def channel(match_id: int) -> str:
    """Redis pub/sub ignores the database index: the channel names the database, so two sites (or test
    runs) on one Redis do not hear each other."""
    name = str(settings.DATABASES["default"].get("NAME") or "")
    return f"bruchtal:live:{name}:{match_id}"


def changed(match_id: int) -> None:
    """Tell the match's open pages after the surrounding transaction commits (at once without one)."""
    transaction.on_commit(lambda: publish(match_id))


def publish(match_id: int) -> None:
    message = json.dumps({"match": match_id, "at": time.time()})
    with _lock:
        callbacks = list(_local.get(match_id, ()))
    for callback in callbacks:
        callback(message)
    if not settings.LIVE_REDIS_URL:
        return
    try:
        _redis().publish(channel(match_id), message)
    except Exception:  # the pages' poll catches up; a write never fails for this
        logger.warning("live update of match %s not published", match_id, exc_info=True)


def _redis():
    global _client
    if _client is None:
        import redis

        _client = redis.Redis.from_url(settings.LIVE_REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5)
    return _client


def _add(match_id: int, callback) -> None:
    with _lock:
        _local.setdefault(match_id, set()).add(callback)


def _remove(match_id: int, callback) -> None:
    with _lock:
        subscribers = _local.get(match_id)
        if subscribers is not None:
            subscribers.discard(callback)
            if not subscribers:
                del _local[match_id]


@contextmanager
def listening(match_id: int):
    """For a thread (WSGI): yields ``wait(timeout) -> bool``, True when the match changed meanwhile."""
    inbox: queue.SimpleQueue = queue.SimpleQueue()
    _add(match_id, inbox.put)
    pubsub = None
    if settings.LIVE_REDIS_URL:
        import redis

        client = redis.Redis.from_url(settings.LIVE_REDIS_URL, socket_timeout=None, socket_connect_timeout=2)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(channel(match_id))

    def wait(timeout: float) -> bool:
        if pubsub is None:
            try:
                inbox.get(timeout=timeout)
            except queue.Empty:
                return False
            return True
        deadline = time.monotonic() + timeout
        while True:
            if not inbox.empty():  # published by this very process (an eager task): no need for Redis
                inbox.get_nowait()
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if pubsub.get_message(timeout=min(left, 1.0)) is not None:
                return True

    try:
        yield wait
    finally:
        _remove(match_id, inbox.put)
        if pubsub is not None:
            pubsub.close()


class AsyncListener:
    """For the event loop (ASGI): ``await listener.wait(timeout)`` is True when the match changed."""

    def __init__(self, match_id: int):
        self.match_id = match_id
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()
        self.pubsub = None
        self.reader = None

    def _from_thread(self, _message: str) -> None:
        self.loop.call_soon_threadsafe(self.event.set)

    async def __aenter__(self):
        _add(self.match_id, self._from_thread)
        if settings.LIVE_REDIS_URL:
            import redis.asyncio as aioredis

            client = aioredis.Redis.from_url(settings.LIVE_REDIS_URL, socket_connect_timeout=2)
            self.pubsub = client.pubsub(ignore_subscribe_messages=True)
            await self.pubsub.subscribe(channel(self.match_id))
            self.reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for _message in self.pubsub.listen():
                if _message and _message.get("type") == "message":
                    self.event.set()
        except asyncio.CancelledError:
            raise
        except Exception:  # Redis went away: the page's poll takes over when the stream ends
            logger.warning("live stream of match %s lost Redis", self.match_id, exc_info=True)

    async def wait(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self.event.wait(), timeout)
        except TimeoutError:
            return False
        self.event.clear()
        return True

    async def __aexit__(self, *exc):
        _remove(self.match_id, self._from_thread)
        if self.reader is not None:
            self.reader.cancel()
        if self.pubsub is not None:
            try:
                await self.pubsub.aclose()
            except Exception:  # closing a broken connection: nothing left to do
                logger.debug("closing the live pubsub failed", exc_info=True)
        return False
