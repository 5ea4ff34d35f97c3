"""MECCG API: the score calculator ("Punkte" of the rulebook)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import ApiError
from matches import selectors
from matches.errors import MatchError
from matches.serializers import MatchMoveSerializer

from . import cards, scoring, services
from .engine.scoring import ALIGNMENTS


class SheetInSerializer(serializers.Serializer):
    """Schema only: the view checks the body itself so that every error names its field."""

    alignment = serializers.ChoiceField(choices=ALIGNMENTS)
    characters = serializers.IntegerField(default=0)
    special = serializers.IntegerField(default=0, help_text="Besonderes (Karo oben links)")
    items = serializers.IntegerField(default=0)
    allies = serializers.IntegerField(default=0)
    factions = serializers.IntegerField(default=0, help_text="Heere")
    creatures_plain = serializers.IntegerField(default=0, help_text="Kreaturenpunkte ohne * im Siegpunktfenster")
    creatures_starred = serializers.IntegerField(default=0, help_text="Kreaturenpunkte mit * im Siegpunktfenster")
    unique_in_opponent_hand = serializers.IntegerField(
        default=0, min_value=0, help_text="Eigene einzigartige Punktekarten, die der Gegner noch auf der Hand hat"
    )
    lost_avatar = serializers.BooleanField(default=False)
    ring_victory = serializers.BooleanField(default=False)


class PunkteInSerializer(serializers.Serializer):
    decks = serializers.ChoiceField(choices=[1, 2, 3, 4], default=2)
    players = SheetInSerializer(many=True)


class CategoriesSerializer(serializers.Serializer):
    characters = serializers.IntegerField()
    special = serializers.IntegerField()
    items = serializers.IntegerField()
    allies = serializers.IntegerField()
    factions = serializers.IntegerField()
    creatures = serializers.IntegerField()


class ScoreOutSerializer(serializers.Serializer):
    categories = CategoriesSerializer()
    total = serializers.IntegerField()
    tournament_points = serializers.IntegerField()


class PunkteOutSerializer(serializers.Serializer):
    players = ScoreOutSerializer(many=True)


class PunkteView(APIView):
    """Both players' final scores and tournament points from their score sheets."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="meccg_punkte",
        request=PunkteInSerializer,
        responses={200: PunkteOutSerializer},
        examples=[
            OpenApiExample(
                "Held gegen Scherge",
                request_only=True,
                value={
                    "decks": 2,
                    "players": [
                        {"alignment": "hero", "characters": 6, "items": 4, "factions": 5, "creatures_plain": 3},
                        {"alignment": "minion", "characters": 7, "allies": 2, "creatures_starred": 4},
                    ],
                },
            )
        ],
        description=(
            "Die Endwertung nach „Punkte“ der Regelübersicht: sechs Kategorien, Verdopplung, "
            "Begrenzung auf die Hälfte, Abzüge, Turnierpunkte. Fehlerhafte Eingaben: HTTP 400 mit dem Feld."
        ),
    )
    def post(self, request):
        try:
            calculation = scoring.calculate(request.data)
        except scoring.SheetError as exc:
            raise ApiError(exc.code, exc.message, {"field": exc.field}) from exc
        return Response(calculation.to_json())


class DeckChoiceInSerializer(serializers.Serializer):
    deck = serializers.IntegerField(required=False, help_text="ID eines eigenen gespeicherten MECCG-Decks")
    starter = serializers.CharField(
        required=False, max_length=40, help_text="statt eines eigenen Decks ein Startdeck: helden, schergen, …"
    )
    version = serializers.IntegerField(min_value=0, help_text="zuletzt gesehene Version der Partie")

    def validate(self, attrs):
        if ("deck" in attrs) == ("starter" in attrs):
            raise serializers.ValidationError(
                {"deck": _("Gib entweder ein eigenes Deck („deck“) oder ein Startdeck („starter“) an.")}
            )
        return attrs


class DeckChoiceView(APIView):
    """Choose one of your saved decks for a MECCG match (the deck check runs in the engine)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="meccg_choose_deck",
        request=DeckChoiceInSerializer,
        responses={202: MatchMoveSerializer},
        description=(
            "Reicht die Deckwahl als Zug ein. Das Deck wird gegen die Ausrichtung des Gegners geprüft; "
            "ein unzulässiges Deck wird abgelehnt (Status des Zugs: rejected, mit Grund)."
        ),
    )
    def post(self, request, pk):
        serializer = DeckChoiceInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            match = selectors.get_visible(request.user, pk)
            data = serializer.validated_data
            chosen = data["deck"] if "deck" in data else f"{cards.STARTER_PREFIX}{data['starter']}"
            move = services.choose_deck(match, request.user, chosen, data["version"])
        except MatchError as exc:
            code = 404 if exc.code == "not_found" else exc.status_code
            raise ApiError(exc.code, exc.message, exc.details, status_code=code) from exc
        return Response(MatchMoveSerializer(move, context={"names": selectors.names(match)}).data, status=202)
