from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from config.api_errors import ApiError

from . import choices as loose
from . import limits
from .models import Deck, DeckAlignment, FallenWizard, Part, Visibility
from .services import DeckError


def _not_a_choice(value, what, choice_class) -> str:
    return _("„%(value)s“ ist als %(what)s nicht möglich. Erlaubt sind: %(choices)s.") % {
        "value": value,
        "what": what,
        "choices": loose.listing(choice_class),
    }


class LooseChoiceField(serializers.ChoiceField):
    """A choice that also takes any case and the German names; an unknown value gets the list of valid ones."""

    def __init__(self, choice_class, what, **kwargs):
        self.choice_class = choice_class
        self.what = what
        super().__init__(choices=choice_class.choices, **kwargs)

    def to_internal_value(self, data):
        if data == "" and self.allow_blank:
            return ""
        value = loose.resolve(self.choice_class, data)
        if value is None:
            raise serializers.ValidationError(_not_a_choice(data, self.what, self.choice_class), code="invalid_choice")
        return value


class BoundedInput:
    """Refuse an oversized text or entries list before any field is validated (bounded work)."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            try:
                if isinstance(data.get("text"), str):
                    limits.check_text(data["text"])
                if isinstance(data.get("entries"), list):
                    limits.check_entries(data["entries"])
            except DeckError as exc:
                raise ApiError(exc.code, exc.message, exc.details) from exc
        return super().to_internal_value(data)


class EntryInSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Kartencode, z. B. TW-156")
    quantity = serializers.IntegerField(min_value=1, max_value=99)
    part = LooseChoiceField(Part, gettext_lazy("Teil des Decks"))


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


class DeckWriteSerializer(BoundedInput, serializers.Serializer):
    name = serializers.CharField(max_length=120)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    alignment = LooseChoiceField(DeckAlignment, gettext_lazy("Ausrichtung"))
    fallen_wizard = LooseChoiceField(
        FallenWizard, gettext_lazy("Gefallener Zauberer"), required=False, allow_blank=True, default=""
    )
    visibility = LooseChoiceField(Visibility, gettext_lazy("Sichtbarkeit"), required=False, default=Visibility.PRIVATE)
    entries = EntryInSerializer(many=True, required=False)


class CheckRequestSerializer(BoundedInput, serializers.Serializer):
    text = serializers.CharField(required=False, allow_blank=True, help_text="Eingefügte Deckliste")
    entries = EntryInSerializer(many=True, required=False)
    alignment = LooseChoiceField(DeckAlignment, gettext_lazy("Ausrichtung"))
    fallen_wizard = LooseChoiceField(
        FallenWizard, gettext_lazy("Gefallener Zauberer"), required=False, allow_blank=True, default=""
    )
    # A plain string (same values as alignment) so the schema keeps one alignment enum.
    opponent_alignment = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="Ausrichtung des Gegners (Hero, Minion, Fallen-wizard, Balrog); Gefahren und Orte hängen davon ab.",
    )

    def validate_opponent_alignment(self, value):
        if not value:
            return ""
        resolved = loose.resolve(DeckAlignment, value)
        if resolved is None:
            raise serializers.ValidationError(_not_a_choice(value, _("Ausrichtung des Gegners"), DeckAlignment))
        return resolved


class ImportRequestSerializer(BoundedInput, serializers.Serializer):
    text = serializers.CharField()
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    alignment = LooseChoiceField(DeckAlignment, gettext_lazy("Ausrichtung"))
    fallen_wizard = LooseChoiceField(
        FallenWizard, gettext_lazy("Gefallener Zauberer"), required=False, allow_blank=True, default=""
    )
    visibility = LooseChoiceField(Visibility, gettext_lazy("Sichtbarkeit"), required=False, default=Visibility.PRIVATE)
    description = serializers.CharField(required=False, allow_blank=True, default="")
    confirm = serializers.BooleanField(required=False, default=False, help_text="Erst mit true wird gespeichert.")


class ProblemSerializer(serializers.Serializer):
    rule = serializers.CharField()
    severity = serializers.ChoiceField(choices=["error", "warning"])
    title = serializers.CharField()
    message = serializers.CharField()
    section = serializers.CharField(help_text="Abschnitt des Regelbuchs, z. B. „Deckaufbau › Spielstapel“")
    cards = serializers.ListField(child=serializers.CharField())
    section_url = serializers.CharField(allow_null=True)


class CheckResultSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    problems = ProblemSerializer(many=True)
    summary = serializers.DictField()
