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
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from . import ambiguity
from .card_index import _PRINTINGS_ELSEWHERE, _TYPE_PART, CardIndex, _set_rank, normalize
from .cardinfo import CardInfo
from .headings import _ALIGNMENT_MARKS, AUTO, EXPORT_HEADERS, HEADER_WORDS, NOTES, POOL_OR_CHARACTERS, VS_FALLEN_WIZARD
from .model import BALROG, CHARACTERS, HAZARDS, HERO, POOL, RESOURCES, SIDEBOARD, SITES

# Parts a heading inside the sideboard only sub-divides ("# Hazards (2)" under "Sideboard").
_SIDEBOARD_SUBHEADINGS = {CHARACTERS, RESOURCES, HAZARDS, AUTO}


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
