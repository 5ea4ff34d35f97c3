"""Bench cases of the MECCG game (`make bench`): the keying calculator on the whole card catalogue."""

from . import cards
from .engine.keying import key_creature

ROUTE = ["Southern Mirkwood", "Anduin Vales", "High Pass"]


def cases():
    catalogue = cards.catalogue()
    if not catalogue:
        return  # no MECCG cards imported: nothing to measure
    yield (
        "Kreatur zuordnen: Name, Regionen (key_creature)",
        lambda: key_creature(catalogue, "Grabunhold", "minion", "Dol Guldur", "Orkstadt", "region", ROUTE),
    )
    yield (
        "Kreatur zuordnen: Kartennummern, Grundregeln",
        lambda: key_creature(catalogue, "TW-20", "hero", "TW-421", "TW-408", "starter"),
    )
