"""The rules of the play deck's resources ("Unterstützung") and hazards ("Gefahren")."""

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import names
from ..cardinfo import CardInfo
from ..model import (
    BALROG,
    FALLEN_WIZARD,
    FALLEN_WIZARDS,
    HAZARDS,
    HERO,
    MINION,
    RESOURCES,
    SIDEBOARD,
)
from .general import _resource_allowed
from .registry import S_PLAY_DECK, _names, _only, rule

# --- Spielstapel: Unterstützung ------------------------------------------------------


def either_side(card: CardInfo) -> bool:
    """A card that may be played as a resource or as a hazard (Zwielicht: "may also be played as a
    resource"; Sudden Call: "may be included as a hazard"), whichever part of the list it stands in."""
    return (card.card_type == "Hazard" and card.playable_as_resource) or (
        card.card_type == "Resource" and card.playable_as_hazard
    )


def play_deck_counts(ctx) -> tuple[int, int]:
    """(resources, hazards) of the play deck. "Darunter darf sich auch Zwielicht befinden": cards playable
    as either side count toward whichever side balances the deck (as evenly as their number allows),
    wherever the list puts them; all other cards count in their part."""
    flexible = sum(e.quantity for e in ctx.in_parts(RESOURCES, HAZARDS) if either_side(e.card))
    if not flexible:
        return ctx.count(RESOURCES), ctx.count(HAZARDS)
    resources = sum(e.quantity for e in ctx.in_parts(RESOURCES) if not either_side(e.card))
    hazards = sum(e.quantity for e in ctx.in_parts(HAZARDS) if not either_side(e.card))
    as_resources = min(flexible, max(0, (hazards + flexible - resources) // 2))
    return resources + as_resources, hazards + flexible - as_resources


@rule("meccg.resources.count", gettext_lazy("30 bis 50 Unterstützungskarten"), S_PLAY_DECK)
def resources_count(ctx):
    count, _hazards = play_deck_counts(ctx)
    if not 30 <= count <= 50:
        yield _("Das Unterstützungsdeck hat %(count)d Karten; erforderlich sind 30 bis 50.") % {"count": count}, []


@rule("meccg.resources.alignment", gettext_lazy("Unterstützungskarten der eigenen Ausrichtung"), S_PLAY_DECK)
def resources_alignment(ctx):
    if not ctx.valid_alignment:
        return
    wrong = [
        e.card
        for e in ctx.in_parts(RESOURCES, SIDEBOARD)
        if e.card.card_type == "Resource"
        and not _resource_allowed(ctx, e.card)
        and not (ctx.alignment == HERO and e.card.text_rules.hazard_in_hero_deck and e.part == SIDEBOARD)
    ]
    if wrong:
        hints = {
            HERO: _("Helden-Decks dürfen nur Helden-Unterstützungskarten und Schergen-Gegenstände enthalten"),
            MINION: _(
                "Schergen-Decks dürfen nur Schergen-Unterstützungskarten (keine Balrog-specific) "
                "und Helden-Gegenstände enthalten"
            ),
            FALLEN_WIZARD: _(
                "Gefallener-Zauberer-Decks dürfen Helden-, Schergen- und Gefallener-Zauberer-Unterstützungskarten "
                "(keine Balrog-specific) enthalten"
            ),
            BALROG: _("Balrog-Decks dürfen nur Schergen-Unterstützungskarten und Helden-Gegenstände enthalten"),
        }
        yield _("%(hint)s: %(cards)s.") % {"hint": hints[ctx.alignment], "cards": _names(wrong)}, wrong


@rule(
    "meccg.resources.fallen_wizard_max2",
    gettext_lazy("Gefallener Zauberer: höchstens 2 Exemplare je Helden- oder Schergen-Unterstützungskarte"),
    S_PLAY_DECK,
)
@_only(FALLEN_WIZARD)
def resources_fw_max2(ctx):
    # Reading: "Zusätzlich dürfen bis zu 3 Gefallener Zauberer-Unterstützungskarten …" is
    # read as up to 3 copies of each Fallen-wizard (Stage) resource, against the limit of
    # 2 for hero and minion resources; Stage cards are the core of such a deck, and the
    # White Hand/CoE rules say "no more than three of each non-unique Stage resource".
    # Stage cards are therefore left to meccg.copies.max3 (see RULES.md).
    counts: Counter = Counter()
    cards: dict = {}
    for entry in ctx.in_parts(RESOURCES, SIDEBOARD):
        if entry.card.text_rules.copy_limit:
            continue  # the card's text sets its own limit (meccg.copies.max3)
        if entry.card.card_type == "Resource" and entry.card.alignment in (HERO, MINION, "Dual"):
            counts[entry.card.identity] += entry.quantity
            cards.setdefault(entry.card.identity, entry.card)
    for identity, count in counts.items():
        if count > 2:
            yield (
                _("„%(card)s“ ist %(count)d-mal im Deck; Gefallene Zauberer dürfen höchstens 2 Exemplare verwenden.")
                % {"card": cards[identity].label, "count": count},
                [cards[identity]],
            )


@rule(
    "meccg.resources.fallen_wizard_specific",
    gettext_lazy("Gefallener Zauberer: nur Karten des eigenen Zauberers"),
    S_PLAY_DECK,
)
@_only(FALLEN_WIZARD)
def resources_fw_specific(ctx):
    if ctx.fallen_wizard not in FALLEN_WIZARDS:
        return  # reported once by meccg.alignment.choice
    wrong = [
        e.card
        for e in ctx.entries
        if e.card.alignment == "Stage" and e.card.specific and e.card.specific != ctx.fallen_wizard
    ]
    if wrong:
        yield (
            _("Diese Gefallener-Zauberer-Karten beziehen sich auf einen anderen Zauberer als %(wizard)s: %(cards)s.")
            % {"wizard": ctx.fallen_wizard or "?", "cards": _names(wrong)},
            wrong,
        )


def _forbidden(ctx, list_name: str, text: str, card_type: str | None = None):
    codes = names.codes(list_name)
    cards = [e.card for e in ctx.entries if e.card.code in codes and card_type in (None, e.card.card_type)]
    if cards:
        yield text % {"cards": _names(cards)}, cards


@rule(
    "meccg.resources.fallen_wizard_forbidden",
    gettext_lazy("Gefallener Zauberer: verbotene Karten"),
    S_PLAY_DECK,
)
@_only(FALLEN_WIZARD)
def resources_fw_forbidden(ctx):
    yield from _forbidden(
        ctx, "fallen_wizard_resources", _("Gefallener-Zauberer-Decks dürfen diese Karten nicht enthalten: %(cards)s.")
    )


@rule("meccg.resources.balrog_forbidden", gettext_lazy("Balrog: verbotene Unterstützungskarten"), S_PLAY_DECK)
@_only(BALROG)
def resources_balrog_forbidden(ctx):
    # Resources only: a hazard of the same German name (Morgul-Messer, TW-64) stays allowed.
    yield from _forbidden(
        ctx, "balrog_resources", _("Balrog-Decks dürfen diese Karten nicht enthalten: %(cards)s."), "Resource"
    )


_BALROG_ARMY_RACES = ("Orc", "Troll", "Dragon", "Drake", "Wolf", "Wolves", "Animal", "Animals")


@rule(
    "meccg.resources.balrog_armies",
    gettext_lazy("Balrog: nur Ork-, Troll-, Drachen-, Wolf- und Tierheere"),
    S_PLAY_DECK,
)
@_only(BALROG)
def resources_balrog_armies(ctx):
    # Reading: "Heere" is this book's word for factions (the marshalling-point category
    # "Heere" under Spielende; English Balrog rules: "Orc, Troll, Wolf, Animal or Dragon
    # factions"). The card data has no army subtype; factions carry the race.
    wrong = [
        e.card
        for e in ctx.entries
        if (e.card.is_faction or e.card.is_army)
        and not {race.strip() for race in e.card.race.split(",")} & set(_BALROG_ARMY_RACES)
    ]
    if wrong:
        yield (
            _("Balrog-Decks dürfen nur Ork-, Troll-, Drachen-, Wolf- und Tierheere enthalten: %(cards)s.")
            % {"cards": _names(wrong)},
            wrong,
        )


# --- Spielstapel: Gefahren ------------------------------------------------------------


@rule("meccg.hazards.count", gettext_lazy("Gleich viele Gefahren- wie Unterstützungskarten"), S_PLAY_DECK)
def hazards_count(ctx):
    resources, hazards = play_deck_counts(ctx)
    if hazards != resources:
        yield (
            _(
                "Das Gefahrendeck hat %(hazards)d Karten, das Unterstützungsdeck "
                "%(resources)d; es müssen gleich viele sein."
            )
            % {"hazards": hazards, "resources": resources},
            [],
        )


def creature_count(entries) -> float:
    return sum(e.card.creature_weight * e.quantity for e in entries)


@rule("meccg.hazards.creatures", gettext_lazy("Mindestens 12 Kreaturen"), S_PLAY_DECK)
def hazards_creatures(ctx):
    # Halves: creature-or-event cards, dragons "auf der Jagd"/"daheim", Der Balrog von Moria,
    # Spinne des Môrlat, Spawn, agents as hazards, and Geflügelter Unhold (Errata List).
    hazards = list(ctx.in_parts(HAZARDS))
    count = creature_count(hazards)
    if count < 12:
        yield (
            _(
                "Das Gefahrendeck enthält %(count)s Kreaturen (halbe Kreaturen "
                "mitgezählt); erforderlich sind mindestens 12."
            )
            % {"count": format_number(count)},
            [],
        )


def format_number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value).replace(".", ",")


@rule(
    "meccg.hazards.agents",
    gettext_lazy("Agenten als Gefahren nur für Helden und Balrog"),
    S_PLAY_DECK,
)
def hazards_agents(ctx):
    # Reading: "Helden- und Balrog-Spieler dürfen auch Agenten als Gefahren verwenden" is
    # taken as exclusive; Schergen and Fallen-wizard decks build agents in as characters.
    if ctx.alignment not in (MINION, FALLEN_WIZARD):
        return
    # My Precious and Lobelia can never be characters of these decks, so there they are hazards
    # like any other ("Das Gefahrendeck kann aus beliebigen Gefahrenkarten … zusammengestellt werden").
    hazards_only = names.codes("forbidden_agent_characters")
    agents = [e.card for e in ctx.in_parts(HAZARDS) if e.card.is_agent and e.card.code not in hazards_only]
    if agents:
        yield (
            _("Nur Helden- und Balrog-Decks dürfen Agenten als Gefahren enthalten: %(cards)s.")
            % {"cards": _names(agents)},
            agents,
        )


@rule("meccg.hazards.balrog_forbidden", gettext_lazy("Balrog: verbotene Gefahrenkarten"), S_PLAY_DECK)
@_only(BALROG)
def hazards_balrog_forbidden(ctx):
    yield from _forbidden(ctx, "balrog_hazards", _("Balrog-Decks dürfen diese Gefahren nicht enthalten: %(cards)s."))


def _vs_minion_codes() -> frozenset[str]:
    return (names.codes("not_vs_minion_hazards") | names.codes("not_vs_minion_agent_hazards")) - names.codes(
        "agent_hazards_exempt"
    )


@rule(
    "meccg.hazards.vs_minion",
    gettext_lazy("Gefahren, die gegen Schergen und Balrog nicht erlaubt sind"),
    S_PLAY_DECK,
)
def hazards_vs_minion(ctx):
    if ctx.opponent not in (MINION, BALROG):
        return
    codes = _vs_minion_codes()
    cards = [e.card for e in ctx.in_parts(HAZARDS, SIDEBOARD) if e.card.code in codes]
    if cards:
        yield (
            _("Gegen ein Schergen- oder Balrog-Deck dürfen diese Gefahren nicht im Deck sein: %(cards)s.")
            % {"cards": _names(cards)},
            cards,
        )


# The kind of location deck, as the two cards' texts put it: "(minion/hero)". Balrog is a
# minion alignment ("Balrog (Minion)", Ausrichtung des Decks); a Fallen wizard's location
# deck holds hero and minion sites alike and is of neither kind alone.
_SITE_ALIGNMENT = {HERO: HERO, MINION: MINION, BALROG: MINION}


@rule(
    "meccg.hazards.vs_other_sites",
    gettext_lazy("Gefahren, die gegen eine andere Ortsausrichtung nicht erlaubt sind"),
    S_PLAY_DECK,
)
def hazards_vs_other_sites(ctx):
    # Reading: "Ortsstapel mit anderer Ausrichtung" is hero against minion (Schergen or
    # Balrog) location decks; a Fallen-wizard deck on either side is never "other" (its
    # location deck mixes both). Applies only when the opponent's alignment is given.
    mine, theirs = _SITE_ALIGNMENT.get(ctx.alignment), _SITE_ALIGNMENT.get(ctx.opponent)
    if not mine or not theirs or mine == theirs:
        return
    codes = names.codes("not_vs_other_sites_hazards")
    if ctx.opponent in (MINION, BALROG):
        codes = codes - _vs_minion_codes()  # already refused by meccg.hazards.vs_minion
    cards = [e.card for e in ctx.in_parts(HAZARDS, SIDEBOARD) if e.card.code in codes]
    if cards:
        yield (
            _("Gegen ein Deck mit Orten einer anderen Ausrichtung dürfen diese Gefahren nicht im Deck sein: %(cards)s.")
            % {"cards": _names(cards)},
            cards,
        )
