"""Invisible characters that have no place in what people write to each other.

C0 control characters (other than tab and line breaks), DEL and the C1 controls do nothing a reader can
see but can break terminals, logs and mails; the bidirectional embeddings, overrides and isolates
(U+202A–U+202E, U+2066–U+2069) turn the text that follows around, so a post or a name can show
something other than what it says ("Trojan Source"). Posts and user names refuse them with a German
message that names the character and where it is.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

_BIDI = {
    0x202A: "LRE",
    0x202B: "RLE",
    0x202C: "PDF",
    0x202D: "LRO",
    0x202E: "RLO",
    0x2066: "LRI",
    0x2067: "RLI",
    0x2068: "FSI",
    0x2069: "PDI",
}
_LINE_BREAKS = {"\n", "\r", "\t"}


def refused(char: str, multiline: bool) -> bool:
    code = ord(char)
    if code < 0x20:
        return not (multiline and char in _LINE_BREAKS)
    return code == 0x7F or 0x80 <= code <= 0x9F or code in _BIDI


def first_refused(text: str, multiline: bool = True) -> tuple[int, str] | None:
    """(1-based position, the character) of the first refused character, or None."""
    for index, char in enumerate(text):
        if refused(char, multiline):
            return index + 1, char
    return None


def refusal(text: str, what: str, multiline: bool = True) -> tuple[str, dict] | None:
    """A German message (``what`` names the field: "Der Beitrag") and details, or None if all is well."""
    found = first_refused(text, multiline)
    if found is None:
        return None
    position, char = found
    code = f"U+{ord(char):04X}"
    if ord(char) in _BIDI:
        kind = _("ein unsichtbares Zeichen, das die Schreibrichtung umstellt")
    else:
        kind = _("ein unsichtbares Steuerzeichen")
    message = _("%(what)s enthält %(kind)s (%(code)s an Stelle %(position)d); bitte entferne es.") % {
        "what": what,
        "kind": kind,
        "code": code,
        "position": position,
    }
    return message, {"character": code, "position": position}
