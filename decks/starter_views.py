"""The starter decks in the deck pages (issue 31): listed beside one's own decks, taken over into them with one click
(then changed in the editor like any deck, with the deck check beside it)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import services
from .starters import STARTERS
from .starters import services as starter_services


def listed() -> list[dict]:
    """The starter decks for the deck pages: name, alignment, what is in them (German, from the catalogue)."""
    return [{"slug": s.slug, "name": _(s.name), "description": _(s.description)} for s in STARTERS]


@login_required
@require_POST
def take_over(request, slug):
    try:
        deck = starter_services.copy_to(request.user, slug)
    except services.DeckError as exc:
        messages.error(request, exc.message)
        return redirect("decks:index")
    messages.success(request, _("Das Startdeck „%(name)s“ ist jetzt in deinen Decks.") % {"name": deck.name})
    return redirect("decks:edit", pk=deck.pk)
