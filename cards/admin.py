from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from . import services
from .models import Card, CardSet, Game, GermanCardText


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


@admin.register(GermanCardText)
class GermanCardTextAdmin(SimpleHistoryAdmin):
    """Editors write German texts here or on the card page; the history (with revert) is the same."""

    list_display = ["card", "status", "updated_at", "updated_by"]
    list_filter = ["status", "card__card_set"]
    search_fields = ["card__code", "card__name_de", "card__name_en", "text"]
    raw_id_fields = ["card"]
    readonly_fields = ["updated_at", "updated_by"]

    def save_model(self, request, obj, form, change):
        # Through the service, so Card.text_de (search, card face) follows the admin edit too.
        saved = services.save_german_text(
            obj.card, request.user, text=obj.text, flavour=obj.flavour, status=obj.status, note=obj.note
        )
        obj.pk = saved.pk
