"""Writes for decks. Every write runs in one transaction: nothing is half-written."""

import nh3
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards.models import Card, Game

from . import limits
from .errors import DeckError
from .formats.meccg import textformat
from .models import Deck, DeckAlignment, DeckEntry, FallenWizard, Part, Visibility
from .selectors import GAME_SLUG, card_index, with_choices

DESCRIPTION_TAGS = {"p", "br", "em", "strong", "b", "i", "ul", "ol", "li", "a", "blockquote"}
MAX_QUANTITY = 99


def clean_description(text: str) -> str:
    return nh3.clean(text or "", tags=DESCRIPTION_TAGS, link_rel="nofollow noopener").strip()


def _validated_meta(name, alignment, fallen_wizard, visibility) -> dict:
    name = (name or "").strip()
    if not name:
        raise DeckError("name_required", _("Bitte gib dem Deck einen Namen."), {"field": "name"})
    if len(name) > 120:
        raise DeckError("name_too_long", _("Der Name ist zu lang (höchstens 120 Zeichen)."), {"field": "name"})
    if alignment not in DeckAlignment.values:
        raise DeckError(
            "invalid_alignment",
            _("Unbekannte Ausrichtung „%(value)s“. Möglich: Hero, Minion, Fallen-wizard, Balrog.")
            % {"value": alignment},
            {"field": "alignment"},
        )
    fallen_wizard = fallen_wizard or ""
    if alignment == DeckAlignment.FALLEN_WIZARD:
        if fallen_wizard not in FallenWizard.values:
            raise DeckError(
                "fallen_wizard_required",
                _(
                    "Ein Gefallener-Zauberer-Deck braucht seinen Zauberer (Alatar, "
                    "Gandalf, Pallando, Radagast, Saruman)."
                ),
                {"field": "fallen_wizard"},
            )
    else:
        fallen_wizard = ""
    if visibility not in Visibility.values:
        raise DeckError(
            "invalid_visibility",
            _("Unbekannte Sichtbarkeit „%(value)s“ (private, unlisted, public).") % {"value": visibility},
            {"field": "visibility"},
        )
    return {"name": name, "alignment": alignment, "fallen_wizard": fallen_wizard, "visibility": visibility}


def resolve_entries(raw_entries) -> list[tuple[Card, int, str]]:
    """[(code, quantity, part)] -> [(Card, quantity, part)], merged; raises DeckError naming the bad item."""
    raw_entries = list(raw_entries)
    limits.check_entries(raw_entries)
    rows = []
    for position, item in enumerate(raw_entries, start=1):
        code, quantity, part = item
        if part not in Part.values:
            raise DeckError(
                "invalid_part",
                _(
                    "Eintrag %(n)d: unbekannter Teil „%(part)s“ (pool, characters, "
                    "resources, hazards, sites, sideboard)."
                )
                % {"n": position, "part": part},
                {"entry": position, "part": part},
            )
        try:
            quantity = int(quantity)
        except (TypeError, ValueError):
            quantity = 0
        if not 1 <= quantity <= MAX_QUANTITY:
            raise DeckError(
                "invalid_quantity",
                _("Eintrag %(n)d (%(code)s): Die Anzahl muss zwischen 1 und 99 liegen.")
                % {"n": position, "code": code},
                {"entry": position, "code": code},
            )
        rows.append((str(code).strip().upper(), quantity, part, position))
    cards = {c.code.upper(): c for c in Card.objects.filter(game__slug=GAME_SLUG, code__in=[r[0] for r in rows])}
    merged: dict[tuple[str, str], list] = {}
    for code, quantity, part, position in rows:
        card = cards.get(code)
        if card is None:
            raise DeckError(
                "unknown_card",
                _("Eintrag %(n)d: Die Karte mit dem Code „%(code)s“ gibt es nicht.") % {"n": position, "code": code},
                {"entry": position, "code": code},
            )
        key = (card.code, part)
        if key in merged:
            merged[key][1] += quantity
        else:
            merged[key] = [card, quantity, part]
    return [tuple(v) for v in merged.values()]


def _write_entries(deck: Deck, resolved) -> None:
    DeckEntry.objects.bulk_create(
        [
            DeckEntry(deck=deck, card=card, quantity=min(quantity, MAX_QUANTITY), part=part)
            for card, quantity, part in resolved
        ]
    )


@transaction.atomic
def create_deck(
    owner, *, name, alignment, fallen_wizard="", description="", visibility=Visibility.PRIVATE, entries=()
) -> Deck:
    meta = _validated_meta(name, alignment, fallen_wizard, visibility)
    resolved = resolve_entries(entries)
    deck = Deck.objects.create(
        owner=owner, game=Game.objects.get(slug=GAME_SLUG), description=clean_description(description), **meta
    )
    _write_entries(deck, resolved)
    return deck


def _require_owner(deck: Deck, user) -> None:
    if deck.owner_id != getattr(user, "pk", None):
        raise PermissionError(_("Nur der Besitzer darf dieses Deck ändern."))


@transaction.atomic
def update_deck(deck: Deck, user, *, entries=None, **fields) -> Deck:
    """Change name/alignment/… and, if given, replace all entries."""
    _require_owner(deck, user)
    meta = _validated_meta(
        fields.get("name", deck.name),
        fields.get("alignment", deck.alignment),
        fields.get("fallen_wizard", deck.fallen_wizard),
        fields.get("visibility", deck.visibility),
    )
    for key, value in meta.items():
        setattr(deck, key, value)
    if "description" in fields:
        deck.description = clean_description(fields["description"])
    deck.save()
    if entries is not None:
        resolved = resolve_entries(entries)
        deck.entries.all().delete()
        _write_entries(deck, resolved)
    return deck


@transaction.atomic
def set_quantity(deck: Deck, user, *, code: str, part: str, quantity: int) -> None:
    """Set one card's quantity in one part; 0 removes it."""
    _require_owner(deck, user)
    _lock(deck)
    if int(quantity) == 0:
        card = Card.objects.filter(game__slug=GAME_SLUG, code__iexact=code).first()
        if card is None:
            raise DeckError("unknown_card", _("Die Karte „%(code)s“ gibt es nicht.") % {"code": code})
        deck.entries.filter(card=card, part=part).delete()
    else:
        [(card, quantity, part)] = resolve_entries([(code, quantity, part)])
        DeckEntry.objects.update_or_create(deck=deck, card=card, part=part, defaults={"quantity": quantity})
    deck.save(update_fields=["updated"])


def _lock(deck: Deck) -> None:
    """Serialize writes to one deck: two adds of a card not yet in it would both try to create the row."""
    Deck.objects.select_for_update().filter(pk=deck.pk).values_list("pk", flat=True).first()


@transaction.atomic
def add_card(deck: Deck, user, *, code: str, part: str, quantity: int = 1) -> None:
    _require_owner(deck, user)
    [(card, quantity, part)] = resolve_entries([(code, quantity, part)])
    _lock(deck)
    entry = DeckEntry.objects.filter(deck=deck, card=card, part=part).first()
    if entry:
        entry.quantity = min(entry.quantity + quantity, MAX_QUANTITY)
        entry.save(update_fields=["quantity"])
    else:
        DeckEntry.objects.create(deck=deck, card=card, part=part, quantity=quantity)
    deck.save(update_fields=["updated"])


@transaction.atomic
def delete_deck(deck: Deck, user) -> None:
    _require_owner(deck, user)
    deck.delete()


@transaction.atomic
def copy_deck(deck: Deck, user) -> Deck:
    """A private copy of a deck the user may see, in the user's decks."""
    copy = Deck.objects.create(
        owner=user,
        game=deck.game,
        name=(_("Kopie von %(name)s") % {"name": deck.name})[:120],
        description=deck.description,
        alignment=deck.alignment,
        fallen_wizard=deck.fallen_wizard,
        visibility=Visibility.PRIVATE,
    )
    DeckEntry.objects.bulk_create(
        [DeckEntry(deck=copy, card_id=e.card_id, quantity=e.quantity, part=e.part) for e in deck.entries.all()]
    )
    return copy


def parse_text(text: str, alignment: str) -> textformat.ParseResult:
    limits.check_text(text)
    return textformat.parse(text, card_index(), alignment)


def parse_readable(text: str, alignment: str, *, nothing_saved: bool = False) -> textformat.ParseResult:
    """Parse a pasted list; any unreadable line raises DeckError carrying every line's error."""
    parsed = parse_text(text, alignment)
    if parsed.errors:
        n = len(parsed.errors)
        if nothing_saved:
            message = ngettext(
                "Die Liste enthält %(n)d fehlerhafte Zeile; es wurde nichts gespeichert.",
                "Die Liste enthält %(n)d fehlerhafte Zeilen; es wurde nichts gespeichert.",
                n,
            )
        else:
            message = ngettext(
                "Die Liste enthält %(n)d fehlerhafte Zeile.", "Die Liste enthält %(n)d fehlerhafte Zeilen.", n
            )
        lines = with_choices([e.as_dict() for e in parsed.errors])  # an ambiguous line names its cards
        raise DeckError("import_errors", message % {"n": n}, {"lines": lines})
    return parsed


def import_deck(owner, *, text, name, alignment, fallen_wizard="", description="", visibility=Visibility.PRIVATE):
    """Create a deck from pasted text; refuses (DeckError) if any line has an error."""
    parsed = parse_readable(text, alignment, nothing_saved=True)
    return create_deck(
        owner,
        name=name,
        alignment=alignment,
        fallen_wizard=fallen_wizard,
        description=description,
        visibility=visibility,
        entries=[(e.card.code, e.quantity, e.part) for e in parsed.merged()],
    )
