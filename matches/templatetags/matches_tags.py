from django import template

from .. import selectors
from ..texts import duration
from ..texts import seat_name as _seat_name
from ..texts import with_colour as _with_colour

register = template.Library()


@register.simple_tag(takes_context=True)
def turn_count(context) -> int:
    """How many running matches wait for the signed-in user (the header badge "Am Zug (n)")."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return 0
    cache = getattr(request, "_matches_turn_count", None)
    if cache is None:
        cache = request._matches_turn_count = len(selectors.my_turn_matches(user))
    return cache


@register.filter
def time_left(match) -> str:
    """ "2 Tage und 3 Stunden" until the turn deadline, "" when no clock runs."""
    left = selectors.time_left(match)
    return "" if left is None else duration(left)


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


@register.filter
def with_colour(name, colour):
    """ "elrond (Grün)", "Baumbart (stark, Rot)": one bracket, also for a computer's name with its level."""
    return _with_colour(str(name), str(colour or ""))


@register.filter
def one_bracket(name):
    """A computer's name inside a bracket: "Baumbart, stark" instead of "Baumbart (stark)"."""
    name = str(name)
    if name.endswith(")") and " (" in name:
        head, _sep, tail = name.rpartition(" (")
        return f"{head}, {tail[:-1]}"
    return name
