"""Deck lists written as text: the site's own format and GCCG's (English names, alignment mark, set code)."""

from .card_index import CardIndex, normalize
from .cardinfo import CardInfo
from .headings import _ALIGNMENT_MARKS, EXPORT_HEADERS, PART_ORDER
from .model import CHARACTERS, HAZARDS, POOL, RESOURCES, SIDEBOARD, SITES
from .textformat import _resolve


def _printing_tag(card: CardInfo, index: CardIndex, alignment: str, part: str) -> str:
    """The shortest bracket that makes the import pick this very printing again."""
    candidates = index.by_name.get(normalize(card.name_de), [])
    if index.choose(candidates, alignment, part) == card:
        return ""
    in_set = [c for c in candidates if c.set_code == card.set_code]
    if index.choose(in_set, alignment, part) == card:
        return f" ({card.set_code})"
    return f" ({card.code})"


def export_text(entries, index: CardIndex, alignment: str, name: str = "") -> str:
    """Write entries (objects with card, quantity, part) in the import format."""
    lines = []
    if name:
        lines.append(f"# {name}")
    for part in PART_ORDER:
        in_part = sorted((e for e in entries if e.part == part), key=lambda e: (normalize(e.card.name_de), e.card.code))
        if not in_part:
            continue
        if lines:
            lines.append("")
        lines.append(f"## {EXPORT_HEADERS[part]} ({sum(e.quantity for e in in_part)})")
        for entry in in_part:
            tag = _printing_tag(entry.card, index, alignment, part)
            lines.append(f"{entry.quantity} {entry.card.name_de}{tag}")
    return "\n".join(lines) + "\n"


# GCCG-style lists: English names, the alignment marker and the set code ("3 Saruman [H] (TW)").
GCCG_HEADERS = {
    POOL: "Pool",
    CHARACTERS: "Characters",
    RESOURCES: "Resources",
    HAZARDS: "Hazards",
    SITES: "Sites",
    SIDEBOARD: "Sideboard",
}
_MARK_OF = {alignment: mark for mark, alignment in _ALIGNMENT_MARKS.items()}


def _gccg_line(entry, index: CardIndex, alignment: str, part: str) -> str:
    card = entry.card
    name = card.name_en or card.name_de
    mark = _MARK_OF.get(card.alignment)
    text = f"{name} [{mark}] ({card.set_code})" if mark else f"{name} ({card.set_code})"
    picked, _error = _resolve(index, name, card.set_code, None, alignment, part, 0, text, mark)
    if picked != card:
        # Set and alignment do not single the printing out: name it by its code.
        text = f"{name} ({card.code})"
    return f"{entry.quantity} {text}"


def export_gccg(entries, index: CardIndex, alignment: str, name: str = "") -> str:
    """English names with alignment markers and set codes, as GCCG and most online tools write them."""
    lines = []
    if name:
        lines.append(f"# {name}")
    for part in PART_ORDER:
        in_part = sorted(
            (e for e in entries if e.part == part),
            key=lambda e: (normalize(e.card.name_en or e.card.name_de), e.card.code),
        )
        if not in_part:
            continue
        if lines:
            lines.append("")
        lines.append(GCCG_HEADERS[part])
        lines.extend(_gccg_line(entry, index, alignment, part) for entry in in_part)
    return "\n".join(lines) + "\n"
