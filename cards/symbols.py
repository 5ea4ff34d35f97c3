"""MECCG region and site symbols (``{w}``, ``{H}`` …) drawn as small SVG with a German text alternative.

One table serves the generated card faces (cards.faces) and every page (site paths, region
types, card text). Regions are squares, sites circles, each with a German initial; the colours
follow the printed symbols' families (wilderness green, shadow grey, dark black, border ochre,
free blue-white, coast blue) so a player recognises them, without copying the printed art.
"""

import re
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Symbol:
    code: str
    label: object  # lazy German label
    letter: str
    fill: str
    ink: str
    round: bool  # sites are round, regions square


SYMBOLS: dict[str, Symbol] = {
    s.code: s
    for s in [
        Symbol("{w}", _("Wildnis"), "W", "#3f6b2a", "#ffffff", False),
        Symbol("{s}", _("Schattenland"), "S", "#55504a", "#ffffff", False),
        Symbol("{d}", _("Dunkles Gebiet"), "D", "#1f1d1a", "#ffffff", False),
        Symbol("{b}", _("Grenzland"), "G", "#a8741a", "#ffffff", False),
        Symbol("{f}", _("Freies Gebiet"), "F", "#e8eef7", "#1d4f91", False),
        Symbol("{c}", _("Küstengewässer"), "K", "#1d5f91", "#ffffff", False),
        Symbol("{H}", _("Zufluchtsort"), "Z", "#e8eef7", "#1d4f91", True),
        Symbol("{F}", _("Freie Feste"), "F", "#1d4f91", "#ffffff", True),
        Symbol("{B}", _("Grenzfeste"), "G", "#a8741a", "#ffffff", True),
        Symbol("{R}", _("Ruinen und Höhlen"), "R", "#6b4f2a", "#ffffff", True),
        Symbol("{S}", _("Schattenfeste"), "S", "#55504a", "#ffffff", True),
        Symbol("{D}", _("Dunkle Feste"), "D", "#1f1d1a", "#ffffff", True),
        Symbol("{DH}", _("Dunkler Zufluchtsort"), "DZ", "#5b2a86", "#ffffff", True),
    ]
}
# The Spanish and French texts write the Darkhaven as {K}.
SYMBOLS["{K}"] = SYMBOLS["{DH}"]

SYMBOL_RE = re.compile(r"\{(?:DH|[wsdbfcHFBRSDK])\}")


def shape(symbol: Symbol, x: float, y: float, size: float) -> str:
    """The symbol's SVG elements at (x, y) with edge ``size`` (no wrapper, no title)."""
    half = size / 2
    if symbol.round:
        body = f'<circle cx="{x + half:g}" cy="{y + half:g}" r="{half - 0.5:g}"'
    else:
        body = f'<rect x="{x + 0.5:g}" y="{y + 0.5:g}" width="{size - 1:g}" height="{size - 1:g}" rx="{size / 6:g}"'
    font = size * (0.42 if len(symbol.letter) > 1 else 0.6)
    return (
        f'{body} fill="{symbol.fill}" stroke="#1f1d1a" stroke-width="1"/>'
        f'<text x="{x + half:g}" y="{y + half + font * 0.36:g}" font-size="{font:g}" font-weight="700" '
        f'font-family="sans-serif" text-anchor="middle" fill="{symbol.ink}">{symbol.letter}</text>'
    )


def inline_svg(code: str) -> SafeString:
    """A symbol for HTML: a 1em inline SVG with role=img and the German name as label and tooltip."""
    symbol = SYMBOLS.get(code)
    if symbol is None:
        return escape(code)
    label = escape(str(symbol.label))
    return mark_safe(  # noqa: S308 - built from the constant table above; the label is escaped
        f'<svg class="sym" viewBox="0 0 20 20" width="20" height="20" role="img" aria-label="{label}">'
        f"<title>{label}</title>{shape(symbol, 0, 0, 20)}</svg>"
    )


def render_symbols(html: str) -> SafeString:
    """Replace every symbol code in already-safe HTML (sanitised card text) by its inline SVG."""
    return mark_safe(SYMBOL_RE.sub(lambda m: inline_svg(m.group(0)), html or ""))  # noqa: S308 - input is safe HTML


def render_path(path: str) -> SafeString:
    """A site path such as ``{w}{f}{c}`` as a row of symbols (escaped text where it is not a symbol)."""
    return render_symbols(escape(path or ""))
