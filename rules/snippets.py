"""The answer snippet: the sentences of a section that answer the question, not just the densest in its words.

Each sentence is scored (``_score``) by

- the query's ideas it names itself, and a little for those the section's heading names (the heading is the
  topic of every sentence below it, so it hardly tells them apart);
- what the question asks for: a number for "wie viele"/"maximal"/"how many" (digits, "drei", "Hälfte", "Anzahl",
  and the words that state a limit, "höchstens", "bis zu", "maximale"), a rule for "darf/kann/muss …?" (modal
  verbs, "nicht", "nur", "immer"), a condition for "wann" ("wenn", "sobald"), a consequence for "was passiert",
  a way for "wie funktioniert/wie werde ich …" ("indem", "zunächst", "muss"), a person for "wer";
- for a bare term ("Trophäen", "corruption check"), whose every idea the heading already names: the section's
  opening, which says what the term is (and less for other sentences that only say what something "ist");
- less for a sentence that only repeats the question ("besagt, wie viele Gefahrenkarten …"), for an example
  ("Beispiel: …") and for length.

The best sentence is shown with what it needs: the sentence before it when it opens with a pronoun or
connective ("Sie darf nicht größer als 7 sein"), the list after a lead-in ("… geschieht Folgendes:"), the next
sentence when it is short. The next best sentence elsewhere in the section follows after "…" when both fit
(``SECOND_CHARS``), as a search engine shows two fragments: often one names the topic, the other the rule.
The weights were set on the question sets tests/rules/data/questions{,_holdout,_fresh}.toml (each question
with the phrase that answers it) and checked on questions_newcomer.toml, which was not used to set them.
"""

import html
import math
import re
from dataclasses import dataclass

from . import analysis
from .analysis import AnalysedQuery, Sentences, fold

SNIPPET_WIDTH = 260  # an opening beyond the first page of results shows this many characters
BEFORE_CHARS = 400  # the sentence before a back-reference is added while the fragment stays this short
NEXT_CHARS = 260  # … the next sentence, when the best one is short (SHORT) or the next goes on from it
SHORT = 120
LIST_CHARS = 480  # a lead-in's list is shown while the fragment stays this short
SECOND_CHARS = 440  # a second fragment is added while both together stay this short
SECOND_SHARE = 0.1  # … and when its sentence scores at least this share of the best one
CUT_CHARS = 620  # a fragment longer than this is cut at a word

# Weights of a sentence's features (see the module's docstring); ideas are counted as a share of the query's.
OWN, CONTEXT, RARE = 1.3, 0.6, 1.0  # the ideas the sentence names; with the heading's; weighted by rarity
OPENING, POSITION = 0.1, -0.02  # the section's first sentence; log(1 + place) further down
TERM_OPENING = 1.5  # the opening, for a bare term
CLEAN_NUMBER, LIMIT, LOOSE_LIMIT, SAME_NUMBER = 1.25, 1.1, -0.5, 0.75
RULE, OPTIONAL, CONDITION, CONSEQUENCE, WAY, PERSON, WHOEVER, BEGINNING = 0.75, 0.75, 0.4, 0.3, 0.75, 0.5, 0.5, 1.0
ECHO, EXAMPLE, DEFINING, PER_100_CHARACTERS = -1.0, -0.5, -0.25, -0.05

_COUNT_Q = re.compile(
    r"\b(wie ?viele?|wie ?[vf][ie]{1,2}l\w*|wie (gross|groß|oft|weit|lange?|hoch)|maximal|hoechstens|höchstens|"
    r"mindestens|limit\w*|anzahl|how (many|much|big|far|often|long)|max(imum)?|min(imum)?)\b"
)
_YESNO_Q = re.compile(
    r"^(darf|dürfen|duerfen|kann|können|koennen|muss|müssen|muessen|ist|sind|gibt|gilt|zählt|zaehlt|zählen|"
    r"zaehlen|wird|werden|bleibt|bleiben|verliere|verliert|bekomme|bekommt|kriege|hat|haben|geht|gehen|"
    r"wirkt|hilft|can|may|must|is|are|do|does)\b|\b(darf|dürfen|kann|können|muss|müssen|erlaubt|verboten|"
    r"allowed|can|may|must)\b"
)
_WHEN_Q = re.compile(r"\b(wann|when|sobald)\b")
_HAPPENS_Q = re.compile(r"\b(was (passiert|geschieht|tun|mache|macht|passieren)|what happens|was ist wenn)\b")
_HOW_Q = re.compile(
    r"\b(wie (funktioniert|geht|werde|werden|wird|kann|bewege|spiele|heile|bezahle|baue|kaufe|erwerbe|trainiere|"
    r"teste|befreie|bilde|bestimm\w*)|how)\b"
)
_WHO_Q = re.compile(r"\b(wer|wem|who)\b")
_BEGIN_Q = re.compile(r"\b(anfang|zu beginn|start|spielbeginn|aufbau|vorbereitung|zuerst|beginnt|fängt|faengt)\b")
_CLEAN_NUMBER = re.compile(
    r"\d|\b(zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|einmal|zweimal|dreimal|doppelt|hälfte|halb|"
    r"einzige[nrs]?|anzahl|entspricht)\b"
)
_LIMIT = re.compile(
    r"\b(maximal\w*|maximum|höchst\w*|hoechst\w*|mindest\w*|bis zu|nicht mehr als|nicht größer|nicht weniger|"
    r"genau|nur|kein\w* begrenzung|kein \w*limit|anzahl)\b|maximum"
)
_LOOSE_LIMIT = re.compile(
    r"\b(höchstens|hoechstens|maximal|mindestens|bis zu|nicht mehr als|nicht größer|nicht weniger|"
    r"beliebig\w*|keine begrenzung|kein \w*limit|genau|nur)\b"
)  # weighs against LIMIT: "nur", "genau", "beliebig" alone state no number
_OPTIONAL = re.compile(
    r"\b(darauf verzichten|freiwillig|optional|wahlweise|muss nicht|müssen nicht|nicht müssen|braucht nicht|"
    r"jederzeit)\b"
)  # "muss ich …?" answered by "darf darauf verzichten"
_RULE = re.compile(
    r"\b(darf|dürfen|darfst|kann|können|kannst|muss|müssen|musst|erlaubt|nicht|keine?[nmrs]?|nie|niemals|nur|"
    r"immer|stets|auch)\b"
)
_CONDITION = re.compile(r"\b(wenn|sobald|falls|solange|sofern|bevor|nachdem|am ende|zu beginn|während)\b")
_CONSEQUENCE = re.compile(r"\b(wird|werden|muss|müssen|darf|dürfen|so|dann|sofort)\b")
_WAY = re.compile(r"\b(indem|dazu|zunächst|zuerst|anschließend|danach|muss|müssen)\b|\d\)")
_PERSON = re.compile(
    r"\b(der spieler|die spieler|derjenige|diejenige|jeder spieler|jede[rs]?|beginnt|beginnen|abwechselnd|"
    r"der erste|der gegner|der angreifer|der verteidiger|sauron)\b"
)
_BEGINNING = re.compile(r"\b(beginnt|beginnen|start\w*|zu beginn|spielbeginn|zuerst|als erste\w*)\b")
# Numbers a question names ("bei 3 Spielern", "zu dritt"): the sentence naming the same is the specific one.
_NUMBER_WORDS = {"zwei": "2", "drei": "3", "vier": "4", "fünf": "5", "sechs": "6", "sieben": "7", "acht": "8",
                 "neun": "9", "zehn": "10", "zweit": "2", "dritt": "3", "viert": "4", "two": "2", "three": "3",
                 "four": "4", "five": "5"}  # fmt: skip
_DEFINING = re.compile(r"\b(ist|sind|gilt|gelten|bezeichnet|besagt|bedeutet|stellt|stellen|heißt|heisst|zählt|"
                       r"zählen|entspricht)\b")  # fmt: skip
_ECHO = re.compile(r"\b(wie viele?|wieviele?|welche[rsnm]?|wie oft|ob)\b")  # repeats the question, answers not
# A sentence opening with one of these goes on from the sentence before it.
_BACK_REFERENCE = re.compile(
    r"^(sie|er|es|dies|diese[rnms]?|das|dabei|dann|danach|dort|hierbei|dazu|damit|außerdem|ausserdem|"
    r"allerdings|jedoch|somit|daher|deshalb|so|ebenso|auch|anschließend|anschliessend|stattdessen|"
    r"ansonsten|dadurch)\b"
)
# The index splits at every full stop before a capital or digit; for display a stop after an abbreviation
# ("s. S. 22", "z. B. Gollum", "bzw.") ends no sentence.
_ABBREVIATION_END = re.compile(
    r"(?:\b[sSzZdu]\.|\b[zZ]\. ?B\.|\bd\. h\.|\bu\. a\.|\b(?:bzw|ggf|vgl|Nr|ca|evtl|inkl|usw|etc|Abb|Bsp|max|min)\.)$"
)


@dataclass(frozen=True)
class Asked:
    """What kind of answer the question wants, read from its wording."""

    count: bool = False
    yes_no: bool = False
    when: bool = False
    happens: bool = False
    how: bool = False
    who: bool = False
    beginning: bool = False
    numbers: frozenset = frozenset()  # the numbers the question names, as digits


def asked(analysed: AnalysedQuery) -> Asked:
    text = " ".join(analysed.text.casefold().split())
    return Asked(
        count=analysed.counts or bool(_COUNT_Q.search(text)),
        yes_no=bool(_YESNO_Q.search(text)),
        when=bool(_WHEN_Q.search(text)),
        happens=bool(_HAPPENS_Q.search(text)),
        how=bool(_HOW_Q.search(text)),
        who=bool(_WHO_Q.search(text)),
        beginning=bool(_BEGIN_Q.search(text)),
        numbers=_numbers(text),
    )


def _numbers(folded: str) -> frozenset:
    found = set(re.findall(r"\b\d+\b", folded))
    found.update(digit for word, digit in _NUMBER_WORDS.items() if re.search(rf"\b{word}", folded))
    return frozenset(found)


def covered_weight(tokens, analysed: AnalysedQuery) -> float:
    """How much of the query a sentence with these tokens covers (the best alternative of each idea)."""
    return sum(
        max((weight for group, weight in idea.alternatives.items() if all(t in tokens for t in group)), default=0)
        for idea in analysed.ideas
    )


def _kind_bonus(folded: str, wants: Asked) -> float:
    """What the sentence offers of the kind of answer asked for."""
    found = [
        (wants.count and _CLEAN_NUMBER.search(folded), CLEAN_NUMBER),
        (wants.count and _LIMIT.search(folded), LIMIT),
        (wants.count and _LOOSE_LIMIT.search(folded), LOOSE_LIMIT),
        (wants.numbers and not wants.numbers.isdisjoint(_numbers(folded)), SAME_NUMBER),
        (wants.yes_no and _RULE.search(folded), RULE),
        (wants.yes_no and _OPTIONAL.search(folded), OPTIONAL),
        (wants.when and _CONDITION.search(folded), CONDITION),
        (wants.happens and _CONDITION.search(folded) and _CONSEQUENCE.search(folded), CONSEQUENCE),
        (wants.how and _WAY.search(folded), WAY),
        (wants.who and _PERSON.search(folded), PERSON),
        (wants.who and folded.startswith("wer "), WHOEVER),
        (wants.beginning and _BEGINNING.search(folded), BEGINNING),
    ]
    return sum(weight for hit, weight in found if hit)


def _score(place: int, text: str, tokens, context: "_Context") -> float:
    analysed, wants = context.analysed, context.wants
    folded = text.casefold()
    ideas = max(1, len(analysed.ideas))
    score = (
        OWN * covered_weight(tokens, analysed) + CONTEXT * covered_weight(tokens | context.heading, analysed)
    ) / ideas
    score += RARE * context.rare_share(tokens)
    score += (OPENING + (TERM_OPENING if context.term else 0.0)) if place == 0 else POSITION * math.log1p(place)
    score += _kind_bonus(folded, wants)
    if context.term and _DEFINING.search(folded):
        score += DEFINING
    if _ECHO.search(folded):
        score += ECHO
    if text.startswith("Beispiel"):
        score += EXAMPLE
    return score + PER_100_CHARACTERS * len(text) / 100


@dataclass
class _Context:
    """What scoring a section's sentences for one query needs."""

    analysed: AnalysedQuery
    wants: Asked
    heading: frozenset
    term: bool  # a bare term: every idea the query names, the heading names
    rarity: list[float]  # per idea: log(1 + sentences / sentences naming it); a rare idea tells more

    def rare_share(self, tokens) -> float:
        """The share of the ideas' rarity the sentence names: "Mithril" over the "Sauronkarte" of every line."""
        total = sum(self.rarity) or 1.0
        pairs = zip(self.analysed.ideas, self.rarity, strict=True)
        return sum(weight for idea, weight in pairs if _names(idea, tokens)) / total


def _names(idea, tokens) -> bool:
    return any(all(t in tokens for t in group) for group in idea.alternatives)


def _context(tokens, heading: frozenset, analysed: AnalysedQuery) -> _Context:
    term = bool(heading) and all(
        covered_weight(heading, analysed) >= covered_weight(heading | found, analysed) for found in tokens
    )
    rarity = []
    for idea in analysed.ideas:
        naming = sum(1 for found in tokens if _names(idea, found))
        rarity.append(math.log(1 + len(tokens) / naming) if naming else 0.0)
    return _Context(analysed, asked(analysed), heading, term, rarity)


def _fragment(best: int, texts: list[str]) -> tuple[int, int]:
    """The best sentence with what it needs: the sentence before a back-reference, the list after a lead-in, a
    short sentence's successor."""
    first = last = best
    back = first > 0 and _BACK_REFERENCE.match(texts[first].casefold())
    if back and len(texts[first - 1]) + len(texts[first]) <= BEFORE_CHARS:
        first -= 1
    lead_in = texts[last].rstrip().endswith(":")
    while last + 1 < len(texts):
        total = sum(len(t) for t in texts[first : last + 2])
        if texts[last].rstrip().endswith(":") or (lead_in and total <= LIST_CHARS and len(texts[last + 1]) < 200):
            last += 1
            continue
        goes_on = len(texts[last]) < SHORT or _BACK_REFERENCE.match(texts[last + 1].casefold())
        if last == best and total <= NEXT_CHARS and goes_on:
            last += 1
            continue
        break
    return first, last


def _joined(text: str, sentences: Sentences) -> Sentences:
    """The index's sentences with those split after an abbreviation joined again."""
    spans, tokens = list(sentences[0]), list(sentences[1])
    i = 0
    while i + 1 < len(spans):
        if _ABBREVIATION_END.search(text[spans[i][0] : spans[i][1]]):
            spans[i : i + 2] = [(spans[i][0], spans[i + 1][1])]
            tokens[i : i + 2] = [tokens[i] | tokens[i + 1]]
        else:
            i += 1
    return spans, tokens


def _fragments(texts: list[str], tokens, heading: frozenset, analysed: AnalysedQuery) -> list[tuple[int, int]]:
    """The best sentence's fragment and, when it fits, the next best sentence: joined to the fragment when it
    is its neighbour or one sentence away from it, else as a fragment of its own."""
    context = _context(tokens, heading, analysed)
    sentences = enumerate(zip(texts, tokens, strict=True))
    scores = [_score(place, text, found, context) for place, (text, found) in sentences]
    order = sorted(range(len(texts)), key=lambda i: (-scores[i], i))
    first, last = _fragment(order[0], texts)
    length = sum(len(t) for t in texts[first : last + 1])
    for other in order[1:]:
        if first <= other <= last:
            continue
        if scores[other] < SECOND_SHARE * scores[order[0]]:
            break
        apart = other < first - 2 or other > last + 2
        if apart and not covered_weight(tokens[other] | heading, analysed):
            continue  # a sentence apart that is on nothing asked for (nor under a heading that is) answers not
        if other in (first - 1, last + 1):
            if length + len(texts[other]) <= SECOND_CHARS:
                return [(min(first, other), max(last, other))]
            break
        if length + len(texts[other]) > SECOND_CHARS:
            break
        pair = sorted([(first, last), (other, other)])
        gap = pair[1][0] - pair[0][1] - 1
        if gap == 1 and length + len(texts[other]) + len(texts[pair[0][1] + 1]) <= SECOND_CHARS:
            return [(pair[0][0], pair[1][1])]  # one sentence between them: shown too, no "…" for it
        return pair
    return [(first, last)]


def answer_snippet(text: str, analysed: AnalysedQuery, sentences: Sentences | None = None, heading: str = "") -> str:
    """The sentence(s) of the text that best answer the query, escaped, the query's words in <mark>.

    ``sentences``: the text's sentence spans and tokens if already known (the index keeps them per section);
    ``heading``: the section's heading, the topic of all its sentences.
    """
    spans, tokens = _joined(text, sentences or analysis.sentence_tokens(text))
    if not spans:
        return ""
    texts = [text[slice(*span)] for span in spans]
    topic = frozenset(analysis.index_tokens(heading)) if heading else frozenset()
    pieces = []
    for first, last in _fragments(texts, tokens, topic, analysed):
        chosen = text[spans[first][0] : spans[last][1]]
        if len(chosen) > CUT_CHARS:
            chosen = chosen[:CUT_CHARS].rsplit(" ", 1)[0] + " …"
        pieces.append(("… " if first > 0 and not pieces else "") + highlight(chosen, analysed))
        end = last
    return " … ".join(pieces) + (" …" if end + 1 < len(spans) else "")


def opening(text: str) -> str:
    """The plain opening of a section, for hits beyond the first page of results."""
    return html.escape(text[:SNIPPET_WIDTH].rsplit(" ", 1)[0]) + " …"


def highlight(text: str, analysed: AnalysedQuery) -> str:
    """Escape the text and wrap every word that stands for one of the query's tokens in <mark>."""
    wanted = analysed.tokens
    out = []
    position = 0
    for match in analysis.WORD.finditer(text):
        word = match.group(0)
        if set(analysis.word_tokens(word)) & wanted and fold(word) not in analysis.STOPWORDS:
            out.append(html.escape(text[position : match.start()]))
            out.append(f"<mark>{html.escape(word)}</mark>")
            position = match.end()
    out.append(html.escape(text[position:]))
    return "".join(out)
