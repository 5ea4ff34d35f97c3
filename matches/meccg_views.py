"""MECCG pages: the Punkterechner (stand-alone final score calculator)."""

from django.shortcuts import render

from . import meccg_scoring
from .engine.meccg.scoring import CATEGORIES
from .meccg_forms import DecksForm, SheetForm

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
            calculation = meccg_scoring.calculate(body)
        except meccg_scoring.SheetError as exc:
            context["error"] = exc.message
        else:
            context["result"] = _result_rows(calculation)
    return render(request, "matches/meccg/punkte.html", context)


def _result_rows(calculation):
    labels = meccg_scoring.CATEGORY_LABELS
    scores = calculation.scores
    return {
        "rows": [(labels[name], scores[0].categories[name], scores[1].categories[name]) for name in CATEGORIES],
        "totals": (scores[0].total, scores[1].total),
        "tournament_points": (scores[0].tournament_points, scores[1].tournament_points),
        "winner": 0 if scores[0].total > scores[1].total else 1 if scores[1].total > scores[0].total else None,
        # A ring-condition win decides the game whatever the points say.
        "ring": next((i for i, sheet in enumerate(calculation.sheets) if sheet.ring_victory), None),
    }
