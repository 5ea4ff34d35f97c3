"""Reads for the rules reference, also used by other apps (decks, cards)."""

import html
import re
from functools import lru_cache

from django.db.models import Q

from .inflection import inflected_pattern, name_key
from .models import GlossaryTerm, Rulebook, Section
from .search import SearchError, SearchResults, search  # noqa: F401  (re-exported for callers)


def term_for_synonym(game_slug: str, slug: str) -> GlossaryTerm | None:
    """The term of a game one of whose synonyms has this slug ("bewegungsphase" -> Reisephase), else None."""
    from .importer import german_slug  # the importer slugs terms this way; imported late to keep imports light

    for term in GlossaryTerm.objects.filter(game__slug=game_slug).select_related("game").order_by("term"):
        if any(german_slug(synonym) == slug for synonym in term.synonyms):
            return term
    return None


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _bare(text: str) -> str:
    return _fold(re.sub(r"\s*\(.*?\)", "", text))


def find_section(game_slug: str, heading: str, within: str | None = None) -> Section | None:
    """The first section (book order) of a game's rulebook with this heading, case-insensitive.

    ``within`` names the heading of an ancestor, for headings that occur more than once
    (``find_section("meccg", "Allgemeines", within="Deckaufbau")``).
    """
    sections = list(
        Section.objects.filter(rulebook__game__slug=game_slug)
        .select_related("rulebook__game")
        .only("id", "parent_id", "heading", "slug", "order", "rulebook__game__slug")
        .order_by("order")
    )
    by_id = {s.pk: s for s in sections}
    wanted = _fold(heading)
    candidates = [s for s in sections if _fold(s.heading) == wanted] or [
        s for s in sections if _bare(s.heading) == _bare(heading)
    ]
    if within:
        ancestor = _fold(within)

        def inside(section: Section) -> bool:
            parent = by_id.get(section.parent_id)
            while parent is not None:
                if _fold(parent.heading) == ancestor or _bare(parent.heading) == _bare(within):
                    return True
                parent = by_id.get(parent.parent_id)
            return False

        candidates = [s for s in candidates if inside(s)]
    if not candidates:
        return None
    return Section.objects.select_related("rulebook__game").get(pk=candidates[0].pk)


def rulebooks():
    return Rulebook.objects.select_related("game").order_by("game__order")


def toc(rulebook: Rulebook) -> list[Section]:
    """All sections of a book in order (one query); each has ``depth`` for indentation."""
    return list(
        rulebook.sections.only(
            "id", "rulebook_id", "heading", "slug", "depth", "order", "kind", "alignments", "parent_id"
        )
    )


def section_context(section: Section) -> dict:
    """Breadcrumbs, previous/next and sub-sections of a section (three small queries)."""
    siblings = list(
        Section.objects.filter(rulebook_id=section.rulebook_id).only(
            "id", "rulebook_id", "heading", "slug", "parent_id", "order"
        )
    )
    by_id = {s.pk: s for s in siblings}
    crumbs = []
    parent = by_id.get(section.parent_id)
    while parent is not None:
        crumbs.append(parent)
        parent = by_id.get(parent.parent_id)
    ordered = sorted(siblings, key=lambda s: s.order)
    index = next(i for i, s in enumerate(ordered) if s.pk == section.pk)
    children = [s for s in ordered if s.parent_id == section.pk]
    for item in [*crumbs, *children, *ordered]:
        item.rulebook = section.rulebook
    return {
        "breadcrumbs": list(reversed(crumbs)),
        "previous": ordered[index - 1] if index > 0 else None,
        "next": ordered[index + 1] if index + 1 < len(ordered) else None,
        "children": children,
    }


def glossary(game_slug: str | None = None):
    terms = GlossaryTerm.objects.select_related("game", "section__rulebook__game").order_by("term")
    if game_slug:
        terms = terms.filter(game__slug=game_slug)
    return terms


def sections_using(term: GlossaryTerm) -> list[Section]:
    """Every section of the term's game whose text uses the term or one of its synonyms (whole words)."""
    names = [term.term, *term.synonyms]
    # Every section is read: inflections ("Gegenstand" of "Gegenstände") escape a LIKE on the name.
    candidates = (
        Section.objects.filter(rulebook__game=term.game)
        .select_related("rulebook__game")
        .only("id", "heading", "slug", "order", "body_text", "rulebook__game__slug", "rulebook__game__name")
        .order_by("order")
    )
    pattern = _names_pattern(tuple(names))
    return [s for s in candidates if pattern.search(s.body_text) or pattern.search(s.heading)]


def _names_pattern(names: tuple[str, ...]) -> re.Pattern:
    """The names in any inflection (synonym lists hold spellings only: "Heere" also finds "Heeres")."""
    alternatives = "|".join(inflected_pattern(n) for n in sorted(set(names), key=len, reverse=True) if n)
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


@lru_cache(maxsize=32)
def _term_matcher(signature: tuple) -> tuple[re.Pattern | None, dict[str, tuple]]:
    lookup: dict[str, tuple] = {}
    for term_id, slug, game_slug, definition, names in signature:
        for name in names:
            lookup.setdefault(name_key(name), (term_id, slug, game_slug, definition))
    if not lookup:
        return None, lookup
    return _names_pattern(tuple(lookup)), lookup


SKIP_INSIDE = {"a", "h1", "h2", "h3", "h4", "h5", "code", "pre", "mark", "aside"}  # aside: editorial notes


def link_glossary_terms(
    fragment: str, game_slug: str, exclude_section_id: int | None = None, prefix: str = "tip"
) -> str:
    """Link the first occurrence of each glossary term in sanitised HTML to its term page.

    The short definition is a tooltip (``role="tooltip"``, referenced by ``aria-describedby``) that CSS
    shows on hover and on keyboard focus.  Text inside links, headings and badges stays untouched.
    ``exclude_section_id``: terms defined by this section are not linked (the reader is already there).
    """
    terms = GlossaryTerm.objects.filter(game__slug=game_slug).select_related("game")
    signature = tuple(
        (t.pk, t.slug, t.game.slug, t.definition, (t.term, *t.synonyms))
        for t in terms.order_by("pk")
        if t.section_id is None or t.section_id != exclude_section_id
    )
    pattern, lookup = _term_matcher(signature)
    if pattern is None:
        return fragment
    from django.urls import reverse

    linked: set[int] = set()
    out = []
    stack: list[str] = []
    counter = 0
    for piece in re.split(r"(<[^>]+>)", fragment):
        if piece.startswith("<"):
            tag = re.match(r"</?\s*([a-zA-Z0-9]+)", piece)
            name = tag.group(1).lower() if tag else ""
            if piece.startswith("</"):
                if name in stack:
                    while stack and stack.pop() != name:
                        pass
            elif (
                not piece.endswith("/>")
                and name not in {"br", "hr", "img"}
                and (stack or name in SKIP_INSIDE or (name == "span" and "badge" in piece))
            ):
                stack.append(name)
            out.append(piece)
            continue
        if stack or not piece.strip():
            out.append(piece)
            continue

        def replace(match: re.Match) -> str:
            nonlocal counter
            found = lookup.get(name_key(match.group(0)))
            if found is None:  # an inflection the stemmer reads as another word
                return match.group(0)
            term_id, slug, term_game, definition = found
            if term_id in linked:
                return match.group(0)
            linked.add(term_id)
            counter += 1
            tip = f"{prefix}-{term_id}-{counter}"
            url = reverse("rules:term", args=[term_game, slug])
            return (
                f'<span class="term-ref"><a class="term" href="{url}" aria-describedby="{tip}">{match.group(0)}</a>'
                f'<span class="term-tip" role="tooltip" id="{tip}">{html.escape(definition)}</span></span>'
            )

        out.append(pattern.sub(replace, piece))
    return "".join(out)


EMPHASIS = re.compile(r"<em>([^<]{3,80})</em>")


def link_card_names(fragment: str, game_slug: str) -> str:
    """Link italic card names in sanitised rules HTML ("<em>Langer Winter</em>") to their card pages.

    One query for all italic phrases of the fragment; the cards app's public URL is used, its models only
    read.  Names are matched exactly (German or English), so ordinary emphasis stays as it is.
    """
    from django.urls import reverse

    from cards.models import Card

    names = set(EMPHASIS.findall(fragment))
    if not names:
        return fragment
    unescaped = {html.unescape(n): n for n in names}
    cards = {}
    rows = Card.objects.filter(game__slug=game_slug).filter(Q(name_de__in=unescaped) | Q(name_en__in=unescaped))
    for code, name_de, name_en in rows.order_by("code").values_list("code", "name_de", "name_en"):
        for name in (name_de, name_en):
            if name in unescaped:
                cards.setdefault(unescaped[name], code)
    if not cards:
        return fragment

    def link(match: re.Match) -> str:
        code = cards.get(match.group(1))
        if code is None:
            return match.group(0)
        return f'<a class="card-ref" href="{reverse("cards:detail", args=[code])}"><em>{match.group(1)}</em></a>'

    return EMPHASIS.sub(link, fragment)


def cards_named(query: str, limit: int = 5) -> list:
    """Cards whose German or English name is the query (case and diacritics aside), one per name."""
    from cards.selectors import autocomplete

    from .analysis import fold

    text = query.strip(" ?!.„“\"'")
    wanted = fold(text)
    if len(wanted) < 3:
        return []
    named = {}
    for card in autocomplete(text, limit=20):
        if wanted in (fold(card.name_de), fold(card.name_en)):
            named.setdefault(card.name_de, card)
    return list(named.values())[:limit]
