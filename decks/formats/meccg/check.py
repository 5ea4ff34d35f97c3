"""Run every deck-construction rule over a plain deck description."""

from collections import Counter

from .model import CHARACTERS, ERROR, HAZARDS, PARTS, POOL, RESOURCES, CheckResult, DeckDescription, Problem
from .rules import RULES, Context, creature_count


def check(deck: DeckDescription) -> CheckResult:
    ctx = Context(deck)
    problems = []
    for rule in RULES:
        for message, cards in rule.func(ctx):
            problems.append(
                Problem(
                    rule=rule.id,
                    severity=rule.severity,
                    title=str(rule.title),
                    message=f"{rule.path} – {rule.title}: {message}",
                    cards=list(dict.fromkeys(card.code for card in cards)),
                    heading=rule.heading,
                    within=rule.within,
                    section=rule.path,
                )
            )
    legal = not any(p.severity == ERROR for p in problems)
    return CheckResult(legal=legal, problems=problems, summary=summarize(ctx))


def summarize(ctx: Context) -> dict:
    per_part = {part: ctx.count(part) for part in PARTS}
    uniques = {e.card.identity for e in ctx.entries if e.card.is_unique}
    mp = sum((e.card.marshalling_points or 0) * e.quantity for e in ctx.in_parts(POOL, CHARACTERS, RESOURCES))
    by_type = Counter()
    for entry in ctx.entries:
        by_type[entry.card.card_type] += entry.quantity
    return {
        "parts": per_part,
        "total": sum(per_part.values()),
        "play_deck": per_part[CHARACTERS] + per_part[RESOURCES] + per_part[HAZARDS],
        "creatures": creature_count(ctx.in_parts(HAZARDS)),
        "agents_mind": sum((e.card.mind or 0) * e.quantity for e in ctx.entries if e.card.is_agent),
        "unique_cards": len(uniques),
        "marshalling_points": mp,
    }
