"""Celery tasks of core: each is one call into core.outbox (idempotent, see there)."""

import time

from celery import shared_task
from django.conf import settings

from . import outbox

YIELD_POLL = 0.05


@shared_task(acks_late=True)
def run_outbox_message(message_id: int) -> str:
    yield_to_moves()
    return outbox.deliver(message_id)


def yield_to_moves(limit: float | None = None) -> float:
    """Wait while moves are queued for the moves worker, at most ``MAIL_YIELDS_TO_MOVES`` seconds; returns
    the seconds waited.

    Mail can wait, a move should not: the mail worker's ``nice`` lowers only its own processes, not the
    PostgreSQL backends its ten or so statements per mail run in, so under load mail still took CPU from
    the moves. A backlog on the moves queue means the moves worker is short of CPU; the mail waits until
    it is gone. The limit keeps mail moving under sustained load (and well inside the broker's
    visibility timeout); a broker that does not answer counts as no backlog. A worker that also takes
    the moves queue never waits."""
    from config.celery import backlog, consumes  # the broker's own introspection, as core.health reads it

    limit = settings.MAIL_YIELDS_TO_MOVES if limit is None else limit
    started = time.monotonic()
    if consumes(settings.MOVES_QUEUE):
        return 0.0  # this worker resolves the moves itself (one worker for all queues): waiting would block them
    while limit > 0 and time.monotonic() - started < limit and backlog(settings.MOVES_QUEUE) > 0:
        time.sleep(YIELD_POLL)
    return time.monotonic() - started


@shared_task
def sweep_outbox() -> int:
    return outbox.sweep()
