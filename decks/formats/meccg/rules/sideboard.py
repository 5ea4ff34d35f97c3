"""The rules of the sideboard ("Reservestapel")."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..model import (
    BALROG,
    FALLEN_WIZARD,
    HERO,
    MINION,
    SIDEBOARD,
    WARNING,
    Entry,
)
from .characters import _own_avatar, _own_avatars_in_play_deck
from .registry import S_ERRATA, S_SIDEBOARD, _names, _only, rule

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
