"""Play-by-post matches: the match and its seats, the moves (the outbox), events, the thread."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class MatchStatus(models.TextChoices):
    OPEN = "open", _("offen")
    RUNNING = "running", _("läuft")
    FINISHED = "finished", _("beendet")
    ABORTED = "aborted", _("abgebrochen")


class DeadlinePolicy(models.TextChoices):
    DEFAULT_ACTION = "default_action", _("Standardzug der Regeln")
    RESIGN = "resign", _("Aufgabe")


class Match(models.Model):
    engine = models.CharField(_("Spiel"), max_length=40)
    options = models.JSONField(_("Optionen"), default=dict, blank=True)
    players = models.PositiveSmallIntegerField(_("Spielerzahl"))
    status = models.CharField(_("Status"), max_length=10, choices=MatchStatus.choices, default=MatchStatus.OPEN)
    state = models.JSONField(_("Zustand"), null=True, blank=True)
    version = models.PositiveIntegerField(_("Version"), default=0)
    seed = models.BigIntegerField(_("Startwert"))
    turn_days = models.PositiveSmallIntegerField(_("Bedenkzeit (Tage)"), default=3)
    deadline_policy = models.CharField(
        _("Bei Fristablauf"), max_length=20, choices=DeadlinePolicy.choices, default=DeadlinePolicy.DEFAULT_ACTION
    )
    is_public = models.BooleanField(_("öffentlich"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="created_matches",
        verbose_name=_("angelegt von"),
    )
    result = models.JSONField(_("Ergebnis"), null=True, blank=True)
    # A finished rated match updates each player's rating (matches against the computer are unrated).
    rated = models.BooleanField(_("gewertet"), default=True)
    rematch_of = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematches",
        verbose_name=_("Revanche für"),
    )
    # The turn clock: when the current seats got their turn; a reminder sent after that is this turn's.
    turn_started_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("Partie")
        verbose_name_plural = _("Partien")
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["status", "turn_started_at"])]

    def __str__(self):
        return f"#{self.pk} {self.engine}"

    def get_absolute_url(self):
        return reverse("matches:detail", args=[self.pk])


class BotLevel(models.TextChoices):
    LEICHT = "leicht", _("leicht")
    MITTEL = "mittel", _("mittel")
    STARK = "stark", _("stark")


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="match_seats"
    )
    # Slot in the lobby (creator first); `order` is the engine's seat number, drawn at the start.
    slot = models.PositiveSmallIntegerField()
    order = models.PositiveSmallIntegerField(null=True, blank=True)
    colour = models.CharField(_("Farbe"), max_length=20, blank=True)
    resigned = models.BooleanField(_("aufgegeben"), default=False)
    # Invited, not yet accepted: the seat is held for the user but is not theirs (no posts, no moves,
    # and the match cannot start) until they accept; declining frees it.
    invitation_pending = models.BooleanField(_("Einladung offen"), default=False)
    joined_at = models.DateTimeField(null=True, blank=True)
    # A computer seat (never a user): its level and name, e.g. "Baumbart" at "stark"; empty for humans.
    bot_level = models.CharField(_("Computerstufe"), max_length=10, choices=BotLevel.choices, blank=True)
    bot_name = models.CharField(_("Name des Computers"), max_length=40, blank=True)
    # The last time this seat's player had the match page open (its live stream or poll, every ~20 s):
    # a player who watches the match gets no mail about it (matches/quiet.py).
    seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Platz")
        verbose_name_plural = _("Plätze")
        ordering = ["match_id", "order", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["match", "slot"], name="seat_unique_slot"),
            models.UniqueConstraint(fields=["match", "order"], name="seat_unique_order"),
            models.UniqueConstraint(fields=["match", "user"], name="seat_unique_user"),
            models.CheckConstraint(
                condition=models.Q(bot_level="") | models.Q(user__isnull=True), name="seat_bot_is_no_user"
            ),
        ]

    def __str__(self):
        return f"{self.match_id}/{self.slot}: {self.user or self.display_name or '–'}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def display_name(self) -> str:
        """The user's name, or a computer seat's name with its level ("Baumbart (stark)")."""
        if self.user_id:
            return self.user.username
        if self.bot_level:
            return f"{self.bot_name} ({self.get_bot_level_display()})"
        return ""


class MoveStatus(models.TextChoices):
    PENDING = "pending", _("wird ausgewertet")
    APPLIED = "applied", _("ausgeführt")
    REJECTED = "rejected", _("abgelehnt")
    STALE = "stale", _("veraltet")
    TAKEN_BACK = "taken_back", _("zurückgenommen")


class Move(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="moves")
    action = models.JSONField()
    version = models.PositiveIntegerField()
    idempotency_key = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=10, choices=MoveStatus.choices, default=MoveStatus.PENDING)
    # Set by the framework for deadline moves (default action) so the log says who moved.
    automatic = models.BooleanField(default=False)
    error_code = models.CharField(max_length=60, blank=True)
    error = models.JSONField(null=True, blank=True)  # base.Text as JSON, rendered in the reader's language
    applied_version = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Zug")
        verbose_name_plural = _("Züge")
        ordering = ["id"]  # not by "match": that would join Match for its own ordering
        constraints = [
            models.UniqueConstraint(
                fields=["seat", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="move_unique_idempotency_key",
            )
        ]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self):
        return f"{self.match_id}#{self.pk} {self.status}"


class Event(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    sequence = models.PositiveIntegerField()
    move = models.ForeignKey(Move, null=True, blank=True, on_delete=models.SET_NULL, related_name="events")
    public = models.JSONField()  # base.Text as JSON
    private = models.JSONField(default=dict, blank=True)  # {"seat number": Text JSON}
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("Ereignis")
        verbose_name_plural = _("Ereignisse")
        ordering = ["match_id", "sequence"]
        constraints = [models.UniqueConstraint(fields=["match", "sequence"], name="event_unique_sequence")]

    def __str__(self):
        return f"{self.match_id}.{self.sequence}"


class Post(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="posts")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="match_posts")
    text = models.TextField(_("Text"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("Beitrag")
        verbose_name_plural = _("Beiträge")
        ordering = ["match_id", "created_at", "id"]

    def __str__(self):
        return f"{self.match_id}: {self.author}"


class Notice(models.Model):
    """An in-site notice (your turn, reminder, result) with a link."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_notices")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=20)
    text = models.JSONField()  # base.Text as JSON
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    # Set when the notice went out by mail, alone or in a daily digest.
    mailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Benachrichtigung")
        verbose_name_plural = _("Benachrichtigungen")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self):
        return f"{self.user_id}: {self.kind}"


class MailFrequency(models.TextChoices):
    EVERY = "every", _("bei jedem Ereignis eine E-Mail")
    DIGEST = "digest", _("eine Zusammenfassung am Tag")


class PlayerSettings(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_settings")
    email_notifications = models.BooleanField(_("E-Mail bei eigenem Zug"), default=True)
    mail_frequency = models.CharField(
        _("Wie oft?"), max_length=10, choices=MailFrequency.choices, default=MailFrequency.EVERY
    )
    digest_sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Partie-Einstellungen")
        verbose_name_plural = _("Partie-Einstellungen")

    def __str__(self):
        return str(self.user)


class Rating(models.Model):
    """A player's Glicko-2 rating in one game (engine slug)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_ratings")
    engine = models.CharField(_("Spiel"), max_length=40)
    rating = models.FloatField(_("Wertung"), default=1500.0)
    deviation = models.FloatField(_("Abweichung"), default=350.0)
    volatility = models.FloatField(_("Volatilität"), default=0.06)
    games = models.PositiveIntegerField(_("Partien"), default=0)
    wins = models.PositiveIntegerField(_("Siege"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("Wertung")
        verbose_name_plural = _("Wertungen")
        ordering = ["engine", "-rating"]
        constraints = [models.UniqueConstraint(fields=["user", "engine"], name="rating_unique_user_engine")]
        indexes = [models.Index(fields=["engine", "rating"])]

    def __str__(self):
        return f"{self.user_id} {self.engine}: {self.rating:.0f}"


class RatingChange(models.Model):
    """What one finished match did to one player's rating (once per match and player)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    before = models.FloatField()
    after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match_id", "id"]
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="ratingchange_unique_match_user")]

    def __str__(self):
        return f"{self.match_id}/{self.user_id}: {self.before:.0f} -> {self.after:.0f}"


class TakebackStatus(models.TextChoices):
    OPEN = "open", _("offen")
    ACCEPTED = "accepted", _("angenommen")
    DECLINED = "declined", _("abgelehnt")
    EXPIRED = "expired", _("hinfällig")


class TakebackRequest(models.Model):
    """The mover asks to take back their last move; the others accept or decline."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="takebacks")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="takebacks")
    move = models.ForeignKey(Move, on_delete=models.CASCADE, related_name="takebacks")
    version = models.PositiveIntegerField()  # the match version the request is about
    status = models.CharField(max_length=10, choices=TakebackStatus.choices, default=TakebackStatus.OPEN)
    answers = models.JSONField(default=dict, blank=True)  # {"seat order": true/false}
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Rücknahme-Bitte")
        verbose_name_plural = _("Rücknahme-Bitten")
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(status="open"), name="takeback_one_open_per_match"
            )
        ]

    def __str__(self):
        return f"{self.match_id}: {self.status}"
