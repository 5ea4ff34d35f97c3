from matches import plugins


class ZweiTuermeConfig(plugins.GameConfig):
    name = "matches.games.zwei_tuerme"
    engine_path = "matches.games.zwei_tuerme.engine.ENGINE"
    page_urls = "matches.games.zwei_tuerme.urls"
    api_urls = "matches.games.zwei_tuerme.api_urls"
    inline_move_errors = True
    bot_path = "matches.games.zwei_tuerme.bot.computer_move"
