from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules.importer import ImportFailed, import_rulebook


class Command(BaseCommand):
    help = "Importiert ein Regelheft (Textdatei) für ein Spiel. Mehrfach ausführbar, ohne etwas zu verdoppeln."

    def add_arguments(self, parser):
        parser.add_argument("path", help="Pfad zur Textdatei des Regelhefts")
        parser.add_argument("--game", required=True, help="Kürzel des Spiels, z. B. meccg")
        parser.add_argument(
            "--force", action="store_true", help="Auch redaktionell geänderte Abschnitte und Begriffe überschreiben."
        )

    def handle(self, path, game, force=False, **options):
        try:
            summary = import_rulebook(Path(path), game, force=force, log=lambda line: self.stdout.write(f"  {line}"))
        except ImportFailed as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            self.style.SUCCESS(f"Regelheft „{summary.rulebook.title}“ ({game}) importiert.")
            + f"\n  Abschnitte: {summary.sections}"
            + f"\n  Begriffe: {summary.terms}"
            + f"\n  Verweise: {summary.references}, davon nicht aufgelöst: {len(summary.unresolved)}"
        )
        for reference in summary.unresolved[:20]:
            self.stdout.write(f"    – „{reference.text}“ ({reference.target}) in „{reference.section.heading}“")
        if len(summary.unresolved) > 20:
            self.stdout.write(f"    … und {len(summary.unresolved) - 20} weitere (siehe Redaktion → offene Verweise)")
        if summary.unplaced:
            self.stdout.write(
                f"  Seitenverweise ohne passendes Thema auf der Seite (erster Abschnitt der Seite verlinkt): "
                f"{len(summary.unplaced)}"
            )
        for origin, context, target in summary.unplaced:
            self.stdout.write(f"    – „… {context[-60:]}“ ({target}) in „{origin.heading if origin else '?'}“")
