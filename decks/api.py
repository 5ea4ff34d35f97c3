"""The decks API: CRUD for own decks, check, import and export."""

from django.db.models import Q
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from config.api_errors import ApiError

from . import checking, services
from .links import result_dict
from .models import Deck, Visibility
from .selectors import entries_of, with_counts
from .serializers import (
    CheckRequestSerializer,
    CheckResultSerializer,
    DeckListSerializer,
    DeckSerializer,
    DeckWriteSerializer,
    ImportRequestSerializer,
)
from .throttles import DeckCheckAnonThrottle, DeckCheckThrottled, DeckCheckUserThrottle


def _api_error(exc: services.DeckError) -> ApiError:
    return ApiError(exc.code, exc.message, exc.details)


def _entries(data) -> list | None:
    if "entries" not in data or data["entries"] is None:
        return None
    return [(e["code"], e["quantity"], e["part"]) for e in data["entries"]]


class DeckViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """Own decks (list); any visible deck (read); only the owner writes. Private decks of others: 404."""

    def _offers_method(self) -> bool:
        method = self.request.method.lower()
        return method in self.http_method_names and hasattr(self, method)

    def get_permissions(self):
        # A method the route does not offer (GET on check/) is answered 405 by the handler, not 401/403 here.
        if self.action in ("retrieve", "check", "export") or not self._offers_method():
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    def get_throttles(self):
        if self.action in ("check", "import_deck"):
            # The site-wide anonymous-write limit applies here too, on top of the check's own rates.
            return [*super().get_throttles(), DeckCheckAnonThrottle(), DeckCheckUserThrottle()]
        return super().get_throttles()

    def throttled(self, request, wait):
        raise DeckCheckThrottled(wait)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Deck.objects.none()
        user = self.request.user
        if self.action == "list":
            return with_counts(Deck.objects.filter(owner=user).select_related("owner"))
        visible = Q(visibility__in=[Visibility.PUBLIC, Visibility.UNLISTED])
        if user.is_authenticated:
            visible |= Q(owner=user)
        return Deck.objects.filter(visible).select_related("owner")

    def get_serializer_class(self):
        if self.action == "list":
            return DeckListSerializer
        if self.action in ("create", "update", "partial_update"):
            return DeckWriteSerializer
        return DeckSerializer

    def _own(self):
        deck = self.get_object()
        if deck.owner_id != self.request.user.pk:
            raise PermissionDenied(_("Nur der Besitzer darf dieses Deck ändern."))
        return deck

    def _read(self, deck, status_code=status.HTTP_200_OK):
        entries = entries_of(deck)
        return Response(DeckSerializer(deck, context={"entries": entries}).data, status=status_code)

    def retrieve(self, request, *args, **kwargs):
        return self._read(self.get_object())

    @extend_schema(request=DeckWriteSerializer, responses={201: DeckSerializer})
    def create(self, request, *args, **kwargs):
        serializer = DeckWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        entries = _entries(data) or []
        data.pop("entries", None)
        try:
            deck = services.create_deck(request.user, entries=entries, **data)
        except services.DeckError as exc:
            raise _api_error(exc) from exc
        return self._read(deck, status.HTTP_201_CREATED)

    @extend_schema(request=DeckWriteSerializer, responses={200: DeckSerializer})
    def update(self, request, *args, **kwargs):
        deck = self._own()
        partial = kwargs.get("partial", False)
        serializer = DeckWriteSerializer(data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        data = {k: v for k, v in serializer.validated_data.items() if k in request.data or not partial}
        entries = _entries(data)
        data.pop("entries", None)
        try:
            services.update_deck(deck, request.user, entries=entries, **data)
        except services.DeckError as exc:
            raise _api_error(exc) from exc
        return self._read(deck)

    def destroy(self, request, *args, **kwargs):
        services.delete_deck(self._own(), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        request=CheckRequestSerializer,
        responses={200: CheckResultSerializer},
        description="Prüft ein ungespeichertes Deck (Feld `text` oder `entries`) nach den MECCG-Deckbauregeln.",
    )
    @action(detail=False, methods=["post"])
    def check(self, request):
        serializer = CheckRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        options = {
            "alignment": data["alignment"],
            "fallen_wizard": data.get("fallen_wizard", ""),
            "opponent_alignment": data.get("opponent_alignment", ""),
        }
        try:
            if data.get("text"):
                result = checking.check_text(data["text"], **options)
            elif "entries" in data:
                result = checking.check_entries(_entries(data), **options)
            else:
                raise ApiError("missing_deck", _("Bitte gib eine Deckliste (text) oder Einträge (entries) an."))
        except services.DeckError as exc:
            raise _api_error(exc) from exc
        return Response(result_dict(result))

    @extend_schema(
        request=ImportRequestSerializer,
        responses={200: OpenApiTypes.OBJECT, 201: DeckSerializer},
        description=(
            "Liest eine eingefügte Deckliste. Ohne `confirm` (Vorschau) kommen die erkannten Einträge, "
            "die Fehler je Zeile und das Prüfergebnis zurück; mit `confirm: true` wird das Deck angelegt, "
            "sofern keine Zeile fehlerhaft ist."
        ),
    )
    @action(detail=False, methods=["post"], url_path="import")
    def import_deck(self, request):
        serializer = ImportRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        confirm = data.pop("confirm")
        if confirm:
            try:
                deck = services.import_deck(request.user, **data)
            except services.DeckError as exc:
                raise _api_error(exc) from exc
            return self._read(deck, status.HTTP_201_CREATED)
        try:
            preview = checking.import_preview(data["text"], data["alignment"], data.get("fallen_wizard", ""))
        except services.DeckError as exc:
            raise _api_error(exc) from exc
        return Response(preview.as_dict())

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "output",
                str,
                enum=["text", "gccg", "json"],
                description="Ausgabeformat: text (deutsche Namen), gccg (englische Namen, Ausrichtung, Set), "
                "json (Standard)",
            )
        ],
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        deck = self.get_object()
        entries = entries_of(deck)
        output = request.query_params.get("output")
        if output == "text":
            return HttpResponse(checking.export_text(deck, entries), content_type="text/plain; charset=utf-8")
        if output == "gccg":
            return HttpResponse(checking.export_gccg(deck, entries), content_type="text/plain; charset=utf-8")
        return Response(checking.export_json(deck, entries))
