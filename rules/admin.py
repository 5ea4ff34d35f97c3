from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from . import services
from .models import GlossaryTerm, Rulebook, Section, UnresolvedReference


@admin.register(Rulebook)
class RulebookAdmin(admin.ModelAdmin):
    list_display = ["title", "game", "source_file", "imported_at"]
    readonly_fields = ["game", "source_file", "imported_at", "omitted", "repairs"]
    fields = ["game", "title", "source_file", "imported_at", "introduction", "omitted", "repairs"]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["heading", "game", "parent", "kind", "edited_by_staff", "order"]
    list_filter = [("rulebook__game", admin.RelatedOnlyFieldListFilter), "kind", "edited_by_staff"]
    search_fields = ["heading", "slug", "source_markdown"]
    list_select_related = ["rulebook__game", "parent"]
    ordering = ["rulebook__game__order", "order"]
    readonly_fields = ["rulebook", "parent", "slug", "order", "depth", "pages", "edited_by_staff"]
    fields = [
        "rulebook",
        "parent",
        "slug",
        "heading",
        "kind",
        "alignments",
        "source_markdown",
        "pages",
        "order",
        "depth",
        "edited_by_staff",
    ]

    @admin.display(description=_("Spiel"), ordering="rulebook__game__order")
    def game(self, obj):
        return obj.rulebook.game

    def has_add_permission(self, request):
        # Sections come from the importer; editors change them, they do not invent new ones.
        return False

    def save_model(self, request, obj, form, change):
        services.save_edited_section(obj)


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(admin.ModelAdmin):
    list_display = ["term", "game", "section", "edited_by_staff"]
    list_filter = ["game", "edited_by_staff"]
    search_fields = ["term", "synonyms", "definition"]
    list_select_related = ["game", "section"]
    autocomplete_fields = ["section"]
    readonly_fields = ["edited_by_staff"]

    def save_model(self, request, obj, form, change):
        services.save_edited_term(obj)


@admin.register(UnresolvedReference)
class UnresolvedReferenceAdmin(admin.ModelAdmin):
    list_display = ["text", "target", "section", "rulebook"]
    list_filter = ["rulebook"]
    search_fields = ["text", "target", "section__heading"]
    list_select_related = ["section", "rulebook"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
