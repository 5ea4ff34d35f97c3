"""The Zwei Türme engine: setup, turns (orc card, hero card and move, drawing, revealing), the end."""

from __future__ import annotations

import json
from typing import Any

from matches.engine import rng
from matches.engine.base import Action, Event, IllegalAction, Result, State, Text, gettext_noop

from . import movement
from .chain import connecting_chain
from .data import GameData, Hero, load
from .events import COLOR_NAMES, apply_event, orc_card_events, pincer_event, place_event, reveal_event, who
from .forms import parse_form
from .notation import EMPTY, FIGURES, TOWER, Field, Grid, parse, parse_field
from .orcs import enter_row, key, put_orc, take_orc
from .view import COLORS, seat_view

VARIANTS = {
    # variant: rings of orcs at (Orthanc, Barad-dûr) at the start
    "standard": (1, 1),
    "zweiter-ring": (2, 1),
    "doppelte-ringe": (2, 2),
}


def _copy(state: State) -> State:
    return json.loads(json.dumps(state))


def _grid(state: State) -> Grid:
    return parse(state["position"])


def _field(value) -> Field:
    return (value[0], value[1])


class ZweiTuermeEngine:
    slug = "zwei-tuerme"
    name = gettext_noop("Die Zwei Türme")
    min_players = 2
    max_players = 4
    # the framework names each seat with this colour (table, board, log, mail, API agree)
    seat_colours = COLOR_NAMES

    # the no-JavaScript move form: typed fields -> action (the framework calls engine.parse_form)
    parse_form = staticmethod(parse_form)

    def __init__(self, data: GameData | None = None):
        self.data = data or load()

    # ----------------------------------------------------------------- setup
    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                "players", gettext_noop("Die Zwei Türme spielt man zu zweit bis zu viert, nicht mit %(n)s."), n=players
            )
        options = options or {}
        if not isinstance(options, dict):
            raise IllegalAction("options", gettext_noop("Die Optionen müssen ein Objekt sein."))
        unknown = sorted(set(options) - {"variant"})
        if unknown:
            raise IllegalAction(
                "option_unknown",
                gettext_noop("Unbekannte Option „%(name)s“; erlaubt ist nur „variant“."),
                name=unknown[0],
            )
        variant = options.get("variant") or "standard"
        if variant not in VARIANTS:
            raise IllegalAction(
                "variant_unknown",
                gettext_noop("Unbekannte Variante „%(variant)s“; möglich sind: %(choices)s."),
                variant=str(variant),
                choices=", ".join(VARIANTS),
            )
        data = self.data
        state: State = {
            "game": self.slug,
            "players": players,
            "variant": variant,
            "rng": rng.new(seed),
            "position": data.empty_position(),
            "tiles": {},
            "supply": list(range(len(data.tiles))),
            "captured": [[] for _ in range(players)],
            "figures": [[None] * (2 if players == 2 else 1) for _ in range(players)],
            "hands": [[] for _ in range(players)],
            "hero_pile": sorted(data.heroes),
            "hero_discard": [],
            "orc_pile": sorted(data.orc_cards),
            "orc_discard": [],
            "event_pile": [],
            "events_done": [],
            "ent": 0,
            "phase": "place",
            "turn": 0,
            "placing": [],
            "turns": 0,
            "last_orc": None,
            "last_event": None,
            "last_move": None,
            "result": None,
        }
        generator = state["rng"]
        grid = _grid(state)
        for tower, rings in zip(data.towers, VARIANTS[variant], strict=True):
            fields = list(tower.ring1) + (list(tower.ring2) if rings == 2 else [])
            for field in fields:
                if grid.inside(*field) and grid.get(*field) == EMPTY:
                    put_orc(state, grid, field)
        state["position"] = grid.dump()
        for pile in (1, 2, 3):  # pile 1 on top, the 3s at the bottom
            cards = sorted(e for e, card in data.events.items() if card["pile"] == pile)
            rng.shuffle(generator, cards)
            state["event_pile"] += cards
        rng.shuffle(generator, state["orc_pile"])
        rng.shuffle(generator, state["hero_pile"])
        for _ in range(3):
            for seat in range(players):
                state["hands"][seat].append(state["hero_pile"].pop(0))
        # In turn, green first, each player puts a figure on a free field of Amon Hen (two rounds for two).
        state["placing"] = [[seat, figure] for figure in range(len(state["figures"][0])) for seat in range(players)]
        state["turn"] = state["placing"][0][0]
        return state

    def from_position(
        self,
        position: str,
        players: int = 2,
        seed: int = 0,
        hands: list[list[str]] | None = None,
        turn: int = 0,
        variant: str = "standard",
    ) -> State:
        """A game in the play phase on ``position`` (any rectangle), e.g. for a rulebook example.

        Figures ``1``–``4`` belong to seats 0–3 (in reading order the first and second of a seat);
        orcs get random tiles from the supply; ``hands`` replaces the dealt hero cards.
        """
        state = self.setup(players, {"variant": variant}, seed)
        grid = parse(position)
        state["supply"] = list(range(len(self.data.tiles)))
        state["tiles"] = {}
        for field in grid.fields("o"):
            grid.set(field[0], field[1], EMPTY)
            put_orc(state, grid, field)
        state["figures"] = [[] for _ in range(players)]
        for field, seat in grid.figures():
            if seat >= players:
                raise IllegalAction(
                    "position_seat", gettext_noop("Die Figur %(n)s gibt es bei dieser Spielerzahl nicht."), n=seat + 1
                )
            state["figures"][seat].append(list(field))
        if hands is not None:
            pool = state["hero_pile"] + [c for hand in state["hands"] for c in hand]
            for seat, hand in enumerate(hands):
                state["hands"][seat] = list(hand)
                for card in hand:
                    pool.remove(card)
            state["hero_pile"] = pool
        state["position"] = grid.dump()
        state["placing"] = []
        state["phase"] = "play"
        state["turn"] = turn
        return state

    # ----------------------------------------------------------------- queries
    def current_seats(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def start_fields(self, state: State) -> list[Field]:
        grid = _grid(state)
        area = self.data.areas[self.data.start_area]
        return sorted(f for f in area.fields if grid.get(*f) == EMPTY)

    def hero(self, card_id: str) -> Hero:
        return self.data.heroes[card_id]

    def figure_fields(self, state: State, seat: int) -> list[tuple[int, Field]]:
        return [(i, _field(f)) for i, f in enumerate(state["figures"][seat]) if f is not None]

    def options_for(self, state: State, seat: int, card_id: str, figure: int) -> list[movement.Outcome]:
        """Every move (and, for a Gandalf card, every jump) of ``figure`` with ``card_id``."""
        grid = _grid(state)
        start = _field(state["figures"][seat][figure])
        hero = self.hero(card_id)
        strength = movement.effective_strength(grid, start, hero.strength)
        outcomes = movement.moves(grid, start, strength, hero.symbol)
        if hero.schattenfell:
            outcomes += movement.jumps(grid, start)
        return outcomes

    def can_move(self, state: State, seat: int, card_id: str) -> bool:
        grid = _grid(state)
        hero = self.hero(card_id)
        for _, start in self.figure_fields(state, seat):
            if hero.schattenfell and movement.jump_targets(grid, start):
                return True
            strength = movement.effective_strength(grid, start, hero.strength)
            if movement.moves(grid, start, strength, hero.symbol):
                return True
        return False

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.current_seats(state):
            return []
        if state["phase"] == "place":
            return [{"type": "place", "to": list(f)} for f in self.start_fields(state)]
        actions: list[Action] = []
        for card in state["hands"][seat]:
            found = False
            for figure, _start in self.figure_fields(state, seat):
                for outcome in self.options_for(state, seat, card, figure):
                    found = True
                    if outcome["kind"] == "jump":
                        actions.append({"type": "jump", "card": card, "figure": figure, "to": list(outcome["end"])})
                    else:
                        path = [list(f) for f in outcome["path"]]
                        actions.append({"type": "move", "card": card, "figure": figure, "path": path})
            if not found:
                actions.append({"type": "move", "card": card, "figure": 0, "path": []})
        return actions

    from .actions import action_schema  # the actions it accepts (fields, kinds, sizes)

    def default_action(self, state: State, seat: int) -> Action:
        """The first card of the hand, the move that takes the most orcs (first such in order)."""
        if state["phase"] == "place":
            return {"type": "place", "to": list(self.start_fields(state)[0])}
        card = state["hands"][seat][0]
        best: Action = {"type": "move", "card": card, "figure": 0, "path": []}
        best_taken = -1
        for figure, _start in self.figure_fields(state, seat):
            hero = self.hero(card)
            grid = _grid(state)
            start = _field(state["figures"][seat][figure])
            strength = movement.effective_strength(grid, start, hero.strength)
            for outcome in movement.moves(grid, start, strength, hero.symbol):
                taken = len(outcome["captured"]) + sum(len(p["fields"]) for p in outcome["pincers"])
                if taken > best_taken:
                    best_taken = taken
                    best = {"type": "move", "card": card, "figure": figure, "path": [list(f) for f in outcome["path"]]}
        if best_taken < 0 and self.hero(card).schattenfell:
            figure, start = self.figure_fields(state, seat)[0]
            targets = movement.jump_targets(_grid(state), start)
            if targets:
                best = {"type": "jump", "card": card, "figure": figure, "to": list(targets[0])}
        return best

    # ----------------------------------------------------------------- apply
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state["phase"] == "over":
            raise IllegalAction("game_over", gettext_noop("Die Partie ist schon zu Ende."))
        if seat not in self.current_seats(state):
            raise IllegalAction("not_your_turn", gettext_noop("Du bist nicht am Zug."))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("action_format", gettext_noop("Der Zug muss ein Objekt mit dem Feld „type“ sein."))
        kind = action["type"]
        new = _copy(state)
        if kind == "place":
            if state["phase"] != "place":
                raise IllegalAction("not_placing", gettext_noop("Die Figuren stehen schon; jetzt wird gezogen."))
            return new, self._place(new, seat, action)
        if kind in ("move", "jump"):
            if state["phase"] != "play":
                raise IllegalAction(
                    "placing", gettext_noop("Zuerst stellen alle ihre Figuren auf ein freies Feld von Amon Hen.")
                )
            return new, self._play(new, seat, action)
        raise IllegalAction(
            "action_type",
            gettext_noop("Unbekannte Zugart „%(type)s“; möglich sind place, move und jump."),
            type=kind,
        )

    def _place(self, state: State, seat: int, action: Action) -> list[Event]:
        field = parse_field(action.get("to"), "to")
        if field not in self.start_fields(state):
            raise IllegalAction(
                "place_field",
                gettext_noop("Das Feld %(field)s ist kein freies Feld von Amon Hen."),
                field=movement.label(field),
            )
        _, figure = state["placing"].pop(0)
        state["figures"][seat][figure] = list(field)
        grid = _grid(state)
        grid.set(field[0], field[1], str(seat + 1))
        state["position"] = grid.dump()
        events = [place_event(seat, movement.label(field), list(field))]
        if state["placing"]:
            state["turn"] = state["placing"][0][0]
        else:
            state["phase"] = "play"
            state["turn"] = 0
            events += self._orc_card(state)
        return events

    def _figure(self, state: State, seat: int, action: Action) -> int:
        figures = state["figures"][seat]
        figure = action.get("figure")
        if figure is None:
            if len(figures) == 1:
                return 0
            raise IllegalAction(
                "figure_missing", gettext_noop("Welche deiner beiden Figuren zieht? Gib „figure“ 0 oder 1 an.")
            )
        if isinstance(figure, bool) or not isinstance(figure, int) or not 0 <= figure < len(figures):
            raise IllegalAction(
                "figure_unknown",
                gettext_noop("Die Figur „%(figure)s“ gibt es nicht; du hast %(count)s Figur, gezählt ab 0."),
                plural_form=gettext_noop(
                    "Die Figur „%(figure)s“ gibt es nicht; du hast %(count)s Figuren, gezählt ab 0."
                ),
                figure=str(figure),
                count=len(figures),
            )
        return figure

    def _play(self, state: State, seat: int, action: Action) -> list[Event]:
        card = action.get("card")
        if not isinstance(card, str) or card not in state["hands"][seat]:
            raise IllegalAction(
                "card_not_in_hand",
                gettext_noop("Die Heldenkarte „%(card)s“ hast du nicht auf der Hand."),
                card=str(card),
            )
        hero = self.hero(card)
        figure = self._figure(state, seat, action)
        grid = _grid(state)
        start = _field(state["figures"][seat][figure])
        strength = movement.effective_strength(grid, start, hero.strength)
        outcome = self._outcome(state, seat, action, card, grid, start, strength)
        taken: dict[int, list[int]] = {}
        if outcome is None:
            events = [
                Event(
                    Text(
                        gettext_noop("%(player)s (%(color)s) spielt %(card)s, kann aber nicht ziehen."),
                        {**who(seat), "card": f"{hero.name} {hero.strength}"},
                    ),
                    data={"kind": "pass", "seat": seat, "card": card},
                )
            ]
        else:
            events = self._move(state, seat, card, figure, grid, start, strength, outcome, taken)
        # 3. the hero card to the open discard pile, draw back to three
        events += self._draw(state, seat, card)
        # 4. reveal the beaten orcs, the player on turn first
        events += self._reveal(state, grid, seat, taken)
        if state["result"]:  # the game ended during the reveal: count every tile of this turn
            state["result"]["scores"] = self.scores(state)
        state["position"] = grid.dump()
        state["turns"] += 1
        if state["phase"] != "over":
            state["turn"] = (seat + 1) % state["players"]
            events += self._orc_card(state)
        return events

    def _outcome(self, state: State, seat: int, action: Action, card: str, grid: Grid, start, strength: int):
        """The move or jump the action asks for (movement's outcome), or None: a card played without moving."""
        hero = self.hero(card)
        if action["type"] == "jump":
            if not hero.schattenfell:
                raise IllegalAction(
                    "no_schattenfell",
                    gettext_noop("Nur mit einer Gandalf-Karte darf Schattenfell springen; %(card)s kann das nicht."),
                    card=f"{hero.name} {hero.strength}",
                )
            outcome = movement.jump(grid, start, parse_field(action.get("to"), "to"))
        else:
            raw_path = action.get("path")
            if not isinstance(raw_path, list):
                raise IllegalAction(
                    "path_format", gettext_noop("„path“ muss eine Liste von Feldern [Reihe, Spalte] sein.")
                )
            path = [parse_field(f, "path") for f in raw_path]
            if path and path[0] == start:
                path = path[1:]  # a typed path may name the start field first
            if not path:
                if self.can_move(state, seat, card):
                    raise IllegalAction(
                        "must_move",
                        gettext_noop(
                            "Mit %(card)s kann eine deiner Figuren ziehen: mindestens ein Feld weit muss sie."
                        ),
                        card=f"{hero.name} {hero.strength}",
                    )
                outcome = None
            else:
                outcome = movement.simulate(grid, start, strength, hero.symbol, path)
        return outcome

    def _move(
        self,
        state: State,
        seat: int,
        card: str,
        figure: int,
        grid: Grid,
        start,
        strength: int,
        outcome,
        taken: dict[int, list[int]],
    ) -> list[Event]:
        """The figure moved (or jumped), the orcs it beat taken (into ``taken``, by seat), the move's events."""
        hero = self.hero(card)
        events: list[Event] = []
        end = outcome["end"]
        grid.set(start[0], start[1], EMPTY)
        for field in outcome["captured"]:
            taken.setdefault(seat, []).append(take_orc(state, grid, field))
        pincer_data = []
        for pincer in outcome["pincers"]:
            partner = int(grid.get(*pincer["partner"])) - 1
            for i, field in enumerate(pincer["fields"]):
                # shared one by one, the player who closed the pincer first
                taker = seat if i % 2 == 0 else partner
                taken.setdefault(taker, []).append(take_orc(state, grid, field))
            pincer_data.append({"partner": partner, "fields": [list(f) for f in pincer["fields"]]})
        grid.set(end[0], end[1], str(seat + 1))
        state["figures"][seat][figure] = list(end)
        state["position"] = grid.dump()
        state["last_move"] = {
            "seat": seat,
            "card": card,
            "figure": figure,
            "kind": outcome["kind"],
            "from": list(start),
            "path": [list(f) for f in outcome["path"]],
            "captured": [list(f) for f in outcome["captured"]],
            "pincers": pincer_data,
        }
        template = (
            gettext_noop(
                "%(player)s (%(color)s) spielt %(card)s (Stärke %(strength)s) und zieht von %(start)s nach %(end)s."
            )
            if outcome["kind"] == "move"
            else gettext_noop(
                "%(player)s (%(color)s) spielt %(card)s und springt mit Schattenfell von %(start)s nach %(end)s."
            )
        )
        events.append(
            Event(
                Text(
                    template,
                    {
                        **who(seat),
                        "card": f"{hero.name} {hero.strength}",
                        "strength": strength,
                        "start": movement.label(start),
                        "end": movement.label(end),
                    },
                ),
                data={"kind": outcome["kind"], **state["last_move"]},
            )
        )
        events += [pincer_event(seat, pincer) for pincer in pincer_data]
        return events

    def _draw(self, state: State, seat: int, card: str) -> list[Event]:
        """The played hero card to the open discard pile, a card drawn (the pile reshuffled when empty)."""
        events: list[Event] = []
        state["hands"][seat].remove(card)
        state["hero_discard"].append(card)
        if not state["hero_pile"]:
            state["hero_pile"] = state["hero_discard"]
            state["hero_discard"] = []
            rng.shuffle(state["rng"], state["hero_pile"])
            events.append(
                Event(Text(gettext_noop("Die Heldenkarten werden neu gemischt.")), data={"kind": "reshuffle"})
            )
        state["hands"][seat].append(state["hero_pile"].pop(0))
        return events

    def _reveal(self, state: State, grid: Grid, seat: int, taken: dict[int, list[int]]) -> list[Event]:
        events: list[Event] = []
        players = state["players"]
        for taker in [(seat + i) % players for i in range(players)]:
            tiles = taken.get(taker, [])
            if not tiles:
                continue
            state["captured"][taker] += tiles
            values = [self.data.tiles[t] for t in tiles]
            events.append(reveal_event(taker, values))
            for tile in values:
                if tile.ent and state["phase"] != "over" and state["ent"] < self.data.ent_last:
                    events += self._ent_step(state, grid)
        if state["ent"] >= self.data.ent_last and state["phase"] != "over":
            # every tile of this turn is counted before the most hero points win
            self._finish_ents(state)
        return events

    def _ent_step(self, state: State, grid: Grid) -> list[Event]:
        state["ent"] += 1
        last = self.data.ent_last
        if state["ent"] >= last:
            state["ent"] = last
            state["position"] = grid.dump()
            # onto the last field: no event card any more
            return [
                Event(
                    Text(gettext_noop("Der Ent erreicht Orthanc: die dunkle Macht ist besiegt.")),
                    data={"kind": "ent", "position": last},
                ),
            ]
        events = [
            Event(
                Text(gettext_noop("Der Ent rückt auf Feld %(position)s vor."), {"position": state["ent"]}),
                data={"kind": "ent", "position": state["ent"]},
            )
        ]
        if state["event_pile"]:
            event_id = state["event_pile"].pop(0)
            state["events_done"].append(event_id)
            state["last_event"] = event_id
            events.append(apply_event(state, grid, self.data, event_id))
            events += self._check_chain(state, grid)
        return events

    def _orc_card(self, state: State) -> list[Event]:
        grid = _grid(state)
        card = state["orc_pile"].pop(0)
        placements = []
        for placement in self.data.orc_cards[card]:
            fields = enter_row(state, grid, placement["side"], placement["row"], placement["count"])
            placements.append((placement, fields))
        placed = [f for _placement, fields in placements for f in fields]
        state["orc_discard"].append(card)
        state["last_orc"] = {"card": card, "fields": [list(f) for f in placed]}
        events = orc_card_events(card, placements)
        if not state["orc_pile"]:  # all nine used: shuffle them into a new pile
            state["orc_pile"] = state["orc_discard"]
            state["orc_discard"] = []
            rng.shuffle(state["rng"], state["orc_pile"])
        events += self._check_chain(state, grid)
        state["position"] = grid.dump()
        return events

    def _check_chain(self, state: State, grid: Grid) -> list[Event]:
        towers = grid.fields(TOWER)  # the position's own towers: any rectangle works
        chain = connecting_chain(grid, towers[0], towers[-1]) if len(towers) >= 2 else None
        if chain is None:
            return []
        state["phase"] = "over"
        state["position"] = grid.dump()
        state["result"] = {
            "winners": [],
            "reason": "chain",
            "chain": [list(f) for f in chain],
            "scores": self.scores(state),
        }
        return [
            Event(
                Text(gettext_noop("Die Orks verbinden die beiden Türme: die dunkle Macht siegt, alle haben verloren.")),
                data={"kind": "end", "reason": "chain", "chain": [list(f) for f in chain]},
            )
        ]

    def _finish_ents(self, state: State) -> None:
        state["phase"] = "over"
        scores = self.scores(state)
        counts = [len(c) for c in state["captured"]]
        best = max((scores[s], counts[s]) for s in range(state["players"]))
        winners = [s for s in range(state["players"]) if (scores[s], counts[s]) == best]
        state["result"] = {"winners": winners, "reason": "ent", "scores": scores}

    def scores(self, state: State) -> list[int]:
        return [sum(self.data.tiles[t].value for t in tiles) for tiles in state["captured"]]

    # ----------------------------------------------------------------- result and view
    def result(self, state: State) -> Result | None:
        result = state.get("result")
        if not result:
            return None
        if result["reason"] == "chain":
            reason = Text(gettext_noop("Die Orks haben die beiden Türme verbunden: alle haben verloren."))
        else:
            reason = Text(gettext_noop("Der Ent hat Orthanc erreicht: es gewinnt, wer die meisten Heldenpunkte hat."))
        return Result(winners=list(result["winners"]), reason=reason, scores=dict(enumerate(result["scores"])))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return seat_view(self, state, seat)


ENGINE = ZweiTuermeEngine()

__all__ = ["COLORS", "ENGINE", "FIGURES", "VARIANTS", "ZweiTuermeEngine", "key"]
