"""The match page's live channel: a server-sent event stream, and a cheap revision for the poll.

``stream`` (``GET /partien/<id>/live/``) sends ``rev`` at once (the page compares it with the one it was
rendered with), then ``changed`` whenever the match changes (matches/live.py), and a comment every
``PING_SECONDS`` that keeps proxies from closing the connection and marks the player as on the page
(``Seat.seen_at``). After ``STREAM_SECONDS`` it ends; the browser's EventSource reconnects by itself.

Served by the ASGI server (``uvicorn config.asgi:application``) in production: there every stream is a
coroutine of one event loop. Under WSGI a stream holds a thread (runserver, the test server) or a whole
sync worker (gunicorn): it is served only where ``LIVE_STREAM_WSGI`` allows it, and otherwise answered
with 204, which tells EventSource to stop; the page then polls ``revision`` (``GET /partien/<id>/stand/``,
one query) every few seconds.
"""

from __future__ import annotations

import json
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.db.models import Count, IntegerField, Max, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from . import live, selectors
from .errors import MatchError
from .models import Event, Match, Move, MoveStatus, Post, Seat

PING_SECONDS = 20
STREAM_SECONDS = 600
RETRY_MS = 1500  # how soon EventSource reconnects after a stream ended or broke


def revision(match_id: int) -> str:
    """What every change a page shows moves on: version and status, the last event, the posts, the moves
    resolved (a rejected move changes nothing else). One query."""

    def counted(queryset):
        rows = queryset.filter(match_id=OuterRef("pk")).order_by().values("match_id").annotate(n=Count("id"))
        return Coalesce(Subquery(rows.values("n")[:1]), Value(0), output_field=IntegerField())

    last_event = Event.objects.filter(match_id=OuterRef("pk")).order_by().values("match_id").annotate(m=Max("sequence"))
    row = (
        Match.objects.filter(pk=match_id)
        .annotate(
            last_event=Coalesce(Subquery(last_event.values("m")[:1]), Value(0), output_field=IntegerField()),
            post_count=counted(Post.objects.all()),
            resolved=counted(Move.objects.exclude(status=MoveStatus.PENDING)),
        )
        .values_list("version", "status", "last_event", "post_count", "resolved")
        .first()
    )
    return "" if row is None else ".".join(str(part) for part in row)


def _visible_seat(request, pk: int):
    """(match id, the viewer's seat id or None); 404 for a match the viewer may not see."""
    try:
        match = selectors.get_visible(request.user, pk)
    except MatchError as exc:
        raise Http404(str(exc)) from exc
    seat = selectors.seat_of(match, request.user)
    return match.pk, (seat.pk if seat is not None else None)


def _present(seat_id: int | None) -> None:
    """The player has this match's page open (no mail about it meanwhile: matches/quiet.py)."""
    if seat_id is not None:
        Seat.objects.filter(pk=seat_id).update(seen_at=timezone.now())


@require_GET
def revision_view(request, pk):
    match_id, seat_id = _visible_seat(request, pk)
    _present(seat_id)
    response = JsonResponse({"rev": revision(match_id)})
    response["Cache-Control"] = "no-store"
    return response


def _event(name: str, data: dict) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


def _sync_stream(match_id: int, seat_id: int | None, rev: str):
    """A stream in a thread (runserver, the test server): waits on the hub or Redis between pings."""
    yield f"retry: {RETRY_MS}\n" + _event("rev", {"rev": rev})
    ends = time.monotonic() + STREAM_SECONDS
    with live.listening(match_id) as wait:
        while time.monotonic() < ends:
            if wait(PING_SECONDS):
                yield _event("changed", {"match": match_id})
            else:
                _present(seat_id)
                close_old_connections()  # the thread keeps no connection between pings
                yield ": ping\n\n"


async def _async_stream(match_id: int, seat_id: int | None, rev: str):
    """A stream in the event loop (ASGI): thousands of them cost no thread and no worker."""
    yield f"retry: {RETRY_MS}\n" + _event("rev", {"rev": rev})
    ends = time.monotonic() + STREAM_SECONDS
    async with live.AsyncListener(match_id) as listener:
        while time.monotonic() < ends:
            if await listener.wait(PING_SECONDS):
                yield _event("changed", {"match": match_id})
            else:
                await sync_to_async(_present)(seat_id)
                yield ": ping\n\n"


@require_GET
def stream(request, pk):
    asgi = isinstance(request, ASGIRequest)
    if not asgi and not settings.LIVE_STREAM_WSGI:
        return HttpResponse(status=204)  # a sync worker must not be held: the page polls instead
    match_id, seat_id = _visible_seat(request, pk)
    _present(seat_id)
    rev = revision(match_id)
    body = _async_stream(match_id, seat_id, rev) if asgi else _sync_stream(match_id, seat_id, rev)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
