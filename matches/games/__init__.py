"""One package per game: its pure engine (``engine/``) and its Django side. See ``docs/games.md``."""
