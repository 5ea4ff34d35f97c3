"""Reads for the German card texts: versions, a word diff between two versions, cards still without text."""

import re

from django.db.models import Count, Exists, OuterRef
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from rapidfuzz.distance import Indel

from .models import Card, CardSet, GermanCardText

_TOKENS = re.compile(r"\s+|[^\s]+")


def versions(german: GermanCardText | None) -> list:
    if german is None:
        return []
    return list(german.history.select_related("history_user").order_by("-history_date", "-history_id"))


def word_diff(old: str, new: str) -> SafeString:
    """``old`` -> ``new`` word by word: removed words in <del>, added ones in <ins>, everything escaped.

    The words kept are a longest common subsequence of the words and spaces (rapidfuzz's Indel alignment);
    changes separated only by a space are one change, shown as one removal followed by one addition.
    """
    a, b = _TOKENS.findall(old or ""), _TOKENS.findall(new or "")
    out = []
    for changed, i1, i2, j1, j2 in _blocks(a, b):
        if not changed:
            out.append(escape("".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(f"<del>{escape(''.join(a[i1:i2]))}</del>")
        if j2 > j1:
            out.append(f"<ins>{escape(''.join(b[j1:j2]))}</ins>")
    return mark_safe("".join(out).replace("\n", "<br>"))  # noqa: S308 - every piece escaped above


def _blocks(a: list[str], b: list[str]) -> list[tuple[bool, int, int, int, int]]:
    """(changed, a from, a to, b from, b to): kept and changed stretches in turn."""
    blocks: list[tuple[bool, int, int, int, int]] = []
    for op in Indel.opcodes(a, b):
        block = (op.tag != "equal", op.src_start, op.src_end, op.dest_start, op.dest_end)
        if block[0] and blocks and blocks[-1][0]:  # an insertion next to a deletion: one change
            block = (True, blocks[-1][1], block[2], blocks[-1][3], block[4])
            blocks.pop()
        elif (
            block[0] and len(blocks) >= 2 and blocks[-2][0] and not "".join(a[blocks[-1][1] : blocks[-1][2]]).strip()
        ):  # change, a kept space, change: one change over the space
            blocks.pop()
            block = (True, blocks[-1][1], block[2], blocks[-1][3], block[4])
            blocks.pop()
        blocks.append(block)
    return blocks


def _has_text():
    return Exists(GermanCardText.objects.filter(card=OuterRef("pk")).exclude(text=""))


def sets_without_german_text() -> list[tuple[CardSet, int, int]]:
    """(set, cards, cards still without German text) for each MECCG set, for the editors' planning."""
    sets = CardSet.objects.filter(game__slug="meccg").annotate(total=Count("cards")).order_by("order", "code")
    done = dict(
        GermanCardText.objects.exclude(text="")
        .filter(card__game__slug="meccg")
        .values_list("card__card_set")
        .annotate(n=Count("id"))
        .values_list("card__card_set", "n")
    )
    return [(card_set, card_set.total, card_set.total - done.get(card_set.pk, 0)) for card_set in sets]


def cards_without_german_text(set_code: str):
    return (
        Card.objects.filter(game__slug="meccg", card_set__code=set_code)
        .exclude(_has_text())
        .select_related("card_set")
        .order_by("code")
    )
