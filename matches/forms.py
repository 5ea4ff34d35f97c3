"""Forms of the match pages (the lobby's create form, the thread, the e-mail switch)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from . import plugins
from .engine import registry
from .models import BotLevel, DeadlinePolicy, MailFrequency, PlayerSettings


def engine_choices():
    from django.utils.translation import gettext

    return [(slug, gettext(engine.name)) for slug, engine in sorted(registry.ENGINES.items())]


def _option_game():
    """The game whose setup option the create form's second choice sets (today: the dice table's board game)."""
    return next((config for config in plugins.games() if config.option_name), None)


def game_choices():
    config = _option_game()
    if config is None:
        return []
    return [("", config.option_blank), *config.option_choices()]


class CreateMatchForm(forms.Form):
    engine = forms.ChoiceField(label=_("Spiel"))
    # Label, help and choices come from the game that takes such an option (plugins.GameConfig).
    game = forms.ChoiceField(required=False)
    players = forms.IntegerField(label=_("Spielerzahl"), min_value=2, max_value=6, initial=2)
    invite = forms.CharField(
        label=_("Einladen (Benutzernamen, durch Komma getrennt)"),
        required=False,
        help_text=_("Freie Plätze kann jeder in der Lobby einnehmen."),
    )
    turn_days = forms.IntegerField(label=_("Bedenkzeit pro Zug (Tage)"), min_value=1, max_value=60, initial=3)
    deadline_policy = forms.ChoiceField(label=_("Bei Fristablauf"), choices=DeadlinePolicy.choices)
    is_public = forms.BooleanField(
        label=_("Öffentlich (jeder darf zusehen und beitreten)"), required=False, initial=True
    )
    bots = forms.IntegerField(
        label=_("Computergegner"),
        min_value=0,
        max_value=5,
        initial=0,
        required=False,
        help_text=_("So viele Plätze übernimmt der Computer (nur bei Die Zwei Türme)."),
    )
    bot_level = forms.ChoiceField(
        label=_("Stärke des Computers"), choices=BotLevel.choices, initial=BotLevel.MITTEL, required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["engine"].choices = engine_choices()
        self.fields["game"].choices = game_choices()
        option_game = _option_game()
        if option_game is not None:
            self.fields["game"].label = option_game.option_label
            self.fields["game"].help_text = option_game.option_help

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        config = plugins.game(data["engine"])
        options = config.create_options(data) if config else {}
        invite = [name.strip() for name in data["invite"].split(",") if name.strip()]
        return {
            "engine": data["engine"],
            "options": options,
            "players": data["players"],
            "invite": invite,
            "turn_days": data["turn_days"],
            "deadline_policy": data["deadline_policy"],
            "is_public": data["is_public"],
            "bots": data.get("bots") or 0,
            "bot_level": data.get("bot_level") or BotLevel.MITTEL,
        }


class PostForm(forms.Form):
    text = forms.CharField(label=_("Dein Beitrag"), widget=forms.Textarea(attrs={"rows": 4}), max_length=5000)


class SettingsForm(forms.ModelForm):
    class Meta:
        model = PlayerSettings
        fields = ["email_notifications", "mail_frequency"]
        labels = {
            "email_notifications": _(
                "E-Mails zu meinen Partien (am Zug, Erinnerungen, Ergebnis, Einladungen, Beiträge an mich)"
            ),
            "mail_frequency": _("Wie oft?"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["mail_frequency"].required = False  # left out: as before, one mail per event

    def clean_mail_frequency(self):
        return self.cleaned_data.get("mail_frequency") or MailFrequency.EVERY
