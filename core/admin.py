from django.contrib import admin

from .models import ApiToken, OutboxMessage


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "state", "attempts", "created_at", "dispatched_at", "done_at")
    list_filter = ("state", "kind")
    readonly_fields = ("kind", "payload", "attempts", "last_error", "created_at", "dispatched_at", "done_at")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    # Only the digest is stored; the admin can revoke (delete) but never see a key.
    list_display = ("user", "created_at", "expires_at")
    readonly_fields = ("digest", "user", "auth_hash", "created_at", "expires_at")
    search_fields = ("user__username",)
