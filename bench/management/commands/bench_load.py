"""`make bench` under load: gunicorn on the configured database and cache, driven on loopback.

Prints requests per second and p50/p95/p99 for card search, rules search and the deck check at
each concurrency, every latency also as a multiple of one `SELECT 1` round trip measured in the
same run (so figures from different machines can be compared).
"""

import json
import os
import subprocess
import sys
import time
import urllib.request

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from bench import loadgen
from bench.resolve import select_one_ms
from bench.smtp_sink import free_port

# A realistic anonymous deck check: the starting company, resources, hazards and sites of a hero deck.
DECK_TEXT = "\n".join(
    [
        "Aragorn II",
        "Bilbo",
        "Balin",
        "Arwen",
        "Beregond",
        "2x Gandalf",
        "Boromir II",
        "3 Alle Glocken läuten",
        "3 Bündnis freier Völker",
        "3 Macht gegen den Schatten",
        "3 Elbenseil",
        "3 Durins Volk",
        "3 Galadhrim",
        "3 Bergtrolle",
        "3 Aasfresser",
        "2 Olog-Kriegsherr",
        "2 Bruchtal",
        "Lórien",
        "Amon Hen",
        "Thal",
    ]
)

SCENARIOS = [
    loadgen.Scenario("Kartensuche  GET /api/cards/?q=Aragorn", "GET", "/api/cards/?q=Aragorn"),
    loadgen.Scenario(
        "Regelsuche   GET /api/rules/search/?q=Gefahrenlimit", "GET", "/api/rules/search/?q=Gefahrenlimit"
    ),
    loadgen.Scenario(
        "Deckprüfung POST /api/decks/check/",
        "POST",
        "/api/decks/check/",
        json.dumps({"alignment": "Hero", "text": DECK_TEXT}).encode(),
    ),
]


class Command(BaseCommand):
    help = "Lastmessung: gunicorn + asyncio-Lastgenerator auf 127.0.0.1 (Anfragen/s, p50/p95/p99)."

    def add_arguments(self, parser):
        parser.add_argument("--workers", type=int, default=4)
        parser.add_argument("--duration", type=float, default=5.0, help="Sekunden je Messung")
        parser.add_argument("--concurrency", default="1,8,32")

    def handle(self, *args, workers=4, duration=5.0, concurrency="1,8,32", **options):
        levels = [int(level) for level in concurrency.split(",")]
        port = free_port()
        env = {
            **os.environ,
            "DEBUG": "false",
            # The throttles would answer most of the load with 429: measure the work, not the limit.
            "THROTTLE_ANON_WRITE": "1000000/minute",
            "DECK_CHECK_RATE_ANON": "1000000/minute",
            "DECK_CHECK_RATE_USER": "1000000/minute",
        }
        self.stdout.write(
            f"Datenbank: {connection.vendor}; Cache: {settings.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]}; "
            f"gunicorn {workers} Worker auf 127.0.0.1:{port}; {os.cpu_count()} CPU-Kerne; {duration:g} s je Messung"
        )
        command = [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", str(workers), "-b", f"127.0.0.1:{port}"]
        command += ["--log-level", "warning"]
        server = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env)  # noqa: S603 (fixed arguments)
        # An app may add scenarios that need data of their own (a MECCG match, a player's token): its AppConfig's
        # ``load_scenarios()`` returns them with a cleanup (issue 31: the move list of a match under load).
        extra = [config.load_scenarios() for config in apps.get_app_configs() if hasattr(config, "load_scenarios")]
        scenarios = [*SCENARIOS, *(scenario for found, _cleanup in extra for scenario in found)]
        try:
            self._wait_for(port)
            select1 = select_one_ms(300)
            self.stdout.write(f"SELECT 1 (Median, {connection.vendor}): {select1:.3f} ms")
            for scenario in scenarios:  # warm-up: imports, connections, caches
                loadgen.run(scenario, "127.0.0.1", port, 4, 1.0)
            header = (
                f"{'Messung':52} {'c':>3} {'Anfr./s':>8} {'p50':>8} {'p95':>8} {'p99':>8}  ×SELECT1 p50/p95/p99  Fehler"
            )
            self.stdout.write(header)
            for scenario in scenarios:
                for level in levels:
                    result = loadgen.run(scenario, "127.0.0.1", port, level, duration)
                    p50, p95, p99 = result.p50, result.percentile(95), result.percentile(99)
                    statuses = ",".join(f"{code}:{n}" for code, n in sorted(result.statuses.items()))
                    self.stdout.write(
                        f"{scenario.label:52} {level:>3} {result.rps:8.1f} {p50:7.1f}ms {p95:7.1f}ms {p99:7.1f}ms"
                        f"  {p50 / select1:6.0f}/{p95 / select1:.0f}/{p99 / select1:.0f}"
                        f"  {result.errors} ({statuses})"
                    )
        finally:
            for _found, cleanup in extra:
                cleanup()
            server.terminate()
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()

    def _wait_for(self, port):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    return
            except OSError:
                time.sleep(0.5)
        raise CommandError("gunicorn ist nicht innerhalb von 60 s gestartet")
