from django.contrib import admin

from .models import Event, Match, Move, Notice, PlayerSettings, Post, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["slot", "order", "user", "colour", "resigned"]
    readonly_fields = ["order"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "engine", "status", "players", "version", "is_public", "created_by", "updated_at"]
    list_filter = ["engine", "status", "is_public"]
    search_fields = ["id", "created_by__username", "seats__user__username"]
    # State and seed hold the secrets (hands, generator): readable for staff, never edited by hand.
    readonly_fields = [
        "state",
        "seed",
        "version",
        "result",
        "turn_started_at",
        "reminded_at",
        "created_at",
        "updated_at",
    ]
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "match",
        "seat",
        "status",
        "version",
        "applied_version",
        "automatic",
        "error_code",
        "created_at",
    ]
    list_filter = ["status", "automatic"]
    readonly_fields = [f.name for f in Move._meta.fields]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["match", "sequence", "move", "created_at"]
    readonly_fields = [f.name for f in Event._meta.fields]


@admin.register(Post)
class PostAdmin(admin.ModelAdmin):
    list_display = ["match", "author", "created_at"]
    search_fields = ["text", "author__username"]


admin.site.register(Notice)
admin.site.register(PlayerSettings)
