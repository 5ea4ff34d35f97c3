"""The header search over the whole site: cards first (names and the query language), then rules."""

from dataclasses import dataclass, field

CARD_LIMIT = 12
RULE_LIMIT = 8


@dataclass
class SiteResults:
    query: str
    cards: list = field(default_factory=list)
    card_count: int = 0
    card_error: str = ""
    sections: list = field(default_factory=list)
    terms: list = field(default_factory=list)
    rules_error: str = ""


def search_everything(query: str) -> SiteResults:
    results = SiteResults(query)
    if not query:
        return results
    from cards.query import QuerySyntaxError
    from cards.selectors import search as search_cards

    try:
        found = search_cards(query)
        results.card_count = found.cards.count()
        results.cards = list(found.cards[:CARD_LIMIT])
    except QuerySyntaxError as exc:
        results.card_error = exc.message_de
    try:
        from rules import selectors as rules
        from rules.search import SearchError
    except ImportError:  # pragma: no cover - the rules app is part of the project
        return results
    try:
        hits = rules.search(query, None)
    except SearchError as exc:
        results.rules_error = exc.message
    else:
        results.sections = hits.sections[:RULE_LIMIT]
        results.terms = hits.terms[:RULE_LIMIT]
    return results
