from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Alignment, CardSet, CardType, Game, GermanCardText, TextStatus

SORT_CHOICES = [
    ("", _("automatisch (Relevanz bei Suchwörtern, sonst Name)")),
    ("name", _("Name")),
    ("name_en", _("englischer Name")),
    ("mind", _("Geist")),
    ("di", _("Direkter Einfluss")),
    ("prowess", _("Kampfkraft")),
    ("body", _("Körperkraft")),
    ("corruption", _("Versuchung")),
    ("mp", _("Siegpunkte")),
    ("set", _("Set")),
    ("type", _("Typ")),
    ("relevance", _("Relevanz")),
]
ORDER_CHOICES = [
    ("", _("Standard (Relevanz: beste zuerst, sonst aufsteigend)")),
    ("asc", _("aufsteigend")),
    ("desc", _("absteigend")),
]
PER_PAGE_CHOICES = [("50", "50"), ("25", "25"), ("100", "100")]
VIEW_CHOICES = [("liste", _("Liste")), ("raster", _("Raster mit Kartenbildern"))]
# Result-table columns a click sorts by (column -> sort key).
SORTABLE_COLUMNS = ["name", "name_en", "type", "set"]


class CardSearchForm(forms.Form):
    """The search page's GET form: the query box plus filter controls that work without JavaScript."""

    q = forms.CharField(
        label=_("Suche"),
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs={"type": "search", "aria-describedby": "q-help", "autocomplete": "off"}),
    )
    typ = forms.ChoiceField(label=_("Typ"), required=False, choices=[("", _("alle")), *list(CardType.choices)])
    ausrichtung = forms.ChoiceField(
        label=_("Ausrichtung"), required=False, choices=[("", _("alle")), *list(Alignment.choices)]
    )
    spiel = forms.ChoiceField(label=_("Spiel"), required=False)
    set = forms.ChoiceField(label=_("Set"), required=False)
    sort = forms.ChoiceField(label=_("Sortierung"), required=False, choices=SORT_CHOICES)
    order = forms.ChoiceField(label=_("Reihenfolge"), required=False, choices=ORDER_CHOICES)
    pro_seite = forms.ChoiceField(label=_("Karten pro Seite"), required=False, choices=PER_PAGE_CHOICES)
    ansicht = forms.ChoiceField(label=_("Ansicht"), required=False, choices=VIEW_CHOICES)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        games = list(Game.objects.values_list("slug", "name"))
        self.fields["spiel"].choices = [("", _("alle")), *games]
        sets = CardSet.objects.select_related("game").order_by("game__order", "order", "code")
        self.fields["set"].choices = [("", _("alle"))] + [(s.code, f"{s.code} – {s.name}") for s in sets]

    def filters(self) -> dict:
        data = self.cleaned_data
        mapping = {"typ": "card_type", "ausrichtung": "alignment", "spiel": "game__slug", "set": "card_set__code"}
        return {lookup: data[name] for name, lookup in mapping.items() if data.get(name)}

    def per_page(self) -> int:
        return int(self.cleaned_data.get("pro_seite") or 50)

    def active_filters(self) -> int:
        """How many filter controls are set (the folded filter panel says so)."""
        names = ("typ", "ausrichtung", "spiel", "set", "sort", "order")
        return sum(1 for name in names if self.cleaned_data.get(name))

    def sort_links(self, params) -> dict:
        """column -> (query string, aria-sort value): a click sorts by the column, a second click reverses."""
        current, order = self.cleaned_data.get("sort"), self.cleaned_data.get("order")
        links = {}
        for column in SORTABLE_COLUMNS:
            query = params.copy()
            query.pop("seite", None)
            active = current == column
            query["sort"] = column
            query["order"] = "asc" if active and order == "desc" else ("desc" if active else "asc")
            aria = ("descending" if order == "desc" else "ascending") if active else ""
            links[column] = (query.urlencode(), aria)
        return links


class GermanTextForm(forms.ModelForm):
    """The editors' form on the card page (the admin uses the same model)."""

    class Meta:
        model = GermanCardText
        fields = ["name", "text", "flavour", "status", "note"]
        widgets = {
            "text": forms.Textarea(attrs={"rows": 8, "lang": "de"}),
            "flavour": forms.Textarea(attrs={"rows": 3, "lang": "de"}),
        }
        help_texts = {"note": _("Kurz, was du geändert hast (erscheint im Verlauf).")}

    def clean(self):
        data = super().clean()
        if data.get("status") == TextStatus.REVIEWED and not (data.get("text") or "").strip():
            self.add_error("status", _("Ein leerer Text kann nicht „geprüft“ sein."))
        return data
