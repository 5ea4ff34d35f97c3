"""Search over rulebook sections and glossary terms: questions and loose phrases as well as single terms.

One analysis for both databases (``rules.analysis``): the query becomes *ideas* (filler dropped, English
terms and synonyms mapped, stems, verb forms, compound parts); sections are stored as tokens of the same
analysis.  The sections holding any of the query's tokens come from postings held in memory per content
version (``rules.search_index``), read from the stored tokens on either database, so the ranking below sees
the same statistics and gives the same order on both.  A section scores by how many of the
query's ideas it covers, each idea weighted by rarity (BM25-style) and counted extra in the heading and the
glossary terms the section defines and in the section's keyword register (``rules.register``: words and
questions that editors list for it).  Words found nowhere are corrected against the books' vocabulary, or
bridged when they are correct German the books just don't use.
"""

import math
import re
import uuid
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from django.utils.translation import gettext as _
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from cards.models import Game

from . import analysis, inflection, register, search_index
from .analysis import AnalysedQuery, Idea, analyse_query, fold
from .models import GlossaryTerm, Rulebook, Section
from .search_index import SearchIndex
from .snippets import answer_snippet, covered_weight, highlight, opening

MAX_QUERY_LENGTH = 200  # a question with its situation ("Wer entscheidet, … wenn zwei gleich weit entfernt sind?")
MAX_RESULTS = 50
# How much of an idea a section covers with part of a compound only ("Gefahr" of "Gefahrendeck"): 0.1–0.5 rank
# the question sets alike, a whole idea (1) worse.  Such a section is a hit only if it covers another idea wholly.
PARTIAL_COVERS = 0.1
# A token in the heading or a defined term counts like this many saturated mentions (3.5-4 rank the held-out set
# alike, 3.5 the fresh one better: the heading naming the subject weighs less against the body answering).
HEADING_WEIGHT = 3.5
# A word the section's register lists (rules.register) counts nearly like a heading word; the words of the
# questions it says the section answers like a definition's.  2.5–3 and 1 ranked the question sets best
# (register words as heading words: 10 fewer first; questions ×0.7 or ×1.5: 2–5 fewer).
REGISTER_WEIGHT = 3.0
QUESTION_WEIGHT = 1.0
ASKED_PROXIMITY = 1.0  # a register question covering the query counts like a sentence of the text (+4 first)
LEAD_WEIGHT = 1.0  # ... in the definition of a term the section defines, or in the parent section's heading
K1, B = 1.2, 0.75  # BM25 saturation and length normalisation of the text
MIN_CORRECTED = 5  # shortest word corrected by similarity, and shortest correction
KNOWN_CUTOFF = 90  # similarity (per cent) needed to correct a correctly spelt German word
SHORT_CORRECTED = 4  # a word this long is corrected only by one typing slip (_correct_short)
# An example or an overview illustrates a rule, errata amend one, a material list describes components and an
# optional variant changes a rule (search_index.heading_role): ranked below the rule's own section when both
# cover the query.  Material and variant weights: 0.6–0.85 rank the three question sets alike.
KIND_WEIGHT = {"example": 0.75, "summary": 0.85, "errata": 0.85, "material": 0.8, "variant": 0.8}
AWAY_WEIGHT = 0.7  # an idea that is another game's own English term, found in this book
HINT_WEIGHT = 0.5  # a question phrase's hint ("wie viele" -> limit) counts half an idea
HEAD_SPAN = 3.0  # a heading longer than this many times the average one (a glossary page) weighs less
# Proximity: the ideas one sentence (with the heading) covers together say more than the same ideas spread
# over a long section ("nicht größer als 7" about companies vs. a phase overview naming both in passing).
# The best sentence's share of the query's ideas raises the score by up to this factor, among the first
# PROXIMITY_DEPTH candidates only (the rest cannot climb to the first page anyway).
PROXIMITY_WEIGHT = 3.5  # the middle of a plateau: 3–5 rank the three question sets alike (2 one less)
PROXIMITY_DEPTH = 40
COUNT_WEIGHT = 0.5  # a count question ("wie viele") and a sentence with a number: this much of an idea
SNIPPET_ROWS = 20  # one page of results
# What a hit shows (heading, book, link, text for the snippet), without the long token and vocabulary columns.
HIT_FIELDS = ["id", "heading", "slug", "order", "depth", "kind", "alignments", "parent_id", "body_text", "rulebook_id"]
BOOK_FIELDS = ["id", "title", "game__id", "game__slug", "game__name", "game__order"]

german_stem = analysis.stem  # kept for callers of the former module-level stemmer
__all__ = ["answer_snippet", "highlight", "search"]  # the snippet functions live in rules.snippets


class SearchError(ValueError):
    """The query cannot be run; ``message`` is German and says what is wrong."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class SectionHit:
    section: Section
    snippet: str  # safe HTML with <mark>: the sentence(s) that best answer the query
    score: float
    defines: list[GlossaryTerm] = field(default_factory=list)
    covered: int = 0  # how many of the query's ideas the section covers


@dataclass
class SearchResults:
    query: str
    game: Game | None
    sections: list[SectionHit]
    terms: list[GlossaryTerm]
    fuzzy: bool = False  # True when a word was corrected ("Meintest du …")
    corrections: list[tuple[str, str]] = field(default_factory=list)  # (typed, corrected)
    suggestion: str = ""  # the query with its corrections, for "Meintest du …"
    nearest_terms: list[GlossaryTerm] = field(default_factory=list)  # offered when nothing was found
    ideas: int = 0
    named_game: bool = False  # the query named the game searched (no game was chosen)

    @cached_property
    def by_game(self) -> list:
        """One answer per game when a question that names no game is answered by several books (rules.grouping)."""
        from .grouping import by_game

        return by_game(self)

    @property
    def answer(self) -> SectionHit | None:
        """The best hit, shown as the answer card, when it covers the query's main ideas."""
        if not self.sections:
            return None
        best = self.sections[0]
        return best if best.covered * 2 >= self.ideas or best.defines else None


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


# Index ---------------------------------------------------------------------------------------------


def _joined(tokens: list[str]) -> str:
    return f" {' '.join(tokens)} " if tokens else ""


def refresh_vectors(rulebook: Rulebook | None = None) -> int:
    """Re-analyse the sections (of one book or all) and store their tokens; returns how many changed.

    Also stores each book's vocabulary for typo correction; the search ranks from these tokens in memory
    (rules.search_index), the same on both databases.
    """
    books = [rulebook] if rulebook is not None else list(Rulebook.objects.all())
    changed = 0
    for book in books:
        terms: dict[int, list[str]] = {}
        definitions: dict[int, list[str]] = {}
        for term in GlossaryTerm.objects.filter(game_id=book.game_id, section__isnull=False):
            terms.setdefault(term.section_id, []).extend([term.term, *term.synonyms])
            definitions.setdefault(term.section_id, []).append(term.definition)
        vocabulary: Counter = Counter()
        keywords = register.words_for(book.game.slug)
        sections = list(
            Section.objects.filter(rulebook=book).only(
                "id",
                "slug",
                "parent_id",
                "heading",
                "body_text",
                "search_heading",
                "search_body",
                "search_lead",
            )
        )
        headings = {section.pk: section.heading for section in sections}
        for section in sections:
            listed = keywords.get(section.slug, [])
            names = "\n".join([section.heading, *terms.get(section.pk, [])])
            heading = _joined(analysis.index_tokens(names, keep_stopwords=True))
            body = _joined(analysis.index_tokens(section.body_text))
            # The parent's heading is context: "Monster" under "Schaden erleiden und besiegt werden".
            context = [*definitions.get(section.pk, []), headings.get(section.parent_id, "")]
            lead = _joined(analysis.index_tokens("\n".join(context)))
            for word in analysis.words(
                f"{section.heading} {section.body_text} {' '.join(terms.get(section.pk, []))} {' '.join(listed)}"
            ):
                for piece in re.split(r"[-'’]", word):
                    if len(piece) >= 3 and not piece.isdigit():
                        vocabulary[fold(piece)] += 1
            if (heading, body, lead) != (section.search_heading, section.search_body, section.search_lead):
                Section.objects.filter(pk=section.pk).update(search_heading=heading, search_body=body, search_lead=lead)
                changed += 1
        # A new version on every refresh (also when only a term's names changed): searches rebuild their index.
        Rulebook.objects.filter(pk=book.pk).update(search_vocabulary=dict(vocabulary), search_version=uuid.uuid4().hex)
    return changed


# Search --------------------------------------------------------------------------------------------


def search(query: str | None, game_slug: str | None = None, limit: int = MAX_RESULTS) -> SearchResults:
    query, game = validate(query, game_slug)
    index = search_index.current()
    asked = query
    named = analysis.named_game(query) if game is None else None
    if named:
        # "Wer fängt bei MECCG an?" across all books: MECCG's book; the name itself is no idea to look up
        game = Game.objects.filter(slug=named[0]).first()
        if game is not None:
            asked = " ".join(w for w in analysis.words(query) if w not in named[1]) or query
    analysed = analyse_query(asked)
    game_id = game.pk if game is not None else None
    books = index.books(game_id)
    corrections = _correct(analysed, index, books, game_id)
    ranked = _rank_books(analysed, index, books, game_id)[:limit]
    exact_terms, partial_terms = matching_terms(analysed, game, index)
    hits = _load_hits(ranked, exact_terms, analysed, limit, index)
    terms = exact_terms + [t for t in partial_terms if t not in exact_terms]
    results = SearchResults(
        query=query,
        game=game,
        sections=hits,
        terms=terms[:20],
        fuzzy=bool(corrections),
        corrections=corrections,
        suggestion=_suggestion(query, corrections),
        ideas=len(analysed.ideas),
        named_game=bool(named and game is not None),
    )
    if not hits:
        results.nearest_terms = nearest_terms(analysed, game, index)
    return results


def _postings(index: SearchIndex, tokens: set[str], books: set[int]) -> dict[str, dict]:
    """{token: {section id: (count, in heading, in definitions, in the register's words, in its questions)}}
    within the books searched."""
    everything = len(books) == len(index.book_game)
    found = {}
    for token in tokens:
        postings = index.postings.get(token)
        if postings and not everything:
            postings = {pk: entry for pk, entry in postings.items() if index.book_of[pk] in books}
        if postings:
            found[token] = postings
    return found


def _rank_books(analysed: AnalysedQuery, index: SearchIndex, books: set[int], game_id) -> list[tuple[int, float, int]]:
    """``_rank``, and across several books each book's sections in the order a search within it gives.

    Across books the statistics of all of them decide which book's section takes which place (a word common
    in one book and rare elsewhere points to that book); within a book its own statistics order its
    sections, so a question finds the same answer first whether or not the book was chosen.
    """
    ranked = _rank(analysed, index, books, game_id)
    if len(books) < 2 or not ranked:
        return ranked
    own = {book: iter(_rank(analysed, index, {book}, index.book_game[book])) for book in books}
    return [next(own[index.book_of[pk]]) for pk, _score, _covered in ranked]


def _rank(analysed: AnalysedQuery, index: SearchIndex, books: set[int], game_id) -> list[tuple[int, float, int]]:
    """[(section id, score, ideas covered)] best first; ties in book order of the ids."""
    if not analysed.ideas:
        return []
    postings = _postings(index, analysed.tokens, books)
    if not postings:
        return []
    total, average, average_head = index.scope_stats(game_id)
    idf = {t: math.log(1 + (total - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()}
    lengths, head_lengths, kinds = index.lengths, index.head_lengths, index.kinds
    book_of, book_slug = index.book_of, index.book_slug
    # Without a game filter, a game's own English term ("sideboard") prefers that game's sections.
    homes = [idea.home if game_id is None else "" for idea in analysed.ideas]
    candidates = set().union(*postings.values())
    # Each idea's alternatives as (weight, [(idf, postings) per token of the group]).
    ideas, hints = (
        [
            [
                (weight, [(idf[t], postings[t]) for t in group if t in postings], len(group))
                for group, weight in idea.alternatives.items()
            ]
            for idea in kind
        ]
        for kind in (analysed.ideas, analysed.hints)
    )
    ranked = []
    for pk in candidates:
        norm = 1 - B + B * lengths[pk] / average
        # A heading naming many terms (a glossary page) says less about each of them than a short one.
        head_norm = min(1.0, HEAD_SPAN * average_head / max(head_lengths[pk], 1))
        total_score, covered, coverage = 0.0, 0, 0.0
        for alternatives, home in zip(ideas, homes, strict=True):
            best, complete = _idea_score(pk, alternatives, norm, head_norm)
            if home and home != book_slug[book_of[pk]]:
                best *= AWAY_WEIGHT
            if best > 0:
                total_score += best
                covered += 1
                # Only part of a compound ("Gefahr" of "Gefahrendeck") scores, but covers the idea only in part.
                coverage += 1.0 if complete else PARTIAL_COVERS
        if coverage >= 1:  # a section that only shares part of a compound ("limit" of "Gefahrenlimit") is no hit
            for alternatives in hints:
                # in the text only: a heading naming "Limit" is about some limit, not the one asked for
                total_score += HINT_WEIGHT * _idea_score(pk, alternatives, norm, head_norm)[0]
            ranked.append((pk, total_score * coverage / len(ideas) * KIND_WEIGHT.get(kinds[pk], 1.0), covered))
    ranked.sort(key=lambda r: (-r[1], r[0]))
    if len(analysed.ideas) > 1 or analysed.counts:
        head = ranked[:PROXIMITY_DEPTH]
        cache: dict = {}  # sentences share their few query tokens: each set is weighed once
        head = [(pk, score * _proximity(pk, analysed, index, postings, cache), covered) for pk, score, covered in head]
        ranked[: len(head)] = sorted(head, key=lambda r: (-r[1], r[0]))
    return ranked


def _proximity(pk: int, analysed: AnalysedQuery, index: SearchIndex, postings: dict[str, dict], cache: dict) -> float:
    """1 + PROXIMITY_WEIGHT × the share of the query's ideas the section's best sentence covers."""
    found = index._sentences.get(pk)
    if not found:
        return 1.0
    wanted = cache.setdefault("wanted", frozenset(postings))
    # The heading names the topic of every sentence below it ("Mehrere aktive Plots").
    heading = frozenset(t for t, p in postings.items() if pk in p and p[pk][1])
    best = 0.0
    previous: frozenset[str] = frozenset()
    # A word the sentence negates ("verliert nicht") does not answer a question that does not negate it.
    negated = index.negated.get(pk) or [frozenset()] * len(found[1])
    for tokens, denied in zip(found[1], negated, strict=True):
        present = (tokens - denied if denied and not analysed.negated else tokens) & wanted
        # with the sentence before: "Die Größe einer Gemeinschaft … Sie darf nicht größer als 7 sein."
        key = present | previous | heading
        covered = cache.get(key)
        if covered is None:
            covered = cache[key] = covered_weight(key, analysed)
        previous = present
        if analysed.counts and not tokens.isdisjoint(analysis.NUMBERS):
            covered += COUNT_WEIGHT
        best = max(best, covered)
    if ASKED_PROXIMITY:
        # a question the register says the section answers, read like one of its sentences
        for tokens in index.asked.get(pk, ()):
            key = (tokens & wanted) | heading
            covered = cache.get(key)
            if covered is None:
                covered = cache[key] = covered_weight(key, analysed)
            best = max(best, covered * ASKED_PROXIMITY)
    return 1 + PROXIMITY_WEIGHT * min(1.0, best / (len(analysed.ideas) + (COUNT_WEIGHT if analysed.counts else 0)))


def _idea_score(pk: int, alternatives, norm: float, head_norm: float) -> tuple[float, bool]:
    """The best score of an idea's alternative token groups for one section (BM25F-like), and whether some
    group is found whole."""
    best, complete = 0.0, False
    saturation = K1 * norm
    for weight, found, size in alternatives:
        score, matched = 0.0, 0
        for token_idf, token_postings in found:
            entry = token_postings.get(pk)
            if entry is not None:
                tf, head, lead, listed, asked = entry
                fields = (
                    HEADING_WEIGHT * head + LEAD_WEIGHT * lead + REGISTER_WEIGHT * listed + QUESTION_WEIGHT * asked
                ) * head_norm
                score += token_idf * (fields + tf * (K1 + 1) / (tf + saturation))
                matched += 1
        complete = complete or matched == size
        # A group (compound parts, a phrase) counts by the share of its words found, squared: one part of
        # "Nieder|lage" alone says little about "Niederlage".
        best = max(best, weight * score / size * (matched / size))
    return best, complete


def _correct(analysed: AnalysedQuery, index: SearchIndex, books: set[int], game_id) -> list[tuple[str, str]]:
    """Replace ideas no section covers fully by the closest word of the books ("Gefahrenlimt")."""
    present = set(_postings(index, analysed.tokens, books))
    missing = [
        idea
        for idea in analysed.ideas
        if not any(all(t in present for t in group) for group in idea.alternatives) and " " not in idea.text
    ]
    if not missing:
        return []
    vocabulary = index.merged_vocabulary(game_id)
    corrections = []
    for idea in missing:
        typed = fold(idea.text)
        if typed in vocabulary:
            continue
        known = analysis.is_german_word(idea.text)
        if known and _bridge(idea, index, books):
            continue
        if not known and len(typed) >= MIN_CORRECTED:
            # a misspelt English or colloquial term ("compagny"): the term's German words
            term = process.extractOne(typed, analysis.SYNONYM_WORDS, scorer=fuzz.ratio, score_cutoff=KNOWN_CUTOFF - 5)
            if term:
                _read_as(analysed, idea, term[0], corrections)
                continue
        if len(typed) == SHORT_CORRECTED:
            best = _correct_short(typed, vocabulary, index)
            if best:
                _replace(analysed, idea, typed, best)
                corrections.append((idea.text, best))
            continue
        # Short words are rarely typos of a rule's word ("check" is not "eck"); filler is never corrected to.
        if len(typed) < MIN_CORRECTED:
            continue
        # sorted: the vocabulary's order is the database's (PostgreSQL's jsonb orders keys by length), and
        # equally close words must be chosen alike on both ("adventurers": "abenteurers"/"aventuriens")
        pool = sorted(
            w
            for w in vocabulary
            if abs(len(w) - len(typed)) <= 2 and len(w) >= MIN_CORRECTED and w not in analysis.STOPWORDS
        )
        # similarity in per cent (Indel: twice the common letters over both lengths); a correct German word is
        # corrected only to a near-identical form ("weitergeben" -> "weitergegeben"), not to another word
        # ("bekommen" -> "gekommen")
        cutoff = KNOWN_CUTOFF if known else 75 if len(typed) > 6 else 85
        close = process.extract(typed, pool, scorer=fuzz.ratio, score_cutoff=cutoff, limit=5)
        if not close:
            word = "" if known else analysis.german_correction(idea.text)
            if word:  # no word of the books is that close: an everyday word misspelt ("krigt" -> "kriegt")
                _read_as(analysed, idea, word, corrections)
            continue
        best = min(close, key=lambda match: (-round(match[1]), -vocabulary[match[0]], match[0]))[0]
        _replace(analysed, idea, typed, best)
        corrections.append((idea.text, best))
    return corrections


def _read_as(analysed: AnalysedQuery, idea: Idea, word: str, corrections: list) -> None:
    """Replace a misspelt idea by the word it misspells, analysed anew with that word's synonyms."""
    replacement = analysis.phrase_idea([word])
    replacement.text, replacement.corrected = idea.text, word
    analysed.ideas[analysed.ideas.index(idea)] = replacement
    corrections.append((idea.text, word))


def _bridge(idea: Idea, index: SearchIndex, books: set[int]) -> bool:
    """Let a German word the books don't use count by its verb without the prefix ("mitspielen" ->
    "spielen", "wegziehe" -> "ziehen"); True if that verb occurs in the books searched."""
    found = False
    for rest in analysis.without_prefix(idea.text):
        tokens = [t for t in (analysis.stem(rest), *analysis.derived_stems(rest)) if len(t) >= 3]
        for token in tokens:
            if _postings(index, {token}, books):
                idea.add((token,), analysis.STRIPPED)
                found = True
        if found:
            return True
    return False


def _replace(analysed: AnalysedQuery, idea: Idea, typed: str, best: str) -> None:
    replacement = Idea(text=idea.text, corrected=best)
    analysis.add_word(replacement, best, analysis.CORRECTED)
    analysed.ideas[analysed.ideas.index(idea)] = replacement
    analysed.folded_words = [best if w == typed else w for w in analysed.folded_words]


def _correct_short(typed: str, vocabulary: Counter, index: SearchIndex) -> str:
    """A four-letter word no book knows, one typing slip (a letter wrong, missing, extra or two swapped) away
    from a book's word of four or five letters ("Ornk" -> "Orks"); the most frequent such word, or ""."""
    if typed in index.merged_vocabulary(None) or typed in analysis.STOPWORDS:
        return ""
    close = [
        w
        for w in vocabulary
        if len(w) in (SHORT_CORRECTED, SHORT_CORRECTED + 1)
        and w not in analysis.STOPWORDS
        and OSA.distance(typed, w, score_cutoff=1) <= 1
    ]
    return max(close, key=lambda w: (vocabulary[w], w)) if close else ""


def _suggestion(query: str, corrections: list[tuple[str, str]]) -> str:
    for typed, corrected in corrections:
        query = re.sub(rf"\b{re.escape(typed)}\b", corrected, query)
    return query if corrections else ""


def _load_hits(ranked, exact_terms, analysed: AnalysedQuery, limit: int, index: SearchIndex) -> list[SectionHit]:
    """Section rows for the ranked ids; sections defining a term the query names come first."""
    order = {pk: (score, covered) for pk, score, covered in ranked}
    ids = list(order)
    defining = [t.section_id for t in exact_terms if t.section_id]
    ids = list(dict.fromkeys([*defining, *ids]))[:limit]
    # The few books are loaded once and shared by their sections, not joined into every row.
    books = {book.pk: book for book in Rulebook.objects.select_related("game").only(*BOOK_FIELDS)}
    by_id = {}
    for section in Section.objects.only(*HIT_FIELDS).filter(pk__in=ids):
        section.rulebook = books[section.rulebook_id]
        by_id[section.pk] = section
    # The parent's heading tells apart two sections of one name ("Spielzugübersicht › Organisationsphase").
    parents = dict(Section.objects.filter(pk__in={s.parent_id for s in by_id.values()}).values_list("pk", "heading"))
    for section in by_id.values():
        section.parent_heading = parents.get(section.parent_id, "")
    hits = []
    for pk in ids:
        section = by_id.get(pk)
        if section is None:
            continue
        score, covered = order.get(pk, (0.0, len(analysed.ideas)))
        # Finding the answering sentence costs; beyond the first page a plain opening does.
        if len(hits) < SNIPPET_ROWS:
            sentences = index.sentences(pk, section.body_text)
            snippet = answer_snippet(section.body_text, analysed, sentences, section.heading)
        else:
            snippet = opening(section.body_text)
        hit = SectionHit(section=section, snippet=snippet, score=score)
        hit.covered = covered
        hit.defines = [t for t in exact_terms if t.section_id == pk]
        hits.append(hit)
    return hits


# Glossary ------------------------------------------------------------------------------------------


def _term_queryset(game: Game | None):
    # All terms are compared in Python: only their names, definition, game and section id are needed.
    terms = GlossaryTerm.objects.select_related("game").only(
        "id", "term", "slug", "synonyms", "definition", "section_id", "game__slug", "game__name", "game__order"
    )
    return terms.filter(game=game) if game is not None else terms


def matching_terms(
    analysed: AnalysedQuery | str, game: Game | None, index: SearchIndex | None = None
) -> tuple[list[GlossaryTerm], list[GlossaryTerm]]:
    """(terms the query names, incl. synonyms; terms named by part of the query)."""
    if isinstance(analysed, str):
        analysed = analyse_query(analysed)
    wanted = " ".join(analysed.folded_words)
    if not wanted:
        return [], []
    index = index or search_index.current()
    padded = f" {wanted} "
    key = inflection.name_key(wanted)
    exact, partial = [], []
    for term in index.terms:
        if game is not None and term.game_id != game.pk:
            continue
        names = term.names
        if wanted in names or key in term.keys:
            exact.append(term.pk)
        elif any(f" {name} " in padded for name in names if len(name) > 3) or (
            len(wanted) > 3 and any(f" {wanted} " in f" {name} " for name in names)
        ):
            partial.append(term.pk)
    if not exact and not partial:
        return [], []
    loaded = _term_queryset(game).in_bulk([*exact, *partial])
    return [loaded[pk] for pk in exact if pk in loaded], [loaded[pk] for pk in partial if pk in loaded]


def nearest_terms(
    analysed: AnalysedQuery, game: Game | None, index: SearchIndex | None = None, count: int = 5
) -> list[GlossaryTerm]:
    """Glossary terms spelt most like the query's words, offered when nothing was found."""
    index = index or search_index.current()
    typed = [w for w in analysed.folded_words if len(w) >= 3] or [fold(analysed.text)]
    scored = []
    for term in index.terms:
        if game is not None and term.game_id != game.pk:
            continue
        ratio = max(fuzz.ratio(w, name) for w in typed for name in term.names)  # per cent
        scored.append((ratio, term.term, term.pk))
    scored.sort(key=lambda s: (-s[0], s[1]))
    chosen = [pk for ratio, _name, pk in scored[:count] if ratio >= 50]
    loaded = _term_queryset(game).in_bulk(chosen)
    return [loaded[pk] for pk in chosen if pk in loaded]
