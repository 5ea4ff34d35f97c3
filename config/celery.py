"""Celery app. Settings come from Django's settings with the CELERY_ prefix."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("bruchtal")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
