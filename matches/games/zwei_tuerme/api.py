"""The Zwei Türme analysis API: ``POST /api/zwei-tuerme/analyse/`` lists every legal move of one figure
in a pasted position (``matches.games.zwei_tuerme.engine.analyse``)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.serializers import ErrorSerializer
from config.api_errors import ApiError
from matches.engine.base import IllegalAction

from .engine import analyse

FIELDS = ("position", "from", "strength", "symbol")


class AnalyseRequestSerializer(serializers.Serializer):
    """Schema only: the engine checks the input itself, so every error is German and says where."""

    position = serializers.CharField(help_text=gettext_lazy("Stellung, z. B. „..1../.o.o./.....“"))
    strength = serializers.IntegerField(min_value=0, max_value=20)
    symbol = serializers.ChoiceField(choices=["orthogonal", "diagonal", "any"])
    schattenfell = serializers.BooleanField(required=False, default=False)

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = serializers.ListField(
            child=serializers.IntegerField(min_value=1), min_length=2, max_length=2, help_text="[Reihe, Spalte]"
        )
        return fields


class FieldListField(serializers.ListField):
    child = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)


class MoveSerializer(serializers.Serializer):
    end = serializers.ListField(child=serializers.IntegerField())
    path = FieldListField()
    captured = FieldListField()
    pincered = FieldListField()
    jump = serializers.BooleanField(required=False)


class AnalyseResponseSerializer(serializers.Serializer):
    effective_strength = serializers.IntegerField()
    moves = MoveSerializer(many=True)


class AnalyseView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="zwei_tuerme_analyse",
        tags=["zwei-tuerme"],
        request=AnalyseRequestSerializer,
        responses={200: AnalyseResponseSerializer, 400: ErrorSerializer},
        description=(
            "Analysebrett für Die Zwei Türme: alle regelgerechten Züge der Figur auf `from` in der Stellung "
            "`position` (Reihen von oben nach unten, getrennt durch `/`; `.` leer, `o` Ork, `1`–`4` Figur, "
            "`T` Turm, `#` kein Feld). `strength` ist die Stärke der Karte; sie sinkt um 1 je waagrecht "
            "oder senkrecht benachbartem Ork (`effective_strength`). `captured`: beim Ziehen oder Springen "
            "geschlagene Orks, `pincered`: in Zangen geschlagene. Mit `schattenfell: true` (Gandalf) kommen "
            "die Sprünge (`jump: true`) dazu. Fehlerhafte Eingaben: HTTP 400 mit deutscher Meldung."
        ),
        examples=[
            OpenApiExample(
                "Aragorn 9 (Beispiel der Spielregel)",
                request_only=True,
                value={
                    "position": "........../........../....oooo../........../.o2......./.o......../"
                    "........../..........",
                    "from": [5, 3],
                    "strength": 9,
                    "symbol": "any",
                    "schattenfell": False,
                },
            )
        ],
    )
    def post(self, request):
        data = request.data
        if not isinstance(data, dict):
            raise ApiError("invalid", _("Erwartet wird ein JSON-Objekt mit position, from, strength und symbol."))
        missing = [name for name in FIELDS if name not in data]
        if missing:
            raise ApiError(
                "missing_field",
                _("Es fehlt das Feld „%(name)s“ (nötig sind position, from, strength und symbol).")
                % {"name": missing[0]},
                details={"fields": missing},
            )
        try:
            result = analyse(
                data["position"], data["from"], data["strength"], data["symbol"], data.get("schattenfell", False)
            )
        except IllegalAction as exc:
            raise ApiError(exc.code, exc.text.render(_), details=dict(exc.text.params)) from exc
        return Response(result)
