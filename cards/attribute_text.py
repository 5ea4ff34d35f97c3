"""German renderings of attribute values the card data writes in English: what a site lets a company play
("Items (minor, major)") and a site's automatic attacks ("Dragon - 1 strike with 15 prowess").

Both are read as the small languages they are (kinds of items; race, strikes, prowess and the known
qualifiers) and written anew in German with the rulebook's words (Hieb, Kampfgeschick, Verhörangriff,
Versuchungswurf). A value the reader does not know returns None: the page then shows the English original
marked as such (``tests/cards/test_german_values.py`` reads every value of the data, so none is left).
"""

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

ITEM_KINDS = {
    "minor": gettext_lazy("geringere"),
    "major": gettext_lazy("größere"),
    "greater": gettext_lazy("bedeutende"),
    "gold ring": gettext_lazy("Goldringe"),
}
# What a "*" after an item kind limits it to ("*-weapon, armor, shield, or helmet only").
ITEM_LIMITS = {
    "weapon, armor, shield, or helmet": gettext_lazy("nur Waffe, Rüstung, Schild oder Helm"),
    "scroll of isildur": gettext_lazy("nur die Schriftrolle von Isildur"),
    "palantíri": gettext_lazy("nur Palantíri"),
    "hero item": gettext_lazy("nur Helden-Gegenstände"),
}
# Attackers the races table (presentation.RACES) does not name as automatic attacks write them.
ATTACKERS = {
    "Hobbits": gettext_lazy("Hobbits"),
    "Spider": gettext_lazy("Spinne"),
    "Pûkel-creatures": gettext_lazy("Pûkel-Wesen"),
    "Nazgul": gettext_lazy("Nazgûl"),
    "Troll": gettext_lazy("Troll"),
    "Balrog": gettext_lazy("Balrog"),
    "Maia": gettext_lazy("Maia"),
    "Dúnedain": gettext_lazy("Dúnedain"),
}
QUALIFIERS = {
    "detainment": gettext_lazy("Verhörangriff"),
    "detainment against covert company": gettext_lazy("Verhörangriff gegen eine verdeckte Gemeinschaft"),
    "detainment against overt company": gettext_lazy("Verhörangriff gegen eine offene Gemeinschaft"),
    "against overt company only": gettext_lazy("nur gegen eine offene Gemeinschaft"),
    "attacker chooses defending characters": gettext_lazy("der Angreifer wählt die verteidigenden Charaktere"),
    "cannot be canceled": gettext_lazy("kann nicht aufgehoben werden"),
}
KEYED_TO = {
    "shadow-hold": gettext_lazy("eine Schattenfeste"),
    "ruins and lairs": gettext_lazy("Ruinen und Höhlen"),
    "coastal sea": gettext_lazy("Küstengewässer"),
}
ORDINALS = {"1st": 1, "2nd": 2, "3rd": 3}

# -- playable at a site ---------------------------------------------------------------------------------

_ITEMS = re.compile(r"Items \(([^)]*)\)")
_LIMIT = re.compile(r"\*-(.+?) only$")


def playable(value: str) -> str | None:
    """ "Information, Items (minor, major*) *-weapon … only" -> "Informationen, Gegenstände (geringere, größere*)
    *nur Waffe, …"; None for a value this reader does not know."""
    value = " ".join(value.split())
    limit = ""
    found = _LIMIT.search(value)
    if found:
        text = ITEM_LIMITS.get(found.group(1).casefold())
        if text is None:
            return None
        limit, value = f" *{text}", value[: found.start()].strip()
    parts = []
    rest = value
    if rest.startswith("Information"):
        parts.append(_("Informationen"))
        rest = rest[len("Information") :].lstrip(", ")
    if rest:
        items = _ITEMS.fullmatch(rest)
        if items is None:
            return None
        kinds = []
        for kind in (k.strip() for k in items.group(1).split(",")):
            marked = kind.endswith("*")
            german = ITEM_KINDS.get(kind.rstrip("*").strip())
            if german is None:
                return None
            kinds.append(f"{german}{'*' if marked else ''}")
        parts.append(_("Gegenstände (%(kinds)s)") % {"kinds": ", ".join(kinds)})
    return ", ".join(parts) + limit if parts else None


# -- automatic attacks ----------------------------------------------------------------------------------

_ORDINAL = r"\((?P<{name}>1st|2nd|3rd)(?: attack)?\)"
_ATTACK = re.compile(
    rf"(?:{_ORDINAL.format(name='before')}\s*)?"
    r"(?P<race>[A-ZÚ][\w\-úû]*(?: [A-Z][\w\-]*)?)\s*"
    rf"(?:{_ORDINAL.format(name='after')}\s*)?"
    r"(?:\((?P<cancel>cannot be canceled)\)\s*)?"
    r"(?:-\s*)?"
    r"(?P<each>each character faces )?(?P<strikes>\d+) strikes? (?:with (?P<prowess>\d+) prowess|at (?P<at>\d+))"
    r"(?:\s*\((?!1st|2nd|3rd)(?P<qualifier>[^)]*)\))?"  # a qualifier, not the next attack's "(2nd)"
)
_CREATURE = re.compile(
    rf"(?:{_ORDINAL.format(name='before')}\s*)?"
    r"Opponent may play as an automatic-attack one (?P<non_unique>non-unique )?hazard creature from his hand "
    r"normally keyed to (?:an? )?(?P<keyed>Shadow-holds?|Ruins (?:and|&) Lairs|Coastal Seas?)"
)
_CORRUPTION = re.compile(
    r"(?:each|any) character wounded must make a corruption check(?: modified by (?P<modifier>[-+]\d+))?",
    re.IGNORECASE,
)
_ELIMINATED = re.compile(
    r"any character wounded (?:by the (?P<race>\w+)'s attack )?is (?:automatically|immediately) eliminated",
    re.IGNORECASE,
)
# The one automatic attack that is a whole rule of its own (Lair of the Ringwraith's site, White Towers …).
_ENTERS = (
    "When a company enters this site, opponent may play one creature from his hand that is treated in all ways "
    "as the site's automatic attack (if defeated, creature is discarded). It must normally be playable keyed to a "
    "Ruins & Lairs [{R}], Shadow-hold [{S}], single Wilderness [{w}], or Shadow-land [{s}]."
)
_SEPARATOR = re.compile(r"[\s;,.]*")


def _attacker(race: str, races: dict) -> str:
    return str(races.get(race) or ATTACKERS.get(race) or "")


def _ordinal(match) -> str:
    number = ORDINALS.get(match.group("before") or (match.groupdict().get("after") or ""))
    return _("%(n)d. Angriff: ") % {"n": number} if number else ""


def _attack(match, races: dict) -> str | None:
    race = _attacker(match.group("race"), races)
    if not race:
        return None
    strikes, prowess = int(match.group("strikes")), match.group("prowess") or match.group("at")
    if match.group("each"):
        hits = _("jeder Charakter erhält 1 Hieb mit Kampfgeschick %(p)s") % {"p": prowess}
    else:
        hits = ngettext("%(n)d Hieb mit Kampfgeschick %(p)s", "%(n)d Hiebe mit Kampfgeschick %(p)s", strikes) % {
            "n": strikes,
            "p": prowess,
        }
    notes = []
    for note in (match.group("cancel"), match.group("qualifier")):
        if note:
            german = QUALIFIERS.get(" ".join(note.split()).casefold())
            if german is None:
                return None
            notes.append(str(german))
    extra = f" ({', '.join(notes)})" if notes else ""
    return f"{_ordinal(match)}{race} – {hits}{extra}"


def _creature(match, races: dict) -> str:
    keyed = " ".join(match.group("keyed").split()).casefold().replace("&", "and").removesuffix("s")
    keyed = "ruins and lairs" if keyed.startswith("ruins") else keyed
    kind = _("eine nicht einzigartige Gefahren-Kreatur") if match.group("non_unique") else _("eine Gefahren-Kreatur")
    return _ordinal(match) + _(
        "Der Gegner darf als automatischen Angriff %(kind)s aus seiner Hand spielen, die sonst an %(keyed)s "
        "gebunden werden kann"
    ) % {"kind": kind, "keyed": KEYED_TO[keyed]}


def _wounded(match, races: dict) -> str:
    if match.re is _CORRUPTION:
        modifier = match.group("modifier")
        if modifier:
            return _("jeder verwundete Charakter muss einen Versuchungswurf mit %(m)s machen") % {
                "m": modifier.replace("-", "−")
            }
        return _("jeder verwundete Charakter muss einen Versuchungswurf machen")
    if match.group("race"):
        return _("ein vom Angriff des %(race)s verwundeter Charakter ist sofort eliminiert") % {
            "race": _attacker(match.group("race"), races) or match.group("race")
        }
    return _("jeder verwundete Charakter ist sofort eliminiert")


def automatic_attack(value: str, races: dict) -> str | None:
    """The automatic attacks in German, "; "-separated in the data's order; None if a part is not understood.

    ``races``: the German names of the data's races (cards.presentation.RACES).
    """
    value = re.sub(r"(automatic|non)- ", r"\1-", " ".join(value.split()))
    if value == _ENTERS:
        return _(
            "Betritt eine Gemeinschaft diesen Ort, darf der Gegner eine Kreatur aus seiner Hand spielen, die in "
            "jeder Hinsicht als automatischer Angriff des Ortes gilt (besiegt wird sie abgeworfen). Sie muss sonst "
            "an Ruinen und Höhlen [{R}], eine Schattenfeste [{S}], eine einzelne Wildnis [{w}] oder ein "
            "Schattenland [{s}] gebunden werden können."
        )
    parts, position = [], 0
    while position < len(value):
        position = _SEPARATOR.match(value, position).end()
        if position >= len(value):
            break
        for pattern, render in (
            (_CREATURE, _creature),
            (_ATTACK, _attack),
            (_CORRUPTION, _wounded),
            (_ELIMINATED, _wounded),
        ):
            match = pattern.match(value, position)
            if match:
                text = render(match, races)
                if text is None:
                    return None
                parts.append(text)
                position = match.end()
                break
        else:
            return None
    return "; ".join(parts) or None
