"""Latency cases of the core apps for `manage.py bench`, one module per app label (``cases()`` yields pairs)."""
