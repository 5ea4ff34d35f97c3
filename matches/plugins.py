"""How a game plugs into the match framework, in the manner of Django's contrib apps.

Each game is a Django app under ``matches/games/`` listed in ``settings.BRUCHTAL_GAMES``. Its
``AppConfig`` subclasses :class:`GameConfig` and names, as dotted paths, its engine and its URL
modules; ``ready()`` registers the engine and this module collects the rest. The framework asks this
module and ``matches.engine.registry`` and imports no game by name.
"""

from __future__ import annotations

from django.apps import AppConfig, apps
from django.urls import include, path
from django.utils.module_loading import import_string


class GameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    # "package.module.ENGINE": the engine instance (pure Python, no Django below engine/).
    engine_path: str = ""
    # Page URLs included under /partien/ and API URLs under /api/ (modules; each names its own paths).
    page_urls: str | None = None
    api_urls: str | None = None
    # (URL name, label) of the game's own pages linked from the lobby.
    lobby_links: tuple[tuple[str, str], ...] = ()
    # A choice the lobby's create form offers for this game ("which board game at the dice table").
    option_name: str | None = None
    option_label: str = ""
    option_help: str = ""
    option_blank: str = "–"
    # The game's actions template shows the rejected move's error beside its own form (else the page does).
    inline_move_errors: bool = False
    # "package.module.choose": the game's computer player, ``choose(view, level, seed) -> action``
    # (it gets only ``engine.view(state, seat)``); empty: the game offers no computer seats.
    bot_path: str = ""

    def ready(self):
        from .engine import registry

        self.engine = import_string(self.engine_path)
        registry.register(self.engine, self.label)

    def bot(self):
        """The computer player's decision function, or None."""
        return import_string(self.bot_path) if self.bot_path else None

    def option_choices(self) -> list[tuple[str, str]]:
        """The values of ``option_name`` for the create form (empty: the game takes no option)."""
        return []

    def create_options(self, cleaned_data: dict) -> dict:
        """The engine's setup options from the lobby's create form."""
        if self.option_name and cleaned_data.get("game"):
            return {self.option_name: cleaned_data["game"]}
        return {}


def games() -> list[GameConfig]:
    return [config for config in apps.get_app_configs() if isinstance(config, GameConfig)]


def game(slug: str) -> GameConfig | None:
    return next((config for config in games() if config.engine.slug == slug), None)


def page_urlpatterns() -> list:
    return [path("partien/", include(config.page_urls)) for config in games() if config.page_urls]


def api_urlpatterns() -> list:
    return [path("", include(config.api_urls)) for config in games() if config.api_urls]


def lobby_links() -> list[tuple[str, str]]:
    return [link for config in games() for link in config.lobby_links]
