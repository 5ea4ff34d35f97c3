from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self):
        from . import tasks  # noqa: F401  registers the tasks that services send by name (core.queue)
