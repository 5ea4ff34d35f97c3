"""Mail only when it helps: whether a notice's mail would tell its player something they do not see anyway.

Asked when the mail is about to be sent (the outbox delivery), not when the notice is written, so the move's
hot path stays as it is and the answer uses what is known at sending time:

- a notice already read (the player opened the match meanwhile) is not mailed;
- a player on the match page (its live stream or poll, ``Seat.seen_at``) sees the change there: no mail;
- a turn notice or a result is not mailed to a player active on the site in the last ``MAIL_AWAY_MINUTES``
  minutes (a page or API request, ``core.Activity``; a move or post of their own counts too), and a turn
  notice not to one who is no longer on turn in that match;
- and once a player is away, the first turn notice of a match is mailed and the next ones of that match are
  not, until the player comes back (reads the match's notices or is active again).

``MAIL_AWAY_MINUTES=0`` turns off the rules about being away (the last three); the first two and the
mover's stay.

The player who made the move (or clicked "Partie starten") is left out when the notice is written
(``notifications.notify(actor=…)``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Max
from django.utils import timezone

from core.models import Activity

from . import selectors
from .models import Move, Notice, Post, Seat

# A seat's page counts as open this long after its last live ping (the stream pings every 20 s, a poll
# runs at most every 10 s).
PRESENCE_SECONDS = 60
# Notices mailed only to a player who is away: their turn, and the result of a match they just played.
AWAY_ONLY = ("turn", "finished")


def on_match_page(seat: Seat | None, now: datetime) -> bool:
    return bool(seat and seat.seen_at and seat.seen_at > now - timedelta(seconds=PRESENCE_SECONDS))


def last_active(user_id: int) -> datetime | None:
    """The latest of: a request on the site, a move, a post by this user."""
    times = [
        Activity.objects.filter(user_id=user_id).values_list("seen_at", flat=True).first(),
        Move.objects.filter(seat__user_id=user_id, automatic=False).aggregate(t=Max("created_at"))["t"],
        Post.objects.filter(author_id=user_id).aggregate(t=Max("created_at"))["t"],
    ]
    known = [t for t in times if t is not None]
    return max(known) if known else None


def mail_helps(notice: Notice, now: datetime | None = None) -> bool:
    """True if the notice's mail tells its player something they would not see otherwise."""
    now = now or timezone.now()
    if notice.read_at is not None:
        return False
    seat = Seat.objects.filter(match_id=notice.match_id, user_id=notice.user_id).first()
    if on_match_page(seat, now):
        return False
    minutes = settings.MAIL_AWAY_MINUTES
    if notice.kind not in AWAY_ONLY or not minutes:  # 0: the rules about being away are off
        return True
    active = last_active(notice.user_id)
    if active is not None and active > now - timedelta(minutes=minutes):
        return False  # here a moment ago: the page and the header badge tell them
    if notice.kind != "turn":
        return True
    if seat is None or seat.resigned or seat.order not in selectors.current_seats(notice.match):
        return False  # the turn has passed meanwhile (a takeback, the deadline): nothing to do any more
    # Away: the first turn mail of this match since the player was last seen, not one per move.
    mailed = Notice.objects.filter(
        user_id=notice.user_id, match_id=notice.match_id, kind="turn", read_at=None, mailed_at__isnull=False
    ).exclude(pk=notice.pk)
    if active is not None:
        mailed = mailed.filter(mailed_at__gt=active)
    return not mailed.exists()
