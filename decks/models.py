from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class DeckAlignment(models.TextChoices):
    HERO = "Hero", _("Helden")
    MINION = "Minion", _("Schergen")
    FALLEN_WIZARD = "Fallen-wizard", _("Gefallener Zauberer")
    BALROG = "Balrog", _("Balrog")


class FallenWizard(models.TextChoices):
    ALATAR = "Alatar", "Alatar"
    GANDALF = "Gandalf", "Gandalf"
    PALLANDO = "Pallando", "Pallando"
    RADAGAST = "Radagast", "Radagast"
    SARUMAN = "Saruman", "Saruman"


class Visibility(models.TextChoices):
    PRIVATE = "private", _("privat")
    UNLISTED = "unlisted", _("nur mit Link")
    PUBLIC = "public", _("öffentlich")


class Part(models.TextChoices):
    POOL = "pool", _("Anfangscharaktere")
    CHARACTERS = "characters", _("Spielstapel-Charaktere")
    RESOURCES = "resources", _("Unterstützung")
    HAZARDS = "hazards", _("Gefahren")
    SITES = "sites", _("Orte")
    SIDEBOARD = "sideboard", _("Reservestapel")


class Deck(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks", verbose_name=_("Besitzer")
    )
    game = models.ForeignKey("cards.Game", on_delete=models.PROTECT, related_name="decks", verbose_name=_("Spiel"))
    name = models.CharField(_("Name"), max_length=120)
    description = models.TextField(_("Beschreibung"), blank=True)
    alignment = models.CharField(_("Ausrichtung"), max_length=20, choices=DeckAlignment.choices)
    fallen_wizard = models.CharField(_("Gefallener Zauberer"), max_length=20, choices=FallenWizard.choices, blank=True)
    visibility = models.CharField(
        _("Sichtbarkeit"), max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE, db_index=True
    )
    created = models.DateTimeField(_("angelegt"), auto_now_add=True)
    updated = models.DateTimeField(_("geändert"), auto_now=True)

    class Meta:
        ordering = ["-updated", "-id"]
        verbose_name = _("Deck")
        verbose_name_plural = _("Decks")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("decks:detail", args=[self.pk])


class DeckEntry(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries", verbose_name=_("Deck"))
    card = models.ForeignKey(
        "cards.Card", on_delete=models.PROTECT, related_name="deck_entries", verbose_name=_("Karte")
    )
    quantity = models.PositiveSmallIntegerField(
        _("Anzahl"), default=1, validators=[MinValueValidator(1), MaxValueValidator(99)]
    )
    part = models.CharField(_("Teil"), max_length=12, choices=Part.choices)

    class Meta:
        ordering = ["deck", "part", "card__name_de"]
        constraints = [models.UniqueConstraint(fields=["deck", "card", "part"], name="deckentry_unique_card_part")]
        verbose_name = _("Deckeintrag")
        verbose_name_plural = _("Deckeinträge")

    def __str__(self):
        return f"{self.quantity} × {self.card_id} ({self.part})"
