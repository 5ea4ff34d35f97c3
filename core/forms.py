from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("E-Mail-Adresse"),
        help_text=_("An diese Adresse schicken wir die Begrüßung und später Zug-Benachrichtigungen."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
        labels = {"username": _("Benutzername")}

    def clean_username(self):
        username = self.cleaned_data["username"]
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(
                _("Der Benutzername „%(name)s“ ist schon vergeben. Bitte wähle einen anderen."),
                code="duplicate_username",
                params={"name": username},
            )
        return username


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Benutzername oder Passwort ist falsch. Bitte prüfe beides (Groß- und Kleinschreibung zählt)."
        ),
    }
