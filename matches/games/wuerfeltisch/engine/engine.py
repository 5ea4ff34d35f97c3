"""The dice table engine: turn order, server dice, private notes, passing, an agreed result.

The physical game stays on each player's table; the server only keeps the turn, rolls every die
from the match's generator and records a result all players confirm.

Decisions where the issue is silent:
- Anyone may roll at any time (combat and tests happen outside one's own turn); only the seat
  whose turn it is may pass.
- Ending: any seat proposes the winners (and an optional summary); the proposer agrees at once,
  the match ends when every seat agreed; one rejection withdraws the proposal; a new proposal
  replaces the old one.
- At a turn deadline the default action is to pass; a seat that lets a pending result proposal run
  out agrees to it (silence is consent), so an absent player cannot block the end forever.
"""

from __future__ import annotations

import copy
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from matches.engine import rng
from matches.engine.base import (
    Action,
    AnyOf,
    Event,
    IllegalAction,
    Int,
    List,
    Null,
    Result,
    State,
    Str,
    Text,
    gettext_noop,
)

from . import dice

GAMES_FILE = Path(__file__).with_name("games.toml")
MAX_NOTE = 2000
MAX_NOTES = 200
MAX_SUMMARY = 500


@cache
def games() -> dict[str, Any]:
    with GAMES_FILE.open("rb") as handle:
        return tomllib.load(handle)


def _tools(game: str) -> list[dict[str, Any]]:
    return games()["games"][game].get("tools", [])


def _seat_list(value: Any, players: int) -> list[int]:
    if not isinstance(value, list) or any(not isinstance(s, int) or isinstance(s, bool) for s in value):
        raise IllegalAction("winners_invalid", gettext_noop("„winners“ muss eine Liste von Platznummern sein."))
    bad = [s for s in value if not 0 <= s < players]
    if bad:
        raise IllegalAction(
            "winners_invalid",
            gettext_noop("Platz %(seat)d gibt es nicht (Plätze 0 bis %(last)d)."),
            seat=bad[0],
            last=players - 1,
        )
    return sorted(set(value))


class WuerfeltischEngine:
    slug = "wuerfeltisch"
    name = gettext_noop("Würfeltisch")
    min_players = 2
    max_players = 6
    # Event data (dice values, who passed) holds nothing secret: the API may show it.
    public_event_data = True

    # --- setup -----------------------------------------------------------------------------------

    def game_choices(self) -> list[tuple[str, str]]:
        return [(slug, data["name"]) for slug, data in games()["games"].items()]

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        game = games()["games"].get((options or {}).get("game"))
        if not game:
            return self.min_players, self.max_players
        return game["min_players"], game["max_players"]

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        options = options or {}
        game = options.get("game")
        if game not in games()["games"]:
            raise IllegalAction(
                "game_unknown",
                gettext_noop("Unbekanntes Spiel „%(game)s“. Möglich: %(choices)s."),
                game=str(game)[:40],
                choices=", ".join(games()["games"]),
            )
        low, high = self.player_range(options)
        if not low <= players <= high:
            raise IllegalAction(
                "players_out_of_range",
                gettext_noop("Dieses Spiel braucht %(low)d bis %(high)d Spieler (angegeben: %(players)d)."),
                low=low,
                high=high,
                players=players,
            )
        return {
            "game": game,
            "players": players,
            "turn": 0,
            "round": 1,
            "rng": rng.new(seed),
            "notes": [[] for _ in range(players)],
            "proposal": None,
            "result": None,
        }

    # --- queries ---------------------------------------------------------------------------------

    def current_seats(self, state: State) -> list[int]:
        if state["result"] is not None:
            return []
        seats = {state["turn"]}
        if state["proposal"]:
            seats |= {s for s in range(state["players"]) if s not in state["proposal"]["agreed"]}
        return sorted(seats)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["result"] is not None:
            return []
        actions: list[Action] = [{"type": "roll", "dice": expr} for expr in games()["common"]["dice"]]
        actions += [{"type": "roll", "tool": tool["key"]} for tool in _tools(state["game"])]
        actions.append({"type": "note", "text": "…"})
        if seat == state["turn"]:
            actions.append({"type": "pass"})
        actions.append({"type": "propose_end", "winners": [], "summary": ""})
        proposal = state["proposal"]
        if proposal and seat not in proposal["agreed"]:
            actions += [{"type": "confirm_end"}, {"type": "reject_end"}]
        return actions

    def result(self, state: State) -> Result | None:
        data = state["result"]
        if data is None:
            return None
        return Result(
            winners=list(data["winners"]),
            reason=Text(gettext_noop("Alle Spieler haben das Ergebnis bestätigt.")),
        )

    def action_schema(self) -> dict[str, Any]:
        """The actions it accepts: their fields, kinds and sizes (the handlers check the rest)."""
        return {
            "max_bytes": 4 * MAX_NOTE + 1024,  # a note of MAX_NOTE characters, even in four-byte UTF-8
            "types": {
                "roll": {"dice": Str(40), "tool": Str(40)},
                "note": {"text": Str(MAX_NOTE + 100)},
                "pass": {},
                "propose_end": {
                    "winners": List(Int(0, 99), max_items=10),
                    "summary": AnyOf(Str(MAX_SUMMARY + 100), Null()),
                },
                "confirm_end": {},
                "reject_end": {},
            },
        }

    def default_action(self, state: State, seat: int) -> Action:
        proposal = state["proposal"]
        if proposal and seat not in proposal["agreed"]:
            return {"type": "confirm_end"}
        return {"type": "pass"}

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        game = games()["games"][state["game"]]
        view = {
            "game": state["game"],
            "game_name": game["name"],
            "players": state["players"],
            "turn": state["turn"],
            "round": state["round"],
            "proposal": copy.deepcopy(state["proposal"]),
            "result": copy.deepcopy(state["result"]),
            "dice": list(games()["common"]["dice"]),
            "tools": [{k: tool[k] for k in ("key", "kind", "label") if k in tool} for tool in _tools(state["game"])],
            "note_counts": [len(notes) for notes in state["notes"]],
        }
        if seat is not None:
            view["seat"] = seat
            view["my_notes"] = copy.deepcopy(state["notes"][seat])
        return view

    # --- moves -----------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if not isinstance(action, dict):
            raise IllegalAction("action_invalid", gettext_noop("Ein Zug muss ein JSON-Objekt mit „type“ sein."))
        if state["result"] is not None:
            raise IllegalAction("game_over", gettext_noop("Die Partie ist beendet."))
        if not 0 <= seat < state["players"]:
            raise IllegalAction("seat_invalid", gettext_noop("Diesen Platz gibt es in dieser Partie nicht."))
        handler = {
            "roll": self._roll,
            "note": self._note,
            "pass": self._pass,
            "propose_end": self._propose,
            "confirm_end": self._confirm,
            "reject_end": self._reject,
        }.get(action.get("type"))
        if handler is None:
            raise IllegalAction(
                "action_unknown",
                gettext_noop(
                    "Unbekannter Zug „%(type)s“. Möglich: roll, note, pass, propose_end, confirm_end, reject_end."
                ),
                type=str(action.get("type"))[:40],
            )
        new = copy.deepcopy(state)
        events = handler(new, seat, action)
        return new, events

    def _roll(self, state: State, seat: int, action: Action) -> list[Event]:
        if action.get("tool"):
            return [self._roll_tool(state, seat, action["tool"])]
        expression = dice.parse(action.get("dice"))
        rolls = [rng.roll(state["rng"], expression.sides) for _ in range(expression.count)]
        total = sum(rolls) + expression.modifier
        detail = " + ".join(str(r) for r in rolls)
        if expression.modifier:
            detail = f"({detail}) {'+' if expression.modifier > 0 else '−'} {abs(expression.modifier)}"
        if len(rolls) > 1 or expression.modifier:
            text = Text(
                gettext_noop("%(player)s würfelt %(dice)s: %(detail)s = %(total)d."),
                {"seat": seat, "dice": str(expression), "detail": detail, "total": total},
            )
        else:
            text = Text(
                gettext_noop("%(player)s würfelt %(dice)s: %(total)d."),
                {"seat": seat, "dice": str(expression), "total": total},
            )
        return [
            Event(text, data={"kind": "roll", "seat": seat, "dice": str(expression), "rolls": rolls, "total": total})
        ]

    def _roll_tool(self, state: State, seat: int, key: Any) -> Event:
        tool = next((t for t in _tools(state["game"]) if t["key"] == key), None)
        if tool is None:
            raise IllegalAction(
                "tool_unknown",
                gettext_noop("„%(tool)s“ gibt es bei diesem Spiel nicht. Möglich: %(choices)s."),
                tool=str(key)[:40],
                choices=", ".join(t["key"] for t in _tools(state["game"])) or "–",
            )
        data = {"kind": tool["kind"], "seat": seat, "tool": key}
        if tool["kind"] == "coin":
            heads = rng.below(state["rng"], 2) == 0
            data["value"] = "heads" if heads else "tails"
            template = (
                gettext_noop("%(player)s wirft eine Münze: Kopf.")
                if heads
                else gettext_noop("%(player)s wirft eine Münze: Zahl.")
            )
            return Event(Text(template, {"seat": seat}), data=data)
        if tool["kind"] == "seat":
            drawn = rng.below(state["rng"], state["players"])
            data["value"] = drawn
            return Event(
                Text(
                    gettext_noop("%(player)s lost aus (%(label)s): %(drawn_player)s."),
                    {"seat": seat, "label": tool["label"], "drawn_seat": drawn},
                ),
                data=data,
            )
        face = rng.below(state["rng"], len(tool["faces"]))
        data["value"] = face + 1
        return Event(
            Text(
                gettext_noop("%(player)s würfelt mit dem %(label)s: %(face)s."),
                {"seat": seat, "label": tool["label"], "face": tool["faces"][face]},
            ),
            data=data,
        )

    def _note(self, state: State, seat: int, action: Action) -> list[Event]:
        text = action.get("text")
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("note_empty", gettext_noop("Die Notiz ist leer."))
        text = text.strip()
        if len(text) > MAX_NOTE:
            raise IllegalAction(
                "note_too_long",
                gettext_noop("Die Notiz ist zu lang (%(length)d Zeichen, höchstens %(max)d)."),
                length=len(text),
                max=MAX_NOTE,
            )
        notes = state["notes"][seat]
        if len(notes) >= MAX_NOTES:
            raise IllegalAction(
                "notes_full", gettext_noop("Du hast schon %(max)d Notizen; mehr gehen nicht."), max=MAX_NOTES
            )
        notes.append({"n": len(notes) + 1, "text": text, "round": state["round"]})
        return [
            Event(
                Text(gettext_noop("%(player)s macht sich eine geheime Notiz."), {"seat": seat}),
                private={seat: Text(gettext_noop("Deine Notiz: %(text)s"), {"text": text})},
                data={"kind": "note", "seat": seat},
            )
        ]

    def _pass(self, state: State, seat: int, action: Action) -> list[Event]:
        if seat != state["turn"]:
            raise IllegalAction(
                "not_your_turn",
                gettext_noop("Du bist nicht am Zug; den Zug weitergeben kann nur, wer dran ist."),
            )
        nxt = (seat + 1) % state["players"]
        state["turn"] = nxt
        if nxt == 0:
            state["round"] += 1
        return [
            Event(
                Text(
                    gettext_noop("%(player)s gibt den Zug an %(next_player)s weiter."), {"seat": seat, "next_seat": nxt}
                ),
                data={"kind": "pass", "seat": seat, "next": nxt, "round": state["round"]},
            )
        ]

    def _propose(self, state: State, seat: int, action: Action) -> list[Event]:
        winners = _seat_list(action.get("winners", []), state["players"])
        summary = action.get("summary") or ""
        if not isinstance(summary, str):
            raise IllegalAction("summary_invalid", gettext_noop("„summary“ muss ein Text sein."))
        summary = summary.strip()
        if len(summary) > MAX_SUMMARY:
            raise IllegalAction(
                "summary_too_long",
                gettext_noop("Die Zusammenfassung ist zu lang (höchstens %(max)d Zeichen)."),
                max=MAX_SUMMARY,
            )
        state["proposal"] = {"by": seat, "winners": winners, "summary": summary, "agreed": [seat]}
        event = Event(
            Text(
                gettext_noop("%(player)s schlägt vor, die Partie zu beenden. Sieger: %(winner_players)s."),
                {"seat": seat, "winner_seats": winners},
            ),
            data={"kind": "propose_end", "seat": seat, "winners": winners, "summary": summary},
        )
        return [event, *self._finish_if_agreed(state)]

    def _confirm(self, state: State, seat: int, action: Action) -> list[Event]:
        proposal = state["proposal"]
        if not proposal:
            raise IllegalAction("no_proposal", gettext_noop("Es liegt kein Vorschlag zum Beenden vor."))
        if seat in proposal["agreed"]:
            raise IllegalAction("already_agreed", gettext_noop("Du hast dem Vorschlag schon zugestimmt."))
        proposal["agreed"] = sorted([*proposal["agreed"], seat])
        event = Event(
            Text(gettext_noop("%(player)s stimmt dem Ergebnis zu."), {"seat": seat}),
            data={"kind": "confirm_end", "seat": seat},
        )
        return [event, *self._finish_if_agreed(state)]

    def _reject(self, state: State, seat: int, action: Action) -> list[Event]:
        proposal = state["proposal"]
        if not proposal:
            raise IllegalAction("no_proposal", gettext_noop("Es liegt kein Vorschlag zum Beenden vor."))
        if seat in proposal["agreed"]:
            raise IllegalAction("already_agreed", gettext_noop("Du hast dem Vorschlag schon zugestimmt."))
        state["proposal"] = None
        return [
            Event(
                Text(gettext_noop("%(player)s lehnt den Vorschlag ab; die Partie geht weiter."), {"seat": seat}),
                data={"kind": "reject_end", "seat": seat},
            )
        ]

    def _finish_if_agreed(self, state: State) -> list[Event]:
        proposal = state["proposal"]
        if len(proposal["agreed"]) < state["players"]:
            return []
        state["result"] = {"winners": proposal["winners"], "summary": proposal["summary"]}
        state["proposal"] = None
        return [
            Event(
                Text(gettext_noop("Alle haben zugestimmt: Die Partie ist beendet.")),
                data={"kind": "finished", "winners": proposal["winners"]},
            )
        ]

    # --- form posts without JavaScript -------------------------------------------------------------

    def parse_form(self, fields: dict[str, str]) -> Action:
        kind = (fields.get("type") or "").strip()
        if kind == "roll":
            if fields.get("tool"):
                return {"type": "roll", "tool": fields["tool"]}
            return {"type": "roll", "dice": fields.get("dice", "")}
        if kind == "note":
            return {"type": "note", "text": fields.get("text", "")}
        if kind == "propose_end":
            raw = fields.get("winners", "")
            seats = raw if isinstance(raw, list) else [raw] if raw else []
            try:
                winners = [int(s) for s in seats]
            except ValueError as exc:
                raise IllegalAction(
                    "winners_invalid", gettext_noop("„winners“ muss eine Liste von Platznummern sein.")
                ) from exc
            return {"type": "propose_end", "winners": winners, "summary": fields.get("summary", "")}
        return {"type": kind}


ENGINE = WuerfeltischEngine()
