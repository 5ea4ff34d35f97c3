"""The Punkterechner form: one block of fields per player, plus the number of decks."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .scoring import ALIGNMENT_LABELS, FIELD_LABELS, MAX_POINTS, MIN_POINTS, POINT_FIELDS


class DecksForm(forms.Form):
    decks = forms.TypedChoiceField(
        label=_("Decks im Spiel"),
        choices=[(1, _("1 Deck")), (2, _("2 Decks")), (3, _("3 Decks")), (4, _("4 Decks"))],
        coerce=int,
        initial=2,
    )


class SheetForm(forms.Form):
    """One player's points; field names match the API's so one parser serves both."""

    alignment = forms.ChoiceField(label=FIELD_LABELS["alignment"], choices=list(ALIGNMENT_LABELS.items()))
    unique_in_opponent_hand = forms.IntegerField(
        label=FIELD_LABELS["unique_in_opponent_hand"], min_value=0, max_value=MAX_POINTS, initial=0
    )
    lost_avatar = forms.BooleanField(label=FIELD_LABELS["lost_avatar"], required=False)
    ring_victory = forms.BooleanField(label=FIELD_LABELS["ring_victory"], required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        points = {
            name: forms.IntegerField(
                label=FIELD_LABELS[name],
                min_value=MIN_POINTS,
                max_value=MAX_POINTS,
                initial=0,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            for name in POINT_FIELDS
        }
        # The point categories first, in the rulebook's order, then the deductions.
        self.fields = {
            "alignment": self.fields["alignment"],
            **points,
            **{k: v for k, v in self.fields.items() if k != "alignment"},
        }
