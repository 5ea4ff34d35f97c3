"""The production install carries no test or development tools; everything is pinned."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEV_TOOLS = {"pytest", "pytest-django", "pytest-xdist", "playwright", "axe-playwright-python", "ruff"}
DEV_TOOLS |= {"schemathesis", "hypothesis", "pip-audit"}


def _names(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "-r ")):
            continue
        name, sep, version = line.partition("==")
        assert sep and version, f"{path.name}: not pinned: {line}"
        pins[name.lower().replace("_", "-")] = version
    return pins


def test_production_requirements_hold_no_dev_tools():
    production = _names(ROOT / "requirements.txt")
    assert {"django", "celery", "gunicorn", "psycopg", "django-csp"} <= set(production)
    assert not DEV_TOOLS & set(production)


def test_dev_requirements_add_the_tools_on_top_of_production():
    dev_file = ROOT / "requirements-dev.txt"
    assert "-r requirements.txt" in dev_file.read_text().splitlines()
    dev = _names(dev_file)
    assert set(dev) >= DEV_TOOLS
    assert not set(dev) & set(_names(ROOT / "requirements.txt"))  # each pin in one place
