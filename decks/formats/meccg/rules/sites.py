"""The rules of the location deck ("Ortsstapel")."""

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import names
from ..cardinfo import CardInfo
from ..model import (
    BALROG,
    FALLEN_WIZARD,
    HERO,
    MINION,
    SITES,
)
from .registry import S_SITES, _names, _only, rule

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
