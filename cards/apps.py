from django.apps import AppConfig
from django.db.backends.signals import connection_created


def _trigram_threshold(sender, connection, **kwargs):
    """Let the indexed ``<%`` operator accept typos such as "Aragron" for "Aragorn II" (default 0.6 is too strict)."""
    if connection.vendor == "postgresql":
        from cards.query.compile import TRIGRAM_THRESHOLD

        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('pg_trgm.word_similarity_threshold', %s, false)", [str(TRIGRAM_THRESHOLD)]
            )


class CardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "cards"

    def ready(self):
        connection_created.connect(_trigram_threshold, dispatch_uid="cards_trigram_threshold")
