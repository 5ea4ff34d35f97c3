"""Deck pages: thin views over services, selectors and the check."""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from cards.models import Alignment, CardType

from . import checking, sample_hand, selectors, services, starter_views
from .formats.meccg import textformat
from .forms import AddCardForm, DeckForm, NewDeckForm, PublicFilterForm, QuantityForm
from .links import SectionLinks, result_dict
from .models import DeckAlignment, Part
from .stats import deck_stats

PART_LABELS = dict(Part.choices)


def index(request):
    decks = selectors.decks_of(request.user) if request.user.is_authenticated else None
    return render(request, "decks/index.html", {"decks": decks, "starters": starter_views.listed()})


def public(request):
    form = PublicFilterForm(request.GET or None)
    filters = form.cleaned_data if form.is_valid() else {}
    decks = selectors.public_decks(**{k: v for k, v in filters.items() if v})
    page = Paginator(decks, 25).get_page(request.GET.get("page"))
    return render(request, "decks/public.html", {"form": form, "page": page})


def _grouped(plain_entries):
    groups = []
    for part, label in Part.choices:
        rows = [e for e in plain_entries if e.part == part]
        if rows:
            groups.append({"part": part, "label": label, "rows": rows, "count": sum(e.quantity for e in rows)})
    return groups


def _check_context(deck, entries, opponent=""):
    result = checking.check_saved(deck, opponent, entries)
    return result_dict(result, SectionLinks())


def detail(request, pk):
    deck = selectors.get_visible_deck(request.user, pk)
    entries = selectors.entries_of(deck)
    plain = selectors.plain_entries(entries)
    opponent = request.GET.get("gegner", "")
    if opponent not in DeckAlignment.values:
        opponent = ""
    context = {
        "deck": deck,
        "groups": _grouped(plain),
        "check": _check_context(deck, entries, opponent),
        "stats": deck_stats(plain),
        "opponent": opponent,
        "alignments": DeckAlignment.choices,
        "is_owner": deck.owner_id == request.user.pk,
    }
    return render(request, "decks/detail.html", context)


TYPE_CHOICES = [
    ("Character", gettext_lazy("Charaktere")),
    ("Resource", gettext_lazy("Unterstützungskarten")),
    ("Hazard", gettext_lazy("Gefahren")),
]


def probehand(request, pk):
    """A sample opening hand (a new one on every load: "neu ziehen") and the odds for a card or type."""
    deck = selectors.get_visible_deck(request.user, pk)
    plain = selectors.plain_entries(selectors.entries_of(deck))
    deck_cards = sorted(
        {e.card.code: e.card for e in plain if e.part in sample_hand.PLAY_DECK_PARTS}.values(),
        key=lambda card: card.name_de,
    )
    wanted = request.GET.get("karte", "")
    turns = request.GET.get("zuege", "5")
    turns = int(turns) if turns.isdigit() else 5
    code = card_type = ""
    if wanted.startswith("typ:"):
        card_type = wanted[len("typ:") :]
    else:
        code = wanted
    found = sample_hand.odds(plain, code=code, card_type=card_type, turns=turns)
    context = {
        "deck": deck,
        "hand": sample_hand.draw(plain),
        "deck_size": len(sample_hand.play_deck(plain)),
        "deck_cards": deck_cards,
        "types": TYPE_CHOICES,
        "wanted": wanted,
        "turns": min(max(turns, 0), sample_hand.MAX_TURN),
        "max_turn": sample_hand.MAX_TURN,
        "odds": found,
        # A type's odds are labelled in German ("Gefahren"), not with the data's type name.
        "odds_label": dict(TYPE_CHOICES).get(card_type, found.label if found else ""),
        # Percentages with one decimal, as RingsDB and ArkhamDB show them (the template cannot multiply).
        "odds_rows": _odds_rows(found),
    }
    return render(request, "decks/probehand.html", context)


def _odds_rows(found) -> list[tuple[str, str]]:
    """(row label, percentage with one decimal as RingsDB and ArkhamDB show it) for the odds table."""
    if found is None:
        return []
    rows = [(_("Starthand (%(n)d Karten)") % {"n": sample_hand.HAND_SIZE}, found.opening)]
    rows += [(_("bis Zug %(turn)s") % {"turn": turn}, p) for turn, p in found.by_turn]
    return [(label, _percent(p)) for label, p in rows]


def _percent(p: float) -> str:
    # 99.97 % is not certain: never round a possible miss up to 100 or a possible hit down to 0.
    if 0.999 < p < 1:
        return _("über %(p)s %%") % {"p": number_format(99.9, 1)}
    if 0 < p < 0.001:
        return _("unter %(p)s %%") % {"p": number_format(0.1, 1)}
    return f"{number_format(round(100 * p, 1), 1)} %"


def _replace_line(text: str, replace: str) -> str:
    """replace = "LINE|Name": that line gets the suggested name, keeping its quantity."""
    number, _sep, name = replace.partition("|")
    lines = text.splitlines()
    if not number.isdigit() or not 1 <= int(number) <= len(lines) or not name.strip():
        return text
    quantity, _rest = textformat.split_quantity(lines[int(number) - 1].strip())
    lines[int(number) - 1] = f"{quantity} {name.strip()}" if quantity else name.strip()
    return "\n".join(lines)


def _preview(found) -> dict:
    """The paste preview: what was read, each bad line (an ambiguous one with its cards described), the check."""
    errors = selectors.with_choices([e.as_dict() for e in found.parsed.errors])
    return {"parsed": found.parsed, "errors": errors, "groups": _grouped(found.entries), "check": found.check}


@login_required
def new(request):
    posted = request.POST or None
    if posted and "replace" in posted:
        # A suggestion button: replace that line of the pasted list, then show the preview again.
        posted = posted.copy()
        posted["text"] = _replace_line(posted.get("text", ""), posted["replace"])
    form = NewDeckForm(posted)
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        meta = {k: data[k] for k in ("name", "alignment", "fallen_wizard", "visibility", "description")}
        text = data.get("text", "")
        try:
            if text and "confirm" not in posted:
                found = checking.import_preview(text, data["alignment"], data.get("fallen_wizard", ""))
                preview = _preview(found)
            else:
                if text:
                    deck = services.import_deck(request.user, text=text, **meta)
                else:
                    deck = services.create_deck(request.user, **meta)
                messages.success(request, _("Das Deck „%(name)s“ wurde angelegt.") % {"name": deck.name})
                return redirect("decks:edit", pk=deck.pk)
        except services.DeckError as exc:
            form.add_error(None, exc.message)
            if exc.code == "import_errors":
                # "Deck speichern" straight after pasting: show the lines with their replace buttons.
                found = checking.import_preview(text, data["alignment"], data.get("fallen_wizard", ""))
                preview = _preview(found)
    return render(request, "decks/new.html", {"form": form, "preview": preview})


@login_required
def edit(request, pk):
    deck = selectors.get_own_deck(request.user, pk)
    meta_form = DeckForm(
        request.POST if request.POST.get("action") == "meta" else None,
        initial={
            "name": deck.name,
            "alignment": deck.alignment,
            "fallen_wizard": deck.fallen_wizard,
            "visibility": deck.visibility,
            "description": deck.description,
        },
    )
    live = request.headers.get("X-Requested-With") == "fetch"
    if request.method == "POST" and live:
        return _live_change(request, deck)
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "meta" and meta_form.is_valid():
                services.update_deck(deck, request.user, **meta_form.cleaned_data)
                messages.success(request, _("Gespeichert."))
                return redirect("decks:edit", pk=deck.pk)
            if action == "add":
                form = AddCardForm(request.POST)
                if form.is_valid():
                    services.add_card(deck, request.user, **form.cleaned_data)
                    # Encoded: a search such as "a&b#c" must come back whole, not cut at & or #.
                    return redirect(f"{request.path}?{urlencode({'q': request.POST.get('q', '')})}")
                messages.error(request, _("Die Karte konnte nicht hinzugefügt werden: Anzahl 1 bis 99, Teil wählen."))
            if action == "quantity":
                form = QuantityForm(request.POST)
                if form.is_valid():
                    services.set_quantity(deck, request.user, **form.cleaned_data)
                    return redirect("decks:edit", pk=deck.pk)
                messages.error(request, _("Die Anzahl muss zwischen 0 und 99 liegen (0 entfernt die Karte)."))
        except services.DeckError as exc:
            messages.error(request, exc.message)
    query = request.GET.get("q", "")
    entries = selectors.entries_of(deck)
    plain = selectors.plain_entries(entries)
    context = {
        "deck": deck,
        "meta_form": meta_form,
        "groups": _grouped(plain),
        "check": _check_context(deck, entries),
        "stats": deck_stats(plain),
        "query": query,
        "results": _results(query, deck, plain),
        "shared_names": selectors.shared_german_names(),
        "parts": Part.choices,
        # German labels for the autocomplete script (cards that share a name show set, type, alignment).
        "card_labels": {
            "types": {value: str(label) for value, label in CardType.choices},
            "alignments": {value: str(label) for value, label in Alignment.choices},
        },
    }
    return render(request, "decks/edit.html", context)


# The part a card found in the editor goes to by default, by card type.
TYPE_PARTS = {"Character": Part.CHARACTERS, "Resource": Part.RESOURCES, "Hazard": Part.HAZARDS, "Site": Part.SITES}
POOL_CHARACTERS = 10  # "Anfangscharaktere: Bis zu 10 Charaktere" (meccg.pool.max10)


def character_part(plain) -> str:
    """Where a character found in the editor goes: the pool while it is being built (no play-deck character
    yet and fewer than 10 in the pool), the play deck's characters after that."""
    in_pool = sum(e.quantity for e in plain if e.part == Part.POOL and e.card.card_type == "Character")
    in_deck = any(e.part == Part.CHARACTERS for e in plain)
    return Part.POOL if not in_deck and in_pool < POOL_CHARACTERS else Part.CHARACTERS


def _default_part(card, characters: str) -> str:
    """The part a card found goes to: its type's; a character the part being built, but an avatar (Gandalf,
    a Ringwraith) or an agent never the pool (the book keeps them out of the starting characters)."""
    if card.card_type != "Character":
        return TYPE_PARTS.get(card.card_type, Part.RESOURCES)
    info = selectors.card_index().by_code.get(card.code.upper())
    if info is not None and (info.avatar_kind or info.is_agent):
        return Part.CHARACTERS
    return characters


def _results(query: str, deck, plain) -> list[dict]:
    """The editor's search results: each card with the part it goes to and, where several different cards
    share its German name, the English name and a line of text to tell them apart."""
    shared = selectors.shared_german_names()
    characters = character_part(plain)
    rows = []
    for card in selectors.search_cards(query, deck.alignment):
        part = _default_part(card, characters)
        ambiguous = card.name_de in shared
        rows.append(
            {"card": card, "part": part, "shared": ambiguous, "text": selectors.text_line(card) if ambiguous else ""}
        )
    return rows


def _live_change(request, deck):
    """+/– and quantity changes from the editor's script: apply, answer with the new list, check and statistics."""
    action = request.POST.get("action")
    form = (AddCardForm if action == "add" else QuantityForm)(request.POST)
    if action not in ("add", "quantity") or not form.is_valid():
        return JsonResponse({"error": _("Die Änderung ist ungültig: Anzahl 0 bis 99, Teil wählen.")}, status=400)
    try:
        if action == "add":
            services.add_card(deck, request.user, **form.cleaned_data)
        else:
            services.set_quantity(deck, request.user, **form.cleaned_data)
    except services.DeckError as exc:
        return JsonResponse({"error": exc.message}, status=400)
    entries = selectors.entries_of(deck)
    plain = selectors.plain_entries(entries)
    check = _check_context(deck, entries)
    context = {
        "groups": _grouped(plain),
        "check": check,
        "stats": deck_stats(plain),
        "shared_names": selectors.shared_german_names(),
    }
    return JsonResponse(
        {
            "cards": render_to_string("decks/_edit_cards.html", context, request=request),
            "check": render_to_string("decks/_check.html", context, request=request),
            "stats": render_to_string("decks/_stats.html", context, request=request),
            "status": _change_status(plain, form.cleaned_data, check),
        }
    )


def _change_status(plain, change, check) -> str:
    """One sentence for the editor's live region: the changed card's new quantity and the check's verdict."""
    code, part = change["code"].upper(), change["part"]
    row = next((e for e in plain if e.card.code.upper() == code and e.part == part), None)
    if row is None:
        name = selectors.meccg_cards().filter(code__iexact=code).values_list("name_de", flat=True).first() or code
        said = _("%(name)s (%(part)s): entfernt.") % {"name": name, "part": PART_LABELS.get(part, part)}
    else:
        said = _("%(name)s (%(part)s): jetzt %(n)d.") % {
            "name": row.card.name_de,
            "n": row.quantity,
            "part": PART_LABELS.get(part, part),
        }
    errors = sum(1 for p in check["problems"] if p["severity"] == "error")
    if check["legal"]:
        verdict = _("Deckprüfung: regelkonform.")
    else:
        verdict = ngettext(
            "Deckprüfung: nicht regelkonform, %(n)d Fehler.", "Deckprüfung: nicht regelkonform, %(n)d Fehler.", errors
        ) % {"n": errors}
    total = _("Karten gesamt: %(n)d.") % {"n": check["summary"]["total"]}
    return f"{said} {verdict} {total}"


@login_required
@require_POST
def copy(request, pk):
    deck = selectors.get_visible_deck(request.user, pk)
    copied = services.copy_deck(deck, request.user)
    messages.success(request, _("Das Deck wurde in deine Decks kopiert."))
    return redirect("decks:edit", pk=copied.pk)


@login_required
def delete(request, pk):
    """Asks first: the page (GET, or a POST without "confirmed" from a browser without JavaScript) asks;
    only a POST with "confirmed" (that page's button, or the deck page's button after the browser's
    confirm dialog) deletes."""
    deck = selectors.get_own_deck(request.user, pk)
    if request.method != "POST" or not request.POST.get("confirmed"):
        return render(request, "decks/delete.html", {"deck": deck})
    services.delete_deck(deck, request.user)
    messages.success(request, _("Das Deck wurde gelöscht."))
    return redirect("decks:index")


def export_text(request, pk):
    deck = selectors.get_visible_deck(request.user, pk)
    response = HttpResponse(checking.export_text(deck), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="deck-{deck.pk}.txt"'
    return response


def export_gccg(request, pk):
    deck = selectors.get_visible_deck(request.user, pk)
    response = HttpResponse(checking.export_gccg(deck), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="deck-{deck.pk}-gccg.txt"'
    return response


def export_json(request, pk):
    deck = selectors.get_visible_deck(request.user, pk)
    return JsonResponse(checking.export_json(deck), json_dumps_params={"ensure_ascii": False, "indent": 2})
