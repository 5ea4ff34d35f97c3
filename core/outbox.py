"""The transactional outbox for core tasks (mail, turn notices and the like).

`enqueue()` / `enqueue_many()` write OutboxMessages inside the caller's transaction and hand them to
the broker after commit. Handing over never fails the request: if the broker is away the row stays
pending and `sweep()` (run by Celery beat) hands it over again. `deliver()` (the task) locks the row
and does nothing if it is already done, so a redelivered or doubly swept message runs once.

A failed run (the mail server refused or timed out) is retried with back-off: `dispatched_at` is set
so that the sweep hands the message over again after `backoff(attempts)` (30 s, 1 min, 2 min, … at
most an hour); after MAX_ATTEMPTS runs it is parked as failed (visible in the admin). Every message
is one recipient's: one failing address holds up nobody else.
"""

import importlib
import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from . import handover, queue
from .models import OutboxMessage

# The task that delivers one message (core/tasks.py), sent by name: tasks call this module, not back.
RUN_TASK = "core.tasks.run_outbox_message"

logger = logging.getLogger(__name__)

# kind -> "module.function" taking the payload as keyword arguments. Other apps add theirs with
# register() from their AppConfig.ready() (core imports no app).
HANDLERS = {
    "welcome_mail": "core.mail.send_welcome",
}

# A message still pending this long after its last hand-over is handed over again.
REDISPATCH_AFTER = timedelta(seconds=60)
# After this many failed runs a message is parked as failed (visible in the admin): with the back-off
# below that is about 14 hours of a mail server refusing.
MAX_ATTEMPTS = 20
BACKOFF_FIRST = timedelta(seconds=30)
BACKOFF_MAX = timedelta(hours=1)


def register(kind: str, handler: str) -> None:
    HANDLERS[kind] = handler


def backoff(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failed run: doubling from BACKOFF_FIRST up to BACKOFF_MAX."""
    return min(BACKOFF_FIRST * (2 ** max(0, attempts - 1)), BACKOFF_MAX)


def enqueue(kind: str, payload: dict) -> OutboxMessage:
    return enqueue_many(kind, [payload])[0]


def enqueue_many(kind: str, payloads: list[dict], handed_over_at_commit: bool = False) -> list[OutboxMessage]:
    """One message per payload, written in one statement in the caller's transaction; handed to the
    broker after commit (see dispatch_many).

    ``handed_over_at_commit``: write ``dispatched_at`` with the row (the hand-over right after commit)
    instead of updating it after the hand-over: one statement less on a hot path (the move's notices).
    A failed hand-over clears it again, so the next sweep takes the message; only if the process dies
    between commit and hand-over does the message wait REDISPATCH_AFTER for the sweep."""
    if kind not in HANDLERS:
        raise ValueError(f"unknown outbox kind {kind!r}")
    if not payloads:
        return []
    now = timezone.now() if handed_over_at_commit else None
    messages = OutboxMessage.objects.bulk_create(
        [OutboxMessage(kind=kind, payload=payload, dispatched_at=now) for payload in payloads]
    )
    hand_over_after_commit([m.pk for m in messages], marked=handed_over_at_commit)
    return messages


def hand_over_after_commit(message_ids: list[int], marked: bool = False) -> None:
    """Once the caller's transaction commits, hand the messages to the broker: from a background thread in
    a worker process (core/handover.py), at once elsewhere."""

    def hand_over():
        if not handover.submit(dispatch_many, message_ids, marked):
            dispatch_many(message_ids, marked)

    transaction.on_commit(hand_over, robust=True)


def dispatch_many(message_ids: list[int], marked: bool = False) -> int:
    """Hand messages to the broker and mark those handed over in one statement (``marked``: they already
    are; only failures are unmarked); never raises."""
    handed = []
    for message_id in message_ids:
        try:
            queue.send(RUN_TASK, (message_id,))
        except Exception:
            logger.warning(
                "outbox message %s not handed to the broker; the sweep will retry", message_id, exc_info=True
            )
            if marked:
                OutboxMessage.objects.filter(pk=message_id, state=OutboxMessage.State.PENDING).update(
                    dispatched_at=None
                )
        else:
            handed.append(message_id)
    if handed and not marked:
        OutboxMessage.objects.filter(pk__in=handed, state=OutboxMessage.State.PENDING).update(
            dispatched_at=timezone.now()
        )
    return len(handed)


def dispatch(message_id: int, **options) -> bool:
    """Hand one message to the broker; False (and logged) if that failed. Never raises."""
    try:
        queue.send(RUN_TASK, (message_id,), **options)
    except Exception:
        logger.warning("outbox message %s not handed to the broker; the sweep will retry", message_id, exc_info=True)
        return False
    OutboxMessage.objects.filter(pk=message_id, state=OutboxMessage.State.PENDING).update(dispatched_at=timezone.now())
    return True


def sweep(now=None) -> int:
    """Hand over every message still pending (never handed over, or lost); returns how many."""
    now = now or timezone.now()
    stale = now - REDISPATCH_AFTER
    due = OutboxMessage.objects.filter(state=OutboxMessage.State.PENDING, created_at__lte=now).filter(
        dispatched_at__isnull=True
    ) | OutboxMessage.objects.filter(state=OutboxMessage.State.PENDING, dispatched_at__lte=stale)
    sent = 0
    for message_id in due.order_by("created_at").values_list("pk", flat=True)[:500]:
        sent += dispatch(message_id)
    return sent


def _handler(kind: str):
    module, _dot, name = HANDLERS[kind].rpartition(".")
    return getattr(importlib.import_module(module), name)


def deliver(message_id: int) -> str:
    """Run one message's handler exactly once per successful run; safe to call again."""
    with transaction.atomic():
        message = OutboxMessage.objects.select_for_update().filter(pk=message_id).first()
        if message is None or message.state != OutboxMessage.State.PENDING:
            return "skipped"
        message.attempts += 1
        try:
            # Inside the lock: a concurrent second delivery waits here and then finds the row done.
            _handler(message.kind)(**message.payload)
        except Exception as exc:
            message.last_error = f"{exc.__class__.__name__}: {exc}"[:2000]
            if message.attempts >= MAX_ATTEMPTS:
                message.state = OutboxMessage.State.FAILED
            # The sweep hands it over again once the back-off has passed (see sweep()).
            message.dispatched_at = timezone.now() + backoff(message.attempts) - REDISPATCH_AFTER
            message.save(update_fields=["attempts", "last_error", "state", "dispatched_at"])
            logger.warning("outbox message %s failed (attempt %s)", message_id, message.attempts, exc_info=True)
            return "failed"
        message.state = OutboxMessage.State.DONE
        message.done_at = timezone.now()
        message.save(update_fields=["attempts", "state", "done_at"])
    return "done"
