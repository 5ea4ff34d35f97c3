"""Split a card query into tokens; every token remembers where it starts (0-based offset)."""

import re
from dataclasses import dataclass
from enum import Enum

from django.utils.translation import gettext as _

from . import vocabulary as voc
from .errors import QuerySyntaxError

MAX_QUERY_LENGTH = 500


class T(Enum):
    LPAREN = "("
    RPAREN = ")"
    NOT = "-"
    OR = "or"
    AND = "and"
    WORD = "word"
    PHRASE = "phrase"
    EXACT = "exact"
    FIELD = "field"
    EOF = "eof"


@dataclass(frozen=True)
class Token:
    kind: T
    pos: int
    value: str = ""
    field: str = ""  # FIELD only: the field name as typed
    op: str = ""  # FIELD only: one of : = != < <= > >=
    value_pos: int = 0  # FIELD only: where the value starts
    content_pos: int = 0  # FIELD only: where the value's first character is (after an opening quote)


OR_WORDS = {"or", "oder"}
AND_WORDS = {"and", "und"}
# A field is letters followed by an operator; longest operators first.
_FIELD = re.compile(r"([^\W\d_]+)(!=|<=|>=|:|=|<|>)", re.UNICODE)
_STOP = set(' \t\r\n\f\v()"')
_OP = re.compile(r"!=|<=|>=|:|=|<|>")


def at(pos: int, message: str) -> QuerySyntaxError:
    """Build the error with the position named in the German message (1-based for people)."""
    return QuerySyntaxError(pos, _("%(message)s (bei Zeichen %(n)d)") % {"message": message, "n": pos + 1})


def _phrase(text: str, start: int) -> tuple[str, int]:
    """Read a quoted phrase starting at the opening quote; return (content, index after it)."""
    end = text.find('"', start + 1)
    if end == -1:
        raise at(start, _("Das Anführungszeichen wird nicht geschlossen"))
    content = text[start + 1 : end].strip()
    if not content:
        raise at(start, _("Zwischen den Anführungszeichen steht nichts"))
    return content, end + 1


def _run(text: str, start: int) -> int:
    end = start
    while end < len(text) and text[end] not in _STOP:
        end += 1
    return end


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_QUERY_LENGTH:
        raise at(MAX_QUERY_LENGTH, _("Die Suche ist zu lang (höchstens %(n)d Zeichen)") % {"n": MAX_QUERY_LENGTH})
    for index, ch in enumerate(text):
        # NUL and other control characters cannot reach the database (PostgreSQL rejects NUL).
        if (ord(ch) < 32 and not ch.isspace()) or ord(ch) == 127:
            raise at(index, _("Die Suche enthält ein unzulässiges Steuerzeichen"))
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == "(":
            tokens.append(Token(T.LPAREN, i))
            i += 1
        elif ch == ")":
            tokens.append(Token(T.RPAREN, i))
            i += 1
        elif ch == '"':
            content, after = _phrase(text, i)
            tokens.append(Token(T.PHRASE, i, content))
            i = after
        elif ch == "-":
            if i + 1 >= n or text[i + 1].isspace() or text[i + 1] in ")-":
                raise at(i, _("Nach „-“ fehlt der Suchbegriff, der ausgeschlossen werden soll"))
            tokens.append(Token(T.NOT, i))
            i += 1
        elif ch == "!" and i + 1 < n and text[i + 1] == '"':
            content, after = _phrase(text, i + 1)
            tokens.append(Token(T.EXACT, i, content))
            i = after
        elif ch == "!":
            end = _run(text, i + 1)
            if end == i + 1:
                raise at(i, _('Nach „!“ fehlt der genaue Kartenname, z. B. !"Gandalf"'))
            tokens.append(Token(T.EXACT, i, text[i + 1 : end]))
            i = end
        else:
            i = _word_or_field(text, i, tokens)
    tokens.append(Token(T.EOF, n))
    return tokens


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _word_or_field(text: str, i: int, tokens: list[Token]) -> int:
    end = _run(text, i)
    run = text[i:end]
    match = _FIELD.match(run)
    if match is None:
        # "geist >= 9": a known field name, then spaces and an operator, is the same as "geist>=9".
        op_at = _skip_space(text, end)
        op = _OP.match(text, op_at) if voc.FIELDS.get(voc.normalise(run)) and op_at > end else None
        if op is None:
            if _OP.match(run):
                raise at(i, _("Vor „%(op)s“ fehlt ein Feldname, z. B. geist>=9") % {"op": _OP.match(run).group()})
            lowered = run.lower()
            kind = T.OR if lowered in OR_WORDS else T.AND if lowered in AND_WORDS else T.WORD
            tokens.append(Token(kind, i, run))
            return end
        name, op, value_pos = run, op.group(), op.end()
    else:
        name, op, value_pos = match.group(1), match.group(2), i + match.end()
    # Spaces between operator and value are allowed too ("name: gandalf").
    start = _skip_space(text, value_pos)
    content = start
    if start < len(text) and text[start] == '"':
        value, end = _phrase(text, start)
        content = _skip_space(text, start + 1)
    else:
        end = _run(text, start)
        value = text[start:end]
    if not value:
        raise at(start, _("Nach „%(field)s%(op)s“ fehlt ein Wert") % {"field": name, "op": op})
    tokens.append(Token(T.FIELD, i, value, field=name, op=op, value_pos=start, content_pos=content))
    return end
