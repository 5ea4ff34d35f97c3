from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class Game(models.Model):
    """One of the five games the site covers; the one Game model of the project."""

    slug = models.SlugField(_("Kürzel"), unique=True)
    name = models.CharField(_("Name"), max_length=200)
    publisher = models.CharField(_("Verlag"), max_length=200, blank=True)
    players = models.CharField(_("Spielerzahl"), max_length=50, blank=True)
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)

    class Meta:
        ordering = ["order", "name"]
        verbose_name = _("Spiel")
        verbose_name_plural = _("Spiele")

    def __str__(self):
        return self.name


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="card_sets", verbose_name=_("Spiel"))
    code = models.CharField(_("Kürzel"), max_length=20)
    name = models.CharField(_("Name"), max_length=200)
    name_en = models.CharField(_("englischer Name"), max_length=200, blank=True)
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)

    class Meta:
        ordering = ["game", "order", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code_per_game")]
        verbose_name = _("Kartenset")
        verbose_name_plural = _("Kartensets")

    def __str__(self):
        return f"{self.name} ({self.code})"


class CardType(models.TextChoices):
    CHARACTER = "Character", _("Charakter")
    RESOURCE = "Resource", _("Unterstützung")
    HAZARD = "Hazard", _("Gefahr")
    SITE = "Site", _("Ort")
    REGION = "Region", _("Region")
    # Board-game components (Kosmos games, Abenteuer in Mittelerde)
    COMPONENT = "Component", _("Spielkarte")


class Alignment(models.TextChoices):
    HERO = "Hero", _("Held")
    MINION = "Minion", _("Scherge")
    FALLEN_WIZARD = "Fallen-wizard", _("Gefallener Zauberer")
    BALROG = "Balrog", _("Balrog")
    NEUTRAL = "Neutral", _("Neutral")
    STAGE = "Stage", _("Bühne")
    DUAL = "Dual", _("Doppelt")


class Card(models.Model):
    """A card. Numbers keep the printed string (``*_raw``) beside the parsed integer."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards", verbose_name=_("Spiel"))
    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="cards", verbose_name=_("Set"))
    code = models.CharField(_("Code"), max_length=40, unique=True)
    name_de = models.CharField(_("deutscher Name"), max_length=200, db_index=True)
    name_en = models.CharField(_("englischer Name"), max_length=200, blank=True, db_index=True)
    names = models.JSONField(_("Namen in allen Sprachen"), default=dict, blank=True)
    card_type = models.CharField(_("Typ"), max_length=20, choices=CardType.choices, db_index=True)
    subtype = models.CharField(_("Untertyp"), max_length=80, blank=True, db_index=True)
    alignment = models.CharField(_("Ausrichtung"), max_length=20, choices=Alignment.choices, blank=True, db_index=True)
    is_unique = models.BooleanField(_("einzigartig"), default=False, db_index=True)
    race = models.CharField(_("Rasse"), max_length=80, blank=True, db_index=True)
    skills = models.CharField(_("Fertigkeiten"), max_length=120, blank=True)
    keywords = models.JSONField(_("Schlüsselwörter"), default=list, blank=True)

    mind = models.SmallIntegerField(_("Geist"), null=True, blank=True, db_index=True)
    mind_raw = models.CharField(max_length=20, blank=True)
    direct_influence = models.SmallIntegerField(_("Direkter Einfluss"), null=True, blank=True, db_index=True)
    direct_influence_raw = models.CharField(max_length=20, blank=True)
    prowess = models.SmallIntegerField(_("Kampfkraft"), null=True, blank=True, db_index=True)
    prowess_raw = models.CharField(max_length=20, blank=True)
    body = models.SmallIntegerField(_("Körperkraft"), null=True, blank=True, db_index=True)
    body_raw = models.CharField(max_length=20, blank=True)
    corruption = models.SmallIntegerField(_("Versuchung"), null=True, blank=True, db_index=True)
    corruption_raw = models.CharField(max_length=20, blank=True)
    marshalling_points = models.SmallIntegerField(_("Siegpunkte"), null=True, blank=True, db_index=True)
    marshalling_points_raw = models.CharField(max_length=20, blank=True)
    marshalling_points_type = models.CharField(_("Siegpunkt-Art"), max_length=30, blank=True)

    home_site = models.CharField(_("Heimatort"), max_length=300, blank=True)
    site_type = models.CharField(_("Ortstyp"), max_length=10, blank=True, db_index=True)
    region = models.CharField(_("Region"), max_length=120, blank=True, db_index=True)
    region_type = models.CharField(_("Regionstyp"), max_length=10, blank=True)
    haven = models.CharField(_("Zufluchtsort"), max_length=120, blank=True)
    site_path = models.CharField(_("Ortspfad"), max_length=60, blank=True)
    is_agent = models.BooleanField(_("Agent"), default=False)
    is_avatar = models.BooleanField(_("Avatar"), default=False)
    specific = models.CharField(_("nur für"), max_length=40, blank=True)

    text_de = models.TextField(_("Text (deutsch)"), blank=True)
    text_en = models.TextField(_("Text (englisch)"), blank=True)
    text_es = models.TextField(_("Text (spanisch)"), blank=True)
    text_fr = models.TextField(_("Text (französisch)"), blank=True)
    quote_en = models.TextField(_("Zitat (englisch)"), blank=True)
    rarity = models.CharField(_("Seltenheit"), max_length=10, blank=True)
    artist = models.CharField(_("Künstler"), max_length=120, blank=True)
    image = models.CharField(_("Bilddatei"), max_length=200, blank=True)
    attributes = models.JSONField(_("Rohdaten"), default=dict, blank=True)

    class Meta:
        ordering = ["name_de", "code"]
        verbose_name = _("Karte")
        verbose_name_plural = _("Karten")

    def __str__(self):
        return f"{self.name_de} ({self.code})"

    def get_absolute_url(self):
        return reverse("cards:detail", args=[self.code])


class TextStatus(models.TextChoices):
    DRAFT = "draft", _("Entwurf")
    REVIEWED = "reviewed", _("geprüft")


class GermanCardText(models.Model):
    """The German card text and flavour text written by the community's editors, and a corrected German name.

    The data has no German text for MECCG cards, and gives a few cards another card's German name (TW-248/249);
    ``name`` corrects it (cards/german_names.py applies the project's list,
    cards/data/corrections/german_names.toml). Kept apart from Card so a re-import never touches it; every
    change is recorded (django-simple-history) with author and time and can be compared and reverted. The
    service copies the text into ``Card.text_de`` (as HTML) and the name into ``Card.name_de`` so the search and
    the card face use them.
    """

    card = models.OneToOneField(Card, on_delete=models.CASCADE, related_name="german", verbose_name=_("Karte"))
    name = models.CharField(
        _("deutscher Name (Korrektur)"),
        max_length=200,
        blank=True,
        help_text=_("Nur ausfüllen, wenn der deutsche Name der Kartendaten falsch ist; leer lässt ihn stehen."),
    )
    text = models.TextField(
        _("deutscher Kartentext"),
        blank=True,
        help_text=_("Absätze durch Leerzeilen trennen. Symbole wie {w} oder {H} werden als Zeichen dargestellt."),
    )
    flavour = models.TextField(_("deutscher Zitattext"), blank=True)
    status = models.CharField(_("Status"), max_length=10, choices=TextStatus.choices, default=TextStatus.DRAFT)
    note = models.CharField(_("Änderungsnotiz"), max_length=200, blank=True)
    updated_at = models.DateTimeField(_("geändert am"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("geändert von"),
    )
    history = HistoricalRecords(verbose_name=_("Version des deutschen Kartentexts"))

    class Meta:
        verbose_name = _("deutscher Kartentext")
        verbose_name_plural = _("deutsche Kartentexte")
        permissions = [("edit_german_text", _("Darf deutsche Kartentexte schreiben"))]

    def __str__(self):
        return str(self.card)
