from pathlib import Path

from django.core.management.base import BaseCommand

from cards.importers.boardgames import DATA_DIR, import_boardgames


class Command(BaseCommand):
    help = "Importiert die Spielkarten der Brettspiele aus den Datendateien (cards/data/*.toml). Mehrfach ausführbar."

    def add_arguments(self, parser):
        parser.add_argument("directory", nargs="?", help=f"Ordner mit *.toml-Dateien (Standard: {DATA_DIR})")

    def handle(self, directory=None, **options):
        summary = import_boardgames(
            Path(directory) if directory else DATA_DIR, log=lambda m: self.stdout.write(f"  {m}")
        )
        for error in summary.errors:
            self.stderr.write(f"  fehlerhafter Datensatz {error}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Brettspiele: {summary.total} Karten in {summary.sets} Sets – {summary.created} neu, "
                f"{summary.updated} geändert, {summary.unchanged} unverändert, {len(summary.errors)} fehlerhaft."
            )
        )
