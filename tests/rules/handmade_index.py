"""A search index of one hand-made book, so ranking rules are tested apart from the real books."""

from collections import Counter

from rules.analysis import fold, index_tokens, negated_tokens, sentence_tokens, words
from rules.search_index import SearchIndex


def handmade_index(texts: dict[int, str], kinds: dict[int, str] | None = None) -> SearchIndex:
    """An index of one book whose sections (no headings) hold these texts, each of the given kind (default rule)."""
    index = SearchIndex(version=())
    index.book_game, index.book_slug = {1: 1}, {1: "meccg"}
    for pk, text in texts.items():
        tokens = index_tokens(text)
        for token, count in Counter(tokens).items():
            index.postings.setdefault(token, {})[pk] = (count, False, False, False, False)
        kind = (kinds or {}).get(pk, "rule")
        index.lengths[pk], index.head_lengths[pk], index.kinds[pk], index.book_of[pk] = len(tokens), 1, kind, 1
        # the vocabulary holds the books' folded words, as refresh_vectors stores it
        index.vocabulary.setdefault(1, Counter()).update(fold(word) for word in words(text))
        index._sentences[pk] = sentence_tokens(text)
        index.negated[pk] = negated_tokens(text, index._sentences[pk][0])
    index.sections_per_book = Counter({1: len(texts)})
    index.length_per_book = Counter({1: sum(index.lengths.values())})
    index.head_length_per_book = Counter({1: len(texts)})
    return index
