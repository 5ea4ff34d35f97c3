"""The ``schlüssel:``/``keyed:`` field: the region and site symbols a creature is playable at.

The card data lists them in ``attributes.playable`` ("{w}{w}", "{w}{s}{d}{R}{S}{D}"): lower-case letters are
region types, upper-case ones site types. A value names symbols by letter ("ww", "R", "{w}{w}") or by name
("wildnis", "ruinen", "shadow-hold"; several joined by "+"). A card matches when its keying names every
symbol of the value at least as often ("ww" finds "{w}{w}", "{w}{w}{R}" and "{w}{w}{w}").

Case matters only where a letter stands for both kinds: s/S (Schattenland/Schattenfeste), d/D, b/B, f/F.
w and c are only regions, r (Ruinen) and h (Zufluchtsort) only sites, so either case is accepted.
"""

import re
from collections import Counter

from django.utils.translation import gettext as _

from . import vocabulary as voc
from .lexer import at

MAX_SYMBOLS = 12
_PIECE = re.compile(r"[^+,\s]+")
# A letter as typed -> the symbol it stands for.
LETTERS = {
    **{letter: f"{{{letter}}}" for letter in "wsdbfc"},
    **{letter: f"{{{letter}}}" for letter in "RSDBFH"},
    "W": "{w}",
    "C": "{c}",
    "r": "{R}",
    "h": "{H}",
}
# The order symbols are listed in (regions, then sites), as the data prints them.
ORDER = ["{w}", "{s}", "{d}", "{b}", "{f}", "{c}", "{R}", "{S}", "{D}", "{B}", "{F}", "{H}"]


def _named(word: str) -> str | None:
    """A symbol's German or English name ("wildnis", "ruinen", "shadow-hold"), or None."""
    key = voc.normalise(word)
    if len(key) < 2:  # single letters are read case-sensitively below, not through the name tables
        return None
    return voc.lookup("region_type", key) or voc.lookup("site_type", key)


def _letters(text: str, start: int) -> list[str]:
    """Symbols written as letters or in braces ("ww", "{w}{R}"); an error names the offending character."""
    found, i = [], 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            end = text.find("}", i)
            inner = text[i + 1 : end] if end != -1 else ""
            if end == -1 or inner not in LETTERS:
                raise at(start + i, _unknown_symbol(text[i : end + 1] if end != -1 else text[i:]))
            found.append(LETTERS[inner])
            i = end + 1
            continue
        if ch not in LETTERS:
            raise at(start + i, _unknown_symbol(ch))
        found.append(LETTERS[ch])
        i += 1
    return found


def _unknown_symbol(typed: str) -> str:
    return _(
        "Unbekanntes Schlüsselsymbol „%(symbol)s“. Möglich sind die Regionen w (Wildnis), s (Schattenland), "
        "d (Dunkles Gebiet), b (Grenzland), f (Freies Gebiet), c (Küstengewässer) und die Orte R (Ruinen und "
        "Höhlen), S (Schattenfeste), D (Dunkle Feste), B (Grenzfeste), F (Freie Feste), H (Zufluchtsort) – "
        "oder ihre Namen, z. B. schlüssel:wildnis"
    ) % {"symbol": typed}


def parse_value(value: str, start: int, field: str = "schlüssel") -> tuple[tuple[str, int], ...]:
    """``((symbol, at least so many), …)`` in the data's order; raises QuerySyntaxError at the bad character.

    ``start``: where the value begins in the query, so an error points at the very letter. Names and letter
    runs may be joined by "+", "," or spaces (in quotes): "wildnis+ruinen", "ww+R".
    """
    symbols: list[str] = []
    for piece in _PIECE.finditer(value):
        named = _named(piece.group())
        symbols += [named] if named else _letters(piece.group(), start + piece.start())
    if not symbols:
        raise at(start, _("Nach „%(field)s:“ fehlt ein Schlüsselsymbol, z. B. schlüssel:ww") % {"field": field})
    if len(symbols) > MAX_SYMBOLS:
        raise at(start, _("Zu viele Schlüsselsymbole (höchstens %(n)d)") % {"n": MAX_SYMBOLS})
    counts = Counter(symbols)
    return tuple((symbol, counts[symbol]) for symbol in ORDER if symbol in counts)


def regex(symbol: str, count: int) -> str:
    """A case-sensitive pattern for a keying that names ``symbol`` at least ``count`` times."""
    return f"({re.escape(symbol)}.*){{{count}}}" if count > 1 else re.escape(symbol)


def label(value: tuple[tuple[str, int], ...]) -> str:
    """The value as the query as understood shows it: "2 × Wildnis, Ruinen und Höhlen"."""
    from cards.symbols import SYMBOLS

    return ", ".join(
        f"{count} × {SYMBOLS[symbol].label}" if count > 1 else str(SYMBOLS[symbol].label) for symbol, count in value
    )
