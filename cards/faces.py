"""A card face as SVG, generated from the card's data (no third-party image needed).

Layout on a 250×350 canvas (the 63×88 mm card ratio): a frame coloured by type and
alignment, the German name, an art panel with the site/region symbol or the card type, a
type line, the card text (German where an editor wrote it, else the original English),
the stats, and set, number and artist at the foot. SVG has no line wrapping, so words are
laid out here with an estimated glyph width; every text segment carries ``textLength`` so
the browser draws it exactly as wide as estimated and inline symbols never overlap words.
Only presentation attributes are used (no <style>), and all card text is escaped.
"""

import hashlib
import html
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from .models import Card
from .presentation import RACES, SKILLS, subtype_label, type_label
from .symbols import SYMBOL_RE, SYMBOLS, shape

WIDTH, HEIGHT = 250, 350
TEXT_BOX = (16, 170, 218, 140)  # x, y, width, height of the rules text
FONT = "Georgia, 'DejaVu Serif', serif"
SANS = "'DejaVu Sans', Verdana, sans-serif"


@dataclass(frozen=True)
class Frame:
    outer: str
    inner: str
    title_ink: str
    art: str


# (card type, alignment) -> frame; the type alone is the fallback.
FRAMES = {
    ("Character", "Hero"): Frame("#8a6a2a", "#f1e6c8", "#2b1d05", "#c9b27a"),
    ("Resource", "Hero"): Frame("#8a6a2a", "#f1e6c8", "#2b1d05", "#d8c79a"),
    ("Site", "Hero"): Frame("#2f5d7a", "#e3edf3", "#0d2636", "#9db9cc"),
    ("Character", "Minion"): Frame("#6e2a22", "#ead8d2", "#2d0b07", "#b7857c"),
    ("Resource", "Minion"): Frame("#6e2a22", "#ead8d2", "#2d0b07", "#c79e96"),
    ("Site", "Minion"): Frame("#4a1f1a", "#e3d3cf", "#2d0b07", "#9b6e66"),
    ("Character", "Fallen-wizard"): Frame("#4f5a3a", "#e6e9dc", "#1d2410", "#a5ae8c"),
    ("Site", "Fallen-wizard"): Frame("#4f5a3a", "#e6e9dc", "#1d2410", "#a5ae8c"),
    ("Character", "Balrog"): Frame("#3a2a2a", "#e2dcdc", "#1a0f0f", "#8c7474"),
    ("Site", "Balrog"): Frame("#3a2a2a", "#e2dcdc", "#1a0f0f", "#8c7474"),
    ("Resource", "Stage"): Frame("#6b5a2a", "#eee7d0", "#261e05", "#b9a66a"),
    ("Resource", "Dual"): Frame("#5a5a5a", "#e9e9e9", "#1f1f1f", "#a6a6a6"),
    ("Hazard", ""): Frame("#4b3b6b", "#e7e1f0", "#1a1030", "#9d8fbb"),
    ("Region", ""): Frame("#3f6b2a", "#e3eedb", "#12260a", "#9dbb8a"),
    ("Component", ""): Frame("#2f5d50", "#e3efe9", "#0c2a21", "#8fb5a8"),
}
DEFAULT_FRAME = Frame("#55504a", "#f1eee8", "#1f1d1a", "#b0a99c")

# Average advance width per character as a share of the font size.
_NARROW = set("iljtfrI.,;:'!|()[] ")
_WIDE = set("mwMW@%")


def _advance(char: str) -> float:
    if char in _NARROW:
        return 0.3
    if char in _WIDE:
        return 0.82
    if char.isupper() or char.isdigit():
        return 0.64
    return 0.52


def text_width(text: str, size: float) -> float:
    return sum(_advance(c) for c in text) * size


def _attr(value) -> str:
    return html.escape(str(value), quote=True)


def frame_for(card: Card) -> Frame:
    return FRAMES.get((card.card_type, card.alignment)) or FRAMES.get((card.card_type, ""), DEFAULT_FRAME)


_BLOCK_END = re.compile(r"</p>|<br\s*/?>|</li>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")


def plain_paragraphs(card_html: str) -> list[str]:
    """Sanitised card HTML -> paragraphs of plain text (entities decoded, whitespace collapsed)."""
    text = _BLOCK_END.sub("\n", card_html or "")
    text = html.unescape(_TAG.sub("", text))
    return [" ".join(line.split()) for line in text.split("\n") if line.strip()]


def _tokens(paragraph: str) -> list[str]:
    """Words, with symbol codes split off as tokens of their own ("[{w}]" -> "[", "{w}", "]")."""
    out = []
    for word in paragraph.split(" "):
        out.extend(part for part in re.split(f"({SYMBOL_RE.pattern})", word) if part)
        out.append(" ")
    return out[:-1]


@lru_cache(maxsize=8192)
def _unit_width(token: str) -> float:
    """Width at font size 1 (widths scale linearly; the cache spares re-measuring words per tried size)."""
    return 1.05 if token in SYMBOLS else text_width(token, 1.0)


def _token_width(token: str, size: float) -> float:
    return size * _unit_width(token)


def wrap(paragraphs: list[str], size: float, width: float) -> list[list[str]]:
    """Greedy line breaking; a line is a list of tokens (words, spaces, symbol codes)."""
    lines = []
    for paragraph in paragraphs:
        line: list[str] = []
        used = 0.0
        for token in _tokens(paragraph):
            w = _token_width(token, size)
            if token.isspace():
                if line:
                    line.append(token)
                    used += w
                continue
            if line and used + w > width:
                while line and line[-1] == " ":
                    used -= _token_width(line.pop(), size)
                lines.append(line)
                line, used = [], 0.0
            line.append(token)
            used += w
        if line:
            lines.append(line)
    return lines


def _line_svg(tokens: list[str], x: float, y: float, size: float, *, italic=False, ink="#1f1d1a") -> str:
    """One line: runs of text as <text> with textLength, symbols drawn in between."""
    parts, run, run_x, cursor = [], "", x, x
    style = ' font-style="italic"' if italic else ""

    def flush():
        if run.strip():
            parts.append(
                f'<text x="{run_x:.1f}" y="{y:.1f}" font-size="{size:g}" font-family="{FONT}"{style} fill="{ink}" '
                f'textLength="{text_width(run, size):.1f}" lengthAdjust="spacingAndGlyphs" '
                f'xml:space="preserve">{_attr(run)}</text>'
            )

    for token in tokens:
        if token in SYMBOLS:
            flush()
            edge = size * 0.95
            parts.append(shape(SYMBOLS[token], cursor, y - edge * 0.82, edge))
            cursor += size * 1.05
            run, run_x = "", cursor
        else:
            run += token
            cursor += text_width(token, size)
    flush()
    return "".join(parts)


def _fit(paragraphs: list[str], width: float, height: float, sizes=(10.5, 9.5, 8.5, 7.5, 6.8, 6.2, 5.6, 5.0)):
    for size in sizes:
        lines = wrap(paragraphs, size, width)
        if len(lines) * size * 1.18 <= height:
            return size, lines
    size = sizes[-1]
    lines = wrap(paragraphs, size, width)
    keep = max(1, int(height // (size * 1.18)))
    if len(lines) > keep:  # never spill out of the box: cut and mark the cut
        lines = [*lines[: keep - 1], [*lines[keep - 1], " ", "…"]]
    return size, lines


def _title(name: str, frame: Frame) -> str:
    size = 17.0
    while size > 9 and text_width(name, size) > 200:
        size -= 0.5
    length = min(text_width(name, size), 206)
    return (
        f'<text x="125" y="36" font-size="{size:g}" font-weight="700" font-family="{FONT}" fill="{frame.title_ink}" '
        f'text-anchor="middle" textLength="{length:.1f}" lengthAdjust="spacingAndGlyphs">{_attr(name)}</text>'
    )


def type_line(card: Card) -> str:
    parts = [type_label(card.card_type)]
    if card.subtype:
        parts.append(subtype_label(card.subtype))
    if card.race:
        parts.append(", ".join(str(RACES.get(r.strip(), r.strip())) for r in card.race.split(",") if r.strip()))
    if card.skills:
        parts.append("/".join(str(SKILLS.get(s, s)) for s in card.skills.split("/") if s))
    if card.is_unique:
        parts.append(_("einzigartig"))
    return " · ".join(p for p in parts if p)


def _art(card: Card, frame: Frame) -> str:
    """The art panel: the site or region symbol large, else the card type's initial."""
    out = [f'<rect x="16" y="48" width="218" height="96" rx="4" fill="{frame.art}" stroke="{frame.outer}"/>']
    big = SYMBOLS.get(card.site_type) or SYMBOLS.get(card.region_type)
    if big:
        out.append(shape(big, 103, 56, 44))
    else:
        initial = type_label(card.card_type)[:1]
        out.append(
            f'<text x="125" y="122" font-size="64" font-family="{FONT}" fill="{frame.outer}" fill-opacity="0.35" '
            f'text-anchor="middle">{_attr(initial)}</text>'
        )
    if card.site_path:
        codes = SYMBOL_RE.findall(card.site_path)
        x = 125 - len(codes) * 11
        for code in codes:
            out.append(shape(SYMBOLS[code], x, 112, 20))
            x += 22
    return "".join(out)


def _stat(x: float, y: float, value: str, caption: str, frame: Frame, anchor: str = "middle") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="15" font-weight="700" font-family="{SANS}" fill="{frame.title_ink}" '
        f'text-anchor="{anchor}">{_attr(value)}</text>'
        f'<text x="{x:g}" y="{y + 9:g}" font-size="6.5" font-family="{SANS}" fill="{frame.title_ink}" '
        f'text-anchor="{anchor}">{_attr(caption)}</text>'
    )


def _stats(card: Card, frame: Frame) -> str:
    out = []
    if card.prowess_raw or card.body_raw:
        out.append(_stat(34, 327, f"{card.prowess_raw or '–'}/{card.body_raw or '–'}", _("Kampf/Körper"), frame))
    right = [
        (card.mind_raw, _("Geist")),
        (card.direct_influence_raw, _("DE")),
        (card.corruption_raw, _("V")),
        (card.marshalling_points_raw, _("SP")),
    ]
    x = 222
    for value, caption in reversed([(v, c) for v, c in right if v]):
        out.append(_stat(x, 327, value, caption, frame))
        x -= 38
    strikes = card.attributes.get("strikes") if isinstance(card.attributes, dict) else None
    if strikes and not (card.prowess_raw or card.body_raw):
        out.append(_stat(34, 327, str(strikes), _("Angriffe"), frame))
    return "".join(out)


def card_text_html(card: Card) -> str:
    """The text the face shows: the editors' German text when there is one, else the original."""
    return card.text_de or card.text_en


def build_face(card: Card) -> str:
    """The complete SVG document for ``card`` (``card_set`` should be select_related)."""
    frame = frame_for(card)
    name = card.name_de or card.name_en or card.code
    body = card_text_html(card)
    x, y, w, h = TEXT_BOX
    size, lines = _fit(plain_paragraphs(body), w - 8, h - 6)
    text = "".join(
        _line_svg(line, x + 4, y + 4 + size * (i + 1) * 1.18 - size * 0.2, size) for i, line in enumerate(lines)
    )
    tline = type_line(card)
    tsize = 9.5
    while tsize > 6 and text_width(tline, tsize) > 210:
        tsize -= 0.5
    foot = f"{card.card_set.code} · {card.code}"
    if card.artist:
        foot += " · " + _("Illustration: %(artist)s") % {"artist": card.artist}
    foot_fit = ' textLength="230" lengthAdjust="spacingAndGlyphs"' if text_width(foot, 6) > 230 else ""
    label = _("Karte „%(name)s“") % {"name": name}
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'role="img" aria-label="{_attr(label)}"><title>{_attr(label)}</title>'
        f'<rect x="1" y="1" width="248" height="348" rx="12" fill="{frame.outer}"/>'
        f'<rect x="9" y="9" width="232" height="332" rx="8" fill="{frame.inner}"/>'
        f"{_title(name, frame)}{_art(card, frame)}"
        f'<rect x="16" y="148" width="218" height="18" rx="3" fill="{frame.outer}" fill-opacity="0.15"/>'
        f'<text x="125" y="161" font-size="{tsize:g}" font-family="{SANS}" fill="{frame.title_ink}" '
        f'text-anchor="middle">{_attr(tline)}</text>'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="#ffffff" fill-opacity="0.55"/>'
        f"{text}{_stats(card, frame)}"
        f'<text x="125" y="345" font-size="6" font-family="{SANS}" fill="{frame.inner}" '
        f'text-anchor="middle"{foot_fit}>{_attr(foot)}</text>'
        "</svg>"
    )


@lru_cache(maxsize=8)
def _revision(language: str) -> str:
    """A fingerprint of what draws a face besides the card: this code, its symbols and labels, the translation."""
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for path in (here / "faces.py", here / "symbols.py", here / "presentation.py"):
        digest.update(path.read_bytes())
    for folder in settings.LOCALE_PATHS:
        mo = Path(folder) / language / "LC_MESSAGES" / "django.mo"
        if mo.is_file():
            digest.update(mo.read_bytes())
    return digest.hexdigest()


def face_etag(card: Card) -> str:
    """The face's validator, computed from what it is drawn from, without drawing it (a 304 renders nothing)."""
    rows = [[getattr(row, field.attname) for field in row._meta.concrete_fields] for row in (card, card.card_set)]
    language = get_language() or settings.LANGUAGE_CODE
    source = json.dumps([_revision(language), language, rows], default=str, sort_keys=True)
    return '"' + hashlib.sha256(source.encode()).hexdigest()[:32] + '"'
