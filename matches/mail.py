"""What the match mails say (which notices exist and their words); ``notifications`` delivers them.

One mail per notice that matters (your turn with the opponents' moves in words, a reminder with the
time left, the result, an invitation, a post addressed to you, a takeback), or for those who chose it
one daily digest with the notices grouped per match. Every mail links to the match at ``SITE_URL``.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import kept_mail

from . import selectors
from .models import MailFrequency, Match, Notice, PlayerSettings, RatingChange
from .texts import deadline_policy_text, duration, render, with_colour

DIGEST_EVERY = timedelta(hours=23)  # a digest at most about once a day (the task runs hourly)
MAX_EVENTS = 30


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def match_facts(match: Match, user) -> dict:
    """What every mail about a match says: game, players, time left, the deadline rule, the link."""
    seat = next((s for s in match.seats.all() if s.user_id == user.pk), None)
    # The time left is this player's only while it is their turn (not "noch 2 Tage" for another's turn).
    on_turn = seat is not None and not seat.resigned and seat.order in selectors.current_seats(match)
    left = selectors.time_left(match) if on_turn else None
    players = ", ".join(
        f"{row['number']}. {with_colour(row['name'], row['colour'])}" if row["colour"] else row["name"]
        for row in selectors.seat_rows(match)
        if row["name"]
    )
    return {
        "match": match,
        "game": selectors.game_name(match),
        "players": players,
        "time_left": duration(left) if left is not None else "",
        "policy": deadline_policy_text(match.deadline_policy, match.turn_days) if left is not None else "",
        "url": absolute(match.get_absolute_url()),
        "seat": seat,
    }


def _events_for_mail(match: Match, seat) -> list[str]:
    lines = []
    for event in selectors.since_my_last_move(match, seat)[-MAX_EVENTS:]:
        line = event["text"]
        if event["private"]:
            line += " " + _("(nur für dich: %(text)s)") % {"text": event["private"]}
        lines.append(line)
    return lines


def notice_lines(notice: Notice) -> dict:
    """The words of one notice, with what belongs to its kind (moves, result, rating)."""
    match = notice.match
    facts = match_facts(match, notice.user)
    names = selectors.names(match)
    data = {"text": render(notice.text, names), "kind": notice.kind, "events": [], "result": "", "rating": ""}
    if notice.kind in ("turn", "reminder"):
        data["events"] = _events_for_mail(match, facts["seat"])
    if notice.kind == "finished":
        data["result"] = selectors.result_text(match)
        change = RatingChange.objects.filter(match=match, user=notice.user).first()
        if change:
            data["rating"] = _("Deine Wertung: %(before)d → %(after)d") % {
                "before": round(change.before),
                "after": round(change.after),
            }
    return {**facts, **data}


def subject_for(notice: Notice, facts: dict) -> str:
    text = facts["text"].rstrip(".")
    subject = _("%(game)s #%(id)d – %(text)s") % {"game": facts["game"], "id": notice.match_id, "text": text}
    if notice.kind in ("turn", "reminder") and facts["time_left"]:
        subject += " " + _("(noch %(left)s)") % {"left": facts["time_left"]}
    return "Bruchtal · " + subject


def compose(notice: Notice) -> tuple[str, str]:
    facts = notice_lines(notice)
    body = render_to_string(
        "matches/notice_mail.txt",
        {**facts, "user": notice.user, "settings_url": absolute(reverse("matches:settings"))},
    )
    return subject_for(notice, facts)[:200], body


def wants_mail(user) -> tuple[bool, str]:
    """(mails at all, "every" or "digest")."""
    if "match_settings" in user._state.fields_cache:  # loaded with the user (select_related): no query
        prefs = user._state.fields_cache["match_settings"]
    else:
        prefs = PlayerSettings.objects.filter(user=user).first()
    if prefs is None:
        return True, MailFrequency.EVERY
    return prefs.email_notifications, prefs.mail_frequency


def send_notice(notice: Notice) -> bool:
    subject, body = compose(notice)
    kept_mail.send_mail(subject, body, [notice.user.email])
    Notice.objects.filter(pk=notice.pk).update(mailed_at=timezone.now())
    return True


def send_daily_digests(now=None) -> int:
    """One mail per digest reader with everything not yet mailed, grouped per match. Returns mails sent."""
    now = now or timezone.now()
    readers = PlayerSettings.objects.filter(
        mail_frequency=MailFrequency.DIGEST, email_notifications=True
    ).select_related("user")
    sent = 0
    for prefs in readers:
        user = prefs.user
        if not user.email or (prefs.digest_sent_at and prefs.digest_sent_at > now - DIGEST_EVERY):
            continue
        notices = list(
            Notice.objects.filter(user=user, mailed_at=None, read_at=None)
            .select_related("match", "user")
            .order_by("match_id", "created_at", "id")
        )
        if not notices:
            continue
        groups: dict[int, dict] = {}
        for notice in notices:
            group = groups.get(notice.match_id)
            if group is None:
                group = groups[notice.match_id] = {**notice_lines(notice), "texts": []}
            group["texts"].append(render(notice.text, selectors.names(notice.match)))
        body = render_to_string(
            "matches/digest_mail.txt",
            {"user": user, "groups": list(groups.values()), "settings_url": absolute(reverse("matches:settings"))},
        )
        count = len(groups)
        subject = "Bruchtal · " + ngettext(
            "Tageszusammenfassung: %(n)d Partie", "Tageszusammenfassung: %(n)d Partien", count
        ) % {"n": count}
        kept_mail.send_mail(subject, body, [user.email])
        Notice.objects.filter(pk__in=[n.pk for n in notices]).update(mailed_at=now)
        PlayerSettings.objects.filter(pk=prefs.pk).update(digest_sent_at=now)
        sent += 1
    return sent
