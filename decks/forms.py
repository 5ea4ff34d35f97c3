from django import forms
from django.utils.translation import gettext_lazy as _

from .models import DeckAlignment, FallenWizard, Part, Visibility


class DeckForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    alignment = forms.ChoiceField(label=_("Ausrichtung"), choices=DeckAlignment.choices)
    fallen_wizard = forms.ChoiceField(
        label=_("Gefallener Zauberer"),
        choices=[("", _("– nur bei Gefallener Zauberer –")), *FallenWizard.choices],
        required=False,
    )
    visibility = forms.ChoiceField(label=_("Sichtbarkeit"), choices=Visibility.choices, initial=Visibility.PRIVATE)
    description = forms.CharField(label=_("Beschreibung"), widget=forms.Textarea(attrs={"rows": 3}), required=False)

    def clean(self):
        data = super().clean()
        if data.get("alignment") == DeckAlignment.FALLEN_WIZARD and not data.get("fallen_wizard"):
            self.add_error("fallen_wizard", _("Bitte wähle den Gefallenen Zauberer des Decks."))
        return data


class NewDeckForm(DeckForm):
    text = forms.CharField(
        label=_("Deckliste einfügen (optional)"),
        widget=forms.Textarea(attrs={"rows": 12}),
        required=False,
        help_text=_(
            "Eine Karte je Zeile, z. B. „3 Gandalf“, „Zwielicht x2“, „Bruchtal (TW)“; Abschnitte wie „# Gefahren“."
        ),
    )


class AddCardForm(forms.Form):
    code = forms.CharField(widget=forms.HiddenInput)
    part = forms.ChoiceField(label=_("Teil"), choices=Part.choices)
    quantity = forms.IntegerField(label=_("Anzahl"), min_value=1, max_value=99, initial=1)


class QuantityForm(forms.Form):
    code = forms.CharField(widget=forms.HiddenInput)
    part = forms.ChoiceField(choices=Part.choices, widget=forms.HiddenInput)
    quantity = forms.IntegerField(label=_("Anzahl"), min_value=0, max_value=99)


class PublicFilterForm(forms.Form):
    alignment = forms.ChoiceField(
        label=_("Ausrichtung"), choices=[("", _("alle")), *DeckAlignment.choices], required=False
    )
    author = forms.CharField(label=_("Autor"), required=False)
    card = forms.CharField(label=_("enthält Karte"), required=False, help_text=_("Name oder Code, z. B. Gandalf"))
