from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.importers.boardgames import BOARDGAME_SLUGS, DATA_DIR, import_boardgames


class Command(BaseCommand):
    help = "Importiert die Spielkarten der Brettspiele aus den Datendateien (cards/data/*.toml). Mehrfach ausführbar."

    def add_arguments(self, parser):
        parser.add_argument(
            "directory", nargs="?", help=f"Ordner mit *.toml-Dateien oder eine Datei (Standard: {DATA_DIR})"
        )
        parser.add_argument(
            "--game", help=f"nur dieses Spiel importieren ({', '.join(BOARDGAME_SLUGS)}); Standard: alle"
        )

    def handle(self, directory=None, game=None, **options):
        # Checked here, not with argparse choices, so the message is German.
        if game and game not in BOARDGAME_SLUGS:
            raise CommandError(f"Unbekanntes Spiel „{game}“. Möglich sind: {', '.join(BOARDGAME_SLUGS)}.")
        try:
            summary = import_boardgames(
                Path(directory) if directory else DATA_DIR,
                log=lambda m: self.stdout.write(f"  {m}"),
                games=(game,) if game else None,
            )
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from exc
        for error in summary.errors:
            self.stderr.write(f"  fehlerhafter Datensatz {error}")
        message = (
            f"Brettspiele: {summary.total} Karten in {summary.sets} Sets – {summary.created} neu, "
            f"{summary.updated} geändert, {summary.unchanged} unverändert, {len(summary.errors)} fehlerhaft."
        )
        if summary.errors:
            # The good files are imported; the exit code still tells scripts that something was skipped.
            self.stdout.write(message)
            raise CommandError(f"{len(summary.errors)} fehlerhafte Datensätze oder Dateien (Meldungen siehe oben).")
        self.stdout.write(self.style.SUCCESS(message))
