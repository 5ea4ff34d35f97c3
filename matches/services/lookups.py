"""What every write of a match looks up: its engine, the locked match row, a user's seat, all seats."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..applied_write import ReadMove
from ..engine import registry
from ..engine.base import IllegalAction
from ..errors import MatchError
from ..models import Match, Seat


def engine_of(slug: str):
    engine = registry.get(slug)
    if engine is None:
        raise MatchError(
            "engine_unknown",
            _("Unbekanntes Spiel „%(engine)s“. Möglich: %(choices)s.")
            % {"engine": str(slug)[:40], "choices": ", ".join(sorted(registry.ENGINES))},
            {"field": "engine"},
        )
    return engine


def illegal(exc: IllegalAction, field: str | None = None) -> MatchError:
    details = {"field": field} if field else {}
    return MatchError(exc.code, exc.text.render(_), details)


def locked(match: Match) -> Match:
    return Match.objects.select_for_update().get(pk=match.pk)


def seat_of(match: Match, user) -> Seat | None:
    """The user's seat; a seat held by an invitation they have not accepted yet is not theirs."""
    if not user or not user.is_authenticated:
        return None
    prefetched = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    if prefetched is not None:  # the API's match comes with its seats (selectors.with_seats): no query
        return next((s for s in prefetched if s.user_id == user.pk and not s.invitation_pending), None)
    return Seat.objects.filter(match=match, user=user, invitation_pending=False).first()


def seats_with_users(match: Match, read: ReadMove | None = None) -> list[Seat]:
    """All seats with their users and mail settings in one query (resigned seats for the automatic moves,
    users and their mail preference for the notices); on PostgreSQL the resolve path read them with the move."""
    if read is not None and read.seats is not None:
        return read.seats
    return list(Seat.objects.filter(match=match).select_related("user", "user__match_settings"))
