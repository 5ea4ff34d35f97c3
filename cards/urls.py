from django.urls import path

from . import views

app_name = "cards"

urlpatterns = [
    path("", views.index, name="index"),
    path("hilfe/", views.help_page, name="help"),
    path("scan/<str:set_code>/<str:filename>", views.scan, name="scan"),
    path("ohne-deutschen-text/", views.without_german_text, name="without_german_text"),
    path("<str:code>/deutsch/", views.german_edit, name="german_edit"),
    path("<str:code>/deutsch/verlauf/", views.german_history, name="german_history"),
    path("<str:code>/deutsch/verlauf/<int:history_id>/wiederherstellen/", views.german_revert, name="german_revert"),
    path("<str:code>/bild.svg", views.face, name="face"),
    path("<str:code>/", views.detail, name="detail"),
]
