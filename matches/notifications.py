"""Telling players: an in-site notice for each, an e-mail for those who want one.

Which notices exist and their words are ``matches/mail.py``'s. Delivery: the mail is an outbox message
(core.outbox) written in the same transaction as the notice (and so as the move that causes it); a
worker on the default queue sends it, with retries and back-off when the mail server fails. A broker,
database or mail outage loses no notice, and the moves queue never waits for mail.
"""

from __future__ import annotations

import logging

from django.db.models import Prefetch

from core import outbox

from . import mail, quiet
from .engine.base import Text
from .models import MailFrequency, Match, Notice, PlayerSettings, Seat

logger = logging.getLogger(__name__)

# The outbox kind of a notice mail (registered in MatchesConfig.ready(): core imports no app).
MAIL_KIND = "notice_mail"
MAIL_HANDLER = "matches.notifications.deliver_notice_mail"


def wants_email(user) -> bool:
    """A mail for each notice right away (digest readers get theirs from ``mail.send_daily_digests``)."""
    wanted, frequency = mail.wants_mail(user)
    return wanted and frequency == MailFrequency.EVERY


def _no_instant_mail(users) -> set[int]:
    """Of these users, those who turned notice mail off or read a daily digest: from the settings loaded
    with them (``select_related("user__match_settings")``) if every one has them loaded, else one query."""
    loaded = [u for u in users if "match_settings" in u._state.fields_cache]
    if len(loaded) == len(users):
        prefs = {u.pk: u._state.fields_cache["match_settings"] for u in users}  # None: never set (mail on)
        return {
            pk
            for pk, p in prefs.items()
            if p is not None and (not p.email_notifications or p.mail_frequency != MailFrequency.EVERY)
        }
    ids = [u.pk for u in users]
    rows = PlayerSettings.objects.filter(user_id__in=ids).values_list(
        "user_id", "email_notifications", "mail_frequency"
    )
    return {pk for pk, on, frequency in rows if not on or frequency != MailFrequency.EVERY}


def notify(match: Match, users, kind: str, text: Text, actor_id: int | None = None) -> list[Notice]:
    """Notices for ``users`` and, for each who wants mail now, an outbox message in the same transaction.
    ``actor_id``: the user whose action caused it (the mover, who clicked "Partie starten"): never mailed."""
    notices = [Notice(user=u, match=match, kind=kind, text=text.to_json()) for u in users if u]
    if not notices:
        return notices
    Notice.objects.bulk_create(notices)
    mailed = set(mail_now(n.user for n in notices if n.user_id != actor_id))
    payloads = [{"notice_id": n.pk} for n in notices if n.user_id in mailed]
    outbox.enqueue_many(MAIL_KIND, payloads, handed_over_at_commit=True)
    return notices


def mail_now(users) -> list[int]:
    """Ids of the users among these who get a notice mail right away (an address, and mail on, not digest)."""
    with_mail = [u for u in users if u and u.email]
    skipped = _no_instant_mail(with_mail) if with_mail else set()
    return [u.pk for u in with_mail if u.pk not in skipped]


def deliver_notice_mail(notice_id: int) -> None:
    """The outbox handler: raises if the mail server fails, so the outbox retries with back-off."""
    send_notice_mail(notice_id)


def send_notice_mail(notice_id: int) -> str:
    # The match's seats and users come with the notice: the mail's words read them many times (no N+1).
    notice = (
        Notice.objects.select_related("user", "user__match_settings", "match")
        .prefetch_related(Prefetch("match__seats", queryset=Seat.objects.select_related("user").order_by("slot")))
        .filter(pk=notice_id)
        .first()
    )
    if notice is None or notice.mailed_at or not notice.user.email or not wants_email(notice.user):
        return ""
    if not quiet.mail_helps(notice):  # read meanwhile, on the page, active, or already told (matches/quiet.py)
        return ""
    mail.send_notice(notice)  # the words: matches/mail.py
    return notice.user.email
