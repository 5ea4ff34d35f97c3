"""MECCG pages: the Punkterechner (stand-alone final score calculator)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from matches import selectors
from matches.errors import MatchError
from matches.models import MoveStatus

from . import scoring, services
from .engine.scoring import CATEGORIES
from .forms import DecksForm, SheetForm

PREFIXES = ("p1", "p2")


def punkte(request):
    """A GET form (bookmarkable, no JavaScript needed): empty shows the form, filled shows the result."""
    submitted = "decks" in request.GET
    data = request.GET if submitted else None
    decks_form = DecksForm(data)
    forms = [
        SheetForm(data, prefix=prefix, initial={"alignment": alignment})
        for prefix, alignment in zip(PREFIXES, ("hero", "minion"), strict=True)
    ]
    context = {"decks_form": decks_form, "forms": forms, "result": None, "error": None}
    if submitted and decks_form.is_valid() and all(form.is_valid() for form in forms):
        body = {"decks": decks_form.cleaned_data["decks"], "players": [form.cleaned_data for form in forms]}
        try:
            calculation = scoring.calculate(body)
        except scoring.SheetError as exc:
            context["error"] = exc.message
        else:
            context["result"] = _result_rows(calculation)
    return render(request, "matches/meccg/punkte.html", context)


def _result_rows(calculation):
    labels = scoring.CATEGORY_LABELS
    scores = calculation.scores
    return {
        "rows": [(labels[name], scores[0].categories[name], scores[1].categories[name]) for name in CATEGORIES],
        "totals": (scores[0].total, scores[1].total),
        "tournament_points": (scores[0].tournament_points, scores[1].tournament_points),
        "winner": 0 if scores[0].total > scores[1].total else 1 if scores[1].total > scores[0].total else None,
        # A ring-condition win decides the game whatever the points say.
        "ring": next((i for i, sheet in enumerate(calculation.sheets) if sheet.ring_victory), None),
    }


@login_required
@require_POST
def choose_deck(request, pk):
    """The deck choice form of the match page (no JavaScript): submit one of the user's saved decks."""
    try:
        match = selectors.get_visible(request.user, pk)
    except MatchError as exc:
        raise Http404(exc.message) from exc
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        messages.error(request, _("Die Versionsnummer fehlt; lade die Seite neu."))
        return redirect(match)
    try:
        move = services.choose_deck(match, request.user, request.POST.get("deck"), version)
    except MatchError as exc:
        messages.error(request, exc.message)
        return redirect(match)
    if move.status == MoveStatus.PENDING:
        messages.info(request, _("Dein Zug wird ausgewertet …"))
    return redirect(match)
