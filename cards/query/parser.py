"""Recursive-descent parser for the card query language.

    query   := or_expr EOF
    or_expr := and_expr (("or" | "oder") and_expr)*
    and_expr:= unary (("and" | "und")? unary)*
    unary   := "-" unary | "(" or_expr ")" | term
    term    := WORD | "PHRASE" | !"EXACT" | field op value

sort:/order: may only stand at the top level (not negated, not inside "or" or parentheses).
"""

from django.utils.translation import gettext as _

from . import keyed
from . import vocabulary as voc
from .errors import QuerySyntaxError
from .lexer import T, Token, at, tokenize
from .nodes import And, Exact, Field, Flag, Not, Option, Or, Phrase, Query, Word

MAX_DEPTH = 20
MAX_TERMS = 40

_NUMERIC_OPS = {":", "=", "!=", "<", "<=", ">", ">="}
_TEXT_OPS = {":", "=", "!="}


def parse(text: str) -> Query:
    """Parse a query string; raise QuerySyntaxError (position + German message) if it is malformed."""
    return _Parser(tokenize(text or "")).parse()


class _Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.i = 0
        self.terms = 0

    def peek(self) -> Token:
        return self.tokens[self.i]

    def next(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def parse(self) -> Query:
        if self.peek().kind is T.EOF:
            return Query(expr=None)
        expr = self.or_expr(0)
        token = self.peek()
        if token.kind is T.RPAREN:
            raise at(token.pos, _("Schließende Klammer ohne passende öffnende Klammer"))
        if token.kind is not T.EOF:  # pragma: no cover - or_expr consumes everything else
            raise at(token.pos, _("Unerwartetes Zeichen"))
        return _finish(expr)

    def or_expr(self, depth: int):
        items = [self.and_expr(depth)]
        while self.peek().kind is T.OR:
            token = self.next()
            if self.peek().kind in (T.EOF, T.RPAREN, T.OR):
                raise at(token.pos, _("Nach „%(word)s“ fehlt ein Suchbegriff") % {"word": token.value})
            items.append(self.and_expr(depth))
        return items[0] if len(items) == 1 else Or(tuple(items))

    def and_expr(self, depth: int):
        items = []
        while True:
            token = self.peek()
            if token.kind in (T.EOF, T.RPAREN, T.OR):
                break
            if token.kind is T.AND:
                self.next()
                if not items or self.peek().kind in (T.EOF, T.RPAREN, T.OR, T.AND):
                    raise at(
                        token.pos, _("„%(word)s“ braucht links und rechts einen Suchbegriff") % {"word": token.value}
                    )
                continue
            items.append(self.unary(depth))
        if not items:
            token = self.peek()
            if token.kind is T.OR:
                raise at(token.pos, _("Vor „%(word)s“ fehlt ein Suchbegriff") % {"word": token.value})
            if token.kind is T.RPAREN:
                raise at(token.pos, _("Leere Klammern oder Klammer ohne Suchbegriff davor"))
            raise at(token.pos, _("Hier fehlt ein Suchbegriff"))
        return items[0] if len(items) == 1 else And(tuple(items))

    def unary(self, depth: int):
        if depth > MAX_DEPTH:
            raise at(self.peek().pos, _("Zu tief verschachtelt (höchstens %(n)d Ebenen)") % {"n": MAX_DEPTH})
        token = self.next()
        if token.kind is T.NOT:
            return Not(self.unary(depth + 1), token.pos)
        if token.kind is T.LPAREN:
            if self.peek().kind is T.RPAREN:
                raise at(token.pos, _("Leere Klammern"))
            inner = self.or_expr(depth + 1)
            if self.peek().kind is not T.RPAREN:
                raise at(token.pos, _("Diese Klammer wird nicht geschlossen"))
            self.next()
            return inner
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise at(token.pos, _("Zu viele Suchbegriffe (höchstens %(n)d)") % {"n": MAX_TERMS})
        if token.kind is T.WORD:
            flag = voc.BARE_FLAGS.get(voc.normalise(token.value))
            return Flag(flag, token.pos) if flag else Word(token.value, token.pos)
        if token.kind is T.PHRASE:
            return Phrase(token.value, token.pos)
        if token.kind is T.EXACT:
            return Exact(token.value, token.pos)
        if token.kind is T.FIELD:
            return _field(token)
        # NOT/LPAREN handled above; EOF, RPAREN, OR, AND never reach here from and_expr.
        raise at(token.pos, _("Hier fehlt ein Suchbegriff"))


def _field(token: Token):
    spec = voc.FIELDS.get(voc.normalise(token.field))
    if spec is None:
        names = ", ".join(sorted({aliases[0] for aliases, _spec in voc.SPECS}))
        raise at(
            token.pos,
            _("Unbekanntes Feld „%(field)s“. Bekannte Felder: %(names)s") % {"field": token.field, "names": names},
        )
    allowed = _NUMERIC_OPS if spec.kind == voc.NUMBER else _TEXT_OPS
    if spec.kind in (voc.FLAG, voc.OPTION):
        allowed = {":", "="}
    if token.op not in allowed:
        raise at(
            token.pos,
            _("Der Vergleich „%(op)s“ geht bei „%(field)s“ nicht, nur %(ops)s")
            % {"op": token.op, "field": token.field, "ops": " ".join(sorted(allowed))},
        )
    op = "=" if token.op in (":", "=") else token.op
    value = token.value
    if spec.kind == voc.NUMBER:
        try:
            number = int(value)
        except ValueError:
            raise at(
                token.value_pos, _("„%(field)s“ braucht eine ganze Zahl, nicht „%(value)s“") % {**_fv(token)}
            ) from None
        if abs(number) > 1000:
            raise at(token.value_pos, _("Die Zahl %(value)s ist zu groß") % {"value": value})
        return Field(spec.key, op, number, token.pos)
    if spec.kind == voc.ENUM:
        resolved = voc.lookup(spec.table, value)
        if resolved is None and spec.key == "type" and voc.lookup("subtype", value):
            # typ:kreatur is what people type for the subtype; accept it.
            return Field("subtype", op, voc.lookup("subtype", value), token.pos)
        if resolved is None:
            raise at(
                token.value_pos,
                _("Unbekannter Wert „%(value)s“ für „%(field)s“. Möglich sind: %(known)s")
                % {**_fv(token), "known": ", ".join(voc.known_values(spec.table))},
            )
        return Field(spec.key, op, resolved, token.pos)
    if spec.kind == voc.KEYED:
        return Field(spec.key, op, keyed.parse_value(value, token.content_pos, token.field), token.pos)
    if spec.kind == voc.FLAG:
        flag = voc.FLAGS.get(voc.normalise(value))
        if flag is None:
            raise at(
                token.value_pos,
                _("Unbekannte Eigenschaft „%(value)s“. Möglich sind: %(known)s")
                % {"value": value, "known": ", ".join(sorted(voc.FLAGS))},
            )
        return Flag(flag, token.pos) if op == "=" else Not(Flag(flag, token.pos), token.pos)
    if spec.kind == voc.OPTION:
        keys = voc.SORT_KEYS if spec.key == "sort" else voc.ORDER_KEYS
        resolved = keys.get(value.lower()) or keys.get(voc.normalise(value))
        if resolved is None:
            raise at(
                token.value_pos,
                _("Unbekannter Wert „%(value)s“ für „%(field)s“. Möglich sind: %(known)s")
                % {**_fv(token), "known": ", ".join(sorted(keys))},
            )
        return Option(spec.key, resolved, token.pos)
    # TEXT: known German words map to stored values, anything else is searched as typed.
    resolved = voc.lookup(spec.table, value) if spec.table else None
    return Field(spec.key, op, resolved if resolved is not None else value, token.pos)


def _fv(token: Token) -> dict:
    return {"field": token.field, "value": token.value}


def _finish(expr) -> Query:
    """Pull top-level sort:/order: options out of the tree; reject them anywhere else."""
    top = list(expr.items) if isinstance(expr, And) else [expr]
    query = Query(expr=None)
    rest = []
    for item in top:
        if isinstance(item, Option):
            setattr(query, item.key, item.value)
        else:
            rest.append(item)
    for item in rest:
        _reject_nested_options(item)
        _collect_ranked(item, query.ranked_words)
    query.expr = None if not rest else rest[0] if len(rest) == 1 else And(tuple(rest))
    return query


def _reject_nested_options(node):
    if isinstance(node, Option):
        raise at(node.pos, _("„%(key)s:“ darf nur außerhalb von Klammern, „oder“ und „-“ stehen") % {"key": node.key})
    for child in _children(node):
        _reject_nested_options(child)


def _collect_ranked(node, words: list[str]):
    """Words that should lift matching names to the top: free words and exact names not under a negation."""
    if isinstance(node, Word | Exact | Phrase):
        words.append(node.text)
    elif isinstance(node, And | Or):
        for child in node.items:
            _collect_ranked(child, words)


def _children(node):
    if isinstance(node, And | Or):
        return node.items
    if isinstance(node, Not):
        return (node.item,)
    return ()


__all__ = ["QuerySyntaxError", "parse"]
