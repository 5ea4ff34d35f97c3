"""Template helpers for the MECCG match page."""

import json

from django import template
from django.utils.translation import gettext_lazy as _

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
def meccg_deck_choice(user, match, view):
    """Own decks with the deck check's verdict, and the starter decks (issue 31)."""
    return meccg_cards.deck_choice(user, match.state, (view or {}).get("seat"))


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
def general_choices(legal):
    """The concrete moves about no particular card and without a form (pass, end the phase, answers …)."""
    return [a for a in _concrete(legal) if not a.get("cards") and not a.get("form")]


@register.filter
def form_choices(legal):
    """The moves with a form (issue 31: a movement plan, the hazards for a company, a defence, a discard …)."""
    return [a for a in _concrete(legal) if a.get("form")]


@register.simple_tag
def card_choices(legal, view):
    """The moves about a card, grouped by that card (the first it names), for the action box: one row per card with
    its face and name, the buttons beside it (issue 31: the card actions next to the action box, not below)."""
    cards = {c["id"]: c for c in _cards_of(view)}
    rows: dict[str, dict] = {}
    for action in _concrete(legal):
        ids = [i for i in action.get("cards") or () if i in cards]
        if action.get("form") or not ids:
            continue
        rows.setdefault(ids[0], {"card": cards[ids[0]], "moves": []})["moves"].append(action)
    return list(rows.values())


def _cards_of(view):
    """Every open card with an id the seat's view shows (hand, companies and what they bear, tables, the attack)."""
    found = list(selectable_cards(view))
    attack = view.get("attack") or {}
    for c in [attack.get("creature")] + [link.get("card") for link in view.get("chain") or ()]:
        if isinstance(c, dict) and c.get("id"):
            found.append(c)
    for group in view.get("companies", ()):
        if isinstance(group.get("destination"), dict) and group["destination"].get("id"):
            found.append(group["destination"])
    for player in view.get("players", ()):
        for zone in ("sites", "sideboard", "agents"):
            found += [c for c in player.get(zone) or () if isinstance(c, dict) and c.get("id") and c.get("code")]
    return found


@register.filter
def action_json(action):
    """The move as the JSON the move form sends (without the page's label, cards and form)."""
    return json.dumps({k: v for k, v in action.items() if k not in ("label", "cards", "form")}, ensure_ascii=False)


@register.filter
def value_json(value):
    """A form option's value as the page sends it back (JSON)."""
    return json.dumps(value, ensure_ascii=False)


SUBMIT_LABELS = {
    "plan_movement": _("Reise festlegen"),
    "hazards": _("Gefahren festlegen"),
    "defend": _("Verteidigung festlegen"),
    "attacker_plan": _("Angriff festlegen"),
    "discard": _("Abwerfen"),
    "sideboard": _("Aus dem Reservestapel holen"),
    "standing": _("Antworten festlegen"),
}


@register.filter
def submit_label(action):
    """The button of a move's form: what sending it does."""
    label = SUBMIT_LABELS.get(action.get("type"))
    return str(label) if label else action.get("label", "")


@register.simple_tag
def form_field_id(action, field):
    """A unique id for a form field's label: the move, its company or card, the field."""
    owner = str(action.get("company") or action.get("card") or "")
    return "-".join(part for part in ("meccg", action.get("type", ""), owner, field.get("name", "")) if part)
