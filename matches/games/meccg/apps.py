from django.utils.translation import gettext_lazy as _

from matches import plugins


class MeccgConfig(plugins.GameConfig):
    name = "matches.games.meccg"
    engine_path = "matches.games.meccg.engine.ENGINE"
    page_urls = "matches.games.meccg.urls"
    api_urls = "matches.games.meccg.api_urls"
    lobby_links = (
        ("meccg:punkte", _("MECCG-Punkterechner: die Endwertung nach den Turnierregeln")),
        ("meccg:zuordnung", _("Kreatur zuordnen: wo eine MECCG-Kreatur auf einer Reiseroute spielbar ist")),
        ("meccg:kartentext", _("Kartentext: welche MECCG-Karten der Tisch selbst ausführt")),
    )

    def load_scenarios(self):
        """``manage.py bench_load``: the move list of a player in an organisation phase of a MECCG match (issue 31)."""
        from .bench import legal_load_scenario

        return legal_load_scenario()

    def ready(self):
        super().ready()
        # The engine gets its card data and the deck check from the Django side (no Django in engines).
        from . import cards

        cards.configure()
