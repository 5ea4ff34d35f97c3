"""A match from its creation to its start, and the ways out: invite, accept, decline, join, leave, start,
abandon, resign."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import plugins
from ..engine import rng
from ..engine.base import IllegalAction, Text, gettext_noop
from ..errors import MatchError
from ..models import BotLevel, DeadlinePolicy, Match, MatchStatus, Move, MoveStatus, Seat
from ..notifications import notify
from .events import framework_event
from .lookups import engine_of, illegal, locked, seat_of, seats_with_users
from .progress import after_change, auto_moves_for_resigned, finish, notify_turn, schedule_computer

# Names of computer seats (Ents), the level is added: "Baumbart (stark)".
COMPUTER_NAMES = ["Baumbart", "Flinkbaum", "Buchenbein"]
MAX_TURN_DAYS = 60
COLOURS = ["rot", "blau", "grün", "gelb", "schwarz", "weiß"]


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
    game = engine_of(engine)
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
        raise illegal(exc, "options") from exc
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
    framework_event(match, gettext_noop("%(creator)s hat die Partie angelegt."), creator=user.username)
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
    match = locked(match)
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
    match = locked(match)
    seat = _invitation(match, user)
    if match.status != MatchStatus.OPEN:
        raise MatchError("match_not_open", _("Die Partie hat schon begonnen oder ist vorbei."))
    seat.invitation_pending, seat.joined_at = False, timezone.now()
    seat.save(update_fields=["invitation_pending", "joined_at"])
    framework_event(match, gettext_noop("%(name)s nimmt die Einladung an und nimmt Platz."), name=user.username)
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
    match = locked(match)
    seat = _invitation(match, user)
    seat.user, seat.invitation_pending, seat.joined_at = None, False, None
    seat.save(update_fields=["user", "invitation_pending", "joined_at"])
    framework_event(match, gettext_noop("%(name)s lehnt die Einladung ab."), name=user.username)


@transaction.atomic
def join(match: Match, user) -> Seat:
    match = locked(match)
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
    framework_event(match, gettext_noop("%(name)s nimmt Platz."), name=user.username)
    notify(
        match,
        [match.created_by],
        "joined",
        Text(gettext_noop("%(name)s ist deiner Partie beigetreten."), {"name": user.username}),
    )
    return seat


@transaction.atomic
def leave(match: Match, user) -> None:
    match = locked(match)
    seat = seat_of(match, user)
    if seat is None:
        raise MatchError("not_participant", _("Du sitzt nicht an diesem Tisch."))
    if match.status != MatchStatus.OPEN:
        raise MatchError("match_not_open", _("Die Partie läuft schon; du kannst nur noch aufgeben."))
    if match.created_by_id == user.pk:
        raise MatchError("creator_cannot_leave", _("Wer die Partie angelegt hat, kann sie nur abbrechen."))
    seat.user, seat.joined_at = None, None
    seat.save(update_fields=["user", "joined_at"])
    framework_event(match, gettext_noop("%(name)s verlässt den Tisch."), name=user.username)


@transaction.atomic
def start(match: Match, user, actor=None) -> Match:
    """``user`` must be the creator; ``actor``, who made it start (the creator, or the last invitee to accept a
    rematch), is not mailed that it is their turn: they are here."""
    match = locked(match)
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
    game = engine_of(match.engine)
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
        raise illegal(exc, "options") from exc
    match.status = MatchStatus.RUNNING
    match.version = 0
    match.turn_started_at = timezone.now()
    match.save()
    framework_event(
        match, gettext_noop("Die Partie beginnt. Reihenfolge: %(order_players)s."), order_seats=list(range(len(seats)))
    )
    seats = seats_with_users(match)
    notify_turn(match, game, set(), seats, actor_id)
    schedule_computer(match, game, seats)


@transaction.atomic
def abandon(match: Match, user) -> Match:
    match = locked(match)
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
    framework_event(match, gettext_noop("Die Partie wurde abgebrochen."))
    return match


@transaction.atomic
def resign(match: Match, user) -> Match:
    match = locked(match)
    seat = seat_of(match, user)
    if seat is None:
        raise MatchError("not_participant", _("Du sitzt nicht an diesem Tisch."))
    if match.status != MatchStatus.RUNNING:
        raise MatchError("match_not_running", _("Aufgeben geht nur in einer laufenden Partie."))
    if seat.resigned:
        raise MatchError("resigned", _("Du hast schon aufgegeben."))
    resign_seat(match, seat)
    return match


def resign_seat(match: Match, seat: Seat) -> None:
    game = engine_of(match.engine)
    before = set(game.current_seats(match.state))
    seat.resigned = True
    seat.save(update_fields=["resigned"])
    framework_event(match, gettext_noop("%(player)s gibt auf."), seat=seat.order)
    Move.objects.filter(seat=seat, status=MoveStatus.PENDING).update(
        status=MoveStatus.REJECTED, error_code="resigned", resolved_at=timezone.now()
    )
    seats = seats_with_users(match)
    active = sorted(s.order for s in seats if not s.resigned)
    if len(active) <= 1 or not any(not s.resigned and not s.bot_level for s in seats):
        # the last person left: computers do not play on among themselves
        reason = Text(gettext_noop("%(player)s hat aufgegeben."), {"seat": seat.order})
        finish(match, {"winners": active, "reason": reason.to_json(), "scores": {}}, seats)
        return
    auto_moves_for_resigned(match, game, seats)
    after_change(match, game, before, seats)
