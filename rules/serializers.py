from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import GlossaryTerm, Rulebook, Section


class RulebookSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug", read_only=True)
    game_name = serializers.CharField(source="game.name", read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Rulebook
        fields = ["id", "game", "game_name", "title", "source_file", "imported_at", "url"]


class SectionSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="rulebook.game.slug", read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Section
        fields = ["id", "game", "slug", "heading", "parent", "depth", "order", "kind", "alignments", "url"]


class SectionDetailSerializer(SectionSerializer):
    class Meta(SectionSerializer.Meta):
        fields = [
            *SectionSerializer.Meta.fields,
            "paragraph_alignments",
            "pages",
            "body_html",
            "edited_by_staff",
        ]


class SectionTreeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField()
    heading = serializers.CharField()
    kind = serializers.CharField()
    alignments = serializers.ListField(child=serializers.CharField())
    url = serializers.CharField()
    children = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_children(self, node):
        return SectionTreeSerializer(node["children"], many=True).data


class GlossaryTermSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game.slug", read_only=True)
    url = serializers.CharField(source="get_absolute_url", read_only=True)
    section = serializers.SerializerMethodField()

    class Meta:
        model = GlossaryTerm
        fields = ["id", "game", "term", "slug", "synonyms", "definition", "section", "url"]

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_section(self, term):
        if term.section is None:
            return None
        return {"id": term.section.pk, "heading": term.section.heading, "url": term.section.get_absolute_url()}


class SearchHitSerializer(serializers.Serializer):
    section = SectionSerializer()
    parent_heading = serializers.CharField(
        source="section.parent_heading", help_text="Überschrift des übergeordneten Abschnitts, sonst leer"
    )
    snippet = serializers.CharField(help_text="HTML, Treffer in <mark>")
    score = serializers.FloatField()
    defines = serializers.SerializerMethodField(help_text="gesuchte Begriffe, die dieser Abschnitt definiert")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_defines(self, hit):
        return [term.term for term in hit.defines]


class GameGroupSerializer(serializers.Serializer):
    """One game's answer to a question that names no game and is answered by several books."""

    game = serializers.CharField(source="game.slug")
    game_name = serializers.CharField(source="game.name")
    hits = SearchHitSerializer(many=True)
