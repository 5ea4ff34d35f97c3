from django import template

from cards.presentation import subtype_label, type_label
from cards.symbols import render_symbols

register = template.Library()

register.filter("subtype_de", subtype_label)
register.filter("type_de", type_label)
# Sanitised card text (HTML) with its region and site symbols drawn: {{ card.text_en|symbols }}.
register.filter("symbols", render_symbols)
