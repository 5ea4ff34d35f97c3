from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.utils.translation import gettext_lazy as _

from . import text_guard


class PasswordRulesOnFirstField:
    """Show the password rules' complaints under the new password, not under its repetition.

    Django reports them on the confirmation field; a user looks for them where they typed the password.
    """

    first_password_field = "password1"  # noqa: S105 - a field name
    second_password_field = "password2"  # noqa: S105 - a field name

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Django's German text says "das selbe"; the word is "dasselbe".
        self.fields[self.second_password_field].help_text = _(
            "Bitte gib zur Bestätigung dasselbe Passwort noch einmal ein."
        )

    def validate_password_for_user(self, user, password_field_name=None):
        return super().validate_password_for_user(user, password_field_name=self.first_password_field)


def _clean_unique_email(form, email: str, exclude_pk=None) -> str:
    email = get_user_model().objects.normalize_email(email).strip()
    others = get_user_model().objects.filter(email__iexact=email)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    if others.exists():
        raise forms.ValidationError(
            _("Zu dieser E-Mail-Adresse gibt es schon ein Konto. Hast du dein Passwort vergessen?"),
            code="duplicate_email",
        )
    return email


def _no_invisible_characters(value: str) -> None:
    if found := text_guard.refusal(value, _("Der Benutzername"), multiline=False):
        raise forms.ValidationError(found[0], code="invalid_character")


class SignupForm(PasswordRulesOnFirstField, UserCreationForm):
    email = forms.EmailField(
        label=_("E-Mail-Adresse"),
        help_text=_("An diese Adresse schicken wir die Begrüßung und, falls du es vergisst, dein neues Passwort."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
        labels = {"username": _("Benutzername")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # first, so that its message says which invisible character it is (Django's names only the allowed ones)
        self.fields["username"].validators.insert(0, _no_invisible_characters)

    def clean_username(self):
        username = self.cleaned_data["username"]
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(
                _("Der Benutzername „%(name)s“ ist schon vergeben. Bitte wähle einen anderen."),
                code="duplicate_username",
                params={"name": username},
            )
        if "@" in username:  # the log-in field takes a name or an e-mail address; keep them apart
            raise forms.ValidationError(_("Der Benutzername darf kein „@“ enthalten."), code="at_in_username")
        return username

    def clean_email(self):
        return _clean_unique_email(self, self.cleaned_data["email"])


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Benutzername/E-Mail-Adresse oder Passwort ist falsch. Bitte prüfe beides "
            "(beim Passwort zählt Groß- und Kleinschreibung)."
        ),
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Benutzername oder E-Mail-Adresse")
        self.fields["username"].max_length = 254
        self.fields["username"].widget.attrs["maxlength"] = 254
        self.fields["username"].widget.attrs["autocomplete"] = "username"


class ResetRequestForm(PasswordResetForm):
    email = forms.EmailField(
        label=_("E-Mail-Adresse"), max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )


class NewPasswordForm(PasswordRulesOnFirstField, SetPasswordForm):
    first_password_field, second_password_field = "new_password1", "new_password2"


class ChangePasswordForm(PasswordRulesOnFirstField, PasswordChangeForm):
    first_password_field, second_password_field = "new_password1", "new_password2"
