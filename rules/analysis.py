"""Text and query analysis shared by both search backends (no Django).

A word becomes *tokens*: its Snowball stem after folding diacritics ("Nazgûl" -> "nazgul"), the stem of its
infinitive for verb forms ("zieht", "geheilt", "Heilung", "verloren"), and the stems of its compound parts
("Handkarten" -> "hand", "kart").  A separable verb split over a clause ("zieht … nach") also yields the
joined word ("nachzieh").  Sections are stored as such tokens (``index_tokens``); a query becomes *ideas*
(``analyse_query``): filler and question words dropped, English terms and curated synonyms mapped to the
rulebooks' German words, each idea carrying the alternative token groups that count as covering it.
"""

import itertools
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import Stemmer
from compound_split import char_split
from spellchecker import SpellChecker

DATA = Path(__file__).resolve().parent / "data" / "search"
WORD = re.compile(r"[^\W\d_](?:[\w'’-]*\w)?|\d+", re.UNICODE)
CLAUSE_END = re.compile(r"[.!?;:,()\n–]")
# Particles that separable verbs leave at the end of a clause ("Er zieht zwei Karten nach.").
PARTICLES = {"nach", "ab", "an", "auf", "aus", "ein", "mit", "vor", "zuruck", "weg", "hinzu", "fort", "los"}  # folded
SPLIT_THRESHOLD = -1.0  # char_split's score below which a split is not taken ("Verderbnis|karten" is -0.6)
MIN_PART = 4  # shortest compound part kept ("Hand", "Orts"); shorter ones are mostly wrong splits ("Hel|den") …
# "-los" negates its stem: "kampflos" (without a fight) is no mention of "Kampf", so it is not split.
PRIVATIVE = re.compile(r"..los(?:e[mnrs]?|igkeit)?$")
SHORT_PART, SHORT_PART_SCORE = 3, 0.5  # … unless char_split is this sure ("Zufluchts|ort", "Ork|karte")
# Weights of the ways a token group can cover an idea.
EXACT, DERIVED, SYNONYM, PARTS, CORRECTED = 1.0, 0.85, 0.9, 0.7, 0.9
UNJOINED = 0.8  # a separable verb's own forms when the question closes with its particle
HYPHEN_PARTS = 0.9  # "Sauron-Spieler" found as "Sauron" and "Spieler": the writer split it, no guess
STRIPPED = 0.6  # a verb the books don't use, found without its prefix ("mitspielen" -> "spielen")
# Verb prefixes a player's word may carry where the book has the plain verb ("wegziehen", "abbekommen").
VERB_PREFIXES = sorted(
    {
        *PARTICLES,
        "bei",
        "zu",
        "weiter",
        "zusammen",
        "hin",
        "her",
        "raus",
        "rein",
        "runter",
        "rauf",
        "dazu",
        "wieder",
        "durch",
        "um",
        "uber",
        "unter",
        "hinein",
        "heraus",
    },
    key=len,
    reverse=True,
)

_stemmer = Stemmer.Stemmer("german")


class _FoldTable(dict):
    """str.translate table built as characters turn up: each one without its diacritics ("û" -> "u")."""

    def __missing__(self, code: int) -> str:
        folded = "".join(c for c in unicodedata.normalize("NFKD", chr(code)) if not unicodedata.combining(c))
        self[code] = folded
        return folded


_FOLD_TABLE = _FoldTable({ord("’"): "'"})


@lru_cache(maxsize=100_000)
def fold(text: str) -> str:
    """Lower case without diacritics: "Nazgûl" -> "nazgul", "Größe" -> "grosse"."""
    return fold_text(text)


def fold_text(text: str) -> str:
    """``fold`` without its cache, for long or seldom repeated texts (sentences)."""
    text = text.casefold()
    return text if text.isascii() else text.translate(_FOLD_TABLE)


def words(text: str) -> list[str]:
    return WORD.findall(text)


def _read_lines(name: str) -> set[str]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return {fold(w) for line in lines if not line.startswith("#") for w in line.split()}


STOPWORDS = _read_lines("stopwords.txt")
_TOML = tomllib.loads((DATA / "synonyms.toml").read_text(encoding="utf-8"))
# folded phrase -> German words meaning the same; both directions for the German list.
_english_stemmer = Stemmer.Stemmer("english")


def english_key(phrase: str) -> str:
    """English terms are looked up by their Snowball stems: "companies" finds the entry "company"."""
    return " ".join(_english_stemmer.stemWord(w) for w in fold(phrase).split())


# English stem key -> German words of the rulebooks ("company" -> Gemeinschaft).
ENGLISH: dict[str, list[str]] = {}
for _key, _values in _TOML["english"].items():
    ENGLISH.setdefault(english_key(_key), []).extend(v for v in _values if v not in ENGLISH.get(english_key(_key), []))
# English stem key -> the game whose original edition alone uses the term ("sideboard" -> meccg)
HOME_GAME: dict[str, str] = {english_key(term): game for game, terms in _TOML.get("home", {}).items() for term in terms}
# The single words the English and colloquial tables know, for correcting a misspelt one ("compagny").
SYNONYM_WORDS = sorted(
    {fold(k) for table in ("english", "colloquial") for k in _TOML.get(table, {}) if " " not in k and len(k) >= 5}
)
# folded question phrase -> words that state what it asks for (hints, see synonyms.toml)
QUESTION_HINTS: dict[str, list[str]] = {fold(k): v for k, v in _TOML.get("questions", {}).items()}
# Words asking for a number, and the tokens of the numbers a sentence can state (digits too).
COUNT_WORDS = {fold(w) for w in _TOML.get("counting", {}).get("asks", [])}
ARTICLES = {"der", "die", "das", "des", "dem", "den"}
VERB_FORMS = {
    fold(k): fold(v) for k, v in tomllib.loads((DATA / "verb_forms.toml").read_text(encoding="utf-8"))["forms"].items()
}


@lru_cache(maxsize=1)
def _german_dictionary() -> SpellChecker:
    return SpellChecker(language="de", distance=1)  # ~0.4 s on first use, once per process


@lru_cache(maxsize=10_000)
def is_german_word(word: str) -> bool:
    """True for a correctly spelt German word (pyspellchecker's word list): a word the books don't use,
    such as "mitspielen" or "bekommt", is then no typo of a word they do ("Spielern", "gekommen")."""
    lowered = word.casefold()
    return len(lowered) > 2 and lowered in _german_dictionary()


@lru_cache(maxsize=10_000)
def german_correction(word: str) -> str:
    """The most frequent German word one typing slip away from a misspelt one ("krigt" -> "kriegt",
    "zagne" -> "zange"), or "" when there is none."""
    lowered = word.casefold()
    if len(lowered) < 4 or lowered in _german_dictionary():
        return ""
    dictionary = _german_dictionary()
    # The most frequent candidate, ties by spelling: pyspellchecker's own correction() breaks ties in set order,
    # which differs from process to process (the same query was corrected to "tales" or "teiles").
    candidates = dictionary.candidates(lowered) or set()
    found = min(candidates, key=lambda w: (-dictionary[w], w), default="")
    return found if found and found != lowered else ""


def without_prefix(word: str) -> list[str]:
    """The word without each verb prefix it may start with ("mitspielen" -> "spielen"), longest prefix first."""
    folded = fold(word)
    return [folded[len(p) :] for p in VERB_PREFIXES if folded.startswith(p) and len(folded) - len(p) >= 4]


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    return _stemmer.stemWord(fold(word))


# Number words and the digits the books mostly print ("acht Karten" is "8 Karten"); both ways.
DIGITS = dict(
    zip(
        ("zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwolf", "zwanzig"),
        ("2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "20"),
        strict=True,
    )
)
DIGITS |= {digit: word for word, digit in DIGITS.items()}
NUMBERS = frozenset({str(n) for n in range(100)} | {stem(w) for w in _TOML.get("counting", {}).get("numbers", [])})


@lru_cache(maxsize=50_000)
def derived_stems(word: str) -> tuple[str, ...]:
    """Stems of the infinitive behind a verb form or -ung noun ("zieht" -> "zieh", "Heilung" -> "heil")."""
    folded = fold(word)
    found = []
    separated = next((p for p in PARTICLES if folded.startswith(p) and folded[len(p) :] in VERB_FORMS), None)
    # the zu-infinitive of a separable verb: "loszuwerden" -> "loswerden", "nachzuziehen" -> "nachziehen"
    joined = next(
        (p for p in PARTICLES if folded.startswith(p + "zu") and len(folded) - len(p) >= 7 and folded.endswith("n")),
        None,
    )
    if joined and word[:1].islower():
        infinitive = joined + folded[len(joined) + 2 :]
        found.extend((stem(infinitive), *derived_stems(infinitive)))
    if folded in VERB_FORMS:
        found.append(stem(VERB_FORMS[folded]))
    elif separated:  # "abgeworfen" -> "abwerfen"
        found.append(stem(separated + VERB_FORMS[folded[len(separated) :]]))
    elif word[:1].islower() and folded.startswith("ge") and folded.endswith("en") and len(folded) >= 7:
        found.append(stem(folded[2:]))  # strong participles: "gefangen" -> "fangen", "gegeben" -> "geben"
    elif folded.endswith("ung") and len(folded) >= 7:
        found.append(stem(folded[:-3] + "en"))  # "Heilung" -> "heilen"
    elif word[:1].islower() and folded.endswith("t"):
        base = folded
        for particle in ("", *sorted(PARTICLES)):
            # participles, also of separable verbs: "geheilt" -> "heilt", "ausgewertet" -> "auswertet"
            if base.startswith(particle + "ge") and len(base) > len(particle) + 5:
                base = particle + base[len(particle) + 2 :]
                break
        for suffix in ("et", "st", "t"):
            if base.endswith(suffix) and len(base) - len(suffix) >= 3 and not base.endswith("ss" + suffix):
                found.append(stem(base[: -len(suffix)] + "en"))  # "zieht" -> "ziehen", "wertet" -> "werten"
                break
    own = stem(word)
    return tuple(dict.fromkeys(s for s in found if s != own and len(s) >= 3))


@lru_cache(maxsize=50_000)
def compound_parts(word: str) -> tuple[str, ...]:
    """The stems of a compound's parts ("Handkartenlimit" -> hand, kart, limit), empty for a simple word.

    The same splits for texts and queries; a doubtful split ("Eigen|schaften") costs little, because
    parts only count towards an idea when all of them are found, and less than the whole word.
    """
    if len(word) < MIN_PART + SHORT_PART or not word.isalpha() or PRIVATIVE.search(word.casefold()):
        return ()
    candidates = char_split.split_compound(word.capitalize())
    if not candidates:
        return ()
    score, head, tail = candidates[0]
    if head.casefold() == word.casefold() or score <= SPLIT_THRESHOLD:
        return ()
    shorter, longer = sorted((head, tail), key=len)
    # A three-letter part ("Zufluchts|ort", "Ork|karte", "End|phase") only from a confident split, never a
    # filler word ("Ein|fluss") and never two short ones ("Hob|bit").
    if len(shorter) < MIN_PART and not (
        len(shorter) >= SHORT_PART
        and len(longer) >= MIN_PART
        and score >= SHORT_PART_SCORE
        and fold(shorter) not in STOPWORDS
    ):
        return ()
    parts = []
    for part in (head, tail):
        sub = compound_parts(part)
        parts.extend(sub or (stem(part),))
        if sub:
            parts.append(stem(part))
    return tuple(dict.fromkeys(p for p in parts if len(p) >= SHORT_PART))


@lru_cache(maxsize=100_000)
def word_tokens(word: str) -> tuple[str, ...]:
    """Every token a word stands for in the index."""
    pieces = [p for p in re.split(r"[-'’/]", word) if p]
    tokens = [stem(word.replace("-", "").replace("'", ""))]
    for piece in pieces if len(pieces) > 1 else [word]:
        if len(pieces) > 1:
            tokens.append(stem(piece))
        tokens.extend(derived_stems(piece))
        tokens.extend(compound_parts(piece))
    return tuple(t for t in dict.fromkeys(re.sub(r"\W", "", t) for t in tokens) if t)


def separable_tokens(clause_words: list[str]) -> list[str]:
    """Joined verbs of a clause that ends in a particle: "zieht zwei Karten nach" -> "nachzieh" (and kin)."""
    if len(clause_words) < 2 or fold(clause_words[-1]) not in PARTICLES:
        return []
    particle = fold(clause_words[-1])
    found = []
    for word in clause_words[:-1]:
        if word[:1].islower() and len(word) >= 3 and fold(word) not in STOPWORDS:
            joined = particle + fold(word)
            found.append(stem(joined))
            found.extend(derived_stems(joined))
    return found


def index_tokens(text: str, keep_stopwords: bool = False) -> list[str]:
    """The tokens of a text for the index, in order, repeated as often as they occur.

    Headings keep their filler words: they are short, and names such as "Der Eine Ring" need them.
    """
    tokens: list[str] = []
    for clause in CLAUSE_END.split(text):
        clause_words = words(clause)
        for word in clause_words:
            if (len(word) < 2 and not word.isdigit()) or (fold(word) in STOPWORDS and not keep_stopwords):
                continue
            tokens.extend(word_tokens(word))
        tokens.extend(separable_tokens(clause_words))
    return tokens


# Sentences (for the answer snippets) -------------------------------------------------------------------

SENTENCE = re.compile(r"(?<=[.!?:])\s+(?=[„\"(]?[A-ZÄÖÜ0-9])|\n+")
Sentences = tuple[list[tuple[int, int]], list[frozenset[str]]]


def sentence_tokens(text: str) -> Sentences:
    """(start, end) of each sentence of the text (without surrounding white space) and its index tokens."""
    spans, start = [], 0
    for separator in SENTENCE.finditer(text):
        spans.append((start, separator.start()))
        start = separator.end()
    spans.append((start, len(text)))
    stripped = []
    for start, end in spans:
        piece = text[start:end]
        if piece.strip():
            start += len(piece) - len(piece.lstrip())
            stripped.append((start, start + len(piece.strip())))
    return stripped, [frozenset(index_tokens(text[start:end])) for start, end in stripped]


NEGATIONS = {"nicht", "kein", "keine", "keinen", "keiner", "keinem", "keines", "nie", "niemals"}


def negated_tokens(text: str, spans: list[tuple[int, int]]) -> list[frozenset[str]]:
    """Per sentence, the tokens of verbs and adjectives (lower case) directly followed by a negation:
    "verliert nicht die Hälfte" states that one does not lose (German puts the negation after the finite
    verb); a noun before "nicht" is mostly the subject ("wenn der Wurf nicht gelingt") and stays."""
    found = []
    for start, end in spans:
        sentence = words(text[start:end])
        found.append(
            frozenset(
                token
                for word, after in itertools.pairwise(sentence)
                if fold(after) in NEGATIONS and word[:1].islower() and fold(word) not in STOPWORDS
                for token in word_tokens(word)
            )
        )
    return found


def german_key(phrase: str) -> str:
    """German synonyms are looked up by their words' stems: "gehört" and "gehören" find the same entry."""
    return " ".join(stem(w) for w in words(phrase))


# German stem key -> German words meaning the same; both directions.
SYNONYMS: dict[str, list[str]] = {}
for _key, _values in _TOML["german"].items():
    SYNONYMS.setdefault(german_key(_key), []).extend(_values)
    for _value in _values:
        SYNONYMS.setdefault(german_key(_value), []).append(_key)
for _key, _values in _TOML.get("colloquial", {}).items():
    SYNONYMS.setdefault(german_key(_key), []).extend(_values)


# Game names ------------------------------------------------------------------------------------------

# game slug -> the folded words of each name players give it (rules/data/search/games.toml)
_GAMES = tomllib.loads((DATA / "games.toml").read_text(encoding="utf-8"))
GAME_NAMES: dict[str, list[tuple[str, ...]]] = {
    slug: [tuple(fold(w) for w in words(name)) for name in names] for slug, names in _GAMES["names"].items()
}
GAME_TERMS = {fold(w) for terms in _GAMES.get("keep", {}).values() for w in terms}


def named_game(text: str) -> tuple[str, list[str]] | None:
    """(game slug, the words of the name to drop from the query) when the query names exactly one game."""
    typed = words(text)
    folded = [fold(w) for w in typed]
    found = {}
    for slug, names in GAME_NAMES.items():
        for name in sorted(names, key=len, reverse=True):
            for start in range(len(folded) - len(name) + 1):
                if tuple(folded[start : start + len(name)]) == name:
                    found.setdefault(slug, (start, len(name)))
                    break
    if len(found) != 1:
        return None
    slug, (start, length) = found.popitem()
    return slug, [w for w in typed[start : start + length] if fold(w) not in GAME_TERMS]


# Queries ---------------------------------------------------------------------------------------------


@dataclass
class Idea:
    """One thing the query asks about, with the token groups that cover it and how well (weight)."""

    text: str  # as the user typed it (or the phrase the synonym matched)
    alternatives: dict[tuple[str, ...], float] = field(default_factory=dict)
    corrected: str = ""  # the vocabulary word a typo was corrected to
    home: str = ""  # the game whose own English term the idea is ("sideboard": meccg)

    def add(self, tokens, weight: float):
        key = tuple(tokens)
        if key and weight > self.alternatives.get(key, 0):
            self.alternatives[key] = weight

    @property
    def tokens(self) -> set[str]:
        return {t for group in self.alternatives for t in group}


@dataclass
class AnalysedQuery:
    text: str
    ideas: list[Idea]
    folded_words: list[str]  # the meaningful words, folded (for glossary name matching)
    hints: list[Idea] = field(default_factory=list)  # what a question phrase asks for; adds, never required
    counts: bool = False  # the question asks for a number ("wie viele", "maximal"): sentences with one answer
    negated: bool = False  # the question says "nicht"/"kein": a sentence's negated words still answer it

    @property
    def tokens(self) -> set[str]:
        return {t for idea in (*self.ideas, *self.hints) for t in idea.tokens}


def _question_hints(raw: list[str]) -> list[Idea]:
    hints = []
    folded = [fold(w) for w in raw]
    for i in range(len(folded)):
        for length in (2, 1):
            phrase = " ".join(folded[i : i + length])
            if len(folded[i : i + length]) == length and phrase in QUESTION_HINTS:
                hint = Idea(text=phrase)
                for word in QUESTION_HINTS[phrase]:
                    hint.add((stem(word),), SYNONYM)
                hints.append(hint)
                break
    return hints[:1]


def _leaves(word: str) -> list[str]:
    """A word's innermost compound parts, or its stem when it is no compound."""
    parts = compound_parts(word)
    return [p for p in parts if not any(p != q and p.startswith(q) for q in parts)] or [stem(word)]


def add_word(idea: Idea, word: str, weight: float = EXACT):
    """Alternatives of one word: its stem, its verb infinitive, its compound parts (all needed together).

    A hyphenated word ("Sauron-Spieler") is indexed whole and by its pieces, so it is looked up both ways.
    """
    pieces = [p for p in re.split(r"[-'’/]", word) if p]
    if len(pieces) > 1:
        idea.add((stem("".join(pieces)),), weight)
        idea.add(tuple(dict.fromkeys(t for piece in pieces for t in _leaves(piece))), weight * HYPHEN_PARTS)
        return
    idea.add((stem(word),), weight)
    if fold(word) in DIGITS:
        idea.add((stem(DIGITS[fold(word)]),), weight)
    for derived in derived_stems(word):
        idea.add((derived,), weight * DERIVED)
    parts = compound_parts(word)
    if parts:
        leaves = [p for p in parts if not any(p != q and p.startswith(q) for q in parts)]
        idea.add(tuple(leaves), weight * PARTS)


def synonyms_of(phrase: str) -> list[str]:
    """The rulebooks' words for a German synonym or an English term (in any inflection)."""
    found = [*SYNONYMS.get(german_key(phrase), []), *ENGLISH.get(english_key(phrase), [])]
    if " " not in phrase:
        for derived in derived_stems(phrase):  # a verb form: "fängt" -> "fangen"
            found.extend(SYNONYMS.get(derived, []))
    return list(dict.fromkeys(found))


def _add_synonyms(idea: Idea, phrase: str):
    for synonym in synonyms_of(phrase):
        meaningful = [w for w in words(synonym) if fold(w) not in ARTICLES]
        if len(meaningful) == 1:
            add_word(idea, meaningful[0], SYNONYM)
        elif meaningful:
            idea.add(tuple(stem(w) for w in meaningful), SYNONYM)  # as in a heading ("Der Eine Ring")
            # running text is indexed without filler: "auf die Lauer" is "Lauer" there
            content = [w for w in meaningful if fold(w) not in STOPWORDS]
            if content and len(content) < len(meaningful):
                idea.add(tuple(stem(w) for w in content), SYNONYM * PARTS)


def phrase_idea(phrase_words: list[str]) -> Idea:
    phrase = " ".join(phrase_words)
    idea = Idea(text=phrase)
    if len(phrase_words) == 1:
        add_word(idea, phrase_words[0])
    else:
        idea.add(tuple(stem(w) for w in phrase_words if fold(w) not in STOPWORDS), EXACT)
    _add_synonyms(idea, phrase)
    idea.home = HOME_GAME.get(english_key(phrase), "")
    return idea


# Filler, negations and the words of question phrases: what a query word written with ae/oe/ue may stand for.
FUNCTION_WORDS = STOPWORDS | NEGATIONS | {w for phrase in [*QUESTION_HINTS, *COUNT_WORDS] for w in phrase.split()}


def untranscribed(word: str) -> str:
    """A filler or question word typed with "ae"/"oe"/"ue" for its umlaut ("ueber", "hoechstens") as the
    word lists hold it ("uber", "hochstens"); any other word as it is (Snowball reads "Tuerme" itself)."""
    folded = fold(word)
    if folded in FUNCTION_WORDS or not re.search(r"[aou]e", folded):
        return word
    plain = re.sub(r"([aou])e", r"\1", folded)
    return plain if plain in FUNCTION_WORDS else word


def analyse_query(text: str) -> AnalysedQuery:
    # A hyphenated English or colloquial phrase is looked up as the phrase ("on-guard" = "on guard").
    raw = [
        untranscribed(piece)
        for word in words(text)
        for piece in (word.split("-") if "-" in word and synonyms_of(word.replace("-", " ")) else [word])
    ]
    # A particle closing the question joins its verb ("Wann zieht man Karten nach?").
    particle = fold(raw[-1]) if len(raw) > 1 and fold(raw[-1]) in PARTICLES else ""
    ideas: list[Idea] = []
    folded_words: list[str] = []
    i = 0
    while i < len(raw):
        # Longest synonym phrase first ("hazard limit" before "hazard").
        for length in (3, 2):
            chunk = raw[i : i + length]
            if len(chunk) == length and synonyms_of(" ".join(chunk)):
                ideas.append(phrase_idea(chunk))
                folded_words.append(fold(" ".join(chunk)))
                i += length
                break
        else:
            word = raw[i]
            i += 1
            folded = fold(word)
            if folded in STOPWORDS or folded in QUESTION_HINTS or (len(word) < 2 and not word.isdigit()):
                continue
            idea = phrase_idea([word])
            if particle and word[:1].islower() and i < len(raw):
                # The verb without its particle often means something else ("fängt" vs "fängt … an").
                idea.alternatives = {group: weight * UNJOINED for group, weight in idea.alternatives.items()}
                for token in (stem(particle + folded), *derived_stems(particle + folded)):
                    idea.add((token,), EXACT)
                _add_synonyms(idea, particle + folded)  # "fängt … an" -> "anfangen" -> "beginnen"
            ideas.append(idea)
            folded_words.append(folded)
    if not ideas:
        # Only filler ("Was ist das?"): search for the words as typed rather than for nothing.
        for word in raw:
            if len(word) >= 2:
                ideas.append(phrase_idea([word]))
                folded_words.append(fold(word))
    hints = _question_hints(raw)
    folded_raw = [fold(w) for w in raw]
    counts = any(w in COUNT_WORDS for w in folded_raw) or any(
        f"{a} {b}" in COUNT_WORDS for a, b in itertools.pairwise(folded_raw)
    )
    negated = any(w in NEGATIONS for w in folded_raw)
    return AnalysedQuery(text=text, ideas=ideas, folded_words=folded_words, hints=hints, counts=counts, negated=negated)
