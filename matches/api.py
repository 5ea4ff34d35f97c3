"""The matches API: list/create/join/start/resign, my view, legal actions, moves, events, posts."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from config.api_errors import ApiError
from config.pagination import EventPagination

from . import rematch as rematch_service
from . import selectors, services, takeback, throttles
from .errors import MatchError
from .models import Match, MatchStatus, Move
from .serializers import (
    MatchCreateSerializer,
    MatchEventPageSerializer,
    MatchEventSerializer,
    MatchLegalSerializer,
    MatchMoveSerializer,
    MatchMoveSubmitSerializer,
    MatchPostPageSerializer,
    MatchPostSerializer,
    MatchSerializer,
    MatchStateSerializer,
    TakebackAnswerSerializer,
)


def _api_error(exc: MatchError) -> ApiError:
    return ApiError(exc.code, exc.message, exc.details, status_code=exc.status_code)


def _int_param(request, name: str, default: int = 0) -> int:
    raw = request.query_params.get(name, "")
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise ApiError(
            f"invalid_{name}",
            _("„%(name)s“ muss eine ganze Zahl ≥ 0 sein (angegeben: „%(value)s“).") % {"name": name, "value": raw[:20]},
            {"parameter": name},
        )
    return value


class MatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Public matches and my own; private matches of others answer 404."""

    serializer_class = MatchSerializer

    # Limits on play (matches/throttles.py), on top of the site-wide ones.
    PLAY_THROTTLES = {
        "create": [throttles.CreateThrottle],
        "moves": [throttles.MoveThrottle],
        "posts": [throttles.PostThrottle, throttles.PostPerMatchThrottle],
    }

    def get_throttles(self):
        extra = self.PLAY_THROTTLES.get(getattr(self, "action", None) or "", [])
        return [*super().get_throttles(), *(cls() for cls in extra)]

    def get_permissions(self):
        if self.request.method in permissions.SAFE_METHODS:
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Match.objects.none()
        matches = selectors.with_seats(selectors.visible_matches(self.request.user)).order_by("-updated_at")
        if (self.action == "moves" and self.request.method == "POST") or self.action == "legal":
            # A submit never reads the state; the move list reads it only when its cache has no answer.
            matches = matches.defer(*selectors.NOT_FOR_SUBMIT)
        if self.action == "list":
            mine = self.request.query_params.get("mine", "").lower() in ("1", "true", "ja")
            if mine and self.request.user.is_authenticated:
                matches = matches.filter(seats__user=self.request.user)
            wanted = self.request.query_params.get("status", "")
            if wanted:
                if wanted not in MatchStatus.values:
                    raise ApiError(
                        "invalid_status",
                        _("Unbekannter Status „%(value)s“. Möglich: %(choices)s.")
                        % {"value": wanted[:20], "choices": ", ".join(MatchStatus.values)},
                        {"parameter": "status"},
                    )
                matches = matches.filter(status=wanted)
        return matches

    @extend_schema(
        parameters=[
            OpenApiParameter("mine", bool, description="nur Partien, an denen ich sitze"),
            OpenApiParameter("status", str, enum=MatchStatus.values),
        ]
    )
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    def _seat(self, match):
        return selectors.seat_of(match, self.request.user)

    def _detail(self, match, code=status.HTTP_200_OK):
        match = selectors.get_visible(self.request.user, match.pk)
        return Response(MatchSerializer(match).data, status=code)

    @extend_schema(request=MatchCreateSerializer, responses={201: MatchSerializer})
    def create(self, request):
        serializer = MatchCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            match = services.create_match(request.user, **serializer.validated_data)
        except MatchError as exc:
            raise _api_error(exc) from exc
        return self._detail(match, status.HTTP_201_CREATED)

    def _run(self, service, *args):
        match = self.get_object()
        try:
            service(match, self.request.user, *args)
        except MatchError as exc:
            raise _api_error(exc) from exc
        return self._detail(match)

    @extend_schema(request=None, responses={200: MatchSerializer})
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        return self._run(services.join)

    @extend_schema(
        request=None,
        responses={200: MatchSerializer},
        description="Nimmt die Einladung an: erst dann gehört der reservierte Platz dir.",
    )
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        return self._run(services.accept_invitation)

    @extend_schema(
        request=None,
        responses={200: MatchSerializer},
        description="Lehnt die Einladung ab: der Platz wird wieder frei.",
    )
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        match = self.get_object()
        try:
            services.decline_invitation(match, request.user)
        except MatchError as exc:
            raise _api_error(exc) from exc
        match = selectors.with_seats(Match.objects.filter(pk=match.pk)).get()
        return Response(MatchSerializer(match).data)

    @extend_schema(request=None, responses={200: MatchSerializer})
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        return self._run(services.leave)

    @extend_schema(request=None, responses={200: MatchSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        return self._run(services.start)

    @extend_schema(request=None, responses={200: MatchSerializer})
    @action(detail=True, methods=["post"])
    def resign(self, request, pk=None):
        return self._run(services.resign)

    @extend_schema(request=None, responses={200: MatchSerializer})
    @action(detail=True, methods=["post"])
    def abandon(self, request, pk=None):
        return self._run(services.abandon)

    @extend_schema(
        request=None,
        responses={200: MatchSerializer},
        description="Bittet darum, den eigenen letzten Zug zurückzunehmen (bis der nächste Spieler gezogen hat).",
    )
    @action(detail=True, methods=["post"])
    def takeback(self, request, pk=None):
        return self._run(takeback.request_takeback)

    @extend_schema(
        request=TakebackAnswerSerializer,
        responses={200: MatchSerializer},
        description="Antwort auf die offene Bitte um Rücknahme: accept true nimmt zurück, false lässt den Zug gelten.",
    )
    @action(detail=True, methods=["post"], url_path="takeback/answer")
    def takeback_answer(self, request, pk=None):
        serializer = TakebackAnswerSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        accept = serializer.validated_data["accept"]
        return self._run(lambda match, user: takeback.answer_takeback(match, user, accept))

    @extend_schema(
        request=None,
        responses={201: MatchSerializer},
        description="Revanche nach dem Ende: eine neue Partie mit denselben Spielern, gleich gestartet.",
    )
    @action(detail=True, methods=["post"])
    def rematch(self, request, pk=None):
        match = self.get_object()
        try:
            new = rematch_service.rematch(match, request.user)
        except MatchError as exc:
            raise _api_error(exc) from exc
        return self._detail(new, status.HTTP_201_CREATED)

    @extend_schema(
        responses={200: MatchStateSerializer}, description="Der Spielstand aus meiner Sicht (Zuschauer: öffentlich)."
    )
    @action(detail=True, methods=["get"])
    def state(self, request, pk=None):
        match = self.get_object()
        seat = self._seat(match)
        view = selectors.view_for(match, seat)
        data = {"version": match.version, "seat": seat.order if seat else None, "status": match.status, "view": view}
        return Response(data)

    @extend_schema(responses={200: MatchLegalSerializer}, description="Die Züge, die ich jetzt machen darf.")
    @action(detail=True, methods=["get"])
    def legal(self, request, pk=None):
        match = self.get_object()
        seat = self._seat(match)
        actions = selectors.legal_for(match, seat)
        return Response({"version": match.version, "seat": seat.order if seat else None, "actions": actions})

    @extend_schema(
        methods=["POST"],
        request=MatchMoveSubmitSerializer,
        responses={202: MatchMoveSerializer},
        description="Reicht einen Zug ein; er wird im Hintergrund ausgewertet (Status unter moves/<id>/).",
    )
    @extend_schema(methods=["GET"], responses={200: MatchMoveSerializer(many=True)}, description="Meine Züge.")
    @action(detail=True, methods=["get", "post"])
    def moves(self, request, pk=None):
        if request.method == "POST":
            return self._submit(request, pk)
        match = self.get_object()
        seat = self._seat(match)
        moves = Move.objects.filter(seat=seat).order_by("-id")[:100] if seat else []
        return Response(MatchMoveSerializer(moves, many=True, context={"names": selectors.names(match)}).data)

    def _submit(self, request, pk):
        serializer = MatchMoveSubmitSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        # The hot path of play: the player's own seat with its match in one query (a seat makes the match
        # visible to its player); anyone else takes the general lookup, which answers 404 or refuses.
        seat = selectors.own_seat_for_move(request.user, pk)
        match = seat.match if seat is not None else self.get_object()
        try:
            move, _created = services.submit_move(
                match, request.user, data["action"], data["version"], data.get("idempotency_key", ""), seat=seat
            )
        except MatchError as exc:
            raise _api_error(exc) from exc
        # Names only render an error (a repeated key may answer with a rejected move); a new move has none.
        names = selectors.names(match) if move.error else {}
        return Response(MatchMoveSerializer(move, context={"names": names}).data, status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={200: MatchMoveSerializer})
    @action(detail=True, methods=["get"], url_path=r"moves/(?P<move_id>\d+)")
    def move(self, request, pk=None, move_id=None):
        match = self.get_object()
        seat = self._seat(match)
        if seat is None:
            raise ApiError("not_found", _("Zug nicht gefunden."), status_code=404)
        move = get_object_or_404(Move, pk=move_id, match=match, seat=seat)
        return Response(MatchMoveSerializer(move, context={"names": selectors.names(match)}).data)

    @extend_schema(
        parameters=[
            OpenApiParameter("since", int, description="nur Ereignisse nach dieser laufenden Nummer"),
            OpenApiParameter("page", int, description="Seite (ab 1)"),
            OpenApiParameter("page_size", int, description="Ereignisse je Seite, 1 bis 1000 (Standard 100)"),
        ],
        responses={200: MatchEventPageSerializer},
        description=(
            "Das Protokoll, älteste zuerst, seitenweise: count (alle Ereignisse nach since), next und previous "
            "(Adressen der Nachbarseiten oder null), results."
        ),
    )
    @action(detail=True, methods=["get"])
    def events(self, request, pk=None):
        match = self.get_object()
        since = _int_param(request, "since")
        paginator = EventPagination()
        page = paginator.paginate_queryset(selectors.events_after(match, since), request, view=self)
        rows = selectors.event_rows(match, self._seat(match), page)
        return paginator.get_paginated_response(MatchEventSerializer(rows, many=True).data)

    @extend_schema(
        methods=["GET"],
        responses={200: MatchPostPageSerializer},
        parameters=[OpenApiParameter("page", int, description="Seite (ab 1), je Seite PAGE_SIZE Beiträge")],
        description="Die Beiträge, älteste zuerst, seitenweise (count, next, previous, results).",
    )
    @extend_schema(methods=["POST"], request=MatchPostSerializer, responses={201: MatchPostSerializer})
    @action(detail=True, methods=["get", "post"])
    def posts(self, request, pk=None):
        match = self.get_object()
        if request.method == "GET":
            page = self.paginate_queryset(selectors.posts_of(match))
            return self.get_paginated_response(MatchPostSerializer(page, many=True).data)
        serializer = MatchPostSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            post = services.post(match, request.user, serializer.validated_data["text"])
        except MatchError as exc:
            raise _api_error(exc) from exc
        return Response(MatchPostSerializer(post).data, status=status.HTTP_201_CREATED)
