"""MECCG deck format: plain card data, the deck-construction rules and the check.

Nothing below this package queries the database: callers build ``CardInfo`` objects
from Card rows once and hand the check plain data.
"""
