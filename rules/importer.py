"""Import a parsed rulebook into Rulebook, Section, GlossaryTerm and UnresolvedReference rows.

Idempotent: rows are matched by their stable slug, written only when something changed, and the
whole import runs in one transaction.  Sections and terms an editor changed in the admin
(``edited_by_staff``) keep their content unless ``force`` is set.
"""

import logging
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from cards.models import Game

from . import analysis, inflection, search
from .models import GlossaryTerm, Rulebook, Section, UnresolvedReference
from .parsing.base import ParsedBook, ParsedSection
from .parsing.notes import strip_notes
from .parsing.registry import load_parser
from .rendering import REF_LINK, extract_alignments, render

logger = logging.getLogger(__name__)

# Slugs that would collide with the fixed URLs below /regeln/<spiel>/.
RESERVED_SLUGS = {"glossar", "begriff", "suche"}
SECTION_FIELDS = ["parent_id", "order", "depth", "heading", "kind", "alignments", "pages", "source_markdown"]
CONTENT_FIELDS = {"heading", "kind", "alignments", "source_markdown"}
TERM_FIELDS = ["term", "synonyms", "definition", "section_id", "pages"]
PROJECT_DEFINITIONS = tomllib.loads(
    (Path(__file__).resolve().parent / "data" / "glossary_definitions.toml").read_text(encoding="utf-8")
)
PAGE_REFERENCE = re.compile(r"\s*\((?:s\.|siehe|vgl\.)\s*S\.\s*[\d–-]+[^)]*\)", re.IGNORECASE)


def tidy_definition(text: str) -> str:
    """A book sentence as a glossary definition: no "(s. S. n)", whitespace tidied, a proper ending."""
    text = re.sub(r"\s+", " ", PAGE_REFERENCE.sub("", text)).strip()
    if text and not re.search(r"[.!?…]$|[.!?][“\"»)]$", text):
        complete = re.match(r"(.*[.!?])\s", text + " ")
        text = complete.group(1) if complete and len(complete.group(1)) >= 25 else text.rstrip(" ,;:–-") + "."
    return text


class ImportFailed(Exception):
    """The input cannot be imported; the message is German and names the problem."""


@dataclass
class Counts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    kept: int = 0  # edited by staff, left alone
    deleted: int = 0

    def __str__(self):
        return (
            f"{self.created} neu, {self.updated} geändert, {self.unchanged} unverändert, "
            f"{self.kept} redaktionell bearbeitet (behalten), {self.deleted} entfernt"
        )


@dataclass
class ImportSummary:
    rulebook: Rulebook
    sections: Counts = field(default_factory=Counts)
    terms: Counts = field(default_factory=Counts)
    unresolved: list[UnresolvedReference] = field(default_factory=list)
    references: int = 0
    # page references whose topic no section of the cited pages mentions: (origin, context, target)
    unplaced: list[tuple] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any((c.created or c.updated or c.deleted) for c in (self.sections, self.terms))


def german_slug(text: str) -> str:
    text = text.replace("ß", "ss")
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("Ä", "Ae"), ("Ö", "Oe"), ("Ü", "Ue")):
        text = text.replace(umlaut, plain)
    return slugify(text)[:180] or "abschnitt"


def assign_slugs(book: ParsedBook) -> dict[int, str]:
    """Stable slugs: the heading, qualified by the parent's slug where a heading repeats in the book."""
    parents: dict[int, ParsedSection | None] = {}

    def note(section, parent):
        parents[id(section)] = parent
        for child in section.children:
            note(child, section)

    for top in book.sections:
        note(top, None)
    bases = {id(s): german_slug(s.heading) for s, _ in book.walk()}
    repeats = {slug for slug in bases.values() if list(bases.values()).count(slug) > 1}
    slugs: dict[int, str] = {}
    used: set[str] = set()
    for section, _depth in book.walk():
        slug = bases[id(section)]
        parent = parents[id(section)]
        if slug in repeats and parent is not None:
            slug = f"{slugs[id(parent)]}-{slug}"[:190]
        if slug in RESERVED_SLUGS:
            slug += "-abschnitt"
        candidate, n = slug, 2
        while candidate in used:
            candidate, n = f"{slug}-{n}", n + 1
        used.add(candidate)
        slugs[id(section)] = candidate
    return slugs


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _bare(text: str) -> str:
    return _fold(re.sub(r"\s*\(.*?\)", "", text))


class ReferenceResolver:
    """Resolves ``ref:`` targets (``p27``, ``p22-23``, ``p21#Lebenspool``, ``#Kampf``) to sections."""

    def __init__(self, sections: list[Section], page_index: dict[int, str]):
        self.sections = sections
        self.page_index = page_index
        # page references whose topic matched no section of the cited pages: (origin, context, target)
        self.unplaced: list[tuple[Section | None, str, str]] = []
        self._tokens: dict[int, tuple[set[str], set[str]]] = {}
        self.by_heading: dict[str, list[Section]] = {}
        for section in sections:
            for key in {_fold(section.heading), _bare(section.heading)}:
                self.by_heading.setdefault(key, []).append(section)

    def find(self, target: str, origin: Section | None, context: str = "") -> Section | None:
        match = re.fullmatch(r"(?:p(?P<first>\d+)(?:\s*[-–]\s*(?P<last>\d+))?)?(?:#(?P<heading>.*))?", target.strip())
        if not match:
            return None
        pages = []
        if match.group("first"):
            first = int(match.group("first"))
            last = int(match.group("last") or first)
            pages = list(range(first, max(first, last) + 1))
        heading = unquote(match.group("heading") or "").strip()
        if heading:
            candidates = (
                self.by_heading.get(_fold(heading)) or self.by_heading.get(_bare(heading)) or self._containing(heading)
            )
            if pages:
                on_page = [s for s in candidates if set(s.pages) & set(pages)]
                candidates = on_page or candidates
            if candidates:
                return self._nearest(candidates, origin)
        if pages and context:
            placed = self._by_topic(pages, origin, context)
            if placed is not None:
                return placed
            self.unplaced.append((origin, context, target))
        for page in pages:
            if page in self.page_index:
                candidates = self.by_heading.get(_fold(self.page_index[page]), [])
                if candidates:
                    return self._nearest(candidates, origin)
            on_page = [s for s in self.sections if page in s.pages]
            if on_page:
                return on_page[0]
        return None

    def _by_topic(self, pages: list[int], origin: Section | None, context: str) -> Section | None:
        """The section of the cited pages that is about the words before the reference.

        The nearer a word stands to the reference, the more it counts; a word in a section's heading counts
        three times one in its text.  None when no section of those pages mentions any of the words.
        """
        on_pages = [s for s in self.sections if set(s.pages) & set(pages)]
        if origin is not None and len(on_pages) > 1:
            on_pages = [s for s in on_pages if s.pk != origin.pk]
        topic = topic_tokens(context)
        best, best_score = None, 0.0
        for section in on_pages:
            if section.pk not in self._tokens:
                self._tokens[section.pk] = (
                    set(analysis.index_tokens(section.heading)),
                    # the Markdown, not body_text: on a first import later sections are not rendered yet
                    set(analysis.index_tokens(REF_LINK.sub(" ", strip_notes(section.source_markdown)))),
                )
            heading, body = self._tokens[section.pk]
            score = sum(weight * (3 * (t in heading) + (t in body)) for t, weight in topic.items())
            if score > best_score:
                best, best_score = section, score
        return best

    def _containing(self, heading: str) -> list[Section]:
        # Books cite headings loosely: „Lebenspool" for "1) Der Lebenspool".
        wanted = _fold(heading)
        if len(wanted) < 4:
            return []
        return [s for s in self.sections if wanted in _fold(s.heading)]

    @staticmethod
    def _nearest(candidates: list[Section], origin: Section | None) -> Section:
        if origin is None or len(candidates) == 1:
            return candidates[0]
        return min(candidates, key=lambda s: abs(s.order - origin.order))


def topic_tokens(context: str, words: int = 6) -> dict[str, float]:
    """Tokens of the last meaningful words before a reference, weighted by nearness (1, 1/2, 1/3 …)."""
    meaningful = [
        w
        for w in analysis.words(context)
        if not w.isdigit() and len(w) > 2 and analysis.fold(w) not in analysis.STOPWORDS | REFERENCE_WORDS
    ][-words:]
    weights: dict[str, float] = {}
    for distance, word in enumerate(reversed(meaningful)):
        for token in analysis.word_tokens(word):
            weights[token] = max(weights.get(token, 0), 1 / (1 + distance))
    return weights


# Words of the reference phrase itself ("siehe hierzu Seite …"), not of its topic.
REFERENCE_WORDS = {"siehe", "seite", "seiten", "vgl", "kapitel", "abschnitt", "naheres", "hierzu", "dazu", "oben"}


def read_book(path: Path, game_slug: str) -> ParsedBook:
    """Read and parse a rulebook file; every failure becomes an ImportFailed with a German message."""
    if not path.exists():
        raise ImportFailed(f"Die Datei {path} gibt es nicht.")
    if not path.is_file():
        raise ImportFailed(f"{path} ist keine Datei.")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ImportFailed(f"{path} ist keine UTF-8-Textdatei (Byte {exc.start}).") from None
    except OSError as exc:
        raise ImportFailed(f"{path} kann nicht gelesen werden: {exc.strerror}.") from None
    if not text.strip():
        raise ImportFailed(f"{path} ist leer.")
    try:
        parser = load_parser(game_slug)
    except LookupError as exc:
        raise ImportFailed(str(exc)) from None
    try:
        book = parser.parse(text)
    except ValueError as exc:
        raise ImportFailed(f"{path} passt nicht zum Regelheft „{game_slug}“: {exc}") from None
    except Exception as exc:
        # A parser should only fail with ValueError; anything else is a bug met on unexpected input.
        # The command still ends with a German message; the log keeps the traceback, and the cause is
        # chained so tests that call read_book see the real error.
        logger.exception("Parser für %s scheiterte an %s", game_slug, path)
        raise ImportFailed(
            f"{path} konnte nicht als Regelheft „{game_slug}“ gelesen werden: Der Text hat eine unerwartete "
            f"Form ({type(exc).__name__}). Bitte prüfen, ob es die richtige Datei ist."
        ) from exc
    if not book.sections:
        raise ImportFailed(f"In {path} wurden keine Kapitel gefunden.")
    return book


def import_rulebook(
    path: Path, game_slug: str, *, force: bool = False, log: Callable[[str], None] = lambda message: None
) -> ImportSummary:
    game = Game.objects.filter(slug=game_slug).first()
    if game is None:
        raise ImportFailed(f"Das Spiel „{game_slug}“ gibt es in der Datenbank nicht.")
    log(f"Lese {path.name} …")
    book = read_book(Path(path), game_slug)
    log(f"„{book.title}“: {sum(1 for _ in book.walk())} Abschnitte, {len(book.terms)} Begriffe erkannt.")
    with transaction.atomic():
        return _store(book, game, Path(path), force, log)


def _store(book: ParsedBook, game: Game, path: Path, force: bool, log) -> ImportSummary:
    rulebook, _ = Rulebook.objects.get_or_create(game=game, defaults={"title": book.title, "source_file": path.name})
    rulebook.game = game
    meta = {
        "title": book.title,
        "source_file": path.name,
        "omitted": list(book.omitted),
        "repairs": [vars(r) for r in book.repairs],
        "introduction": book.introduction,
    }
    summary = ImportSummary(rulebook=rulebook)
    log("Schreibe Abschnitte …")
    sections = _store_sections(book, rulebook, force, summary)
    log("Löse Verweise auf …")
    _store_references(book, rulebook, sections, summary)

    log("Schreibe Glossar …")
    _store_terms(book, game, sections, force, summary)

    changed_meta = [k for k, v in meta.items() if getattr(rulebook, k, None) != v]
    if changed_meta or summary.changed or rulebook.imported_at is None:
        for key in changed_meta:
            setattr(rulebook, key, meta[key])
        rulebook.imported_at = timezone.now()
        rulebook.save()
    search.refresh_vectors(rulebook)
    return summary


def _store_sections(book: ParsedBook, rulebook: Rulebook, force: bool, summary: ImportSummary) -> list[Section]:
    """Create, update or delete the book's sections (sections edited by staff kept unless ``force``); the
    sections now stored, in reading order."""
    slugs = assign_slugs(book)
    existing = {s.slug: s for s in Section.objects.filter(rulebook=rulebook)}
    seen: dict[int, Section] = {}
    counter = [0]

    def visit(parsed: ParsedSection, parent: Section | None, depth: int):
        counter[0] += 1
        values = {
            "parent_id": parent.pk if parent else None,
            "order": counter[0],
            "depth": depth,
            "heading": parsed.heading,
            "kind": parsed.kind,
            "alignments": list(parsed.alignments),
            "pages": list(parsed.pages),
            "source_markdown": parsed.body,
        }
        section = _store_section(rulebook, slugs[id(parsed)], existing, values, force, summary)
        seen[section.pk] = section
        for child in parsed.children:
            visit(child, section, depth + 1)

    for top in book.sections:
        visit(top, None, 0)
    for section in existing.values():
        if section.pk not in seen:
            if section.edited_by_staff and not force:
                summary.sections.kept += 1
                seen[section.pk] = section
            else:
                section.delete()
                summary.sections.deleted += 1
    sections = sorted(seen.values(), key=lambda s: s.order)
    for section in sections:
        section.rulebook = rulebook
    return sections


def _store_section(rulebook, slug: str, existing: dict, values: dict, force: bool, summary) -> Section:
    """One section written (created, or only its changed fields saved) and counted in the summary."""
    section = existing.get(slug)
    if section is None:
        summary.sections.created += 1
        return Section.objects.create(rulebook=rulebook, slug=slug, **values)
    if section.edited_by_staff and not force:
        values = {k: v for k, v in values.items() if k not in CONTENT_FIELDS}
    changed = [k for k, v in values.items() if getattr(section, k) != v]
    if force and section.edited_by_staff:
        section.edited_by_staff = False
        changed.append("edited_by_staff")
    for key in changed:
        if key != "edited_by_staff":
            setattr(section, key, values[key])
    if changed:
        section.save(update_fields=changed)
    if section.edited_by_staff:
        summary.sections.kept += 1
    elif changed:
        summary.sections.updated += 1
    else:
        summary.sections.unchanged += 1
    return section


def _store_references(book: ParsedBook, rulebook: Rulebook, sections: list[Section], summary) -> None:
    """Each section rendered with its references resolved; the references that found no target stored."""
    resolver = ReferenceResolver(sections, book.page_index)
    unresolved_rows = []
    for section in sections:
        found = render_section(section, resolver)
        summary.references += found["references"]
        unresolved_rows.extend(
            UnresolvedReference(rulebook=rulebook, section=section, text=label[:300], target=target[:300])
            for label, target in found["unresolved"]
        )
    _sync_unresolved(rulebook, unresolved_rows)
    summary.unplaced = list(resolver.unplaced)
    summary.unresolved = list(UnresolvedReference.objects.filter(rulebook=rulebook).select_related("section"))


def render_section(section: Section, resolver: ReferenceResolver) -> dict:
    """Render a section's Markdown (links resolved) and save it if the HTML changed."""
    references = 0

    def resolve(target: str, context: str = "") -> str | None:
        nonlocal references
        references += 1
        found = resolver.find(target, section, context)
        return found.get_absolute_url() if found else None

    body_html, body_text, unresolved = render(section.source_markdown, resolve)
    paragraph_alignments = extract_alignments(section.source_markdown)
    values = {"body_html": body_html, "body_text": body_text, "paragraph_alignments": paragraph_alignments}
    changed = [k for k, v in values.items() if getattr(section, k) != v]
    if changed:
        for key in changed:
            setattr(section, key, values[key])
        section.save(update_fields=changed)
    return {"references": references, "unresolved": unresolved}


def _sync_unresolved(rulebook: Rulebook, rows: list[UnresolvedReference]):
    wanted = {(r.section.pk, r.text, r.target): r for r in rows}
    current = {(u.section_id, u.text, u.target): u for u in UnresolvedReference.objects.filter(rulebook=rulebook)}
    stale = [u.pk for key, u in current.items() if key not in wanted]
    if stale:
        UnresolvedReference.objects.filter(pk__in=stale).delete()
    UnresolvedReference.objects.bulk_create([r for key, r in wanted.items() if key not in current])


def _store_terms(book: ParsedBook, game: Game, sections: list[Section], force: bool, summary: ImportSummary):
    by_heading: dict[str, list[Section]] = {}
    for section in sections:
        by_heading.setdefault(_fold(section.heading), []).append(section)
    existing = {t.slug: t for t in GlossaryTerm.objects.filter(game=game)}
    seen: set[str] = set()
    for parsed in book.terms:
        slug = german_slug(parsed.term)
        if slug in seen:  # the same term listed twice (e.g. glossary and index): first wins
            continue
        seen.add(slug)
        candidates = by_heading.get(_fold(parsed.section_heading)) or by_heading.get(_bare(parsed.section_heading), [])
        on_pages = [s for s in candidates if set(s.pages) & set(parsed.pages)]
        section = (on_pages or candidates or [None])[0]
        written = PROJECT_DEFINITIONS.get(game.slug, {}).get(parsed.term)
        book_text = _fold(re.sub(r"[*_]", "", strip_notes(section.source_markdown)) if section else "")
        values = {
            "term": parsed.term,
            # spellings only: inflected forms ("Gefahrenlimits") are found by stemming and inflected links
            "synonyms": inflection.spelling_synonyms(parsed.term, list(dict.fromkeys(parsed.synonyms))),
            "definition": written or tidy_definition(parsed.definition),
            # the parser's own project text (e.g. meccg_terms.toml) is not in the book's section either
            "definition_by_project": bool(written) or _fold(parsed.definition)[:40] not in book_text,
            "section_id": section.pk if section else None,
            "pages": list(parsed.pages),
        }
        term = existing.get(slug)
        if term is None:
            GlossaryTerm.objects.create(game=game, slug=slug, **values)
            summary.terms.created += 1
        elif term.edited_by_staff and not force:
            summary.terms.kept += 1
        else:
            changed = [k for k, v in values.items() if getattr(term, k) != v]
            if term.edited_by_staff:
                term.edited_by_staff = False
                changed.append("edited_by_staff")
            for key in changed:
                if key != "edited_by_staff":
                    setattr(term, key, values[key])
            if changed:
                term.save(update_fields=changed)
                summary.terms.updated += 1
            else:
                summary.terms.unchanged += 1
    for slug, term in existing.items():
        if slug in seen:
            continue
        if term.edited_by_staff and not force:
            summary.terms.kept += 1
        else:
            term.delete()
            summary.terms.deleted += 1
