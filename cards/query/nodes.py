"""The parsed query: a small tree of frozen dataclasses, independent of Django."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Word:
    """A free word: names (German, English, typo-tolerant) and card text."""

    text: str
    pos: int


@dataclass(frozen=True)
class Phrase:
    """A quoted phrase: searched as it stands in names and text."""

    text: str
    pos: int


@dataclass(frozen=True)
class Exact:
    """!"Name": the German or English name, exactly (case ignored)."""

    text: str
    pos: int


@dataclass(frozen=True)
class Field:
    """field op value; ``value`` is already resolved (English stored value, list of them, or int)."""

    key: str
    op: str
    value: object
    pos: int


@dataclass(frozen=True)
class Flag:
    key: str  # unique, agent, avatar
    pos: int


@dataclass(frozen=True)
class Option:
    key: str  # sort or order
    value: str
    pos: int


@dataclass(frozen=True)
class Not:
    item: object
    pos: int


@dataclass(frozen=True)
class And:
    items: tuple


@dataclass(frozen=True)
class Or:
    items: tuple


@dataclass
class Query:
    expr: object | None
    sort: str | None = None
    order: str | None = None
    ranked_words: list[str] = field(default_factory=list)  # positive free words and exact names
