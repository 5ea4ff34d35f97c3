"""Celery tasks of core: each is one call into core.outbox (idempotent, see there)."""

from celery import shared_task

from . import outbox


@shared_task(acks_late=True)
def run_outbox_message(message_id: int) -> str:
    return outbox.deliver(message_id)


@shared_task
def sweep_outbox() -> int:
    return outbox.sweep()
