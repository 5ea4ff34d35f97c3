"""`manage.py bench_moves`: play by post in the deployment shape, measured (bench/moves.py)."""

from django.core.management.base import BaseCommand

from bench import moves


class Command(BaseCommand):
    help = "Lastmessung der Züge in Einsatzform (gunicorn, prefork-Worker, SMTP-Senke, Zwei Türme)."

    def add_arguments(self, parser):
        parser.add_argument("--matches", default="10,50", help="gleichzeitige Partien je Messung, z. B. 10,50")
        parser.add_argument("--moves", type=int, default=None, help="Züge je Partie (Standard 30 bei 10, 12 bei 50)")
        parser.add_argument("--web-workers", type=int, default=4)
        parser.add_argument(
            "--client-nice", type=int, default=0, help="nice-Wert des Last-Clients (wie auf einem anderen Rechner)"
        )
        parser.add_argument("--web-nice", type=int, default=moves.WEB_NICE, help="nice-Wert von gunicorn")
        parser.add_argument("--mail-nice", type=int, default=moves.MAIL_NICE, help="nice-Wert des Mail-Workers")

    def handle(self, *args, **options):
        sizes = [int(size) for size in options["matches"].split(",") if size.strip()]
        moves.run(
            out=self.stdout,
            sizes=sizes,
            moves_each=options["moves"],
            gunicorn_workers=options["web_workers"],
            client_nice=options["client_nice"],
            web_nice=options["web_nice"],
            mail_nice=options["mail_nice"],
        )
