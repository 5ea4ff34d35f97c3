from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.importers.meccg import import_meccg


class Command(BaseCommand):
    help = "Importiert Karten: `import_cards meccg [PFAD]` (Standard: BRUCHTAL_CONTENT_DIR/data/meccg/cards.json)."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["meccg"])
        parser.add_argument("path", nargs="?")

    def handle(self, game, path=None, **options):
        path = Path(path) if path else settings.BRUCHTAL_CONTENT_DIR / "data" / "meccg" / "cards.json"
        try:
            summary = import_meccg(path, log=lambda m: self.stdout.write(f"  {m}"))
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        for error in summary.errors:
            self.stderr.write(f"  fehlerhafter Datensatz {error}")
        self.stdout.write(
            self.style.SUCCESS(
                f"MECCG: {summary.total} Karten in {summary.sets} Sets – {summary.created} neu, "
                f"{summary.updated} geändert, {summary.unchanged} unverändert, {len(summary.errors)} fehlerhaft."
            )
        )
