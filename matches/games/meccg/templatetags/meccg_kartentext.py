"""The card page's note whether the table carries a MECCG card's text out (issue 30)."""

from django import template

from .. import kartentext

register = template.Library()


@register.simple_tag
def kartentext_status(code: str) -> dict | None:
    """``{"carried_out", "note"}`` for a MECCG resource or hazard card's code (None for other codes)."""
    if not code or "-" not in code:
        return None
    return kartentext.status(code)
