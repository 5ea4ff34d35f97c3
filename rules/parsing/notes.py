"""Editorial notes in a section's Markdown: corrections made to the book's wording and damaged text.

A parser that changes the book's wording writes the note into the Markdown as a token right after the
corrected words; the renderer turns each token into a footnote mark and a numbered note below the text
("Anmerkungen der Redaktion"), so no repair is silent. Tokens:

    ⟦Anm: Korrigiert aus „Grophäen“ (OCR: T als G gelesen)⟧   a correction, marked where it was made
    ⟦Lücke Text: Im Buch unleserlich …⟧                         lost text: shown as "[unleserlich]" + note
    ⟦Lücke Symbol: Ein Symbol …⟧                                a lost symbol: "[Symbol unleserlich]" + note
    ⟦Kopf: Überschrift korrigiert aus …⟧                         a note about the heading: listed, no mark

The brackets ⟦ ⟧ never occur in the books; a note holds no "⟧" and no "|" (tokens may sit in table cells).
"""

import re

NOTE_RE = re.compile(r"⟦(?P<kind>Anm|Lücke Text|Lücke Symbol|Kopf): (?P<note>[^⟧]*)⟧")
GAP_LABELS = {"Lücke Text": "[unleserlich]", "Lücke Symbol": "[Symbol unleserlich]"}


def _clean(note: str) -> str:
    return re.sub(r"\s+", " ", note.replace("⟧", ")").replace("|", "/")).strip()


def correction(before: str, reason: str = "") -> str:
    """Token for a correction of the book's wording; ``before`` is what the book (or its extraction) says."""
    shown = before.strip() or "(nichts)"
    return f"⟦Anm: {_clean(f'Korrigiert aus „{shown}“' + (f' ({reason})' if reason else ''))}⟧"


def note(text: str) -> str:
    """Token for any other editorial remark at this place."""
    return f"⟦Anm: {_clean(text)}⟧"


def gap(text: str, symbol: bool = False) -> str:
    """Token for text (or a symbol) the book's extraction lost and that cannot be recovered with certainty."""
    return f"⟦Lücke {'Symbol' if symbol else 'Text'}: {_clean(text)}⟧"


def heading_note(text: str) -> str:
    """Token for a remark about the section's heading; placed in the body, listed without a mark."""
    return f"⟦Kopf: {_clean(text)}⟧"


def strip_notes(markdown: str, gaps: str | None = "[…]") -> str:
    """The Markdown without notes; a gap becomes ``gaps`` (None: the label the page shows)."""

    def replace(match: re.Match) -> str:
        if match["kind"] in GAP_LABELS:
            return GAP_LABELS[match["kind"]] if gaps is None else gaps
        return ""

    # a heading note is a paragraph of its own: it goes with the blank line after it
    return NOTE_RE.sub(replace, re.sub(r"⟦Kopf: [^⟧]*⟧\s*", "", markdown))


def fix_noted(text: str, wrong: str, right: str, reason: str = "") -> tuple[str, int]:
    """Replace ``wrong`` by ``right`` outside existing notes, each followed by its correction note."""
    count = 0
    parts = re.split(f"({NOTE_RE.pattern})", text)
    out = []
    index = 0
    while index < len(parts):
        part = parts[index]
        if NOTE_RE.fullmatch(part or ""):
            out.append(part)
            index += 3  # the note and its two groups
            continue
        found = part.count(wrong)
        count += found
        out.append(part.replace(wrong, right + correction(wrong, reason)) if found else part)
        index += 1
    return "".join(out), count
