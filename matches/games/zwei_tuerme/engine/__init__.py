"""Die Zwei Türme (Kosmos 2002) for 2–4 players, rulebook ``seeds/001_*.txt``.

Board, cards and tiles are a reconstruction: ``data/zwei_tuerme.toml`` (it says what is invented).

Setup options: ``{"variant": "standard" | "zweiter-ring" | "doppelte-ringe"}`` (the rulebook's
extra orc rings: a second ring around Orthanc, seven orcs more; or two rings at both towers).

Actions (JSON)
--------------
- ``{"type": "place", "to": [r, c]}`` – setup: in turn, green first, a figure on a free field of
  Amon Hen (two rounds in a two-player game).
- ``{"type": "move", "card": "<hero id>", "figure": 0, "path": [[r, c], ...]}`` – play the hero
  card and move along ``path`` (the fields entered, the start may be named first). ``figure``
  (0 or 1) is needed only with two figures. ``"path": []`` plays the card without moving, allowed
  only when no figure of the seat can move with that card.
- ``{"type": "jump", "card": "<gandalf id>", "figure": 0, "to": [r, c]}`` – Schattenfell.

The orc card at the start of a turn, drawing, revealing, the Ent and the event cards happen
inside ``apply``: after a move the next player's orc card is already on the board.

View keys
---------
``game``, ``players``, ``variant``, ``phase`` (``place`` | ``play`` | ``over``), ``turn`` (seat
or None), ``viewer``, ``position`` (the notation), ``board`` (``rows``, ``columns``, ``towers``
[{key, name, field}], ``areas`` [{key, name, fields}], ``start_area``, ``ent_track`` {length,
last}), ``ent`` (the Ent's position, 0 = start), ``figures`` [{seat, figure, field}], ``seats``
[{seat, number, color, color_name, figures, hand_size, tiles, hidden, score, captured [{value,
ent}]}] (the beaten orcs lie face down: ``score`` and ``captured`` are None, ``hidden`` true, in
every view but the seat's own until the game is over; ``tiles`` is the count everyone sees),
``hand`` (the viewer's hero cards [{id, name, strength, symbol, schattenfell}], None for
spectators; also while waiting), ``placement_fields``, ``last_orc_card`` {card, fields,
placements [{side, row, count}]}, ``last_event`` {id, title}, ``last_move``, ``hero_discard``
(top card), ``hero_discard_pile`` (the open pile), ``next_event_pile`` (1–3 or None),
``orc_discard`` (the open orc discard pile since the last reshuffle), ``events_done`` (event cards read
aloud), ``pile_sizes`` {heroes, orcs, events, supply}, ``turns``, ``result`` (once over). Never: other
hands, others' tile values before the end, pile order, the tiles under orcs on the board, the
generator.
"""

from .analysis import analyse
from .engine import ENGINE, VARIANTS, ZweiTuermeEngine
from .forms import parse_form, parse_path
from .notation import parse as parse_position

__all__ = ["ENGINE", "VARIANTS", "ZweiTuermeEngine", "analyse", "parse_form", "parse_path", "parse_position"]
