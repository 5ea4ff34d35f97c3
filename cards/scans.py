"""Where a card's real scan comes from, if the operator configured one.

Default: none, so every card shows its generated face and no third party is contacted
(embedding third-party resources without consent is risky under German law). With
``CARD_SCAN_BASE_URL`` set, scans are linked from there (``<base>/<set>/<image>``, the layout
of the Council of Elrond's remastered scans); files mirrored into ``MEDIA_ROOT`` by
``manage.py mirror_card_scans`` are served by the site itself and win over the base URL.
"""

import re
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from .models import Card

# Image file names in the data are plain names such as "NurniagCamp.jpg".
SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._ -]{0,150}\.(?:jpe?g|png|webp)$")
SAFE_SET = re.compile(r"^[A-Za-z0-9_-]{1,20}$")


def mirror_root() -> Path:
    return Path(settings.MEDIA_ROOT) / "karten"


def local_path(set_code: str, image: str) -> Path | None:
    if not (SAFE_SET.match(set_code or "") and SAFE_NAME.match(image or "")):
        return None
    return mirror_root() / set_code.lower() / image


def remote_url(card: Card, base: str | None = None) -> str | None:
    base = settings.CARD_SCAN_BASE_URL if base is None else base
    if not base or not SAFE_NAME.match(card.image or ""):
        return None
    return f"{base.rstrip('/')}/{card.card_set.code.lower()}/{card.image}"


def scan_url(card: Card) -> str | None:
    """The scan to show for ``card``: the local mirror, else the configured base URL, else None."""
    if not card.image:
        return None
    path = local_path(card.card_set.code, card.image)
    if path is not None and path.is_file():
        return reverse("cards:scan", args=[card.card_set.code.lower(), card.image])
    return remote_url(card)
