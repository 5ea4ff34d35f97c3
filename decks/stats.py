"""Statistics for the deck page (plain data, no queries)."""

from collections import Counter

from .formats.meccg.model import CHARACTERS, HAZARDS, POOL, RESOURCES, SIDEBOARD
from .formats.meccg.rules import creature_count


def deck_stats(entries) -> dict:
    """entries: objects with card (CardInfo), quantity, part."""
    main = [e for e in entries if e.part != SIDEBOARD]
    by_type, by_subtype = Counter(), Counter()
    for e in main:
        by_type[e.card.card_type] += e.quantity
        if e.card.subtype:
            by_subtype[(e.card.card_type, e.card.subtype)] += e.quantity
    characters = [e for e in main if e.part in (POOL, CHARACTERS) and e.card.card_type == "Character"]
    biggest = max(by_type.values(), default=1)
    return {
        "by_type": sorted(by_type.items(), key=lambda kv: -kv[1]),
        "by_subtype": sorted(by_subtype.items(), key=lambda kv: (kv[0][0], -kv[1])),
        "chart": [
            {"label": label, "count": count, "percent": round(100 * count / biggest)}
            for label, count in sorted(by_type.items(), key=lambda kv: -kv[1])
        ],
        "creatures": creature_count([e for e in main if e.part == HAZARDS]),
        "marshalling_points": sum(
            (e.card.marshalling_points or 0) * e.quantity for e in main if e.part in (POOL, CHARACTERS, RESOURCES)
        ),
        "mind": sum((e.card.mind or 0) * e.quantity for e in characters),
        "pool_mind": sum((e.card.mind or 0) * e.quantity for e in characters if e.part == POOL),
        "direct_influence": sum((e.card.direct_influence or 0) * e.quantity for e in characters),
    }
