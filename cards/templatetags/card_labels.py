from django import template

from cards.presentation import subtype_label, type_label

register = template.Library()

register.filter("subtype_de", subtype_label)
register.filter("type_de", type_label)
