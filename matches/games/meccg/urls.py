from django.urls import path

from . import views

app_name = "meccg"

urlpatterns = [
    path("meccg/punkte/", views.punkte, name="punkte"),
    path("meccg/<int:pk>/deck/", views.choose_deck, name="deck"),
]
