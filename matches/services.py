"""Writes for matches: create, invite, join, start, moves, resign, abandon, posts, deadlines.

Every write runs in one transaction with the match row locked (``select_for_update``); the move
resolution is the only place that calls ``engine.apply``. A pending ``Move`` row is the outbox: it
is enqueued after commit, and a sweep re-enqueues what the broker did not take.
"""

from __future__ import annotations

import copy
import json
import logging
import secrets
from contextlib import nullcontext
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max, OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import outbox, queue, raw_rows, text_guard

from . import actions, applied_write, live, notifications, plugins
from .engine import registry, rng
from .engine.base import IllegalAction, Text, gettext_noop
from .errors import MatchError
from .models import BotLevel, DeadlinePolicy, Event, Match, MatchStatus, Move, MoveStatus, Post, Seat
from .notifications import notify
from .ratings import update_for as update_ratings

logger = logging.getLogger(__name__)

# Sent by name (core.queue): matches/tasks.py calls this module, not the other way round.
RESOLVE_TASK = "matches.tasks.resolve_move"
COMPUTER_TASK = "matches.tasks.play_computer_turn"
# Names of computer seats (Ents), the level is added: "Baumbart (stark)".
COMPUTER_NAMES = ["Baumbart", "Flinkbaum", "Buchenbein"]

MAX_TURN_DAYS = 60
MAX_POST = 5000
MAX_AUTO_MOVES = 500
REMINDER_AT = 0.8  # share of the turn deadline after which the reminder goes out
TURN_NOTICE = gettext_noop("Du bist am Zug.")
COLOURS = ["rot", "blau", "grün", "gelb", "schwarz", "weiß"]


def _engine(slug: str):
    engine = registry.get(slug)
    if engine is None:
        raise MatchError(
            "engine_unknown",
            _("Unbekanntes Spiel „%(engine)s“. Möglich: %(choices)s.")
            % {"engine": str(slug)[:40], "choices": ", ".join(sorted(registry.ENGINES))},
            {"field": "engine"},
        )
    return engine


def _illegal(exc: IllegalAction, field: str | None = None) -> MatchError:
    details = {"field": field} if field else {}
    return MatchError(exc.code, exc.text.render(_), details)


def _locked(match: Match) -> Match:
    return Match.objects.select_for_update().get(pk=match.pk)


def _seat_of(match: Match, user) -> Seat | None:
    """The user's seat; a seat held by an invitation they have not accepted yet is not theirs."""
    if not user or not user.is_authenticated:
        return None
    prefetched = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    if prefetched is not None:  # the API's match comes with its seats (selectors.with_seats): no query
        return next((s for s in prefetched if s.user_id == user.pk and not s.invitation_pending), None)
    return Seat.objects.filter(match=match, user=user, invitation_pending=False).first()


def _next_sequence(match: Match) -> int:
    # The resolve path reads the last sequence with the locked row (resolve_move); others ask here.
    known = getattr(match, "_last_event_sequence", None)
    if known is not None:
        return known + 1
    return (Event.objects.filter(match=match).aggregate(m=Max("sequence"))["m"] or 0) + 1


def _add_events(match: Match, events, move: Move | None = None) -> None:
    if not events:
        return
    sequence = _next_sequence(match)
    match._last_event_sequence = sequence + len(events) - 1
    rows = []
    for offset, event in enumerate(events):
        rows.append(
            Event(
                match=match,
                move=move,
                sequence=sequence + offset,
                public=event.public.to_json(),
                private={str(seat): text.to_json() for seat, text in event.private.items()},
                data=event.data,
            )
        )
    Event.objects.bulk_create(rows)
    live.changed(match.pk)  # every open page of the match, after the commit (matches/live.py)


def _framework_event(match: Match, template: str, **params) -> None:
    from .engine.base import Event as EngineEvent

    _add_events(match, [EngineEvent(Text(template, params))])


# --- creating and filling a match ------------------------------------------------------------------


def _player_range(engine, options) -> tuple[int, int]:
    if hasattr(engine, "player_range"):
        return engine.player_range(options)
    return engine.min_players, engine.max_players


@transaction.atomic
def create_match(
    user,
    *,
    engine: str,
    options: dict | None = None,
    players: int = 2,
    invite: list[str] | tuple[str, ...] = (),
    turn_days: int = 3,
    deadline_policy: str = DeadlinePolicy.DEFAULT_ACTION,
    is_public: bool = True,
    bots: int = 0,
    bot_level: str = BotLevel.MITTEL,
) -> Match:
    game = _engine(engine)
    options = options or {}
    if not isinstance(options, dict):
        raise MatchError("options_invalid", _("Die Optionen müssen ein JSON-Objekt sein."), {"field": "options"})
    low, high = _player_range(game, options)
    if not isinstance(players, int) or not low <= players <= high:
        raise MatchError(
            "players_out_of_range",
            _("Dieses Spiel braucht %(low)d bis %(high)d Spieler.") % {"low": low, "high": high},
            {"field": "players"},
        )
    if not isinstance(turn_days, int) or not 1 <= turn_days <= MAX_TURN_DAYS:
        raise MatchError(
            "turn_days_invalid",
            _("Die Bedenkzeit muss zwischen 1 und %(max)d Tagen liegen.") % {"max": MAX_TURN_DAYS},
            {"field": "turn_days"},
        )
    if deadline_policy not in DeadlinePolicy.values:
        raise MatchError(
            "deadline_policy_invalid",
            _("Unbekannte Regel bei Fristablauf „%(value)s“ (default_action oder resign).")
            % {"value": str(deadline_policy)[:40]},
            {"field": "deadline_policy"},
        )
    seed = secrets.randbits(63)
    try:  # the engine validates the options; the trial state is thrown away
        game.setup(players, options, seed)
    except IllegalAction as exc:
        raise _illegal(exc, "options") from exc
    invitees = _invitees(user, invite, players)
    _check_bots(engine, players, len(invitees), bots, bot_level)
    match = Match.objects.create(
        engine=engine,
        options=options,
        players=players,
        seed=seed,
        turn_days=turn_days,
        deadline_policy=deadline_policy,
        is_public=bool(is_public),
        created_by=user,
        rated=not bots,  # a match against the computer is unrated
    )
    now = timezone.now()
    seats = [Seat(match=match, slot=0, user=user, joined_at=now)]
    # Invitees must accept before the seat is theirs (accept_invitation / decline_invitation).
    seats += [Seat(match=match, slot=i, user=u, invitation_pending=True) for i, u in enumerate(invitees, start=1)]
    seats += [
        Seat(match=match, slot=len(seats) + i, bot_level=bot_level, bot_name=COMPUTER_NAMES[i], joined_at=now)
        for i in range(bots)
    ]
    seats += [Seat(match=match, slot=i) for i in range(len(seats), players)]
    Seat.objects.bulk_create(seats)
    _framework_event(match, gettext_noop("%(creator)s hat die Partie angelegt."), creator=user.username)
    if invitees:
        notify(match, invitees, "invited", _invitation_text(user))
    if bots and bots == players - 1:  # only computers beside the creator: the match starts at once
        _begin(match, actor_id=user.pk)
    return match


def _invitation_text(creator) -> Text:
    return Text(
        gettext_noop("%(creator)s lädt dich zu einer Partie ein. Nimm die Einladung an oder lehne sie ab."),
        {"creator": creator.username},
    )


def _check_bots(engine: str, players: int, invited: int, bots, level) -> None:
    """Computer seats: 0 to players − 1 (beside the invited), at a known level, for a game that has them."""
    if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots <= players - 1:
        raise MatchError(
            "bots_out_of_range",
            _("„bots“ (Computerplätze) muss eine ganze Zahl von 0 bis %(max)d sein.") % {"max": players - 1},
            {"field": "bots"},
        )
    if level not in BotLevel.values:
        raise MatchError(
            "bot_level_invalid",
            _("Unbekannte Computerstufe „%(value)s“; möglich sind: %(choices)s.")
            % {"value": str(level)[:20], "choices": ", ".join(BotLevel.values)},
            {"field": "bot_level"},
        )
    if not bots:
        return
    config = plugins.game(engine)
    if config is None or not config.bot_path:
        raise MatchError("bots_unsupported", _("Für dieses Spiel gibt es keinen Computergegner."), {"field": "bots"})
    if invited + bots > players - 1:
        raise MatchError(
            "bots_too_many",
            _("Zu viele Plätze vergeben: %(invited)d Einladungen und %(bots)d Computer bei %(players)d Spielern.")
            % {"invited": invited, "bots": bots, "players": players},
            {"field": "bots"},
        )


def _invitees(user, invite, players: int) -> list:
    names = [n.strip() for n in (invite or []) if isinstance(n, str) and n.strip()]
    if len(names) != len(invite or []):
        raise MatchError("invite_invalid", _("Einladungen müssen Benutzernamen sein."), {"field": "invite"})
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(lowered):
        raise MatchError("invite_duplicate", _("Jeder Name darf nur einmal eingeladen werden."), {"field": "invite"})
    if user.username.lower() in lowered:
        raise MatchError("invite_self", _("Du sitzt schon am Tisch; lade andere ein."), {"field": "invite"})
    if len(names) > players - 1:
        raise MatchError(
            "invite_too_many",
            _("Zu viele Einladungen: bei %(players)d Spielern höchstens %(max)d.")
            % {"players": players, "max": players - 1},
            {"field": "invite"},
        )
    users = {u.username.lower(): u for u in get_user_model().objects.filter(username__in=names)}
    # usernames are case-sensitive in Django; accept any case when unambiguous
    for name in names:
        if name.lower() not in users:
            found = get_user_model().objects.filter(username__iexact=name)[:2]
            if len(found) != 1:
                raise MatchError(
                    "invite_unknown",
                    _("Den Benutzer „%(name)s“ gibt es nicht.") % {"name": name[:40]},
                    {"field": "invite", "name": name},
                )
            users[name.lower()] = found[0]
    return [users[n] for n in lowered]


@transaction.atomic
def invite(match: Match, user, username: str) -> Seat:
    match = _locked(match)
    if match.created_by_id != user.pk:
        raise MatchError("not_creator", _("Nur wer die Partie angelegt hat, kann einladen."))
    if match.status != MatchStatus.OPEN:
        raise MatchError("match_not_open", _("Die Partie hat schon begonnen oder ist vorbei."))
    seated = list(Seat.objects.filter(match=match).exclude(user=None).select_related("user"))
    invitee = _invitees(user, [username], match.players)[0]
    if any(s.user_id == invitee.pk for s in seated):
        raise MatchError("already_seated", _("%(name)s sitzt schon am Tisch.") % {"name": invitee.username})
    seat = Seat.objects.filter(match=match, user=None, bot_level="").order_by("slot").first()
    if seat is None:
        raise MatchError("match_full", _("Alle Plätze sind besetzt."))
    seat.user, seat.joined_at, seat.invitation_pending = invitee, None, True
    seat.save(update_fields=["user", "joined_at", "invitation_pending"])
    notify(match, [invitee], "invited", _invitation_text(user))
    return seat


def _invitation(match: Match, user) -> Seat:
    seat = Seat.objects.filter(match=match, user=user, invitation_pending=True).first() if user else None
    if seat is None:
        raise MatchError("not_invited", _("Zu dieser Partie liegt für dich keine offene Einladung vor."))
    return seat


@transaction.atomic
def accept_invitation(match: Match, user) -> Seat:
    """The invitee takes the seat held for them."""
    match = _locked(match)
    seat = _invitation(match, user)
    if match.status != MatchStatus.OPEN:
        raise MatchError("match_not_open", _("Die Partie hat schon begonnen oder ist vorbei."))
    seat.invitation_pending, seat.joined_at = False, timezone.now()
    seat.save(update_fields=["invitation_pending", "joined_at"])
    _framework_event(match, gettext_noop("%(name)s nimmt die Einladung an und nimmt Platz."), name=user.username)
    notify(
        match,
        [match.created_by],
        "joined",
        Text(gettext_noop("%(name)s hat deine Einladung angenommen."), {"name": user.username}),
    )
    # A rematch begins by itself once every player of the last match has said yes.
    seats = Seat.objects.filter(match=match)
    if match.rematch_of_id and not seats.filter(invitation_pending=True).exists() and not seats.filter(user=None):
        start(match, match.created_by, actor=user)
    return seat


@transaction.atomic
def decline_invitation(match: Match, user) -> None:
    """The invitee says no: the seat is free again and the user has nothing more to do with the match."""
    match = _locked(match)
    seat = _invitation(match, user)
    seat.user, seat.invitation_pending, seat.joined_at = None, False, None
    seat.save(update_fields=["user", "invitation_pending", "joined_at"])
    _framework_event(match, gettext_noop("%(name)s lehnt die Einladung ab."), name=user.username)


@transaction.atomic
def join(match: Match, user) -> Seat:
    match = _locked(match)
    if match.status != MatchStatus.OPEN:
        raise MatchError(
            "match_not_open", _("Dieser Partie kann man nicht mehr beitreten: sie hat schon begonnen oder ist vorbei.")
        )
    held = Seat.objects.filter(match=match, user=user).first()
    if held is not None and held.invitation_pending:
        raise MatchError(
            "invitation_pending", _("Für dich ist hier ein Platz reserviert: nimm die Einladung an oder lehne sie ab.")
        )
    if held is not None:
        raise MatchError("already_seated", _("Du sitzt schon an diesem Tisch."))
    if not match.is_public:
        raise MatchError("not_allowed", _("Einer privaten Partie tritt man nur auf Einladung bei."))
    seat = Seat.objects.filter(match=match, user=None, bot_level="").order_by("slot").first()
    if seat is None:
        raise MatchError("match_full", _("Alle Plätze sind besetzt."))
    seat.user, seat.joined_at = user, timezone.now()
    seat.save(update_fields=["user", "joined_at"])
    _framework_event(match, gettext_noop("%(name)s nimmt Platz."), name=user.username)
    notify(
        match,
        [match.created_by],
        "joined",
        Text(gettext_noop("%(name)s ist deiner Partie beigetreten."), {"name": user.username}),
    )
    return seat


@transaction.atomic
def leave(match: Match, user) -> None:
    match = _locked(match)
    seat = _seat_of(match, user)
    if seat is None:
        raise MatchError("not_participant", _("Du sitzt nicht an diesem Tisch."))
    if match.status != MatchStatus.OPEN:
        raise MatchError("match_not_open", _("Die Partie läuft schon; du kannst nur noch aufgeben."))
    if match.created_by_id == user.pk:
        raise MatchError("creator_cannot_leave", _("Wer die Partie angelegt hat, kann sie nur abbrechen."))
    seat.user, seat.joined_at = None, None
    seat.save(update_fields=["user", "joined_at"])
    _framework_event(match, gettext_noop("%(name)s verlässt den Tisch."), name=user.username)


@transaction.atomic
def start(match: Match, user, actor=None) -> Match:
    """``user`` must be the creator; ``actor``, who made it start (the creator, or the last invitee to accept a
    rematch), is not mailed that it is their turn: they are here."""
    match = _locked(match)
    if match.created_by_id != user.pk:
        raise MatchError("not_creator", _("Nur wer die Partie angelegt hat, kann sie starten."))
    if match.status != MatchStatus.OPEN:
        raise MatchError("match_not_open", _("Die Partie hat schon begonnen oder ist vorbei."))
    missing = Seat.objects.filter(match=match, user=None, bot_level="").count()
    if missing:
        raise MatchError(
            "seats_open",
            ngettext(
                "Es fehlt noch %(n)d Spieler; lade jemanden ein oder warte, bis alle Plätze besetzt sind.",
                "Es fehlen noch %(n)d Spieler; lade jemanden ein oder warte, bis alle Plätze besetzt sind.",
                missing,
            )
            % {"n": missing},
        )
    invited = Seat.objects.filter(match=match, invitation_pending=True).count()
    if invited:
        raise MatchError(
            "invitations_pending",
            ngettext(
                "Eine Einladung ist noch nicht angenommen; die Partie beginnt erst, wenn alle zugesagt haben.",
                "%(n)d Einladungen sind noch nicht angenommen; die Partie beginnt erst, wenn alle zugesagt haben.",
                invited,
            )
            % {"n": invited},
        )
    _begin(match, actor_id=(actor or user).pk)
    return match


def _begin(match: Match, actor_id: int | None = None) -> None:
    """Seat order, the engine's setup, the first turn (on the locked or just created match)."""
    seats = list(Seat.objects.filter(match=match).order_by("slot"))
    game = _engine(match.engine)
    # The seat order comes from the match's seed (a generator of its own, so the game's stays untouched).
    order = list(range(len(seats)))
    rng.shuffle(rng.new(match.seed ^ 0x5EA7), order)
    # one identity per seat: an engine with colours of its own (the board's) names the seats with them
    colours = list(getattr(game, "seat_colours", None) or COLOURS)
    for seat, number in zip(seats, order, strict=True):
        seat.order = number
        seat.colour = colours[number % len(colours)]
    Seat.objects.bulk_update(seats, ["order", "colour"])
    try:
        match.state = game.setup(len(seats), match.options, match.seed)
    except IllegalAction as exc:
        raise _illegal(exc, "options") from exc
    match.status = MatchStatus.RUNNING
    match.version = 0
    match.turn_started_at = timezone.now()
    match.save()
    _framework_event(
        match, gettext_noop("Die Partie beginnt. Reihenfolge: %(order_players)s."), order_seats=list(range(len(seats)))
    )
    seats = _seats_with_users(match)
    _notify_turn(match, game, set(), seats, actor_id)
    _schedule_computer(match, game, seats)


@transaction.atomic
def abandon(match: Match, user) -> Match:
    match = _locked(match)
    if match.status in (MatchStatus.FINISHED, MatchStatus.ABORTED):
        raise MatchError("match_over", _("Die Partie ist schon vorbei."))
    if not (user.is_staff or (match.created_by_id == user.pk and match.status == MatchStatus.OPEN)):
        raise MatchError(
            "not_allowed",
            _("Nur wer die Partie angelegt hat, kann sie vor dem Start abbrechen; eine laufende nur die Redaktion."),
        )
    match.status = MatchStatus.ABORTED
    match.save(update_fields=["status", "updated_at"])
    Move.objects.filter(match=match, status=MoveStatus.PENDING).update(
        status=MoveStatus.REJECTED, error_code="match_not_running", resolved_at=timezone.now()
    )
    _framework_event(match, gettext_noop("Die Partie wurde abgebrochen."))
    return match


# --- moves -------------------------------------------------------------------------------------------


def enqueue_resolution(move_id: int) -> bool:
    """Hand the move to the broker; a failure only logs: the pending row is swept up later."""
    try:
        queue.send(RESOLVE_TASK, (move_id,), retry=False)
    except Exception:  # the broker is down or refused: the sweep re-enqueues this move
        logger.warning("could not enqueue move %s; the sweep will retry", move_id, exc_info=True)
        return False
    return True


def submit_move(
    match: Match, user, action, version, idempotency_key: str = "", seat: Seat | None = None
) -> tuple[Move, bool]:
    """Store a pending move and enqueue its resolution after commit. Returns (move, created).
    ``seat``: the user's accepted seat if the caller has it already (the API reads it with the match)."""
    actions.check(_engine(match.engine), action)  # the engine's schema and the byte cap, before anything is stored
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise MatchError(
            "version_invalid",
            _("„version“ muss die Versionsnummer sein, die du zuletzt gesehen hast (eine ganze Zahl ≥ 0)."),
            {"field": "version"},
        )
    key = idempotency_key or ""
    if not isinstance(key, str) or len(key) > 64:
        raise MatchError(
            "idempotency_key_invalid",
            _("Der Idempotenzschlüssel ist zu lang (höchstens 64 Zeichen)."),
            {"field": "idempotency_key"},
        )
    if seat is None or seat.user_id != user.pk or seat.invitation_pending or seat.match_id != match.pk:
        seat = _seat_of(match, user)
    if seat is None:
        raise MatchError("not_participant", _("Nur wer an diesem Tisch sitzt, kann ziehen."))
    if key:
        existing = Move.objects.filter(seat=seat, idempotency_key=key).first()
        if existing:
            return _same_request(existing, action, key), False
    if match.status != MatchStatus.RUNNING:
        raise MatchError(
            "match_not_running", _("Die Partie läuft nicht: %(status)s.") % {"status": match.get_status_display()}
        )
    if seat.resigned:
        raise MatchError("resigned", _("Du hast aufgegeben und ziehst nicht mehr."))
    # One INSERT: on its own it commits by itself (no BEGIN/COMMIT round trips); inside a caller's
    # transaction a savepoint keeps that transaction usable if the key was taken meanwhile.
    guard = transaction.atomic() if transaction.get_connection().in_atomic_block else nullcontext()
    try:
        with guard:
            # SQL written once per process (core/raw_rows.py): on every move the ORM's compile cost more
            move = raw_rows.insert(Move(match=match, seat=seat, action=action, version=version, idempotency_key=key))
    except IntegrityError:  # the same key sent twice at once: the other request won
        return _same_request(Move.objects.get(seat=seat, idempotency_key=key), action, key), False
    transaction.on_commit(lambda: enqueue_resolution(move.pk))
    return move, True


def _same_request(existing: Move, action, key: str) -> Move:
    """A repeated key answers with the move it stored, but only for the same action (else 409)."""
    if existing.action != action:
        raise MatchError(
            "idempotency_conflict",
            _(
                "Der Idempotenzschlüssel „%(key)s“ wurde schon für einen anderen Zug (#%(move)d) verwendet; "
                "nimm für einen neuen Zug einen neuen Schlüssel."
            )
            % {"key": key, "move": existing.pk},
            {"field": "idempotency_key", "idempotency_key": key, "move": existing.pk},
        )
    return existing


def resolve_move(move_id: int) -> str:
    """Apply a pending move to its match. Safe to run twice: anything but a pending move is left alone."""
    if settings.IS_POSTGRES and _resolve_unlocked(move_id):
        return MoveStatus.APPLIED
    with transaction.atomic():
        # One statement: the move, its seat and its match, the match row (and the move) locked. A second
        # delivery of the same task waits here and then reads the move's new status (PostgreSQL re-reads
        # the locked rows once the lock is granted).
        if settings.IS_POSTGRES:  # the same in one precompiled statement, with all seats and their users
            move = applied_write.lock_and_read(move_id)
        else:
            move = (
                Move.objects.select_related("seat", "match")
                .select_for_update(of=("self", "match"))
                .annotate(last_event=_LAST_EVENT)
                .filter(pk=move_id)
                .first()
            )
            if move is not None:
                move.match._last_event_sequence = move.last_event or 0
        if move is None:
            return "missing"
        match = move.match
        if move.status != MoveStatus.PENDING:
            return move.status
        if match.status != MatchStatus.RUNNING:
            _close(move, MoveStatus.REJECTED, "match_not_running", Text(gettext_noop("Die Partie läuft nicht mehr.")))
            return move.status
        if move.version != match.version:
            _close(
                move,
                MoveStatus.STALE,
                "stale",
                Text(
                    gettext_noop("Der Zug galt für Version %(sent)d, die Partie ist schon bei Version %(now)d."),
                    {"sent": move.version, "now": match.version},
                ),
            )
            return move.status
        _apply(match, move)
        return move.status


def _resolve_unlocked(move_id: int) -> bool:
    """The common case in two round trips and no explicit transaction: read without a lock, run the engine,
    then write and commit in one statement that first locks the match and the move and checks they are
    still as read (matches/applied_write.py). True if the move is applied.

    Anything else is left to the locked path, which decides as before: a move not pending, a stale
    version, an illegal move or an engine error, a game that ends, a resigned seat, and a write that found
    the match or the move changed meanwhile or an event number taken meanwhile (then it wrote nothing)."""
    move = applied_write.read(move_id)
    if move is None or move.status != MoveStatus.PENDING:
        return False
    match = move.match
    seats = match._seats_with_users
    if match.status != MatchStatus.RUNNING or move.version != match.version or any(s.resigned for s in seats):
        return False
    game = _engine(match.engine)
    before = set(game.current_seats(match.state))
    try:
        outcome = game.apply(_working_state(match), move.seat.order, move.action)
    except Exception:  # illegal, or an engine bug: the locked path runs it again, rejects it and logs
        return False
    if game.result(outcome[0]) is not None:
        return False
    # Inside a caller's transaction (tests) a failed statement must not break it: a savepoint then.
    guard = transaction.atomic() if transaction.get_connection().in_atomic_block else nullcontext()
    try:
        with guard:
            return _apply_in_one_statement(match, game, move, outcome, before, seats)
    except IntegrityError:  # an event number taken meanwhile (a framework event): nothing was written
        return False


# The match's last event number, read in the same statement that locks the match (no second query).
_LAST_EVENT = Subquery(Event.objects.filter(match_id=OuterRef("match_id")).order_by("-sequence").values("sequence")[:1])


def _close(move: Move, status: str, code: str, text: Text) -> None:
    move.status, move.error_code, move.error = status, code, text.to_json()
    move.resolved_at = timezone.now()
    move.save(update_fields=["status", "error_code", "error", "resolved_at"])
    live.changed(move.match_id)  # the mover's page shows why


def _apply(match: Match, move: Move) -> None:
    """Run one move through the engine on the locked match; state untouched unless it is legal."""
    game = _engine(match.engine)
    before = set(game.current_seats(match.state))
    outcome = _run_engine(match, game, move)
    if outcome is None:
        return
    seats = _seats_with_users(match)
    state = outcome[0]
    if settings.IS_POSTGRES and not any(s.resigned for s in seats) and game.result(state) is None:
        if not _apply_in_one_statement(match, game, move, outcome, before, seats):
            raise RuntimeError(f"move {move.pk}: the locked match changed under its lock")
        return
    _record(match, move, outcome)
    _auto_moves_for_resigned(match, game, seats)
    _after_change(match, game, before, seats, actor_id=move.seat.user_id)


def _apply_in_one_statement(match: Match, game, move: Move, outcome, before: set[int], seats: list[Seat]) -> bool:
    """The common case (the game goes on, nobody resigned) on PostgreSQL: the same rows as _record +
    _after_change + _notify_turn write, in one statement (matches/applied_write.py). False, with nothing
    written, if the match or the move is no longer as read (only possible when read without a lock)."""
    state, events = outcome
    now = timezone.now()
    match.state, match.version, match.updated_at = state, match.version + 1, now
    move.status, move.applied_version, move.resolved_at = MoveStatus.APPLIED, match.version, now
    after = set(game.current_seats(state))
    if after != before:
        match.turn_started_at, match.reminded_at = now, None
    users = _newly_on_turn(seats, after - before)
    text = Text(TURN_NOTICE)
    outbox_ids = applied_write.write_applied(
        match,
        move,
        events,
        now,
        turn_changed=after != before,
        notice_users=[u.pk for u in users],
        notice_kind="turn",
        notice_text=text.to_json(),
        mail_kind=notifications.MAIL_KIND,
        mail_users=notifications.mail_now([u for u in users if u.pk != move.seat.user_id]),  # not the mover
    )
    if outbox_ids is None:
        return False
    if outbox_ids:
        outbox.hand_over_after_commit(outbox_ids, marked=True)
    live.changed(match.pk)
    _schedule_computer(match, game, seats)
    return True


def _seats_with_users(match: Match) -> list[Seat]:
    """All seats with their users and mail settings in one query (resigned seats for the automatic moves,
    users and their mail preference for the notices); read with the lock on PostgreSQL (resolve_move)."""
    known = getattr(match, "_seats_with_users", None)
    if known is not None:
        return known
    return list(Seat.objects.filter(match=match).select_related("user", "user__match_settings"))


def _write_match(match: Match, *fields: str) -> None:
    """Write only what a move changes (no full-row save): state, version, the given fields, updated_at."""
    match.updated_at = timezone.now()
    values = {name: getattr(match, name) for name in ("state", "version", "updated_at", *fields)}
    Match.objects.filter(pk=match.pk).update(**values)


def _apply_one(match: Match, game, move: Move) -> bool:
    outcome = _run_engine(match, game, move)
    if outcome is None:
        return False
    _record(match, move, outcome)
    return True


def _run_engine(match: Match, game, move: Move):
    """(new state, events) of a legal move; None after closing an illegal one as rejected."""
    try:
        return game.apply(_working_state(match), move.seat.order, move.action)
    except IllegalAction as exc:
        _close(move, MoveStatus.REJECTED, exc.code, exc.text)
    except Exception:  # an engine bug or a malformed action it did not foresee: reject, keep the state
        logger.exception("engine %s failed on move %s", match.engine, move.pk)
        _close(
            move, MoveStatus.REJECTED, "engine_error", Text(gettext_noop("Dieser Zug konnte nicht ausgewertet werden."))
        )
    return None


def _working_state(match: Match):
    """A copy of the match's state for the engine to change: the stored JSON as read (applied_write), good
    once, decoded afresh (cheaper than a deepcopy), or else a deep copy."""
    text = match.__dict__.pop("_state_text", None)
    return json.loads(text) if text is not None else copy.deepcopy(match.state)


def _record(match: Match, move: Move, outcome) -> None:
    """Write an applied move with the ORM: the move's status, the new state and version, its events."""
    state, events = outcome
    match.state = state
    match.version += 1
    move.status, move.applied_version, move.resolved_at = MoveStatus.APPLIED, match.version, timezone.now()
    Move.objects.filter(pk=move.pk).update(
        status=move.status, applied_version=move.applied_version, resolved_at=move.resolved_at
    )
    _add_events(match, events, move)


def _auto_moves_for_resigned(match: Match, game, seats: list[Seat]) -> None:
    """Seats that resigned in a game that goes on are moved by the engine's default action."""
    resigned = {s.order: s for s in seats if s.resigned}
    for _step in range(MAX_AUTO_MOVES):
        if not resigned or game.result(match.state) is not None:
            return
        waiting = [s for s in game.current_seats(match.state) if s in resigned]
        if not waiting:
            return
        seat = resigned[waiting[0]]
        action = game.default_action(match.state, seat.order)
        move = Move.objects.create(match=match, seat=seat, action=action, version=match.version, automatic=True)
        if not _apply_one(match, game, move):
            return


def _after_change(match: Match, game, before: set[int], seats: list[Seat], actor_id: int | None = None) -> None:
    result = game.result(match.state)
    if result is not None:
        _finish(match, result.to_json(), seats)
        return
    after = set(game.current_seats(match.state))
    if after != before:
        match.turn_started_at = timezone.now()
        match.reminded_at = None
        _write_match(match, "turn_started_at", "reminded_at")
    else:
        _write_match(match)
    _notify_turn(match, game, before, seats, actor_id)
    _schedule_computer(match, game, seats)


def _schedule_computer(match: Match, game, seats: list[Seat]) -> None:
    """A computer seat on turn plays through the same pipeline: its task is sent after commit."""
    current = set(game.current_seats(match.state))
    if any(s.order in current and not s.resigned and s.bot_level for s in seats):
        match_id, version = match.pk, match.version
        transaction.on_commit(lambda: enqueue_computer_turn(match_id, version))


def enqueue_computer_turn(match_id: int, version: int) -> bool:
    """Hand a computer seat's turn to the broker (eager: play it now); a failure only logs (swept later)."""
    try:
        queue.send(COMPUTER_TASK, (match_id, version), retry=False)
    except Exception:
        logger.warning("could not play the computer's turn in match %s", match_id, exc_info=True)
        return False
    return True


def _finish(match: Match, result: dict, seats: list[Seat]) -> None:
    match.status = MatchStatus.FINISHED
    match.result = result
    match.turn_started_at = None
    _write_match(match, "status", "result", "turn_started_at")
    update_ratings(match)  # a rated match counts once (matches/ratings.py)
    users = [s.user for s in seats if s.user]
    notify(match, users, "finished", Text(gettext_noop("Die Partie ist beendet.")))


def _newly_on_turn(seats: list[Seat], new: set[int]) -> list:
    """The users to tell "Du bist am Zug": those whose seat came on turn, not resigned, not a computer."""
    return [s.user for s in seats if s.order in new and not s.resigned and s.user]


def _notify_turn(match: Match, game, before: set[int], seats: list[Seat], actor_id: int | None = None) -> None:
    new = set(game.current_seats(match.state)) - before
    if not new:
        return
    users = _newly_on_turn(seats, new)
    notify(match, users, "turn", Text(TURN_NOTICE), actor_id=actor_id)


@transaction.atomic
def resign(match: Match, user) -> Match:
    match = _locked(match)
    seat = _seat_of(match, user)
    if seat is None:
        raise MatchError("not_participant", _("Du sitzt nicht an diesem Tisch."))
    if match.status != MatchStatus.RUNNING:
        raise MatchError("match_not_running", _("Aufgeben geht nur in einer laufenden Partie."))
    if seat.resigned:
        raise MatchError("resigned", _("Du hast schon aufgegeben."))
    _resign_seat(match, seat)
    return match


def _resign_seat(match: Match, seat: Seat) -> None:
    game = _engine(match.engine)
    before = set(game.current_seats(match.state))
    seat.resigned = True
    seat.save(update_fields=["resigned"])
    _framework_event(match, gettext_noop("%(player)s gibt auf."), seat=seat.order)
    Move.objects.filter(seat=seat, status=MoveStatus.PENDING).update(
        status=MoveStatus.REJECTED, error_code="resigned", resolved_at=timezone.now()
    )
    seats = _seats_with_users(match)
    active = sorted(s.order for s in seats if not s.resigned)
    if len(active) <= 1 or not any(not s.resigned and not s.bot_level for s in seats):
        # the last person left: computers do not play on among themselves
        reason = Text(gettext_noop("%(player)s hat aufgegeben."), {"seat": seat.order})
        _finish(match, {"winners": active, "reason": reason.to_json(), "scores": {}}, seats)
        return
    _auto_moves_for_resigned(match, game, seats)
    _after_change(match, game, before, seats)


# --- the thread --------------------------------------------------------------------------------------


@transaction.atomic
def post(match: Match, user, text: str) -> Post:
    if _seat_of(match, user) is None:
        raise MatchError("not_participant", _("Nur wer an diesem Tisch sitzt, kann hier schreiben."))
    text = (text or "").strip() if isinstance(text, str) else ""
    if not text:
        raise MatchError("post_empty", _("Der Beitrag ist leer."), {"field": "text"})
    if found := text_guard.refusal(text, _("Der Beitrag")):
        message, details = found
        raise MatchError("post_invalid_character", message, {"field": "text", **details})
    if len(text) > MAX_POST:
        raise MatchError(
            "post_too_long",
            _("Der Beitrag ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
            % {"length": len(text), "max": MAX_POST},
            {"field": "text"},
        )
    created = Post.objects.create(match=match, author=user, text=text)
    _notify_addressed(match, user, text)
    live.changed(match.pk)
    return created


def _notify_addressed(match: Match, author, text: str) -> None:
    """A post that names a player at the table with @name is a notice (and a mail) for that player."""
    import re

    wanted = {name.rstrip(".").lower() for name in re.findall(r"@([\w.+-]+)", text)}
    if not wanted:
        return
    seated = Seat.objects.filter(match=match).exclude(user=None).exclude(user=author).select_related("user")
    users = [s.user for s in seated if s.user.username.lower() in wanted]
    notify(
        match,
        users,
        "post",
        Text(gettext_noop("%(name)s schreibt dir: „%(text)s“"), {"name": author.username, "text": text[:300]}),
    )


# --- deadlines and the outbox sweep ----------------------------------------------------------------------


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
    game = _engine(match.engine)
    length = timedelta(days=match.turn_days)
    deadline = match.turn_started_at + length
    current = game.current_seats(match.state)
    if now >= deadline:
        seats = list(Seat.objects.filter(match=match, order__in=current, resigned=False).select_related("user"))
        started = match.turn_started_at
        for seat in seats:
            if match.status != MatchStatus.RUNNING or seat.order not in game.current_seats(match.state):
                continue
            _framework_event(match, gettext_noop("Die Bedenkzeit von %(player)s ist abgelaufen."), seat=seat.order)
            if match.deadline_policy == DeadlinePolicy.RESIGN:
                _resign_seat(match, seat)
                continue
            before = set(game.current_seats(match.state))
            action = game.default_action(match.state, seat.order)
            move = Move.objects.create(match=match, seat=seat, action=action, version=match.version, automatic=True)
            if _apply_one(match, game, move):
                everyone = _seats_with_users(match)
                _auto_moves_for_resigned(match, game, everyone)
                _after_change(match, game, before, everyone)
            else:  # an engine whose default action is not legal: the seat resigns rather than blocking
                _resign_seat(match, seat)
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


def sweep_pending_moves(older_than_seconds: float = 5.0) -> int:
    """Re-enqueue moves still pending after a while (the broker was down, or a worker died)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    ids = list(
        Move.objects.filter(status=MoveStatus.PENDING, created_at__lte=cutoff).values_list("pk", flat=True)[:1000]
    )
    return sum(1 for move_id in ids if enqueue_resolution(move_id))
