"""Which parser reads which game's rulebook. Modules are imported lazily, so a missing one only fails its book."""

import importlib
from types import ModuleType

PARSERS = {
    "meccg": "rules.parsing.meccg",
    "zwei-tuerme": "rules.parsing.zwei_tuerme",
    "sauron": "rules.parsing.sauron",
    "abenteuer-in-mittelerde": "rules.parsing.mittelerde_quest",
    "schatten-der-macht": "rules.parsing.schatten_der_macht",
}


class UnknownGame(LookupError):
    pass


class ParserMissing(LookupError):
    pass


def load_parser(game_slug: str) -> ModuleType:
    """The parser module for a game (it offers ``parse(text) -> ParsedBook``)."""
    try:
        module_name = PARSERS[game_slug]
    except KeyError:
        known = ", ".join(PARSERS)
        raise UnknownGame(f"Unbekanntes Spiel „{game_slug}“. Bekannt sind: {known}.") from None
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        raise ParserMissing(
            f"Für „{game_slug}“ gibt es noch keinen Regelheft-Parser (Modul {module_name} fehlt)."
        ) from None
    if not callable(getattr(module, "parse", None)):
        raise ParserMissing(f"Das Modul {module_name} bietet keine Funktion parse(text).")
    return module
