"""The search's token statistics, held in memory per content version.

``refresh_vectors`` (at import and after an editor's change) stores each section's tokens and gives its book a
new ``Rulebook.search_version``.  The first search after that reads every section's tokens once into postings
(token -> {section: (count in the text, in the heading, in the definitions)}), the text lengths, the tokens of
each sentence (for the answer snippets), each book's vocabulary and the glossary's names; every later search
only reads the books' versions (one small query) and looks its tokens up.  Both databases therefore rank
from the same statistics.  A rolled-back change also rolls back the version, so the index is rebuilt rather
than kept stale.
"""

import re
import threading
from collections import Counter
from dataclasses import dataclass, field

from . import analysis, register
from .analysis import Sentences, fold, index_tokens, negated_tokens, sentence_tokens
from .inflection import name_key
from .models import GlossaryTerm, Rulebook, Section


@dataclass
class TermNames:
    pk: int
    game_id: int
    section_id: int | None
    term: str
    names: list[str]  # folded: the term, the term without its bracket, its synonyms
    keys: set[str] = field(default_factory=set)  # the names' stems: "Gefahrenlimits" names "Gefahrenlimit"


@dataclass
class SearchIndex:
    version: tuple
    # token -> {section id: (count in the text, in the heading or a defined term's name, in a definition or the
    # parent's heading, among the section's register words, in the questions the register says it answers)}
    postings: dict[str, dict[int, tuple[int, bool, bool, bool, bool]]] = field(default_factory=dict)
    lengths: dict[int, int] = field(default_factory=dict)  # section id -> tokens in the text
    head_lengths: dict[int, int] = field(default_factory=dict)  # section id -> distinct heading tokens
    lead_lengths: dict[int, int] = field(default_factory=dict)  # section id -> distinct definition tokens
    book_of: dict[int, int] = field(default_factory=dict)  # section id -> rulebook id
    kinds: dict[int, str] = field(default_factory=dict)  # section id -> SectionKind
    book_game: dict[int, int] = field(default_factory=dict)  # rulebook id -> game id
    book_slug: dict[int, str] = field(default_factory=dict)  # rulebook id -> game slug
    sections_per_book: Counter = field(default_factory=Counter)
    length_per_book: Counter = field(default_factory=Counter)
    head_length_per_book: Counter = field(default_factory=Counter)
    vocabulary: dict[int, Counter] = field(default_factory=dict)  # game id -> folded word -> count
    terms: list[TermNames] = field(default_factory=list)
    _sentences: dict[int, Sentences] = field(default_factory=dict)
    negated: dict[int, list[frozenset[str]]] = field(default_factory=dict)  # per sentence, see negated_tokens
    asked: dict[int, list[frozenset[str]]] = field(default_factory=dict)  # section id -> tokens of each question
    _all_vocabulary: Counter | None = None  # every book's vocabulary merged, built on first use

    def sentences(self, pk: int, text: str) -> Sentences:
        """A section's sentences and their tokens for the snippets, analysed on first use."""
        found = self._sentences.get(pk)
        if found is None:
            found = self._sentences[pk] = sentence_tokens(text)
        return found

    def books(self, game_id: int | None) -> set[int]:
        return {b for b, g in self.book_game.items() if game_id is None or g == game_id}

    def scope_stats(self, game_id: int | None) -> tuple[int, float, float]:
        """(number of sections, average text length, average heading length) of one game's book or of all."""
        books = self.books(game_id)
        count = sum(self.sections_per_book[b] for b in books)
        length = sum(self.length_per_book[b] for b in books)
        head = sum(self.head_length_per_book[b] for b in books)
        return count, (length / count if count else 1.0), (head / count if count else 1.0)

    def merged_vocabulary(self, game_id: int | None) -> Counter:
        if game_id is not None:
            return self.vocabulary.get(game_id, Counter())
        if self._all_vocabulary is None:
            self._all_vocabulary = Counter()
            for words in self.vocabulary.values():
                self._all_vocabulary.update(words)
        return self._all_vocabulary


def term_names(term: str, synonyms: list[str]) -> list[str]:
    return list(dict.fromkeys([fold(term), fold(re.sub(r"\s*\(.*?\)", "", term)), *(fold(s) for s in synonyms)]))


def _build(version: tuple) -> SearchIndex:
    index = SearchIndex(version=version)
    for pk, game_id, slug, words in Rulebook.objects.values_list("pk", "game_id", "game__slug", "search_vocabulary"):
        index.book_game[pk], index.book_slug[pk] = game_id, slug
        index.vocabulary[game_id] = Counter(words)
    keywords = {book: register.entries(slug) for book, slug in index.book_slug.items()}
    rows = Section.objects.values_list(
        "pk", "rulebook_id", "kind", "search_heading", "search_lead", "search_body", "body_text"
    )
    postings = index.postings
    headings, parents, slugs = {}, {}, {}
    for pk, heading, parent, slug in Section.objects.values_list("pk", "heading", "parent_id", "slug"):
        headings[pk], parents[pk], slugs[pk] = heading, parent, slug
    for pk, book, kind, heading, lead, body, text in rows.iterator(chunk_size=500):
        role = heading_role(headings[pk], headings.get(parents[pk], ""))
        index.kinds[pk] = role if role and kind == "rule" else kind
        # Sentences for the snippets now rather than in the first searches that show them (~0.3 s in all).
        index._sentences[pk] = sentence_tokens(text)
        index.negated[pk] = negated_tokens(text, index._sentences[pk][0])
        body_tokens = body.split()
        counts = Counter(body_tokens)
        head = set(heading.split())
        opening = set(lead.split())
        entry = keywords[book].get(slugs[pk], EMPTY)
        listed = register_tokens(entry.words)
        opening |= listed.pop("parts")
        listed = listed["whole"]
        index.asked[pk] = [frozenset(index_tokens(question)) for question in entry.asked]
        asked = set().union(*index.asked[pk])
        for token in counts.keys() | head | opening | listed | asked:
            postings.setdefault(token, {})[pk] = (
                counts.get(token, 0),
                token in head,
                token in opening,
                token in listed,
                token in asked,
            )
        index.lengths[pk] = len(body_tokens)
        index.head_lengths[pk] = len(head)
        index.lead_lengths[pk] = len(opening)
        index.book_of[pk] = book
        index.sections_per_book[book] += 1
        index.length_per_book[book] += len(body_tokens)
        index.head_length_per_book[book] += len(head)
    for pk, game_id, section_id, term, synonyms in GlossaryTerm.objects.values_list(
        "pk", "game_id", "section_id", "term", "synonyms"
    ).order_by("pk"):
        names = term_names(term, synonyms)
        index.terms.append(TermNames(pk, game_id, section_id, term, names, {name_key(n) for n in names}))
    return index


def register_tokens(words: list[str]) -> dict[str, set[str]]:
    """The tokens of a section's register words: "whole" words (and their verb forms) count as register words,
    the "parts" of a compound only as context ("Zugbeginn" names the start of a turn, not every "Beginn")."""
    whole, parts = set(), set()
    for phrase in words:
        tokens = index_tokens(phrase)
        split = {p for w in analysis.words(phrase) for p in analysis.compound_parts(w)}
        whole.update(t for t in tokens if t not in split)
        parts.update(t for t in tokens if t in split)
    return {"whole": whole, "parts": parts - whole}


# What a section is by its heading or its parent's: a list of the game's material ("Übersicht Spielmaterial" >
# "Verderbniskarten") describes components, an optional variant ("… für Fortgeschrittene", "Spielvariante")
# changes a rule; both share the words of the rule itself and rank below it (see search.KIND_WEIGHT).
MATERIAL = re.compile(r"\bspiel(?:material|elemente)", re.IGNORECASE)
VARIANT = re.compile(r"fortgeschrittene\b|\boptional|variante", re.IGNORECASE)


def heading_role(heading: str, parent: str) -> str:
    """ "material", "variant" or "" for a section with this heading under a parent with that heading."""
    if VARIANT.search(heading):
        return "variant"
    if any(MATERIAL.search(h) and not VARIANT.search(h) for h in (heading, parent)):
        return "material"
    return ""


EMPTY = register.Entry()
_current: SearchIndex | None = None
_lock = threading.Lock()


def current() -> SearchIndex:
    """The index for the books as stored now (rebuilt when a book's search version changed)."""
    global _current
    version = tuple(Rulebook.objects.order_by("pk").values_list("pk", "search_version"))
    index = _current
    if index is not None and index.version == version:
        return index
    with _lock:
        if _current is None or _current.version != version:
            _current = _build(version)
        return _current
