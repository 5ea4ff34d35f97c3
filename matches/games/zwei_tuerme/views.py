"""The Zwei Türme page „Analysebrett“: every legal move of one figure in a pasted position."""

from django.core.cache import cache
from django.shortcuts import render
from django.utils.translation import gettext as _

from matches import selectors
from matches.engine import rng
from matches.engine.base import IllegalAction
from matches.models import Match, MatchStatus

from .bot import TIME_LIMIT, suggest
from .engine import ENGINE, analyse, parse_path, parse_position
from .engine.data import load

DATA = load()


def _default_position() -> str:
    """The reconstructed board at the start: orcs around both towers, one figure on Amon Hen."""
    grid = parse_position(DATA.empty_position())
    for tower in DATA.towers:
        for field in tower.ring1:
            grid.set(*field, "o")
    grid.set(*min(DATA.areas[DATA.start_area].fields), "1")
    return grid.dump()


def _field_param(text: str) -> list[int] | None:
    fields = parse_path(text)
    return fields[0] if len(fields) == 1 else None


def _board_view(position: str) -> dict:
    """A view dict for board.html; the named areas and towers only on the reconstructed board's size."""
    grid = parse_position(position)
    view = {"position": grid.dump()}
    if (grid.rows, grid.columns) == (DATA.rows, DATA.columns):
        board = ENGINE.view(ENGINE.setup(2, {}, 0), None)["board"]
        view["board"] = {"towers": board["towers"], "areas": board["areas"]}
    return view


def _reason_names() -> dict[str, str]:
    return {
        "points": _("Heldenpunkte aus geschlagenen Orks"),
        "ent": _("Schritte des Ents"),
        "chain": _("Abstand der Orks zur Kette zwischen den Türmen"),
        "hemmed": _("Orks neben der Figur danach"),
        "card": _("verbrauchte Kartenstärke"),
        "risk": _("Gefahr durch die nächsten Orkkarten"),
        "reply": _("bester Gegenzug des nächsten Platzes (erwartet über die möglichen Handkarten)"),
        "follow-up": _("dein nächster Zug mit den übrigen Karten"),
        "look-ahead": _("Vorausschau über die verdeckten Karten"),
    }


def _suggestion(request) -> dict:
    """The Zugvorschlag: the strong computer player's choice for the user's own seat in a running match.

    Only the seat's own view goes to the player (as for a computer seat), so it shows nothing the seat
    may not see. Offered when the page is opened from the match (``?partie=``), computed on ``vorschlag``.
    """
    raw = request.GET.get("partie", "")
    if not raw:
        return {}
    wellformed = raw.isdigit() and len(raw) <= 18  # a larger number is no match id (and no bigint)
    match = Match.objects.filter(pk=int(raw), engine=ENGINE.slug).first() if wellformed else None
    seat = selectors.seat_of(match, request.user) if match else None
    if match is None or seat is None or seat.resigned or match.status != MatchStatus.RUNNING:
        return {
            "suggest_error": _("Einen Zugvorschlag gibt es nur für deinen eigenen Platz in einer laufenden Partie.")
        }
    context = {"suggest_match": match, "suggest_on_turn": seat.order in ENGINE.current_seats(match.state)}
    if not (context["suggest_on_turn"] and request.GET.get("vorschlag")):
        return context
    key = f"zt-suggest:{match.pk}:{match.version}:{seat.order}"
    tip = cache.get(key)
    if tip is None:
        view = ENGINE.view(match.state, seat.order)
        tip = suggest(view, rng.derive(match.seed, "suggest", match.version, seat.order), TIME_LIMIT)
        tip["position"] = view["position"]
        cache.set(key, tip, 3600)
    names = _reason_names()
    tip = {**tip, "reason_rows": [(names.get(name, name), value) for name, value in tip["reasons"]]}
    context.update(suggestion=tip, suggestion_text=" → ".join(f"{r}/{c}" for r, c in tip["path"]))
    return context


def board_page(request):
    """Analysebrett: a pasted position (``?position=``, also from a match), every move of one figure."""
    params = request.GET.copy()
    extra = _suggestion(request)
    tip = extra.get("suggestion")
    if tip and tip["start"] and tip["card"]:  # show the suggested move on the match's own position
        card = tip["card"]
        for name, value in {
            "position": tip["position"],
            "from": f"{tip['start'][0]},{tip['start'][1]}",
            "strength": str(card["strength"]),
            "symbol": card["symbol"],
            "schattenfell": "on" if card["schattenfell"] and tip["action"]["type"] == "jump" else "",
        }.items():
            params[name] = value
    position = (params.get("position") or "").strip() or _default_position()
    symbol = params.get("symbol") or "any"
    strength_text = (params.get("strength") or "9").strip()
    schattenfell = params.get("schattenfell") in ("on", "true", "1")
    context = {
        "position": position,
        "symbol": symbol,
        "strength": strength_text,
        "schattenfell": schattenfell,
        "from_text": params.get("from", ""),
        "symbols": [("any", _("beliebig")), ("orthogonal", _("waagrecht/senkrecht")), ("diagonal", _("diagonal"))],
        **extra,
    }
    try:
        grid = parse_position(position)
        start = _field_param(params.get("from", "")) if params.get("from") else None
        if start is None and params.get("from"):
            raise IllegalAction("field_format", _("„from“ muss ein Feld wie „5,3“ sein."))
        if start is None:
            figures = grid.figures()
            if not figures:
                raise IllegalAction("no_figure", _("In der Stellung steht keine Figur (1–4)."))
            start = list(figures[0][0])
        strength = int(strength_text) if strength_text.isdigit() else strength_text
        result = analyse(position, start, strength, symbol, schattenfell)
    except IllegalAction as exc:
        context["error"] = exc.text.render(_)
        try:
            context["view"] = _board_view(position)
        except IllegalAction:
            context["view"] = None
        status = 403 if extra.get("suggest_error") else 400
        return render(request, "matches/zwei_tuerme/analyse.html", context, status=status)
    ends = {tuple(m["end"]) for m in result["moves"]}
    pick = _field_param(params.get("pick", "")) if params.get("pick") else None
    by_end = _moves_by_end(result["moves"])
    chosen = next((m for m in by_end if pick and m["end"] == pick), None)
    if tip and tip["path"]:
        chosen = {"path": tip["path"], "captured": tip["captured"], "pincered": tip["pincered"], "end": tip["end"]}
    context.update(
        view=_board_view(position),
        result=result,
        start=start,
        from_text=f"{start[0]},{start[1]}",
        highlight=sorted(ends),
        chosen=chosen,
        chosen_text=" → ".join(f"{r}/{c}" for r, c in chosen["path"]) if chosen else "",
        ends=sorted(ends),
        moves_by_end=by_end,
    )
    return render(
        request, "matches/zwei_tuerme/analyse.html", context, status=403 if extra.get("suggest_error") else 200
    )


def _moves_by_end(moves: list[dict]) -> list[dict]:
    """One row per reachable field: the best move there (most orcs taken, then shortest)."""
    best: dict[tuple, dict] = {}
    counts: dict[tuple, int] = {}
    for move in moves:
        end = tuple(move["end"])
        counts[end] = counts.get(end, 0) + 1
        key = (-(len(move["captured"]) + len(move["pincered"])), len(move["path"]))
        if end not in best or key < best[end][0]:
            best[end] = (key, move)
    return [{**best[end][1], "alternatives": counts[end], "end_text": f"{end[0]},{end[1]}"} for end in sorted(best)]
