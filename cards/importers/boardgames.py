"""Import the board games' card data files (cards/data/*.toml), written by the project."""

import html
import tomllib
from pathlib import Path

import nh3
from django.db import transaction

from cards.models import Card, CardSet, CardType, Game, GermanCardText

from .meccg import ImportSummary

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
REQUIRED = ("code", "set", "name_de", "text_de")
# Keys stored in Card.attributes (shown on the card page).
EXTRA_KEYS = ("source", "note", "count")
# The games that have a data file in DATA_DIR (a test keeps this in step with the files).
BOARDGAME_SLUGS = ("sauron", "abenteuer-in-mittelerde")


class MalformedFile(ValueError):
    pass


def text_to_html(text: str) -> str:
    """Plain text with blank lines between paragraphs -> sanitised <p> HTML."""
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n\n") if p.strip()]
    return nh3.clean("".join(f"<p>{html.escape(p)}</p>" for p in paragraphs), tags={"p"})


def _card_values(raw: dict, game: Game, sets: dict[str, CardSet]) -> dict:
    missing = [key for key in REQUIRED if not str(raw.get(key) or "").strip()]
    if missing:
        raise ValueError(f"Pflichtfeld fehlt: {', '.join(missing)}")
    if raw["set"] not in sets:
        raise ValueError(f"unbekanntes Set „{raw['set']}“")
    return {
        "game": game,
        "card_set": sets[raw["set"]],
        "name_de": str(raw["name_de"]).strip(),
        "name_en": str(raw.get("name_en") or "").strip(),
        "names": {"de": str(raw["name_de"]).strip()},
        "card_type": CardType.COMPONENT,
        "subtype": str(raw.get("subtype") or ""),
        "is_unique": bool(raw.get("unique", False)),
        "text_de": text_to_html(str(raw["text_de"])),
        "attributes": {key: raw[key] for key in EXTRA_KEYS if key in raw},
    }


def load(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedFile(f"{path.name}: kein gültiges TOML ({exc})") from exc
    except UnicodeDecodeError as exc:
        # tomllib decodes UTF-8 itself and lets this through; a Latin-1 file must not end the import.
        raise MalformedFile(f"{path.name}: keine UTF-8-Datei (Byte {exc.start})") from exc
    except OSError as exc:
        raise MalformedFile(f"{path.name}: nicht lesbar ({exc.strerror or exc})") from exc
    if not isinstance(data.get("game"), str) or not isinstance(data.get("cards"), list):
        raise MalformedFile(f"{path.name}: „game“ oder die Liste „cards“ fehlt")
    sets = data.get("sets", [])
    if not isinstance(sets, list) or not all(isinstance(s, dict) and str(s.get("code") or "").strip() for s in sets):
        raise MalformedFile(f"{path.name}: „sets“ muss eine Liste von Tabellen mit „code“ sein")
    return data


def data_files(path: Path) -> list[Path]:
    """The *.toml files to import: ``path`` itself if it is a file, else the files in the folder."""
    path = Path(path)
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise FileNotFoundError(f"Datei oder Ordner nicht gefunden: {path}")
    return sorted(path.glob("*.toml"))


@transaction.atomic
def import_file(
    path: Path, summary: ImportSummary, seen: set[str], log=lambda m: None, games: tuple[str, ...] | None = None
) -> None:
    data = load(path)
    if games is not None and data["game"] not in games:
        return
    try:
        game = Game.objects.get(slug=data["game"])
    except Game.DoesNotExist as exc:
        raise MalformedFile(f"{path.name}: unbekanntes Spiel „{data['game']}“") from exc
    sets = {}
    for raw_set in data.get("sets", []):
        card_set, _ = CardSet.objects.update_or_create(
            game=game,
            code=raw_set["code"],
            defaults={"name": raw_set.get("name", raw_set["code"]), "order": raw_set.get("order", 0)},
        )
        sets[card_set.code] = card_set
        summary.sets += 1
    existing = {card.code: card for card in Card.objects.filter(game=game)}
    # German text an editor has written wins over the data file (cards.services keeps Card.text_de in step).
    edited = set(GermanCardText.objects.filter(card__game=game).values_list("card__code", flat=True))
    for raw in data["cards"]:
        code = raw.get("code") if isinstance(raw, dict) else None
        try:
            if not isinstance(raw, dict):
                raise ValueError("Eintrag ist keine Tabelle")
            values = _card_values(raw, game, sets)
            if code in seen:
                raise ValueError("Code kommt mehrfach vor")
        except ValueError as exc:
            summary.errors.append(f"{path.name} {code or '?'}: {exc}")
            continue
        seen.add(code)
        if code in edited:
            values.pop("text_de")
        card = existing.get(code)
        if card is None:
            Card.objects.create(code=code, **values)
            summary.created += 1
            continue
        changed = [key for key, value in values.items() if getattr(card, key) != value]
        if changed:
            for key in changed:
                setattr(card, key, values[key])
            card.save(update_fields=changed)
            summary.updated += 1
        else:
            summary.unchanged += 1
    log(f"{path.name}: {len(data['cards'])} Einträge gelesen")


def import_boardgames(
    directory: Path = DATA_DIR, log=lambda m: None, games: tuple[str, ...] | None = None
) -> ImportSummary:
    """Import every *.toml file in ``directory`` (or the one file given), only ``games`` if given.

    A missing path raises FileNotFoundError; a broken file is reported in the summary and skipped.
    """
    summary = ImportSummary()
    seen: set[str] = set()
    for path in data_files(directory):
        try:
            import_file(path, summary, seen, log, games)
        except MalformedFile as exc:
            summary.errors.append(str(exc))
    return summary
