"""Taking back a move: the mover asks until the next player has acted; the others accept or decline.

The engines are deterministic (the generator lives in the state), so the state without the move is
the seed replayed through the applied move log without it: exact, secrets included. The move row
stays (status ``taken_back``); its events stay in the log, marked; the version goes up so that a move
sent for the old position is stale.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import selectors, services
from .engine.base import Text, gettext_noop
from .errors import MatchError
from .models import Match, MatchStatus, Move, MoveStatus, Seat, TakebackRequest, TakebackStatus
from .notifications import notify


def _seat(match: Match, user) -> Seat:
    seat = Seat.objects.filter(match=match, user=user).first() if user and user.is_authenticated else None
    if seat is None:
        raise MatchError("not_participant", _("Du sitzt nicht an diesem Tisch."))
    if match.status != MatchStatus.RUNNING:
        raise MatchError("match_not_running", _("Zurücknehmen geht nur in einer laufenden Partie."))
    if seat.resigned:
        raise MatchError("resigned", _("Du hast aufgegeben."))
    return seat


def _others(match: Match, seat: Seat) -> list[Seat]:
    return list(
        Seat.objects.filter(match=match, resigned=False).exclude(pk=seat.pk).exclude(user=None).select_related("user")
    )


@transaction.atomic
def request_takeback(match: Match, user) -> TakebackRequest:
    match = Match.objects.select_for_update().get(pk=match.pk)
    seat = _seat(match, user)
    last = selectors.last_applied_move(match)
    if last is None or last.seat_id != seat.pk or last.automatic:
        raise MatchError("takeback_not_yours", _("Zurücknehmen kannst du nur deinen eigenen letzten Zug."))
    if last.applied_version != match.version:
        raise MatchError("takeback_too_late", _("Der nächste Spieler hat schon gezogen; der Zug gilt."))
    if TakebackRequest.objects.filter(match=match, status=TakebackStatus.OPEN, version=match.version).exists():
        raise MatchError("takeback_open", _("Es gibt schon eine offene Bitte um Rücknahme."))
    TakebackRequest.objects.filter(match=match, status=TakebackStatus.OPEN).update(
        status=TakebackStatus.EXPIRED, decided_at=timezone.now()
    )
    request = TakebackRequest.objects.create(match=match, seat=seat, move=last, version=match.version)
    services.framework_event(
        match, gettext_noop("%(player)s bittet darum, den letzten Zug zurückzunehmen."), seat=seat.order
    )
    notify(
        match,
        [s.user for s in _others(match, seat)],
        "takeback",
        Text(gettext_noop("%(name)s bittet darum, den letzten Zug zurückzunehmen."), {"name": user.username}),
    )
    return request


@transaction.atomic
def answer_takeback(match: Match, user, accept: bool) -> TakebackRequest:
    match = Match.objects.select_for_update().get(pk=match.pk)
    seat = _seat(match, user)
    request = TakebackRequest.objects.filter(match=match, status=TakebackStatus.OPEN).select_related("seat").first()
    if request is None:
        raise MatchError("takeback_none", _("Es gibt keine offene Bitte um Rücknahme."))
    if request.version != match.version:  # lapsed: the next request marks it expired
        raise MatchError("takeback_too_late", _("Seit der Bitte wurde schon weitergezogen; sie ist hinfällig."))
    if request.seat_id == seat.pk:
        raise MatchError("takeback_own", _("Über deine eigene Bitte entscheiden die anderen."))
    request.answers[str(seat.order)] = bool(accept)
    requester = request.seat
    if not accept:
        request.status, request.decided_at = TakebackStatus.DECLINED, timezone.now()
        request.save(update_fields=["answers", "status", "decided_at"])
        services.framework_event(
            match, gettext_noop("%(player)s lehnt die Rücknahme ab; der Zug gilt."), seat=seat.order
        )
        notify(
            match,
            [requester.user] if requester.user else [],
            "takeback",
            Text(gettext_noop("%(name)s lehnt die Rücknahme deines Zuges ab."), {"name": user.username}),
        )
        return request
    waiting = [s for s in _others(match, requester) if str(s.order) not in request.answers]
    if waiting:
        request.save(update_fields=["answers"])
        return request
    _take_back(match, request)
    request.status, request.decided_at = TakebackStatus.ACCEPTED, timezone.now()
    request.save(update_fields=["answers", "status", "decided_at"])
    services.framework_event(
        match, gettext_noop("Der letzte Zug von %(player)s ist zurückgenommen."), seat=requester.order
    )
    notify(
        match,
        [requester.user] if requester.user else [],
        "takeback",
        Text(gettext_noop("Deine Bitte ist angenommen: der Zug ist zurückgenommen, du bist wieder am Zug.")),
    )
    return request


def _take_back(match: Match, request: TakebackRequest) -> None:
    """The move (and the automatic moves of resigned seats after it) out of the log; the state replayed."""
    move = request.move
    Move.objects.filter(match=match, status=MoveStatus.APPLIED, applied_version__gte=move.applied_version).update(
        status=MoveStatus.TAKEN_BACK
    )
    Move.objects.filter(match=match, status=MoveStatus.PENDING).update(
        status=MoveStatus.STALE, error_code="stale", resolved_at=timezone.now()
    )
    match.state = selectors.rebuild_state(match)
    match.version += 1
    match.turn_started_at, match.reminded_at = timezone.now(), None
    match.save()
