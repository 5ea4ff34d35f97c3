from django.contrib import admin

from .models import Card, CardSet, Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "publisher", "players", "order"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "game", "order"]
    list_filter = ["game"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["code", "name_de", "name_en", "card_type", "alignment", "card_set"]
    list_filter = ["game", "card_type", "alignment", "card_set"]
    search_fields = ["code", "name_de", "name_en"]
    list_select_related = ["card_set"]
    raw_id_fields = ["card_set"]
