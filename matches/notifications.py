"""Telling players: an in-site notice for each, an e-mail (after commit) for those who want one."""

from __future__ import annotations

import logging

from django.db import transaction

from core import queue

from . import mail
from .engine.base import Text
from .models import MailFrequency, Match, Notice

logger = logging.getLogger(__name__)

# Sent by name (core.queue): matches/tasks.py calls this module, not the other way round.
MAIL_TASK = "matches.tasks.send_notice_mail"


def wants_email(user) -> bool:
    """A mail for each notice right away (digest readers get theirs from ``mail.send_daily_digests``)."""
    wanted, frequency = mail.wants_mail(user)
    return wanted and frequency == MailFrequency.EVERY


def notify(match: Match, users, kind: str, text: Text) -> list[Notice]:
    notices = [Notice(user=u, match=match, kind=kind, text=text.to_json()) for u in users if u]
    Notice.objects.bulk_create(notices)
    for notice in notices:
        if notice.user.email and wants_email(notice.user):
            transaction.on_commit(lambda pk=notice.pk: _enqueue_mail(pk))
    return notices


def _enqueue_mail(notice_id: int) -> None:
    try:
        queue.send(MAIL_TASK, (notice_id,), retry=False)
    except Exception:  # the broker is down: the in-site notice is there; the mail is not worth a failed move
        logger.warning("could not enqueue mail for notice %s", notice_id, exc_info=True)


def send_notice_mail(notice_id: int) -> str:
    notice = Notice.objects.select_related("user", "match").filter(pk=notice_id).first()
    if notice is None or notice.mailed_at or not notice.user.email or not wants_email(notice.user):
        return ""
    mail.send_notice(notice)  # the words: matches/mail.py
    return notice.user.email
