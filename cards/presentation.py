"""German labels for showing a card's attributes (display only, no rules)."""

from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import attribute_text
from .models import Card, CardType
from .symbols import SYMBOL_RE, SYMBOLS, inline_svg, render_path

SITE_TYPES = {
    "{H}": gettext_lazy("Zufluchtsort"),
    "{F}": gettext_lazy("Freie Feste"),
    "{B}": gettext_lazy("Grenzfeste"),
    "{R}": gettext_lazy("Ruinen und Höhlen"),
    "{S}": gettext_lazy("Schattenfeste"),
    "{D}": gettext_lazy("Dunkle Feste"),
}
REGION_TYPES = {
    "{w}": gettext_lazy("Wildnis"),
    "{s}": gettext_lazy("Schattenland"),
    "{d}": gettext_lazy("Dunkles Gebiet"),
    "{b}": gettext_lazy("Grenzland"),
    "{f}": gettext_lazy("Freies Gebiet"),
    "{c}": gettext_lazy("Küstengewässer"),
}
# German names of the MECCG subtypes ("Creature/Permanent-event" is shown part by part).
SUBTYPES = {
    "Creature": gettext_lazy("Kreatur"),
    "Short-event": gettext_lazy("kurzfristiges Ereignis"),
    "Permanent-event": gettext_lazy("permanentes Ereignis"),
    "Long-event": gettext_lazy("langfristiges Ereignis"),
    "Faction": gettext_lazy("Fraktion"),
    "Ally": gettext_lazy("Verbündeter"),
    "Minor Item": gettext_lazy("geringerer Gegenstand"),
    "Major Item": gettext_lazy("größerer Gegenstand"),
    "Greater Item": gettext_lazy("bedeutender Gegenstand"),
    "Special Item": gettext_lazy("besonderer Gegenstand"),
    "Gold Ring Item": gettext_lazy("Goldring"),
    "Spawn": gettext_lazy("Brut"),
}
SKILLS = {
    "Warrior": gettext_lazy("Krieger"),
    "Ranger": gettext_lazy("Waldläufer"),
    "Scout": gettext_lazy("Späher"),
    "Sage": gettext_lazy("Weiser"),
    "Diplomat": gettext_lazy("Diplomat"),
    "Ally": gettext_lazy("Verbündeter"),
}
MP_TYPES = {
    "kill": gettext_lazy("Kampf"),
    "character": gettext_lazy("Charakter"),
    "item": gettext_lazy("Gegenstand"),
    "faction": gettext_lazy("Fraktion"),
    "miscellaneous": gettext_lazy("Sonstiges"),
    "ally": gettext_lazy("Verbündeter"),
}
# Names that are the same in German (left as printed): races and keywords not in the tables below.
SAME_IN_GERMAN = {"Dúnadan", "Dúnedain", "Hobbit", "Maia", "Nazgûl", "Wose", "Ent", "Balrog", "Palantír", "Troll",
                  "Uruk-hai", "Olog-hai"}  # fmt: skip
# Races as the data spells them (singular and plural); combined values ("Orcs,Men") are shown part by part.
RACES = {
    "Man": gettext_lazy("Mensch"),
    "Men": gettext_lazy("Menschen"),
    "Dwarf": gettext_lazy("Zwerg"),
    "Dwarves": gettext_lazy("Zwerge"),
    "Elf": gettext_lazy("Elb"),
    "Elves": gettext_lazy("Elben"),
    "Orc": gettext_lazy("Ork"),
    "Orcs": gettext_lazy("Orks"),
    "Trolls": gettext_lazy("Trolle"),
    "Dragon": gettext_lazy("Drache"),
    "Drake": gettext_lazy("Lindwurm"),
    "Undead": gettext_lazy("Untote"),
    "Animal": gettext_lazy("Tier"),
    "Animals": gettext_lazy("Tiere"),
    "Bears": gettext_lazy("Bären"),
    "Wolf": gettext_lazy("Wolf"),
    "Wolves": gettext_lazy("Wölfe"),
    "Spiders": gettext_lazy("Spinnen"),
    "Giants": gettext_lazy("Riesen"),
    "Eagle": gettext_lazy("Adler"),
    "Wizard": gettext_lazy("Zauberer"),
    "Fallen-wizard": gettext_lazy("Gefallener Zauberer"),
    "Ringwraith": gettext_lazy("Ringgeist"),
    "Awakened Plant": gettext_lazy("Erwachte Pflanze"),
    "Hazard Agent": gettext_lazy("Gefahren-Agent"),
    "Slayer": gettext_lazy("Schlächter"),
    "Pûkel-creature": gettext_lazy("Pûkel-Wesen"),
    "Spawn": gettext_lazy("Brut"),
    "Special": gettext_lazy("besondere"),
}
KEYWORDS = {
    "Environment": gettext_lazy("Umwelt"),
    "Corruption": gettext_lazy("Versuchung"),
    "Hoard Item": gettext_lazy("Hortgegenstand"),
    "Leader": gettext_lazy("Anführer"),
    "Dwarven Ring": gettext_lazy("Zwergenring"),
    "Magic Ring": gettext_lazy("Zauberring"),
    "Mind Ring": gettext_lazy("Geistring"),
    "Spirit Ring": gettext_lazy("Geisterring"),
    "Lesser Ring": gettext_lazy("geringerer Ring"),
    "Spawn": gettext_lazy("Brut"),
    "Ritual": gettext_lazy("Ritual"),
    "Dark enchantment": gettext_lazy("dunkle Verzauberung"),
    "Light Enchantment": gettext_lazy("lichte Verzauberung"),
    "Stolen Knowledge": gettext_lazy("gestohlenes Wissen"),
    "Lost Knowledge": gettext_lazy("verlorenes Wissen"),
    "Half-orc": gettext_lazy("Halbork"),
    "Half-troll": gettext_lazy("Halbtroll"),
    "Technology": gettext_lazy("Technik"),
    "Demon fána": gettext_lazy("Dämonen-fána"),
    "Command": gettext_lazy("Befehl"),
    "Riddling attempt": gettext_lazy("Rätselversuch"),
    "Offering attempt": gettext_lazy("Opferversuch"),
}
# Values of the raw "magic" attribute.
MAGIC = {
    "Spirit-magic": gettext_lazy("Geistmagie"),
    "Shadow-magic": gettext_lazy("Schattenmagie"),
    "Sorcery": gettext_lazy("Hexerei"),
    "Spell": gettext_lazy("Zauberspruch"),
}
# Raw attributes without a model field of their own, shown under these labels.
EXTRA_ATTRIBUTES = {
    "strikes": gettext_lazy("Hiebe"),
    "playable": gettext_lazy("Spielbar bei"),
    "draw": gettext_lazy("Kartenziehen"),
    "autoAttack": gettext_lazy("Automatischer Angriff"),
    "adjacent": gettext_lazy("Angrenzende Regionen"),
    "nearestHaven": gettext_lazy("Nächster Zufluchtsort"),
    "siteLocations": gettext_lazy("Orte"),
    "drawOpponent": gettext_lazy("Kartenziehen (Gegner)"),
    "special": gettext_lazy("Besonderheit"),
    "stagePoints": gettext_lazy("Bühnenpunkte"),
    "moveTo": gettext_lazy("Bewegung nach"),
    "underDeeps": gettext_lazy("Unter-Tiefen"),
    "magic": gettext_lazy("Magie"),
    "spawn": gettext_lazy("Brut"),
    "haven1": gettext_lazy("Zufluchtsort 1"),
    "haven2": gettext_lazy("Zufluchtsort 2"),
    "generalInfluence": gettext_lazy("Allgemeiner Einfluss"),
    "playableAsStartingMinorItem": gettext_lazy("Als geringer Startgegenstand spielbar"),
    "playableAsResource": gettext_lazy("Als Unterstützung spielbar"),
    "playableAsHazard": gettext_lazy("Als Gefahr spielbar"),
    "resourceAvatar": gettext_lazy("Unterstützungs-Avatar"),
    # board-game data files (cards/data/*.toml)
    "count": gettext_lazy("Anzahl im Spiel"),
    "note": gettext_lazy("Anmerkung der Redaktion"),
    "source": gettext_lazy("Quelle"),
}
_SHOWN = {
    "subtype", "unique", "race", "skills", "keywords", "mind", "directInfluence", "prowess", "body", "corruption",
    "marshallingPoints", "marshallingPointsType", "homeSite", "siteType", "region", "regionType", "haven",
    "sitePath", "agent", "avatar", "specific",
}  # fmt: skip


def _symbol_and_label(code: str, table: dict):
    """The drawn symbol followed by its German name, e.g. for the site type {R}."""
    if not code:
        return ""
    if code not in SYMBOLS:
        return str(table.get(code, code))
    return format_html("{} {}", inline_svg(code), table.get(code, code))


def subtype_label(raw: str) -> str:
    """'Creature/Permanent-event' -> 'Kreatur / permanentes Ereignis'; unknown parts stay as printed."""
    return " / ".join(str(SUBTYPES.get(part.strip(), part.strip())) for part in raw.split("/") if part.strip())


def type_label(raw: str) -> str:
    return str(CardType(raw).label) if raw in CardType.values else raw


def _yes(value: bool) -> str:
    return _("ja") if value else ""


def _german(raw: str, table: dict, sep: str = ",") -> str:
    """Each part of ``raw`` in German where ``table`` knows it, else as printed (names such as Palantír)."""
    return ", ".join(str(table.get(part.strip(), part.strip())) for part in raw.split(sep) if part.strip())


def _plain(value) -> str:
    if isinstance(value, bool):  # "underDeeps": true would otherwise read "True"
        return _("ja") if value else _("nein")
    if isinstance(value, dict):
        return str(value.get("en") or value.get("de") or next(iter(value.values()), ""))
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value)
    return "" if value is None else str(value)


def _strikes(value: str) -> str:
    """A creature's strikes: "3", "1/each" (one strike against each character)."""
    number, _sep, each = value.partition("/")
    if not each:
        return number
    if each.strip() == "each":
        return _("%(n)s je Charakter") % {"n": number}
    if each.strip() == "each wounded":
        return _("%(n)s je verwundetem Charakter") % {"n": number}
    return ""


def _playable(value: str) -> str:
    """A site's items and information in German; a creature's keying ({w}{w}) is drawn as symbols."""
    return value if SYMBOL_RE.search(value) else attribute_text.playable(value) or ""


def _english(text: str):
    """A value no German rendering knows: shown as the data prints it, marked as English."""
    return format_html('<span lang="en">{}</span> <span class="badge">{}</span>', text, _("englisch"))


# Attribute values the data writes in English, rendered in German (cards.attribute_text).
_IN_GERMAN = {
    "playable": _playable,
    "autoAttack": lambda value: attribute_text.automatic_attack(value, RACES) or "",
    "strikes": _strikes,
    # a site's own rule in a sentence of the card's English text: shown as the card text is, marked English
    "special": lambda value: "",
}


def card_attributes(card: Card, places: dict | None = None) -> list[tuple[str, str]]:
    """(German label, value) for every attribute the card has, in reading order.

    ``places`` maps English site and region names to German ones (selectors.german_place_names):
    the data prints home sites, regions and havens in English only.
    """
    places = places or {}
    skills = " / ".join(str(SKILLS.get(s, s)) for s in card.skills.split("/") if s)
    mp = card.marshalling_points_raw
    if mp and card.marshalling_points_type:
        mp = f"{mp} ({MP_TYPES.get(card.marshalling_points_type, card.marshalling_points_type)})"
    prowess_body = ""
    if card.prowess_raw or card.body_raw:
        prowess_body = f"{card.prowess_raw or '–'}/{card.body_raw or '–'}"
    rows = [
        (_("Spiel"), card.game.name),
        (_("Set"), str(card.card_set)),
        (_("Code"), card.code),
        (_("Typ"), card.get_card_type_display()),
        (_("Untertyp"), subtype_label(card.subtype)),
        (_("Ausrichtung"), card.get_alignment_display() if card.alignment else ""),
        (_("Einzigartig"), _yes(card.is_unique)),
        (_("Rasse"), _german(card.race, RACES)),
        (_("Fertigkeiten"), skills),
        (_("Geist"), card.mind_raw),
        (_("Direkter Einfluss"), card.direct_influence_raw),
        (_("Kampfkraft/Körperkraft"), prowess_body),
        (_("Versuchung"), card.corruption_raw),
        (_("Siegpunkte"), mp),
        (_("Heimatort"), _german(card.home_site, places)),
        (_("Ortstyp"), _symbol_and_label(card.site_type, SITE_TYPES)),
        (_("Region"), _german(card.region, places)),
        (_("Regionstyp"), _symbol_and_label(card.region_type, REGION_TYPES)),
        (_("Nächster Zufluchtsort"), _german(card.haven, places)),
        (_("Ortspfad"), render_path(card.site_path) if card.site_path else ""),
        (_("Agent"), _yes(card.is_agent)),
        (_("Avatar"), _yes(card.is_avatar)),
        (_("Nur für"), card.specific),
        (_("Schlüsselwörter"), ", ".join(str(KEYWORDS.get(k, k)) for k in card.keywords or [])),
    ]
    attrs = card.attributes if isinstance(card.attributes, dict) else {}
    for key, value in attrs.items():
        if key in _SHOWN or key == "artOrientation":
            continue
        text = str(MAGIC.get(value, value)) if key == "magic" and isinstance(value, str) else _plain(value)
        if key in ("nearestHaven", "haven1", "haven2"):
            text = _german(text, places)
        elif key in _IN_GERMAN and text:
            text = _IN_GERMAN[key](text) or _english(text)
        if text and SYMBOL_RE.search(text):
            text = render_path(text)
        if text:
            rows.append((str(EXTRA_ATTRIBUTES.get(key, key)), text))
    rows += [(_("Seltenheit"), card.rarity), (_("Künstler"), card.artist)]
    return [(label, value) for label, value in rows if value]


def key_numbers(card: Card) -> str:
    """The numbers a result row shows, e.g. "Geist 9 · DE 3 · 6/8 · SP 3"."""
    parts = []
    if card.mind_raw:
        parts.append(_("Geist %(v)s") % {"v": card.mind_raw})
    if card.direct_influence_raw:
        parts.append(_("DE %(v)s") % {"v": card.direct_influence_raw})
    if card.prowess_raw or card.body_raw:
        parts.append(f"{card.prowess_raw or '–'}/{card.body_raw or '–'}")
    if card.corruption_raw:
        parts.append(_("V %(v)s") % {"v": card.corruption_raw})
    if card.marshalling_points_raw:
        parts.append(_("SP %(v)s") % {"v": card.marshalling_points_raw})
    return " · ".join(parts)


def result_values(card: Card, places: dict | None = None):
    """What a result row shows beyond the numbers: a site's type, region, path and haven, a region's type.

    Symbols are drawn (cards.symbols) with their German names as text alternative.
    """
    from django.utils.html import format_html_join

    places = places or {}
    if card.card_type == CardType.SITE:
        parts = []
        if card.site_type:
            parts.append(inline_svg(card.site_type))
        if card.region:
            parts.append(format_html("{}", places.get(card.region.strip(), card.region)))
        if card.site_path:
            parts.append(format_html('<span class="site-path">{}</span>', render_path(card.site_path)))
        if card.haven:
            parts.append(format_html(_("Zuflucht: {}"), places.get(card.haven.strip(), card.haven)))
        return format_html_join(" · ", "{}", ((p,) for p in parts))
    if card.card_type == CardType.REGION and card.region_type:
        return format_html("{} {}", inline_svg(card.region_type), REGION_TYPES.get(card.region_type, ""))
    return ""
