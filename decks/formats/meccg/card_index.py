"""Card names as a list writes them (normalised, loosely), and the index of the catalogue a deck list is
read against: names, codes and printings, the preferred printing per alignment."""

import re
import unicodedata

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from . import names
from .cardinfo import CardInfo
from .model import BALROG, CHARACTERS, FALLEN_WIZARD, HAZARDS, HERO, MINION, POOL, RESOURCES, SITES

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
