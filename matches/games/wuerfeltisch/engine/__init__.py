"""The dice table: play-by-post for games whose boards live at each player's home.

Exports ``ENGINE`` (slug ``"wuerfeltisch"``).
"""

from .engine import ENGINE, WuerfeltischEngine

__all__ = ["ENGINE", "WuerfeltischEngine"]
