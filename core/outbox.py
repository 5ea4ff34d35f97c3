"""The transactional outbox for core tasks (mail and the like).

`enqueue()` writes an OutboxMessage inside the caller's transaction and hands it to the broker
after commit. Handing over never fails the request: if the broker is away the row stays pending
and `sweep()` (run by Celery beat) hands it over again. `deliver()` (the task) locks the row and
does nothing if it is already done, so a redelivered or doubly swept message runs once.
"""

import importlib
import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from . import queue
from .models import OutboxMessage

# The task that delivers one message (core/tasks.py), sent by name: tasks call this module, not back.
RUN_TASK = "core.tasks.run_outbox_message"

logger = logging.getLogger(__name__)

# kind -> "module.function" taking the payload as keyword arguments.
HANDLERS = {
    "welcome_mail": "core.mail.send_welcome",
}

# A message still pending this long after its last hand-over is handed over again.
REDISPATCH_AFTER = timedelta(seconds=60)
# After this many failed runs a message is parked as failed (visible in the admin).
MAX_ATTEMPTS = 5


def enqueue(kind: str, payload: dict) -> OutboxMessage:
    if kind not in HANDLERS:
        raise ValueError(f"unknown outbox kind {kind!r}")
    message = OutboxMessage.objects.create(kind=kind, payload=payload)
    transaction.on_commit(lambda: dispatch(message.pk), robust=True)
    return message


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
            message.save(update_fields=["attempts", "last_error", "state"])
            logger.warning("outbox message %s failed (attempt %s)", message_id, message.attempts, exc_info=True)
            return "failed"
        message.state = OutboxMessage.State.DONE
        message.done_at = timezone.now()
        message.save(update_fields=["attempts", "state", "done_at"])
    return "done"
