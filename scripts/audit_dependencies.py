"""`make lint` step: audit the production lock (requirements.txt, compiled with hashes) with pip-audit.

pip-audit needs a vulnerability database (PyPI's JSON API or OSV). Where neither can be reached
(an offline CI, a registry mirror without the JSON API) the audit is skipped with the reason
printed, instead of failing the build on a network error or passing silently.
"""

import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pinned(name: str) -> str:
    """The version the lock pins (``name==version \\`` followed by its hashes)."""
    wanted = re.sub(r"[-_.]+", "-", name).lower()
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        match = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", line)
        if match and re.sub(r"[-_.]+", "-", match[1]).lower() == wanted:
            return match[2]
    raise SystemExit(f"{name} ist in requirements.txt nicht gepinnt")


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


def main() -> int:
    reasons = {}
    for service, url in SERVICES.items():
        reason = reachable(url)
        if reason is None:
            command = [sys.executable, "-m", "pip_audit", "--requirement", str(ROOT / "requirements.txt")]
            command += ["--no-deps", "--disable-pip", "--vulnerability-service", service, "--progress-spinner", "off"]
            command += ["--strict"]  # a requirement that could not be audited fails the step
            print(f"pip-audit gegen {service}: {' '.join(command[1:])}", flush=True)
            return subprocess.call(command)  # noqa: S603 (our interpreter, fixed arguments)
        reasons[service] = reason
    details = "; ".join(f"{service} ({SERVICES[service]}): {reason}" for service, reason in reasons.items())
    print(f"Abhängigkeitsprüfung übersprungen: keine Schwachstellen-Datenbank erreichbar – {details}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
