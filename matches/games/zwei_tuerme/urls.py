from django.urls import path

from . import views

app_name = "zwei_tuerme"

urlpatterns = [
    path("analyse/", views.board_page, name="analyse"),
]
