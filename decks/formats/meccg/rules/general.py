"""The rules of "Ausrichtung des Decks" and "Deckaufbau: Allgemeines": the alignment, which part a card
belongs in, copies and unique cards."""

from collections import defaultdict
from collections.abc import Iterator

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..cardinfo import CardInfo
from ..model import (
    BALROG,
    CHARACTERS,
    FALLEN_WIZARD,
    FALLEN_WIZARDS,
    HAZARDS,
    HERO,
    MINION,
    POOL,
    RESOURCES,
    SIDEBOARD,
    SITES,
    Entry,
)
from .registry import S_ALIGNMENT, S_GENERAL, S_ITEMS, _names, rule

# --- Ausrichtung des Decks -------------------------------------------------------------


@rule("meccg.alignment.choice", gettext_lazy("Ausrichtung des Decks"), S_ALIGNMENT)
def alignment_choice(ctx):
    if not ctx.valid_alignment:
        yield _("Das Deck braucht eine Ausrichtung: Helden, Schergen, Gefallener Zauberer oder Balrog."), []
    elif ctx.alignment == FALLEN_WIZARD and ctx.fallen_wizard not in FALLEN_WIZARDS:
        yield (
            _(
                "Ein Deck „Gefallener Zauberer“ muss seinen Zauberer festlegen "
                "(Alatar, Gandalf, Pallando, Radagast oder Saruman)."
            ),
            [],
        )


# --- Deckaufbau: Allgemeines ----------------------------------------------------------

_PART_LABELS = {
    POOL: gettext_lazy("Anfangscharaktere"),
    CHARACTERS: gettext_lazy("Charaktere (Spielstapel)"),
    RESOURCES: gettext_lazy("Unterstützung"),
    HAZARDS: gettext_lazy("Gefahren"),
    SITES: gettext_lazy("Orte"),
    SIDEBOARD: gettext_lazy("Reservestapel"),
}


def part_label(part: str) -> str:
    return str(_PART_LABELS.get(part, part))


def _fits_part(card: CardInfo, part: str) -> bool:
    if part == POOL:
        # Starting minor items (and cards played "in lieu of a minor item") are checked by
        # meccg.pool.minor_items.
        return card.card_type == "Character" or card.is_agent or card.is_starting_item
    if part == CHARACTERS:
        return card.card_type == "Character" or card.is_agent
    if part == RESOURCES:
        # "Darunter darf sich auch Zwielight befinden": hazards playable as resources.
        return card.card_type == "Resource" or card.playable_as_resource
    if part == HAZARDS:
        return (
            card.card_type == "Hazard"
            or card.is_agent
            or card.playable_as_hazard
            or card.text_rules.hazard_in_hero_deck
        )
    if part == SITES:
        return card.card_type == "Site"
    if part == SIDEBOARD:
        return card.card_type in ("Character", "Resource", "Hazard")
    return False


def _fw_starting_stage(ctx, entry: Entry) -> bool:
    # Spielvorbereitung → Startgemeinschaft: a Fallen wizard plays 1–3 permanent Stage
    # cards "wie Charakterkarten" with the draft, so they may be listed with the pool.
    return ctx.alignment == FALLEN_WIZARD and entry.part == POOL and entry.card.is_stage_permanent


@rule("meccg.parts.card_type", gettext_lazy("Karte im passenden Teil des Decks"), S_GENERAL)
def parts_card_type(ctx):
    for entry in ctx.entries:
        if not _fits_part(entry.card, entry.part) and not _fw_starting_stage(ctx, entry):
            yield (
                _("„%(card)s“ gehört nicht in den Teil „%(part)s“.")
                % {"card": entry.card.label, "part": part_label(entry.part)},
                [entry.card],
            )


def _is_limited(card: CardInfo) -> bool:
    # Sites have their own rules (Ortsstapel); avatars theirs (Zauberer, Ringgeister …).
    return card.card_type != "Site" and not card.avatar_kind


def copy_limit(card: CardInfo) -> int:
    """3, unless the card's own text sets another limit (Black Horse: 9; see overrides.py)."""
    return card.text_rules.copy_limit or 3


@rule("meccg.copies.max3", gettext_lazy("Höchstens 3 Exemplare je Karte"), S_GENERAL)
def copies_max3(ctx):
    for identity, count in ctx.identity_counts.items():
        cards = ctx.identity_cards[identity]
        card = cards[0]
        limit = copy_limit(card)
        if count > limit and _is_limited(card) and not card.is_unique:
            if limit == 3:
                text = _("%(cards)s ist %(count)d-mal im Deck; erlaubt sind höchstens 3 Exemplare.")
            else:
                text = _("%(cards)s ist %(count)d-mal im Deck; laut Kartentext erlaubt sind höchstens %(limit)d.")
            yield text % {"cards": _names(cards), "count": count, "limit": limit}, cards


@rule("meccg.unique.once", gettext_lazy("Einzigartige Karten nur einmal"), S_GENERAL)
def unique_once(ctx):
    for identity, count in ctx.identity_counts.items():
        cards = ctx.identity_cards[identity]
        card = cards[0]
        if count > 1 and card.is_unique and _is_limited(card):
            yield (
                _("Die einzigartige Karte %(cards)s ist %(count)d-mal im Deck; erlaubt ist sie nur einmal.")
                % {"cards": _names(cards), "count": count},
                cards,
            )


def _alignments_by_name(ctx, select) -> Iterator[list[CardInfo]]:
    by_name: dict[str, dict[str, CardInfo]] = defaultdict(dict)
    for entry in ctx.entries:
        card = entry.card
        if card.is_unique and _is_limited(card) and select(card):
            by_name[card.identity[0]].setdefault(card.alignment, card)
    for versions in by_name.values():
        if len(versions) > 1:
            yield list(versions.values())


@rule(
    "meccg.unique.one_alignment",
    gettext_lazy("Einzigartige Karten nur in einer Ausrichtung"),
    S_GENERAL,
)
def unique_one_alignment(ctx):
    # Items are left to the items rule (Gegenstände → Bedingungen beim Deckaufbau).
    for cards in _alignments_by_name(ctx, lambda card: not card.is_item):
        yield (
            _("Die einzigartige Karte ist in mehreren Ausrichtungen im Deck: %(cards)s. Erlaubt ist nur eine.")
            % {"cards": _names(cards)},
            cards,
        )


@rule(
    "meccg.items.unique_one_version",
    gettext_lazy("Einzigartige Gegenstände nur in einer Version"),
    S_ITEMS,
)
def items_unique_one_version(ctx):
    for cards in _alignments_by_name(ctx, lambda card: card.is_item):
        yield (
            _("Vom einzigartigen Gegenstand ist mehr als eine Version im Deck: %(cards)s. Erlaubt ist nur eine.")
            % {"cards": _names(cards)},
            cards,
        )


def _resource_allowed(ctx, card: CardInfo) -> bool:
    alignment = card.alignment
    if alignment == "Dual":
        # Dual cards (Tidings of Death, Deadly Dart …) are both hero and minion cards.
        return True
    if ctx.alignment == HERO:
        # Reading: the book names no exception for Helden, but "Balrog specific" cards belong
        # to the Balrog player (the two Balrog-specific items "may only be borne by The Balrog").
        return alignment == HERO or (alignment == MINION and card.is_item and card.specific != "Balrog")
    if ctx.alignment == MINION:
        return (alignment == MINION and card.specific != "Balrog") or (alignment == HERO and card.is_item)
    if ctx.alignment == FALLEN_WIZARD:
        return (alignment in (HERO, MINION) and card.specific != "Balrog") or alignment == "Stage"
    if ctx.alignment == BALROG:
        return alignment == MINION or (alignment == HERO and card.is_item)
    return True
