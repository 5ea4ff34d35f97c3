"""Keying calculator ("Kreatur zuordnen"): POST /api/meccg/zuordnung/ and the page /partien/meccg/zuordnung/.

Both answer from ``engine.keying`` with every MECCG card of the database (``cards.catalogue()``).
"""

from __future__ import annotations

import re

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.serializers import ErrorSerializer
from cards.symbols import inline_svg, render_path
from config.api_errors import ApiError

from . import cards as meccg_cards
from .engine.keying import ALIGNMENTS, REGION_TYPES, SITE_TYPES, KeyingError, key_creature

MOVEMENTS = ("starter", "region")
ALIGNMENT_LABELS = {
    "hero": gettext_lazy("Held"),
    "minion": gettext_lazy("Scherge"),
    "fallen-wizard": gettext_lazy("Gefallener Zauberer"),
    "balrog": gettext_lazy("Balrog"),
}


class KeyingRequestError(Exception):
    def __init__(self, code: str, message: str, field: str):
        super().__init__(message)
        self.code, self.message, self.field = code, message, field


MAX_TEXT = 200  # a card number or name; longer input is refused before any look-up
MAX_REGIONS_GIVEN = 32  # a route has at most four regions: a longer list is refused at once


def _shown(value) -> str:
    """A wrong value as the message quotes it (short)."""
    text = "null" if value is None else str(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _text(body: dict, name: str, *, required: bool) -> str | None:
    value = body.get(name)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise KeyingRequestError(
                f"{name}_missing",
                _("„%(field)s“ fehlt: Gib eine Kartennummer oder einen Namen an.") % {"field": name},
                name,
            )
        return None
    if not isinstance(value, str):
        raise KeyingRequestError(
            f"invalid_{name}", _("„%(field)s“ ist eine Kartennummer oder ein Name (Text).") % {"field": name}, name
        )
    if len(value) > MAX_TEXT:
        raise KeyingRequestError(
            f"invalid_{name}",
            _("„%(field)s“ ist zu lang für eine Kartennummer oder einen Namen (höchstens %(max)s Zeichen).")
            % {"field": name, "max": MAX_TEXT},
            name,
        )
    return value.strip()


def calculate(body) -> dict:
    """Check the request body and answer it; KeyingRequestError names the wrong field in German."""
    if not isinstance(body, dict):
        raise KeyingRequestError("invalid_body", _("Die Anfrage muss ein JSON-Objekt sein."), "body")
    creature = _text(body, "creature", required=True)
    alignment = body.get("alignment")
    if alignment is None:
        raise KeyingRequestError(
            "alignment_missing",
            _("„alignment“ fehlt: „hero“, „minion“, „fallen-wizard“ oder „balrog“."),
            "alignment",
        )
    if isinstance(alignment, str):
        # "Hero", "fallen_wizard", "Fallen Wizard": the enum's spelling is not the question asked.
        alignment = re.sub(r"[\s_]+", "-", alignment.strip().casefold())
    if not isinstance(alignment, str) or alignment not in ALIGNMENTS:
        raise KeyingRequestError(
            "invalid_alignment",
            _("„alignment“ ist „hero“, „minion“, „fallen-wizard“ oder „balrog“, nicht „%(value)s“.")
            % {"value": _shown(alignment)},
            "alignment",
        )
    origin = _text(body, "from", required=True)
    destination = _text(body, "to", required=False)
    movement = body.get("movement")
    if isinstance(movement, str):
        movement = movement.strip().casefold()
    if movement in ("", None):
        movement = None
    elif not isinstance(movement, str) or movement not in MOVEMENTS:
        raise KeyingRequestError(
            "invalid_movement",
            _("„movement“ ist „starter“ (Grundregeln), „region“ (über Regionen) oder null, nicht „%(value)s“.")
            % {"value": _shown(movement)},
            "movement",
        )
    regions = body.get("regions")
    if regions is not None and (
        not isinstance(regions, list) or not all(isinstance(r, str) and 0 < len(r) <= MAX_TEXT for r in regions)
    ):
        raise KeyingRequestError("invalid_regions", _("„regions“ ist eine Liste von Regionsnamen (Text)."), "regions")
    if regions is not None and len(regions) > MAX_REGIONS_GIVEN:
        raise KeyingRequestError(
            "too_many_regions",
            _("Die Reiseroute umfasst %(n)s Regionen; erlaubt sind höchstens %(max)s.") % {"n": len(regions), "max": 4},
            "regions",
        )
    # "Balrog companies none" (issue 19; seed 003: "Die Gemeinschaft des Balrog darf sich nicht über Regionen
    # bewegen"): for "balrog" the company is taken to be the Balrog's own unless the request says
    # "balrog_company": false (another company of a Balrog player, which may move over regions).
    balrog_company = body.get("balrog_company", alignment == "balrog")
    if not isinstance(balrog_company, bool):
        raise KeyingRequestError(
            "invalid_balrog_company",
            _("„balrog_company“ ist true oder false (die Gemeinschaft des Balrog selbst)."),
            "balrog_company",
        )
    doors_of_night = body.get("doors_of_night", False)
    if not isinstance(doors_of_night, bool):
        raise KeyingRequestError(
            "invalid_doors_of_night",
            _("„doors_of_night“ ist true oder false (Tore der Nacht im Spiel)."),
            "doors_of_night",
        )
    try:
        keying = key_creature(
            meccg_cards.catalogue(),
            creature,
            alignment,
            origin,
            destination,
            movement,
            regions or None,
            doors_of_night=doors_of_night,
            balrog_company=balrog_company and alignment == "balrog",
        )
    except KeyingError as exc:
        raise KeyingRequestError(exc.code, exc.text.render(_), exc.field) from exc
    return keying.to_json(_)


class KeyInSerializer(serializers.Serializer):
    """Schema only: the view checks the body itself so that every error names its field."""

    creature = serializers.CharField(help_text="Kartennummer (z. B. TW-14) oder englischer/deutscher Name")
    alignment = serializers.ChoiceField(choices=ALIGNMENTS)
    # "from" is a Python keyword: the field goes into the class namespace under its JSON name.
    locals()["from"] = serializers.CharField(help_text="Ausgangsort (Kartennummer oder Name)")
    to = serializers.CharField(allow_null=True, help_text="Zielort; null: die Gemeinschaft bleibt am Ort")
    movement = serializers.ChoiceField(
        choices=MOVEMENTS, allow_null=True, help_text="starter (Grundregeln), region (über Regionen), null"
    )
    regions = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text="Nur bei Bewegung über Regionen: alle Regionen vom Ausgangs- bis zum Zielort (höchstens 4)",
    )
    doors_of_night = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Optional: „Tore der Nacht“ ist im Spiel (Kartentexte „If Doors of Night …“)",
    )
    balrog_company = serializers.BooleanField(
        required=False,
        help_text="Optional, nur bei balrog: die Gemeinschaft des Balrog selbst (Standard true: nicht über Regionen)",
    )


class KeyOutSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["region_type", "region", "site_type", "site"])
    symbol = serializers.CharField(required=False, help_text="Regionstyp w s d b f c oder Ortstyp H F B R S D")
    name = serializers.CharField(required=False, help_text="Englischer Name der Region bzw. des Ortes")
    detainment = serializers.BooleanField(help_text="Der Angriff ist ein Verhör")


class RouteOutSerializer(serializers.Serializer):
    regions = serializers.ListField(child=serializers.CharField())
    region_types = serializers.ListField(child=serializers.CharField())


class KeyingOutSerializer(serializers.Serializer):
    playable = serializers.BooleanField()
    keys = KeyOutSerializer(many=True)
    route = RouteOutSerializer()
    message = serializers.CharField()


class KeyingView(APIView):
    """Where a hazard creature may be keyed against a company's route or site."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="meccg_zuordnung",
        request=KeyInSerializer,
        responses={200: KeyingOutSerializer, 400: OpenApiResponse(ErrorSerializer)},
        examples=[
            OpenApiExample(
                "Höhlendrache auf dem Weg nach Moria",
                request_only=True,
                value={
                    "creature": "Cave-drake",
                    "alignment": "hero",
                    "from": "Lórien",
                    "to": "Moria",
                    "movement": "starter",
                    "regions": None,
                },
            ),
            OpenApiExample(
                "Grabunhold über Regionen",
                request_only=True,
                value={
                    "creature": "TW-14",
                    "alignment": "minion",
                    "from": "Dol Guldur",
                    "to": "Goblin-gate",
                    "movement": "region",
                    "regions": ["Southern Mirkwood", "Anduin Vales", "High Pass"],
                },
            ),
        ],
        description=(
            "Zuordnung einer Kreatur nach „Kreaturen“, „Bewegung“ und „Verhöre“ der Regelübersicht: Regionstypen "
            "der Reiseroute (doppelt gedruckte Typen brauchen zwei), namentliche Regionen, Ortstyp und Ort des Ziels "
            "(bzw. des aktuellen Ortes, wenn „to“ null ist) und was der Kartentext des Ortes erlaubt; je Zuordnung, "
            "ob der Angriff ein Verhör ist. Karten und Orte als Kartennummer oder englischer/deutscher Name. "
            "Eine Reiseroute, die die Regeln verbieten, eine unbekannte Karte, ein unbekannter Ort oder eine "
            "unbekannte Region und eine Karte, die keine Kreatur ist: HTTP 400 mit dem Feld."
        ),
    )
    def post(self, request):
        try:
            answer = calculate(request.data)
        except KeyingRequestError as exc:
            raise ApiError(exc.code, exc.message, {"field": exc.field}) from exc
        return Response(answer)


# --- the page ----------------------------------------------------------------------------------------------


def _choices(catalogue: dict) -> dict[str, list[str]]:
    """Names for the page's datalists (German and English, each once)."""
    creatures, sites, regions = set(), set(), set()
    for card in catalogue.values():
        target = {"Site": sites, "Region": regions}.get(card["type"])
        if target is None and card["type"] == "Hazard" and "Creature" in card.get("subtype", ""):
            target = creatures
        if target is not None:
            target.update({card["name_de"], card["name_en"]})
    return {"creatures": sorted(creatures), "sites": sorted(sites), "regions": sorted(regions)}


def zuordnung(request):
    """A GET form (bookmarkable, no JavaScript: the name suggestions are plain datalists)."""
    submitted = "creature" in request.GET
    catalogue = meccg_cards.catalogue()
    form = {
        "creature": request.GET.get("creature", ""),
        "alignment": request.GET.get("alignment", "hero"),
        "from": request.GET.get("from", ""),
        "to": request.GET.get("to", ""),
        "movement": request.GET.get("movement", ""),
        "regions": [r for r in request.GET.getlist("regions") if r.strip()],
        "doors_of_night": request.GET.get("doors_of_night") == "1",
    }
    context = {
        "form": form,
        "region_slots": (form["regions"] + [""] * 4)[: max(4, len(form["regions"]))],
        "alignments": [(value, ALIGNMENT_LABELS[value]) for value in ALIGNMENTS],
        "choices": _choices(catalogue),
        "result": None,
        "error": None,
    }
    if submitted:
        try:
            result = calculate({**form, "to": form["to"] or None, "movement": form["movement"] or None})
        except KeyingRequestError as exc:
            context["error"] = exc.message
            context["error_field"] = exc.field
        else:
            route = result["route"]
            # Region movement: each region with its type; starter movement: the named regions of both
            # sites, and the types printed on the site card's path.
            by_region = len(route["regions"]) == len(route["region_types"]) and form["movement"] == "region"
            context["result"] = {
                **result,
                "message_html": render_path(result["message"]),  # the sentence, its {w} drawn as symbols
                "route_rows": [
                    (name, _symbol(t)) for name, t in zip(route["regions"], route["region_types"], strict=True)
                ]
                if by_region
                else [],
                "route_regions": [] if by_region else route["regions"],
                "route_types": [] if by_region else [_symbol(t) for t in route["region_types"]],
                "key_rows": [_key_row(k) for k in result["keys"]],
            }
    return render(request, "matches/meccg/zuordnung.html", context)


def _symbol(letter: str):
    return inline_svg("{" + letter + "}")


def _key_row(key: dict) -> dict:
    kinds = {
        "region_type": _("Regionstyp"),
        "region": _("Region"),
        "site_type": _("Ortstyp"),
        "site": _("Ort"),
    }
    symbol = _symbol(key["symbol"]) if "symbol" in key else ""
    if key["kind"] == "region_type":
        value = _(REGION_TYPES[key["symbol"]])
    elif key["kind"] == "site_type":
        value = _(SITE_TYPES[key["symbol"]])
    else:
        value = key["name"]
    return {"kind": kinds[key["kind"]], "symbol": symbol, "value": value, "detainment": key["detainment"]}
