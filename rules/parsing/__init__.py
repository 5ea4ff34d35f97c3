"""Rulebook parsers: one module per book, each exposing ``parse(text: str) -> ParsedBook``."""
