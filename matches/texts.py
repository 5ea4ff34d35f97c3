"""Rendering engine texts (``base.Text`` as JSON) in the reader's language, with player names.

Engines do not know user names: they pass seat numbers, and ``base.with_names`` turns them into
names (``seat`` → ``player``, ``X_seat`` → ``X_player``, ``X_seats`` → ``X_players``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext, gettext_noop

from .engine.base import Text, seat_label

logger = logging.getLogger(__name__)

# The framework words base.py uses (base.py is pure Python and cannot mark them for the catalogue).
_MARKED = (gettext_noop("Platz %(n)s"), gettext_noop("niemand"))


def seat_name(names: dict[int, str], seat: Any) -> str:
    return seat_label(seat, names, gettext)


def render(data: dict[str, Any] | None, names: dict[int, str]) -> str:
    if not data:
        return ""
    text = Text.from_json(data)
    try:
        return text.render(gettext, names)
    except (KeyError, ValueError, TypeError):
        logger.warning("text %r does not fit its parameters %r", text.template, text.params)
        return gettext(text.template)
