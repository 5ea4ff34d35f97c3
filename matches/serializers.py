"""API shapes for matches. Input is validated here for types; the rules live in services."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from .models import DeadlinePolicy, Match, MoveStatus, Post, Seat
from .texts import render


class MatchSeatSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.username", default=None, read_only=True)
    number = serializers.SerializerMethodField(help_text=_("die Nummer am Tisch und auf dem Brett (order + 1)"))
    name = serializers.CharField(source="display_name", read_only=True)
    bot_level = serializers.CharField(read_only=True, help_text=_("Computerstufe; leer bei Menschen"))

    class Meta:
        model = Seat
        fields = ["slot", "order", "number", "user", "name", "bot_level", "colour", "resigned", "invitation_pending"]

    def get_number(self, seat) -> int | None:
        return seat.order + 1 if seat.order is not None else None


class MatchSerializer(serializers.ModelSerializer):
    seats = MatchSeatSerializer(many=True, read_only=True)
    created_by = serializers.CharField(source="created_by.username", read_only=True)
    current_seats = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id",
            "engine",
            "options",
            "players",
            "status",
            "version",
            "turn_days",
            "deadline_policy",
            "is_public",
            "created_by",
            "created_at",
            "turn_started_at",
            "result",
            "seats",
            "current_seats",
            "url",
        ]

    def get_current_seats(self, match) -> list[int]:
        from .selectors import current_seats

        return current_seats(match)

    def get_url(self, match) -> str:
        return match.get_absolute_url()


class MatchCreateSerializer(serializers.Serializer):
    engine = serializers.CharField(help_text=_("z. B. „wuerfeltisch“ oder „zwei-tuerme“"))
    options = serializers.JSONField(required=False, default=dict, help_text=_('beim Würfeltisch: {"game": "sauron"}'))
    players = serializers.IntegerField(default=2)
    invite = serializers.ListField(child=serializers.CharField(max_length=150), required=False, default=list)
    turn_days = serializers.IntegerField(default=3)
    deadline_policy = serializers.ChoiceField(choices=DeadlinePolicy.choices, default=DeadlinePolicy.DEFAULT_ACTION)
    is_public = serializers.BooleanField(default=True)
    bots = serializers.IntegerField(default=0, help_text=_("Computerplätze, 0 bis Spielerzahl − 1"))
    bot_level = serializers.CharField(default="mittel", help_text=_("leicht, mittel oder stark"))


class MatchMoveSubmitSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text=_("der Zug als JSON-Objekt mit „type“"))
    version = serializers.IntegerField(min_value=0, help_text=_("die Version, die du zuletzt gesehen hast"))
    idempotency_key = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")


class MatchMoveSerializer(serializers.Serializer):
    """A move as its player sees it. Declared field by field, not a ModelSerializer: it answers every
    submitted move, and building a ModelSerializer's fields from the model cost more than the rest of
    the answer."""

    id = serializers.IntegerField(read_only=True)
    seat = serializers.IntegerField(source="seat.order", read_only=True)
    action = serializers.JSONField(read_only=True)
    version = serializers.IntegerField(read_only=True)
    idempotency_key = serializers.CharField(read_only=True)
    status = serializers.ChoiceField(choices=MoveStatus.choices, read_only=True)
    automatic = serializers.BooleanField(read_only=True)
    error_code = serializers.CharField(read_only=True)
    error_message = serializers.SerializerMethodField()
    applied_version = serializers.IntegerField(read_only=True, allow_null=True)
    created_at = serializers.DateTimeField(read_only=True)
    resolved_at = serializers.DateTimeField(read_only=True, allow_null=True)

    def get_error_message(self, move) -> str:
        return render(move.error, self.context.get("names", {}))


class MatchEventSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    text = serializers.CharField()
    private = serializers.CharField(help_text=_("nur für dich sichtbarer Text (leer, wenn keiner)"))
    created_at = serializers.DateTimeField()
    move = serializers.IntegerField(allow_null=True)
    data = serializers.JSONField(
        required=False, help_text=_("strukturierte Daten, nur bei Spielen mit öffentlichen Daten")
    )


class MatchPostSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username", read_only=True)

    class Meta:
        model = Post
        fields = ["id", "author", "text", "created_at"]
        read_only_fields = ["id", "author", "created_at"]


class MatchPostPageSerializer(serializers.Serializer):
    """One page of a match's posts (the API's page-number pagination)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchPostSerializer(many=True)


class MatchEventPageSerializer(serializers.Serializer):
    """One page of a match's events: ``count`` of all after ``since``, links to the pages beside it."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchEventSerializer(many=True)


class MatchStateSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    view = serializers.JSONField(allow_null=True)


class MatchLegalSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    actions = serializers.JSONField()


class TakebackAnswerSerializer(serializers.Serializer):
    accept = serializers.BooleanField(help_text=_("true: zurücknehmen, false: der Zug gilt"))
