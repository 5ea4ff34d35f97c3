"""The seeded generator kept inside a game's state (splitmix64, plain ints, JSON-safe).

All randomness of an engine comes from here, so replaying the move log from the seed rebuilds the
same state. The generator's state is a secret: ``view`` must never return it.
"""

from __future__ import annotations

import hashlib
from typing import Any

MASK = (1 << 64) - 1


def new(seed: int) -> dict[str, int]:
    """A generator state for ``seed`` (any int); store it in the game state, e.g. ``state["rng"]``."""
    return {"s": seed & MASK}


def _next(rng: dict[str, int]) -> int:
    rng["s"] = (rng["s"] + 0x9E3779B97F4A7C15) & MASK
    z = rng["s"]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(rng: dict[str, int], n: int) -> int:
    """A uniform int in ``0 .. n-1`` (rejection sampling, no modulo bias). Advances ``rng``."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = _next(rng)
        if value < limit:
            return value % n


def roll(rng: dict[str, int], sides: int) -> int:
    """One die with ``sides`` faces: ``1 .. sides``."""
    return below(rng, sides) + 1


def shuffle(rng: dict[str, int], items: list[Any]) -> None:
    """Fisher–Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng: dict[str, int], items: list[Any]) -> Any:
    return items[below(rng, len(items))]


def derive(seed: int, *parts: Any) -> int:
    """A seed for a generator of its own (e.g. a computer player's for one move), derived from ``seed``
    and ``parts`` by a hash: reproducible, yet the generator of ``seed`` cannot be recovered from it."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
