"""Match pages: lobby, match page with thread, move/post forms (no JavaScript needed), replay."""

import functools
import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import plugins, rematch, selectors, services, takeback, throttles, views_live
from .engine import registry
from .engine.base import IllegalAction
from .errors import MatchError
from .forms import CreateMatchForm, PostForm, SettingsForm
from .models import MatchStatus, MoveStatus, Notice, PlayerSettings
from .texts import deadline_policy_text, duration

MOVE_FORM_KEY = "matches:move-form:%d"  # the typed move and its error, kept for the form after the redirect


def _match_or_404(request, pk):
    try:
        return selectors.get_visible(request.user, pk)
    except MatchError as exc:
        raise Http404(str(exc)) from exc


def _throttled(request, *classes):
    """429 with Retry-After and a German page when the user is over a play limit (matches/throttles.py)."""
    wait = throttles.page_wait(request, classes)
    if wait is None:
        return None
    response = render(request, "core/request_error.html", {"message": throttles.too_many_message(wait)}, status=429)
    response["Retry-After"] = str(max(1, int(wait + 0.999)))
    return response


def _include(match, part):
    """The engine's own template part (board/actions) if it has one."""
    engine = registry.get(match.engine)
    if engine is None:
        return None
    try:
        return select_template([f"matches/{registry.package_of(engine)}/{part}.html"])
    except TemplateDoesNotExist:  # the engine has no page part of its own
        return None


def index(request):
    form = CreateMatchForm() if request.user.is_authenticated else None
    context = {"lobby": selectors.lobby(request.user), "form": form, "game_links": plugins.lobby_links()}
    return render(request, "matches/index.html", context)


@login_required
@require_POST
def create(request):
    if refusal := _throttled(request, throttles.CreateThrottle):
        return refusal
    form = CreateMatchForm(request.POST)
    if form.is_valid():
        try:
            match = services.create_match(request.user, **form.service_kwargs())
        except MatchError as exc:
            field = exc.details.get("field")
            form.add_error(field if field in form.fields else ("game" if field == "options" else None), exc.message)
        else:
            messages.success(request, _("Die Partie ist angelegt."))
            return redirect(match)
    return render(request, "matches/index.html", {"lobby": selectors.lobby(request.user), "form": form}, status=400)


def _move_form(request, match, pending: bool) -> dict:
    """What the move form shows again after a failed move: the typed fields and the error beside the form."""
    key = MOVE_FORM_KEY % match.pk
    kept = request.session.get(key) if pending else request.session.pop(key, None)
    return kept or {}


def detail(request, pk):
    match = _match_or_404(request, pk)
    seat = selectors.seat_of(match, request.user)
    pending = selectors.has_pending(match, seat)
    left = selectors.time_left(match)
    if request.user.is_authenticated:  # opening the match reads its notices
        Notice.objects.filter(user=request.user, match=match, read_at=None).update(read_at=timezone.now())
    move_form = _move_form(request, match, pending)
    last_error = selectors.last_error(match, seat)
    rev = views_live.revision(match.pk)
    context = {
        "match": match,
        "seat": seat,
        # the live update (static/matches/live.js) replaces a part when its key changed: the move form and
        # board only for a new position, my move resolved or the status, not for a post (a half-chosen
        # move survives it)
        "live_rev": rev,
        "live_play_key": ".".join(rev.split(".")[:3] + rev.split(".")[4:] + [str(pending)]),
        "engine_name": selectors.engine_name(match),
        "game_name": selectors.game_name(match),
        "view": selectors.view_for(match, seat),
        # Only some engines' templates read it (Zwei Türme lists 1,000+ moves): computed on first use, once.
        "legal": functools.cache(lambda: selectors.legal_for(match, seat)),
        "current": selectors.current_seats(match),
        "names": selectors.names(match),
        "thread": selectors.thread(match, seat),
        "last_error": move_form.get("error") or last_error,
        # the typed move comes back only with its error (an applied move leaves the form empty)
        "kept": (
            (move_form.get("fields") or selectors.rejected_fields(match, seat))
            if move_form.get("error") or last_error
            else {}
        ),
        "pending": pending,
        "seat_rows": selectors.seat_rows(match, seat),
        "time_left": duration(left) if left is not None else "",
        "deadline": selectors.deadline(match),
        "policy_text": deadline_policy_text(match.deadline_policy, match.turn_days),
        "since": selectors.since_my_last_move(match, seat) if match.status == MatchStatus.RUNNING else [],
        "last_move_events": selectors.last_move_events(match, seat),
        "takeback": selectors.takeback_state(match, seat),
        "side_template": _include(match, "side"),
        "errors_inline": bool(getattr(plugins.game(match.engine), "inline_move_errors", False)),
        "rematch_match": match.rematches.first() if match.status == MatchStatus.FINISHED else None,
        "my_turn": bool(seat and seat.order in selectors.current_seats(match) and not seat.resigned),
        "result_text": selectors.result_text(match),
        "board_template": _include(match, "board"),
        # what follows the board in the tab order (Zwei Türme: the submit button, after card and board)
        "after_board_template": _include(match, "after_board"),
        "actions_template": _include(match, "actions"),
        "move_url": reverse("matches:move", args=[match.pk]),
        "version": match.version,
        "post_form": PostForm(),
        "invitation": selectors.invitation_of(match, request.user),
        "can_join": (
            request.user.is_authenticated
            and seat is None
            and selectors.invitation_of(match, request.user) is None
            and match.status == MatchStatus.OPEN
            and any(s.user_id is None and not s.bot_level for s in match.seats.all())
        ),
    }
    return render(request, "matches/detail.html", context)


def _run(request, pk, service, done):
    match = _match_or_404(request, pk)
    try:
        service(match, request.user)
    except MatchError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect(match)


@login_required
@require_POST
def join(request, pk):
    return _run(request, pk, services.join, _("Du hast Platz genommen."))


@login_required
@require_POST
def accept_invitation(request, pk):
    return _run(request, pk, services.accept_invitation, _("Du hast die Einladung angenommen und sitzt am Tisch."))


@login_required
@require_POST
def decline_invitation(request, pk):
    return _run(request, pk, services.decline_invitation, _("Du hast die Einladung abgelehnt."))


@login_required
@require_POST
def leave(request, pk):
    return _run(request, pk, services.leave, _("Du hast den Tisch verlassen."))


@login_required
@require_POST
def start(request, pk):
    return _run(request, pk, services.start, _("Die Partie hat begonnen."))


def _confirm(request, pk, service, done, kind):
    """GET: a page that asks first (works without JavaScript); POST: do it."""
    if request.method == "POST":
        return _run(request, pk, service, done)
    match = _match_or_404(request, pk)
    return render(
        request,
        "matches/confirm.html",
        {"match": match, "kind": kind, "game_name": selectors.game_name(match)},
    )


@login_required
def resign(request, pk):
    return _confirm(request, pk, services.resign, _("Du hast aufgegeben."), "resign")


@login_required
def abandon(request, pk):
    return _confirm(request, pk, services.abandon, _("Die Partie wurde abgebrochen."), "abandon")


@login_required
@require_POST
def takeback_request(request, pk):
    return _run(
        request, pk, takeback.request_takeback, _("Deine Bitte um Rücknahme ist gestellt; die anderen entscheiden.")
    )


@login_required
@require_POST
def takeback_answer(request, pk):
    accept = request.POST.get("answer") == "accept"
    done = _("Du hast der Rücknahme zugestimmt.") if accept else _("Du hast die Rücknahme abgelehnt.")
    return _run(request, pk, lambda match, user: takeback.answer_takeback(match, user, accept), done)


@login_required
@require_POST
def rematch_view(request, pk):
    match = _match_or_404(request, pk)
    try:
        new = rematch.rematch(match, request.user)
    except MatchError as exc:
        messages.error(request, exc.message)
        return redirect(match)
    if new.status == MatchStatus.OPEN:
        messages.success(
            request, _("Die Revanche ist angelegt: sie beginnt, sobald alle die Einladung angenommen haben.")
        )
    else:
        messages.success(request, _("Die Revanche hat begonnen."))
    return redirect(new)


@login_required
def my_turn(request):
    """The matches where it is my turn (the header badge links here), the least time left first."""
    rows = []
    for match in selectors.my_turn_matches(request.user):
        left = selectors.time_left(match) or 0
        rows.append(
            {"match": match, "game_name": selectors.game_name(match), "left": left, "time_left": duration(left)}
        )
    rows.sort(key=lambda row: row["left"])
    return render(request, "matches/my_turn.html", {"rows": rows})


def leaderboard(request, engine=None):
    games = [(slug, _(game.name)) for slug, game in sorted(registry.ENGINES.items())]
    engine = engine or (games[0][0] if games else "")
    if registry.get(engine) is None:
        raise Http404(_("Unbekanntes Spiel."))
    return render(
        request,
        "matches/leaderboard.html",
        {
            "games": games,
            "engine": engine,
            "engine_name": _(registry.get(engine).name),
            "rows": selectors.leaderboard(engine),
        },
    )


def _action_from_form(match, post) -> dict:
    raw = post.get("action", "").strip()
    if raw:
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise MatchError("action_invalid", _("Der Zug ist kein gültiges JSON.")) from exc
    engine = registry.get(match.engine)
    if not hasattr(engine, "parse_form"):
        raise MatchError("action_invalid", _("Bitte gib einen Zug an."))
    fields = {key: (values if len(values) > 1 else values[0]) for key, values in post.lists()}
    for key in ("csrfmiddlewaretoken", "version", "action"):
        fields.pop(key, None)
    try:
        return engine.parse_form(fields)
    except IllegalAction as exc:
        raise MatchError(exc.code, exc.text.render(_)) from exc


def _kept_fields(post) -> dict:
    return {key: post.get(key, "")[:500] for key in post if key not in ("csrfmiddlewaretoken", "version")}


@login_required
@require_POST
def move(request, pk):
    match = _match_or_404(request, pk)
    if refusal := _throttled(request, throttles.MoveThrottle):
        return refusal
    form_url = f"{match.get_absolute_url()}#zug"
    request.session[MOVE_FORM_KEY % match.pk] = {"fields": _kept_fields(request.POST)}
    try:
        action = _action_from_form(match, request.POST)
        try:
            version = int(request.POST.get("version", ""))
        except ValueError as exc:
            raise MatchError("version_invalid", _("Die Versionsnummer fehlt; lade die Seite neu.")) from exc
        move, _created = services.submit_move(match, request.user, action, version)
    except MatchError as exc:
        # the error beside the form, the typed move kept (no message at the top of the page)
        request.session[MOVE_FORM_KEY % match.pk] = {"fields": _kept_fields(request.POST), "error": exc.message}
        return redirect(form_url)
    move.refresh_from_db()
    if move.status == MoveStatus.PENDING:
        messages.info(request, _("Dein Zug wird ausgewertet …"))
    elif move.status == MoveStatus.APPLIED:
        request.session.pop(MOVE_FORM_KEY % match.pk, None)
        return redirect(match)
    return redirect(form_url)


@login_required
@require_POST
def post(request, pk):
    match = _match_or_404(request, pk)
    if refusal := _throttled(request, throttles.PostThrottle, throttles.PostPerMatchThrottle):
        return refusal
    form = PostForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Der Beitrag ist leer oder zu lang (höchstens 5000 Zeichen)."))
        return redirect(match)
    try:
        services.post(match, request.user, form.cleaned_data["text"])
    except MatchError as exc:
        messages.error(request, exc.message)
    return redirect(f"{match.get_absolute_url()}#beitraege")


def replay(request, pk):
    """The public information step by step, during the match as after it (a spectator's view)."""
    match = _match_or_404(request, pk)
    if match.state is None:
        messages.info(request, _("Die Wiederholung gibt es, sobald die Partie begonnen hat."))
        return redirect(match)
    try:
        step = max(0, int(request.GET.get("schritt", "0")))
    except ValueError:
        step = 0
    data = selectors.replay(match, step)
    return render(
        request,
        "matches/replay.html",
        {
            "match": match,
            "replay": data,
            "view": data["view"],
            "seat": None,
            "legal": [],
            "names": selectors.names(match),
            "engine_name": selectors.engine_name(match),
            "game_name": selectors.game_name(match),
            "board_template": _include(match, "board"),
            "result_text": selectors.result_text(match),
            "previous": max(0, data["step"] - 1),
            "next": min(data["steps"], data["step"] + 1),
            "seat_rows": selectors.seat_rows(match),
        },
    )


@login_required
def settings_view(request):
    prefs, _created = PlayerSettings.objects.get_or_create(user=request.user)
    form = SettingsForm(request.POST if request.method == "POST" else None, instance=prefs)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Gespeichert."))
        return redirect("matches:settings")
    return render(request, "matches/settings.html", {"form": form})


@login_required
def notices(request):
    """Notices grouped per match (the match with the newest notice first); opening a match reads its notices."""
    from .texts import render as render_text

    if request.method == "POST":
        Notice.objects.filter(user=request.user, read_at=None).update(read_at=timezone.now())
        return redirect("matches:notices")
    rows = list(Notice.objects.filter(user=request.user).select_related("match")[:200])
    groups: dict[int, dict] = {}
    for notice in rows:
        group = groups.setdefault(
            notice.match_id, {"match": notice.match, "game_name": selectors.game_name(notice.match), "items": []}
        )
        group["items"].append({"notice": notice, "text": render_text(notice.text, {})})
    for group in groups.values():
        group["unread"] = sum(1 for item in group["items"] if not item["notice"].read_at)
    return render(request, "matches/notices.html", {"groups": list(groups.values())})
