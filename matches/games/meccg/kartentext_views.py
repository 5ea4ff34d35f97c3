"""The coverage list of MECCG card text: ``GET /api/meccg/kartentext/`` and the page "Kartentext" (issue 30)."""

from django.shortcuts import render
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from . import kartentext as coverage_list

FILTERS = ("", "ausgefuehrt", "vorschlag")


class KartentextView(APIView):
    """For every MECCG resource and hazard card: carried out by the table, or a proposal."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="meccg_kartentext",
        responses={
            200: inline_serializer(
                "KartentextOut",
                {
                    "cards": serializers.DictField(
                        child=inline_serializer(
                            "KartentextCard",
                            {
                                "carried_out": serializers.BooleanField(),
                                "text": serializers.CharField(),
                                "note": serializers.CharField(),
                            },
                        ),
                        help_text="nach Kartennummer, z. B. „TW-209“",
                    )
                },
            )
        },
        description=(
            "Für jede MECCG-Unterstützungs- und Gefahrenkarte: ob der Tisch ihren Text selbst ausführt "
            "(carried_out), ihr englischer Text und was ein Vorschlag bleibt (note, deutsch)."
        ),
    )
    def get(self, request):
        return Response(coverage_list.coverage())


def kartentext(request):
    """The coverage list as a page, with a filter (GET: ``filter``, ``q``; bookmarkable, no JavaScript)."""
    chosen = request.GET.get("filter", "")
    chosen = chosen if chosen in FILTERS else ""
    query = request.GET.get("q", "")[:100]
    found = coverage_list.rows(chosen, query)
    everything = coverage_list.coverage()["cards"]
    context = {
        "rows": found,
        "filter": chosen,
        "q": query,
        "total": len(everything),
        "carried": sum(1 for c in everything.values() if c["carried_out"]),
    }
    return render(request, "matches/meccg_kartentext/kartentext.html", context)
