from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self):
        from core import health, outbox

        from . import notifications, selectors, tasks  # noqa: F401  tasks: registered for core.queue

        outbox.register(notifications.MAIL_KIND, notifications.MAIL_HANDLER)
        health.register("moves_pending", selectors.pending_moves_status)
