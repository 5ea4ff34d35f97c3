"""Rendering engine texts (``base.Text`` as JSON) in the reader's language, with player names.

Engines do not know user names: they pass seat numbers, and ``base.with_names`` turns them into
names (``seat`` → ``player``, ``X_seat`` → ``X_player``, ``X_seats`` → ``X_players``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from .engine.base import Text, seat_label

logger = logging.getLogger(__name__)

# The framework words base.py uses (base.py is pure Python and cannot mark them for the catalogue).
_MARKED = (gettext_noop("Platz %(n)s"), gettext_noop("niemand"))


def seat_name(names: dict[int, str], seat: Any) -> str:
    return seat_label(seat, names, gettext)


def with_colour(name: str, colour: str) -> str:
    """A name with its colour in one bracket: "elrond (Grün)", "Baumbart (stark, Rot)" (a computer's name
    already ends with its level in brackets)."""
    if not colour:
        return name
    if name.endswith(")"):
        return f"{name[:-1]}, {colour})"
    return f"{name} ({colour})"


def _one_bracket(text: str, names: dict[int, str]) -> str:
    """Engine texts say "%(player)s (%(color)s)": for a computer "Baumbart (stark) (Rot)" becomes
    "Baumbart (stark, Rot)"."""
    for name in set(names.values()):
        if name.endswith(")") and f"{name} (" in text:
            text = text.replace(f"{name} (", f"{name[:-1]}, ")
    return text


def render(data: dict[str, Any] | None, names: dict[int, str]) -> str:
    if not data:
        return ""
    text = Text.from_json(data)
    try:
        return _one_bracket(text.render(gettext, names, ngettext), names)
    except (KeyError, ValueError, TypeError):
        logger.warning("text %r does not fit its parameters %r", text.template, text.params)
        return gettext(text.template)


def duration(seconds: float) -> str:
    """A span in words with German plurals: "2 Tage und 3 Stunden", "5 Stunden", "12 Minuten"."""
    from django.utils.translation import gettext as _

    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    day_text = ngettext("%(n)d Tag", "%(n)d Tage", days) % {"n": days}
    hour_text = ngettext("%(n)d Stunde", "%(n)d Stunden", hours) % {"n": hours}
    minute_text = ngettext("%(n)d Minute", "%(n)d Minuten", minutes) % {"n": minutes}
    if days:
        return _("%(a)s und %(b)s") % {"a": day_text, "b": hour_text} if hours else day_text
    if hours:
        return hour_text
    return minute_text


def deadline_policy_text(policy: str, turn_days: int) -> str:
    """The deadline rule in words."""
    days = ngettext("%(n)d Tag", "%(n)d Tage", turn_days) % {"n": turn_days}
    if policy == "resign":
        return gettext("Bedenkzeit %(days)s pro Zug; wer sie verstreichen lässt, gibt auf.") % {"days": days}
    return gettext(
        "Bedenkzeit %(days)s pro Zug; läuft sie ab, macht der Server für dich den Standardzug der Regeln."
    ) % {"days": days}
