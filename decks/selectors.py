"""Reads for decks: lists, visibility, plain deck descriptions for the check."""

import html
import re
import time
from dataclasses import dataclass

from django.db.models import Count, F, IntegerField, Max, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce, Length, Ord
from django.http import Http404

from cards.models import Card

from .card_search import ranked
from .formats.meccg import ambiguity
from .formats.meccg.card_index import CardIndex, normalize
from .formats.meccg.cardinfo import CardInfo, from_card
from .formats.meccg.model import DeckDescription, Entry
from .models import Deck, DeckEntry, Visibility

GAME_SLUG = "meccg"


def meccg_cards():
    return Card.objects.filter(game__slug=GAME_SLUG).select_related("card_set")


_index_cache: dict = {}
# Backstop for edits the stamp cannot see (a same-length rename): a long-running process rebuilds at least this often.
INDEX_MAX_AGE = 300  # seconds
# The fingerprint query costs more than parsing a 100-line list; within this many seconds of the last check
# the index is reused as is (an edit shows up at most this late).
INDEX_RECHECK = 2.0


def _len(field):
    return Coalesce(Length(field), 0)


def _num(field):
    return Coalesce(F(field), 0)


def _index_stamp() -> tuple:
    """A cheap fingerprint of the MECCG card rows (one aggregate query).

    Cards has no updated timestamp, so besides count and highest id it sums what an in-place
    re-import changes: the lengths of names and types, the numbers, the names' first letters weighted by id.
    """
    return tuple(
        Card.objects.filter(game__slug=GAME_SLUG)
        .aggregate(
            n=Count("id"),
            m=Max("id"),
            lengths=Sum(
                _len("name_de") + _len("name_en") + _len("subtype") + _len("race") + _len("alignment")
                + _len("card_type") + _len("specific") + _len("site_type")
            ),
            letters=Sum((Coalesce(Ord("name_de"), 0) + Coalesce(Ord("name_en"), 0)) * F("id")),
            numbers=Sum(_num("mind") + _num("direct_influence") + _num("marshalling_points")),
            sets=Sum(F("card_set_id") * F("id")),
        )
        .values()
    )  # fmt: skip


def card_index() -> CardIndex:
    """All MECCG cards as a name index; rebuilt when the card rows changed (1 query) or it is old."""
    cached = _index_cache.get("index")
    if cached and time.monotonic() - cached[3] < INDEX_RECHECK:
        return cached[1]  # checked a moment ago: spare a burst of requests the fingerprint query
    stamp = _index_stamp()
    if cached and cached[0] == stamp and time.monotonic() - cached[2] < INDEX_MAX_AGE:
        _index_cache["index"] = (*cached[:3], time.monotonic())
        return cached[1]
    index = CardIndex(from_card(card) for card in meccg_cards())
    _index_cache["index"] = (stamp, index, time.monotonic(), time.monotonic())
    return index


TEXT_LINE = 110  # characters of card text a choice between cards of one name shows


def text_line(card: Card) -> str:
    """The start of the card's text (German where the editors wrote it), one line, without markup."""
    plain = html.unescape(re.sub(r"<[^>]+>", " ", card.text_de or card.text_en or ""))
    plain = " ".join(plain.split())
    if len(plain) <= TEXT_LINE:
        return plain
    return plain[:TEXT_LINE].rsplit(" ", 1)[0] + " …"


def card_choices(codes) -> list[dict]:
    """The cards an ambiguous name may mean, in the given order: German and English name, set, type,
    alignment and a line of text, so a reader can tell them apart (paste preview, API error)."""
    codes = list(codes)
    cards = {card.code: card for card in meccg_cards().filter(code__in=codes)}
    return [
        {
            "code": card.code,
            "name_de": card.name_de,
            "name_en": card.name_en,
            "set": card.card_set.name,
            "type": str(card.get_card_type_display()),
            "alignment": str(card.get_alignment_display()) if card.alignment else "",
            "text": text_line(card),
        }
        for code in codes
        if (card := cards.get(code)) is not None
    ]


def with_choices(errors: list[dict]) -> list[dict]:
    """Line errors as dicts, an ambiguous line's ``choices`` (codes) described by ``card_choices``."""
    return [{**error, "choices": card_choices(error["choices"])} if error.get("choices") else error for error in errors]


def shared_german_names() -> set[str]:
    """German names that several different cards bear (Versteck: Concealment, Hiding), from the name index."""
    index = card_index()
    if not hasattr(index, "shared_names"):
        index.shared_names = ambiguity.shared_names(index.by_code.values(), normalize)
    return index.shared_names


def card_infos(codes) -> dict[str, CardInfo]:
    """CardInfo by code for the given codes (one query)."""
    return {card.code: from_card(card) for card in meccg_cards().filter(code__in=set(codes))}


def search_cards(query: str, alignment: str = "Hero", part: str = "", limit: int = 20) -> list[Card]:
    """The editor's card search (decks.card_search): exact names first, the deck's alignment above others."""
    query = (query or "").strip()
    if len(query) < 2:
        return []
    # "Saruman (TW-181)": the autocomplete's choice among cards that share a name.
    printing = re.search(r"\(([A-Za-z]{2}-\d+[a-z]?)\)\s*$", query)
    if printing:
        return list(meccg_cards().filter(code__iexact=printing.group(1))[:1])
    codes = [card.code for card in ranked(query, card_index(), alignment, part, limit)]
    cards = meccg_cards().in_bulk(codes, field_name="code")
    return [cards[code] for code in codes if code in cards]


def entries_of(deck: Deck) -> list[DeckEntry]:
    return list(deck.entries.select_related("card__card_set").order_by("part", "card__name_de", "card__code"))


@dataclass
class PlainEntry:
    card: CardInfo
    quantity: int
    part: str


def plain_entries(entries: list[DeckEntry]) -> list[PlainEntry]:
    return [PlainEntry(from_card(e.card), e.quantity, e.part) for e in entries]


def deck_description(deck: Deck, entries=None, opponent_alignment: str = "") -> DeckDescription:
    entries = entries_of(deck) if entries is None else entries
    return DeckDescription(
        entries=[Entry(from_card(e.card), e.quantity, e.part) for e in entries],
        alignment=deck.alignment,
        fallen_wizard=deck.fallen_wizard,
        opponent_alignment=opponent_alignment,
    )


def visible_decks(user):
    """Decks a user may open: own ones, public and unlisted ones."""
    visible = Q(visibility__in=[Visibility.PUBLIC, Visibility.UNLISTED])
    if user is not None and user.is_authenticated:
        visible |= Q(owner=user)
    return Deck.objects.filter(visible).select_related("owner")


def get_visible_deck(user, pk) -> Deck:
    """The deck if the user may see it; private decks of others raise 404 (not 403)."""
    try:
        return visible_decks(user).get(pk=pk)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise Http404 from None


def get_own_deck(user, pk) -> Deck:
    if not user.is_authenticated:
        raise Http404
    try:
        return Deck.objects.select_related("owner").get(pk=pk, owner=user)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise Http404 from None


def with_counts(queryset):
    totals = DeckEntry.objects.filter(deck=OuterRef("pk")).values("deck").annotate(t=Sum("quantity")).values("t")
    return queryset.annotate(card_count=Subquery(totals, output_field=IntegerField()))


def decks_of(user):
    return with_counts(Deck.objects.filter(owner=user).select_related("owner"))


def public_decks(alignment: str = "", author: str = "", card: str = ""):
    """Public decks, filtered by alignment, author (username) and a contained card (name or code)."""
    queryset = Deck.objects.filter(visibility=Visibility.PUBLIC).select_related("owner")
    if alignment:
        queryset = queryset.filter(alignment=alignment)
    if author:
        queryset = queryset.filter(owner__username__iexact=author.strip())
    if card:
        card = card.strip()
        matches = Card.objects.filter(
            Q(code__iexact=card) | Q(name_de__iexact=card) | Q(name_en__iexact=card), game__slug=GAME_SLUG
        )
        if not matches.exists():
            wanted = normalize(card)
            codes = [c.code for c in card_index().by_name.get(wanted, [])]
            matches = Card.objects.filter(code__in=codes)
        queryset = queryset.filter(pk__in=DeckEntry.objects.filter(card__in=matches).values("deck"))
    return with_counts(queryset)
