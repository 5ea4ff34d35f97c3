"""The deck editor's card search: the card a player names first, and the deck's own cards above others.

Ranked over the in-memory name index (selectors.card_index), German and English names alike:

1. the name itself ("Bruchtal", "Moria", "Concealment"; spelling, accents and hyphens aside);
2. a name beginning with the query ("Gandalf" → "Gandalf", "Gandalfs Rat" …);
3. a name holding every word of the query ("Balrog Moria" → "Der Balrog von Moria");
4. a name the query holds whole ("Frodo Beutlin" → "Frodo": players add what the card leaves out);
5. a name holding the query anywhere ("oria" → "Moria");
6. a near miss of a name word ("Aragron" → "Aragorn II"), only when the others found few.

Within a rank the cards the deck can use come first — its own alignment, then dual and neutral cards (the
hero Bruchtal in a hero deck, the minion one in a minion deck) —, then the card type the part being built
takes, then German name, set and number.
"""

import re

from rapidfuzz import fuzz, process

from .formats.meccg.card_index import _PREFERENCE, CardIndex, loose, normalize
from .formats.meccg.cardinfo import CardInfo
from .models import DeckAlignment

LIMIT = 20
NEAR_MISS = 85  # rapidfuzz ratio (per cent) from which a name word counts as a typo of a query word
FEW = 5  # near misses are added only when the other ranks found fewer cards than this
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def own_alignments(alignment: str) -> list[str]:
    """The alignments a deck plays, best first: its own up to the neutral cards (hero: Hero, Dual, Neutral)."""
    order = _PREFERENCE.get(alignment, _PREFERENCE[DeckAlignment.HERO])
    return order[: order.index("Neutral") + 1]


def _words(name: str) -> list[str]:
    return _WORD.findall(loose(normalize(name)))


def _names(index: CardIndex) -> dict[str, tuple[tuple[str, list[str]], ...]]:
    """code -> (normalised name, its words) for the German and English name; kept with the index."""
    cached = getattr(index, "search_names", None)
    if cached is None:
        cached = index.search_names = {
            card.code: tuple((loose(normalize(name)), _words(name)) for name in (card.name_de, card.name_en) if name)
            for card in index.by_code.values()
        }
    return cached


def _name_rank(query: str, words: list[str], key: str, name_words: list[str]) -> int | None:
    """1–5 as in the module's docstring for one name, None if it does not match."""
    if not key:
        return None
    if key == query:
        return 1
    if key.startswith(query):
        return 2
    if words and all(any(w.startswith(q) for w in name_words) for q in words):
        return 3
    if name_words and f" {key} " in f" {query} ":
        return 4
    if query in key:
        return 5
    return None


def ranked(query: str, index: CardIndex, alignment: str, part: str = "", limit: int = LIMIT) -> list[CardInfo]:
    """The cards named by ``query``, best first (at most ``limit``)."""
    wanted = loose(normalize(query))
    if len(wanted) < 2:
        return []
    words = _WORD.findall(wanted)
    found: dict[str, int] = {}
    for code, names in _names(index).items():
        ranks = [r for key, name_words in names if (r := _name_rank(wanted, words, key, name_words))]
        if ranks:
            found[code] = min(ranks)
    if len(found) < FEW:
        for code in _near_misses(words, index):
            found.setdefault(code, 6)
    own = own_alignments(alignment)
    fit = index.fit(alignment, part)

    def order(code: str):
        card = index.by_code[code]
        playable = own.index(card.alignment) if card.alignment in own else len(own)
        type_rank, _align, set_rank, number = fit(card)
        return (found[code], playable, type_rank, normalize(card.name_de), set_rank, number)

    return [index.by_code[code] for code in sorted(found, key=order)[:limit]]


def _near_misses(words: list[str], index: CardIndex) -> set[str]:
    """Cards with a name word close to a query word of 4+ letters ("Aragron" → Aragorn II)."""
    found: set[str] = set()
    typed = [w for w in words if len(w) >= 4]
    if not typed:
        return found
    vocabulary: dict[str, set[str]] = {}
    for code, names in _names(index).items():
        for _key, name_words in names:
            for word in name_words:
                if len(word) >= 4:
                    vocabulary.setdefault(word, set()).add(code)
    for word in typed:
        for close, _score, _i in process.extract(word, list(vocabulary), scorer=fuzz.ratio, score_cutoff=NEAR_MISS):
            found |= vocabulary[close]
    return found
