from django.utils.translation import gettext_lazy as _

from matches import plugins


class WuerfeltischConfig(plugins.GameConfig):
    name = "matches.games.wuerfeltisch"
    engine_path = "matches.games.wuerfeltisch.engine.ENGINE"
    option_name = "game"
    option_label = _("Brettspiel am Würfeltisch")
    option_blank = _("– (nur beim Würfeltisch) –")
    option_help = _("Der Würfeltisch begleitet ein Spiel, das ihr zu Hause auf dem Tisch habt.")

    def option_choices(self):
        return self.engine.game_choices()
