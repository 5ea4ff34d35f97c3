"""The card query language: lexer -> parser (AST in nodes.py) -> compile (Django Q)."""

from .errors import QuerySyntaxError
from .parser import parse

__all__ = ["QuerySyntaxError", "parse"]
