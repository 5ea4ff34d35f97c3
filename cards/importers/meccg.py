"""Import the Council of Elrond MECCG card database (cards.json) idempotently."""

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import nh3
from django.db import connection, transaction

from cards import german_names
from cards.models import Alignment, Card, CardSet, CardType, Game

_NUMBER = re.compile(r"^\s*\(?\s*([+-]?\d+)")
# Numeric attributes: (json key, model field)
NUMERIC_FIELDS = [
    ("mind", "mind"),
    ("directInfluence", "direct_influence"),
    ("prowess", "prowess"),
    ("body", "body"),
    ("corruption", "corruption"),
    ("marshallingPoints", "marshalling_points"),
]


class MalformedCard(ValueError):
    pass


@dataclass
class ImportSummary:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    sets: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.created + self.updated + self.unchanged


def parse_number(raw) -> int | None:
    """'6*' -> 6, '(3)' -> 3, '3(5)' -> 3, '+2' -> 2, '-' -> None."""
    if raw is None:
        return None
    match = _NUMBER.match(str(raw))
    return int(match.group(1)) if match else None


def clean_html(html: str | None) -> str:
    return nh3.clean(html or "", tags={"p", "i", "b", "em", "strong", "br", "ul", "li"}).strip()


def _text(value) -> str:
    if isinstance(value, dict):
        return value.get("en") or next(iter(value.values()), "")
    return str(value or "")


def _check(raw) -> None:
    """Raise MalformedCard unless ``raw`` has the shape the model can store."""
    if not isinstance(raw, dict):
        raise MalformedCard("Eintrag ist kein Objekt")
    missing = [key for key in ("id", "name", "type") if key not in raw]
    if missing:
        raise MalformedCard(f"Pflichtfeld fehlt: {', '.join(missing)}")
    if not isinstance(raw["id"], str) or not raw["id"].strip():
        raise MalformedCard("„id“ ist leer oder kein Text")
    names = raw["name"]
    if not isinstance(names, dict) or not any(isinstance(names.get(k), str) and names[k] for k in ("de", "en")):
        raise MalformedCard("„name“ ist kein Objekt mit deutschem oder englischem Namen")
    if raw["type"] not in CardType.values or raw["type"] == CardType.COMPONENT:
        known = ", ".join(v for v in CardType.values if v != CardType.COMPONENT)
        raise MalformedCard(f"unbekannter Typ „{raw['type']}“ (möglich: {known})")
    alignment = raw.get("alignment")
    if alignment not in (None, "", *Alignment.values):
        raise MalformedCard(f"unbekannte Ausrichtung „{alignment}“ (möglich: {', '.join(Alignment.values)})")
    if not isinstance(raw.get("attributes"), dict):
        raise MalformedCard("„attributes“ fehlt oder ist kein Objekt")
    for key in ("text", "quote"):
        if raw.get(key) is not None and not isinstance(raw[key], dict):
            raise MalformedCard(f"„{key}“ ist kein Objekt")


def card_fields(raw: dict) -> dict:
    """Map one card object of cards.json to Card field values (no FKs); raise MalformedCard."""
    _check(raw)
    code, names, card_type, attrs = raw["id"], raw["name"], raw["type"], raw["attributes"]
    text = raw.get("text") or {}
    values = {
        "code": code,
        # One card has no German name; the English one stands in for it.
        "name_de": names.get("de") or names.get("en"),
        "name_en": names.get("en", ""),
        "names": names,
        "card_type": card_type,
        "subtype": attrs.get("subtype", ""),
        "alignment": raw.get("alignment") or "",
        "is_unique": bool(attrs.get("unique")),
        "race": attrs.get("race", ""),
        "skills": attrs.get("skills", ""),
        "keywords": list(attrs.get("keywords") or []),
        "marshalling_points_type": attrs.get("marshallingPointsType", ""),
        "home_site": _text(attrs.get("homeSite")),
        "site_type": attrs.get("siteType", ""),
        "region": attrs.get("region", ""),
        "region_type": attrs.get("regionType", ""),
        "haven": attrs.get("haven", ""),
        "site_path": attrs.get("sitePath", ""),
        "is_agent": bool(attrs.get("agent")),
        "is_avatar": bool(attrs.get("avatar")),
        "specific": attrs.get("specific", ""),
        "text_en": clean_html(text.get("en")),
        "text_es": clean_html(text.get("es")),
        "text_fr": clean_html(text.get("fr")),
        "quote_en": clean_html((raw.get("quote") or {}).get("en")),
        "rarity": raw.get("rarity") or "",
        "artist": raw.get("artist") or "",
        "image": raw.get("image") or "",
        "attributes": attrs,
    }
    for key, name in NUMERIC_FIELDS:
        raw_value = attrs.get(key)
        values[f"{name}_raw"] = "" if raw_value is None else str(raw_value)
        values[name] = parse_number(raw_value)
    return values


def record_label(set_code: str, position: int, raw) -> str:
    """'TW #120 (TW-120)': set and 1-based position find the record even when its id is missing."""
    ident = raw.get("id") if isinstance(raw, dict) else None
    return f"{set_code} #{position} ({ident if isinstance(ident, str) and ident else 'ohne id'})"


def load(path: Path) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError as exc:
        raise ValueError(f"Datei nicht gefunden: {path}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path} ist kein gültiges JSON: {exc}") from exc
    if not isinstance(data, dict) or not all(isinstance(s, dict) and "cards" in s for s in data.values()):
        raise ValueError(f"{path} hat nicht das Format der Council-of-Elrond-Datenbank (Sets mit 'cards').")
    return data


@transaction.atomic
def import_meccg(path: Path, log=lambda message: None) -> ImportSummary:
    data = load(path)
    game = Game.objects.get(slug="meccg")
    summary = ImportSummary()
    existing = {card.code: card for card in Card.objects.filter(game=game)}
    # German names the project corrected (cards/german_names.py) stand instead of the data's, so a re-import
    # neither undoes them nor counts them as changes.
    corrected = german_names.corrected_names()
    to_create, to_update, changed_fields = [], [], set()
    seen: set[str] = set()
    for set_code, raw_set in sorted(data.items(), key=lambda item: item[1].get("order", 0)):
        card_set, _ = CardSet.objects.update_or_create(
            game=game,
            code=set_code,
            defaults={
                # Official German set names are not in the data; the English name is used.
                "name": _text(raw_set.get("name")) or set_code,
                "name_en": _text(raw_set.get("name")),
                "order": raw_set.get("order") or 0,
            },
        )
        summary.sets += 1
        cards = raw_set["cards"].values() if isinstance(raw_set["cards"], dict) else raw_set["cards"]
        for position, raw in enumerate(cards, start=1):
            try:
                values = card_fields(raw)
                if values["code"] in seen:
                    raise MalformedCard("id kommt mehrfach vor")
            except MalformedCard as exc:
                summary.errors.append(f"{record_label(set_code, position, raw)}: {exc}")
                continue
            seen.add(values["code"])
            values["name_de"] = corrected.get(values["code"], values["name_de"])
            card = existing.get(values["code"])
            if card is None:
                to_create.append(Card(game=game, card_set=card_set, **values))
                summary.created += 1
                continue
            diff = {k for k, v in values.items() if getattr(card, k) != v}
            if card.card_set_id != card_set.pk:
                card.card_set = card_set
                diff.add("card_set")
            if diff:
                for k in diff - {"card_set"}:
                    setattr(card, k, values[k])
                to_update.append(card)
                changed_fields |= diff
                summary.updated += 1
            else:
                summary.unchanged += 1
        log(f"Set {set_code}: {len(cards)} Karten gelesen")
    Card.objects.bulk_create(to_create, batch_size=500)
    if to_update:
        Card.objects.bulk_update(to_update, sorted(changed_fields), batch_size=500)
    german_names.apply(log)
    if connection.vendor == "postgresql":
        # Fresh statistics so the planner uses the search indexes right after a bulk import.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE cards_card")
    return summary
