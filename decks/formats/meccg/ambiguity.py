"""Names that stand for more than one card (pure: plain CardInfo in, plain data out).

The German edition gives some different cards one name: "Versteck" is Concealment (TW-204) and Hiding
(TW-256), "Gefolgschaft" Never Refuse and Plotting Ruin (WH-78/79). Printings of one card (the hero and the
minion Bruchtal, a reprint in a later set) are no ambiguity: the deck's alignment and the part pick one
(``CardIndex.choose``). Two *different* cards (by English name) that fit the deck equally well are: the
paste and the editor ask which is meant instead of taking the first.
"""

from collections.abc import Callable

from .cardinfo import CardInfo


def identity(card: CardInfo) -> str:
    """What tells two cards apart (not two printings): the English name, spaces and case aside."""
    return " ".join((card.name_en or card.name_de).split()).casefold()


def different_cards(candidates: list[CardInfo], fit: Callable[[CardInfo], tuple]) -> list[CardInfo]:
    """The different cards among the candidates that fit the deck best (``fit``: lower is better), one
    printing each (the best-fitting one); a single card means the name is not ambiguous here."""
    if not candidates:
        return []
    ranked = sorted(candidates, key=fit)
    best = fit(ranked[0])[:2]  # type for the part, alignment for the deck; set and number only order
    found: dict[str, CardInfo] = {}
    for card in ranked:
        if fit(card)[:2] == best:
            found.setdefault(identity(card), card)
    return list(found.values())


def shared_names(cards, key: Callable[[str], str]) -> set[str]:
    """The German names (as printed) that several different cards bear, for rows that must tell them apart;
    ``key`` normalises a name as the name index does."""
    groups: dict[str, list[CardInfo]] = {}
    for card in cards:
        groups.setdefault(key(card.name_de), []).append(card)
    return {card.name_de for group in groups.values() if len({identity(card) for card in group}) > 1 for card in group}
