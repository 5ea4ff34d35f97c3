from django.urls import path

from . import analysis, views

app_name = "matches"

urlpatterns = [
    path("", views.index, name="index"),
    path("analyse/", analysis.board_page, name="zt-analyse"),
]
