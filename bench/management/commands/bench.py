import importlib
import statistics
import time

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import connection


def measure(func, repeat: int = 20) -> dict:
    """Run func `repeat` times after one warm-up; return median and p95 in milliseconds."""
    func()
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        timings.append((time.perf_counter() - start) * 1000)
    timings.sort()
    p95 = timings[min(len(timings) - 1, round(0.95 * (len(timings) - 1)))]
    return {"median": statistics.median(timings), "p95": p95, "runs": repeat}


def _cases_of(config):
    """The bench cases of an app: a core app's in bench/cases/<label>.py, a game plug-in's in its own bench.py."""
    for name in (f"bench.cases.{config.label}", f"{config.name}.bench"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return None


class Command(BaseCommand):
    help = "Misst die Geschwindigkeit (Suche, Deckprüfung …) und gibt Median und p95 aus."

    def add_arguments(self, parser):
        parser.add_argument("app_labels", nargs="*", metavar="app", help="nur diese Apps messen")
        parser.add_argument("--repeat", type=int, default=30)

    def handle(self, *args, app_labels=(), repeat=30, **options):
        wanted = set(app_labels)
        self.stdout.write(f"Datenbank: {connection.vendor}")
        for config in apps.get_app_configs():
            if wanted and config.label not in wanted:
                continue
            module = _cases_of(config)
            if module is None:
                continue
            # Each app's bench.py yields (label, callable) pairs; a callable of None: a figure that is a
            # count, not a time, printed as its label alone.
            for label, func in module.cases():
                if func is None:
                    self.stdout.write(f"{config.label:8} {label}")
                    continue
                result = measure(func, repeat)
                self.stdout.write(
                    f"{config.label:8} {label:50} median {result['median']:7.2f} ms   p95 {result['p95']:7.2f} ms"
                )
