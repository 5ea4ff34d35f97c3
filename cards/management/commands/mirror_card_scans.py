"""Copy the card scans into MEDIA_ROOT so the site serves them itself (no third-party request per page).

    python manage.py mirror_card_scans [--base-url URL] [--set AS] [--limit N] [--force]

Reads ``<base>/<set>/<image>`` for each MECCG card with an image file name (the base URL
defaults to the CARD_SCAN_BASE_URL setting). Existing files are skipped unless --force.
Only image responses are stored; failures are listed and make the command exit non-zero
after the rest are copied.
"""

import urllib.error
import urllib.request

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.models import Card
from cards.scans import local_path, remote_url

TIMEOUT = 20  # seconds per file
MAX_BYTES = 10 * 1024 * 1024


class Command(BaseCommand):
    help = "Kartenscans in MEDIA_ROOT spiegeln (Quelle: --base-url oder CARD_SCAN_BASE_URL)."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default=None, help="Basis-URL der Scans (sonst CARD_SCAN_BASE_URL)")
        parser.add_argument("--set", dest="set_code", default=None, help="nur dieses Set (Kürzel)")
        parser.add_argument("--limit", type=int, default=None, help="höchstens so viele Karten")
        parser.add_argument("--force", action="store_true", help="vorhandene Dateien neu laden")

    def handle(self, *args, base_url=None, set_code=None, limit=None, force=False, **options):
        base = base_url or settings.CARD_SCAN_BASE_URL
        if not base:
            raise CommandError("Keine Quelle: --base-url angeben oder CARD_SCAN_BASE_URL setzen.")
        if not base.startswith(("http://", "https://")):
            raise CommandError(f"Die Basis-URL muss mit http:// oder https:// beginnen: {base}")
        cards = Card.objects.select_related("card_set").filter(game__slug="meccg").exclude(image="").order_by("code")
        if set_code:
            cards = cards.filter(card_set__code__iexact=set_code)
        if limit:
            cards = cards[:limit]
        copied = skipped = 0
        failures: list[str] = []
        for card in cards:
            path = local_path(card.card_set.code, card.image)
            url = remote_url(card, base)
            if path is None or url is None:
                failures.append(f"{card.code}: unzulässiger Dateiname „{card.image}“")
                continue
            if path.exists() and not force:
                skipped += 1
                continue
            try:
                data = _fetch(url)
            except (OSError, ValueError) as exc:  # URLError and HTTPError are OSErrors
                failures.append(f"{card.code}: {url}: {exc}")
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(path.suffix + ".part")
            tmp.write_bytes(data)
            tmp.replace(path)  # never a half-written scan under the real name
            copied += 1
        self.stdout.write(f"Scans: {copied} kopiert, {skipped} schon vorhanden, {len(failures)} fehlgeschlagen.")
        for line in failures:
            self.stderr.write(f"  {line}")
        if failures:
            raise CommandError(f"{len(failures)} Scans konnten nicht geladen werden.")


def _fetch(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "Bruchtal-Scan-Spiegel"})  # noqa: S310 - http(s) checked
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 - http(s) checked above
        kind = response.headers.get_content_type()
        if not kind.startswith("image/"):
            raise ValueError(f"kein Bild (Content-Type {kind})")
        data = response.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError("Datei größer als 10 MB")
    return data
