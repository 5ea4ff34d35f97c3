from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from .forms import CardSearchForm
from .models import Card
from .presentation import card_attributes, key_numbers
from .query import QuerySyntaxError
from .selectors import german_place_names, other_printings, search_cards

try:  # built by the rules app in parallel; card text stays unlinked without it
    from rules.selectors import link_glossary_terms
except ImportError:  # pragma: no cover - depends on the rules branch
    link_glossary_terms = None


def index(request):
    form = CardSearchForm(request.GET)
    context = {"form": form, "error": None, "page": None}
    status = 200
    if form.is_valid():
        data = form.cleaned_data
        try:
            cards = search_cards(
                data["q"], sort=data["sort"] or None, order=data["order"] or None, filters=form.filters()
            )
            page = Paginator(cards, form.per_page()).get_page(request.GET.get("seite"))
            context["page"] = page
            context["rows"] = [(card, key_numbers(card)) for card in page.object_list]
        except QuerySyntaxError as exc:
            status = 400
            q = data["q"]
            form.fields["q"].widget.attrs.update({"aria-invalid": "true", "aria-describedby": "q-error q-help"})
            context["error"] = exc
            context["error_parts"] = (q[: exc.position], q[exc.position : exc.position + 1], q[exc.position + 1 :])
    else:
        status = 400
    params = request.GET.copy()
    params.pop("seite", None)
    context["query_string"] = params.urlencode()
    return render(request, "cards/index.html", context, status=status)


def help_page(request):
    return render(request, "cards/help.html")


def detail(request, code):
    card = get_object_or_404(Card.objects.select_related("card_set", "game"), code=code)
    texts = {"de": card.text_de, "en": card.text_en}
    if link_glossary_terms is not None:
        texts = {lang: link_glossary_terms(html, card.game.slug) if html else html for lang, html in texts.items()}
    return render(
        request,
        "cards/detail.html",
        {
            "card": card,
            "attributes": card_attributes(card, german_place_names(card.game_id)),
            "text_de": texts["de"],
            "text_en": texts["en"],
            "printings": other_printings(card),
        },
    )
