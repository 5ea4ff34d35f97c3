"""Reads for matches. Everything a reader sees of the game comes from ``engine.view(state, seat)``."""

from __future__ import annotations

import copy
import functools
import marshal
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Exists, Max, OuterRef, Prefetch, Q
from django.utils.translation import get_language

from core import raw_rows

from .engine import registry
from .engine.base import is_text_json
from .errors import MatchError
from .models import Event, Match, MatchStatus, Move, MoveStatus, Post, Rating, Seat, TakebackRequest, TakebackStatus
from .texts import render, seat_name


def visible_matches(user):
    """Public matches, plus private ones the user sits in (staff see all)."""
    matches = Match.objects.all()
    if user.is_authenticated and user.is_staff:
        return matches
    visible = Q(is_public=True)
    if user.is_authenticated:
        visible |= Q(Exists(Seat.objects.filter(match=OuterRef("pk"), user=user)))
    return matches.filter(visible)


def with_seats(matches):
    return matches.select_related("created_by").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("slot"))
    )


# How long a move list stays cached for its position (the key names the version: a move makes it stale at once).
LEGAL_CACHE_SECONDS = 600

# What a submitted move does not need of its match (MECCG's state alone is ~100 KiB of JSON).
NOT_FOR_SUBMIT = ("state", "result")


_MAX_ID = 2**63 - 1  # a bigint: a larger number in the address is no match (and no database error)


def own_seat_for_move(user, match_id) -> Seat | None:
    """The user's accepted seat at this match, with the match (without its state), in one query.

    Written once per process as SQL (core/raw_rows.py): on every submitted move, compiling the same ORM
    query cost more than running it."""
    if not user.is_authenticated or not str(match_id).isdigit() or int(match_id) > _MAX_ID:
        return None
    seat_fields, match_fields = _submit_fields()
    with raw_rows.run(_own_seat_sql(), [int(match_id), user.pk]) as cursor:
        row = cursor.fetchone()
    if row is None:
        return None
    (seat, match), _rest = raw_rows.instances(row, (Seat, seat_fields), (Match, match_fields))
    seat._state.fields_cache["match"] = match
    return seat


@functools.cache
def _submit_fields():
    return raw_rows.fields_of(Seat), raw_rows.fields_of(Match, exclude=NOT_FOR_SUBMIT)


@functools.cache
def _own_seat_sql() -> str:
    seat_fields, match_fields = _submit_fields()
    return (
        f"SELECT {raw_rows.columns(seat_fields, 's')}, {raw_rows.columns(match_fields, 'm')} "  # noqa: S608 (identifiers from the models' meta, values as parameters)
        f'FROM "{Seat._meta.db_table}" s JOIN "{Match._meta.db_table}" m ON m."id" = s."match_id" '
        f'WHERE s."match_id" = %s AND s."user_id" = %s AND NOT s."invitation_pending"'
    )


def seat_of(match: Match, user) -> Seat | None:
    if not user.is_authenticated:
        return None
    for seat in match.seats.all():
        if seat.user_id == user.pk and not seat.invitation_pending:
            return seat
    return None


def invitation_of(match: Match, user) -> Seat | None:
    """The seat held for ``user`` by an invitation not yet accepted."""
    if not user.is_authenticated:
        return None
    for seat in match.seats.all():
        if seat.user_id == user.pk and seat.invitation_pending:
            return seat
    return None


def names(match: Match) -> dict[int, str]:
    return {s.order: s.display_name for s in match.seats.all() if s.order is not None and (s.user or s.bot_level)}


def current_seats(match: Match) -> list[int]:
    if match.status != MatchStatus.RUNNING or match.state is None:
        return []
    engine = registry.get(match.engine)
    return engine.current_seats(match.state) if engine else []


@dataclass
class LobbyRow:
    match: Match
    engine_name: str
    game_name: str
    my_turn: bool = False
    waiting_for: list[str] = field(default_factory=list)
    free_seats: int = 0


def engine_name(match: Match) -> str:
    from django.utils.translation import gettext

    engine = registry.get(match.engine)
    return gettext(engine.name) if engine else match.engine


def game_name(match: Match) -> str:
    """The dice table's game (an option), else the engine's own name."""
    engine = registry.get(match.engine)
    game = (match.options or {}).get("game")
    if engine and game and hasattr(engine, "game_choices"):
        return dict(engine.game_choices()).get(game, game)
    return engine_name(match)


def _row(match: Match, user) -> LobbyRow:
    current = set(current_seats(match))
    seat = seat_of(match, user)
    by_order = names(match)
    return LobbyRow(
        match=match,
        engine_name=engine_name(match),
        game_name=game_name(match),
        my_turn=bool(seat and seat.order in current and not seat.resigned),
        waiting_for=[seat_name(by_order, s) for s in sorted(current)],
        free_seats=sum(1 for s in match.seats.all() if s.user_id is None and not s.bot_level),
    )


def lobby(user, limit: int = 50) -> dict[str, list[LobbyRow]]:
    """Open public matches to join (not mine) and my matches (running first), constant queries."""
    free = Seat.objects.filter(match=OuterRef("pk"), user=None, bot_level="")
    open_matches = (
        with_seats(Match.objects.filter(status=MatchStatus.OPEN, is_public=True).filter(Exists(free)))
        .annotate(n=Count("pk"))
        .order_by("-created_at")
    )
    mine: list[Match] = []
    if user.is_authenticated:
        open_matches = open_matches.exclude(seats__user=user)
        mine = list(with_seats(Match.objects.filter(seats__user=user)).order_by("status", "-updated_at")[:limit])
    rows_mine = [_row(m, user) for m in mine]
    rows_mine.sort(key=lambda r: (r.match.status != MatchStatus.RUNNING, not r.my_turn))
    return {"open": [_row(m, user) for m in open_matches[:limit]], "mine": rows_mine}


def get_visible(user, pk: int) -> Match:
    match = with_seats(visible_matches(user)).filter(pk=pk).first()
    if match is None:
        raise MatchError("not_found", "Partie nicht gefunden.")
    return match


def _state_copy(state):
    """A copy of a match state for an engine to read (states are plain JSON: marshal copies them some seven times
    faster than deepcopy, which stays the fallback)."""
    try:
        return marshal.loads(marshal.dumps(state))  # noqa: S302 - our own bytes, made one line above
    except ValueError:
        return copy.deepcopy(state)


def view_for(match: Match, seat: Seat | None) -> dict[str, Any] | None:
    """The engine's view for this seat (None: a spectator); None before the start."""
    if match.state is None:
        return None
    engine = registry.get(match.engine)
    order = seat.order if seat is not None else None
    return engine.view(_state_copy(match.state), order)


def legal_for(match: Match, seat: Seat | None) -> list[dict]:
    if seat is None or seat.resigned or match.status != MatchStatus.RUNNING:
        return []
    # The list is a function of the position (the version), the seat and the reader's language: a client that asks
    # again before anybody moved gets it from the cache (issue 31: the move list under load).
    born = match.created_at.timestamp() if match.created_at else 0  # a match id may come back (tests, restores)
    key = f"matches:legal:{match.pk}:{born}:{match.version}:{seat.order}:{get_language()}"
    cached = cache.get(key)
    if cached is not None:
        return cached
    actions = _legal_rendered(match, seat)
    cache.set(key, actions, LEGAL_CACHE_SECONDS)
    return actions


def _legal_rendered(match: Match, seat: Seat) -> list[dict]:
    engine = registry.get(match.engine)
    actions = engine.legal_actions(_state_copy(match.state), seat.order)
    # A move's label may be an engine text (``Text`` as JSON): the reader gets a string in their language; so do the
    # labels of a move's form (its fields and their options), where the engine gives one.
    if any(is_text_json(a.get("label")) or a.get("form") for a in actions):
        by_order = names(match)
        actions = [_rendered(a, by_order) for a in actions]
    return actions


def _rendered(entry: dict, by_order: dict) -> dict:
    out = {**entry, "label": render(entry["label"], by_order)} if is_text_json(entry.get("label")) else dict(entry)
    if isinstance(out.get("form"), list):
        out["form"] = [
            {
                **_rendered(field, by_order),
                **(
                    {"options": [_rendered(option, by_order) for option in field["options"]]}
                    if isinstance(field.get("options"), list)
                    else {}
                ),
            }
            for field in out["form"]
        ]
    return out


def _public_data(match: Match) -> bool:
    engine = registry.get(match.engine)
    return bool(getattr(engine, "public_event_data", False))


def events_after(match: Match, since: int = 0):
    return Event.objects.filter(match=match, sequence__gt=since).order_by("sequence")


def events_for(match: Match, seat: Seat | None, since: int = 0, limit: int | None = None) -> list[dict]:
    """Events after ``since`` as this seat may read them: public text plus its own private text."""
    events = events_after(match, since)
    return event_rows(match, seat, events[:limit] if limit else events)


def event_rows(match: Match, seat: Seat | None, events) -> list[dict]:
    """These events (a page of them) as this seat may read them."""
    order = str(seat.order) if seat is not None and seat.order is not None else None
    by_order = names(match)
    public_data = _public_data(match)
    taken_back = set(Move.objects.filter(match=match, status=MoveStatus.TAKEN_BACK).values_list("pk", flat=True))
    rows = []
    for event in events:
        private = event.private.get(order) if order is not None else None
        row = {
            "sequence": event.sequence,
            "text": render(event.public, by_order),
            "private": render(private, by_order) if private else "",
            "created_at": event.created_at,
            "move": event.move_id,
            "taken_back": event.move_id in taken_back,
        }
        if public_data:
            row["data"] = event.data
        rows.append(row)
    return rows


def posts_of(match: Match):
    return Post.objects.filter(match=match).select_related("author").order_by("created_at", "id")


def thread(match: Match, seat: Seat | None) -> list[dict]:
    """The log interleaved with the thread's posts, oldest first."""
    items = [{"kind": "event", **e} for e in events_for(match, seat)]
    items += [{"kind": "post", "post": p, "created_at": p.created_at} for p in posts_of(match)]
    items.sort(key=lambda item: item["created_at"])
    return items


def my_moves(match: Match, seat: Seat | None, limit: int = 5) -> list[Move]:
    if seat is None:
        return []
    return list(Move.objects.filter(seat=seat, automatic=False).order_by("-id")[:limit])


def last_error(match: Match, seat: Seat | None) -> str:
    """The engine's message if my latest move was rejected or stale, else ''."""
    moves = my_moves(match, seat, limit=1)
    if moves and moves[0].status in (MoveStatus.REJECTED, MoveStatus.STALE):
        return render(moves[0].error, names(match))
    return ""


def has_pending(match: Match, seat: Seat | None) -> bool:
    return bool(seat) and Move.objects.filter(seat=seat, status=MoveStatus.PENDING).exists()


def result_text(match: Match) -> str:
    if not match.result:
        return ""
    by_order = names(match)
    winners = [seat_name(by_order, s) for s in match.result.get("winners", [])]
    reason = render(match.result.get("reason"), by_order)
    from django.utils.translation import gettext

    who = ", ".join(winners) if winners else gettext("niemand")
    text = gettext("Gewonnen: %(who)s. %(reason)s") % {"who": who, "reason": reason}
    scores = match.result.get("scores") or {}
    if scores:  # every total is open at the end
        totals = ", ".join(
            f"{seat_name(by_order, int(seat))} {score}"
            for seat, score in sorted(scores.items(), key=lambda i: int(i[0]))
        )
        text += " " + gettext("Punkte: %(totals)s.") % {"totals": totals}
    return text


def _applied_moves(match: Match) -> list[Move]:
    return list(
        Move.objects.filter(match=match, status=MoveStatus.APPLIED).select_related("seat").order_by("applied_version")
    )


def rebuild_state(match: Match, moves: list[Move] | None = None) -> dict[str, Any]:
    """The state rebuilt from the seed and the applied moves (server side only: it holds the secrets)."""
    engine = registry.get(match.engine)
    state = engine.setup(match.players, match.options, match.seed)
    for move in _applied_moves(match) if moves is None else moves:
        state, _events = engine.apply(state, move.seat.order, move.action)
    return state


def replay(match: Match, step: int) -> dict[str, Any]:
    """The spectator's view after ``step`` applied moves, rebuilt from the seed and the move log."""
    engine = registry.get(match.engine)
    moves = _applied_moves(match)
    step = max(0, min(step, len(moves)))
    state = rebuild_state(match, moves[:step])
    last_version = moves[step - 1].applied_version if step else 0
    events = (
        Event.objects.filter(match=match)
        .exclude(move__status=MoveStatus.TAKEN_BACK)
        .select_related("move")
        .order_by("sequence")
    )
    if step < len(moves):
        cutoff = moves[step].created_at
        events = events.filter(Q(move__applied_version__lte=last_version) | Q(move__isnull=True, created_at__lt=cutoff))
    by_order = names(match)
    current = moves[step - 1].pk if step else None
    # public texts only: a replay is the spectator's view, during the match as after it
    rows = [
        {"text": render(e.public, by_order), "current": current is not None and e.move_id == current} for e in events
    ]
    return {
        "step": step,
        "steps": len(moves),
        "view": engine.view(state, None),
        "events": rows,
        "mover": moves[step - 1].seat.order if step else None,
    }


# --- what the match pages add: identities, time, the turn badge, takebacks, ratings -------------------


def seat_colour(match: Match, seat: Seat) -> str:
    """The seat's colour word in the reader's language (the engine's own colours where it has them)."""
    from django.utils.translation import gettext

    return gettext(seat.colour) if seat.colour else ""


def seat_rows(match: Match, viewer: Seat | None = None) -> list[dict[str, Any]]:
    """One identity per seat: number (the engine's seat + 1), name, colour, rating; in seat order once started."""
    current = set(current_seats(match))
    ratings = ratings_of(match)
    seats = sorted(match.seats.all(), key=lambda s: (s.order is None, s.order if s.order is not None else s.slot))
    rows = []
    for seat in seats:
        rows.append(
            {
                "seat": seat,
                "number": seat.order + 1 if seat.order is not None else None,
                "name": seat.display_name,  # the user, or the computer's name and level
                "colour": seat_colour(match, seat),
                "colour_key": seat.colour,
                "rating": ratings.get(seat.user_id),
                "current": seat.order in current and not seat.resigned,
                "me": viewer is not None and seat.pk == viewer.pk,
            }
        )
    return rows


def ratings_of(match: Match) -> dict[int, int]:
    user_ids = [s.user_id for s in match.seats.all() if s.user_id]
    rows = Rating.objects.filter(engine=match.engine, user_id__in=user_ids).values_list("user_id", "rating")
    return {user_id: round(rating) for user_id, rating in rows}


def deadline(match: Match):
    from datetime import timedelta

    if match.status != MatchStatus.RUNNING or match.turn_started_at is None:
        return None
    return match.turn_started_at + timedelta(days=match.turn_days)


def time_left(match: Match, now=None) -> float | None:
    """Seconds until the turn deadline (0 when it has passed), None when no clock runs."""
    from django.utils import timezone

    end = deadline(match)
    if end is None:
        return None
    return max(0.0, (end - (now or timezone.now())).total_seconds())


def my_turn_matches(user) -> list[Match]:
    """Running matches where the user's seat may act now (the header badge and its list)."""
    if not user.is_authenticated:
        return []
    matches = with_seats(
        Match.objects.filter(status=MatchStatus.RUNNING, seats__user=user, seats__resigned=False)
    ).order_by("turn_started_at")
    found = []
    for match in matches:
        seat = seat_of(match, user)
        if seat is not None and seat.order in current_seats(match):
            found.append(match)
    return found


def since_my_last_move(match: Match, seat: Seat | None) -> list[dict]:
    """The events after my last move (what the others did meanwhile), as my seat may read them."""
    if seat is None:
        return []
    # The last event of my last applied move, in one query (its events come last of all of mine).
    after = Event.objects.filter(
        match=match, move__seat=seat, move__status=MoveStatus.APPLIED, move__automatic=False
    ).aggregate(last=Max("sequence"))["last"]
    if after is None:
        return []
    return [e for e in events_for(match, seat, since=after) if not e["taken_back"]]


def last_applied_move(match: Match) -> Move | None:
    return (
        Move.objects.filter(match=match, status=MoveStatus.APPLIED)
        .select_related("seat")
        .order_by("-applied_version")
        .first()
    )


def open_takeback(match: Match) -> TakebackRequest | None:
    return TakebackRequest.objects.filter(match=match, status=TakebackStatus.OPEN).select_related("seat__user").first()


def takeback_state(match: Match, seat: Seat | None) -> dict[str, Any]:
    """What the takeback box shows: the open request, whether I may ask or answer."""
    state = {"request": None, "can_request": False, "can_answer": False}
    if match.status != MatchStatus.RUNNING or seat is None or seat.resigned:
        return state
    request = open_takeback(match)
    if request is not None and request.version == match.version:
        state["request"] = request
        state["can_answer"] = request.seat_id != seat.pk and str(seat.order) not in request.answers
        return state
    last = last_applied_move(match)
    state["can_request"] = bool(
        last and last.seat_id == seat.pk and not last.automatic and last.applied_version == match.version
    )
    return state


def leaderboard(engine: str, limit: int = 100) -> list[Rating]:
    return list(Rating.objects.filter(engine=engine, games__gt=0).select_related("user").order_by("-rating")[:limit])


def last_move_events(match: Match, seat: Seat | None) -> list[dict]:
    """The events of the last applied move (the move and what it brought), as this seat may read them."""
    last = last_applied_move(match)
    if last is None:
        return []
    first = Event.objects.filter(match=match, move=last).order_by("sequence").values_list("sequence", flat=True).first()
    if first is None:
        return []
    return [e for e in events_for(match, seat, since=first - 1) if not e["taken_back"]]


def rejected_fields(match: Match, seat: Seat | None) -> dict[str, str]:
    """The typed fields of my latest rejected move (the path as "r,c r,c"), to fill the form again."""
    moves = my_moves(match, seat, limit=1)
    if not moves or moves[0].status not in (MoveStatus.REJECTED, MoveStatus.STALE):
        return {}
    action = moves[0].action if isinstance(moves[0].action, dict) else {}
    fields = {k: str(v) for k, v in action.items() if isinstance(v, (str, int)) and not isinstance(v, bool)}
    path = action.get("path") if isinstance(action.get("path"), list) else None
    if path is not None:
        fields["path"] = " ".join(f"{f[0]},{f[1]}" for f in path if isinstance(f, list) and len(f) == 2)
    return fields


def pending_moves_status() -> dict:
    """/healthz: the oldest pending move; not ok once it waited longer than HEALTH_PENDING_MOVE_SECONDS
    (no moves worker runs, or the workers do not keep up). Runs in a health-check thread."""
    from django.conf import settings
    from django.db import connection
    from django.utils import timezone

    limit = settings.HEALTH_PENDING_MOVE_SECONDS
    try:
        oldest = (
            Move.objects.filter(status=MoveStatus.PENDING)
            .order_by("created_at")
            .values_list("created_at", flat=True)
            .first()
        )
        pending = 0 if oldest is None else Move.objects.filter(status=MoveStatus.PENDING).count()
    except Exception as exc:  # the database check reports the outage itself
        return {"ok": False, "error": exc.__class__.__name__}
    finally:
        connection.close()  # a health-check thread must not keep its connection
    if oldest is None:
        return {"ok": True, "pending": 0, "oldest_seconds": 0, "limit_seconds": limit}
    age = (timezone.now() - oldest).total_seconds()
    return {"ok": age <= limit, "pending": pending, "oldest_seconds": round(age, 1), "limit_seconds": limit}
