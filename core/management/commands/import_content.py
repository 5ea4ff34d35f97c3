from django.conf import settings
from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand, CommandError

from core import content_cache
from core.content import RULEBOOKS


class Command(BaseCommand):
    help = "Importiert alle Inhalte (Regelhefte, Karten) aus BRUCHTAL_CONTENT_DIR. Mehrfach ausführbar."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true", help="Auch von der Redaktion geänderte Abschnitte überschreiben."
        )

    def handle(self, force=False, **options):
        root = settings.BRUCHTAL_CONTENT_DIR
        if not root.is_dir():
            raise CommandError(f"Inhaltsordner nicht gefunden: {root} (BRUCHTAL_CONTENT_DIR)")
        available = get_commands()
        self.stdout.write(f"Inhalte aus {root}")
        failed = []
        if "import_rulebook" in available:
            for filename, game in RULEBOOKS:
                args = [str(root / "seeds" / filename), "--game", game]
                try:
                    call_command("import_rulebook", *args, force=force, stdout=self.stdout, stderr=self.stderr)
                except CommandError as exc:
                    # One broken book must not keep the others (and the cards) out.
                    self.stderr.write(f"Regelheft {filename} ({game}) nicht importiert: {exc}")
                    failed.append(game)
        call_command("import_cards", "meccg", stdout=self.stdout, stderr=self.stderr)
        if "import_boardgame_cards" in available:
            call_command("import_boardgame_cards", stdout=self.stdout, stderr=self.stderr)
        # Importers write in bulk (no per-row signals): tell the read caches once, here.
        content_cache.bump()
        if failed:
            raise CommandError(f"Nicht importierte Regelhefte: {', '.join(failed)} (Meldungen siehe oben).")
