"""The rules' register: each rule's id, title, book section and severity; the Context over a deck the rules
read; helpers they share."""

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.utils.translation import gettext as _

from ..cardinfo import CardInfo
from ..model import (
    ALIGNMENTS,
    ERROR,
    PARTS,
    DeckDescription,
    Entry,
)

# Sections of the book (heading, parent heading)
S_ALIGNMENT = ("Ausrichtung des Decks", "Deckvorbereitung")
S_GENERAL = ("Allgemeines", "Deckaufbau")
S_POOL = ("Anfangscharaktere", "Deckaufbau")
S_PLAY_DECK = ("Spielstapel", "Deckaufbau")
S_SITES = ("Ortsstapel", "Deckaufbau")
S_SIDEBOARD = ("Reservestapel", "Deckaufbau")
S_AGENTS = ("Beschränkungen bei der Erstellung des Spielstapels", "Agenten")
S_ITEMS = ("Bedingungen beim Deckaufbau", "Gegenstände")
S_ERRATA = ("Unofficial Errata List", None)
S_STARTING_COMPANY = ("Startgemeinschaft", "Spielvorbereitung")

Finding = tuple[str, list[CardInfo]]


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    section: tuple[str, str | None]
    func: Callable[["Context"], Iterator[Finding]]
    severity: str = ERROR

    @property
    def heading(self) -> str:
        return self.section[0]

    @property
    def within(self) -> str | None:
        return self.section[1]

    @property
    def path(self) -> str:
        """The book's section as a reader finds it: "Deckaufbau › Spielstapel"."""
        return " › ".join(part for part in (self.section[1], self.section[0]) if part)


RULES: list[Rule] = []


def rule(rule_id: str, title, section, severity: str = ERROR):
    def register(func):
        RULES.append(Rule(rule_id, title, section, func, severity))
        return func

    return register


class Context:
    """The deck, indexed once for all rules."""

    def __init__(self, deck: DeckDescription):
        self.deck = deck
        self.alignment = deck.alignment
        self.fallen_wizard = deck.fallen_wizard
        self.opponent = deck.opponent_alignment or ""
        self.by_part: dict[str, list[Entry]] = {part: [] for part in PARTS}
        for entry in deck.entries:
            self.by_part.setdefault(entry.part, []).append(entry)
        self.entries = deck.entries
        # Copies across the whole deck (sideboard included), by card identity.
        self.identity_counts: Counter = Counter()
        self.identity_cards: dict[tuple, list[CardInfo]] = defaultdict(list)
        for entry in deck.entries:
            self.identity_counts[entry.card.identity] += entry.quantity
            if entry.card not in self.identity_cards[entry.card.identity]:
                self.identity_cards[entry.card.identity].append(entry.card)

    def count(self, *parts: str) -> int:
        return sum(e.quantity for part in parts for e in self.by_part.get(part, ()))

    def in_parts(self, *parts: str) -> Iterator[Entry]:
        for part in parts:
            yield from self.by_part.get(part, ())

    @property
    def valid_alignment(self) -> bool:
        return self.alignment in ALIGNMENTS


def _names(cards) -> str:
    seen = []
    for card in cards:
        if card.label not in seen:
            seen.append(card.label)
    # Typographic quotes of the current language („…“ in German, “…” in English).
    return ", ".join(_("„%(name)s“") % {"name": label} for label in seen)


def _only(*alignments):
    """Decorator: run the rule only for decks of these alignments."""

    def wrap(func):
        def run(ctx):
            if ctx.alignment in alignments:
                yield from func(ctx)

        run.__name__ = func.__name__
        return run

    return wrap
