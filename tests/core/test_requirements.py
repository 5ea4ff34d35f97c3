"""The dependency files: choices in requirements*.in, compiled locks with hashes in requirements*.txt.

The production lock carries no test or development tools; every line of both locks is pinned and hashed;
the development lock holds every production pin at the same version (tests run what production runs);
each lock is compiled from its .in file as it stands (no choice added or dropped without `make lock`).
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEV_TOOLS = {"pytest", "pytest-django", "pytest-xdist", "playwright", "axe-playwright-python", "ruff"}
DEV_TOOLS |= {"schemathesis", "hypothesis", "pip-audit", "uv"}
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?:\s*;[^\\]*)?\s*\\?$")
_NAME = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _lock(path: Path) -> dict[str, dict]:
    """name -> {"version", "hashes", "via"} for each requirement of a compiled lock."""
    pins: dict[str, dict] = {}
    current = None
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("# This file") or stripped == "#    make lock":
            continue
        if not line.startswith((" ", "#")):
            match = _PIN.match(stripped)
            assert match, f"{path.name}: not pinned: {line}"
            current = pins.setdefault(_canonical(match[1]), {"version": match[2], "hashes": [], "via": set()})
        elif stripped.startswith("--hash=sha256:"):
            current["hashes"].append(stripped.removeprefix("--hash=sha256:").rstrip(" \\"))
        elif stripped.startswith("#") and current is not None:
            current["via"].add(stripped.lstrip("# ").removeprefix("via ").strip())
    return pins


def _choices(path: Path) -> set[str]:
    names = set()
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            names.add(_canonical(_NAME.match(line)[1]))
    return names


def test_every_locked_requirement_is_pinned_with_hashes():
    for name in ("requirements.txt", "requirements-dev.txt"):
        for package, pin in _lock(ROOT / name).items():
            assert pin["hashes"], f"{name}: {package} has no hash"
            assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in pin["hashes"]), f"{name}: {package}"


def test_production_requirements_hold_no_dev_tools():
    production = _lock(ROOT / "requirements.txt")
    assert {"django", "celery", "gunicorn", "psycopg", "psycopg-binary", "django-csp", "glicko2"} <= set(production)
    assert not DEV_TOOLS & set(production)
    assert not DEV_TOOLS & _choices(ROOT / "requirements.in")


def test_dev_lock_adds_the_tools_to_exactly_the_production_pins():
    production = _lock(ROOT / "requirements.txt")
    dev = _lock(ROOT / "requirements-dev.txt")
    assert set(dev) >= DEV_TOOLS
    assert {name: pin["version"] for name, pin in dev.items() if name in production} == {
        name: pin["version"] for name, pin in production.items()
    }
    assert "-c requirements.txt" in (ROOT / "requirements-dev.in").read_text().splitlines()


def test_locks_are_compiled_from_the_choices_as_they_stand():
    """Every direct choice is in its lock marked "via -r <file>.in", and nothing else is (run `make lock`)."""
    for lock, choices in (("requirements.txt", "requirements.in"), ("requirements-dev.txt", "requirements-dev.in")):
        chosen = _choices(ROOT / choices)
        if choices == "requirements-dev.in":
            chosen |= _choices(ROOT / "requirements.in")
        marked = {
            name
            for name, pin in _lock(ROOT / lock).items()
            if {"-r requirements.in", "-r requirements-dev.in"} & pin["via"]
        }
        assert marked == chosen, f"{lock} vs {choices}: {marked ^ chosen}"


def test_installs_take_the_locks_with_hashes():
    makefile = (ROOT / "Makefile").read_text()
    assert "pip install --quiet --require-hashes -r requirements.txt" in makefile
    assert "pip install --quiet --require-hashes -r requirements-dev.txt" in makefile
    assert re.search(r"^lock:", makefile, re.M) and re.search(r"^upgrade:", makefile, re.M)
