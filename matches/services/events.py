"""The match log: events numbered in sequence, the framework's own events (created, joined, resigned …)."""

from __future__ import annotations

from django.db.models import Max

from .. import live
from ..applied_write import ReadMove
from ..engine.base import Event as EngineEvent
from ..engine.base import Text
from ..models import Event, Match, Move


def _next_sequence(match: Match, read: ReadMove | None) -> int:
    # The resolve path read the last sequence with the move (resolve_move); others ask here.
    if read is not None:
        return read.last_event + 1
    return (Event.objects.filter(match=match).aggregate(m=Max("sequence"))["m"] or 0) + 1


def add_events(match: Match, events, move: Move | None = None, read: ReadMove | None = None) -> None:
    """Append the events to the match's log (numbered on from ``read``'s last event when the resolve read it)."""
    if not events:
        return
    sequence = _next_sequence(match, read)
    if read is not None:
        read.last_event = sequence + len(events) - 1
    rows = []
    for offset, event in enumerate(events):
        rows.append(
            Event(
                match=match,
                move=move,
                sequence=sequence + offset,
                public=event.public.to_json(),
                private={str(seat): text.to_json() for seat, text in event.private.items()},
                data=event.data,
            )
        )
    Event.objects.bulk_create(rows)
    live.changed(match.pk)  # every open page of the match, after the commit (matches/live.py)


def framework_event(match: Match, template: str, **params) -> None:
    add_events(match, [EngineEvent(Text(template, params))])
