import functools

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET, require_POST

from . import german_names, german_text, scans, services
from .faces import build_face, face_etag
from .forms import CardSearchForm, GermanTextForm
from .models import Card, GermanCardText
from .presentation import card_attributes, key_numbers, result_values
from .query import QuerySyntaxError
from .query.describe import describe
from .selectors import german_place_names, german_place_names_for, other_printings, search, search_cards
from .suggestions import correction, did_you_mean
from .symbols import render_symbols

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
            result = search(data["q"], sort=data["sort"] or None, order=data["order"] or None, filters=form.filters())
            page = Paginator(result.cards, form.per_page()).get_page(request.GET.get("seite"))
            context.update(page=page, understood=describe(result.query), grid=data["ansicht"] == "raster")
            places = german_place_names_for(page.object_list)
            context["rows"] = [(card, key_numbers(card), result_values(card, places)) for card in page.object_list]
            context["page_range"] = list(page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1))
            if not page.paginator.count and result.query.expr is not None:
                context["suggestions"] = did_you_mean(
                    data["q"], result.query, lambda text: search_cards(text, filters=form.filters()).count()
                )
            elif result.fuzzy and result.exact_count == 0 and page.number == 1:
                context["corrected"] = correction(data["q"], result.query, list(page.object_list))
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
    context["sort_links"] = form.sort_links(params) if form.is_valid() else {}
    return render(request, "cards/index.html", context, status=status)


def help_page(request):
    return render(request, "cards/help.html")


def detail(request, code):
    card = get_object_or_404(Card.objects.select_related("card_set", "game", "german"), code=code)
    texts = {"de": card.text_de, "en": card.text_en}
    if link_glossary_terms is not None:
        texts = {lang: link_glossary_terms(html, card.game.slug) if html else html for lang, html in texts.items()}
    # Region and site symbols ({w}{b}{w}{w}) are drawn in every language's text, the Spanish and French too.
    texts.update(es=card.text_es, fr=card.text_fr)
    texts = {lang: render_symbols(html) for lang, html in texts.items()}
    return render(
        request,
        "cards/detail.html",
        {
            "card": card,
            "attributes": card_attributes(card, german_place_names(card.game_id)),
            "text_de": texts["de"],
            "text_en": texts["en"],
            "text_es": texts["es"],
            "text_fr": texts["fr"],
            "printings": other_printings(card),
            "german": getattr(card, "german", None),
            "data_name": german_names.data_name(card),
            "can_edit_german": services.can_edit_german(request.user),
        },
    )


def _face_card(request, code):
    """The card of a face URL, read once per request (the ETag and the view share it); None if unknown."""
    if not hasattr(request, "_face_card"):
        request._face_card = Card.objects.select_related("card_set").filter(code=code).first()
    return request._face_card


def _face_etag(request, code):
    card = _face_card(request, code)
    return face_etag(card) if card is not None else None  # no tag: an unknown card is a 404, even for "*"


def _face_headers(view):
    """Browser caching for a face, on the 200 and on condition's 304 alike (RFC 9110 15.4.5)."""

    @functools.wraps(view)
    def wrapped(request, code):
        response = view(request, code)
        if response.status_code in (200, 304):
            patch_cache_control(response, private=True, max_age=3600)
            patch_vary_headers(response, ["Cookie"])  # labels follow the chosen language
        return response

    return wrapped


@require_GET
@_face_headers
@condition(etag_func=_face_etag)
def face(request, code):
    """The generated SVG face; cached by the browser, revalidated by a tag of what it is drawn from.

    ``condition`` answers a matching If-None-Match (or ``*``) with 304 before this body runs, so a
    revalidation costs one row read and no rendering.
    """
    card = _face_card(request, code)
    if card is None:
        raise Http404
    return HttpResponse(build_face(card), content_type="image/svg+xml; charset=utf-8")


@require_GET
def scan(request, set_code, filename):
    """A scan mirrored into MEDIA_ROOT (manage.py mirror_card_scans); nothing outside that folder."""
    path = scans.local_path(set_code, filename)
    if path is None or not path.is_file():
        raise Http404
    response = FileResponse(open(path, "rb"))  # noqa: SIM115 - FileResponse closes the file
    patch_cache_control(response, public=True, max_age=86400)
    return response


def _editable_card(request, code):
    if not services.can_edit_german(request.user):
        if not request.user.is_authenticated:
            return None, redirect_to_login(request.get_full_path())
        raise PermissionDenied(_("Nur die Kartenredaktion darf deutsche Kartentexte schreiben."))
    return get_object_or_404(Card.objects.select_related("card_set", "game"), code=code), None


def german_edit(request, code):
    card, response = _editable_card(request, code)
    if response:
        return response
    german = GermanCardText.objects.filter(card=card).first()
    form = GermanTextForm(request.POST or None, instance=german)
    if request.method == "POST" and form.is_valid():
        services.save_german_text(card, request.user, **form.cleaned_data)
        messages.success(request, _("Der deutsche Text ist gespeichert."))
        return redirect(card)
    return render(request, "cards/german_edit.html", {"card": card, "form": form, "german": german})


def german_history(request, code):
    """All versions of a card's German text; two chosen ones (?a=…&b=…) compared word by word."""
    card = get_object_or_404(Card.objects.select_related("card_set", "game"), code=code)
    german = GermanCardText.objects.filter(card=card).first()
    history = german_text.versions(german)
    by_id = {str(v.history_id): v for v in history}
    older, newer = by_id.get(request.GET.get("a", "")), by_id.get(request.GET.get("b", ""))
    if older is None and newer is None and len(history) >= 2:
        older, newer = history[1], history[0]  # default: the last change
    comparison = None
    if older is not None and newer is not None:
        if older.history_date > newer.history_date:
            older, newer = newer, older
        comparison = {
            "older": older,
            "newer": newer,
            "text": german_text.word_diff(older.text, newer.text),
            "flavour": german_text.word_diff(older.flavour, newer.flavour),
            "name": german_text.word_diff(older.name, newer.name) if older.name != newer.name else "",
        }
    context = {
        "card": card,
        "history": history,
        "comparison": comparison,
        "can_edit": services.can_edit_german(request.user),
    }
    return render(request, "cards/german_history.html", context)


@require_POST
def german_revert(request, code, history_id):
    card, response = _editable_card(request, code)
    if response:
        return response
    try:
        services.revert_german_text(card, history_id, request.user)
    except ObjectDoesNotExist:
        raise Http404 from None
    messages.success(request, _("Die frühere Version ist wiederhergestellt (als neue Version im Verlauf)."))
    return redirect("cards:german_history", code=card.code)


def without_german_text(request):
    """Per MECCG set: how many cards still lack a German text, and (for one set) which."""
    set_code = request.GET.get("set", "")
    sets = german_text.sets_without_german_text()
    chosen = next((s for s, _total, _missing in sets if s.code == set_code), None)
    cards = list(german_text.cards_without_german_text(chosen.code)) if chosen else []
    context = {"sets": sets, "chosen": chosen, "cards": cards, "can_edit": services.can_edit_german(request.user)}
    return render(request, "cards/without_german_text.html", context)
