"""Reads: card search (query language), autocomplete, other printings."""

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When

from .models import Card
from .query import parse
from .query.compile import FUZZY_MIN_LENGTH, Compiler
from .query.nodes import And, Or, Query, Word

_NUMERIC_SORT = {
    "mind": "mind",
    "di": "direct_influence",
    "prowess": "prowess",
    "body": "body",
    "corruption": "corruption",
    "mp": "marshalling_points",
}
_PLAIN_SORT = {
    "name": ["name_de", "code"],
    "name_en": ["name_en", "code"],
    "set": ["game__order", "card_set__order", "code"],
    "type": ["card_type", "name_de", "code"],
    "code": ["code"],
}
SORT_CHOICES = [
    "relevance",
    "name",
    "name_en",
    "mind",
    "di",
    "prowess",
    "body",
    "corruption",
    "mp",
    "set",
    "type",
    "code",
]


def base_queryset() -> QuerySet:
    return Card.objects.select_related("card_set", "game")


# Near-miss names (typo tolerance) join the results only when fewer cards than this match exactly.
FEW_EXACT = 5


@dataclass
class SearchResult:
    cards: QuerySet
    query: Query
    fuzzy: bool  # near-miss names were included because exact matches were few
    exact_count: int | None  # matches without near misses (None: not counted, no free words)


def free_words(node) -> list[str]:
    """Free words outside negations: the only parts of a query that typo tolerance touches."""
    if isinstance(node, Word):
        return [node.text]
    if isinstance(node, And | Or):
        return [w for item in node.items for w in free_words(item)]
    return []


def search(
    text: str = "", *, sort: str | None = None, order: str | None = None, filters: dict | None = None, queryset=None
) -> SearchResult:
    """Cards matching the query ``text`` (raises QuerySyntaxError), sorted.

    ``filters`` are plain ORM lookups from filter controls (e.g. {"card_type": "Hazard"}).
    ``sort``/``order`` given here (e.g. from form fields) win over sort:/order: in the query.
    Exact matches are counted first; near-miss names are added only when they are few.
    """
    query = parse(text)
    queryset = base_queryset() if queryset is None else queryset
    if filters:
        queryset = queryset.filter(**filters)
    compiler = Compiler(postgres=settings.IS_POSTGRES)
    fuzzy, exact_count = False, None
    if query.expr is not None:
        if any(len(w) >= FUZZY_MIN_LENGTH for w in free_words(query.expr)):
            exact = queryset.filter(Compiler(postgres=settings.IS_POSTGRES, fuzzy=False).q(query.expr))
            exact_count = exact.count()
            fuzzy = exact_count < FEW_EXACT
        compiler.fuzzy = fuzzy
        queryset = queryset.filter(compiler.q(query.expr))
    return SearchResult(_sorted(queryset, query, compiler, sort, order), query, fuzzy, exact_count)


def search_cards(
    text: str = "", *, sort: str | None = None, order: str | None = None, filters: dict | None = None, queryset=None
) -> QuerySet:
    """The cards of :func:`search` only (the API and the benchmarks)."""
    return search(text, sort=sort, order=order, filters=filters, queryset=queryset).cards


def _sorted(queryset, query: Query, compiler: Compiler, sort: str | None, order: str | None) -> QuerySet:
    sort = sort or query.sort or ("relevance" if query.ranked_words else "name")
    descending = (order or query.order) == "desc"
    if sort == "relevance":
        rank = compiler.rank(query.ranked_words)
        if rank is None:
            return queryset.order_by(*(("-name_de", "-code") if descending else ("name_de", "code")))
        queryset = queryset.annotate(relevance=rank)
        # "desc" (the natural reading of relevance) is the default here; asc puts the weakest first.
        return queryset.order_by("relevance" if order == "asc" or query.order == "asc" else "-relevance", "name_de")
    if sort in _NUMERIC_SORT:
        column = F(_NUMERIC_SORT[sort])
        first = column.desc(nulls_last=True) if descending else column.asc(nulls_last=True)
        return queryset.order_by(first, "name_de", "code")
    fields = _PLAIN_SORT.get(sort, _PLAIN_SORT["name"])
    return queryset.order_by(*(f"-{f}" for f in fields) if descending else fields)


def autocomplete(text: str, limit: int = 10) -> list[Card]:
    """Up to ``limit`` cards whose German or English name contains ``text``; prefix matches first."""
    text = (text or "").strip()
    if not text:
        return []
    prefix = Q(name_de__istartswith=text) | Q(name_en__istartswith=text)
    return list(
        Card.objects.filter(Q(name_de__icontains=text) | Q(name_en__icontains=text))
        .select_related("card_set", "game")
        .only("code", "name_de", "name_en", "card_type", "alignment", "card_set__code", "card_set__name", "game__slug")
        .annotate(prefix=Case(When(prefix, then=Value(0)), default=Value(1), output_field=IntegerField()))
        .order_by("prefix", "name_de", "code")[:limit]
    )


def other_printings(card: Card) -> list[Card]:
    """The same card of the same game in other sets or alignments (same English name, else same German name)."""
    same = Q(name_en=card.name_en) if card.name_en else Q(name_de=card.name_de)
    return list(
        base_queryset()
        .filter(same, game_id=card.game_id)
        .exclude(pk=card.pk)
        .order_by("game__order", "card_set__order", "code")
    )


def german_place_names(game_id: int) -> dict[str, str]:
    """English site and region names -> German card names (home sites and regions are printed in English)."""
    rows = Card.objects.filter(game_id=game_id, card_type__in=["Site", "Region"]).exclude(name_en="")
    return {name_en.strip(): name_de for name_en, name_de in rows.values_list("name_en", "name_de") if name_de}


def german_place_names_for(cards) -> dict:
    """German names for the regions and havens of the sites among ``cards`` (one query per game, none without sites)."""
    places: dict = {}
    for game_id in {card.game_id for card in cards if card.card_type == "Site"}:
        places.update(german_place_names(game_id))
    return places
