"""The coverage list of MECCG card text (issue 30): for every resource and hazard card whether the table carries
its text out (a script in ``cardtext/*.toml``) or leaves it to a proposal, with the card's English text and a
German note saying what is left to the proposal. Read by the API, the "Kartentext" page and the card page."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from cards.models import Card

from .engine import scripts
from .engine.cardinfo import plain_text

NOT_LOOKED_AT = gettext_noop(
    "Für diese Karte gibt es noch kein Skript: ihre Wirkung wird per Vorschlag gespielt, den der Gegner annimmt."
)
CARD_TYPES = ("Resource", "Hazard")


def status(code: str) -> dict:
    """``{"carried_out", "note"}`` of one card (the note in the reader's language)."""
    entry = scripts.entry(code)
    if entry is None:
        return {"carried_out": False, "note": _(NOT_LOOKED_AT)}
    carried = entry["kind"] != "proposal"
    # The notes are German data (the TOML files); an English reader gets the data's note as written.
    return {"carried_out": carried, "note": entry["note"] if not carried else entry.get("note", "")}


def coverage() -> dict:
    """``{"cards": {"<id>": {"carried_out", "text", "note"}}}`` for every MECCG resource and hazard card."""
    rows = Card.objects.filter(game__slug="meccg", card_type__in=CARD_TYPES).order_by("code")
    found = {}
    for code, text_en in rows.values_list("code", "text_en"):
        found[code] = {**status(code), "text": plain_text(text_en or "")}
        found[code] = {key: found[code][key] for key in ("carried_out", "text", "note")}
    return {"cards": found}


def rows(filter_: str, query: str) -> list[dict]:
    """The page's rows: German name, type, status, text, note; ``filter_`` "ausgefuehrt" | "vorschlag" | "".
    ``query`` matches the German or English name (case-insensitive)."""
    cards = Card.objects.filter(game__slug="meccg", card_type__in=CARD_TYPES).only(
        "code", "name_de", "name_en", "card_type", "subtype", "text_en"
    )
    wanted = query.casefold().strip()
    out = []
    for card in cards.order_by("name_de"):
        if wanted and wanted not in (card.name_de or "").casefold() and wanted not in (card.name_en or "").casefold():
            continue
        found = status(card.code)
        if (filter_ == "ausgefuehrt" and not found["carried_out"]) or (filter_ == "vorschlag" and found["carried_out"]):
            continue
        out.append({"card": card, "text": plain_text(card.text_en or ""), **found})
    return out
