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


@register.simple_tag
def selectable_cards(view):
    """Every open card with an id in the seat's view (companies, items on them, tables, own hand)."""
    found = []

    def add(c):
        if isinstance(c, dict) and c.get("id") and c.get("code"):
            found.append(c)
            for other in c.get("attached", ()):
                add(other)

    for group in view.get("companies", ()):
        for c in group.get("characters", ()):
            add(c)
        add(group.get("site"))
    for player in view.get("players", ()):
        for zone in ("table", "hand"):
            for c in player.get(zone) or ():
                add(c)
    return found
