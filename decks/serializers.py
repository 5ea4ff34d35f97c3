from django.utils.translation import gettext as _
from rest_framework import serializers

from .models import Deck, DeckAlignment, FallenWizard, Part, Visibility


class EntryInSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Kartencode, z. B. TW-156")
    quantity = serializers.IntegerField(min_value=1, max_value=99)
    part = serializers.ChoiceField(choices=Part.choices)


class EntryOutSerializer(serializers.Serializer):
    code = serializers.CharField(source="card.code")
    name_de = serializers.CharField(source="card.name_de")
    name_en = serializers.CharField(source="card.name_en")
    quantity = serializers.IntegerField()
    part = serializers.CharField()


class DeckListSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    card_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = Deck
        fields = ["id", "name", "owner", "alignment", "fallen_wizard", "visibility", "card_count", "created", "updated"]


class DeckSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username", read_only=True)
    entries = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "id",
            "name",
            "description",
            "owner",
            "alignment",
            "fallen_wizard",
            "visibility",
            "created",
            "updated",
            "entries",
        ]

    def get_entries(self, deck) -> list[dict]:
        entries = self.context.get("entries")
        if entries is None:
            entries = deck.entries.select_related("card")
        return EntryOutSerializer(entries, many=True).data


class DeckWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    alignment = serializers.ChoiceField(choices=DeckAlignment.choices)
    fallen_wizard = serializers.ChoiceField(choices=FallenWizard.choices, required=False, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False, default=Visibility.PRIVATE)
    entries = EntryInSerializer(many=True, required=False)


class CheckRequestSerializer(serializers.Serializer):
    text = serializers.CharField(required=False, allow_blank=True, help_text="Eingefügte Deckliste")
    entries = EntryInSerializer(many=True, required=False)
    alignment = serializers.ChoiceField(choices=DeckAlignment.choices)
    fallen_wizard = serializers.ChoiceField(choices=FallenWizard.choices, required=False, allow_blank=True, default="")
    # A plain string (same values as alignment) so the schema keeps one alignment enum.
    opponent_alignment = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="Ausrichtung des Gegners (Hero, Minion, Fallen-wizard, Balrog); Gefahren und Orte hängen davon ab.",
    )

    def validate_opponent_alignment(self, value):
        if value and value not in DeckAlignment.values:
            raise serializers.ValidationError(
                _("Unbekannte Ausrichtung „%(value)s“. Möglich: Hero, Minion, Fallen-wizard, Balrog.")
                % {"value": value}
            )
        return value


class ImportRequestSerializer(serializers.Serializer):
    text = serializers.CharField()
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    alignment = serializers.ChoiceField(choices=DeckAlignment.choices)
    fallen_wizard = serializers.ChoiceField(choices=FallenWizard.choices, required=False, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False, default=Visibility.PRIVATE)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    confirm = serializers.BooleanField(required=False, default=False, help_text="Erst mit true wird gespeichert.")


class ProblemSerializer(serializers.Serializer):
    rule = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning"])
    title = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    section_url = serializers.CharField(allow_null=True)


class CheckResultSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
    summary = serializers.DictField()
