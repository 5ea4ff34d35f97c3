from django import template

from ..texts import seat_name as _seat_name

register = template.Library()


@register.filter
def seat_name(names, seat):
    """{{ names|seat_name:view.turn }}: the player at an engine seat number."""
    return _seat_name(names or {}, seat)


@register.filter
def seat_names(names, seats):
    return ", ".join(_seat_name(names or {}, s) for s in seats or [])


@register.filter
def has_action(legal, kind):
    """{% if legal|has_action:"pass" %}: whether an action of this type is open to me."""
    return any(isinstance(a, dict) and a.get("type") == kind for a in legal or [])
