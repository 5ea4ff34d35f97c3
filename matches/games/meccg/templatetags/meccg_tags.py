"""Template helpers for the MECCG match page."""

import json

from django import template

from matches import texts

from .. import cards as meccg_cards

register = template.Library()


@register.filter
def card_name(cards, code):
    """{{ view.cards|card_name:c.code }}: the German name of a card in the view."""
    info = (cards or {}).get(code) or {}
    return info.get("name_de") or code


@register.filter
def engine_text(data, names=None):
    """{{ view.request.text|engine_text:names }}: an engine text (``Text`` as JSON) in the reader's language."""
    return texts.render(data, names or {})


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


def _concrete(legal):
    return [a for a in (legal() if callable(legal) else legal or []) if isinstance(a, dict) and a.get("label")]


@register.filter
def choices_for(legal, iid):
    """The concrete moves (engine.choices) that are about the card ``iid``: buttons on that card."""
    return [a for a in _concrete(legal) if iid in (a.get("cards") or [])]


@register.filter
def general_choices(legal):
    """The concrete moves about no particular card (pass, next phase, answers …)."""
    return [a for a in _concrete(legal) if not a.get("cards")]


@register.filter
def action_json(action):
    """The move as the JSON the move form sends (without the page's label)."""
    return json.dumps({k: v for k, v in action.items() if k not in ("label", "cards")}, ensure_ascii=False)
