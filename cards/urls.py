from django.urls import path

from . import views

app_name = "cards"

urlpatterns = [
    path("", views.index, name="index"),
    path("hilfe/", views.help_page, name="help"),
    path("scan/<str:set_code>/<str:filename>", views.scan, name="scan"),
    path("<str:code>/bild.svg", views.face, name="face"),
    path("<str:code>/", views.detail, name="detail"),
]
