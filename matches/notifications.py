"""Telling players: an in-site notice for each, an e-mail for those who want one.

Delivery: the mail is an outbox message (core.outbox) written in the same transaction as the notice
(and so as the move that causes it); a worker on the default queue sends it, with retries and back-off
when the mail server fails. A broker, database or mail outage loses no notice, and the moves queue
never waits for mail.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from core import outbox

from .engine.base import Text
from .models import Match, Notice, PlayerSettings
from .texts import render

logger = logging.getLogger(__name__)

# The outbox kind of a notice mail (registered in MatchesConfig.ready(): core imports no app).
MAIL_KIND = "notice_mail"
MAIL_HANDLER = "matches.notifications.deliver_notice_mail"


def wants_email(user) -> bool:
    prefs = PlayerSettings.objects.filter(user=user).first()
    return prefs.email_notifications if prefs else True


def _mail_opt_outs(users) -> set[int]:
    """Of these users, those who turned notice mail off: from the settings loaded with them
    (``select_related("user__match_settings")``) if every one has them loaded, else one query for all."""
    loaded = [u for u in users if "match_settings" in u._state.fields_cache]
    if len(loaded) == len(users):
        prefs = {u.pk: u._state.fields_cache["match_settings"] for u in users}  # None: never set (mail on)
        return {pk for pk, p in prefs.items() if p is not None and not p.email_notifications}
    ids = [u.pk for u in users]
    return set(
        PlayerSettings.objects.filter(user_id__in=ids, email_notifications=False).values_list("user_id", flat=True)
    )


def notify(match: Match, users, kind: str, text: Text) -> list[Notice]:
    """Notices for ``users`` and, for each who wants mail, an outbox message in the same transaction."""
    notices = [Notice(user=u, match=match, kind=kind, text=text.to_json()) for u in users if u]
    if not notices:
        return notices
    Notice.objects.bulk_create(notices)
    with_mail = [n for n in notices if n.user.email]
    opted_out = _mail_opt_outs([n.user for n in with_mail]) if with_mail else set()
    payloads = [{"notice_id": n.pk} for n in with_mail if n.user_id not in opted_out]
    outbox.enqueue_many(MAIL_KIND, payloads, handed_over_at_commit=True)
    return notices


def deliver_notice_mail(notice_id: int) -> None:
    """The outbox handler: raises if the mail server fails, so the outbox retries with back-off."""
    send_notice_mail(notice_id)


def send_notice_mail(notice_id: int) -> str:
    notice = Notice.objects.select_related("user", "match").filter(pk=notice_id).first()
    if notice is None or not notice.user.email or not wants_email(notice.user):
        return ""
    names = {}
    url = settings.SITE_URL.rstrip("/") + notice.match.get_absolute_url()
    body = render_to_string(
        "matches/notice_mail.txt",
        {"user": notice.user, "text": render(notice.text, names), "url": url, "match": notice.match},
    )
    subject = _("Bruchtal – Partie #%(id)d: %(text)s") % {"id": notice.match.pk, "text": render(notice.text, names)}
    send_mail(subject[:150], body, None, [notice.user.email])
    return notice.user.email
