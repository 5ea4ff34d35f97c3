"""The move table and the declared protocol between the engine's concerns (issue 29): every move is declared
with its handler, windows and who may send it; apply dispatches only through the table; a concern calls
another only through ``shared.Table``; docs/meccg.md lists the table as the code declares it."""

import ast
import re
from pathlib import Path

import pytest

from matches.engine.base import IllegalAction
from matches.games.meccg.engine import moves, shared, windows
from matches.games.meccg.engine.engine import MeccgEngine

ENGINE_DIR = Path(moves.__file__).parent
DOCS = Path(__file__).resolve().parents[4] / "docs" / "meccg.md"


def test_every_move_has_its_handler_and_every_handler_a_move():
    handlers = {name for name in dir(MeccgEngine) if name.startswith("_do_")}
    assert {m.handler for m in moves.MOVES.values()} == handlers
    for move in moves.MOVES.values():
        assert move.windows <= set(windows.WINDOWS), move
        assert move.who in moves.ROLES, move


def test_a_move_outside_its_windows_is_refused_by_the_table_before_its_handler(engine, monkeypatch):
    state = engine.setup(2, {}, 1)
    called = []
    monkeypatch.setattr(MeccgEngine, "_do_enter_site", lambda *args: called.append(args), raising=True)
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, 0, {"type": "enter_site"})  # deck choice: the site phase is far away
    assert error.value.code == "wrong_stage"
    assert called == []


def _methods_by_module():
    defined, calls = {}, {}
    for path in sorted(ENGINE_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and path.stem != "shared":
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        defined.setdefault(item.name, path.stem)
        calls[path.stem] = {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
        }
    return defined, calls


def test_concerns_call_each_other_only_through_the_declared_protocol():
    defined, calls = _methods_by_module()
    tree = ast.parse(Path(shared.__file__).read_text(encoding="utf-8"))
    declared = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    undeclared = sorted(
        f"{module} → {defined[name]}.{name}"
        for module, names in calls.items()
        for name in names
        if name in defined and defined[name] not in (module, "mixin_base", "engine") and name not in declared
    )
    assert undeclared == [], "declare these in engine/shared.py (or make them plain functions)"
    assert declared <= set(defined), sorted(declared - set(defined))


def _documented_table():
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("### The move table", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        match = re.match(r"\|\s*`(\w+)`\s*\|\s*([^|]*)\|\s*`(\w+)`\s*\|", line)
        if match:
            rows[match.group(1)] = ({w.strip(" `") for w in match.group(2).split(",") if w.strip()}, match.group(3))
    return rows


def test_the_documentation_lists_the_move_table_as_declared():
    rows = _documented_table()
    assert set(rows) == set(moves.MOVES)
    for kind, move in moves.MOVES.items():
        assert rows[kind] == (set(move.windows), move.who), kind
