from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from cards.importers.boardgames import BOARDGAME_SLUGS
from cards.importers.meccg import import_meccg

BOARDGAMES = "boardgames"
CHOICES = ("meccg", BOARDGAMES, *BOARDGAME_SLUGS)


class Command(BaseCommand):
    help = (
        "Importiert Karten: `import_cards meccg [PFAD]` (Standard: BRUCHTAL_CONTENT_DIR/data/meccg/cards.json), "
        f"`import_cards {BOARDGAMES} [PFAD]` für alle Brettspiele (Standard: cards/data/*.toml) oder "
        f"`import_cards SPIEL [PFAD]` für ein Brettspiel ({', '.join(BOARDGAME_SLUGS)})."
    )

    def add_arguments(self, parser):
        # No argparse choices: its "invalid choice" message is English; handle() checks in German.
        parser.add_argument("game", help=f"was importiert wird: {', '.join(CHOICES)}")
        parser.add_argument("path", nargs="?", help="Datei oder Ordner (Standard je nach Spiel, siehe oben)")

    def handle(self, game, path=None, **options):
        if game not in CHOICES:
            raise CommandError(f"Unbekannte Auswahl „{game}“. Möglich sind: {', '.join(CHOICES)}.")
        if game != "meccg":
            call_command(
                "import_boardgame_cards",
                *([path] if path else []),
                **({} if game == BOARDGAMES else {"game": game}),
                stdout=self.stdout,
                stderr=self.stderr,
            )
            return
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
