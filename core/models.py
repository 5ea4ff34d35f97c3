from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """A bearer token for the API. Only the SHA-256 of the key is stored.

    `auth_hash` is the user's session auth hash when the token was issued: any password change
    (form, reset, admin) changes it, and with it every older token stops working.
    """

    digest = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    auth_hash = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = _("API-Token")
        verbose_name_plural = _("API-Tokens")

    def __str__(self):
        return f"{self.user} ({self.expires_at:%Y-%m-%d})"


class OutboxMessage(models.Model):
    """A task recorded in the same transaction as the change that needs it (transactional outbox).

    It is handed to the broker after commit; if the broker is away the row stays pending and the
    periodic sweep hands it over again. The task marks it done, so a second delivery does nothing.
    """

    class State(models.TextChoices):
        PENDING = "pending", _("wartet")
        DONE = "done", _("erledigt")
        FAILED = "failed", _("fehlgeschlagen")

    kind = models.CharField(max_length=60)
    payload = models.JSONField(default=dict)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    dispatched_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Auftrag im Postausgang")
        verbose_name_plural = _("Postausgang")
        indexes = [models.Index(fields=["state", "created_at"], name="core_outbox_state_created")]

    def __str__(self):
        return f"{self.kind} #{self.pk} ({self.state})"


class Activity(models.Model):
    """When a signed-in user last did something on the site (a page, an API call), at most a minute stale.

    Mail asks it before telling a player what they would see anyway (matches/quiet.py): a player active in
    the last ``MAIL_AWAY_MINUTES`` gets no turn mail. Written by ``core.activity.ActivityMiddleware``.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="activity"
    )
    seen_at = models.DateTimeField()

    class Meta:
        verbose_name = _("Aktivität")
        verbose_name_plural = _("Aktivitäten")

    def __str__(self):
        return f"{self.user_id}: {self.seen_at:%Y-%m-%d %H:%M}"
