"""Writes for cards: the editors' German card text (saved, recorded, reverted) in one transaction each."""

import html

from django.db import transaction
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from . import german_names
from .models import Card, GermanCardText, TextStatus

EDITOR_GROUP = "Kartenredaktion"


def can_edit_german(user) -> bool:
    """Staff editors and members of the editor role (permission cards.edit_german_text)."""
    return bool(user and user.is_authenticated and (user.is_staff or user.has_perm("cards.edit_german_text")))


def text_to_html(text: str) -> str:
    """Plain text, paragraphs split by blank lines, single line breaks kept -> escaped <p> HTML."""
    paragraphs = [p.strip() for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]
    return "".join("<p>" + html.escape(p).replace("\n", "<br>") + "</p>" for p in paragraphs)


def _sync_card(card: Card, german: GermanCardText) -> None:
    """The search vector and the card face read Card.text_de and name_de; keep them in step with the editors'
    text and name (an emptied name gives the card the data's name back)."""
    card.text_de = text_to_html(german.text)
    card.name_de = german.name or german_names.data_name(card)
    card.save(update_fields=["text_de", "name_de"])


@transaction.atomic
def save_german_text(
    card: Card, user, *, text: str, flavour: str, status: str, note: str = "", name: str | None = None
) -> GermanCardText:
    """Create or change the German text of ``card`` (and its corrected name, if given); one recorded version."""
    if status not in TextStatus.values:
        raise ValueError(f"unknown status {status}")
    card = Card.objects.select_for_update().get(pk=card.pk)  # two editors saving at once: one after the other
    german = GermanCardText.objects.filter(card=card).first() or GermanCardText(card=card)  # one version, not two
    german.text, german.flavour, german.status, german.note = text.strip(), flavour.strip(), status, note.strip()
    if name is not None:
        german.name = name.strip()
    german.updated_by = user
    german._history_user = user
    german.save()
    _sync_card(card, german)
    return german


@transaction.atomic
def revert_german_text(card: Card, history_id: int, user) -> GermanCardText:
    """Restore an earlier version; the restore is itself a new version (nothing is lost)."""
    card = Card.objects.select_for_update().get(pk=card.pk)
    german = GermanCardText.objects.get(card=card)
    old = german.history.get(history_id=history_id)
    german.text, german.flavour, german.status, german.name = old.text, old.flavour, old.status, old.name
    when = date_format(localtime(old.history_date), "SHORT_DATETIME_FORMAT")
    german.note = _("Zurückgesetzt auf die Version vom %(date)s") % {"date": when}
    german.updated_by = user
    german._history_user = user
    german.save()
    _sync_card(card, german)
    return german
