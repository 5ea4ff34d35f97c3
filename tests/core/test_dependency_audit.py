"""scripts/audit_dependencies.py (`make lint`, `make audit`): it audits when a vulnerability database answers,
and when none does it says plainly what was not checked, failing in CI or when strict, warning otherwise."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def audit(monkeypatch):
    spec = importlib.util.spec_from_file_location("audit_dependencies", ROOT / "scripts" / "audit_dependencies.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    calls = []
    monkeypatch.setattr(module.subprocess, "call", lambda command: calls.append(command) or 0)
    module.calls = calls
    return module


def _offline(monkeypatch, audit):
    monkeypatch.setattr(audit, "reachable", lambda url: "Name or service not known")


@pytest.mark.parametrize(
    ("argv", "environ", "strict"),
    [
        ([], {}, False),
        ([], {"CI": "true"}, True),
        ([], {"CI": "1"}, True),
        ([], {"CI": "false"}, False),
        (["--strict"], {}, True),
        (["--warn-only"], {"CI": "true"}, False),
    ],
)
def test_strict_in_ci_or_when_asked(audit, argv, environ, strict):
    assert audit.strict_wanted(argv, environ) is strict


def test_offline_developer_gets_a_plain_warning_and_passes(audit, monkeypatch, capsys):
    _offline(monkeypatch, audit)
    assert audit.main([], {}) == 0
    err = capsys.readouterr().err
    assert err.startswith("WARNUNG: Abhängigkeitsprüfung NICHT durchgeführt")
    assert f"die {len(audit.pins())} gepinnten Pakete in requirements.txt" in err
    assert "Name or service not known" in err and "pypi" in err and "osv" in err
    assert audit.calls == []


@pytest.mark.parametrize(("argv", "environ"), [([], {"CI": "true"}), (["--strict"], {})])
def test_unaudited_fails_in_ci_and_when_strict(audit, monkeypatch, capsys, argv, environ):
    _offline(monkeypatch, audit)
    assert audit.main(argv, environ) == audit.UNREACHABLE != 0
    assert capsys.readouterr().err.startswith("FEHLER: Abhängigkeitsprüfung NICHT durchgeführt")


def test_a_reachable_service_runs_pip_audit_on_the_production_lock(audit, monkeypatch):
    monkeypatch.setattr(audit, "reachable", lambda url: None if "osv" in url else "HTTP 404")
    assert audit.main(["--strict"], {}) == 0
    (command,) = audit.calls
    assert command[:3] == [sys.executable, "-m", "pip_audit"]
    assert command[command.index("--requirement") + 1] == str(ROOT / "requirements.txt")
    assert command[command.index("--vulnerability-service") + 1] == "osv" and "--strict" in command


def test_the_pins_are_the_locks_packages(audit):
    pins = audit.pins()
    assert pins["django"].startswith("5.2") and len(pins) > 20
