from django.urls import path

from . import starter_views, views

app_name = "decks"

urlpatterns = [
    path("", views.index, name="index"),
    path("oeffentlich/", views.public, name="public"),
    path("neu/", views.new, name="new"),
    path("startdeck/<slug:slug>/", starter_views.take_over, name="starter"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/bearbeiten/", views.edit, name="edit"),
    path("<int:pk>/probehand/", views.probehand, name="probehand"),
    path("<int:pk>/kopieren/", views.copy, name="copy"),
    path("<int:pk>/loeschen/", views.delete, name="delete"),
    path("<int:pk>/export.txt", views.export_text, name="export_text"),
    path("<int:pk>/export.json", views.export_json, name="export_json"),
    path("<int:pk>/export-gccg.txt", views.export_gccg, name="export_gccg"),
]
