"""Inflection of names (no Django): whether one German word form is an inflection of another, a regular
expression that finds a name in any of its inflected forms, and the key a name is looked up by."""

import re

from .analysis import _stemmer, fold, stem, words

# Endings by which German inflects a noun or adjective ("Heer|es", "Ring|e", "Ereignis|se", "allgemein|en").
INFLECTION_ENDINGS = ("", "e", "en", "n", "s", "es", "er", "ern", "em", "ens", "ns", "se", "sen", "nen")
_ENDINGS_LONGEST_FIRST = sorted((e for e in INFLECTION_ENDINGS if e), key=len, reverse=True)
_UMLAUT_CLASS = {"a": "[aä]", "o": "[oö]", "u": "[uü]", "ä": "[aä]", "ö": "[oö]", "ü": "[uü]"}


def _inflected_word(variant: str, base: str) -> bool:
    folded_v, folded_b = fold(variant), fold(base)
    if folded_v == folded_b:
        return True
    # Hyphenated words inflect their last piece ("Sauron-Spielers").
    if folded_v.rsplit("-", 1)[0] != folded_b.rsplit("-", 1)[0] and ("-" in folded_v or "-" in folded_b):
        return False
    last_v, last_b = variant.casefold().rsplit("-", 1)[-1], base.casefold().rsplit("-", 1)[-1]
    # Also stemmed with their umlauts: folded, "Trophäen" reads "trophaen", which Snowball takes for a digraph.
    if stem(last_v) != stem(last_b) and _stemmer.stemWord(last_v) != _stemmer.stemWord(last_b):
        return False
    for ending in INFLECTION_ENDINGS:
        if folded_v.endswith(ending):
            stripped = folded_v[: len(folded_v) - len(ending)]
            if folded_b.startswith(stripped) and folded_b[len(stripped) :] in INFLECTION_ENDINGS:
                return True
    return False


def is_inflection(variant: str, base: str) -> bool:
    """True when ``variant`` is ``base`` with other inflectional endings ("Gefahrenlimits" of
    "Gefahrenlimit", "allgemeinen Einfluss" of "Allgemeiner Einfluss"): word by word the same Snowball stem,
    differing only by an ending.  Another spelling ("Nazgul" for "Nazgûl", "Fertigkeitkarten") is none."""
    variant_words, base_words = words(variant), words(base)
    if fold(variant) == fold(base) or len(variant_words) != len(base_words) or not base_words:
        return False
    return all(_inflected_word(v, b) for v, b in zip(variant_words, base_words, strict=True))


def spelling_synonyms(term: str, synonyms: list[str]) -> list[str]:
    """The synonyms without those that only inflect the term or an earlier synonym: search stems them
    anyway and glossary links match every inflection (``inflected_pattern``)."""
    kept: list[str] = []
    for synonym in synonyms:
        if not any(is_inflection(synonym, name) for name in [term, *kept]) and synonym not in kept:
            kept.append(synonym)
    return kept


def _word_base(word: str) -> str:
    """The word without an inflectional ending that the stemmer drops as well ("Ringe" -> "Ring")."""
    lowered = word.casefold()
    for ending in _ENDINGS_LONGEST_FIRST:
        if lowered.endswith(ending) and len(word) - len(ending) >= 3 and stem(word[: -len(ending)]) == stem(word):
            return word[: -len(ending)]
    return word


def inflected_pattern(name: str) -> str:
    """A regular expression (to compile with IGNORECASE) matching the name in any inflection: each word's
    base with any ending, its last a/o/u also with umlaut ("Gegenstände" matches "Gegenstand", "Gegenstandes")."""
    parts = []
    for chunk in name.split():
        if len(chunk) >= 3 and re.fullmatch(r"[^\W\d_]+(?:-[^\W\d_]+)*", chunk):
            base = _word_base(chunk)
            vowels = [i for i, c in enumerate(base.casefold()) if c in _UMLAUT_CLASS]
            if vowels and vowels[-1] > 0:
                i = vowels[-1]
                pattern = re.escape(base[:i]) + _UMLAUT_CLASS[base[i].casefold()] + re.escape(base[i + 1 :])
            else:
                pattern = re.escape(base)
            parts.append(pattern + "(?:" + "|".join(_ENDINGS_LONGEST_FIRST) + ")?")
        else:
            parts.append(re.escape(chunk))
    return r"\s+".join(parts)


def name_key(text: str) -> str:
    """The same key for every inflection of a name: its words' stems."""
    return " ".join(stem(w) for w in words(text))
