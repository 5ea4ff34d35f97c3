"""Template helpers for the MECCG match page."""

from django import template

from .. import cards as meccg_cards

register = template.Library()


@register.filter
def card_name(cards, code):
    """{{ view.cards|card_name:c.code }}: the German name of a card in the view."""
    info = (cards or {}).get(code) or {}
    return info.get("name_de") or code


@register.simple_tag
def own_meccg_decks(user):
    return list(meccg_cards.own_decks(user))
