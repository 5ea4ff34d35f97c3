"""Reads that help a search that went wrong: "Meintest du …", a corrected typo, the query as understood.

Only used when a search found nothing or only near misses, so the extra queries (the name
list, one count per suggestion) are never paid by an ordinary search.
"""

import re
from dataclasses import dataclass

from .models import Card
from .query import QuerySyntaxError
from .query.compile import FUZZY_MIN_LENGTH, close_matches
from .query.nodes import And, Field, Not, Or, Query, Word

_SPLIT = re.compile(r"[^\w'-]+", re.UNICODE)
_ONLY_SYMBOLS = re.compile(r"(?:\{[wsdbfcRSDBFH]\})+")
MAX_SUGGESTIONS = 4


@dataclass(frozen=True)
class Suggestion:
    query: str
    count: int


def _words_of(node) -> list[Word]:
    if isinstance(node, Word):
        return [node]
    if isinstance(node, And | Or):
        return [w for item in node.items for w in _words_of(item)]
    return []


def _name_words(names) -> dict[str, str]:
    """lower-case word -> the word as printed, over the given (German, English) names."""
    out: dict[str, str] = {}
    for pair in names:
        for name in pair:
            for part in _SPLIT.split(name or ""):
                if len(part) >= 3:
                    out.setdefault(part.lower(), part)
    return out


_ALL: dict = {}


def _all_name_words() -> dict[str, str]:
    """``_name_words`` of every card, kept per content version (see cards.query.compile._all_cards_index)."""
    from core.content_cache import current_version

    version = current_version()
    if _ALL.get("version") != version:
        _ALL.update(version=version, words=_name_words(Card.objects.values_list("name_de", "name_en")))
    return _ALL["words"]


def _replace(text: str, word: Word, replacement: str) -> str:
    if text[word.pos : word.pos + len(word.text)].lower() == word.text.lower():
        return text[: word.pos] + replacement + text[word.pos + len(word.text) :]
    return text.replace(word.text, replacement, 1)


def correction(text: str, query: Query, cards: list[Card]) -> str | None:
    """The query with each free word replaced by the name word the near-miss results contain.

    "Gandalv" -> "Gandalf". None when no word needed correcting.
    """
    vocabulary = _name_words((c.name_de, c.name_en) for c in cards)
    corrected = text
    changed = False
    for word in sorted(_words_of(query.expr), key=lambda w: -w.pos):  # right to left keeps positions valid
        key = word.text.lower()
        if len(key) < FUZZY_MIN_LENGTH or key in vocabulary or any(key in v for v in vocabulary):
            continue
        close = close_matches(key, vocabulary, n=1, cutoff=0.6)
        if close:
            corrected = _replace(corrected, word, vocabulary[close[0]])
            changed = True
    return corrected if changed else None


def did_you_mean(text: str, query: Query, count_for) -> list[Suggestion]:
    """Queries that would find something: a misspelt word replaced, or one condition left out.

    ``count_for(text)`` counts the hits of a query text (the caller's search with its filters).
    """
    candidates: list[str] = _keyed_instead(text, query.expr)
    words = [w for w in _words_of(query.expr) if len(w.text) >= 3]
    if words:
        vocabulary = _all_name_words()
        for word in words:
            for close in close_matches(word.text.lower(), vocabulary, n=2, cutoff=0.6):
                candidates.append(_replace(text, word, vocabulary[close]))
    parts = list(query.expr.items) if isinstance(query.expr, And) else []
    if len(parts) > 1:
        for part in parts[:4]:
            candidates.append(_without(text, part, parts))
    seen, out = {text.strip()}, []
    for candidate in candidates:
        candidate = " ".join(candidate.split())
        if not candidate or candidate in seen:
            continue
        seen.add(candidate)
        try:
            count = count_for(candidate)
        except QuerySyntaxError:  # cutting a condition out of brackets can leave a broken query: skip it
            continue
        if count:
            out.append(Suggestion(candidate, count))
        if len(out) >= MAX_SUGGESTIONS:
            break
    return out


def _without(text: str, part, parts) -> str:
    """``text`` without the top-level condition ``part`` (cut from its start to the next condition's start)."""
    starts = sorted(p.pos for p in (_start(x) for x in parts) if p is not None)
    begin = _start(part)
    if begin is None:
        return text
    later = [s for s in starts if s > begin.pos]
    end = later[0] if later else len(text)
    cut = begin.pos
    while cut and text[:cut].rstrip().endswith(("(", "-")):  # a bracketed or negated condition goes whole
        cut = len(text[:cut].rstrip()) - 1
    return (text[:cut] + " " + text[end:]).strip()


def _start(node):
    """The leftmost node carrying a position (And/Or have none)."""
    if hasattr(node, "pos"):
        return node
    if isinstance(node, And | Or) and node.items:
        return _start(node.items[0])
    return None


def _keyed_instead(text: str, node) -> list[str]:
    """``text:{w}{w}`` searches the printed text; the symbols a creature is keyed to are ``schlüssel:ww``."""
    if isinstance(node, And | Or):
        return [found for item in node.items for found in _keyed_instead(text, item)]
    if isinstance(node, Not):
        return _keyed_instead(text, node.item)
    if not (isinstance(node, Field) and node.key == "text" and _ONLY_SYMBOLS.fullmatch(str(node.value))):
        return []
    start = text.find(node.value, node.pos)
    if start == -1:
        return []
    end = start + len(node.value)
    end += 1 if text[end : end + 1] == '"' else 0
    letters = "".join(ch for ch in node.value if ch not in "{}")
    return [f"{text[: node.pos]}schlüssel:{letters}{text[end:]}"]
