"""The computer player of Die Zwei Türme (pure Python, no Django).

It decides from ``engine.view(state, seat)`` and the public rules data only; see
``docs/computer-opponent.md``. The framework finds ``computer_move`` (``choose`` with the time
limit) through the game's ``GameConfig.bot_path``.
"""

from .player import DEFAULT_LEVEL, LEVELS, TIME_LIMIT, choose, computer_move, decide, suggest

__all__ = ["DEFAULT_LEVEL", "LEVELS", "TIME_LIMIT", "choose", "computer_move", "decide", "suggest"]
