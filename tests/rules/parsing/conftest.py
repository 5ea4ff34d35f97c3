"""Seed rulebooks are read from the content directory, never from a copy in the repository."""

import os
from pathlib import Path

CONTENT_DIR = Path(os.environ.get("BRUCHTAL_CONTENT_DIR", Path(__file__).resolve().parents[3].parent / "shared"))
SEEDS = {
    "zwei_tuerme": "001_5824cd928827b375.txt",
    "sauron": "004_dc30759853f929e9.txt",
    "mittelerde_quest": "000_5cdf66b9e2579072.txt",
    "schatten_der_macht": "002_b59d054195502cb7.txt",
}


def seed_text(module: str) -> str:
    path = CONTENT_DIR / "seeds" / SEEDS[module]
    assert path.exists(), f"seed rulebook missing from the content directory: {path}"
    return path.read_text(encoding="utf-8")
