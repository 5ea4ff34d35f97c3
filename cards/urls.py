from django.urls import path

from . import views

app_name = "cards"

urlpatterns = [
    path("", views.index, name="index"),
    path("hilfe/", views.help_page, name="help"),
    path("<str:code>/", views.detail, name="detail"),
]
