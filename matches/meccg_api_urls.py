from django.urls import path

from . import meccg_api

urlpatterns = [
    path("punkte/", meccg_api.PunkteView.as_view(), name="meccg-punkte"),
    path("partien/<int:pk>/deck/", meccg_api.DeckChoiceView.as_view(), name="meccg-deck"),
]
