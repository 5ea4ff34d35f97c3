"""The README is an entry, not a logbook: short, complete about configuration, and every link into docs/ holds.

No database needed: these tests read the files of the repository.
"""

import ast
import re
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SETTINGS = ROOT / "config" / "settings.py"

MAX_README_LINES = 250
# The topics the README must lead to (docs/games.md also says how to add a game).
REQUIRED_DOCS = {"operations.md", "api.md", "games.md", "rules-search.md", "cards.md", "decks.md", "speed.md"}
REQUIRED_DOCS |= {"layout.md", "meccg.md", "match-pages.md", "computer-opponent.md", "play-by-post.md"}
REQUIRED_DOCS |= {"dependencies.md"}

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _text_without_code(text: str) -> str:
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(path: Path) -> list[str]:
    return LINK.findall(_text_without_code(path.read_text(encoding="utf-8")))


def relative_links(path: Path) -> list[str]:
    return [t for t in links(path) if not re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I)]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.M)}


def broken_links(path: Path) -> list[str]:
    broken = []
    for target in relative_links(path):
        file_part, _, fragment = target.partition("#")
        resolved = (path.parent / unquote(file_part)).resolve() if file_part else path
        if not resolved.exists():
            broken.append(f"{target} (no file {resolved})")
        elif fragment and resolved.suffix == ".md" and unquote(fragment) not in anchors(resolved):
            broken.append(f"{target} (no heading #{fragment} in {resolved.name})")
    return broken


def settings_variables() -> dict[str, object]:
    """Every environment variable config/settings.py reads, with its default where it is a plain value."""
    found: dict[str, object] = {}
    for node in ast.walk(ast.parse(SETTINGS.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        # environ.Env(NAME=(type, default), ...)
        if isinstance(func, ast.Attribute) and func.attr == "Env":
            for keyword in node.keywords:
                default = None
                if isinstance(keyword.value, ast.Tuple) and len(keyword.value.elts) == 2:
                    try:
                        default = ast.literal_eval(keyword.value.elts[1])
                    except ValueError:
                        default = None
                found[keyword.arg] = default
            continue
        # env("NAME", default=...) and env.int/bool/str/db/email/list("NAME", ...)
        is_env = (isinstance(func, ast.Name) and func.id == "env") or (
            isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "env"
        )
        if not is_env or not node.args or not isinstance(node.args[0], ast.Constant):
            continue
        default = None
        for keyword in node.keywords:
            if keyword.arg == "default":
                try:
                    default = ast.literal_eval(keyword.value)
                except ValueError:
                    default = None
        found.setdefault(node.args[0].value, default)
    return found


def _shown(default: object) -> str | None:
    """How the configuration table writes a plain default, or None if there is nothing to compare."""
    if isinstance(default, bool):
        return str(default).lower()
    if isinstance(default, int):
        return str(default)
    if isinstance(default, list):
        return ",".join(default) or None
    if isinstance(default, str):
        return default or None
    return None


def table_rows(name: str) -> list[str]:
    """The README's table rows whose first cell names ``name``."""
    lines = README.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.startswith("| ") and f"`{name}`" in line.split("|")[1]]


def test_readme_is_at_most_250_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md hat {len(lines)} Zeilen"


def test_readme_names_the_two_commands_and_the_acknowledgement():
    text = README.read_text(encoding="utf-8")
    assert "make run" in text and "make test" in text
    assert "## Acknowledgement" in text
    acknowledgement = text.split("## Acknowledgement", 1)[1]
    assert "Council of Elrond" in acknowledgement and "councilofelrond.org" in acknowledgement


def test_every_docs_file_the_readme_links_exists():
    linked = [t.partition("#")[0] for t in relative_links(README) if t.startswith("docs/")]
    assert linked, "README.md verlinkt nichts in docs/"
    missing = [t for t in linked if not (ROOT / t).is_file()]
    assert missing == []
    assert broken_links(README) == []


def test_the_readme_leads_to_every_docs_file():
    linked = {Path(t.partition("#")[0]).name for t in relative_links(README) if t.startswith("docs/")}
    assert linked >= REQUIRED_DOCS, sorted(REQUIRED_DOCS - linked)
    unlinked = sorted(p.name for p in DOCS.glob("*.md") if p.name not in linked)
    assert unlinked == [], "docs/-Dateien ohne Link aus der README"


def test_every_relative_link_inside_docs_resolves():
    pages = sorted(DOCS.glob("*.md"))
    assert pages
    broken = {p.name: b for p in pages if (b := broken_links(p))}
    assert broken == {}


def test_every_setting_read_from_the_environment_is_in_the_configuration_table():
    variables = settings_variables()
    assert {"DATABASE_URL", "CELERY_BROKER_URL", "SITE_URL", "SECRET_KEY"} <= set(variables)
    missing = sorted(name for name in variables if not table_rows(name))
    assert missing == [], "Umgebungsvariablen ohne Zeile in der Konfigurationstabelle der README"


def test_the_configuration_table_gives_each_plain_default():
    # The fallback key is described, not printed: it must never look like a value to copy.
    described = {"SECRET_KEY"}
    wrong = {}
    for name, default in settings_variables().items():
        shown = _shown(default)
        if name in described or shown is None:
            continue
        rows = table_rows(name)
        if rows and not any(shown in row for row in rows):
            wrong[name] = shown
    assert wrong == {}, "Voreinstellung in der README-Tabelle fehlt oder ist falsch"


def test_site_url_says_what_it_is_for():
    (row,) = table_rows("SITE_URL")
    assert "http://127.0.0.1:8000" in row and "e-mail" in row.lower()


def test_link_checker_finds_a_broken_link(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## A section\n", encoding="utf-8")
    page.write_text(
        "[ok](other.md) [ok](other.md#a-section) `[code](nowhere.md)` [web](https://example.org)\n"
        "[gone](missing.md) [bad anchor](other.md#nothing)\n",
        encoding="utf-8",
    )
    broken = broken_links(page)
    assert len(broken) == 2 and broken[0].startswith("missing.md") and broken[1].startswith("other.md#nothing")
