"""Benchmark and load tooling (`make bench`, `manage.py bench …`): a development app, installed where the
development requirements are (config/settings.py), never part of the product. Each core app's latency cases are
in bench/cases/<app label>.py; a game plug-in brings its own in its package's bench.py."""
