"""Pieces of the log's texts: a marked template with its parameters, a signed modifier, a region's name."""

from __future__ import annotations

from matches.engine.base import State, Text


def _text(template: str, **params) -> Text:
    return Text(template, params)


def part(template: str, **params) -> dict:
    """A piece of a log text in the reader's language: a marked German template (``gettext_noop``) with its
    own parameters, passed as a parameter of another text (``base.with_names`` renders it; a list of parts
    is joined by commas)."""
    return Text(template, params).to_json()


def region_name(state: State, name: str) -> str:
    """A region by its German name where the card data has one (states from before issue 31: the English)."""
    return (state.get("regions") or {}).get(name, {}).get("name_de") or name


def signed(value: int) -> str:
    """+2, −1, ±0: a modifier as the log prints it (no words, the same in every language)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"
