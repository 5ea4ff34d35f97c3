from django.contrib import admin

from .models import Deck, DeckEntry


class DeckEntryInline(admin.TabularInline):
    model = DeckEntry
    raw_id_fields = ["card"]
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "alignment", "visibility", "updated"]
    list_filter = ["alignment", "visibility"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner"]
    inlines = [DeckEntryInline]
