from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from .models import Card


class CardListSerializer(serializers.ModelSerializer):
    set = serializers.CharField(source="card_set.code", read_only=True)
    set_name = serializers.CharField(source="card_set.name", read_only=True)
    game = serializers.CharField(source="game.slug", read_only=True)
    type_label = serializers.CharField(source="get_card_type_display", read_only=True)
    alignment_label = serializers.CharField(source="get_alignment_display", read_only=True)
    url = serializers.HyperlinkedIdentityField(view_name="cards-api:card-detail", lookup_field="code")
    page_url = serializers.CharField(source="get_absolute_url", read_only=True)
    face_url = serializers.SerializerMethodField(help_text=_("Das aus den Kartendaten erzeugte Kartenbild (SVG)."))

    class Meta:
        model = Card
        fields = [
            "code", "url", "page_url", "face_url", "name_de", "name_en", "game", "set", "set_name", "card_type",
            "type_label", "subtype", "alignment", "alignment_label", "is_unique", "race", "skills", "mind",
            "direct_influence", "prowess", "body", "corruption", "marshalling_points",
        ]  # fmt: skip

    def get_face_url(self, card) -> str:
        return reverse("cards:face", args=[card.code])


class CardDetailSerializer(CardListSerializer):
    class Meta(CardListSerializer.Meta):
        fields = [
            *CardListSerializer.Meta.fields,
            "names", "keywords", "mind_raw", "direct_influence_raw", "prowess_raw", "body_raw", "corruption_raw",
            "marshalling_points_raw", "marshalling_points_type", "home_site", "site_type", "region", "region_type",
            "haven", "site_path", "is_agent", "is_avatar", "specific", "text_de", "text_en", "text_es", "text_fr",
            "quote_en", "rarity", "artist", "attributes",
        ]  # fmt: skip


class AutocompleteSerializer(serializers.ModelSerializer):
    set = serializers.CharField(source="card_set.code", read_only=True)
    game = serializers.CharField(source="game.slug", read_only=True)

    class Meta:
        model = Card
        fields = ["code", "name_de", "name_en", "card_type", "alignment", "set", "game"]


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    details = serializers.DictField()


class ErrorSerializer(serializers.Serializer):
    """The API's error shape: {"error": {"code", "message", "details"}}."""

    error = ErrorBodySerializer()
