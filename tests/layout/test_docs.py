"""docs/layout.md names every Python module of the project, and names none that is not there.

The tree in its first code block gives each directory a line (continued on the lines below it, indented to
the description column). A module is named by its file name in the line of its nearest listed directory, or
by a sub-package named there as a whole ("parsing/", "engine/" …); a management command by its file name.
"""

import re

from .imports import ROOT, sources

DESCRIPTION_COLUMN = 19


def tree() -> dict[tuple[str, ...], str]:
    """Listed directory (as path parts) → its description in the tree of docs/layout.md."""
    text = (ROOT / "docs" / "layout.md").read_text(encoding="utf-8")
    block = text.split("```\n", 2)[1]
    listed: dict[tuple[str, ...], str] = {}
    stack: list[str] = []
    current: tuple[str, ...] | None = None
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip())
        first = line.split(maxsplit=1)[0] if line.strip() else ""
        if indent < DESCRIPTION_COLUMN and first.endswith("/"):
            depth = indent // 2
            stack[depth:] = [first.rstrip("/")]
            current = tuple(stack)
            listed[current] = line[indent + len(first) :]
        elif indent >= DESCRIPTION_COLUMN and current is not None:
            listed[current] += " " + line.strip()
        else:
            current = None
    return listed


def _names(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) is not None


def unnamed(listed: dict[tuple[str, ...], str]) -> list[str]:
    missing = []
    for path in sources():
        parts = path.relative_to(ROOT).parts
        if path.name == "__init__.py":
            continue
        owner = max((d for d in listed if parts[: len(d)] == d), key=len, default=None)
        if owner is None:
            missing.append("/".join(parts))
            continue
        text, rest = listed[owner], parts[len(owner) :]
        if _names(text, path.name):
            continue
        if len(rest) > 1 and rest[0] != "management" and _names(text, rest[0] + "/"):
            continue
        missing.append("/".join(parts))
    return missing


def test_every_module_is_named_in_the_layout():
    assert unnamed(tree()) == []


def test_every_module_the_layout_names_exists():
    absent = []
    for directory, text in tree().items():
        for name in re.findall(r"(?<![\w/])(\w+\.py)\b", text):
            if not any((ROOT / "/".join(directory)).rglob(name)):
                absent.append(f"{'/'.join(directory)}: {name}")
    assert absent == []


def test_the_check_reads_the_tree():
    """The reading itself: nested directories, continuation lines, sub-packages and commands."""
    listed = tree()
    assert ("matches", "games", "zwei_tuerme") in listed and ("matches", "engine") in listed
    assert "raw_rows.py" in listed[("core",)] and "import_content.py" in listed[("core",)]
    sample = {("core",): "a.py, parsing/, management/commands/: run.py"}
    assert _names(sample[("core",)], "a.py") and not _names(sample[("core",)], "b.py")
    assert not _names("starter_views.py", "views.py")
