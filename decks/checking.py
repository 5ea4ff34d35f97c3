"""Check and export decks, saved or not (reads only)."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from . import limits
from .formats.meccg import textexport, textformat
from .formats.meccg.check import check
from .formats.meccg.model import DeckDescription, Entry
from .links import result_dict
from .selectors import card_index, card_infos, deck_description, entries_of, plain_entries, with_choices
from .services import DeckError, parse_readable, parse_text


def check_saved(deck, opponent_alignment: str = "", entries=None):
    return check(deck_description(deck, entries, opponent_alignment))


def check_entries(raw_entries, alignment, fallen_wizard="", opponent_alignment=""):
    """raw_entries: [(code, quantity, part)]; unknown codes raise DeckError naming them."""
    raw_entries = list(raw_entries)
    limits.check_entries(raw_entries)
    infos = card_infos(str(code).upper() for code, _q, _p in raw_entries)
    by_upper = {code.upper(): info for code, info in infos.items()}
    entries = []
    for position, (code, quantity, part) in enumerate(raw_entries, start=1):
        info = by_upper.get(str(code).upper())
        if info is None:
            raise DeckError(
                "unknown_card",
                _("Eintrag %(n)d: Die Karte mit dem Code „%(code)s“ gibt es nicht.") % {"n": position, "code": code},
                {"entry": position, "code": code},
            )
        entries.append(Entry(info, int(quantity), part))
    return check(DeckDescription(entries, alignment, fallen_wizard, opponent_alignment))


def check_text(text, alignment, fallen_wizard="", opponent_alignment=""):
    """Parse and check; a list with unreadable lines raises DeckError with every line's error."""
    parsed = parse_readable(text, alignment)
    entries = [Entry(e.card, e.quantity, e.part) for e in parsed.merged()]
    return check(DeckDescription(entries, alignment, fallen_wizard, opponent_alignment))


@dataclass
class ImportPreview:
    """A pasted list before saving: what was read, each bad line, and the check once every line was read."""

    parsed: textformat.ParseResult
    entries: list[textformat.ParsedEntry]  # merged: one per card and part
    check: dict | None  # result_dict of the check; None while a line has an error

    def as_dict(self) -> dict:
        return {
            "entries": [
                {"code": e.card.code, "name_de": e.card.name_de, "quantity": e.quantity, "part": e.part, "line": e.line}
                for e in self.entries
            ],
            "errors": with_choices([e.as_dict() for e in self.parsed.errors]),
            "check": self.check,
        }


def import_preview(text, alignment, fallen_wizard="") -> ImportPreview:
    """Read a pasted list and, if every line was read, check it (the page's and the API's preview)."""
    parsed = parse_text(text, alignment)
    merged = parsed.merged()
    result = None
    if parsed.ok:
        entries = [Entry(e.card, e.quantity, e.part) for e in merged]
        result = result_dict(check(DeckDescription(entries, alignment, fallen_wizard)))
    return ImportPreview(parsed, merged, result)


def export_text(deck, entries=None) -> str:
    entries = entries_of(deck) if entries is None else entries
    return textexport.export_text(plain_entries(entries), card_index(), deck.alignment, deck.name)


def export_gccg(deck, entries=None) -> str:
    """English names, alignment markers and set codes (GCCG style); imports again unchanged."""
    entries = entries_of(deck) if entries is None else entries
    return textexport.export_gccg(plain_entries(entries), card_index(), deck.alignment, deck.name)


def export_json(deck, entries=None) -> dict:
    entries = entries_of(deck) if entries is None else entries
    return {
        "name": deck.name,
        "game": "meccg",
        "alignment": deck.alignment,
        "fallen_wizard": deck.fallen_wizard,
        "description": deck.description,
        "entries": [
            {
                "code": e.card.code,
                "name_de": e.card.name_de,
                "name_en": e.card.name_en,
                "quantity": e.quantity,
                "part": e.part,
            }
            for e in entries
        ],
    }
