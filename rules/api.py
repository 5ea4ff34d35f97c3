"""REST API for the rules reference: rulebooks, sections (list, single, tree), glossary terms, search."""

import django_filters
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response

from cards.serializers import ErrorSerializer
from config.api_errors import ApiError
from config.filters import IntegerFilter

from . import selectors
from .models import GlossaryTerm, Rulebook, Section, SectionKind
from .search import SearchError
from .serializers import (
    GameGroupSerializer,
    GlossaryTermSerializer,
    RulebookSerializer,
    SearchHitSerializer,
    SectionDetailSerializer,
    SectionSerializer,
    SectionTreeSerializer,
)


class RulebookViewSet(viewsets.ReadOnlyModelViewSet):
    """The imported rulebooks, one per game; ``/api/rules/rulebooks/<spiel>/tree/`` is the table of contents."""

    queryset = Rulebook.objects.select_related("game").order_by("game__order")
    serializer_class = RulebookSerializer
    lookup_field = "game__slug"
    lookup_url_kwarg = "game"

    @extend_schema(responses=SectionTreeSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def tree(self, request, game=None):
        rulebook = self.get_object()
        nodes = {}
        roots = []
        for section in selectors.toc(rulebook):
            section.rulebook = rulebook
            node = {
                "id": section.pk,
                "slug": section.slug,
                "heading": section.heading,
                "kind": section.kind,
                "alignments": section.alignments,
                "url": section.get_absolute_url(),
                "children": [],
            }
            nodes[section.pk] = node
            (nodes[section.parent_id]["children"] if section.parent_id in nodes else roots).append(node)
        return Response(SectionTreeSerializer(roots, many=True).data)


class SectionFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="rulebook__game__slug", label="Spiel (Kürzel)")
    kind = django_filters.ChoiceFilter(choices=SectionKind.choices, label="Art")
    parent = IntegerFilter(field_name="parent_id", min_value=1, label="übergeordneter Abschnitt (ID)")
    depth = IntegerFilter(label="Ebene (0 = Kapitel)")

    class Meta:
        model = Section
        fields = ["game", "kind", "parent", "depth"]


class SectionViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Section.objects.select_related("rulebook__game").order_by("rulebook__game__order", "order")
    filterset_class = SectionFilter

    def get_serializer_class(self):
        return SectionDetailSerializer if self.action == "retrieve" else SectionSerializer


class GlossaryTermFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game__slug", label="Spiel (Kürzel)")

    class Meta:
        model = GlossaryTerm
        fields = ["game"]


class GlossaryTermViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = GlossaryTerm.objects.select_related("game", "section__rulebook__game").order_by("term", "game__order")
    serializer_class = GlossaryTermSerializer
    filterset_class = GlossaryTermFilter


class SearchView(GenericAPIView):
    """Search over the sections of all rulebooks: questions or terms (German stemming, compounds, typos)."""

    serializer_class = SearchHitSerializer
    filter_backends = []

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, required=True, description="Suchbegriff (höchstens 100 Zeichen)"),
            OpenApiParameter("game", str, description="nur dieses Spiel (Kürzel, z. B. meccg)"),
            OpenApiParameter("page", int, description="Seite der Ergebnisliste (25 je Seite)"),
        ],
        responses={
            200: inline_serializer(
                "RulesSearchPage",
                {
                    "count": serializers.IntegerField(),
                    "next": serializers.CharField(allow_null=True),
                    "previous": serializers.CharField(allow_null=True),
                    "fuzzy": serializers.BooleanField(),
                    "suggestion": serializers.CharField(help_text="die Suche mit korrigierten Wörtern, sonst leer"),
                    "named_game": serializers.CharField(
                        allow_null=True,
                        help_text="das durchsuchte Spiel, wenn ohne `game` gesucht wurde und die Suche ein Spiel nennt",
                    ),
                    "terms": GlossaryTermSerializer(many=True),
                    "by_game": GameGroupSerializer(
                        many=True,
                        help_text="die Antwort je Spiel, wenn die Frage kein Spiel nennt und mehrere Regelhefte sie "
                        "beantworten (sonst leer)",
                    ),
                    "results": SearchHitSerializer(many=True),
                },
            ),
            400: OpenApiResponse(
                ErrorSerializer,
                description=_(
                    "Suchbegriff fehlt, ist zu lang oder enthält weder Buchstaben noch Ziffern (code `empty_query`, "
                    "`query_too_long`, `invalid_query`; details.param `q`), unbekanntes Spiel (code `unknown_game`, "
                    "details.param `game`) oder ungültige Seitenzahl (code `invalid_page`, details.param `page`)."
                ),
            ),
            404: OpenApiResponse(
                ErrorSerializer, description=_("Seite hinter dem Ende der Trefferliste (code `page_not_found`).")
            ),
        },
    )
    def get(self, request):
        try:
            results = selectors.search(request.query_params.get("q"), request.query_params.get("game") or None)
        except SearchError as exc:
            param = "game" if exc.code == "unknown_game" else "q"
            raise ApiError(exc.code, exc.message, {"param": param}) from None
        page = self.paginate_queryset(results.sections)
        response = self.get_paginated_response(self.get_serializer(page, many=True).data)
        response.data["fuzzy"] = results.fuzzy
        response.data["suggestion"] = results.suggestion
        # the game searched when no game was chosen but the query named one ("Zange Die Zwei Türme"), else null
        response.data["named_game"] = results.game.slug if results.named_game else None
        response.data["terms"] = GlossaryTermSerializer(results.terms, many=True).data
        response.data["by_game"] = GameGroupSerializer(results.by_game, many=True).data
        return response
