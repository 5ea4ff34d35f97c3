"""The MECCG deck-construction rules of rulebook 003 ("Deckvorbereitung" and friends).

Each rule has an id, a German title, the section of the book it comes from
(heading + parent heading, resolved to a link at render time) and a severity. Its
function gets a ``Context`` over the deck and yields ``(message, cards)`` pairs.
Readings of ambiguous passages are marked "Reading:" beside the rule.
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import names
from .cardinfo import CardInfo
from .model import (
    ALIGNMENTS,
    BALROG,
    CHARACTERS,
    ERROR,
    FALLEN_WIZARD,
    FALLEN_WIZARDS,
    HAZARDS,
    HERO,
    MINION,
    PARTS,
    POOL,
    RESOURCES,
    SIDEBOARD,
    SITES,
    WARNING,
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


# --- Ortsstapel ---------------------------------------------------------------------


def _site_allowed(ctx, card: CardInfo) -> bool:
    if ctx.alignment == HERO:
        return card.alignment == HERO
    if ctx.alignment == MINION:
        return card.alignment == MINION
    if ctx.alignment == FALLEN_WIZARD:
        return card.alignment in (HERO, MINION, FALLEN_WIZARD)
    if ctx.alignment == BALROG:
        return card.alignment in (BALROG, MINION)
    return True


@rule("meccg.sites.alignment", gettext_lazy("Orte der eigenen Ausrichtung"), S_SITES)
def sites_alignment(ctx):
    if not ctx.valid_alignment:
        return
    underdeeps = names.codes("balrog_underdeeps_vs_balrog")
    wrong = [
        e.card
        for e in ctx.in_parts(SITES)
        if not _site_allowed(ctx, e.card) and not (ctx.alignment != BALROG and e.card.code in underdeeps)
    ]
    if wrong:
        hints = {
            HERO: _("Helden-Decks verwenden Heldenorte"),
            MINION: _("Schergen-Decks verwenden Schergenorte"),
            FALLEN_WIZARD: _("Gefallener-Zauberer-Decks verwenden Helden-, Schergen- und Gefallener-Zauberer-Orte"),
            BALROG: _("Balrog-Decks verwenden Balrogorte und bestimmte Schergenorte"),
        }
        yield (
            _("%(expected)s; nicht erlaubt: %(cards)s.") % {"expected": hints[ctx.alignment], "cards": _names(wrong)},
            wrong,
        )


@rule(
    "meccg.sites.balrog_minion_sites",
    gettext_lazy("Balrog: keine Dunklen Zufluchtsorte, Horte der Dunkelheit, Moria oder Unterirdischen Schergenorte"),
    S_SITES,
)
@_only(BALROG)
def sites_balrog_minion_sites(ctx):
    forbidden = names.codes("balrog_forbidden_sites")
    # Geann a-Lisch counts as a ruin for a Balrog player, so it is no Darkhaven for him.
    ruins = names.codes("balrog_ruin_sites")
    wrong = [
        e.card
        for e in ctx.in_parts(SITES)
        if e.card.alignment == MINION
        and e.card.code not in ruins
        and (e.card.site_type in ("{H}", "{D}") or e.card.under_deeps or e.card.code in forbidden)
    ]
    if wrong:
        yield (
            _(
                "Balrog-Decks dürfen Schergenorte nur verwenden, wenn sie keine Dunklen Zufluchtsorte, "
                "Horte der Dunkelheit, Moria, Urlurtsu Nurn oder Unterirdische Orte sind: %(cards)s."
            )
            % {"cards": _names(wrong)},
            wrong,
        )


@rule("meccg.sites.underdeeps_vs_balrog", gettext_lazy("Unterirdische Balrogorte nur gegen einen Balrog"), S_SITES)
def sites_underdeeps_vs_balrog(ctx):
    if ctx.alignment == BALROG or ctx.opponent == BALROG or not ctx.valid_alignment:
        return
    codes = names.codes("balrog_underdeeps_vs_balrog")
    cards = [e.card for e in ctx.in_parts(SITES) if e.card.code in codes]
    if cards:
        yield (
            _("Diese Orte dürfen nur gegen einen Balrog-Spieler im Ortsstapel sein: %(cards)s.")
            % {"cards": _names(cards)},
            cards,
        )


def _unlimited_site(ctx, card: CardInfo) -> bool:
    """Havens of the deck's own kind may be built in as often as wanted."""
    if card.text_rules.site_duplicates:
        return True  # "May be duplicated in location deck" (Deep Mines)
    if ctx.alignment == FALLEN_WIZARD:
        # "Gefallener Zaubererorte dürfen beliebig oft ausgewählt werden"; hero and minion
        # havens only once each.
        return card.alignment == FALLEN_WIZARD
    own = {HERO: HERO, MINION: MINION, BALROG: BALROG}.get(ctx.alignment)
    return card.alignment == own and card.is_haven_type


@rule("meccg.sites.once", gettext_lazy("Jeden Ort nur einmal, Zufluchtsorte beliebig oft"), S_SITES)
def sites_once(ctx):
    counts: Counter = Counter()
    cards: dict = {}
    for entry in ctx.in_parts(SITES):
        if entry.card.card_type == "Site" and not _unlimited_site(ctx, entry.card):
            counts[entry.card.code] += entry.quantity
            cards[entry.card.code] = entry.card
    for code, count in counts.items():
        if count > 1:
            yield (
                _("Der Ort „%(card)s“ ist %(count)d-mal im Ortsstapel; erlaubt ist er nur einmal.")
                % {"card": cards[code].label, "count": count},
                [cards[code]],
            )


# --- Reservestapel ------------------------------------------------------------------


def _sideboard_allowance(ctx) -> tuple[int, list[Entry]]:
    """Hero: one of each wizard not in the play deck; Minion: the same for Ringwraiths."""
    if ctx.alignment not in (HERO, MINION):
        return 0, []
    in_play = {e.card.identity[0] for e in _own_avatars_in_play_deck(ctx)}
    free, extra = 0, []
    for entry in ctx.in_parts(SIDEBOARD):
        if not (entry.card.avatar_kind and _own_avatar(ctx, entry.card)):
            continue
        if entry.card.identity[0] in in_play:
            extra.append(entry)
        else:
            free += min(entry.quantity, 1)
            if entry.quantity > 1:
                extra.append(entry)
    return free, extra


@rule("meccg.sideboard.max30", gettext_lazy("Höchstens 30 Karten im Reservestapel"), S_SIDEBOARD)
def sideboard_max30(ctx):
    # Against a Fallen-wizard opponent the sideboard may hold 10 more (Schlüsselbegriffe →
    # Reservestapel); the free wizards/Ringwraiths do not count.
    limit = 40 if ctx.opponent == FALLEN_WIZARD else 30
    free, _extra = _sideboard_allowance(ctx)
    count = ctx.count(SIDEBOARD) - free
    if count > limit:
        yield (
            _("Der Reservestapel hat %(count)d Karten; erlaubt sind höchstens %(limit)d.")
            % {"count": count, "limit": limit},
            [],
        )


@rule(
    "meccg.sideboard.avatars",
    gettext_lazy("Reservestapel: je ein Zauberer/Ringgeist, der nicht im Spielstapel ist"),
    S_SIDEBOARD,
)
@_only(HERO, MINION)
def sideboard_avatars(ctx):
    _free, extra = _sideboard_allowance(ctx)
    if extra:
        cards = [e.card for e in extra]
        yield (
            _(
                "Im Reservestapel darf von jedem Zauberer bzw. Ringgeist, der nicht im Spielstapel ist, "
                "nur ein Exemplar liegen: %(cards)s."
            )
            % {"cards": _names(cards)},
            cards,
        )


@rule(
    "meccg.sideboard.balrog_mind2",
    gettext_lazy("Balrog: Charaktere aus dem Reservestapel höchstens Geisteskraft 2"),
    S_ERRATA,
    severity=WARNING,
)
@_only(BALROG)
def sideboard_balrog_mind2(ctx):
    # A play restriction, not a construction one: reported as a warning.
    cards = [
        e.card
        for e in ctx.in_parts(SIDEBOARD)
        if e.card.card_type == "Character" and not e.card.avatar_kind and (e.card.mind or 0) > 2
    ]
    if cards:
        yield (
            _(
                "Charaktere mit Geisteskraft über 2 kann ein Balrog-Spieler nicht aus dem "
                "Reservestapel spielen: %(cards)s."
            )
            % {"cards": _names(cards)},
            cards,
        )


RULES_BY_ID = {r.id: r for r in RULES}
