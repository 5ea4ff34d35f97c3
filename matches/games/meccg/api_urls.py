from django.urls import path

from . import api

urlpatterns = [
    path("meccg/punkte/", api.PunkteView.as_view(), name="meccg-punkte"),
    path("meccg/partien/<int:pk>/deck/", api.DeckChoiceView.as_view(), name="meccg-deck"),
]
