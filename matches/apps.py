from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self):
        # The MECCG engine gets its card data and the deck check from the Django side (no Django in engines).
        from . import meccg_cards

        meccg_cards.configure()
