"""The house limits (docs/layout.md): no module over 600 lines, no function over 80, in the whole project.

"The whole project" is the product packages, the development app bench/ and scripts/ (tests/layout/imports.py
``sources``). tests/ is not held to them: its data tables and browser scenarios read best whole, and a test
is judged by what it asserts. A function's length runs from its ``def`` to its last line (its decorators
are not counted; a nested function counts within its outer one and on its own).
"""

import ast

from .imports import ROOT, sources

MODULE_LINES = 600
FUNCTION_LINES = 80


def _long_functions(path, root=ROOT) -> dict[str, int]:
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > FUNCTION_LINES:
                found[f"{path.relative_to(root)}:{node.lineno} {node.name}"] = length
    return found


def test_no_module_over_600_lines():
    long = {
        str(path.relative_to(ROOT)): n
        for path in sources()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert long == {}


def test_no_function_over_80_lines():
    long = {name: n for path in sources() for name, n in _long_functions(path).items()}
    assert long == {}


def test_the_measure_counts_from_def_to_the_last_line(tmp_path):
    body = "".join(f"    x{i} = {i}\n" for i in range(78))
    sample = tmp_path / "sample.py"
    sample.write_text(
        f"@decorator\ndef fits():\n{body}    return 1\n\n\ndef too_long():\n{body}    x = 1\n    return x\n",
        encoding="utf-8",
    )
    assert _long_functions(sample, tmp_path) == {"sample.py:84 too_long": 81}


def test_the_project_sources_are_the_product_bench_and_scripts():
    found = {p.relative_to(ROOT).parts[0] for p in sources()}
    assert found == {"config", "core", "cards", "rules", "decks", "matches", "bench", "scripts"}
    assert not any("migrations" in p.parts for p in sources())
