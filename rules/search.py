"""Search over rulebook sections and glossary terms.

PostgreSQL: German full-text search (stemming; headings weighted A, text B) over a stored
``search_vector``, trigram word similarity when nothing matches (typos), highlighted snippets via
``ts_headline``.  SQLite: a simple German suffix stemmer with ``icontains`` and difflib for typos.
Both return the same ``SearchResults``; a glossary term the query names puts its defining section first.
"""

import difflib
import html
import re
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.postgres.search import (
    SearchHeadline,
    SearchQuery,
    SearchRank,
    SearchVector,
    TrigramWordSimilarity,
)
from django.db import connection
from django.db.models import F, Q
from django.utils.translation import gettext as _

from cards.models import Game

from .models import GlossaryTerm, Rulebook, Section

MAX_QUERY_LENGTH = 100
MAX_RESULTS = 50
HEADLINE_ROWS = 25  # one API page
START, STOP = "\x02", "\x03"  # highlight markers, replaced by <mark> after escaping


class SearchError(ValueError):
    """The query cannot be run; ``message`` is German and says what is wrong."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class SectionHit:
    section: Section
    snippet: str  # safe HTML with <mark>
    score: float
    defines: list[GlossaryTerm] = field(default_factory=list)


@dataclass
class SearchResults:
    query: str
    game: Game | None
    sections: list[SectionHit]
    terms: list[GlossaryTerm]
    fuzzy: bool = False  # True when only the typo-tolerant fallback found something


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def validate(query: str | None, game_slug: str | None) -> tuple[str, Game | None]:
    query = re.sub(r"\s+", " ", query or "").strip()
    if not query:
        raise SearchError("empty_query", _("Bitte gib einen Suchbegriff ein (Parameter „q“)."))
    if len(query) > MAX_QUERY_LENGTH:
        raise SearchError(
            "query_too_long",
            _("Der Suchbegriff ist zu lang (höchstens %(max)s Zeichen).") % {"max": MAX_QUERY_LENGTH},
        )
    if not re.search(r"\w", query):
        raise SearchError(
            "invalid_query", _("Der Suchbegriff muss mindestens einen Buchstaben oder eine Ziffer enthalten.")
        )
    game = None
    if game_slug:
        game = Game.objects.filter(slug=game_slug).first()
        if game is None:
            raise SearchError(
                "unknown_game",
                _("Unbekanntes Spiel „%(slug)s“. Erlaubt sind Spielkürzel wie „meccg“.") % {"slug": game_slug},
            )
    return query, game


def refresh_vectors(rulebook: Rulebook | None = None) -> int:
    """Fill the stored search vector where it is missing (PostgreSQL only)."""
    if connection.vendor != "postgresql":
        return 0
    sections = Section.objects.filter(search_vector__isnull=True)
    if rulebook is not None:
        sections = sections.filter(rulebook=rulebook)
    vector = SearchVector("heading", weight="A", config="german") + SearchVector(
        "body_text", weight="B", config="german"
    )
    return sections.update(search_vector=vector)


def matching_terms(query: str, game: Game | None) -> tuple[list[GlossaryTerm], list[GlossaryTerm]]:
    """(terms the query names exactly, incl. synonyms; terms that merely contain it)."""
    # All terms are compared in Python; their sections' long text columns are not needed.
    terms = GlossaryTerm.objects.select_related("game", "section").defer(
        "section__body_text", "section__body_html", "section__source_markdown", "section__search_vector"
    )
    if game is not None:
        terms = terms.filter(game=game)
    wanted = _fold(query)
    exact, partial = [], []
    for term in terms:
        names = [_fold(term.term), *(_fold(s) for s in term.synonyms)]
        bare = _fold(re.sub(r"\s*\(.*?\)", "", term.term))
        if wanted in names or wanted == bare:
            exact.append(term)
        elif any(wanted in name for name in names) or any(name in wanted for name in names if len(name) > 3):
            partial.append(term)
    return exact, partial


def search(query: str | None, game_slug: str | None = None, limit: int = MAX_RESULTS) -> SearchResults:
    query, game = validate(query, game_slug)
    exact_terms, partial_terms = matching_terms(query, game)
    # Results need headings, games and text for snippets; not the Markdown, HTML or vector.
    sections = Section.objects.select_related("rulebook__game").defer("source_markdown", "body_html", "search_vector")
    if game is not None:
        sections = sections.filter(rulebook__game=game)
    backend = _postgres_sections if settings.IS_POSTGRES and connection.vendor == "postgresql" else _sqlite_sections
    hits, fuzzy = backend(sections, query, limit)
    if not hits and not exact_terms and not partial_terms:
        fuzzy_terms = _fuzzy_terms(query, game)
        partial_terms = fuzzy_terms
        fuzzy = fuzzy or bool(fuzzy_terms)
    hits = _promote_definitions(hits, exact_terms, partial_terms, sections, query)
    terms = exact_terms + [t for t in partial_terms if t not in exact_terms]
    return SearchResults(query=query, game=game, sections=hits[:limit], terms=terms[:20], fuzzy=fuzzy)


def _promote_definitions(hits, exact_terms, partial_terms, sections, query) -> list[SectionHit]:
    """Defining sections of named terms first, then sections whose heading is the query, then by score."""
    wanted = _fold(query)
    by_id = {hit.section.pk: hit for hit in hits}
    for term in exact_terms:
        if term.section_id and term.section_id not in by_id:
            section = sections.filter(pk=term.section_id).first()
            if section is not None:
                hit = SectionHit(section=section, snippet=_plain_snippet(section.body_text, query), score=0)
                hits.append(hit)
                by_id[section.pk] = hit
    for term in exact_terms:
        if term.section_id in by_id:
            by_id[term.section_id].defines.append(term)
    partial_ids = {t.section_id for t in partial_terms}

    def priority(hit: SectionHit):
        heading = _fold(hit.section.heading)
        bare = _fold(re.sub(r"\s*\(.*?\)", "", hit.section.heading))
        return (
            -3 if hit.defines else -2 if wanted in (heading, bare) else -1 if hit.section.pk in partial_ids else 0,
            -hit.score,
            hit.section.rulebook.game.order,
            hit.section.order,
        )

    return sorted(hits, key=priority)


# PostgreSQL ----------------------------------------------------------------------------------------


def _postgres_sections(sections, query: str, limit: int) -> tuple[list[SectionHit], bool]:
    search_query = SearchQuery(query, config="german", search_type="websearch")
    found = list(
        sections.filter(search_vector=search_query)
        .annotate(rank=SearchRank(F("search_vector"), search_query))
        .order_by("-rank", "rulebook__game__order", "order")[:limit]
    )
    if found:
        # ts_headline is the expensive part: only for the first page of results.
        headlines = dict(
            Section.objects.filter(pk__in=[s.pk for s in found[:HEADLINE_ROWS]])
            .annotate(
                snippet=SearchHeadline(
                    "body_text",
                    search_query,
                    config="german",
                    start_sel=START,
                    stop_sel=STOP,
                    max_words=35,
                    min_words=15,
                    max_fragments=2,
                    fragment_delimiter=" … ",
                )
            )
            .values_list("pk", "snippet")
        )
        return [
            SectionHit(
                section=s,
                snippet=_marked(headlines[s.pk]) if s.pk in headlines else _plain_snippet(s.body_text, query),
                score=s.rank,
            )
            for s in found
        ], False
    similar = list(
        sections.annotate(similarity=TrigramWordSimilarity(query, "heading"))
        .filter(similarity__gte=0.4)
        .order_by("-similarity", "rulebook__game__order", "order")[:limit]
    )
    return [SectionHit(section=s, snippet=_plain_snippet(s.body_text, ""), score=s.similarity) for s in similar], bool(
        similar
    )


def _marked(headline: str) -> str:
    return html.escape(headline).replace(START, "<mark>").replace(STOP, "</mark>")


# SQLite and other databases ------------------------------------------------------------------------

_SUFFIXES = ("ungen", "innen", "ern", "en", "er", "es", "em", "e", "n", "s")


def german_stem(word: str) -> str:
    """A deliberately small German suffix stripper: "Gemeinschaften" -> "gemeinschaft"."""
    word = word.casefold()
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _sqlite_sections(sections, query: str, limit: int) -> tuple[list[SectionHit], bool]:
    stems = [german_stem(w) for w in re.findall(r"\w+", query) if len(w) >= 2]
    condition = Q()
    for stem in stems:
        condition &= Q(heading__icontains=stem) | Q(body_text__icontains=stem)
    found = list(sections.filter(condition)[:500]) if stems else []
    hits = []
    for section in found:
        heading, body = section.heading.casefold(), section.body_text.casefold()
        score = sum(10 * (stem in heading) + min(body.count(stem), 10) for stem in stems) / 10
        hits.append(SectionHit(section=section, snippet=_plain_snippet(section.body_text, query), score=score))
    hits.sort(key=lambda h: -h.score)
    if hits:
        return hits[:limit], False
    # Typo tolerance: close headings (difflib ratio, like trigram similarity on the heading words).
    candidates = list(sections.only("id", "heading", "rulebook__game__order", "order", "body_text", "rulebook"))
    scored = []
    for section in candidates:
        words = re.findall(r"\w+", section.heading.casefold())
        best = max(
            (difflib.SequenceMatcher(None, query.casefold(), w).ratio() for w in [section.heading.casefold(), *words]),
            default=0,
        )
        if best >= 0.8:
            scored.append(SectionHit(section=section, snippet=_plain_snippet(section.body_text, ""), score=best))
    scored.sort(key=lambda h: -h.score)
    return scored[:limit], bool(scored)


def _fuzzy_terms(query: str, game: Game | None) -> list[GlossaryTerm]:
    # All terms are compared in Python; their sections' long text columns are not needed.
    terms = GlossaryTerm.objects.select_related("game", "section").defer(
        "section__body_text", "section__body_html", "section__source_markdown", "section__search_vector"
    )
    if game is not None:
        terms = terms.filter(game=game)
    if connection.vendor == "postgresql":
        return list(
            terms.annotate(similarity=TrigramWordSimilarity(query, "term"))
            .filter(similarity__gte=0.4)
            .order_by("-similarity")[:10]
        )
    wanted = query.casefold()
    return [t for t in terms if difflib.SequenceMatcher(None, wanted, t.term.casefold()).ratio() >= 0.8][:10]


def _plain_snippet(text: str, query: str, width: int = 220) -> str:
    """A window of the text around the first match, escaped, matches wrapped in <mark>."""
    stems = [german_stem(w) for w in re.findall(r"\w+", query) if len(w) >= 2]
    lowered = text.casefold()
    positions = [lowered.find(stem) for stem in stems if lowered.find(stem) >= 0]
    start = max(0, min(positions) - width // 3) if positions else 0
    window = text[start : start + width]
    prefix = "… " if start > 0 else ""
    suffix = " …" if start + width < len(text) else ""
    escaped = html.escape(window)
    for stem in sorted(set(stems), key=len, reverse=True):
        escaped = re.sub(rf"(\w*{re.escape(html.escape(stem))}\w*)", r"<mark>\1</mark>", escaped, flags=re.I)
    return prefix + escaped + suffix
