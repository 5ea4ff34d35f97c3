from itertools import groupby

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe

from . import register, selectors
from .models import GlossaryTerm, Rulebook, Section
from .rendering import render as render_markdown
from .search import SearchError


def index(request):
    return render(request, "rules/index.html", {"rulebooks": selectors.rulebooks(), "games": _games()})


def _games():
    from cards.models import Game

    return Game.objects.filter(rulebook__isnull=False).order_by("order")


def table_of_contents(request, game_slug):
    rulebook = get_object_or_404(Rulebook.objects.select_related("game"), game__slug=game_slug)
    introduction = ""
    if rulebook.introduction:
        introduction = render_markdown(rulebook.introduction, lambda target, context="": None)[0]
    return render(
        request,
        "rules/toc.html",
        {"rulebook": rulebook, "sections": selectors.toc(rulebook), "introduction": mark_safe(introduction)},  # noqa: S308
    )


def section_detail(request, game_slug, section_slug):
    section = get_object_or_404(
        Section.objects.select_related("rulebook__game"), rulebook__game__slug=game_slug, slug=section_slug
    )
    body = selectors.link_card_names(section.body_html, game_slug)
    body = selectors.link_glossary_terms(body, game_slug, exclude_section_id=section.pk)
    context = {"section": section, "rulebook": section.rulebook, "body": mark_safe(body)}  # noqa: S308
    context.update(selectors.section_context(section))
    context["defined_terms"] = list(section.defined_terms.all())
    context["faq"] = register.entries(game_slug).get(section.slug, register.Entry()).questions
    return render(request, "rules/section.html", context)


def _german_key(text: str) -> str:
    folded = text.casefold()
    for umlaut, base in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("ß", "ss")):
        folded = folded.replace(umlaut, base)
    return folded


def glossary(request, game_slug=None):
    game = None
    if game_slug:
        rulebook = get_object_or_404(Rulebook.objects.select_related("game"), game__slug=game_slug)
        game = rulebook.game
    # German alphabetical order: Ä/Ö/Ü file under A/O/U (the database collation may not agree).
    terms = sorted(selectors.glossary(game_slug), key=lambda t: (t.letter, _german_key(t.term), t.game_id))
    letters = [(letter, list(items)) for letter, items in groupby(terms, key=lambda t: t.letter)]
    return render(request, "rules/glossary.html", {"game": game, "letters": letters, "count": len(terms)})


def term_detail(request, game_slug, term_slug):
    terms = GlossaryTerm.objects.select_related("game", "section__rulebook__game")
    term = terms.filter(game__slug=game_slug, slug=term_slug).first()
    if term is None:
        # a synonym's slug ("bewegungsphase") leads to its term's page, not to a 404
        synonym_of = selectors.term_for_synonym(game_slug, term_slug)
        if synonym_of is None:
            raise Http404
        return redirect(synonym_of, permanent=True)
    return render(request, "rules/term.html", {"term": term, "sections": selectors.sections_using(term)})


def search_page(request):
    query = request.GET.get("q", "")
    game_slug = request.GET.get("spiel", "")
    context = {"query": query, "game_slug": game_slug, "games": _games(), "error": None, "results": None}
    status = 200
    if query or "q" in request.GET:
        try:
            results = selectors.search(query, game_slug or None)
        except SearchError as exc:
            context["error"] = exc.message
            status = 400
        else:
            page = Paginator(results.sections, 20).get_page(request.GET.get("seite"))
            context.update(results=results, page=page, cards=selectors.cards_named(results.query))
            context["shown"] = _shown_above(results, page)
    return render(request, "rules/search.html", context, status=status)


def _shown_above(results, page) -> set[int]:
    """Sections the first page shows above the list (the answer per game, or the best answer): not listed twice."""
    if page.number != 1:
        return set()
    if results.by_game:
        return {hit.section.pk for group in results.by_game for hit in group.hits}
    return {results.answer.section.pk} if results.answer else set()
