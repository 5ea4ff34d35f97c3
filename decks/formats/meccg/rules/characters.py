"""The rules of the starting characters ("Anfangscharaktere") and of the play deck's characters, agents and avatars."""

from collections import Counter
from collections.abc import Iterator

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import names
from ..cardinfo import CardInfo
from ..model import (
    BALROG,
    CHARACTERS,
    FALLEN_WIZARD,
    FALLEN_WIZARDS,
    HERO,
    MINION,
    POOL,
    SIDEBOARD,
    Entry,
)
from .general import _fw_starting_stage, _resource_allowed
from .registry import S_AGENTS, S_PLAY_DECK, S_POOL, S_STARTING_COMPANY, _names, _only, rule

# --- Anfangscharaktere ---------------------------------------------------------------


@rule("meccg.pool.max10", gettext_lazy("Höchstens 10 Anfangscharaktere"), S_POOL)
def pool_max10(ctx):
    characters = [e for e in ctx.in_parts(POOL) if e.card.card_type == "Character" or e.card.is_agent]
    count = sum(e.quantity for e in characters)
    if count > 10:
        cards = [e.card for e in characters]
        yield (
            _("Es sind %(count)d Anfangscharaktere ausgewählt; erlaubt sind höchstens 10: %(cards)s.")
            % {
                "count": count,
                "cards": _names(cards),
            },
            cards,
        )


@rule(
    "meccg.pool.fallen_wizard_stage",
    gettext_lazy("Gefallener Zauberer: Entwicklungskarten zu Spielbeginn"),
    S_STARTING_COMPANY,
)
@_only(FALLEN_WIZARD)
def pool_fw_stage(ctx):
    # "1, 2 oder 3 permanente Entwicklungskarten … Davon dürfen nicht alle einzigartig sein,
    # und die Summe der Entwicklungspunkte muss 3 sein." Checked when the deck lists them
    # with its starting characters (the book does not say where else they come from).
    entries = [e for e in ctx.in_parts(POOL) if _fw_starting_stage(ctx, e)]
    if not entries:
        return
    cards = [e.card for e in entries]
    count = sum(e.quantity for e in entries)
    points = sum((e.card.stage_points or 0) * e.quantity for e in entries)
    if count > 3 or points != 3 or all(card.is_unique for card in cards):
        yield (
            _(
                "Zu Spielbeginn sind %(count)d Entwicklungskarten mit zusammen %(points)d Entwicklungspunkten "
                "vorgesehen (%(cards)s); erlaubt sind 1 bis 3 Karten, nicht alle einzigartig, mit genau "
                "3 Entwicklungspunkten."
            )
            % {"count": count, "points": points, "cards": _names(cards)},
            cards,
        )


@rule(
    "meccg.pool.minor_items",
    gettext_lazy("Bis zu 2 geringere Gegenstände in der Startgemeinschaft"),
    S_STARTING_COMPANY,
)
def pool_minor_items(ctx):
    # "bis zu 2 nicht-einzigartige geringere Gegenstände (keine Gegenstände aus Drachenhorten)";
    # a card whose text allows it "in lieu of a minor item" takes one of the two places. Never
    # counted as characters (meccg.pool.max10).
    items = [e for e in ctx.in_parts(POOL) if e.card.is_starting_item]
    if not items:
        return
    not_minor = [e.card for e in items if not (e.card.is_minor_item or e.card.text_rules.starting_minor_item)]
    if not_minor:
        yield (
            _("Nur geringere Gegenstände dürfen in die Startgemeinschaft: %(cards)s.") % {"cards": _names(not_minor)},
            not_minor,
        )
    unique = [e.card for e in items if e.card.is_minor_item and e.card.is_unique]
    if unique:
        yield (
            _("Einzigartige Gegenstände dürfen nicht in die Startgemeinschaft: %(cards)s.") % {"cards": _names(unique)},
            unique,
        )
    hoard = [e.card for e in items if e.card.is_hoard_item]
    if hoard:
        yield (
            _("Gegenstände aus Drachenhorten dürfen nicht in die Startgemeinschaft: %(cards)s.")
            % {"cards": _names(hoard)},
            hoard,
        )
    if ctx.valid_alignment:
        wrong = [
            e.card
            for e in items
            if not _resource_allowed(ctx, e.card)
            or (ctx.alignment == HERO and e.card.text_rules.not_in_hero_starting_company)
        ]
        if wrong:
            yield (
                _("Diese Karten sind für die Startgemeinschaft dieser Ausrichtung nicht erlaubt: %(cards)s.")
                % {"cards": _names(wrong)},
                wrong,
            )
    count = sum(e.quantity for e in items)
    if count > 2:
        cards = [e.card for e in items]
        yield (
            _(
                "Es sind %(count)d Gegenstände für die Startgemeinschaft ausgewählt; "
                "erlaubt sind höchstens 2: %(cards)s."
            )
            % {"count": count, "cards": _names(cards)},
            cards,
        )


@rule("meccg.pool.no_agents", gettext_lazy("Keine Agenten als Anfangscharaktere"), S_POOL)
def pool_no_agents(ctx):
    agents = [e.card for e in ctx.in_parts(POOL) if e.card.is_agent for _copy in range(e.quantity)]
    # Card text goes first: each Open to the Summons listed with the pool lets one agent start
    # ("One agent character may be played … in your starting company").
    allowed = sum(e.card.text_rules.starting_agents * e.quantity for e in ctx.in_parts(POOL))
    if len(agents) > allowed:
        cards = list(dict.fromkeys(agents))
        if allowed:
            text = _(
                "Agenten dürfen keine Anfangscharaktere sein, außer so vielen, wie Karten wie „Open to the "
                "Summons“ im Pool erlauben (hier %(allowed)d): %(cards)s."
            )
        else:
            text = _("Agenten dürfen keine Anfangscharaktere sein: %(cards)s.")
        yield text % {"cards": _names(cards), "allowed": allowed}, cards


def _character_allowed(ctx, card: CardInfo) -> bool:
    if ctx.alignment == HERO:
        return card.alignment == HERO
    if ctx.alignment == MINION:
        return card.alignment == MINION and card.specific != "Balrog"
    if ctx.alignment == FALLEN_WIZARD:
        return card.alignment in (HERO, MINION) and card.specific != "Balrog"
    if ctx.alignment == BALROG:
        # Orc/Troll minion characters, or any Balrog-specific character.
        return card.specific == "Balrog" or (card.alignment == MINION and _orc_or_troll(card))
    return True


def _orc_or_troll(card: CardInfo) -> bool:
    return any(word in card.race for word in ("Orc", "Troll"))


def _characters(ctx) -> Iterator[Entry]:
    """Non-avatar, non-agent character cards wherever they are built in."""
    for entry in ctx.in_parts(POOL, CHARACTERS, SIDEBOARD):
        card = entry.card
        if card.card_type == "Character" and not card.avatar_kind and not card.is_agent:
            yield entry


@rule("meccg.characters.alignment", gettext_lazy("Charaktere der eigenen Ausrichtung"), S_POOL)
def characters_alignment(ctx):
    if not ctx.valid_alignment:
        return
    wrong = [e.card for e in _characters(ctx) if not _character_allowed(ctx, e.card)]
    if wrong:
        hints = {
            HERO: _("Helden-Decks dürfen nur Helden-Charaktere enthalten"),
            MINION: _("Schergen-Decks dürfen nur Schergen-Charaktere enthalten (keine Balrog-specific)"),
            FALLEN_WIZARD: _(
                "Gefallener-Zauberer-Decks dürfen Helden- und Schergen-Charaktere enthalten (keine Balrog-specific)"
            ),
            BALROG: _(
                "Balrog-Decks dürfen nur Schergen-Charaktere, die Orks oder Trolle sind, "
                "und Balrog-specific-Charaktere enthalten"
            ),
        }
        yield _("%(hint)s: %(cards)s.") % {"hint": hints[ctx.alignment], "cards": _names(wrong)}, wrong


@rule(
    "meccg.characters.balrog_mind",
    gettext_lazy("Balrog: Ork- und Troll-Charaktere höchstens mit Einfluss 8"),
    S_POOL,
)
@_only(BALROG)
def characters_balrog_mind(ctx):
    # Reading: the book says "allgemeiner Einfluss nicht größer als 8". Characters have no
    # general influence and no orc or troll has a direct influence above 3, so the limit
    # is read as the character's mind (Geisteskraft); Balrog-specific characters are exempt
    # ("Ansonsten dürfen beliebige Balrog specific Charaktere gewählt werden").
    wrong = [
        e.card
        for e in _characters(ctx)
        if e.card.specific != "Balrog"
        and e.card.alignment == MINION
        and _orc_or_troll(e.card)
        and (e.card.mind or 0) > 8
    ]
    if wrong:
        yield (
            _("Balrog-Decks dürfen Ork- und Troll-Charaktere nur bis Geisteskraft 8 enthalten: %(cards)s.")
            % {"cards": _names(wrong)},
            wrong,
        )


@rule(
    "meccg.characters.fallen_wizard_max2",
    gettext_lazy("Gefallener Zauberer: höchstens 2 Exemplare je Charakter"),
    S_POOL,
)
@_only(FALLEN_WIZARD)
def characters_fw_max2(ctx):
    counts: Counter = Counter()
    cards: dict = {}
    for entry in _characters(ctx):
        counts[entry.card.identity] += entry.quantity
        cards.setdefault(entry.card.identity, entry.card)
    for identity, count in counts.items():
        if count > 2:
            yield (
                _("„%(card)s“ ist %(count)d-mal im Deck; Gefallene Zauberer dürfen höchstens 2 Exemplare verwenden.")
                % {"card": cards[identity].label, "count": count},
                [cards[identity]],
            )


# --- Spielstapel: Charaktere, Agenten, Avatare -----------------------------------------


@rule("meccg.characters.max10", gettext_lazy("Höchstens 10 weitere Charaktere im Spielstapel"), S_PLAY_DECK)
def characters_max10(ctx):
    # Reading: avatars have their own paragraph ("Zauberer, Ringgeister …") and are not
    # counted among the 10; agents are ("dürfen hierbei auch Agenten auswählen").
    entries = [e for e in ctx.in_parts(CHARACTERS) if not e.card.avatar_kind]
    count = sum(e.quantity for e in entries)
    if count > 10:
        yield (
            _("Der Spielstapel enthält %(count)d Charaktere (ohne Avatare); erlaubt sind höchstens 10: %(cards)s.")
            % {"count": count, "cards": _names(e.card for e in entries)},
            [e.card for e in entries],
        )


@rule(
    "meccg.agents.as_characters",
    gettext_lazy("Agenten als Charaktere nur für Schergen und Gefallene Zauberer"),
    S_PLAY_DECK,
)
def agents_as_characters(ctx):
    if ctx.alignment in (MINION, FALLEN_WIZARD) or not ctx.valid_alignment:
        return
    agents = [e.card for e in ctx.in_parts(CHARACTERS) if e.card.is_agent]
    if agents:
        yield (
            _(
                "Nur Schergen- und Gefallener-Zauberer-Decks dürfen Agenten als Charaktere enthalten: %(cards)s. "
                "Helden- und Balrog-Decks können Agenten als Gefahren einbauen."
            )
            % {"cards": _names(agents)},
            agents,
        )


@rule(
    "meccg.agents.forbidden_characters",
    gettext_lazy("Mein Schatz und Lobelia nicht als Charaktere"),
    S_PLAY_DECK,
)
@_only(MINION, FALLEN_WIZARD)
def agents_forbidden_characters(ctx):
    # Only where they are chosen as characters: as hazards (play deck or sideboard) both are
    # ordinary hazards, allowed in every deck (see meccg.hazards.agents).
    forbidden = names.codes("forbidden_agent_characters")
    cards = [e.card for e in ctx.in_parts(POOL, CHARACTERS) if e.card.code in forbidden]
    if cards:
        yield (
            _("Diese Agenten dürfen nicht als Charaktere verwendet werden: %(cards)s.") % {"cards": _names(cards)},
            cards,
        )


@rule("meccg.agents.mind_max36", gettext_lazy("Geisteskraft aller Agenten höchstens 36"), S_AGENTS)
def agents_mind_max36(ctx):
    agents = [e for e in ctx.entries if e.card.is_agent]
    total = sum((e.card.mind or 0) * e.quantity for e in agents)
    if total > 36:
        yield (
            _(
                "Die Agenten im Deck (mit Anfangscharakteren und Reservestapel) haben zusammen "
                "Geisteskraft %(total)d; erlaubt sind höchstens 36: %(cards)s."
            )
            % {"total": total, "cards": _names(e.card for e in agents)},
            [e.card for e in agents],
        )


_OWN_AVATAR = {HERO: "Wizard", MINION: "Ringwraith", FALLEN_WIZARD: "Fallen-wizard", BALROG: "Balrog"}


def _own_avatar(ctx, card: CardInfo) -> bool:
    if card.avatar_kind != _OWN_AVATAR.get(ctx.alignment):
        return False
    if ctx.alignment == FALLEN_WIZARD:
        return (card.name_en or card.name_de) == ctx.fallen_wizard
    return True


@rule("meccg.avatars.kind", gettext_lazy("Nur Avatare der eigenen Ausrichtung"), S_PLAY_DECK)
def avatars_kind(ctx):
    if not ctx.valid_alignment or (ctx.alignment == FALLEN_WIZARD and ctx.fallen_wizard not in FALLEN_WIZARDS):
        return  # reported once by meccg.alignment.choice
    wrong = [e.card for e in ctx.entries if e.card.avatar_kind and not _own_avatar(ctx, e.card)]
    if wrong:
        expected = {
            HERO: _("Helden-Decks verwenden Zauberer"),
            MINION: _("Schergen-Decks verwenden Ringgeister"),
            FALLEN_WIZARD: _(
                "Ein Gefallener-Zauberer-Deck verwendet nur den gewählten Gefallenen Zauberer (%(wizard)s)"
            )
            % {"wizard": ctx.fallen_wizard or "?"},
            BALROG: _("Balrog-Decks verwenden „Der Balrog“"),
        }[ctx.alignment]
        yield _("%(expected)s; nicht erlaubt: %(cards)s.") % {"expected": expected, "cards": _names(wrong)}, wrong


def _own_avatars_in_play_deck(ctx) -> list[Entry]:
    return [e for e in ctx.in_parts(POOL, CHARACTERS) if e.card.avatar_kind and _own_avatar(ctx, e.card)]


def _three_but_not_three_different(ctx, noun: str):
    avatars = _own_avatars_in_play_deck(ctx)
    total = sum(e.quantity for e in avatars)
    different = {e.card.identity[0] for e in avatars}
    cards = [e.card for e in avatars]
    if total > 3:
        yield (
            _("Es sind %(count)d %(noun)s im Spielstapel (%(cards)s); erlaubt sind höchstens 3.")
            % {"count": total, "noun": noun, "cards": _names(cards)},
            cards,
        )
    elif len(different) >= 3:
        yield (
            _("Es sind 3 verschiedene %(noun)s im Spielstapel (%(cards)s); erlaubt sind höchstens 2 verschiedene.")
            % {
                "noun": noun,
                "cards": _names(cards),
            },
            cards,
        )


@rule("meccg.avatars.wizards", gettext_lazy("Helden: bis zu 3 Zauberer, aber nicht 3 verschiedene"), S_PLAY_DECK)
@_only(HERO)
def avatars_wizards(ctx):
    yield from _three_but_not_three_different(ctx, _("Zauberer"))


@rule(
    "meccg.avatars.ringwraiths",
    gettext_lazy("Schergen: bis zu 3 Ringgeister, aber nicht 3 verschiedene"),
    S_PLAY_DECK,
)
@_only(MINION)
def avatars_ringwraiths(ctx):
    yield from _three_but_not_three_different(ctx, _("Ringgeister"))


def _one_to_three(ctx, name: str):
    # Reading: at least one copy in the play deck; at most 3 in the whole deck. Unlike
    # Helden and Schergen (Reservestapel), no extra sideboard copies are granted, and the
    # sideboard obeys "die Beschränkungen aus den obigen Abschnitten".
    avatars = _own_avatars_in_play_deck(ctx)
    in_play = sum(e.quantity for e in avatars)
    spare = [e for e in ctx.in_parts(SIDEBOARD) if e.card.avatar_kind and _own_avatar(ctx, e.card)]
    total = in_play + sum(e.quantity for e in spare)
    if in_play < 1 or total > 3:
        cards = [e.card for e in avatars + spare]
        if spare:
            message = _(
                "„%(name)s“ ist %(count)d-mal im Spielstapel und %(spare)d-mal im Reservestapel; erforderlich "
                "sind mindestens 1 Exemplar im Spielstapel und höchstens 3 Exemplare im ganzen Deck."
            ) % {"name": name, "count": in_play, "spare": total - in_play}
        else:
            message = _(
                "„%(name)s“ ist %(count)d-mal im Spielstapel; erforderlich sind mindestens 1 und höchstens 3 Exemplare."
            ) % {"name": name, "count": in_play}
        yield message, cards


@rule(
    "meccg.avatars.fallen_wizard",
    gettext_lazy("Gefallener Zauberer: 1 bis 3 Exemplare des gewählten Zauberers"),
    S_PLAY_DECK,
)
@_only(FALLEN_WIZARD)
def avatars_fallen_wizard(ctx):
    if ctx.fallen_wizard in FALLEN_WIZARDS:
        yield from _one_to_three(ctx, ctx.fallen_wizard)


@rule("meccg.avatars.balrog", gettext_lazy("Balrog: „Der Balrog“ 1- bis 3-mal"), S_PLAY_DECK)
@_only(BALROG)
def avatars_balrog(ctx):
    yield from _one_to_three(ctx, _("Der Balrog"))
