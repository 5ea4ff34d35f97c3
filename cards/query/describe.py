"""The parsed query in plain German ("the query as understood"), for the result page."""

from django.utils.translation import gettext as _

from .nodes import And, Exact, Field, Flag, Not, Or, Phrase, Query, Word

_OPS = {"=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥"}


def _field_labels() -> dict:
    return {
        "name": _("Name"),
        "type": _("Typ"),
        "subtype": _("Untertyp"),
        "alignment": _("Ausrichtung"),
        "set": _("Set"),
        "game": _("Spiel"),
        "race": _("Rasse"),
        "skill": _("Fertigkeit"),
        "text": _("Text"),
        "home": _("Heimatort"),
        "region": _("Region"),
        "site_type": _("Ortstyp"),
        "keyed": _("Schlüssel"),
        "mind": _("Geist"),
        "di": _("Direkter Einfluss"),
        "prowess": _("Kampfkraft"),
        "body": _("Körperkraft"),
        "corruption": _("Versuchung"),
        "mp": _("Siegpunkte"),
    }


def _value(key: str, value) -> str:
    from cards.models import Alignment, CardType
    from cards.presentation import SITE_TYPES, subtype_label

    if key == "keyed":
        from .keyed import label

        return label(value)
    if key == "race":
        from cards.presentation import RACES

        values = value if isinstance(value, list) else [value]
        labels = list(dict.fromkeys(str(RACES.get(v, v)) for v in values))  # "Zwerg"/"Zwerge": one is enough
        return _(" oder ").join(labels[:1] if len(labels) == 2 else labels)
    if isinstance(value, list):
        return _(" oder ").join(_value(key, v) for v in value)
    if key == "type" and value in CardType.values:
        return str(CardType(value).label)
    if key == "alignment" and value in Alignment.values:
        return str(Alignment(value).label)
    if key == "site_type":
        return str(SITE_TYPES.get(value, value))
    if key == "subtype":
        return subtype_label(str(value))
    return str(value)


def describe_node(node) -> str:
    if isinstance(node, And):
        return _(" und ").join(_group(item) for item in node.items)
    if isinstance(node, Or):
        return _(" oder ").join(_group(item) for item in node.items)
    if isinstance(node, Not):
        return _("nicht %(x)s") % {"x": _group(node.item)}
    if isinstance(node, Word):
        return _("Name oder Text enthält „%(w)s“") % {"w": node.text}
    if isinstance(node, Phrase):
        return _("Name oder Text enthält wörtlich „%(w)s“") % {"w": node.text}
    if isinstance(node, Exact):
        return _("Name ist genau „%(w)s“") % {"w": node.text}
    if isinstance(node, Flag):
        return {"unique": _("einzigartig"), "agent": _("Agent"), "avatar": _("Avatar")}[node.key]
    if isinstance(node, Field):
        label = _field_labels().get(node.key, node.key)
        value = _value(node.key, node.value)
        if isinstance(node.value, int):
            return f"{label} {_OPS[node.op]} {value}"
        if node.op == "!=":
            return _("%(f)s ist nicht „%(v)s“") % {"f": label, "v": value}
        return _("%(f)s: „%(v)s“") % {"f": label, "v": value}
    return str(node)


def _group(node) -> str:
    text = describe_node(node)
    return f"({text})" if isinstance(node, And | Or) else text


def describe(query: Query) -> str:
    """E.g. 'Typ: „Charakter“ und Geist ≥ 6'; empty for an empty query."""
    return describe_node(query.expr) if query.expr is not None else ""
