from django.contrib import admin

from .models import Card, CardSet, Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "publisher", "players", "order")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game", "order")
    list_filter = ("game",)
    search_fields = ("code", "name", "name_en")


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name_de", "name_en", "code", "card_type", "alignment", "card_set")
    list_filter = ("game", "card_type", "alignment", "card_set", "is_unique")
    search_fields = ("name_de", "name_en", "code")
    list_select_related = ("card_set",)
    list_per_page = 50
    readonly_fields = ("attributes", "names")
