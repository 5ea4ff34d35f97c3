"""One mail-server connection kept per worker process (and thread), instead of a new one per mail.

Every outbox message is one recipient's mail and one task, so ``send_mail`` alone would connect, greet
(EHLO), send and QUIT for each of them: under load most of a notice mail's cost. Here a process keeps its
connection open between mails and sends the next one on it; a connection idle longer than ``IDLE_SECONDS``
is closed first (mail servers drop idle clients after a few minutes). Any failure closes the kept
connection; a failure on a *reused* connection that only says the server has gone away is retried once on
a new one. Everything else is raised to the caller (the outbox retries with back-off), as before.
"""

from __future__ import annotations

import contextlib
import smtplib
import threading
import time

from django.conf import settings
from django.core.mail import EmailMessage, get_connection

IDLE_SECONDS = 30.0

_local = threading.local()


def send_mail(subject: str, body: str, to: list[str]) -> None:
    """``django.core.mail.send_mail`` (from DEFAULT_FROM_EMAIL) on this process's kept connection."""
    message = EmailMessage(subject, body, None, to)
    message.connection, reused = _connection()
    try:
        try:
            message.send()
        except (smtplib.SMTPServerDisconnected, ConnectionError):
            if not reused:
                raise
            # the kept connection had gone stale (the server closed it): once more on a fresh one
            close()
            message.connection, _reused = _connection()
            message.send()
    except BaseException:
        close()  # whatever state the conversation is in, the next mail starts on a new connection
        raise
    _local.used = time.monotonic()


def _settings() -> tuple:
    return (settings.EMAIL_BACKEND, getattr(settings, "EMAIL_HOST", ""), getattr(settings, "EMAIL_PORT", 0))


def _connection():
    """(backend, reused): the kept backend, opened, or a new one if there is none, it idled too long, or the
    mail settings changed since it was opened (tests switch backends; a kept one must not outlive that)."""
    backend = getattr(_local, "backend", None)
    stale = time.monotonic() - getattr(_local, "used", 0.0) > IDLE_SECONDS
    if backend is not None and (stale or getattr(_local, "settings", None) != _settings()):
        close()
        backend = None
    if backend is not None:
        return backend, True
    backend = get_connection()
    # open() now: send_messages() closes a connection it had to open itself, and this one is to stay
    backend.open()
    _local.backend, _local.used, _local.settings = backend, time.monotonic(), _settings()
    return backend, False


def close() -> None:
    """Close and forget this thread's kept connection (errors on the way out do not matter)."""
    backend = getattr(_local, "backend", None)
    _local.backend = None
    if backend is not None:
        with contextlib.suppress(Exception):
            backend.close()
