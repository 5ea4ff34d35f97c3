"""Card API: search with the query language, detail by code, autocomplete for the deck editor."""

import django_filters
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from config.api_errors import ApiError
from config.pagination import Pagination

from .models import Alignment, Card, CardType
from .query import QuerySyntaxError
from .selectors import SORT_CHOICES as SORT_VALUES
from .selectors import autocomplete, base_queryset, search_cards
from .serializers import AutocompleteSerializer, CardDetailSerializer, CardListSerializer, ErrorSerializer

ORDER_VALUES = ["asc", "desc"]
AUTOCOMPLETE_MAX = 20
# Accepted spellings of a yes/no filter value (lower case).
TRUTH_VALUES = {"true": True, "1": True, "ja": True, "false": False, "0": False, "nein": False}


class CardPagination(Pagination):
    page_size_query_param = "page_size"
    max_page_size = 100


class YesNoFilter(django_filters.CharFilter):
    """true/false, 1/0, ja/nein; anything else is a 400 (BooleanFilter would silently ignore it)."""

    def __init__(self, *args, param: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.param = param

    def filter(self, qs, value):
        if value in (None, ""):
            return qs
        flag = TRUTH_VALUES.get(value.strip().lower())
        if flag is None:
            raise ApiError(
                f"invalid_{self.param}",
                _("„%(param)s“ muss true oder false (auch 1/0, ja/nein) sein, nicht „%(v)s“.")
                % {"param": self.param, "v": value},
                {self.param: sorted(TRUTH_VALUES)},
            )
        return qs.filter(**{self.field_name: flag})


class CardFilter(django_filters.FilterSet):
    type = django_filters.ChoiceFilter(field_name="card_type", choices=CardType.choices, label=_("Kartentyp"))
    alignment = django_filters.ChoiceFilter(choices=Alignment.choices, label=_("Ausrichtung"))
    set = django_filters.CharFilter(field_name="card_set__code", lookup_expr="iexact", label=_("Set-Kürzel"))
    game = django_filters.CharFilter(field_name="game__slug", label=_("Spiel (Kürzel)"))
    unique = YesNoFilter(field_name="is_unique", param="unique", label=_("einzigartig (true/false, 1/0, ja/nein)"))

    class Meta:
        model = Card
        fields = ["type", "alignment", "set", "game", "unique"]


_ERRORS = {400: OpenApiResponse(ErrorSerializer, description=_("Suche nicht lesbar oder ungültiger Parameter"))}


@extend_schema_view(
    list=extend_schema(
        summary=_("Karten suchen"),
        parameters=[
            OpenApiParameter(
                "q",
                OpenApiTypes.STR,
                description=_(
                    "Suche in der Suchsprache (siehe /karten/hilfe/), z. B. `typ:charakter geist>=6`. "
                    "Fehler: HTTP 400 mit code `query_syntax` und details.position (0-basiert)."
                ),
            ),
            OpenApiParameter("sort", OpenApiTypes.STR, enum=SORT_VALUES, description=_("Sortierung")),
            OpenApiParameter("order", OpenApiTypes.STR, enum=ORDER_VALUES, description=_("Reihenfolge")),
            OpenApiParameter("page_size", OpenApiTypes.INT, description=_("Karten pro Seite (höchstens 100)")),
            OpenApiParameter(
                "unique",
                OpenApiTypes.STR,
                enum=sorted(TRUTH_VALUES),
                description=_("nur einzigartige (true) oder nicht einzigartige (false) Karten"),
            ),
        ],
        responses={200: CardListSerializer(many=True), **_ERRORS},
    ),
    retrieve=extend_schema(summary=_("Eine Karte nach Code (z. B. TW-120)"), responses={200: CardDetailSerializer}),
)
class CardViewSet(viewsets.ReadOnlyModelViewSet):
    lookup_field = "code"
    lookup_value_regex = "[^/]+"
    filterset_class = CardFilter
    pagination_class = CardPagination
    serializer_class = CardListSerializer

    def get_serializer_class(self):
        return CardDetailSerializer if self.action == "retrieve" else CardListSerializer

    def get_queryset(self):
        if self.action != "list":
            return base_queryset()
        params = self.request.query_params
        sort, order = params.get("sort") or None, params.get("order") or None
        if sort and sort not in SORT_VALUES:
            raise ApiError("invalid_sort", _("Unbekannte Sortierung „%(v)s“.") % {"v": sort}, {"sort": SORT_VALUES})
        if order and order not in ORDER_VALUES:
            raise ApiError("invalid_order", _("Reihenfolge muss „asc“ oder „desc“ sein, nicht „%(v)s“.") % {"v": order})
        try:
            return search_cards(params.get("q", ""), sort=sort, order=order)
        except QuerySyntaxError as exc:
            raise ApiError("query_syntax", exc.message_de, {"position": exc.position}) from exc

    @extend_schema(
        summary=_("Kartennamen vervollständigen (für den Deck-Editor)"),
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, required=True, description=_("Anfang oder Teil des Namens")),
            OpenApiParameter(
                "limit", OpenApiTypes.INT, description=_("höchstens so viele Treffer (1–20, Standard 10)")
            ),
        ],
        # The answer is {"results": [...]} (found by the schema fuzzing in tests/fuzz).
        responses={
            200: inline_serializer("AutocompleteResults", {"results": AutocompleteSerializer(many=True)}),
            **_ERRORS,
        },
        filters=False,
    )
    @action(detail=False, pagination_class=None, filterset_class=None)
    def autocomplete(self, request):
        raw_limit = request.query_params.get("limit") or "10"
        if not raw_limit.isdigit() or not 1 <= int(raw_limit) <= AUTOCOMPLETE_MAX:
            raise ApiError(
                "invalid_limit",
                _("„limit“ muss eine Zahl von 1 bis %(n)d sein.") % {"n": AUTOCOMPLETE_MAX},
                {"limit": raw_limit},
            )
        cards = autocomplete(request.query_params.get("q", ""), limit=int(raw_limit))
        return Response({"results": AutocompleteSerializer(cards, many=True).data})
