from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cards.models import Game

# Alignment codes used in the MECCG rulebook, in the book's order, with their German labels.
ALIGNMENT_LABELS = {
    "H": _("Helden"),
    "S": _("Schergen"),
    "F": _("Gefallene Zauberer"),
    "B": _("Balrog"),
}


class Rulebook(models.Model):
    """One imported rulebook; each game has at most one."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rulebook", verbose_name=_("Spiel"))
    title = models.CharField(_("Titel"), max_length=300)
    source_file = models.CharField(_("Quelldatei"), max_length=300)
    imported_at = models.DateTimeField(_("importiert am"), null=True, blank=True)
    omitted = models.JSONField(_("bewusst ausgelassen"), default=list, blank=True)
    repairs = models.JSONField(_("Reparaturen"), default=list, blank=True)
    introduction = models.TextField(_("Vorwort (Markdown)"), blank=True)
    # Folded words of the book with their counts: the search corrects typos against it ("Meintest du …").
    search_vocabulary = models.JSONField(default=dict, blank=True, editable=False)
    # Replaced whenever the book's search tokens are refreshed: the in-process search index is keyed by it.
    search_version = models.CharField(max_length=32, blank=True, default="", editable=False)

    class Meta:
        ordering = ["game__order"]
        verbose_name = _("Regelheft")
        verbose_name_plural = _("Regelhefte")

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("rules:toc", args=[self.game.slug])


class SectionKind(models.TextChoices):
    RULE = "rule", _("Regel")
    EXAMPLE = "example", _("Beispiel")
    SUMMARY = "summary", _("Übersicht")
    ERRATA = "errata", _("Errata")


class Section(models.Model):
    """A node of a rulebook's table of contents, in book order (``order`` runs through the whole book)."""

    rulebook = models.ForeignKey(
        Rulebook, on_delete=models.CASCADE, related_name="sections", verbose_name=_("Regelheft")
    )
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="children", verbose_name=_("übergeordnet")
    )
    order = models.PositiveIntegerField(_("Reihenfolge"), default=0)
    depth = models.PositiveSmallIntegerField(_("Ebene"), default=0)
    heading = models.CharField(_("Überschrift"), max_length=300)
    slug = models.SlugField(_("Kürzel"), max_length=200)
    kind = models.CharField(_("Art"), max_length=10, choices=SectionKind.choices, default=SectionKind.RULE)
    alignments = models.JSONField(_("gilt nur für (Ausrichtungen)"), default=list, blank=True)
    paragraph_alignments = models.JSONField(_("Sonderregeln für (Ausrichtungen)"), default=list, blank=True)
    pages = models.JSONField(_("Seiten im Druck"), default=list, blank=True)
    source_markdown = models.TextField(_("Text (Markdown)"), blank=True)
    body_html = models.TextField(_("Text (HTML)"), blank=True, editable=False)
    body_text = models.TextField(_("Text (ohne Auszeichnung)"), blank=True, editable=False)
    edited_by_staff = models.BooleanField(
        _("von der Redaktion bearbeitet"),
        default=False,
        help_text=_("Bearbeitete Abschnitte überschreibt ein erneuter Import nur mit --force."),
    )
    # Analysed tokens (rules.analysis.index_tokens) of the heading plus the glossary terms this section
    # defines, and of the text; space-delimited (" tok tok "), so a token matches as " tok ".
    search_heading = models.TextField(blank=True, default="", editable=False)
    search_body = models.TextField(blank=True, default="", editable=False)
    # ... of the definitions of the glossary terms the section defines (what it is about)
    search_lead = models.TextField(blank=True, default="", editable=False)

    class Meta:
        ordering = ["rulebook", "order"]
        constraints = [models.UniqueConstraint(fields=["rulebook", "slug"], name="section_unique_slug_per_book")]
        indexes = [models.Index(fields=["rulebook", "order"])]
        verbose_name = _("Abschnitt")
        verbose_name_plural = _("Abschnitte")

    def __str__(self):
        return self.heading

    def get_absolute_url(self):
        return reverse("rules:section", args=[self.rulebook.game.slug, self.slug])

    @property
    def alignment_labels(self):
        return [ALIGNMENT_LABELS[code] for code in self.alignments if code in ALIGNMENT_LABELS]

    @property
    def paragraph_alignment_labels(self):
        return [ALIGNMENT_LABELS[code] for code in self.paragraph_alignments if code in ALIGNMENT_LABELS]


class GlossaryTerm(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="glossary_terms", verbose_name=_("Spiel"))
    term = models.CharField(_("Begriff"), max_length=200)
    slug = models.SlugField(_("Kürzel"), max_length=200)
    synonyms = models.JSONField(_("Synonyme und Schreibweisen"), default=list, blank=True)
    definition = models.TextField(_("Kurzdefinition"), blank=True)
    definition_by_project = models.BooleanField(
        _("Definition von der Redaktion"),
        default=False,
        help_text=_("Die Definition ist nicht dem Regelheft entnommen, sondern von der Redaktion formuliert."),
    )
    section = models.ForeignKey(
        Section,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="defined_terms",
        verbose_name=_("definiert in"),
    )
    pages = models.JSONField(_("Seiten im Druck"), default=list, blank=True)
    edited_by_staff = models.BooleanField(_("von der Redaktion bearbeitet"), default=False)

    class Meta:
        ordering = ["game__order", "term"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="term_unique_slug_per_game")]
        verbose_name = _("Begriff")
        verbose_name_plural = _("Glossar")

    def __str__(self):
        return self.term

    def get_absolute_url(self):
        return reverse("rules:term", args=[self.game.slug, self.slug])

    @property
    def letter(self) -> str:
        first = self.term[:1].upper()
        return {"Ä": "A", "Ö": "O", "Ü": "U"}.get(first, first) if first.isalpha() else "#"


class UnresolvedReference(models.Model):
    """A cross-reference the importer could not resolve; shown as plain text and listed for editors."""

    rulebook = models.ForeignKey(
        Rulebook, on_delete=models.CASCADE, related_name="unresolved_references", verbose_name=_("Regelheft")
    )
    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, related_name="unresolved_references", verbose_name=_("Abschnitt")
    )
    text = models.CharField(_("Verweistext"), max_length=300)
    target = models.CharField(_("Ziel"), max_length=300)

    class Meta:
        ordering = ["rulebook", "section__order"]
        verbose_name = _("offener Verweis")
        verbose_name_plural = _("offene Verweise")

    def __str__(self):
        return f"{self.text} → {self.target}"
