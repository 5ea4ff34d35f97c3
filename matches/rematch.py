"""A rematch: after the end, a new match of the same game with the same players. The others are invited
(their consent, as for any invitation); it starts as soon as the last of them accepts."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from . import services
from .errors import MatchError
from .models import Match, MatchStatus, Seat


@transaction.atomic
def rematch(match: Match, user) -> Match:
    """The new match (the same one if a rematch was already made: asking twice makes no second)."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    seats = list(Seat.objects.filter(match=match).select_related("user").order_by("order", "slot"))
    if not any(s.user_id == user.pk for s in seats):
        raise MatchError("not_participant", _("Eine Revanche kann nur verlangen, wer an diesem Tisch saß."))
    if match.status != MatchStatus.FINISHED:
        raise MatchError("match_not_finished", _("Eine Revanche gibt es erst, wenn die Partie zu Ende ist."))
    existing = Match.objects.filter(rematch_of=match).first()
    if existing is not None:
        return existing
    others = [s.user.username for s in seats if s.user and s.user_id != user.pk]
    new = services.create_match(
        user,
        engine=match.engine,
        options=dict(match.options or {}),
        players=match.players,
        invite=others,
        turn_days=match.turn_days,
        deadline_policy=match.deadline_policy,
        is_public=match.is_public,
    )
    new.rematch_of, new.rated = match, match.rated
    new.save(update_fields=["rematch_of", "rated", "updated_at"])
    if not Seat.objects.filter(match=new, invitation_pending=True).exists():
        services.start(new, user)
    new.refresh_from_db()
    return new
