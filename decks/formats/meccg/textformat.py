"""Deck lists as text: parse pasted lists, write the same format back.

Accepted lines: ``3 Name``, ``3x Name``, ``Name x3``, ``Name (x3)``, ``Name * 3``, ``Name`` (one copy),
each with an optional printing in brackets, ``(TW)`` (set) or ``(TW-156)`` (card code), GCCG's
``[H]``/``[M]`` or NetMECCG's ``%``/``@``/``*`` after the name. Section headers in German or English,
with or without ``#``, ``:``, a count or a remark, e.g. ``# Pool``, ``Gefahren (30)``, ``Sideboard:``,
``Hazards (30) [Creatures first]``; GCCG/NetMECCG files (``####`` frames, ``[starting]``); a known
heading with cards after its colon ("Minor Items: Horn of Anor, Cram") and comma lists. Lines before
any header (or under a generic ``Deck``/``Spielstapel`` header) go to the part their card type
suggests. docs/decks.md lists every form and the readings chosen.
"""

import json
import re
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from . import ambiguity, names
from .cardinfo import CardInfo
from .model import BALROG, CHARACTERS, FALLEN_WIZARD, HAZARDS, HERO, MINION, POOL, RESOURCES, SIDEBOARD, SITES

AUTO = "auto"
NOTES = "notes"  # GCCG's "Notes" section: free text up to the next heading
# Parts a heading inside the sideboard only sub-divides ("# Hazards (2)" under "Sideboard").
_SIDEBOARD_SUBHEADINGS = {CHARACTERS, RESOURCES, HAZARDS, AUTO}
_ALIGNMENT_MARKS = {"H": "Hero", "M": "Minion", "F": "Fallen-wizard", "B": "Balrog"}


_NUMBER_WORDS = dict(enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]))


def loose(key: str) -> str:
    """A normalized name with hyphens as spaces, "&" as "and" and small numbers as words.

    "Orc Watch" finds "Orc-watch", "Cave drake" "Cave-drake", "Webs of Fear and Treachery" "Webs of
    Fear & Treachery", "A friend or 3" "A Friend or Three".
    """
    key = re.sub(r"[-‐‑–—]", " ", key).replace("&", " and ")
    key = re.sub(r"\b(\d{1,2})\b", lambda m: _NUMBER_WORDS.get(int(m.group(1)), m.group(1)), key)
    return re.sub(r"\s+", " ", key).strip()


def compact(key: str) -> str:
    """`loose` without spaces and apostrophes: "Long Bottom Leaf" finds "Longbottom Leaf"."""
    return re.sub(r"[\s'.,!?]", "", loose(key))


def normalize(text: str) -> str:
    """Case-, diacritics- and apostrophe-insensitive form of a name."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"[’‘`´']", "'", text)
    text = text.replace("“", '"').replace("”", '"').replace("„", '"')
    return re.sub(r"\s+", " ", text).strip()


POOL_OR_CHARACTERS = "pool-or-characters"  # "Character Pool": see _part_of_heading
# The 10 cards a General Opponent list may add to its sideboard against a Fallen-wizard ("Handelt es sich
# beim Gegner um einen Gefallener Zauberer-Spieler, darf der Reservestapel um 10 Karten erweitert werden"):
# NetMECCG's [anti-FW], GCCG's "Sideboard vs. fw". A deck here has one sideboard, so these cards are read
# (a wrong name is an error) but not taken into the deck.
VS_FALLEN_WIZARD = "sideboard-vs-fallen-wizard"
_HEADERS = {
    POOL: [
        "pool",
        "anfangscharaktere",
        "startcharaktere",
        "starting characters",
        "starting pool",
        "start",
        "starter",
        "starting",
        "starting company",
        "starting companies",
        "startgemeinschaft",
        "character draft",
        "draft",
        "characters draft",
        "draft characters",
        "pool of starting characters",
        "minor items",
        "starting items",
        "starting minor items",
        "starting resources",
        "startgegenstande",
        "geringere gegenstande",
    ],
    POOL_OR_CHARACTERS: ["character pool", "characters pool", "charakterpool"],
    CHARACTERS: [
        "charaktere",
        "characters",
        "spielstapel-charaktere",
        "character",
        "chars",
        "other characters",
        "weitere charaktere",
        "characters in deck",
        "in deck",
        "wizard",
        "wizards",
        "zauberer",
        "ringwraith",
        "ringwraiths",
        "ringgeist",
        "ringgeister",
        "fallen wizard",
        "avatar",
        "avatare",
        "avatars",
    ],
    RESOURCES: [
        "unterstutzung",
        "unterstutzungen",
        "unterstutzungskarten",
        "unterstutzungsdeck",
        "resources",
        "resource",
        "ressourcen",
        "mp resources",
        "other resources",
        "resource events",
    ],
    HAZARDS: [
        "gefahren",
        "gefahrenkarten",
        "gefahrendeck",
        "hazards",
        "hazard",
        "hazard creatures",
        "hazard events",
        "creatures",
        "kreaturen",
    ],
    SITES: ["orte", "ortsstapel", "ortskarten", "sites", "site", "location deck", "locations", "site deck"],
    SIDEBOARD: [
        "reservestapel",
        "reserve",
        "reservedeck",
        "sideboard",
        "side board",
        "sb",
        "sidebord",
        "sidebar",
        "sideboard resources",
        "sideboard hazards",
        "sideboard characters",
    ],
    AUTO: ["deck", "spielstapel", "play deck", "playdeck", "main deck", "main", "deck list", "decklist", "deckliste"],
    NOTES: ["notes", "notizen", "anmerkungen", "kommentar", "comments"],
    VS_FALLEN_WIZARD: [
        "anti-fw",
        "anti fw",
        "sideboard vs. fw",
        "sideboard vs fw",
        "sideboard vs. fallen-wizard",
        "sideboard vs. fallen wizard",
        "reservestapel gegen gefallene zauberer",
    ],
}
HEADER_WORDS = {normalize(word): part for part, words in _HEADERS.items() for word in words}

EXPORT_HEADERS = {
    POOL: "Anfangscharaktere",
    CHARACTERS: "Charaktere",
    RESOURCES: "Unterstützung",
    HAZARDS: "Gefahren",
    SITES: "Orte",
    SIDEBOARD: "Reservestapel",
}
PART_ORDER = [POOL, CHARACTERS, RESOURCES, HAZARDS, SITES, SIDEBOARD]

_HEADER_DECOR = re.compile(r"^[\s#=*\-\[/]+|[\s:=*\-\]]+$")
_COUNT_SUFFIX = re.compile(r"\s*[\(\[]\s*\d+\s*[\)\]]\s*$|\s+\d+\s*$")
_PRINTING = re.compile(r"\s*[\(\[]\s*([A-Za-z]{2,3})(?:\s*-\s*(\d+[a-z]?))?\s*[\)\]]\s*$")
_QTY_FIRST = re.compile(r"^(\d+)\s*[x×]?\s+(.+)$", re.IGNORECASE)
_X_QTY_FIRST = re.compile(r"^[x×]\s*(\d+)\s+(.+)$", re.IGNORECASE)  # "x3 Name"
_BAD_QTY = re.compile(r"^(?:[x×]\s*)?([-−–]\s*\d+(?:[.,]\d+)?|\d+[.,]\d+)\s*[x×]?\s+\S", re.IGNORECASE)
_BAD_QTY_LAST = re.compile(r"\S\s+[x×]\s*([-−–]\s*\d+(?:[.,]\d+)?|\d+[.,]\d+)$", re.IGNORECASE)  # "Name x-1"
_SIDEBOARD_PREFIX = re.compile(r"^(?:SB|sideboard|reserve)\s*:\s*", re.IGNORECASE)
_ALIGNMENT_MARK = re.compile(r"\s*\[\s*([HMFB])\s*\]", re.IGNORECASE)
# A line that presents itself as a heading: "# …", "## …", "[…]", "…:" (checked after the known ones).
_LOOKS_LIKE_HEADING = re.compile(r"^(#+\s*\S.*|\[[^\]]+\]\s*|[^\d\s][^:]{0,40}:\s*)$")
_QTY_FIRST_TIGHT = re.compile(r"^(\d+)\s*[x×]\s*(.+)$", re.IGNORECASE)
_QTY_LAST = re.compile(r"^(.+?)\s+[x×]\s*(\d+)$", re.IGNORECASE)
_QTY_LAST_PAREN = re.compile(r"^(.+?)\s*\(\s*[x×]?\s*(\d+)\s*[x×]?\s*\)$", re.IGNORECASE)
_QTY_LAST_STAR = re.compile(r"^(.+?)\s+\*\s*(\d+)$")  # "Pallando * 2"
# A "*" or "(*)" before or after a name marks it in the author's legend (starting company, creature …).
_MARKER = re.compile(r"^(?:\(\*\)|\*)+\s*|\s*(?:\(\*\)|\*)+$")
# The legend line itself: "*= Ideal characters", "* indicates Creatures".
_LEGEND = re.compile(r"^\*+\s*(?:=|:|-|indicates\b|marks\b|means\b|bedeutet\b)", re.IGNORECASE)
_ALIGNMENT_WORD = re.compile(
    r"\s*[\[\(]\s*(hero|minion|fallen[- ]wizard|balrog|held|helden|scherge|schergen)\s*[\]\)]", re.IGNORECASE
)
_ALIGNMENT_WORDS = {
    "hero": "Hero",
    "held": "Hero",
    "helden": "Hero",
    "minion": "Minion",
    "scherge": "Minion",
    "schergen": "Minion",
    "balrog": "Balrog",
}
# Joins in prose lists: "Alatar x2, Gandalf, plus some unused characters from the draft".
_JOIN = re.compile(r"\s+(?:and|plus|und|sowie|\+)\s+", re.IGNORECASE)
# A starting item written beside its bearer: "Glorfindel II (+ Elf-stone)", "Cirdan (with Horn of Anor)".
_CARRIES = re.compile(r"\s*\(\s*(?:\+|with|mit)\s*([^()]+?)\s*\)\s*$", re.IGNORECASE)
_LIST_COMMA = re.compile(r"(?<!\d),|,(?!\d)")  # not the comma of "2,5x Zwielicht"
_LEADING_JOIN = re.compile(r"^(?:and|plus|und|sowie|\+)\s+", re.IGNORECASE)

# Printing preference per deck alignment: fitting cards first.
_PREFERENCE = {
    HERO: ["Hero", "Dual", "Neutral", "Minion", "Stage", "Fallen-wizard", "Balrog"],
    MINION: ["Minion", "Dual", "Neutral", "Hero", "Balrog", "Stage", "Fallen-wizard"],
    FALLEN_WIZARD: ["Fallen-wizard", "Stage", "Hero", "Minion", "Dual", "Neutral", "Balrog"],
    BALROG: ["Balrog", "Minion", "Dual", "Neutral", "Hero", "Stage", "Fallen-wizard"],
}
_PART_TYPES = {
    POOL: ("Character",),
    CHARACTERS: ("Character",),
    RESOURCES: ("Resource",),
    HAZARDS: ("Hazard",),
    SITES: ("Site",),
}
_TYPE_PART = {"Character": CHARACTERS, "Resource": RESOURCES, "Hazard": HAZARDS, "Site": SITES}


@dataclass
class ParsedEntry:
    card: CardInfo
    quantity: int
    part: str
    line: int


@dataclass
class LineError:
    line: int
    text: str
    message: str
    suggestions: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)  # codes of the different cards an ambiguous name means

    def as_dict(self) -> dict:
        found = {"line": self.line, "text": self.text, "message": self.message, "suggestions": self.suggestions}
        if self.choices:
            found["choices"] = list(self.choices)
        return found


@dataclass
class ParseResult:
    entries: list[ParsedEntry]
    errors: list[LineError]

    @property
    def ok(self) -> bool:
        return not self.errors

    def merged(self) -> list[ParsedEntry]:
        """Entries with the same card and part summed (first line kept)."""
        merged: dict[tuple[str, str], ParsedEntry] = {}
        for entry in self.entries:
            key = (entry.card.code, entry.part)
            if key in merged:
                merged[key].quantity += entry.quantity
            else:
                merged[key] = ParsedEntry(entry.card, entry.quantity, entry.part, entry.line)
        return list(merged.values())


class CardIndex:
    """All cards by normalized German and English name, and by code."""

    def __init__(self, cards):
        cards_list = list(cards)
        cards = cards_list
        self.by_code: dict[str, CardInfo] = {}
        self.by_name: dict[str, list[CardInfo]] = {}
        self.display: dict[str, str] = {}
        # Keys per language, so suggestions can answer in the language the user typed.
        self._lang_keys: dict[str, set[str]] = {"de": set(), "en": set()}
        for card in cards:
            self.by_code[card.code.upper()] = card
            for lang, name in (("de", card.name_de), ("en", card.name_en)):
                if not name:
                    continue
                key = normalize(name)
                self._lang_keys[lang].add(key)
                bucket = self.by_name.setdefault(key, [])
                if card not in bucket:
                    bucket.append(card)
                self.display.setdefault(key, name.strip())
        self._keys = list(self.by_name)
        self._lang_lists = {lang: sorted(keys) for lang, keys in self._lang_keys.items()}
        self.by_loose: dict[str, list[CardInfo]] = {}
        for key, bucket in self.by_name.items():
            target = self.by_loose.setdefault(loose(key), [])
            target.extend(card for card in bucket if card not in target)
        self.by_compact: dict[str, list[CardInfo]] = {}
        for key, bucket in self.by_loose.items():
            target = self.by_compact.setdefault(compact(key), [])
            target.extend(card for card in bucket if card not in target)
        # Characters by first name ("Fatty" for Fatty Bolger, "Sam" for Sam Gamgee), as lists write them.
        self.by_first_name: dict[str, list[CardInfo]] = {}
        for card in cards_list:
            if card.card_type != "Character":
                continue
            for name in {card.name_en, card.name_de} - {""}:
                first = loose(normalize(name)).split(" ")[0]
                target = self.by_first_name.setdefault(first, [])
                if card not in target:
                    target.append(card)
        self._first_names = sorted(self.by_first_name)
        self.set_codes = {card.set_code for card in cards_list}
        # The rulebook's spellings where they differ from the card data (not offered as
        # suggestions).
        for book, codes in names.aliases().items():
            key = normalize(book)
            found = [self.by_code[code] for code in codes if code in self.by_code]
            if key not in self.by_name and found:
                self.by_name[key] = found
                self.display[key] = book
                self.by_loose.setdefault(loose(key), list(found))

    def lookup(self, name: str) -> list[CardInfo]:
        key = normalize(name)
        return self.by_name.get(key) or self.by_loose.get(loose(key)) or self.by_compact.get(compact(key)) or []

    def lookup_character(self, name: str) -> list[CardInfo]:
        """A character named by its first name alone ("Fatty", "Gloin"), or that name misspelt by one
        letter ("Falco" for Folco), where exactly one character (in its printings) answers to it."""
        key = loose(normalize(name))
        if " " in key or len(key) < 3:
            return []
        found = self.by_first_name.get(key)
        if not found and len(key) >= 5:
            close = [
                first
                for first, _score, _i in process.extract(
                    key, self._first_names, scorer=Levenshtein.distance, limit=3, score_cutoff=1
                )
            ]
            found = self.by_first_name.get(close[0]) if len(close) == 1 else None
        if not found or len({card.name_en for card in found}) != 1:
            return []
        return found

    def suggestions(self, name: str, n: int = 3, leading: tuple[str, ...] = ()) -> list[str]:
        """Up to n names like `name`, after `leading`; each shown once, in the language it was typed in.

        German input gets German names; English ones only when the input matched English better.
        A prepared rapidfuzz index answers in well under a millisecond per name (the standard library's
        SequenceMatcher took ~20 ms).
        """
        wanted = normalize(name)
        close = {
            lang: process.extract(wanted, keys, scorer=fuzz.ratio, limit=n + len(leading) + 2, score_cutoff=40)
            for lang, keys in self._lang_lists.items()
        }

        def best(lang):
            return close[lang][0][1] if close[lang] else -1.0

        lang = "de" if best("de") >= best("en") else "en"
        picked, seen = [], set()
        for shown in [*leading, *(self.display[key] for key, _score, _i in close[lang])]:
            if shown.casefold() not in seen:
                seen.add(shown.casefold())
                picked.append(shown)
        return picked[:n]

    def choose(self, candidates: list[CardInfo], alignment: str, part: str) -> CardInfo:
        """The printing that fits the deck: right type for the part, deck alignment, oldest set."""
        return min(candidates, key=self.fit(alignment, part))

    @staticmethod
    def fit(alignment: str, part: str):
        """How well a card fits the deck, lower first: (type for the part, deck alignment, set, number)."""
        order = _PREFERENCE.get(alignment, _PREFERENCE[HERO])
        types = _PART_TYPES.get(part, ())

        def rank(card: CardInfo):
            type_rank = 0 if not types or card.card_type in types else 1
            align_rank = order.index(card.alignment) if card.alignment in order else len(order)
            return (type_rank, align_rank, _set_rank(card.set_code), _code_number(card.code))

        return rank


_SET_ORDER = ["TW", "TD", "DM", "LE", "AS", "WH", "BA"]
_PRINTINGS_ELSEWHERE = {"PR"}  # GCCG's set code for promotional reprints of cards of the sets above


def _set_rank(code: str) -> int:
    return _SET_ORDER.index(code) if code in _SET_ORDER else len(_SET_ORDER)


def _code_number(code: str) -> int:
    match = re.search(r"(\d+)", code)
    return int(match.group(1)) if match else 0


# GCCG's type headings inside a section: "# Minion Resource (30)", "# Balrog Character (3)", "# Hazard (30)".
_TYPE_HEADING = re.compile(
    r"^#+\s*(?:(?:hero|minion|balrog|fallen[- ]wizard|stage|dual)\s+(character|resource|hazard|site)\s*"
    r"(?:\(\s*\d+\s*\))?|(character|resource|hazard|site)\s*\(\s*\d+\s*\))$",
    re.IGNORECASE,
)  # singular, with an alignment or a count: "## Hazards (3)" and "# Characters" stay part headings
_TYPE_HEADING_PART = {"character": CHARACTERS, "resource": RESOURCES, "hazard": HAZARDS, "site": SITES}
_DECORATION = re.compile(r"^[#=*~_-]{2,}$")  # GCCG's "####" frames around its section names
_FILE_MARK = re.compile(r"^\[\s*netmeccg\b[^\]]*\]$", re.IGNORECASE)  # "[NetMECCG v1.4 Deck]"
# NetMECCG writes the printing after the name: "Moria%" (Balrog), "Alatar@" (Fallen-wizard), "Cave-drake*"
# (Minion); no sign is the hero printing.
_NET_MARK = re.compile(r"(?<=[^\s*%@])([%@*])$")
_NET_MARKS = {"%": "Balrog", "@": "Fallen-wizard", "*": "Minion"}

# A remark after a heading: "Hazards (30) [Creatures first]", "Hazards (30) * indicates Creatures".
_HEADING_REMARK = re.compile(r"^([^\(\[\*]+?)\s*(?:[\(\[]\s*\d+\s*[\)\]]\s*)?(?:[\(\[\*].*)?$")
# "The Red Hills vs. Minion:", "Deck vs. Hero/FW" – which opponent a list is for, not a part.
_VERSUS = re.compile(
    r"^[^:]{0,60}?\b(?:vs\.?|versus|gegen)\s+(?:hero|heroes|minion|minions|fallen|fw|balrog|helden|schergen)\b[^:]*:?$",
    re.IGNORECASE,
)


def _header(text: str) -> str | None:
    stripped = _HEADER_DECOR.sub("", text)
    stripped = _COUNT_SUFFIX.sub("", stripped)
    stripped = _HEADER_DECOR.sub("", stripped)
    found = HEADER_WORDS.get(normalize(stripped))
    if found is None:
        remark = _HEADING_REMARK.match(stripped)
        if remark and remark.group(1) != stripped:
            found = HEADER_WORDS.get(normalize(_HEADER_DECOR.sub("", remark.group(1))))
    return found


def _labelled(line: str) -> tuple[str, str] | None:
    """A known heading followed by cards on the same line: "Minor Items: Horn of Anor, Cram"."""
    label, colon, rest = line.partition(":")
    if not colon or not rest.strip():
        return None
    part = _header(label)
    return (part, rest.strip()) if part else None


def split_quantity(text: str) -> tuple[int | None, str]:
    for pattern, qty_group, name_group in (
        (_X_QTY_FIRST, 1, 2),
        (_QTY_FIRST_TIGHT, 1, 2),
        (_QTY_FIRST, 1, 2),
        (_QTY_LAST, 2, 1),
        (_QTY_LAST_PAREN, 2, 1),
        (_QTY_LAST_STAR, 2, 1),
    ):
        match = pattern.match(text)
        if match:
            return int(match.group(qty_group)), match.group(name_group).strip()
    return None, text.strip()


def parse(text: str, index: CardIndex, alignment: str = HERO) -> ParseResult:
    """Read a pasted list (any of the accepted text formats, or this site's JSON export)."""
    if (text or "").lstrip().startswith("{"):
        return parse_json(text, index)
    entries: list[ParsedEntry] = []
    errors: list[LineError] = []
    index = _Suggesting(index)
    part = AUTO
    started = False  # a "# …" line before the first heading or card is the deck's title
    plain_mark = None
    pool_named = False  # a "Character Draft"/"Pool" heading came first: "Character Pool" is the play deck's
    lines = (text or "").splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("//") or line.startswith(";") or _LEGEND.match(line):
            continue
        if _DECORATION.match(line):
            continue
        if _FILE_MARK.match(line):
            plain_mark = HERO  # NetMECCG: a name without %, @ or * is the hero printing
            continue
        if plain_mark and line.startswith("#"):
            continue  # a NetMECCG file's comment ("# Deck explanation", a card left out)
        typed = _TYPE_HEADING.match(line)
        if typed:
            started = True
            if part not in (POOL, SIDEBOARD, SITES, VS_FALLEN_WIZARD):
                part = _TYPE_HEADING_PART[(typed.group(1) or typed.group(2)).lower()]
            continue  # within the pool, sideboard or sites it only sorts the cards by type
        header = _header(line)
        if not header and _VERSUS.match(line):
            continue  # "The Red Hills vs. Minion:": the opponent this list is for
        if header:
            started = True
            header, pool_named = _part_of_heading(header, pool_named)
            if part == SIDEBOARD and header in _SIDEBOARD_SUBHEADINGS and not line.startswith("["):
                # "# Hazards (2)" inside the sideboard sub-divides it; the cards stay there. NetMECCG's
                # "[characters]" after "[sideboard]" is the next section.
                continue
            part = header
            continue
        if part == NOTES:
            continue
        if line.startswith("#") and not started:
            if _heading_before_cards(line, lines[number:], index):
                # "# Startgruppe" right above the first cards: a heading, not a title, and an unknown
                # one: its cards must not silently become the play deck.
                errors.append(LineError(number, raw, _unknown_heading(number, line)))
                started = True
            continue  # the deck's name or a note above the list
        started = True
        labelled = _labelled(line)
        if labelled:
            # "Minor Items: Horn of Anor, Cram" – cards after a heading, for this line only.
            line_part, pool_named = _part_of_heading(labelled[0], pool_named)
            if part == SIDEBOARD and line_part in _SIDEBOARD_SUBHEADINGS:
                line_part = SIDEBOARD
            if line_part == NOTES:
                continue  # "Notes: …" is free text
            if line_part == VS_FALLEN_WIZARD:
                _read_items(labelled[1], SIDEBOARD, number, raw, index, alignment, [], errors, plain_mark)
                continue
            _read_items(labelled[1], line_part, number, raw, index, alignment, entries, errors, plain_mark)
            continue
        if _LOOKS_LIKE_HEADING.match(line) and not index.lookup(_strip_decor(line)):
            errors.append(LineError(number, raw, _unknown_heading(number, line)))
            continue
        if part == VS_FALLEN_WIZARD:
            _read_items(line, SIDEBOARD, number, raw, index, alignment, [], errors, plain_mark)
            continue
        _read_items(line, part, number, raw, index, alignment, entries, errors, plain_mark)
    return ParseResult(entries, errors)


def _unknown_heading(number: int, line: str) -> str:
    return _(
        "Zeile %(line)d: Die Überschrift „%(text)s“ ist unbekannt. Bekannt sind: Anfangscharaktere (Pool), "
        "Charaktere, Unterstützung, Gefahren, Orte, Reservestapel (auch englisch: Pool, Characters, Resources, "
        "Hazards, Sites, Sideboard) sowie Deck und Notes."
    ) % {"line": number, "text": line}


def _heading_before_cards(line: str, following: list[str], index) -> bool:
    """A short "# …" line whose next line is a card is a heading ("# Startgruppe"), not the deck's title.

    Titles and notes above a list are followed by a heading or another note, or are longer than a
    heading ("# Helden: Die Gemeinschaft aus Bruchtal")."""
    words = _strip_decor(line)
    if not words or ":" in words or len(words) > 40 or len(words.split()) > 3 or index.lookup(words):
        return False
    nxt = next((raw.strip() for raw in following if raw.strip() and not raw.strip().startswith("//")), "")
    if not nxt or nxt.startswith(("#", "[")) or _header(nxt) or _TYPE_HEADING.match(nxt) or _labelled(nxt):
        return False
    return not _LOOKS_LIKE_HEADING.match(nxt)


def _part_of_heading(header: str, pool_named: bool) -> tuple[str, bool]:
    """The part a heading names, and whether the starting characters have been named by now.

    "Character Pool" is the pool of starting characters (the book's "Anfangscharaktere"), unless a
    "Character Draft"/"Pool" heading came before it: then it holds the play deck's further characters
    (the book's "weitere Charaktere"), as in lists that write "Character Draft: …" and then
    "Character Pool: Alatar x2, Gandalf, plus some unused characters from the draft".
    """
    if header == POOL_OR_CHARACTERS:
        return (CHARACTERS if pool_named else POOL), True
    return header, pool_named or header == POOL


def _read_items(text, part, number, raw, index, alignment, entries, errors, plain_mark=None) -> None:
    """One card line, or several cards separated by commas ("Aragorn, Balin, Bilbo")."""
    error = _read_card(text, part, number, raw, index, alignment, entries, plain_mark)
    if error is None:
        return
    items = [item.strip() for item in _LIST_COMMA.split(text)]
    if len(items) == 1 and not _JOIN.search(text):
        errors.append(error)
        return
    found: list[ParsedEntry] = []
    for item in items:
        item = _LEADING_JOIN.sub("", item).rstrip(".").strip()
        if not item or _is_remark(item):
            continue
        item_error = _read_card(item, part, number, raw, index, alignment, found)
        if item_error is None:
            continue
        # "Alatar and some unused characters from the draft": a card, then the author's remark.
        pieces = [piece.strip() for piece in _JOIN.split(item)]
        if len(pieces) > 1 and all(
            _is_remark(piece) or _read_card(piece, part, number, raw, index, alignment, []) is None for piece in pieces
        ):
            for piece in pieces:
                if not _is_remark(piece):
                    _read_card(piece, part, number, raw, index, alignment, found)
            continue
        errors.append(item_error if len(items) > 1 else error)
        return
    entries.extend(found)


def _is_remark(text: str) -> bool:
    """Prose inside a list ("some unused characters from the draft"): lower case, several words."""
    words = text.split()
    return len(words) >= 3 and text[0].islower() and not any(ch.isdigit() for ch in words[0])


def _read_card(line, part, number, raw, index, alignment, entries, plain_mark=None) -> LineError | None:
    """Read one card ("3x Name (TW)", "Name (x3)", "*Name", "Name [H]"); add it to entries or say why not."""
    line_part = part
    prefix = _SIDEBOARD_PREFIX.match(line)
    if prefix:
        line_part, line = SIDEBOARD, line[prefix.end() :].strip()
    bad = _BAD_QTY.match(line) or _BAD_QTY_LAST.search(line)
    if bad:
        return LineError(
            number,
            raw,
            _("Zeile %(line)d: Die Anzahl „%(qty)s“ ist keine ganze Zahl von 1 bis 99.")
            % {"line": number, "qty": bad.group(1)},
        )
    net_mark = _NET_MARK.search(line)
    if net_mark:
        line = line[: net_mark.start()]
    line = _MARKER.sub("", line).strip()
    carried = _CARRIES.search(line)
    if carried:
        found: list[ParsedEntry] = []
        error = _read_card(line[: carried.start()], part, number, raw, index, alignment, found) or _read_card(
            carried.group(1), part, number, raw, index, alignment, found
        )
        if error is None:
            entries.extend(found)
        return error
    quantity, rest = split_quantity(line)
    if quantity is None:
        quantity = 1
    rest = _MARKER.sub("", rest).strip()
    mark = None
    marked = _ALIGNMENT_MARK.search(rest) or _ALIGNMENT_WORD.search(rest)
    if marked:
        word = marked.group(1).lower()
        mark = _ALIGNMENT_MARKS.get(word.upper()) or _ALIGNMENT_WORDS.get(word, "Fallen-wizard")
        rest = (rest[: marked.start()] + rest[marked.end() :]).strip()
    if net_mark and not mark:
        mark = _NET_MARKS[net_mark.group(1)]
    mark = mark or plain_mark
    set_code = number_part = None
    printing = _PRINTING.search(rest)
    if printing:
        set_code, number_part = printing.group(1).upper(), printing.group(2)
        rest = rest[: printing.start()].strip()
        marked = _ALIGNMENT_MARK.search(rest)  # "Name (TW) [H]" as well as "Name [H] (TW)"
        if marked and not mark:
            mark = _ALIGNMENT_MARKS[marked.group(1).upper()]
            rest = (rest[: marked.start()] + rest[marked.end() :]).strip()
    if not rest:
        return LineError(number, raw, _("Zeile %(line)d: Die Zeile enthält keinen Kartennamen.") % {"line": number})
    if not 1 <= quantity <= 99:
        return LineError(
            number,
            raw,
            _("Zeile %(line)d: Die Anzahl %(qty)d ist ungültig (erlaubt: 1 bis 99).")
            % {"line": number, "qty": quantity},
            index.suggestions(rest),
        )
    card, error = _resolve(index, rest, set_code, number_part, alignment, line_part, number, raw, mark)
    if error:
        return error
    target = line_part if line_part != AUTO else _TYPE_PART.get(card.card_type, RESOURCES)
    if target == CHARACTERS and card.is_agent and alignment in (HERO, BALROG):
        # Lists (NetMECCG's [characters]) put agents with the characters; Helden and Balrog decks may
        # only play them as hazards ("Helden- und Balrog-Spieler dürfen auch Agenten als Gefahren verwenden").
        target = HAZARDS
    entries.append(ParsedEntry(card, quantity, target, number))
    return None


SUGGESTED_LINES = 50  # name suggestions only for the first 50 unknown lines of a paste


class _Suggesting:
    """The index for one paste: suggestions stop after SUGGESTED_LINES lines (bounded work per request)."""

    def __init__(self, index: CardIndex):
        self._index = index
        self._left = SUGGESTED_LINES

    def __getattr__(self, name):
        return getattr(self._index, name)

    def suggestions(self, name: str, n: int = 3, leading: tuple[str, ...] = ()) -> list[str]:
        if self._left <= 0:
            return list(leading[:n])
        self._left -= 1
        return self._index.suggestions(name, n, leading)


def _strip_decor(line: str) -> str:
    return _HEADER_DECOR.sub("", line)


def parse_json(text: str, index: CardIndex) -> ParseResult:
    """This site's JSON export ({"entries": [{"code", "quantity", "part"}, …]}) pasted back."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        return ParseResult(
            [], [LineError(exc.lineno, "", _("Zeile %(line)d: Das JSON ist ungültig.") % {"line": exc.lineno})]
        )
    rows = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        return ParseResult([], [LineError(1, "", _("Das JSON enthält keine Liste „entries“."))])
    entries, errors = [], []
    for position, row in enumerate(rows, start=1):
        row = row if isinstance(row, dict) else {}
        code, quantity, part = str(row.get("code", "")), row.get("quantity"), row.get("part")
        card = index.by_code.get(code.upper())
        if card is None:
            errors.append(
                LineError(
                    position,
                    code,
                    _("Eintrag %(n)d: Die Karte mit dem Code „%(code)s“ gibt es nicht.")
                    % {"n": position, "code": code},
                )
            )
        elif not isinstance(quantity, int) or isinstance(quantity, bool) or not 1 <= quantity <= 99:
            errors.append(
                LineError(
                    position,
                    code,
                    _("Eintrag %(n)d (%(code)s): Die Anzahl muss eine ganze Zahl von 1 bis 99 sein.")
                    % {"n": position, "code": code},
                )
            )
        elif part not in EXPORT_HEADERS:
            errors.append(
                LineError(
                    position,
                    code,
                    _("Eintrag %(n)d: unbekannter Teil „%(part)s“ (möglich: %(parts)s).")
                    % {"n": position, "part": part, "parts": ", ".join(EXPORT_HEADERS)},
                )
            )
        else:
            entries.append(ParsedEntry(card, quantity, part, position))
    return ParseResult(entries, errors)


def _resolve(index, name, set_code, number_part, alignment, part, number, raw, mark=None):
    if set_code and number_part:
        card = index.by_code.get(f"{set_code}-{number_part}".upper())
        if card and normalize(name) in (normalize(card.name_de), normalize(card.name_en)):
            return card, None
        if card:
            return None, LineError(
                number,
                raw,
                _("Zeile %(line)d: Die Karte %(code)s heißt „%(card)s“, nicht „%(name)s“.")
                % {"line": number, "code": card.code, "card": card.name_de, "name": name},
                index.suggestions(name, 3, leading=(card.name_de,)),
            )
    candidates = index.lookup(name)
    if not candidates and part in (POOL, CHARACTERS):
        candidates = index.lookup_character(name)
    if mark:
        # GCCG's [H]/[M]/[F]/[B]: the printing of that alignment where there is one.
        marked = [c for c in candidates if c.alignment == mark]
        candidates = marked or candidates
    if not candidates:
        suggestions = index.suggestions(name)
        hint = (
            _(" Meintest du: %(names)s?") % {"names": ", ".join(f"„{s}“" for s in suggestions)} if suggestions else ""
        )
        return None, LineError(
            number,
            raw,
            _("Zeile %(line)d: Die Karte „%(name)s“ ist unbekannt.") % {"line": number, "name": name} + hint,
            suggestions,
        )
    if set_code in _PRINTINGS_ELSEWHERE and set_code not in index.set_codes:
        set_code = None  # GCCG's promo printings ("The Arkenstone [M] (PR)"): the card data has the card
    if set_code:
        in_set = [c for c in candidates if c.set_code == set_code]
        if not in_set:
            sets = sorted({c.set_code for c in candidates}, key=_set_rank)
            return None, LineError(
                number,
                raw,
                _("Zeile %(line)d: „%(name)s“ gibt es nicht im Set %(set)s, nur in: %(sets)s.")
                % {"line": number, "name": name, "set": set_code, "sets": ", ".join(sets)},
                index.suggestions(name, 3, leading=(candidates[0].name_de,)),
            )
        candidates = in_set
    meant = ambiguity.different_cards(candidates, index.fit(alignment, part))
    if len(meant) > 1:
        return None, _ambiguous(number, raw, name, meant)
    return index.choose(candidates, alignment, part), None


def _ambiguous(number: int, raw: str, name: str, meant: list[CardInfo]) -> LineError:
    """A line such as "3 Versteck" (Concealment or Hiding?): each card as a suggestion that names its code."""
    listed = _(" oder ").join(f"{card.name_en} ({card.code})" for card in meant)
    message = _(
        "Zeile %(line)d: „%(name)s“ heißen mehrere Karten: %(cards)s. Welche ist gemeint? Schreibe den Code "
        "dazu, z. B. „%(example)s“."
    ) % {"line": number, "name": name, "cards": listed, "example": f"{meant[0].name_de} ({meant[0].code})"}
    return LineError(
        number,
        raw,
        message,
        [f"{card.name_de} ({card.code})" for card in meant],
        [card.code for card in meant],
    )


def _printing_tag(card: CardInfo, index: CardIndex, alignment: str, part: str) -> str:
    """The shortest bracket that makes the import pick this very printing again."""
    candidates = index.by_name.get(normalize(card.name_de), [])
    if index.choose(candidates, alignment, part) == card:
        return ""
    in_set = [c for c in candidates if c.set_code == card.set_code]
    if index.choose(in_set, alignment, part) == card:
        return f" ({card.set_code})"
    return f" ({card.code})"


def export_text(entries, index: CardIndex, alignment: str, name: str = "") -> str:
    """Write entries (objects with card, quantity, part) in the import format."""
    lines = []
    if name:
        lines.append(f"# {name}")
    for part in PART_ORDER:
        in_part = sorted((e for e in entries if e.part == part), key=lambda e: (normalize(e.card.name_de), e.card.code))
        if not in_part:
            continue
        if lines:
            lines.append("")
        lines.append(f"## {EXPORT_HEADERS[part]} ({sum(e.quantity for e in in_part)})")
        for entry in in_part:
            tag = _printing_tag(entry.card, index, alignment, part)
            lines.append(f"{entry.quantity} {entry.card.name_de}{tag}")
    return "\n".join(lines) + "\n"


# GCCG-style lists: English names, the alignment marker and the set code ("3 Saruman [H] (TW)").
GCCG_HEADERS = {
    POOL: "Pool",
    CHARACTERS: "Characters",
    RESOURCES: "Resources",
    HAZARDS: "Hazards",
    SITES: "Sites",
    SIDEBOARD: "Sideboard",
}
_MARK_OF = {alignment: mark for mark, alignment in _ALIGNMENT_MARKS.items()}


def _gccg_line(entry, index: CardIndex, alignment: str, part: str) -> str:
    card = entry.card
    name = card.name_en or card.name_de
    mark = _MARK_OF.get(card.alignment)
    text = f"{name} [{mark}] ({card.set_code})" if mark else f"{name} ({card.set_code})"
    picked, _error = _resolve(index, name, card.set_code, None, alignment, part, 0, text, mark)
    if picked != card:
        # Set and alignment do not single the printing out: name it by its code.
        text = f"{name} ({card.code})"
    return f"{entry.quantity} {text}"


def export_gccg(entries, index: CardIndex, alignment: str, name: str = "") -> str:
    """English names with alignment markers and set codes, as GCCG and most online tools write them."""
    lines = []
    if name:
        lines.append(f"# {name}")
    for part in PART_ORDER:
        in_part = sorted(
            (e for e in entries if e.part == part),
            key=lambda e: (normalize(e.card.name_en or e.card.name_de), e.card.code),
        )
        if not in_part:
            continue
        if lines:
            lines.append("")
        lines.append(GCCG_HEADERS[part])
        lines.extend(_gccg_line(entry, index, alignment, part) for entry in in_part)
    return "\n".join(lines) + "\n"
