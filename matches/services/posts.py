"""The thread of a match: posts, and a notice for every player a post names with @name."""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from core import text_guard

from .. import live
from ..engine.base import Text, gettext_noop
from ..errors import MatchError
from ..models import Match, Post, Seat
from ..notifications import notify
from .lookups import seat_of

MAX_POST = 5000


@transaction.atomic
def post(match: Match, user, text: str) -> Post:
    if seat_of(match, user) is None:
        raise MatchError("not_participant", _("Nur wer an diesem Tisch sitzt, kann hier schreiben."))
    text = (text or "").strip() if isinstance(text, str) else ""
    if not text:
        raise MatchError("post_empty", _("Der Beitrag ist leer."), {"field": "text"})
    if found := text_guard.refusal(text, _("Der Beitrag")):
        message, details = found
        raise MatchError("post_invalid_character", message, {"field": "text", **details})
    if len(text) > MAX_POST:
        raise MatchError(
            "post_too_long",
            _("Der Beitrag ist zu lang (%(length)d Zeichen, höchstens %(max)d).")
            % {"length": len(text), "max": MAX_POST},
            {"field": "text"},
        )
    created = Post.objects.create(match=match, author=user, text=text)
    _notify_addressed(match, user, text)
    live.changed(match.pk)
    return created


def _notify_addressed(match: Match, author, text: str) -> None:
    """A post that names a player at the table with @name is a notice (and a mail) for that player."""
    wanted = {name.rstrip(".").lower() for name in re.findall(r"@([\w.+-]+)", text)}
    if not wanted:
        return
    seated = Seat.objects.filter(match=match).exclude(user=None).exclude(user=author).select_related("user")
    users = [s.user for s in seated if s.user.username.lower() in wanted]
    notify(
        match,
        users,
        "post",
        Text(gettext_noop("%(name)s schreibt dir: „%(text)s“"), {"name": author.username, "text": text[:300]}),
    )
