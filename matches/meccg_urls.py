from django.urls import path

from . import meccg_views

app_name = "meccg"

urlpatterns = [
    path("punkte/", meccg_views.punkte, name="punkte"),
    path("<int:pk>/deck/", meccg_views.choose_deck, name="deck"),
]
