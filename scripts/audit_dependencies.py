"""`make lint` step: audit the production lock (requirements.txt, compiled with hashes) with pip-audit.

pip-audit needs a vulnerability database (PyPI's JSON API or OSV). Where neither can be reached the audit
cannot run, and the script says plainly what was not checked and why.  In CI (``CI`` set to true, or
``--strict``, as `.ci/run` passes it) that fails the step: a build must not pass unaudited; ``--warn-only``
is the explicit way back to a warning, for a CI that has no vulnerability database to reach.  A developer
offline gets the same words as a warning and exit status 0, so `make lint` still checks the code.

    .venv/bin/python scripts/audit_dependencies.py               # strict when CI=true
    .venv/bin/python scripts/audit_dependencies.py --strict      # `make audit AUDIT_STRICT=1`, `.ci/run`
    .venv/bin/python scripts/audit_dependencies.py --warn-only   # `AUDIT_STRICT=0`: a warning even in CI

Exit status: pip-audit's (0 clean, 1 a known vulnerability or a requirement it could not audit); 2 when no
vulnerability database was reachable in strict mode; 0 with the warning otherwise.
"""

import argparse
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.txt"
UNREACHABLE = 2
_PIN = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    """{package: version} of every ``name==version`` line of the production lock."""
    return {_normal(m[1]): m[2] for line in LOCK.read_text().splitlines() if (m := _PIN.match(line))}


def _pinned(name: str) -> str:
    """The version the lock pins (``name==version \\`` followed by its hashes)."""
    version = pins().get(_normal(name))
    if version is None:
        raise SystemExit(f"{name} ist in requirements.txt nicht gepinnt")
    return version


# Service name for pip-audit -> a URL that answers 200 only if the service knows our pinned
# releases (a mirror may answer for the project but not for the pinned version).
SERVICES = {
    "pypi": f"https://pypi.org/pypi/Django/{_pinned('Django')}/json",
    "osv": "https://api.osv.dev/v1/vulns/PYSEC-2021-66",
}


def reachable(url: str) -> str | None:
    """None if the URL answers 200, else the reason."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 (fixed https URLs)
            return None if response.status == 200 else f"HTTP {response.status}"
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError) as exc:
        return str(getattr(exc, "reason", exc))


def strict_wanted(argv: list[str] | None = None, environ=os.environ) -> bool:
    """``--strict``, or a CI run (``CI`` set to true/1/yes, as CI services set it) unless ``--warn-only``."""
    parser = argparse.ArgumentParser(description="pip-audit der Produktions-Pins (requirements.txt)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--strict", action="store_true", help="ohne erreichbare Schwachstellen-Datenbank scheitern")
    mode.add_argument("--warn-only", action="store_true", help="auch in CI nur warnen (eine CI ohne Datenbank)")
    args = parser.parse_args(argv)
    if args.strict or args.warn_only:
        return args.strict
    return environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def not_checked(reasons: dict[str, str]) -> str:
    """What was left unaudited and why, in German (the same words as warning and as failure)."""
    details = "; ".join(f"{service} ({SERVICES[service]}): {reason}" for service, reason in reasons.items())
    return (
        f"Abhängigkeitsprüfung NICHT durchgeführt: die {len(pins())} gepinnten Pakete in requirements.txt "
        f"wurden nicht auf bekannte Schwachstellen geprüft, weil keine Schwachstellen-Datenbank erreichbar "
        f"war – {details}."
    )


def main(argv: list[str] | None = None, environ=os.environ) -> int:
    strict = strict_wanted(argv, environ)
    reasons = {}
    for service, url in SERVICES.items():
        reason = reachable(url)
        if reason is None:
            command = [sys.executable, "-m", "pip_audit", "--requirement", str(LOCK)]
            command += ["--no-deps", "--disable-pip", "--vulnerability-service", service, "--progress-spinner", "off"]
            command += ["--strict"]  # a requirement that could not be audited fails the step
            print(f"pip-audit gegen {service}: {' '.join(command[1:])}", flush=True)
            return subprocess.call(command)  # noqa: S603 (our interpreter, fixed arguments)
        reasons[service] = reason
    if strict:
        print(f"FEHLER: {not_checked(reasons)} In CI (CI=true) oder mit --strict ist das ein Fehler.", file=sys.stderr)
        return UNREACHABLE
    print(
        f"WARNUNG: {not_checked(reasons)} Mit Netz nachholen: `make audit`; in CI (CI=true) oder mit --strict "
        "scheitert dieser Schritt.",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
