"""Size limits for deck input: refused at once, before any parsing or card lookup.

A deck has at most ~200 cards; these limits leave room for comments and long sideboards while
keeping the work of one request bounded (the worst pastes seen were 1 MB of random lines).
"""

import json

from django.utils.translation import gettext as _

from .errors import DeckError

MAX_TEXT_BYTES = 64 * 1024
MAX_LINES = 500
MAX_ENTRIES = 300


def check_text(text: str) -> None:
    """Raise DeckError if a pasted list is too large (bytes, lines, or JSON entries)."""
    text = text or ""
    size = len(text.encode("utf-8"))
    if size > MAX_TEXT_BYTES:
        raise DeckError(
            "too_large",
            _("Die Liste ist zu groß: %(kb)d KB; erlaubt sind höchstens %(max)d KB.")
            % {"kb": -(-size // 1024), "max": MAX_TEXT_BYTES // 1024},
            {"bytes": size, "max_bytes": MAX_TEXT_BYTES},
        )
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise DeckError(
            "too_many_lines",
            _("Die Liste hat %(n)d Zeilen; erlaubt sind höchstens %(max)d.") % {"n": lines, "max": MAX_LINES},
            {"lines": lines, "max_lines": MAX_LINES},
        )
    if text.lstrip().startswith("{"):
        try:
            rows = json.loads(text).get("entries")
        except (ValueError, AttributeError):
            return  # the parser reports the broken JSON with its line
        if isinstance(rows, list):
            check_entries(rows)


def check_entries(entries) -> None:
    count = len(entries)
    if count > MAX_ENTRIES:
        raise DeckError(
            "too_many_entries",
            _("Die Liste hat %(n)d Einträge; erlaubt sind höchstens %(max)d.") % {"n": count, "max": MAX_ENTRIES},
            {"entries": count, "max_entries": MAX_ENTRIES},
        )
