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

from . import plugins, selectors, services
from .engine import registry
from .engine.base import IllegalAction
from .errors import MatchError
from .forms import CreateMatchForm, PostForm, SettingsForm
from .models import MatchStatus, MoveStatus, Notice, PlayerSettings


def _match_or_404(request, pk):
    try:
        return selectors.get_visible(request.user, pk)
    except MatchError as exc:
        raise Http404(str(exc)) from exc


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
    services.check_deadlines_on_request()
    form = CreateMatchForm() if request.user.is_authenticated else None
    context = {"lobby": selectors.lobby(request.user), "form": form, "game_links": plugins.lobby_links()}
    return render(request, "matches/index.html", context)


@login_required
@require_POST
def create(request):
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


def detail(request, pk):
    services.check_deadlines_on_request()
    match = _match_or_404(request, pk)
    seat = selectors.seat_of(match, request.user)
    context = {
        "match": match,
        "seat": seat,
        "engine_name": selectors.engine_name(match),
        "game_name": selectors.game_name(match),
        "view": selectors.view_for(match, seat),
        # Only some engines' templates read it (Zwei Türme lists 1,000+ moves): computed on first use, once.
        "legal": functools.cache(lambda: selectors.legal_for(match, seat)),
        "current": selectors.current_seats(match),
        "names": selectors.names(match),
        "thread": selectors.thread(match, seat),
        "last_error": selectors.last_error(match, seat),
        "pending": selectors.has_pending(match, seat),
        "result_text": selectors.result_text(match),
        "board_template": _include(match, "board"),
        "actions_template": _include(match, "actions"),
        "move_url": reverse("matches:move", args=[match.pk]),
        "version": match.version,
        "post_form": PostForm(),
        "can_join": (
            request.user.is_authenticated
            and seat is None
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
def leave(request, pk):
    return _run(request, pk, services.leave, _("Du hast den Tisch verlassen."))


@login_required
@require_POST
def start(request, pk):
    return _run(request, pk, services.start, _("Die Partie hat begonnen."))


@login_required
@require_POST
def resign(request, pk):
    return _run(request, pk, services.resign, _("Du hast aufgegeben."))


@login_required
@require_POST
def abandon(request, pk):
    return _run(request, pk, services.abandon, _("Die Partie wurde abgebrochen."))


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


@login_required
@require_POST
def move(request, pk):
    match = _match_or_404(request, pk)
    try:
        action = _action_from_form(match, request.POST)
        try:
            version = int(request.POST.get("version", ""))
        except ValueError as exc:
            raise MatchError("version_invalid", _("Die Versionsnummer fehlt; lade die Seite neu.")) from exc
        move, _created = services.submit_move(match, request.user, action, version)
    except MatchError as exc:
        messages.error(request, exc.message)
        return redirect(match)
    move.refresh_from_db()
    if move.status == MoveStatus.PENDING:
        messages.info(request, _("Dein Zug wird ausgewertet …"))
    return redirect(match)


@login_required
@require_POST
def post(request, pk):
    match = _match_or_404(request, pk)
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
    match = _match_or_404(request, pk)
    if match.status != MatchStatus.FINISHED:
        messages.info(request, _("Die Wiederholung gibt es, sobald die Partie beendet ist."))
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
    from .texts import render as render_text

    rows = list(Notice.objects.filter(user=request.user).select_related("match")[:100])
    items = [{"notice": n, "text": render_text(n.text, {})} for n in rows]
    if request.method == "POST":
        Notice.objects.filter(user=request.user, read_at=None).update(read_at=timezone.now())
        return redirect("matches:notices")
    return render(request, "matches/notices.html", {"items": items})
