"""`manage.py arena`: two Zwei Türme players on paired deals (the games in ../../bot/arena.py)."""

import sys

from django.core.management.base import BaseCommand, CommandError

from matches.games.zwei_tuerme.bot.arena import PLAYERS, pairing
from matches.games.zwei_tuerme.bot.stats import summary


class Command(BaseCommand):
    help = (
        "Die Zwei Türme: zwei Spieler (Stufen, die Regelbuch-Gegner greedy/lookahead oder zufall) auf gepaarten "
        "Verteilungen (jede zweimal, Plätze getauscht); Anteil, Punktdifferenz mit 95-%-Intervall, Bedenkzeit."
    )

    def add_arguments(self, parser):
        parser.add_argument("--a", required=True, choices=PLAYERS, help="der gemessene Spieler")
        parser.add_argument("--b", required=True, choices=PLAYERS, help="sein Gegner")
        parser.add_argument("--games", type=int, default=60, help="Partien (gerade Zahl: jede Verteilung zweimal)")
        parser.add_argument("--seed-base", type=int, default=20000, help="erste Verteilung (Seed)")
        parser.add_argument("--jobs", type=int, default=1, help="Partien in so vielen Prozessen zugleich")
        parser.add_argument(
            "--progress", action="store_true", help="nach jeder Partie eine Zwischenzeile, alle 10 die Zahlen"
        )

    def handle(self, *args, **options):
        games = options["games"]
        if games < 2 or games % 2:
            raise CommandError("--games muss eine gerade Zahl ab 2 sein (jede Verteilung wird zweimal gespielt).")
        if options["jobs"] < 1:
            raise CommandError("--jobs muss mindestens 1 sein.")

        def progress(result):
            diffs = result.differences()
            sys.stderr.write(f"{len(diffs)}/{games}: {sum(d > 0 for d in diffs)} vorn, Σ {sum(diffs):+.0f}\n")
            if len(diffs) % 10 == 0 and len(diffs) < games:  # the figures so far, in case the run is cut short
                sys.stderr.write("\n".join(summary(result, options["seed_base"])) + "\n")

        result = pairing(
            options["a"],
            options["b"],
            games,
            options["seed_base"],
            progress if options["progress"] else None,
            options["jobs"],
        )
        for line in summary(result, options["seed_base"]):
            self.stdout.write(line)
