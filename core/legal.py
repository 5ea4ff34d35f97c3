"""Operator details for the Impressum and the privacy page, from settings (SITE_OPERATOR_*)."""

from dataclasses import dataclass

from django.conf import settings


@dataclass(frozen=True)
class Operator:
    name: str
    address_lines: list[str]
    email: str

    @property
    def complete(self) -> bool:
        return bool(self.name and self.address_lines and self.email)


def operator() -> Operator:
    lines = [line.strip() for line in settings.SITE_OPERATOR_ADDRESS.split("|") if line.strip()]
    return Operator(settings.SITE_OPERATOR_NAME.strip(), lines, settings.SITE_OPERATOR_EMAIL.strip())


def remote_scan_host() -> str:
    """The host card scans are loaded from, if the operator configured a third-party source ('' otherwise)."""
    from urllib.parse import urlsplit

    return urlsplit(settings.CARD_SCAN_BASE_URL).hostname or "" if settings.CARD_SCAN_BASE_URL else ""
