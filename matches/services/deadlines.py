"""Turn deadlines: the reminder at 80 % of a turn's time, the match's policy (default action or resign) at its
end."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from ..engine.base import Text, gettext_noop
from ..models import DeadlinePolicy, Match, MatchStatus, Move, Seat
from ..notifications import notify
from .events import framework_event
from .lifecycle import resign_seat
from .lookups import engine_of, seats_with_users
from .progress import after_change, apply_one, auto_moves_for_resigned

REMINDER_AT = 0.8  # share of the turn deadline after which the reminder goes out


def check_deadlines(now=None) -> dict[str, int]:
    """Remind at 80 % of the turn deadline, apply the policy at the deadline. Idempotent."""
    now = now or timezone.now()
    earliest_reminder = now - timedelta(days=REMINDER_AT)  # turn_days >= 1
    candidates = Match.objects.filter(
        status=MatchStatus.RUNNING, turn_started_at__isnull=False, turn_started_at__lte=earliest_reminder
    ).values_list("pk", flat=True)
    counts = {"reminders": 0, "expired": 0}
    for match_id in list(candidates):
        outcome = _deadline_of(match_id, now)
        if outcome:
            counts[outcome] += 1
    return counts


@transaction.atomic
def _deadline_of(match_id: int, now) -> str | None:
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.status != MatchStatus.RUNNING or match.turn_started_at is None:
        return None
    game = engine_of(match.engine)
    length = timedelta(days=match.turn_days)
    deadline = match.turn_started_at + length
    current = game.current_seats(match.state)
    if now >= deadline:
        seats = list(Seat.objects.filter(match=match, order__in=current, resigned=False).select_related("user"))
        started = match.turn_started_at
        for seat in seats:
            if match.status != MatchStatus.RUNNING or seat.order not in game.current_seats(match.state):
                continue
            framework_event(match, gettext_noop("Die Bedenkzeit von %(player)s ist abgelaufen."), seat=seat.order)
            if match.deadline_policy == DeadlinePolicy.RESIGN:
                resign_seat(match, seat)
                continue
            before = set(game.current_seats(match.state))
            action = game.default_action(match.state, seat.order)
            move = Move.objects.create(match=match, seat=seat, action=action, version=match.version, automatic=True)
            if apply_one(match, game, move):
                everyone = seats_with_users(match)
                auto_moves_for_resigned(match, game, everyone)
                after_change(match, game, before, everyone)
            else:  # an engine whose default action is not legal: the seat resigns rather than blocking
                resign_seat(match, seat)
        if match.status == MatchStatus.RUNNING and match.turn_started_at == started:
            match.turn_started_at, match.reminded_at = now, None  # a fresh clock, so this runs once
            match.save(update_fields=["turn_started_at", "reminded_at", "updated_at"])
        return "expired"
    if now >= match.turn_started_at + length * REMINDER_AT and match.reminded_at is None:
        match.reminded_at = now
        match.save(update_fields=["reminded_at", "updated_at"])
        seats = Seat.objects.filter(match=match, order__in=current, resigned=False).select_related("user")
        notify(
            match,
            [s.user for s in seats if s.user],
            "reminder",
            Text(
                gettext_noop("Erinnerung: Deine Bedenkzeit läuft in %(count)s Stunde ab (%(date)s)."),
                {
                    "count": max(1, round((deadline - now).total_seconds() / 3600)),
                    "date": timezone.localtime(deadline).strftime("%d.%m.%Y %H:%M"),
                },
                plural=gettext_noop("Erinnerung: Deine Bedenkzeit läuft in %(count)s Stunden ab (%(date)s)."),
                count="count",
            ),
        )
        return "reminders"
    return None
