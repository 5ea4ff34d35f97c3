"""The Zwei Türme page „Analysebrett“: every legal move of one figure in a pasted position."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from matches.engine.base import IllegalAction

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


def board_page(request):
    """Analysebrett: a pasted position (``?position=``, also from a match), every move of one figure."""
    params = request.GET
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
        return render(request, "matches/zwei_tuerme/analyse.html", context, status=400)
    ends = {tuple(m["end"]) for m in result["moves"]}
    pick = _field_param(params.get("pick", "")) if params.get("pick") else None
    by_end = _moves_by_end(result["moves"])
    chosen = next((m for m in by_end if pick and m["end"] == pick), None)
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
    return render(request, "matches/zwei_tuerme/analyse.html", context)


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
