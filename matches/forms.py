"""Forms of the match pages (the lobby's create form, the thread, the e-mail switch)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .engine import registry
from .models import DeadlinePolicy, PlayerSettings


def engine_choices():
    from django.utils.translation import gettext

    return [(slug, gettext(engine.name)) for slug, engine in sorted(registry.ENGINES.items())]


def game_choices():
    dice = registry.get("wuerfeltisch")
    return [("", _("– (nur beim Würfeltisch) –")), *dice.game_choices()] if dice else []


class CreateMatchForm(forms.Form):
    engine = forms.ChoiceField(label=_("Spiel"))
    game = forms.ChoiceField(
        label=_("Brettspiel am Würfeltisch"),
        required=False,
        help_text=_("Der Würfeltisch begleitet ein Spiel, das ihr zu Hause auf dem Tisch habt."),
    )
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["engine"].choices = engine_choices()
        self.fields["game"].choices = game_choices()

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        options = {"game": data["game"]} if data["engine"] == "wuerfeltisch" else {}
        invite = [name.strip() for name in data["invite"].split(",") if name.strip()]
        return {
            "engine": data["engine"],
            "options": options,
            "players": data["players"],
            "invite": invite,
            "turn_days": data["turn_days"],
            "deadline_policy": data["deadline_policy"],
            "is_public": data["is_public"],
        }


class PostForm(forms.Form):
    text = forms.CharField(label=_("Dein Beitrag"), widget=forms.Textarea(attrs={"rows": 4}), max_length=5000)


class SettingsForm(forms.ModelForm):
    class Meta:
        model = PlayerSettings
        fields = ["email_notifications"]
        labels = {"email_notifications": _("E-Mail, wenn ich am Zug bin (und Erinnerungen vor Fristablauf)")}
