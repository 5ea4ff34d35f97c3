from django.urls import path

from . import api, keying_views

urlpatterns = [
    path("meccg/punkte/", api.PunkteView.as_view(), name="meccg-punkte"),
    path("meccg/zuordnung/", keying_views.KeyingView.as_view(), name="meccg-zuordnung"),
    path("meccg/partien/<int:pk>/deck/", api.DeckChoiceView.as_view(), name="meccg-deck"),
]
