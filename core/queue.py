"""Sending a Celery task by its registered name.

A service that must hand work to a worker (a move to resolve, an outbox message) sends it by name, so
that it need not import the task module that calls it back: the arrows point from tasks to services
only. Each app's ``ready()`` imports its tasks module, so every task is registered in every process.
"""

from celery import current_app


def send(name: str, args: tuple, **options):
    """``apply_async`` of the task registered as ``name`` (eager in the embedded default); raises what the
    broker raises, so the caller decides what a failure means."""
    return current_app.tasks[name].apply_async(args, **options)
