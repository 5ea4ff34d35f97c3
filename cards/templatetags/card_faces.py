"""Card faces for any template: ``{% load card_faces %}``.

- ``{% card_face card %}``: the full face (card page); ``{% card_face card "thumb" %}``: a
  thumbnail (grid view). Both are ``<img>`` elements, lazy-loaded: the scan when the operator
  configured one (cards.scans), with the generated SVG face as fallback (static/cards/faces.js),
  else the generated face directly.
- ``{% card_preview card %}``: the card's name as a link that shows the face on hover and
  keyboard focus (deck lists). Needs no JavaScript; CSS classes in bruchtal.css.
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from cards.scans import scan_url

register = template.Library()

_SIZES = {"full": (250, 350), "thumb": (150, 210), "preview": (200, 280)}


def face_img(card, size: str = "full") -> str:
    width, height = _SIZES.get(size, _SIZES["full"])
    svg = reverse("cards:face", args=[card.code])
    # Deck lists pass light card records (decks' CardInfo) that carry no scan: the generated face then.
    scan = scan_url(card) if hasattr(card, "card_set") else None
    alt = _("Kartenbild: %(name)s") % {"name": card.name_de}
    if scan:
        return format_html(
            '<img class="card-face card-face-{}" src="{}" data-fallback="{}" alt="{}" width="{}" height="{}" '
            'loading="lazy" decoding="async">',
            size, scan, svg, alt, width, height,
        )  # fmt: skip
    return format_html(
        '<img class="card-face card-face-{}" src="{}" alt="{}" width="{}" height="{}" loading="lazy" decoding="async">',
        size, svg, alt, width, height,
    )  # fmt: skip


@register.simple_tag
def card_face(card, size="full"):
    return face_img(card, size)


@register.simple_tag
def card_preview(card, text=None):
    """A link to the card page whose face appears on hover/focus (``text`` defaults to the German name)."""
    return format_html(
        '<span class="card-preview"><a href="{}">{}</a>'
        '<span class="card-preview-face" aria-hidden="true">{}</span></span>',
        reverse("cards:detail", args=[card.code]), text or card.name_de, face_img(card, "preview"),
    )  # fmt: skip
