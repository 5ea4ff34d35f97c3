"""What several browser tests do alike: log in through the form, wait for a condition from Python."""

import time


def login(page, base: str, name: str, password: str, then: str = "/partien/") -> None:
    """Log in through the site's form and wait for the page it leads to."""
    page.goto(f"{base}/konto/anmelden/?next={then}")
    page.get_by_label("Benutzername").fill(name)
    page.get_by_label("Passwort").fill(password)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{base}{then}")


def wait_true(check, timeout: float = 10.0, what: str = "condition") -> None:
    """Poll ``check()`` from Python: page.wait_for_function polls with eval(), which the strict CSP forbids."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
