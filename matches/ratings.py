"""Glicko-2 ratings per game (the kept ``glicko2`` library does the arithmetic).

Every finished rated match is one rating period for each player in it: each pair of seats is a
game between them (1 for the winner, 0 for the loser, ½ when both or neither won). Matches marked
``rated = False`` (e.g. against the computer) and aborted matches change nothing; a match counts once.
"""

from __future__ import annotations

import glicko2
from django.db import IntegrityError, transaction

from .models import Match, MatchStatus, Rating, RatingChange, Seat


def _outcome(a: int, b: int, winners: set[int]) -> float:
    if (a in winners) == (b in winners):
        return 0.5
    return 1.0 if a in winners else 0.0


@transaction.atomic
def update_for(match: Match) -> list[RatingChange]:
    """Update the ratings of the match's players once; returns the changes (empty if unrated or done)."""
    if not match.rated or match.status != MatchStatus.FINISHED or not match.result:
        return []
    if RatingChange.objects.filter(match=match).exists():
        return []
    seats = [s for s in Seat.objects.filter(match=match).exclude(user=None).order_by("order") if s.order is not None]
    if len({s.user_id for s in seats}) < 2:
        return []
    winners = set(match.result.get("winners") or [])
    before = {}
    for seat in sorted(seats, key=lambda s: s.user_id):  # one lock order for all matches: no deadlock
        rating, _created = Rating.objects.select_for_update().get_or_create(user_id=seat.user_id, engine=match.engine)
        before[seat.order] = rating
    snapshot = {order: (r.rating, r.deviation) for order, r in before.items()}
    changes = []
    for seat in seats:
        rating = before[seat.order]
        others = [s for s in seats if s.order != seat.order]
        player = glicko2.Player(rating=rating.rating, rd=rating.deviation, vol=rating.volatility)
        player.update_player(
            [snapshot[o.order][0] for o in others],
            [snapshot[o.order][1] for o in others],
            [_outcome(seat.order, o.order, winners) for o in others],
        )
        old = rating.rating
        rating.rating, rating.deviation, rating.volatility = player.getRating(), player.getRd(), player.vol
        rating.games += 1
        rating.wins += 1 if seat.order in winners else 0
        rating.save()
        changes.append(RatingChange(match=match, user_id=seat.user_id, before=old, after=rating.rating))
    try:
        with transaction.atomic():
            RatingChange.objects.bulk_create(changes)
    except IntegrityError:  # counted by a concurrent call: keep that one
        transaction.set_rollback(True)
        return []
    return changes
